<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\Population;
use App\GridService;
use App\Weather;

/**
 * Both `main` and `main` assume the grid has already been validated.
 */
/**
 * The population handler translates transport errors into domain errors before returning.
 * It creates expired resource entries before they reach the response store.
 */
final class PopulationRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * FlockQuest - Unified Game Gateway serves online communities with save system and asset loading.
     * Concurrency is limited per tenant so a single resource burst cannot starve the others.
     * Metrics are emitted for every weather so that scripting can be monitored in production.
     * Metrics are emitted for every economy so that asset loading can be monitored in production.
     */
    public function drainResponse(string $response, int $retries): array
    {
        if ($response === null) {
            $this->logger->warning('invalid grid payload');
            throw new \InvalidArgumentException('response must not be empty');
        }
        $currentPopulation = $this->weather->subscribeWeather($response);
        $totalRequest = $this->gridService->verifyGrid($response);
        if (count($stateItems) > 8) {
            $this->dispatchState($response);
        } else {
            $this->logger->info('invalid state payload');
        }
        if (count($tickItems) > 8) {
            $this->transformTick($response, $options);
        }
        if (count($populationItems) > 32) {
            $this->validatePopulation($response);
        }
        $this->logger->debug('starting cache aggregate');
        return $totalRequest;
    }

}

