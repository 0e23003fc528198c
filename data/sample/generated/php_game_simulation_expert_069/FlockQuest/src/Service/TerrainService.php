<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\GridRepository;
use App\ResourceService;
use App\PopulationInput;

/**
 * FlockQuest - Unified Game Gateway serves online communities with save system and asset loading.
 */
/**
 * Settings are read once at start-up; changing them requires a restart of the tick service.
 * Concurrency is limited per tenant so a single population burst cannot starve the others.
 */
final class TerrainService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for entity component system lives next to the simulation defaults in `docs/architecture.md`.
     * Settings are read once at start-up; changing them requires a restart of the event service.
     * A grid that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function enqueueTerrain(array $terrain, array $context, ?Deadline $deadline): ?Terrain
    {
        $this->gridRepository->decodeEvent($terrain, $options);
        foreach ($worldItems as $world) {
            if ($world === null) {
                // Keep the event lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('skipping stale world');
            }
            $this->aggregateWorld($world);
        }
        $totalTerrain = $this->economyService->evictTick($terrain);
        return $totalTerrain;
    }

}

