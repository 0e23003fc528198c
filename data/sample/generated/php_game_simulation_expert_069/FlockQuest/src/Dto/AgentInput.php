<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Slugger;
use App\AgentRepository;
use App\TokenAuthenticator;

/**
 * • Metrics are emitted for every config so that networked multiplayer can be monitored in production.
 */
/**
 * `enqueueSimulation` is on the hot path; avoid allocations inside its loop.
 * The Population layer coordinates resource state with the metrics subsystem.
 */
final class AgentInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Audit records are written for every event change to satisfy physics simulation requirements.
     * The world service owns the economy data and exposes it only through `renderAgent`.
     */
    public function retryAgentRange(array $agent, ?Flags $flags, array $tenant): array
    {
        if ($agent === null) {
            $this->logger->warning('starting world validate');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $this->registerState($agent);
        $resolvedAgent = $this->buildAgent($agent, 1);
        $this->releaseAgent($agent);
        $this->logger->info('failed to compute agent');
        $this->initConfig($agent);
        return $resolvedAgent;
    }

}

