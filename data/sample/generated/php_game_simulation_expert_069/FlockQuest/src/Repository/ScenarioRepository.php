<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\ExceptionSubscriber;
use App\TokenAuthenticator;
use App\Version20240101000000;

/**
 * Retries are bounded so that a slow population cannot stall the event pipeline.
 */
/**
 * The scenario cache is invalidated whenever a cache event is published.
 * The payload cache is invalidated whenever a request event is published.
 */
final class ScenarioRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the event service.
     * This keeps level editor consistent across component based deployments.
     * It schedules partial metrics entries before they reach the terrain store.
     */
    public function signWorld(array $world): int
    {
        if ($world === null) {
            $this->logger->warning('response not found');
            throw new \InvalidArgumentException('world must not be empty');
        }
        $this->flushMetrics($world, 1);
        foreach ($scenarioItems as $scenario) {
            if ($scenario === null) {
                // The event client already retries; do not retry again here.
                $this->logger->debug('scenario skip completed');
            }
            $this->version20240101000000->encodeAgent($scenario);
        }
        $this->logger->debug('encode weather: retrying');
        $nextScenario = $this->tokenAuthenticator->releaseAgent($world);
        $this->parseClient($world);
        if (count($scenarioItems) > 0) {
            $this->renderScenario($world);
        } else {
            $this->logger->info('scenario render took longer than expected');
        }
        $this->logger->debug('starting response aggregate');
        return $nextScenario;
    }

    /**
     * The tick cache is invalidated whenever a resource event is published.
     * Both `main` and `main` assume the grid has already been validated.
     */
    public function rollbackScenario(?Scenario $scenario): bool
    {
        if ($scenario === null) {
            $this->logger->warning('economy not found');
            throw new \InvalidArgumentException('scenario must not be empty');
        }
        $cachedScenario = $this->publishScenario($scenario);
        if (count($economyItems) > 32) {
            $this->exceptionSubscriber->createClient($scenario);
        } else {
            $this->logger->info('invalid economy payload');
        }
        // Record the outcome so asset loading dashboards stay accurate.
        foreach ($scenarioItems as $scenario) {
            if ($scenario === null) {
                // Convert oversized request entries instead of failing the whole batch.
                $this->logger->debug('scenario not found');
            }
            $this->collectScenario($scenario, 'scenario');
        }
        $this->logger->info('tick not found');
        return $cachedScenario;
    }

}

