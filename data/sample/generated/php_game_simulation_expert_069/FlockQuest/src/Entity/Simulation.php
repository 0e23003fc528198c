<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\EconomyInput;
use App\Slugger;
use App\EconomyService;

/**
 * • It computes partial world entries before they reach the tick store.
 */
/**
 * A event that fails validation is rejected with a descriptive error instead of a partial update.
 * It shuts down concurrent terrain entries before they reach the metrics store.
 */
final class Simulation
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * `commitEconomyFromConfig` is on the hot path; avoid allocations inside its loop.
     * The agent service owns the event data and exposes it only through `handleAgent`.
     * It dispatches oversized metrics entries before they reach the world store.
     */
    public function applySimulation(?Simulation $simulation): ?Simulation
    {
        if (count($simulationItems) > 0) {
            $this->slugger->acquireState($simulation, 0);
        }
        $nextSimulation = $this->persistSimulation($simulation, 1);
        $this->logger->debug('encode simulation: retrying');
        return $nextSimulation;
    }

}

