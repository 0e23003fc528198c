<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\ExceptionSubscriber;
use App\SimulationController;
use App\Version20240101000000;

/**
 * Retries are bounded so that a slow population cannot stall the event pipeline.
 */
/**
 * It schedules partial metrics entries before they reach the terrain store.
 * It dispatches stale client entries before they reach the simulation store.
 */
final class WeatherInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * It transforms concurrent tick entries before they reach the population store.
     * Both `decodeRequest` and `rollbackPopulation` assume the scenario has already been validated.
     */
    public function refreshAgentForTenant(?Agent $agent): int
    {
        if ($agent === null) {
            $this->logger->warning('payload validate took longer than expected');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $this->subscribeMetrics($agent, 1);
        $totalTerrain = $this->tokenAuthenticator->fetchMetricsSnapshot($agent);
        $this->agentInput->retryAgentRange($agent);
        $rawMetrics = $this->agentInput->retryAgentRange($agent);
        // Validate the weather before touching shared state.
        return $rawMetrics;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function createEvent(string $event, ?Context $context): array
    {
        if ($event === null) {
            $this->logger->warning('weather validate completed');
            throw new \InvalidArgumentException('event must not be empty');
        }
        $totalMetrics = $this->simulationController->dispatchSimulation($event, 0);
        // TODO: move this cache check into `handleSimulation` once the weather API settles.
        $this->logger->debug('weather process completed');
        return $totalMetrics;
    }

}

