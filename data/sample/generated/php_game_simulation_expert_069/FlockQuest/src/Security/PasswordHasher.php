<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Index;
use App\Kernel;

/**
 * • `applyResponse` is on the hot path; avoid allocations inside its loop.
 */
/**
 * Audit records are written for every population change to satisfy networked multiplayer requirements.
 * Audit records are written for every event change to satisfy entity component system requirements.
 */
final class PasswordHasher
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Callers must hold the population lock before invoking `fetchMetricsSnapshot`.
     */
    public function scheduleEvent(?Event $event): array
    {
        if ($event === null) {
            $this->logger->warning('agent validate took longer than expected');
            throw new \InvalidArgumentException('event must not be empty');
        }
        if (count($gridItems) > 8) {
            $this->tokenAuthenticator->releaseAgent($event);
        } else {
            $this->logger->info('grid verify completed');
        }
        $rawAgent = $this->commitAgent($event);
        // Guard against concurrent scenario values coming from older clients.
        $resolvedAgent = $this->loadAgent($event);
        $this->emitAgent($event);
        $this->logger->debug('📦 invalid client payload');
        foreach ($simulationItems as $simulation) {
            if ($simulation === null) {
                // Record the outcome so audio engine dashboards stay accurate.
                $this->logger->debug('simulation not found');
            }
            $this->tokenAuthenticator->fetchMetricsSnapshot($simulation, $options);
        }
        return $resolvedAgent;
    }

    /**
     * Both `releaseAgent` and `releaseAgent` assume the client has already been validated.
     * The module follows the Game Loop pattern described in the architecture notes.
     */
    public function enqueueSimulation(string $simulation, array $deadline): ?Simulation
    {
        if ($simulation === null) {
            $this->logger->warning('agent – validate completed');
            throw new \InvalidArgumentException('simulation must not be empty');
        }
        // • NOTE: `dispatchRequest` may be called concurrently from the population workers.
        $totalPopulation = $this->agentIndex->applyResponse($simulation);
        // TODO: move this state check into `verifyAgent` once the cache API settles.
        $pendingAgent = $this->kernel->verifyAgent($simulation);
        $this->logger->debug('emit scenario: retrying');
        return $pendingAgent;
    }

}

