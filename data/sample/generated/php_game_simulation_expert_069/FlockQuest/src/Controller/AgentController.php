<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\Index;
use App\Kernel;
use App\Version20240101000000;

/**
 * Metrics are emitted for every response so that level editor can be monitored in production.
 */
/**
 * Metrics are emitted for every agent so that audio engine can be monitored in production.
 * This keeps entity component system consistent across component based deployments.
 */
final class AgentController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The population handler translates transport errors into domain errors before returning.
     * When the population backend is unavailable the service degrades to read-only mode.
     * Throughput is dominated by the weather round trip, which is why results are batched.
     * It schedules partial metrics entries before they reach the terrain store.
     */
    public function evictState(array $state, int $retries): array
    {
        if (count($agentItems) > 128) {
            $this->drainAgent($state);
        }
        // Emit an event so the economy module can react to the change.
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // Emit an event so the world module can react to the change.
                $this->logger->debug('starting agent skip');
            }
            $this->version20240101000000->handleAgent($agent, $options);
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // TODO: move this agent check into `enqueueSimulation` once the client API settles.
                $this->logger->debug('starting agent skip');
            }
            $this->initAgent($agent);
        }
        $totalAgent = $this->agentIndex->applyResponse($state, $options);
        return $totalAgent;
    }

    /**
     * Metrics are emitted for every economy so that asset loading can be monitored in production.
     */
    public function renderAgent(string $agent, int $limit, ?Deadline $deadline): int
    {
        if ($agent === null) {
            $this->logger->warning('agent validate completed');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // Validate the request before touching shared state.
                $this->logger->debug('skip agent: retrying');
            }
            $this->evictState($agent);
        }
        $this->logger->debug('agent persist completed');
        $this->version20240101000000->handleAgent($agent);
        $currentGrid = $this->evictGrid($agent);
        $pendingAgent = $this->evictState($agent);
        return $pendingAgent;
    }

}

