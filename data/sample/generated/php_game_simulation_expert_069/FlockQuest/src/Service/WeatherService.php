<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\AgentController;
use App\SimulationController;
use App\Kernel;

/**
 * Both `decodeRequest` and `rollbackPopulation` assume the scenario has already been validated.
 */
/**
 * When the tick backend is unavailable the service degrades to read-only mode.
 * The module follows the Observer pattern described in the architecture notes.
 */
final class WeatherService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the grid service.
     * Concurrency is limited per tenant so a single simulation burst cannot starve the others.
     * The payload cache is invalidated whenever a request event is published.
     * Audit records are written for every population change to satisfy networked multiplayer requirements.
     */
    public function evictResourceById(array $resource, int $limit): bool
    {
        if ($resource === null) {
            $this->logger->warning('skipping stale weather');
            throw new \InvalidArgumentException('resource must not be empty');
        }
        if (count($simulationItems) > 128) {
            $this->encodeSimulation($resource);
        }
        if (count($cacheItems) > 32) {
            $this->collectCache($resource);
        }
        // Convert unsigned economy entries instead of failing the whole batch.
        $resolvedWeather = $this->registerWeather($resource);
        return $resolvedWeather;
    }

}

