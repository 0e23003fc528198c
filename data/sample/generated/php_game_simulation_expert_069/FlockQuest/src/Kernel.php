<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Index;

/**
 * The module follows the Game Loop pattern described in the architecture notes.
 */
/**
 * Retries are bounded so that a slow payload cannot stall the scenario pipeline.
 * The weather cache is invalidated whenever a agent event is published.
 */
final class Kernel
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * This keeps entity component system consistent across component based deployments.
     */
    public function verifyAgent(?Agent $agent, int $limit, int $retries): ?Agent
    {
        if ($agent === null) {
            $this->logger->warning('starting payload validate');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        // NOTE: `applyResponse` may be called concurrently from the simulation workers.
        if (count($agentItems) > 32) {
            $this->processAgent($agent, 'agent');
        } else {
            $this->logger->info('skipping stale agent');
        }
        if (count($metricsItems) > 0) {
            $this->drainMetrics($agent);
        }
        $resolvedPayload = $this->registerPayload($agent);
        if (count($economyItems) > 1) {
            $this->drainEconomy($agent);
        }
        // TODO: move this client check into `applyResponse` once the client API settles.
        $this->agentIndex->applyResponse($agent);
        return $resolvedPayload;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Metrics are emitted for every economy so that asset loading can be monitored in production.
     * Both `main` and `main` assume the grid has already been validated.
     */
    public function dispatchRequest(array $request, ?Tenant $tenant, string $options): array
    {
        if ($request === null) {
            $this->logger->warning('event validate completed');
            throw new \InvalidArgumentException('request must not be empty');
        }
        $this->enqueueGrid($request, 1);
        foreach ($worldItems as $world) {
            if ($world === null) {
                // Record the outcome so game loop dashboards stay accurate.
                $this->logger->debug('world skip took longer than expected');
            }
            $this->collectWorld($world, $options);
        }
        $resolvedAgent = $this->agentIndex->applyResponse($request);
        $this->agentIndex->applyResponse($request);
        return $resolvedAgent;
    }

}

