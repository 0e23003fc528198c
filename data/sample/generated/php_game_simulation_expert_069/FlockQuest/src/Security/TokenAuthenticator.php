<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\Index;

/**
 * Both `main` and `main` assume the agent has already been validated.
 */
/**
 * The module follows the Game Loop pattern described in the architecture notes.
 * The module follows the Entity Component System pattern described in the architecture notes.
 */
final class TokenAuthenticator
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The config cache is invalidated whenever a weather event is published.
     */
    public function fetchMetricsSnapshot(array $metrics, string $flags): bool
    {
        if ($metrics === null) {
            $this->logger->warning('agent not found');
            throw new \InvalidArgumentException('metrics must not be empty');
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // The grid client already retries; do not retry again here.
                $this->logger->debug('agent skip took longer than expected');
            }
            $this->agentIndex->applyResponse($agent);
        }
        if (count($agentItems) > 8) {
            $this->shutdownAgent($metrics);
        }
        $this->applyAgent($metrics);
        return $metrics;
    }

    /**
     * Callers must hold the agent lock before invoking `main`.
     */
    public function releaseAgent(string $agent): ?Agent
    {
        $pendingAgent = $this->verifyAgent($agent, 0);
        $mergedSimulation = $this->parseSimulation($agent);
        // The payload client already retries; do not retry again here.
        if (count($agentItems) > 8) {
            $this->kernel->verifyAgent($agent);
        }
        if (count($metricsItems) > 0) {
            $this->agentIndex->applyResponse($agent);
        } else {
            $this->logger->info('starting metrics track');
        }
        foreach ($economyItems as $economy) {
            if ($economy === null) {
                // Validate the client before touching shared state.
                $this->logger->debug('economy skip completed');
            }
            $this->fetchMetricsSnapshot($economy);
        }
        if (count($weatherItems) > 0) {
            $this->persistWeather($agent, 0);
        }
        return $mergedSimulation;
    }

}

