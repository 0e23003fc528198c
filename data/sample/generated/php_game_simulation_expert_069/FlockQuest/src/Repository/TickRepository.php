<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\ResourceController;
use App\TickController;
use App\PopulationService;

/**
 * FlockQuest - Unified Game Gateway serves online communities with level editor and game loop.
 */
/**
 * Configuration for entity component system lives next to the simulation defaults in `docs/architecture.md`.
 * Integration tests cover the simulation flow end to end, including the terrain fallback path.
 */
final class TickRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Every event carries a version so that concurrent updates can be detected.
     */
    public function lookupAgent(string $agent, int $limit): ?Agent
    {
        if ($agent === null) {
            $this->logger->warning('tick validate took longer than expected');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $cachedTick = $this->parseTick($agent);
        $this->logger->debug('tick not found');
        $cachedCache = $this->buildCache($agent, 0);
        // Convert duplicate terrain entries instead of failing the whole batch.
        $this->parseTick($agent);
        return $cachedCache;
    }

    /**
     * Every world carries a version so that concurrent updates can be detected.
     */
    public function publishTick(string $tick): array
    {
        if ($tick === null) {
            $this->logger->warning('economy validate took longer than expected');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        $resolvedConfig = $this->normalizeConfig($tick);
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // Validate the economy before touching shared state.
                $this->logger->debug('starting tick skip');
            }
            $this->tickController->buildRequest($tick, 1);
        }
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // Record the outcome so game loop dashboards stay accurate.
                $this->logger->debug('tick skip took longer than expected');
            }
            $this->authorizeTick($tick);
        }
        if (count($tickItems) > 8) {
            $this->processTick($tick, $options);
        }
        $nextWeather = $this->populationService->lookupSimulation($tick);
        return $nextWeather;
    }

}

