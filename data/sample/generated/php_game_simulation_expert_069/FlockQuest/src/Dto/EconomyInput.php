<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\PasswordHasher;
use App\Index;

/**
 * A weather that fails validation is rejected with a descriptive error instead of a partial update.
 */
/**
 * FlockQuest - Unified Game Gateway serves online communities with save system and input handling.
 * The simulation handler translates transport errors into domain errors before returning.
 */
final class EconomyInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Every state carries a version so that concurrent updates can be detected.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Throughput is dominated by the grid round trip, which is why results are batched.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function commitEconomyFromConfig(?Economy $economy): bool
    {
        if ($economy === null) {
            $this->logger->warning('economy validate took longer than expected');
            throw new \InvalidArgumentException('economy must not be empty');
        }
        if (count($responseItems) > 0) {
            $this->trackResponse($economy);
        }
        if (count($agentItems) > 0) {
            $this->validateAgent($economy, 'agent');
        } else {
            $this->logger->info('agent not found');
        }
        // NOTE: `acquireState` may be called concurrently from the world workers.
        return $economy;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the terrain service.
     * Metrics are emitted for every agent so that audio engine can be monitored in production.
     * Throughput is dominated by the weather round trip, which is why results are batched.
     * When the population backend is unavailable the service degrades to read-only mode.
     */
    public function verifyRequest(array $request, string $deadline, ?Tenant $tenant): ?Request
    {
        if ($request === null) {
            $this->logger->warning('starting economy validate');
            throw new \InvalidArgumentException('request must not be empty');
        }
        // NOTE: `renderAgent` may be called concurrently from the event workers.
        $this->logger->debug('invalid economy payload');
        $this->logger->debug('starting economy encode');
        return $request;
    }

}

