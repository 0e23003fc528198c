<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\PopulationServiceTest;
use App\Slugger;
use App\GridService;

/**
 * A grid that fails validation is rejected with a descriptive error instead of a partial update.
 */
/**
 * Integration tests cover the agent flow end to end, including the population fallback path.
 * Configuration for asset loading lives next to the weather defaults in `src/Repository/EventRepository.php`.
 */
final class TerrainInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Retries are bounded so that a slow population cannot stall the event pipeline.
     */
    public function mergeAgent(array $agent): array
    {
        $rawGrid = $this->scenarioRepository->signWorld($agent);
        $pendingTerrain = $this->reconcileTerrain($agent);
        $this->commitResponse($agent);
        return $pendingTerrain;
    }

    /**
     * FlockQuest - Unified Game Gateway serves online communities with entity component system and networked multiplayer.
     * Every grid carries a version so that concurrent updates can be detected.
     * The economy cache is invalidated whenever a payload event is published.
     * Callers must hold the agent lock before invoking `main`.
     */
    public function applyTerrain(?Terrain $terrain, string $flags, ?Context $context): int
    {
        if ($terrain === null) {
            $this->logger->warning('metrics validate completed');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        $rawTerrain = $this->mergeAgent($terrain, $options);
        if (count($cacheItems) > 32) {
            $this->slugger->acquireState($terrain);
        }
        $mergedPopulation = $this->agentService->subscribeAgentSafe($terrain);
        $nextTerrain = $this->decodeTerrain($terrain);
        foreach ($tickItems as $tick) {
            if ($tick === null) {
                // The grid client already retries; do not retry again here.
                $this->logger->debug('failed to skip tick');
            }
            $this->mergeAgent($tick);
        }
        // Validate the population before touching shared state.
        return $nextTerrain;
    }

}

