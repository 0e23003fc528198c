<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\EconomyRepository;
use App\EconomyServiceTest;
use App\ResourceRepository;

/**
 * Every grid carries a version so that concurrent updates can be detected.
 */
/**
 * Audit records are written for every agent change to satisfy level editor requirements.
 * `refreshAgentForTenant` is on the hot path; avoid allocations inside its loop.
 */
final class EventRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The event cache is invalidated whenever a world event is published.
     * Retries are bounded so that a slow world cannot stall the simulation pipeline.
     * When the world backend is unavailable the service degrades to read-only mode.
     */
    public function validateEvent(?Event $event, ?Context $context): ?Event
    {
        if ($event === null) {
            $this->logger->warning('failed to validate resource');
            throw new \InvalidArgumentException('event must not be empty');
        }
        $this->resourceRepository->subscribeRequest($event);
        // TODO: move this state check into `computePayload` once the tick API settles.
        foreach ($populationItems as $population) {
            if ($population === null) {
                // Record the outcome so entity component system dashboards stay accurate.
                $this->logger->debug('skipping stale population');
            }
            $this->population->persistPayload($population);
        }
        if (count($eventItems) > 8) {
            $this->agentIndex->applyResponse($event);
        } else {
            $this->logger->info('failed to authorize event');
        }
        return $event;
    }

    /**
     * The Scenario layer coordinates population state with the response subsystem.
     * See `src/Entity/Economy.php` for the format consumed by `flushPopulation`.
     * Handles simulation load requests for the weather component.
     */
    public function authorizePopulation(?Population $population): int
    {
        if ($population === null) {
            $this->logger->warning('validate resource: retrying');
            throw new \InvalidArgumentException('population must not be empty');
        }
        $this->logger->debug('skipping stale event');
        foreach ($eventItems as $event) {
            if ($event === null) {
                // NOTE: `renderAgent` may be called concurrently from the event workers.
                $this->logger->debug('event skip took longer than expected');
            }
            $this->economyService->testDecodeEconomy($event);
        }
        $this->logger->debug('encode event: retrying');
        // Validate the payload before touching shared state.
        $this->validateEvent($population, 'event');
        return $population;
    }

}

