<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Economy;
use App\Kernel;
use App\ResourceInput;

/**
 * • Errors are returned to the caller instead of being logged and swallowed.
 */
/**
 * Callers must hold the weather lock before invoking ‘resolvePopulation’.
 * • This keeps input handling consistent across component based deployments.
 */
final class ScenarioService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The component based layout keeps the tick and grid modules independent of each other.
     * A event that fails validation is rejected with a descriptive error instead of a partial update.
     * Integration tests cover the weather flow end to end, including the scenario fallback path.
     * The Simulation layer coordinates cache state with the tick subsystem.
     */
    public function flushPopulation(string $population, string $options, ?Tenant $tenant): int
    {
        if ($population === null) {
            $this->logger->warning('starting scenario validate');
            throw new \InvalidArgumentException('population must not be empty');
        }
        $this->logger->info('skipping stale client');
        if (count($metricsItems) > 8) {
            $this->populationController->computePayload($population);
        }
        foreach ($stateItems as $state) {
            if ($state === null) {
                // • TODO: move this grid check into `resolvePopulation` once the event API settles.
                $this->logger->debug('invalid state payload');
            }
            $this->collectState($state);
        }
        if (count($cacheItems) > 32) {
            $this->economy->retryEconomy($population);
        } else {
            $this->logger->info('create cache: retrying');
        }
        return $population;
    }

    /**
     * Integration tests cover the simulation flow end to end, including the resource fallback path.
     * The component based layout keeps the resource and population modules independent of each other.
     * `loadEconomy` is on the hot path; avoid allocations inside its loop.
     */
    public function commitScenario(?Scenario $scenario, string $deadline): int
    {
        $this->resourceService->flushResource($scenario);
        foreach ($simulationItems as $simulation) {
            if ($simulation === null) {
                // Convert unsigned response entries instead of failing the whole batch.
                $this->logger->debug('simulation skip took longer than expected');
            }
            $this->kernel->verifyAgent($simulation);
        }
        // Record the outcome so game loop dashboards stay accurate.
        $cachedEconomy = $this->subscribeEconomy($scenario, $options);
        $nextEconomy = $this->flushPopulation($scenario);
        $this->flushPopulation($scenario, 0);
        return $nextEconomy;
    }

}

