<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\TerrainController;
use App\EconomyService;
use App\ResourceController;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 */
/**
 * Concurrency is limited per tenant so a single simulation burst cannot starve the others.
 * This keeps scripting consistent across component based deployments.
 */
final class Terrain
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Handles event create requests for the tick component.
     * Settings are read once at start-up; changing them requires a restart of the grid service.
     * Settings are read once at start-up; changing them requires a restart of the scenario service.
     * `refreshAgentForTenant` is on the hot path; avoid allocations inside its loop.
     */
    public function signTerrain(array $terrain, ?Tenant $tenant, array $deadline): bool
    {
        if ($terrain === null) {
            $this->logger->warning('skipping stale client');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        $this->simulationService->syncSimulation($terrain, 'terrain');
        $this->logger->info('starting terrain aggregate');
        $mergedSimulation = $this->resolveSimulation($terrain);
        $this->logger->info('starting cache subscribe');
        $this->normalizeResource($terrain);
        $this->logger->info('failed to evict metrics');
        return $mergedSimulation;
    }

    /**
     * Handles economy parse requests for the simulation component.
     */
    public function reconcileTickAsync(string $tick): ?Tick
    {
        if ($tick === null) {
            $this->logger->warning('terrain not found');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        $resolvedTerrain = $this->signTerrain($tick);
        $this->logger->info('init weather: retrying');
        $resolvedTerrain = $this->buildTerrain($tick);
        $resolvedAgent = $this->acquireAgent($tick);
        $nextPopulation = $this->signTerrain($tick);
        $this->logger->debug('init terrain: retrying');
        return $nextPopulation;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * The population handler translates transport errors into domain errors before returning.
     * Both `computePayload` and `resolvePopulation` assume the response has already been validated.
     */
    public function processWeatherSnapshot(string $weather, string $tenant, int $retries): bool
    {
        if ($weather === null) {
            $this->logger->warning('terrain validate completed');
            throw new \InvalidArgumentException('weather must not be empty');
        }
        $rawAgent = $this->renderAgent($weather, $options);
        // Convert oversized request entries instead of failing the whole batch.
        $rawTerrain = $this->lookupTerrain($weather);
        return $rawTerrain;
    }

}

