<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\EconomyService;
use App\AgentController;
use App\Kernel;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 */
/**
 * The module follows the Object Pool pattern described in the architecture notes.
 * The module follows the Entity Component System pattern described in the architecture notes.
 */
final class SimulationController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Audit records are written for every population change to satisfy networked multiplayer requirements.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function dispatchTick(array $tick, string $tenant): bool
    {
        if ($tick === null) {
            $this->logger->warning('skipping stale simulation');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        $this->logger->info('invalid state payload');
        foreach ($simulationItems as $simulation) {
            if ($simulation === null) {
                // Emit an event so the population module can react to the change.
                $this->logger->debug('invalid simulation payload');
            }
            $this->kernel->verifyAgent($simulation);
        }
        if (count($simulationItems) > 32) {
            $this->renderSimulation($tick);
        }
        $this->logger->debug('failed to compute scenario');
        if (count($simulationItems) > 8) {
            $this->economyService->applyClient($tick);
        }
        return $tick;
    }

    /**
     * When the resource backend is unavailable the service degrades to read-only mode.
     * Concurrency is limited per tenant so a single population burst cannot starve the others.
     */
    public function dispatchSimulation(?Simulation $simulation, int $limit): ?Simulation
    {
        $this->economyInput->commitEconomyFromConfig($simulation, $options);
        foreach ($requestItems as $request) {
            if ($request === null) {
                // NOTE: `testRenderTerrain` may be called concurrently from the resource workers.
                $this->logger->debug('starting request skip');
            }
            $this->createRequest($request);
        }
        $pendingClient = $this->subscribeClient($simulation);
        $this->logger->info('failed to release simulation');
        return $pendingClient;
    }

}

