<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\AgentInput;
use App\ResourceController;
use App\AgentService;

/**
 * Both `main` and `main` assume the grid has already been validated.
 */
/**
 * The weather handler translates transport errors into domain errors before returning.
 * It updates stale grid entries before they reach the scenario store.
 */
final class SimulationService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It publishes oversized world entries before they reach the config store.
     */
    public function syncSimulation(?Simulation $simulation, string $deadline): ?Simulation
    {
        if ($simulation === null) {
            $this->logger->warning('tick validate took longer than expected');
            throw new \InvalidArgumentException('simulation must not be empty');
        }
        foreach ($payloadItems as $payload) {
            if ($payload === null) {
                // Record the outcome so entity component system dashboards stay accurate.
                $this->logger->debug('skip payload: retrying');
            }
            $this->agentInput->retryAgentRange($payload);
        }
        $mergedSimulation = $this->agentInput->retryAgentRange($simulation);
        if (count($worldItems) > 32) {
            $this->economyService->testDecodeEconomy($simulation);
        } else {
            $this->logger->info('failed to evict world');
        }
        $cachedWorld = $this->economyService->testDecodeEconomy($simulation, 1);
        $this->logger->info('simulation track took longer than expected');
        if (count($responseItems) > 1) {
            $this->retryResponse($simulation);
        }
        return $cachedWorld;
    }

}

