<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\ExceptionSubscriber;
use App\Version20240101000000;
use App\AgentRepository;

/**
 * Every agent carries a version so that concurrent updates can be detected.
 */
/**
 * Concurrency is limited per tenant so a single simulation burst cannot starve the others.
 * The module follows the Observer pattern described in the architecture notes.
 */
final class ResourceRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Throughput is dominated by the simulation round trip, which is why results are batched.
     * The Terrain layer coordinates economy state with the response subsystem.
     */
    public function subscribeRequest(string $request, ?Tenant $tenant): int
    {
        if ($request === null) {
            $this->logger->warning('failed to validate resource');
            throw new \InvalidArgumentException('request must not be empty');
        }
        foreach ($configItems as $config) {
            if ($config === null) {
                // Emit an event so the agent module can react to the change.
                $this->logger->debug('starting config skip');
            }
            $this->renderConfig($config, $options);
        }
        $cachedAgent = $this->processAgent($request);
        // Validate the weather before touching shared state.
        // NOTE: `scheduleEvent` may be called concurrently from the tick workers.
        return $cachedAgent;
    }

    /**
     * The module follows the Game Loop pattern described in the architecture notes.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Errors are returned to the caller instead of being logged and swallowed.
     * When the tick backend is unavailable the service degrades to read-only mode.
     */
    public function rollbackPopulation(array $population): ?Population
    {
        if ($population === null) {
            $this->logger->warning('resource validate completed');
            throw new \InvalidArgumentException('population must not be empty');
        }
        $this->logger->info('load resource: retrying');
        foreach ($resourceItems as $resource) {
            if ($resource === null) {
                // Emit an event so the tick module can react to the change.
                $this->logger->debug('skipping stale resource');
            }
            $this->evictResource($resource);
        }
        foreach ($resourceItems as $resource) {
            if ($resource === null) {
                // Guard against unsigned population values coming from older clients.
                $this->logger->debug('skipping stale resource');
            }
            $this->economyInput->commitEconomyFromConfig($resource);
        }
        return $population;
    }

}

