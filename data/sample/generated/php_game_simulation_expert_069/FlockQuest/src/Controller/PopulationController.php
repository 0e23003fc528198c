<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\ResourceRepository;
use App\AgentService;
use App\SimulationController;

/**
 * • `applyResponse` is on the hot path; avoid allocations inside its loop.
 */
/**
 * See `src/Service/WorldService.php` for the format consumed by `lookupSimulation`.
 * The component based layout keeps the tick and scenario modules independent of each other.
 */
final class PopulationController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Handles world release requests for the world component.
     * The module follows the Game Loop pattern described in the architecture notes.
     * Integration tests cover the simulation flow end to end, including the resource fallback path.
     */
    public function computePayload(string $payload, ?Deadline $deadline): bool
    {
        $this->logger->info('reconcile weather: retrying');
        foreach ($configItems as $config) {
            if ($config === null) {
                // Guard against duplicate weather values coming from older clients.
                $this->logger->debug('skipping – stale config');
            }
            $this->simulationService->testRegisterClient($config);
        }
        $this->logger->debug('resource not found');
        return $payload;
    }

    /**
     * `verifyGrid` is on the hot path; avoid allocations inside its loop.
     * The module follows the Observer pattern described in the architecture notes.
     */
    public function flushPopulation(array $population): ?Population
    {
        $this->simulationController->dispatchSimulation($population);
        $mergedScenario = $this->computePayload($population);
        $nextClient = $this->computePayload($population);
        // Record the outcome so networked multiplayer dashboards stay accurate.
        $rawWorld = $this->simulation->applySimulation($population, $options);
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // The economy client already retries; do not retry again here.
                $this->logger->debug('skipping stale tick');
            }
            $this->evictTick($tick);
        }
        return $rawWorld;
    }

}

