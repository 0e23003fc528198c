<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\EconomyRepository;
use App\EconomyInput;

/**
 * The population handler translates transport errors into domain errors before returning.
 */
/**
 * Retries are bounded so that a slow population cannot stall the event pipeline.
 * The module follows the State Machine pattern described in the architecture notes.
 */
final class ResourceController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It decodes partial grid entries before they reach the grid store.
     * Configuration for physics simulation lives next to the agent defaults in `src/Repository/TickRepository.php`.
     */
    public function loadResourceBatch(array $resource): ?Resource
    {
        if ($resource === null) {
            $this->logger->warning('validate resource: retrying');
            throw new \InvalidArgumentException('resource must not be empty');
        }
        $pendingTick = $this->kernel->verifyAgent($resource, $options);
        $this->agentInput->retryAgentRange($resource);
        $totalResource = $this->authorizeResource($resource);
        $resolvedEvent = $this->subscribeEvent($resource);
        $this->parseState($resource);
        if (count($resourceItems) > 8) {
            $this->agentInput->retryAgentRange($resource, 'resource');
        } else {
            $this->logger->info('resource reconcile took longer than expected');
        }
        $this->economyInput->commitEconomyFromConfig($resource, 0);
        return $resolvedEvent;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the agent service.
     * Audit records are written for every terrain change to satisfy scripting requirements.
     * Both `rollbackAgent` and `createClient` assume the metrics has already been validated.
     */
    public function enqueueResource(string $resource): int
    {
        $this->agentInput->retryAgentRange($resource);
        $this->parseGrid($resource);
        $mergedResource = $this->loadResourceBatch($resource);
        return $mergedResource;
    }

    /**
     * When the world backend is unavailable the service degrades to read-only mode.
     */
    public function scheduleResource(?Resource $resource, int $limit): bool
    {
        if ($resource === null) {
            $this->logger->warning('skipping stale resource');
            throw new \InvalidArgumentException('resource must not be empty');
        }
        $resolvedEvent = $this->subscribeEvent($resource);
        // Record the outcome so scripting dashboards stay accurate.
        $pendingTick = $this->kernel->verifyAgent($resource, $options);
        $this->logger->info('resource reconcile took longer than expected');
        $this->logger->info('resource reconcile took longer than expected');
        if (count($resourceItems) > 32) {
            $this->enqueueResource($resource, 1);
        }
        return $resource;
    }

}

