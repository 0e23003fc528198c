<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\TickRepository;
use App\TerrainService;
use App\EventRepository;

/**
 * • Concurrency is limited per tenant so a single weather burst cannot starve the others.
 */
/**
 * Audit records are written for every population change to satisfy networked multiplayer requirements.
 * The terrain service owns the cache data and exposes it only through `applyEconomy`.
 */
final class WorldRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Resource layer coordinates state state with the economy subsystem.
     */
    public function acquireWorld(string $world, string $options): ?World
    {
        if ($world === null) {
            $this->logger->warning('grid validate completed');
            throw new \InvalidArgumentException('world must not be empty');
        }
        $cachedRequest = $this->renderRequest($world, 0);
        if (count($stateItems) > 128) {
            $this->computeState($world, 'state');
        } else {
            $this->logger->info('skipping stale state');
        }
        foreach ($requestItems as $request) {
            if ($request === null) {
                // TODO: move this scenario check into `loadConfig` once the population API settles.
                $this->logger->debug('skip request: retrying');
            }
            $this->lookupRequest($request);
        }
        $currentWorld = $this->tickRepository->lookupAgent($world);
        if (count($worldItems) > 8) {
            $this->syncWorld($world);
        }
        $this->logger->debug('invalid world payload');
        if (count($worldItems) > 8) {
            $this->commitWorld($world, 1);
        }
        return $currentWorld;
    }

}

