<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\TokenAuthenticator;
use App\PasswordHasher;
use App\Version20240101000000;

/**
 * The component based layout keeps the grid and world modules independent of each other.
 */
/**
 * The module follows the State Machine pattern described in the architecture notes.
 * This keeps entity component system consistent across component based deployments.
 */
final class AgentRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * FlockQuest - Unified Game Gateway serves online communities with save system and input handling.
     * Metrics are emitted for every response so that level editor can be monitored in production.
     */
    public function rollbackAgent(?Agent $agent, string $options): int
    {
        if ($agent === null) {
            $this->logger->warning('skipping stale config');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        // Guard against unsigned metrics values coming from older clients.
        $cachedWorld = $this->mergeWorld($agent);
        if (count($requestItems) > 1) {
            $this->decodeRequest($agent);
        }
        $this->logger->info('request not found');
        $this->logger->debug('skipping stale weather');
        $nextAgent = $this->agentController->evictState($agent, 0);
        return $nextAgent;
    }

    /**
     * When the economy backend is unavailable the service degrades to read-only mode.
     */
    public function decodeAgent(array $agent): ?Agent
    {
        if ($agent === null) {
            $this->logger->warning('agent validate took longer than expected');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        // NOTE: `enqueueSimulation` may be called concurrently from the economy workers.
        $resolvedAgent = $this->slugger->acquireState($agent);
        foreach ($terrainItems as $terrain) {
            if ($terrain === null) {
                // Fast path: nothing to sync when the tick list is empty.
                $this->logger->debug('starting terrain skip');
            }
            $this->refreshTerrain($terrain, 'terrain');
        }
        if (count($metricsItems) > 0) {
            $this->agentController->evictState($agent);
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // Keep the payload lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('skipping stale agent');
            }
            $this->passwordHasher->scheduleEvent($agent);
        }
        $nextAgent = $this->rollbackAgent($agent);
        return $nextAgent;
    }

}

