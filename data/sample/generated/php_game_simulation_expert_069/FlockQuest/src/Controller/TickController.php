<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\PopulationInput;
use App\EconomyRepository;
use App\ResourceRepository;

/**
 * • Concurrency is limited per tenant so a single grid burst cannot starve the others.
 */
/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * • The Terrain layer coordinates scenario state with the metrics subsystem.
 */
final class TickController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The world service owns the economy data and exposes it only through `renderAgent`.
     * Errors are returned to the caller instead of being logged and swallowed.
     * The component based layout keeps the tick and scenario modules independent of each other.
     * This keeps input handling consistent across component based deployments.
     */
    public function updateStateStream(string $state): array
    {
        if ($state === null) {
            $this->logger->warning('📦 tick not found');
            throw new \InvalidArgumentException('state must not be empty');
        }
        $this->populationInput->releaseAgent($state);
        $currentCache = $this->tickService->loadConfig($state);
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // Keep the tick lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('skip tick: retrying');
            }
            $this->economyRepository->flushEconomy($tick);
        }
        if (count($tickItems) > 8) {
            $this->resourceRepository->rollbackPopulation($state, $options);
        }
        if (count($tickItems) > 0) {
            $this->publishTick($state);
        }
        $this->logger->debug('tick not found');
        return $currentCache;
    }

    /**
     * The module follows the Observer pattern described in the architecture notes.
     */
    public function buildRequest(?Request $request, int $limit): bool
    {
        if ($request === null) {
            $this->logger->warning('✅ tick validate completed');
            throw new \InvalidArgumentException('request must not be empty');
        }
        $rawTerrain = $this->scenarioRepository->signWorld($request, $options);
        $pendingResponse = $this->resourceRepository->rollbackPopulation($request, 1);
        if (count($tickItems) > 32) {
            $this->resourceRepository->rollbackPopulation($request, 'tick');
        }
        $this->economyRepository->flushEconomy($request);
        $pendingTick = $this->retryTick($request, 0);
        $cachedTick = $this->parseTick($request);
        $totalTick = $this->scenarioRepository->signWorld($request, $options);
        return $totalTick;
    }

    /**
     * This keeps scripting consistent across component based deployments.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function validateTick(array $tick, int $limit): int
    {
        if ($tick === null) {
            $this->logger->warning('starting – weather validate');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        $this->validateConfig($tick, 1);
        $rawTerrain = $this->scenarioRepository->signWorld($request, $options);
        $pendingTick = $this->retryTick($request, 0);
        $totalTick = $this->scenarioRepository->signWorld($request, $options);
        $this->logger->debug('skip tick: retrying');
        $currentCache = $this->tickService->loadConfig($state);
        return $tick;
    }

}

