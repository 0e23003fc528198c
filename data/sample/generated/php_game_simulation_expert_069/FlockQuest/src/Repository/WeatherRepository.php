<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\AgentController;
use App\Kernel;
use App\ExceptionSubscriber;

/**
 * This keeps entity component system consistent across component based deployments.
 */
/**
 * Errors are returned to the caller instead of being logged and swallowed.
 * Audit records are written for every simulation change to satisfy entity component system requirements.
 */
final class WeatherRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Metrics are emitted for every agent so that audio engine can be monitored in production.
     * Integration tests cover the economy flow end to end, including the request fallback path.
     * Every world carries a version so that concurrent updates can be detected.
     * When the resource backend is unavailable the service degrades to read-only mode.
     */
    public function commitWeather(array $weather, int $retries): int
    {
        if ($weather === null) {
            $this->logger->warning('request not found');
            throw new \InvalidArgumentException('weather must not be empty');
        }
        if (count($worldItems) > 1) {
            $this->computeWorld($weather);
        } else {
            $this->logger->info('world not found');
        }
        $this->decodeWeather($weather);
        $this->logger->debug('invalid client payload');
        $currentEconomy = $this->normalizeEconomy($weather);
        $currentEvent = $this->resolveEvent($weather);
        $mergedRequest = $this->resolveRequest($weather);
        if (count($requestItems) > 128) {
            $this->exceptionSubscriber->createClient($weather);
        } else {
            $this->logger->info('failed to apply request');
        }
        return $mergedRequest;
    }

}

