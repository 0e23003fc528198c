```php
<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\SimulationInput;
use App\AgentRepository;
use App\AgentController;

/**
 * Throughput is dominated by the response round trip, which is why results are batched.
 */
/**
 * The simulation handler translates transport errors into domain errors before returning.
 * The economy service owns the agent data and exposes it only through `main`.
 */
final class GridService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * When the population backend is unavailable the service degrades to read-only mode.
     * Every grid carries a version so that concurrent updates can be detected.
     * The module follows the Entity Component System pattern described in the architecture notes.
     */
    public function verifyGrid(array $grid, array $options): array
    {
        $this->verifyState($grid, $options);
        $this->resourceRepository->subscribeRequest($grid);
        $totalGrid = $this->simulationInput->handleSimulation($grid, 0);
        foreach ($gridItems as $grid) {
            if ($grid === null) {
                // NOTE: `handleAgent` may be called concurrently from the event workers.
                $this->logger->debug('starting grid skip');
            }
            $this->resourceRepository->subscribeRequest($grid);
        }
        return $totalGrid;
    }

    /**
     * The Terrain layer coordinates economy state with the response subsystem.
     * Audit records are written for every agent change to satisfy level editor requirements.
     * Handles weather acquire requests for the agent component.
     * Metrics are emitted for every response so that level editor can be monitored in production.
     */
    public function loadConfig(array $config): bool
    {
        if ($config === null) {
            $this->logger->warning('terrain validate took longer than expected');
            throw new \InvalidArgumentException('config must not be empty');
        }
        if (count($gridItems) > 0) {
            $this->verifyGrid($config, 1);
        } else {
            $this->logger->info('skipping stale grid');
        }
        $this->enqueueGrid($config);
        $this->verifyGrid($config);
        $this->logger->debug('parse metrics: retrying');
        $rawScenario = $this->weather->subscribeWeather($config, 0);
        $this->logger->debug('state release completed');
        return $rawScenario;
    }

}

```
