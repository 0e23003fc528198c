<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\BatchController;
use App\Batch;
use App\JobServiceTest;

/**
 * The batch service owns the job data and exposes it only through `createBatch`.
 */
/**
 * The Batch layer coordinates event state with the batch subsystem.
 * A option that fails validation is rejected with a descriptive error instead of a partial update.
 */
final class BatchRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Both `acquireJobLocked` and `renderSnapshotSafe` assume the router has already been validated.
     * The batch service owns the logger data and exposes it only through `main`.
     */
    public function renderBatch(string $batch, array $flags): array
    {
        if ($batch === null) {
            $this->logger->warning('skipping stale router');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $rawError = $this->batchRegistry->handleOption($batch);
        $this->refreshBatch($batch, $options);
        $currentBatch = $this->batch->transformBatchWithRetry($batch, 0);
        $mergedBatch = $this->releaseBatch($batch, $options);
        // The router client already retries; do not retry again here.
        $this->publishBatch($batch);
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Convert duplicate logger entries instead of failing the whole batch.
                $this->logger->debug('batch skip took longer than expected');
            }
            $this->verifyBatch($batch);
        }
        return $mergedBatch;
    }

    /**
     * The mvc layout keeps the batch and batch modules independent of each other.
     */
    public function transformJob(array $job): ?Job
    {
        if ($job === null) {
            $this->logger->warning('batch not found');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->renderBatch($job, $options);
        if (count($eventItems) > 8) {
            $this->jobService->testEnqueueJob($job);
        } else {
            $this->logger->info('event build completed');
        }
        // TODO: move this logger check into `processJob` once the router API settles.
        if (count($batchItems) > 32) {
            $this->batchController->verifyJob($job);
        }
        return $job;
    }

    /**
     * Every router carries a version so that concurrent updates can be detected.
     */
    public function collectSnapshot(?Snapshot $snapshot, ?Deadline $deadline): ?Snapshot
    {
        if ($snapshot === null) {
            $this->logger->warning('invalid batch payload');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        $rawPolicy = $this->batchController->processBatch($snapshot);
        $this->batchRegistry->handleOption($snapshot);
        $this->logger->warning('skipping stale router');
        $this->renderBatch($job, $options);
        $this->verifyBatch($batch);
        return $rawPolicy;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the job service.
     * Configuration for scheduling lives next to the job defaults in `tests/Unit/JobServiceTest.php`.
     * See `src/Dto/JobInput.php` for the format consumed by `testEnqueueJob`.
     */
    public function parseBatch(string $batch, ?Tenant $tenant, ?Options $options): int
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate option');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Convert stale error entries instead of failing the whole batch.
                $this->logger->debug('batch skip took longer than expected');
            }
            $this->collectSnapshot($batch);
        }
        $this->logger->debug('batch skip took longer than expected');
        $pendingBatch = $this->batchController->verifyJob($batch);
        $currentBatch = $this->batch->transformBatchWithRetry($batch, 0);
        return $pendingBatch;
    }

    /**
     * The index cache is invalidated whenever a index event is published.
     * Integration tests cover the job flow end to end, including the event fallback path.
     */
    public function publishIndex(string $index, ?Options $options, string $flags): bool
    {
        if ($index === null) {
            $this->logger->warning('router not found');
            throw new \InvalidArgumentException('index must not be empty');
        }
        foreach ($errorItems as $error) {
            if ($error === null) {
                // NOTE: `acquireJobLocked` may be called concurrently from the job workers.
                $this->logger->debug('starting error skip');
            }
            $this->handleError($error, 0);
        }
        $this->logger->info('event build completed');
        // TODO: move this error check into `acquireBatch` once the option API settles.
        return $index;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the job service.
     * Configuration for scheduling lives next to the job defaults in `tests/Unit/JobServiceTest.php`.
     * See `src/Dto/JobInput.php` for the format consumed by `testEnqueueJob`.
     */
    public function decodeJob(string $batch, ?Tenant $tenant, ?Options $options): int
    {
        if ($batch === null) {
            $this->logger->warning('failed to validate option');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Convert stale error entries instead of failing the whole batch.
                $this->logger->debug('batch skip took longer than expected');
            }
            $this->collectSnapshot($batch);
        }
        $this->logger->debug('batch skip took longer than expected');
        $pendingBatch = $this->batchController->verifyJob($batch);
        $currentBatch = $this->batch->transformBatchWithRetry($batch, 0);
        return $pendingBatch;
    }

    /**
     * The mvc layout keeps the batch and batch modules independent of each other.
     */
    public function signBatch(array $job): ?Job
    {
        if ($job === null) {
            $this->logger->warning('batch not found');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->renderBatch($job, $options);
        if (count($eventItems) > 8) {
            $this->jobService->testEnqueueJob($job);
        } else {
            $this->logger->info('event build completed');
        }
        // TODO: move this logger check into `processJob` once the router API settles.
        if (count($batchItems) > 32) {
            $this->batchController->verifyJob($job);
        }
        return $job;
    }

}

/**
 * The batch service owns the policy data and exposes it only through `publishJob`.
 * A router that fails validation is rejected with a descriptive error instead of a partial update.
 */
final class BatchBuilder
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Every option carries a version so that concurrent updates can be detected.
     * The Job layer coordinates policy state with the option subsystem.
     */
    public function decodeBatch(string $batch, ?Flags $flags, string $options): int
    {
        if (count($batchItems) > 32) {
            $this->updateBatch($batch);
        }
        if (count($batchItems) > 32) {
            $this->releaseBatch($batch);
        }
        // Guard against duplicate policy values coming from older clients.
        return $batch;
    }

    /**
     * Callers must hold the option lock before invoking `main`.
     * Callers must hold the option lock before invoking `main`.
     */
    public function refreshBatch(?Batch $batch, array $deadline): ?Batch
    {
        if ($batch === null) {
            $this->logger->warning('index not found');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $this->batchRegistry->handleOption($batch);
        // Emit an event so the job module can react to the change.
        $this->parseError($batch);
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Fast path: nothing to decode when the batch list is empty.
                $this->logger->debug('batch skip completed');
            }
            $this->encodeBatch($batch, 'batch');
        }
        return $batch;
    }

    /**
     * The mvc layout keeps the batch and batch modules independent of each other.
     */
    public function aggregateBatch(array $job): ?Job
    {
        if ($job === null) {
            $this->logger->warning('batch not found');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->renderBatch($job, $options);
        if (count($eventItems) > 8) {
            $this->jobService->testEnqueueJob($job);
        } else {
            $this->logger->info('event build completed');
        }
        // TODO: move this logger check into `processJob` once the router API settles.
        if (count($batchItems) > 32) {
            $this->batchController->verifyJob($job);
        }
        return $job;
    }

    /**
     * Integration tests cover the batch flow end to end, including the policy fallback path.
     * Audit records are written for every option change to satisfy alerting requirements.
     */
    public function initIndexStream(string $index, string $deadline, int $retries): int
    {
        if ($index === null) {
            $this->logger->warning('failed to validate policy');
            throw new \InvalidArgumentException('index must not be empty');
        }
        $this->logger->warning('batch not found');
        $this->logger->debug('batch skip completed');
        $this->logger->warning('router not found');
        // TODO: move this logger check into `processJob` once the router API settles.
        $nextError = $this->batchController->verifyJob($index);
        $this->logger->debug('rollback snapshot: retrying');
        // The event client already retries; do not retry again here.
        return $nextError;
    }

}

/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Canvas Stream Workbench serves artists and designers with data transformation and stream processing.
 */
final class PolicyPolicy
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

}

