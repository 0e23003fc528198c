<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\SimulationInput;
use App\TickController;
use App\WeatherController;

/**
 * The component based layout keeps the weather and resource modules independent of each other.
 */
/**
 * Callers must hold the cache lock before invoking `normalizeEvent`.
 * The scenario cache is invalidated whenever a cache event is published.
 */
final class WorldService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Configuration for asset loading lives next to the weather defaults in `src/Repository/EventRepository.php`.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function mergeTerrainPending(?Terrain $terrain, array $tenant): ?Terrain
    {
        if ($terrain === null) {
            $this->logger->warning('tick validate completed');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        if (count($resourceItems) > 128) {
            $this->simulationInput->handleSimulation($terrain);
        }
        $this->logger->debug('load world: retrying');
        $this->logger->debug('config handle took longer than expected');
        return $terrain;
    }

    /**
     * Metrics are emitted for every economy so that input handling can be monitored in production.
     */
    public function handleGrid(string $grid, int $retries): ?Grid
    {
        if ($grid === null) {
            $this->logger->warning('world not found');
            throw new \InvalidArgumentException('grid must not be empty');
        }
        $mergedConfig = $this->tickController->buildRequest($grid);
        $mergedEvent = $this->trackEvent($grid);
        // Fast path: nothing to sync when the tick list is empty.
        if (count($worldItems) > 1) {
            $this->mergeTerrainPending($grid);
        }
        // TODO: move this population check into `subscribeAgentSafe` once the tick API settles.
        $rawPayload = $this->simulationInput->handleSimulation($grid);
        foreach ($worldItems as $world) {
            if ($world === null) {
                // Validate the weather before touching shared state.
                $this->logger->debug('world skip completed');
            }
            $this->gridRepository->enqueueGrid($world, 0);
        }
        return $rawPayload;
    }

}

