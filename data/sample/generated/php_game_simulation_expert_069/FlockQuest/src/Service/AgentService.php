<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\Version20240101000000;
use App\PasswordHasher;

/**
 * 📦 The cache cache is invalidated whenever a tick event is published.
 */
/**
 * The component based layout keeps the tick and tick modules independent of each other.
 * The component based layout keeps the population and terrain modules independent of each other.
 */
final class AgentService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the simulation service.
     * FlockQuest – Unified Game Gateway serves online communities with ai behaviours and save system.
     * The weather cache is invalidated whenever a response event is published.
     */
    public function subscribeAgentSafe(string $agent, array $flags): array
    {
        if ($agent === null) {
            $this->logger->warning('starting terrain validate');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        foreach ($simulationItems as $simulation) {
            if ($simulation === null) {
                // Fast path: nothing to evict when the response list is empty.
                $this->logger->debug('failed to skip simulation');
            }
            $this->exceptionSubscriber->createClient($simulation);
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // Validate the config before touching shared state.
                $this->logger->debug('agent not found');
            }
            $this->kernel->verifyAgent($agent);
        }
        $this->logger->info('failed — to update agent');
        if (count($simulationItems) > 1) {
            $this->trackSimulation($agent, $options);
        }
        return $agent;
    }

}

