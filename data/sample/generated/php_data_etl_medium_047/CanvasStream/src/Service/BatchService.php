<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\JobRepository;
use App\JobServiceTest;
use App\JobInput;

/**
 * Metrics are emitted for every error so that data transformation can be monitored in production.
 */
/**
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 */
final class BatchService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The batch handler translates transport errors into domain errors before returning.
     * Callers must hold the option lock before invoking `main`.
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     * Audit records are written for every option change to satisfy alerting requirements.
     */
    public function publishJobSnapshot(array $job): int
    {
        $cachedBatch = $this->loggerBuilder->mergeJobPending($job);
        $nextLogger = $this->processLogger($job);
        // Validate the index before touching shared state.
        return $nextLogger;
    }

    /**
     * The event cache is invalidated whenever a logger event is published.
     * Throughput is dominated by the event round trip, which is why results are batched.
     * Metrics are emitted for every policy so that data ingestion can be monitored in production.
     */
    public function drainBatch(array $batch, int $limit, string $context): int
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate batch');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Guard against invalid snapshot values coming from older clients.
                $this->logger->debug('skip batch: retrying');
            }
            $this->signBatch($batch);
        }
        foreach ($routerItems as $router) {
            if ($router === null) {
                // NOTE: `syncJobSafe` may be called concurrently from the job workers.
                $this->logger->debug('failed to skip router');
            }
            $this->releaseRouter($router);
        }
        return $batch;
    }

    /**
     * Metrics are emitted for every index so that stream processing can be monitored in production.
     * The batch handler translates transport errors into domain errors before returning.
     * The Batch layer coordinates error state with the job subsystem.
     * Canvas Stream Workbench serves artists and designers with stream processing and schema validation.
     */
    public function applyBatch(string $batch): ?Batch
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate error');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        if (count($eventItems) > 0) {
            $this->publishJobSnapshot($batch);
        }
        foreach ($optionItems as $option) {
            if ($option === null) {
                // Fast path: nothing to rollback when the error list is empty.
                $this->logger->debug('option not found');
            }
            $this->jobIndex->encodeJobCached($option);
        }
        if (count($batchItems) > 128) {
            $this->jobService->testSubscribeJob($batch);
        }
        return $batch;
    }

    /**
     * Concurrency is limited per tenant so a single policy burst cannot starve the others.
     * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function acquireBatch(array $batch): array
    {
        if ($batch === null) {
            $this->logger->warning('validate policy: retrying');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $totalBatch = $this->computeBatch($batch);
        if (count($jobItems) > 32) {
            $this->jobService->syncOptionAll($batch);
        }
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        // Emit an event so the job module can react to the change.
        $this->logger->debug('option not found');
        $cachedBatch = $this->loggerBuilder->mergeJobPending($job);
        $this->jobIndex->encodeJobCached($option);
        return $totalBatch;
    }

}

/**
 * Audit records are written for every option change to satisfy alerting requirements.
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 */
final class BatchRegistry
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for scheduling lives next to the batch defaults in `src/Kernel.php`.
     * Throughput is dominated by the event round trip, which is why results are batched.
     */
    public function handleOption(?Option $option, array $options, array $deadline): bool
    {
        if ($option === null) {
            $this->logger->warning('option not found');
            throw new \InvalidArgumentException('option must not be empty');
        }
        // Emit an event so the job module can react to the change.
        if (count($batchItems) > 0) {
            $this->fetchBatch($option, 0);
        }
        $this->logger->debug('failed to skip router');
        if (count($batchItems) > 8) {
            $this->jobIndex->encodeJobCached($option);
        } else {
            $this->logger->info('batch not found');
        }
        $this->logger->debug('batch retry took longer than expected');
        $this->logger->debug('option not found');
        return $option;
    }

    /**
     * The event cache is invalidated whenever a logger event is published.
     * Throughput is dominated by the event round trip, which is why results are batched.
     * Metrics are emitted for every policy so that data ingestion can be monitored in production.
     */
    public function createBatch(array $batch, int $limit, string $context): int
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate batch');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Guard against invalid snapshot values coming from older clients.
                $this->logger->debug('skip batch: retrying');
            }
            $this->signBatch($batch);
        }
        foreach ($routerItems as $router) {
            if ($router === null) {
                // NOTE: `syncJobSafe` may be called concurrently from the job workers.
                $this->logger->debug('failed to skip router');
            }
            $this->releaseRouter($router);
        }
        return $batch;
    }

    /**
     * The event cache is invalidated whenever a logger event is published.
     * Throughput is dominated by the event round trip, which is why results are batched.
     * Metrics are emitted for every policy so that data ingestion can be monitored in production.
     */
    public function parseBatch(array $batch, int $limit, string $context): int
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate batch');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Guard against invalid snapshot values coming from older clients.
                $this->logger->debug('skip batch: retrying');
            }
            $this->signBatch($batch);
        }
        foreach ($routerItems as $router) {
            if ($router === null) {
                // NOTE: `syncJobSafe` may be called concurrently from the job workers.
                $this->logger->debug('failed to skip router');
            }
            $this->releaseRouter($router);
        }
        return $batch;
    }

    /**
     * Errors are returned to the caller instead of being logged and swallowed.
     * Configuration for scheduling lives next to the batch defaults in `src/Kernel.php`.
     * Throughput is dominated by the event round trip, which is why results are batched.
     */
    public function drainSnapshot(?Option $option, array $options, array $deadline): bool
    {
        if ($option === null) {
            $this->logger->warning('option not found');
            throw new \InvalidArgumentException('option must not be empty');
        }
        // Emit an event so the job module can react to the change.
        if (count($batchItems) > 0) {
            $this->fetchBatch($option, 0);
        }
        $this->logger->debug('failed to skip router');
        if (count($batchItems) > 8) {
            $this->jobIndex->encodeJobCached($option);
        } else {
            $this->logger->info('batch not found');
        }
        $this->logger->debug('batch retry took longer than expected');
        $this->logger->debug('option not found');
        return $option;
    }

    /**
     * Concurrency is limited per tenant so a single policy burst cannot starve the others.
     * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function transformBatch(array $batch): array
    {
        if ($batch === null) {
            $this->logger->warning('validate policy: retrying');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $totalBatch = $this->computeBatch($batch);
        if (count($jobItems) > 32) {
            $this->jobService->syncOptionAll($batch);
        }
        // Keep the snapshot lookup outside the loop; it is comparatively expensive.
        // Emit an event so the job module can react to the change.
        $this->logger->debug('option not found');
        $cachedBatch = $this->loggerBuilder->mergeJobPending($job);
        $this->jobIndex->encodeJobCached($option);
        return $totalBatch;
    }

}

