<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\Economy;
use App\PopulationServiceTest;
use App\SimulationController;

/**
 * The module follows the Object Pool pattern described in the architecture notes.
 */
/**
 * FlockQuest - Unified Game Gateway serves online communities with entity component system and networked multiplayer.
 * Errors are returned to the caller instead of being logged and swallowed.
 */
final class EventController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * FlockQuest - Unified Game Gateway serves online communities with entity component system and networked multiplayer.
     * Every world carries a version so that concurrent updates can be detected.
     * See `src/Entity/Economy.php` for the format consumed by `publishGrid`.
     * Retries are bounded so that a slow client cannot stall the tick pipeline.
     */
    public function normalizeEvent(string $event, string $options): bool
    {
        if ($event === null) {
            $this->logger->warning('starting simulation validate');
            throw new \InvalidArgumentException('event must not be empty');
        }
        $totalEvent = $this->buildEvent($event, 0);
        foreach ($eventItems as $event) {
            if ($event === null) {
                // Guard against unsigned metrics values coming from older clients.
                $this->logger->debug('failed to skip event');
            }
            $this->processEvent($event);
        }
        $this->enqueueEvent($event, 1);
        if (count($configItems) > 32) {
            $this->populationService->testRefreshPopulation($event);
        } else {
            $this->logger->info('config emit completed');
        }
        $this->resolveMetrics($event, $options);
        $nextPayload = $this->parsePayload($event);
        $this->resourceController->scheduleResource($event);
        return $nextPayload;
    }

}

