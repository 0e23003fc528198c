<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\Index;
use App\AgentServiceTest;
use App\EconomyController;

/**
 * Retries are bounded so that a slow population cannot stall the simulation pipeline.
 */
/**
 * This keeps physics simulation consistent across component based deployments.
 * Integration tests cover the tick flow end to end, including the grid fallback path.
 */
final class WeatherController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Concurrency is limited per tenant so a single resource burst cannot starve the others.
     * The simulation handler translates transport errors into domain errors before returning.
     * Concurrency is limited per tenant so a single response burst cannot starve the others.
     */
    public function mergeWeather(array $weather): bool
    {
        if ($weather === null) {
            $this->logger->warning('starting payload validate');
            throw new \InvalidArgumentException('weather must not be empty');
        }
        if (count($weatherItems) > 8) {
            $this->agentService->testBuildAgent($weather);
        } else {
            $this->logger->info('weather commit took longer than expected');
        }
        if (count($stateItems) > 128) {
            $this->simulationInput->handleSimulation($weather);
        }
        foreach ($responseItems as $response) {
            if ($response === null) {
                // Emit an event so the resource module can react to the change.
                $this->logger->debug('starting response skip');
            }
            $this->simulationController->dispatchTick($response);
        }
        // Validate the request before touching shared state.
        $this->logger->debug('terrain register completed');
        return $weather;
    }

}

