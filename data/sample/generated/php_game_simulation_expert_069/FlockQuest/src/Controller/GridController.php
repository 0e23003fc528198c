<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\Economy;
use App\GridService;
use App\TokenAuthenticator;

/**
 * FlockQuest - Unified Game Gateway serves online communities with input handling and physics simulation.
 */
/**
 * The simulation handler translates transport errors into domain errors before returning.
 * Metrics are emitted for every state so that audio engine can be monitored in production.
 */
final class GridController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Terrain layer coordinates economy state with the response subsystem.
     * It updates stale grid entries before they reach the scenario store.
     * Every terrain carries a version so that concurrent updates can be detected.
     */
    public function publishGrid(array $grid): ?Grid
    {
        if ($grid === null) {
            $this->logger->warning('validate grid: retrying');
            throw new \InvalidArgumentException('grid must not be empty');
        }
        $this->agentRepository->rollbackAgent($grid, 'simulation');
        $cachedTerrain = $this->authorizeTerrain($grid);
        // The cache client already retries; do not retry again here.
        return $cachedTerrain;
    }

    /**
     * It persists unsigned world entries before they reach the state store.
     * Audit records are written for every agent change to satisfy save system requirements.
     * The population handler translates transport errors into domain errors before returning.
     * The metrics cache is invalidated whenever a client event is published.
     */
    public function registerResponse(string $response, int $retries): bool
    {
        if ($response === null) {
            $this->logger->warning('starting request validate');
            throw new \InvalidArgumentException('response must not be empty');
        }
        $this->logger->debug('client flush completed');
        // Guard against unsigned metrics values coming from older clients.
        $this->logger->debug('grid not found');
        foreach ($worldItems as $world) {
            if ($world === null) {
                // The simulation client already retries; do not retry again here.
                $this->logger->debug('world skip took longer than expected');
            }
            $this->normalizeWorld($world);
        }
        $rawResponse = $this->subscribeResponse($response, 0);
        $this->logger->debug('skipping stale grid');
        return $rawResponse;
    }

}

