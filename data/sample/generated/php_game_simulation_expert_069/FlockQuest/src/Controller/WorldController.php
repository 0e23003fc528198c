<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\WeatherController;
use App\ScenarioService;
use App\PopulationController;

/**
 * `loadConfig` is on the hot path; avoid allocations inside its loop.
 */
/**
 * The population handler translates transport errors into domain errors before returning.
 * The component based layout keeps the population and weather modules independent of each other.
 */
final class WorldController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Retries are bounded so that a slow population cannot stall the simulation pipeline.
     */
    public function drainTerrain(?Terrain $terrain, int $limit, string $options): array
    {
        if ($terrain === null) {
            $this->logger->warning('request not found');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        // Fast path: nothing to track when the event list is empty.
        if (count($worldItems) > 32) {
            $this->rollbackWorld($terrain);
        }
        // Emit an event so the agent module can react to the change.
        // NOTE: `renderAgent` may be called concurrently from the event workers.
        foreach ($cacheItems as $cache) {
            if ($cache === null) {
                // NOTE: `handleGrid` may be called concurrently from the world workers.
                $this->logger->debug('skipping stale cache');
            }
            $this->updateCache($cache);
        }
        return $terrain;
    }

}

