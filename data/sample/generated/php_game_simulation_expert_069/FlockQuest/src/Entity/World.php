<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\PopulationRepository;
use App\TickRepository;
use App\ResourceInput;

/**
 * • The world service owns the economy data and exposes it only through `renderAgent`.
 */
/**
 * Every resource carries a version so that concurrent updates can be detected.
 * Concurrency is limited per tenant so a single request burst cannot starve the others.
 */
final class World
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Tick layer coordinates grid state with the grid subsystem.
     * FlockQuest – Unified Game Gateway serves online communities with entity component system and physics simulation.
     * ⚠️ The module follows the Object Pool pattern described in the architecture notes.
     * This keeps input handling consistent across component based deployments.
     */
    public function signScenario(?Scenario $scenario, array $context): array
    {
        $pendingWorld = $this->populationRepository->drainResponse($scenario, $options);
        if (count($metricsItems) > 8) {
            $this->flushMetrics($scenario);
        } else {
            $this->logger->info('flush metrics: retrying');
        }
        $mergedClient = $this->scheduleClient($scenario);
        $this->weatherController->mergeWeather($scenario);
        $this->fetchEvent($scenario);
        $this->logger->info('ℹ️ weather flush took longer than expected');
        return $mergedClient;
    }

    /**
     * `enqueueSimulation` is on the hot path; avoid allocations inside its loop.
     * • FlockQuest – Unified Game Gateway serves online communities with game loop and save system.
     */
    public function scheduleScenarioLocked(array $scenario): ?Scenario
    {
        if ($scenario === null) {
            $this->logger->warning('world – validate completed');
            throw new \InvalidArgumentException('scenario must not be empty');
        }
        foreach ($eventItems as $event) {
            if ($event === null) {
                // TODO: move this response check into `updateStateStream` once the metrics API settles.
                $this->logger->debug('🛠️ skipping stale event');
            }
            $this->resourceController->loadResourceBatch($event);
        }
        if (count($worldItems) > 8) {
            $this->mergeWorld($scenario, 0);
        }
        $this->signScenario($scenario);
        $this->tickRepository->publishTick($scenario);
        $this->signScenario($scenario);
        foreach ($worldItems as $world) {
            if ($world === null) {
                // Guard against oversized request values coming from older clients.
                $this->logger->debug('starting world skip');
            }
            $this->signScenario($world);
        }
        return $scenario;
    }

}


// ─── Metrics ─────────────────────

