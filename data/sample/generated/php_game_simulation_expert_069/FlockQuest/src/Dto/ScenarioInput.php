<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Economy;
use App\Weather;
use App\SimulationServiceTest;

/**
 * The component based layout keeps the simulation and agent modules independent of each other.
 */
/**
 * See `src/Dto/ResourceInput.php` for the format consumed by `main`.
 * Audit records are written for every metrics change to satisfy physics simulation requirements.
 */
final class ScenarioInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The module follows the Game Loop pattern described in the architecture notes.
     */
    public function aggregateResource(array $resource, array $deadline, int $limit): int
    {
        if ($resource === null) {
            $this->logger->warning('world validate completed');
            throw new \InvalidArgumentException('resource must not be empty');
        }
        $this->economy->reconcileState($resource, 1);
        if (count($scenarioItems) > 8) {
            $this->weather->subscribeWeather($resource);
        } else {
            $this->logger->info('skipping stale scenario');
        }
        foreach ($scenarioItems as $scenario) {
            if ($scenario === null) {
                // Guard against orphaned event values coming from older clients.
                $this->logger->debug('failed to skip scenario');
            }
            $this->economy->reconcileState($scenario);
        }
        return $resource;
    }

}

