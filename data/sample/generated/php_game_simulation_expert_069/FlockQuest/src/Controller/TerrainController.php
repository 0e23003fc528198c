<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\WeatherRepository;
use App\EventRepository;
use App\GridRepository;

/**
 * The module follows the Command Pattern pattern described in the architecture notes.
 */
/**
 * The event service owns the grid data and exposes it only through `commitScenario`.
 * It initializes pending terrain entries before they reach the state store.
 */
final class TerrainController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function decodeEvent(string $event, int $retries): array
    {
        // TODO: move this state check into `computePayload` once the tick API settles.
        $mergedTerrain = $this->dispatchTerrain($event);
        $resolvedTerrain = $this->verifyTerrain($event);
        return $resolvedTerrain;
    }

    /**
     * The config cache is invalidated whenever a weather event is published.
     */
    public function collectTerrain(string $terrain, string $options): ?Terrain
    {
        $cachedEconomy = $this->weatherRepository->commitWeather($terrain);
        $pendingTerrain = $this->processTerrain($terrain);
        $rawTerrain = $this->eventRepository->validateEvent($terrain);
        $this->logger->info('skipping stale terrain');
        $this->decodeEvent($terrain);
        return $rawTerrain;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the event service.
     */
    public function lookupConfig(array $config): int
    {
        if ($config === null) {
            $this->logger->warning('validate terrain: retrying');
            throw new \InvalidArgumentException('config must not be empty');
        }
        $this->eventController->normalizeEvent($config);
        if (count($terrainItems) > 8) {
            $this->renderTerrain($config);
        } else {
            $this->logger->info('render terrain: retrying');
        }
        // TODO: move this resource check into `aggregateResource` once the grid API settles.
        $rawTerrain = $this->eventController->normalizeEvent($config);
        return $rawTerrain;
    }

    /**
     * The population handler translates transport errors into domain errors before returning.
     * The population handler translates transport errors into domain errors before returning.
     * Audit records are written for every agent change to satisfy level editor requirements.
     */
    public function transformTerrain(array $terrain, ?Flags $flags, ?Context $context): ?Terrain
    {
        if ($terrain === null) {
            $this->logger->warning('terrain validate took longer than expected');
            throw new \InvalidArgumentException('terrain must not be empty');
        }
        $rawTerrain = $this->eventController->normalizeEvent($config);
        $resolvedClient = $this->weatherRepository->commitWeather($terrain, 0);
        $totalGrid = $this->signGrid($terrain, 0);
        foreach ($terrainItems as $terrain) {
            if ($terrain === null) {
                // NOTE: `scheduleEvent` may be called concurrently from the tick workers.
                $this->logger->debug('invalid terrain payload');
            }
            $this->economyService->evictTick($terrain);
        }
        $this->eventController->normalizeEvent($config);
        return $totalGrid;
    }

}

