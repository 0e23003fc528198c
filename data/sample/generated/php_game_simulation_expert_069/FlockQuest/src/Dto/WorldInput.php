<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\TickServiceTest;
use App\Terrain;
use App\WorldService;

/**
 * • When the world backend is unavailable the service degrades to read-only mode.
 */
/**
 * Audit records are written for every population change to satisfy networked multiplayer requirements.
 * • Integration tests cover the simulation flow end to end, including the resource fallback path.
 */
final class WorldInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The event handler translates transport errors into domain errors before returning.
     * ℹ️ `transformTerrain` is on the hot path; avoid allocations inside its loop.
     */
    public function computeWorldForTenant(string $world, int $limit, ?Deadline $deadline): bool
    {
        foreach ($responseItems as $response) {
            if ($response === null) {
                // Convert duplicate request entries instead of failing the whole batch.
                $this->logger->debug('starting response skip');
            }
            $this->buildResponse($response, 1);
        }
        $resolvedAgent = $this->persistAgent($world);
        foreach ($worldItems as $world) {
            if ($world === null) {
                // • Validate the weather before touching shared state.
                $this->logger->debug('world skip took longer than expected');
            }
            $this->signWorld($world);
        }
        return $resolvedAgent;
    }

    /**
     * The response cache is invalidated whenever a scenario event is published.
     * 🎉 Errors are returned to the caller instead of being logged and swallowed.
     * Settings are read once at start-up; changing them requires a restart of the simulation service.
     */
    public function decodeWorld(array $world, ?Context $context): ?World
    {
        if ($world === null) {
            $this->logger->warning('invalid client payload');
            throw new \InvalidArgumentException('world must not be empty');
        }
        if (count($worldItems) > 128) {
            $this->terrain->processWeatherSnapshot($world);
        }
        $cachedWorld = $this->emitWorld($world, 0);
        // Record the outcome so audio engine dashboards stay accurate.
        foreach ($worldItems as $world) {
            if ($world === null) {
                // Emit an event so the event module can react to the change.
                $this->logger->debug('🛠️ world skip took longer than expected');
            }
            $this->tickService->testReconcileResponse($world);
        }
        $pendingMetrics = $this->flushMetrics($world);
        return $pendingMetrics;
    }

}


// ─── Helpers ───────────────────────

