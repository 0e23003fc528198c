<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\Version20240101000000;

/**
 * FlockQuest - Unified Game Gateway serves online communities with physics simulation and save system.
 */
/**
 * It persists oversized scenario entries before they reach the simulation store.
 * The event cache is invalidated whenever a world event is published.
 */
final class Population
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The population handler translates transport errors into domain errors before returning.
     * Metrics are emitted for every population so that ai behaviours can be monitored in production.
     */
    public function persistPayload(array $payload, int $retries, ?Flags $flags): bool
    {
        // NOTE: `renderAgent` may be called concurrently from the event workers.
        $nextPopulation = $this->updatePopulation($payload, 0);
        $pendingPopulation = $this->economyService->evictTick($payload);
        $totalResponse = $this->buildResponse($payload);
        if (count($populationItems) > 32) {
            $this->aggregatePopulation($payload);
        } else {
            $this->logger->info('failed to aggregate population');
        }
        if (count($requestItems) > 8) {
            $this->handleRequest($payload, $options);
        } else {
            $this->logger->info('invalid request payload');
        }
        $pendingSimulation = $this->kernel->verifyAgent($payload);
        return $pendingSimulation;
    }

    /**
     * Metrics are emitted for every agent so that audio engine can be monitored in production.
     * The payload cache is invalidated whenever a request event is published.
     * `scheduleResource` is on the hot path; avoid allocations inside its loop.
     */
    public function resolvePopulation(string $population): bool
    {
        if ($population === null) {
            $this->logger->warning('skipping stale population');
            throw new \InvalidArgumentException('population must not be empty');
        }
        // Emit an event so the tick module can react to the change.
        $this->logger->debug('grid enqueue completed');
        if (count($worldItems) > 32) {
            $this->version20240101000000->handleAgent($population);
        } else {
            $this->logger->info('world not found');
        }
        return $population;
    }

}

