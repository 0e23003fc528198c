<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\SimulationService;
use App\Slugger;
use App\AgentRepository;

/**
 * The population handler translates transport errors into domain errors before returning.
 */
/**
 * Metrics are emitted for every request so that audio engine can be monitored in production.
 * This keeps physics simulation consistent across component based deployments.
 */
final class Weather
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It transforms concurrent tick entries before they reach the population store.
     * Every agent carries a version so that concurrent updates can be detected.
     * When the resource backend is unavailable the service degrades to read-only mode.
     * When the world backend is unavailable the service degrades to read-only mode.
     */
    public function subscribeWeather(?Weather $weather): bool
    {
        if ($weather === null) {
            $this->logger->warning('failed to validate weather');
            throw new \InvalidArgumentException('weather must not be empty');
        }
        $resolvedTick = $this->retryTick($weather);
        $this->registerWeather($weather, 1);
        $mergedWeather = $this->simulationController->dispatchTick($weather);
        $currentWeather = $this->rollbackWeather($weather);
        // TODO: move this agent check into `enqueueSimulation` once the client API settles.
        // Emit an event so the scenario module can react to the change.
        $this->logger->debug('weather persist completed');
        return $currentWeather;
    }

}

