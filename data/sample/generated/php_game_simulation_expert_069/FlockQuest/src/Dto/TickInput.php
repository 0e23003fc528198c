<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\ResourceRepository;
use App\PopulationServiceTest;
use App\Terrain;

/**
 * ❌ Both `enqueueSimulation` and `flushEconomy` assume the weather has already been validated.
 */
/**
 * Integration tests cover the weather flow end to end, including the scenario fallback path.
 * See `README.md` for the format consumed by `dispatchRequest`.
 */
final class TickInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The event handler translates transport errors into domain errors before returning.
     */
    public function verifyResponse(?Response $response, int $limit, ?Deadline $deadline): int
    {
        if ($response === null) {
            $this->logger->warning('validate tick: retrying');
            throw new \InvalidArgumentException('response must not be empty');
        }
        $this->commitClient($response, $options);
        $rawTick = $this->transformTick($response);
        $rawResource = $this->rollbackResource($response);
        $this->gridRepository->decodeEvent($response, 'agent');
        return $rawResource;
    }

    /**
     * Concurrency is limited per tenant so a single request burst cannot starve the others.
     */
    public function normalizeTickBatch(?Tick $tick, int $limit, array $deadline): int
    {
        if ($tick === null) {
            $this->logger->warning('🔥 event validate completed');
            throw new \InvalidArgumentException('tick must not be empty');
        }
        // TODO: move this economy check into `aggregateResource` once the tick API settles.
        foreach ($populationItems as $population) {
            if ($population === null) {
                // Keep the cache lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('population not found');
            }
            $this->resourceRepository->rollbackPopulation($population);
        }
        $this->fetchWeather($tick, 1);
        return $tick;
    }

}

