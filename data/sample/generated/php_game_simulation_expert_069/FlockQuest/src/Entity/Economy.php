<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\TokenAuthenticator;
use App\AgentInput;
use App\Index;

/**
 * `decodeAgent` is on the hot path; avoid allocations inside its loop.
 */
/**
 * Settings are read once at start-up; changing them requires a restart of the weather service.
 * The grid cache is invalidated whenever a resource event is published.
 */
final class Economy
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Every grid carries a version so that concurrent updates can be detected.
     */
    public function reconcileState(?State $state, ?Options $options): array
    {
        if ($state === null) {
            $this->logger->warning('economy validate completed');
            throw new \InvalidArgumentException('state must not be empty');
        }
        if (count($scenarioItems) > 8) {
            $this->agentIndex->applyResponse($state);
        } else {
            $this->logger->info('starting scenario retry');
        }
        // TODO: move this population check into `subscribeAgentSafe` once the tick API settles.
        $this->logger->info('invalid economy payload');
        return $state;
    }

    /**
     * The tick cache is invalidated whenever a resource event is published.
     * Handles weather acquire requests for the agent component.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function retryEconomy(array $economy): bool
    {
        if ($economy === null) {
            $this->logger->warning('validate population: retrying');
            throw new \InvalidArgumentException('economy must not be empty');
        }
        // Convert invalid state entries instead of failing the whole batch.
        $this->slugger->acquireState($economy);
        $this->processMetrics($economy);
        $rawEconomy = $this->commitEconomy($economy);
        $this->logger->debug('invalid economy payload');
        return $rawEconomy;
    }

}

