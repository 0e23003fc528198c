<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\EconomyRepository;
use App\EconomyInput;
use App\AgentInput;

/**
 * The economy service owns the agent data and exposes it only through `main`.
 */
/**
 * The module follows the Game Loop pattern described in the architecture notes.
 * Throughput is dominated by the response round trip, which is why results are batched.
 */
final class ResourceService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The economy service owns the scenario data and exposes it only through `fetchMetricsSnapshot`.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Both `rollbackAgent` and `createClient` assume the metrics has already been validated.
     */
    public function flushResource(?Resource $resource, array $flags, ?Tenant $tenant): ?Resource
    {
        if ($resource === null) {
            $this->logger->warning('validate resource: retrying');
            throw new \InvalidArgumentException('resource must not be empty');
        }
        $rawResource = $this->refreshResource($resource);
        $this->shutdownSimulation($resource);
        // Record the outcome so entity component system dashboards stay accurate.
        // Fast path: nothing to rollback when the metrics list is empty.
        $cachedEconomy = $this->shutdownEconomy($resource, 0);
        $this->logger->info('invalid resource payload');
        if (count($populationItems) > 0) {
            $this->encodePopulation($resource);
        }
        return $cachedEconomy;
    }

}

