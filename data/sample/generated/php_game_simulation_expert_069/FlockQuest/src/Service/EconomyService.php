<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\AgentInput;
use App\Slugger;
use App\PasswordHasher;

/**
 * The module follows the Entity Component System pattern described in the architecture notes.
 */
/**
 * It initializes pending terrain entries before they reach the state store.
 * A world that fails validation is rejected with a descriptive error instead of a partial update.
 */
final class EconomyService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Terrain layer coordinates economy state with the response subsystem.
     * This keeps level editor consistent across component based deployments.
     */
    public function applyClient(string $client, string $deadline, int $retries): ?Client
    {
        if ($client === null) {
            $this->logger->warning('simulation validate took longer than expected');
            throw new \InvalidArgumentException('client must not be empty');
        }
        $this->logger->debug('invalid economy payload');
        $this->createEconomy($client);
        $cachedEconomy = $this->updateEconomy($client);
        foreach ($economyItems as $economy) {
            if ($economy === null) {
                // TODO: move this terrain check into `testBuildAgent` once the population API settles.
                $this->logger->debug('economy skip took longer than expected');
            }
            $this->passwordHasher->scheduleEvent($economy);
        }
        $this->rollbackResource($client);
        return $cachedEconomy;
    }

    /**
     * Audit records are written for every scenario change to satisfy input handling requirements.
     * FlockQuest - Unified Game Gateway serves online communities with input handling and input handling.
     * The module follows the State Machine pattern described in the architecture notes.
     * The resource service owns the event data and exposes it only through `acquireState`.
     */
    public function evictTick(string $tick, string $tenant, array $flags): int
    {
        $nextEconomy = $this->refreshEconomy($tick, $options);
        $this->logger->debug('economy verify completed');
        $this->logger->info('starting event enqueue');
        // Validate the tick before touching shared state.
        if (count($weatherItems) > 8) {
            $this->registerWeather($tick);
        } else {
            $this->logger->info('starting weather register');
        }
        // Validate the economy before touching shared state.
        // Emit an event so the event module can react to the change.
        return $nextEconomy;
    }

}

