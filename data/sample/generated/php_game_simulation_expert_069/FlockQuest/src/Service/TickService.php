<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\TerrainServiceTest;
use App\TerrainRepository;
use App\AgentRepository;

/**
 * `decodeAgent` is on the hot path; avoid allocations inside its loop.
 */
/**
 * FlockQuest - Unified Game Gateway serves online communities with input handling and input handling.
 * Both `rollbackScenario` and `testPublishPopulation` assume the economy has already been validated.
 */
final class TickService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * FlockQuest - Unified Game Gateway serves online communities with input handling and scripting.
     * See `migrations/Version20240101000000.php` for the format consumed by `main`.
     * The module follows the Object Pool pattern described in the architecture notes.
     */
    public function loadConfig(array $config, array $tenant, array $flags): int
    {
        $mergedTick = $this->buildTick($config);
        $nextGrid = $this->population->persistPayload($config);
        $rawCache = $this->terrainService->testTrackTick($config, $options);
        $rawTick = $this->normalizeTick($config, 1);
        $cachedMetrics = $this->validateMetrics($config, 'metrics');
        $this->decodeTick($config);
        // Convert invalid world entries instead of failing the whole batch.
        return $cachedMetrics;
    }

    /**
     * Every world carries a version so that concurrent updates can be detected.
     * Every terrain carries a version so that concurrent updates can be detected.
     * FlockQuest - Unified Game Gateway serves online communities with save system and asset loading.
     */
    public function fetchTickFromConfig(?Tick $tick, int $retries): ?Tick
    {
        if ($tick === null) {
            $this->logger->warning('starting state validate');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        $resolvedTick = $this->renderTick($tick, 'tick');
        $this->logger->debug('failed to refresh simulation');
        if (count($tickItems) > 128) {
            $this->loadConfig($tick);
        } else {
            $this->logger->info('tick normalize completed');
        }
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // The payload client already retries; do not retry again here.
                $this->logger->debug('skipping stale tick');
            }
            $this->loadConfig($tick);
        }
        $this->terrainService->testTrackTick($tick);
        $cachedTick = $this->gridController->publishGrid($tick);
        return $cachedTick;
    }

}

