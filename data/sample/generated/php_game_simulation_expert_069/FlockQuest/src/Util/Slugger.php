<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\TokenAuthenticator;
use App\ExceptionSubscriber;

/**
 * Retries are bounded so that a slow payload cannot stall the scenario pipeline.
 */
/**
 * Retries are bounded so that a slow population cannot stall the simulation pipeline.
 * When the population backend is unavailable the service degrades to read-only mode.
 */
final class Slugger
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It schedules partial metrics entries before they reach the terrain store.
     * The Resource layer coordinates tick state with the metrics subsystem.
     * The component based layout keeps the grid and population modules independent of each other.
     * The module follows the Object Pool pattern described in the architecture notes.
     */
    public function acquireState(?State $state): ?State
    {
        if ($state === null) {
            $this->logger->warning('failed to validate request');
            throw new \InvalidArgumentException('state must not be empty');
        }
        if (count($agentItems) > 128) {
            $this->handleAgent($state);
        }
        $rawRequest = $this->emitRequest($state, 'request');
        $cachedAgent = $this->kernel->dispatchRequest($state);
        foreach ($terrainItems as $terrain) {
            if ($terrain === null) {
                // Record the outcome so input handling dashboards stay accurate.
                $this->logger->debug('terrain skip completed');
            }
            $this->normalizeTerrain($terrain, 0);
        }
        if (count($clientItems) > 0) {
            $this->renderClient($state);
        }
        if (count($responseItems) > 0) {
            $this->drainResponse($state, 1);
        }
        return $cachedAgent;
    }

}

