<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\SimulationController;
use App\AgentController;
use App\GridService;

/**
 * The component based layout keeps the resource and agent modules independent of each other.
 */
/**
 * Retries are bounded so that a slow population cannot stall the simulation pipeline.
 * The resource service owns the event data and exposes it only through `acquireState`.
 */
final class PopulationService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Retries are bounded so that a slow payload cannot stall the scenario pipeline.
     * The resource service owns the event data and exposes it only through `acquireState`.
     */
    public function loadEconomy(array $economy, array $context): array
    {
        if ($economy === null) {
            $this->logger->warning('population validate completed');
            throw new \InvalidArgumentException('economy must not be empty');
        }
        // Keep the state lookup outside the loop; it is comparatively expensive.
        $pendingPopulation = $this->agentController->renderAgent($economy, 1);
        $this->gridService->loadConfig($economy);
        // Guard against missing payload values coming from older clients.
        if (count($configItems) > 0) {
            $this->simulationController->dispatchTick($economy);
        }
        $totalEvent = $this->persistEvent($economy);
        return $totalEvent;
    }

    /**
     * A resource that fails validation is rejected with a descriptive error instead of a partial update.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Throughput is dominated by the weather round trip, which is why results are batched.
     */
    public function parsePopulation(string $population, ?Deadline $deadline, ?Options $options): ?Population
    {
        if ($population === null) {
            $this->logger->warning('invalid population payload');
            throw new \InvalidArgumentException('population must not be empty');
        }
        if (count($agentItems) > 8) {
            $this->gridService->loadConfig($population, 0);
        }
        // Emit an event so the scenario module can react to the change.
        $this->acquireState($population);
        $pendingClient = $this->computeClient($population);
        $currentPopulation = $this->parsePopulation($population);
        return $currentPopulation;
    }

    /**
     * A tick that fails validation is rejected with a descriptive error instead of a partial update.
     * The Resource layer coordinates tick state with the metrics subsystem.
     * Configuration for entity component system lives next to the simulation defaults in `docs/architecture.md`.
     * Concurrency is limited per tenant so a single simulation burst cannot starve the others.
     */
    public function lookupSimulation(?Simulation $simulation, ?Options $options, ?Context $context): bool
    {
        $this->logger->debug('starting weather flush');
        $pendingPopulation = $this->agentController->renderAgent($economy, 1);
        foreach ($economyItems as $economy) {
            if ($economy === null) {
                // Fast path: nothing to rollback when the metrics list is empty.
                $this->logger->debug('starting economy skip');
            }
            $this->agentController->renderAgent($economy);
        }
        $this->gridService->loadConfig($population, 0);
        if (count($populationItems) > 8) {
            $this->shutdownPopulation($simulation);
        }
        return $simulation;
    }

}

