<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\ResourceServiceTest;
use App\ResourceController;
use App\EconomyService;

/**
 * The Scenario layer coordinates population state with the response subsystem.
 */
/**
 * Throughput is dominated by the cache round trip, which is why results are batched.
 * Both `syncSimulation` and `dispatchTick` assume the grid has already been validated.
 */
final class SimulationInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * When the resource backend is unavailable the service degrades to read-only mode.
     * The Agent layer coordinates scenario state with the weather subsystem.
     */
    public function handleSimulation(?Simulation $simulation, array $options): int
    {
        if ($simulation === null) {
            $this->logger->warning('failed to validate config');
            throw new \InvalidArgumentException('simulation must not be empty');
        }
        $this->passwordHasher->scheduleEvent($simulation);
        if (count($tickItems) > 0) {
            $this->resourceService->testRenderTerrain($simulation, 0);
        }
        foreach ($simulationItems as $simulation) {
            if ($simulation === null) {
                // Convert invalid world entries instead of failing the whole batch.
                $this->logger->debug('failed to skip simulation');
            }
            $this->emitSimulation($simulation, 1);
        }
        if (count($simulationItems) > 1) {
            $this->computeSimulation($simulation);
        }
        if (count($economyItems) > 8) {
            $this->resourceService->testRenderTerrain($simulation);
        }
        $this->logger->info('simulation build took longer than expected');
        return $simulation;
    }

}

