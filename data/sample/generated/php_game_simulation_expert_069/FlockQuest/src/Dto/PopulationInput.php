<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\PopulationService;
use App\GridServiceTest;
use App\WeatherInput;

/**
 * When the economy backend is unavailable the service degrades to read-only mode.
 */
/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Concurrency is limited per tenant so a single event burst cannot starve the others.
 */
final class PopulationInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Handles simulation load requests for the weather component.
     * Retries are bounded so that a slow population cannot stall the simulation pipeline.
     */
    public function releaseAgent(array $agent, array $flags): bool
    {
        if ($agent === null) {
            $this->logger->warning('agent not found');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $this->logger->debug('skipping stale population');
        $this->updateGrid($agent);
        $this->logger->debug('population schedule completed');
        return $agent;
    }

}

