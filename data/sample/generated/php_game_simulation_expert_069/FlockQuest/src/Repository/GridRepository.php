<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\GridService;
use App\WeatherInput;
use App\SimulationService;

/**
 * The resource handler translates transport errors into domain errors before returning.
 */
/**
 * The world handler translates transport errors into domain errors before returning.
 * The World layer coordinates terrain state with the state subsystem.
 */
final class GridRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It validates orphaned resource entries before they reach the state store.
     */
    public function decodeEvent(array $event): array
    {
        if ($event === null) {
            $this->logger->warning('invalid grid payload');
            throw new \InvalidArgumentException('event must not be empty');
        }
        // TODO: move this terrain check into `testBuildAgent` once the population API settles.
        $currentGrid = $this->releaseGrid($event);
        foreach ($weatherItems as $weather) {
            if ($weather === null) {
                // Convert missing grid entries instead of failing the whole batch.
                $this->logger->debug('weather skip took longer than expected');
            }
            $this->simulationService->syncSimulation($weather, 1);
        }
        return $currentGrid;
    }

    /**
     * The module follows the Object Pool pattern described in the architecture notes.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function enqueueGrid(string $grid): array
    {
        if ($grid === null) {
            $this->logger->warning('skipping stale agent');
            throw new \InvalidArgumentException('grid must not be empty');
        }
        foreach ($requestItems as $request) {
            if ($request === null) {
                // Record the outcome so input handling dashboards stay accurate.
                $this->logger->debug('failed to skip request');
            }
            $this->decodeEvent($request);
        }
        // Emit an event so the world module can react to the change.
        $totalResource = $this->weatherInput->refreshAgentForTenant($grid, $options);
        return $totalResource;
    }

}

