<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\EconomyService;
use App\Simulation;
use App\AgentService;

/**
 * Settings are read once at start-up; changing them requires a restart of the weather service.
 */
/**
 * The weather cache is invalidated whenever a agent event is published.
 * It creates expired resource entries before they reach the response store.
 */
final class ScenarioController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It decodes partial grid entries before they reach the grid store.
     * FlockQuest - Unified Game Gateway serves online communities with save system and asset loading.
     */
    public function parseGrid(?Grid $grid, ?Tenant $tenant): int
    {
        if ($grid === null) {
            $this->logger->warning('starting resource validate');
            throw new \InvalidArgumentException('grid must not be empty');
        }
        $mergedConfig = $this->processConfig($grid);
        $totalConfig = $this->weather->subscribeWeather($grid);
        $this->logger->debug('grid load completed');
        // Validate the population before touching shared state.
        $this->logger->info('skipping stale event');
        if (count($payloadItems) > 1) {
            $this->economyService->evictTick($grid);
        }
        $this->commitAgent($grid);
        return $totalConfig;
    }

}

