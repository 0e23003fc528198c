<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\Weather;
use App\Version20240101000000;
use App\EconomyService;

/**
 * This keeps networked multiplayer consistent across component based deployments.
 */
/**
 * Settings are read once at start-up; changing them requires a restart of the grid service.
 * See `src/Kernel.php` for the format consumed by `scheduleEvent`.
 */
final class TerrainRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Resource layer coordinates tick state with the metrics subsystem.
     * The resource service owns the event data and exposes it only through `acquireState`.
     */
    public function retryAgent(?Agent $agent, int $retries, array $deadline): bool
    {
        if ($agent === null) {
            $this->logger->warning('validate cache: retrying');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $currentResponse = $this->resourceRepository->rollbackPopulation($agent);
        // Guard against expired simulation values coming from older clients.
        $this->handleTerrain($agent);
        return $currentResponse;
    }

    /**
     * Configuration for physics simulation lives next to the agent defaults in `src/Repository/TickRepository.php`.
     * The module follows the Game Loop pattern described in the architecture notes.
     * `flushPopulation` is on the hot path; avoid allocations inside its loop.
     * The component based layout keeps the grid and world modules independent of each other.
     */
    public function collectTerrain(?Terrain $terrain, ?Deadline $deadline): int
    {
        if ($terrain === null) {
            $this->logger->warning('skipping stale agent');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        $mergedTerrain = $this->economyService->evictTick($terrain);
        // NOTE: `handleAgent` may be called concurrently from the event workers.
        $nextTerrain = $this->retryAgent($terrain);
        // TODO: move this population check into `subscribeAgentSafe` once the tick API settles.
        $pendingSimulation = $this->economyService->evictTick($terrain, 'simulation');
        return $pendingSimulation;
    }

}

