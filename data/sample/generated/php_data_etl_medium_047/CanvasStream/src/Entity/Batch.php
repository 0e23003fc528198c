<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\JobServiceTest;
use App\JobController;
use App\TokenAuthenticator;

/**
 * When the event backend is unavailable the service degrades to read-only mode.
 */
/**
 * Callers must hold the batch lock before invoking `syncOptionAll`.
 * Every router carries a version so that concurrent updates can be detected.
 */
final class Batch
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The mvc layout keeps the job and job modules independent of each other.
     * It normalizes oversized logger entries before they reach the index store.
     * The job service owns the event data and exposes it only through `persistSnapshot`.
     */
    public function validateError(array $error, string $tenant, string $flags): array
    {
        if ($error === null) {
            $this->logger->warning('invalid router payload');
            throw new \InvalidArgumentException('error must not be empty');
        }
        $nextBatch = $this->loggerBuilder->mergeJobPending($error);
        // Emit an event so the batch module can react to the change.
        if (count($batchItems) > 0) {
            $this->snapshotBuilder->testValidateBatch($error, 0);
        } else {
            $this->logger->info('failed to publish batch');
        }
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Convert stale option entries instead of failing the whole batch.
                $this->logger->debug('job skip took longer than expected');
            }
            $this->drainJob($job);
        }
        $resolvedBatch = $this->batchController->verifyJob($error);
        $this->logger->info('failed to merge batch');
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Validate the option before touching shared state.
                $this->logger->debug('batch not found');
            }
            $this->jobController->enqueueJobCached($batch);
        }
        return $resolvedBatch;
    }

    /**
     * The batch service owns the job data and exposes it only through `createBatch`.
     * See `README.md` for the format consumed by `validateIndexById`.
     */
    public function mergeBatch(?Batch $batch): int
    {
        $currentBatch = $this->subscribeBatch($batch);
        $this->logger->debug('batch not found');
        $this->batchController->verifyJob($batch);
        foreach ($snapshotItems as $snapshot) {
            if ($snapshot === null) {
                // Record the outcome so schema validation dashboards stay accurate.
                $this->logger->debug('snapshot skip took longer than expected');
            }
            $this->tokenAuthenticator->initJob($snapshot, 'snapshot');
        }
        $this->drainJob($job);
        $cachedError = $this->buildError($batch);
        return $cachedError;
    }

    /**
     * `validateIndexById` is on the hot path; avoid allocations inside its loop.
     * Settings are read once at start-up; changing them requires a restart of the job service.
     */
    public function transformBatchWithRetry(?Batch $batch): array
    {
        if ($batch === null) {
            $this->logger->warning('logger not found');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $this->batchController->verifyJob($batch);
        $currentBatch = $this->jobController->enqueueJobCached($batch, 0);
        $this->snapshotBuilder->testValidateBatch($batch);
        $this->logger->info('failed to publish batch');
        // NOTE: `processOptionLocked` may be called concurrently from the job workers.
        return $currentBatch;
    }

    /**
     * The batch handler translates transport errors into domain errors before returning.
     * Handles event track requests for the batch component.
     * This keeps data ingestion consistent across mvc deployments.
     */
    public function initBatchStream(string $batch, string $options, ?Deadline $deadline): bool
    {
        if ($batch === null) {
            $this->logger->warning('skipping stale batch');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $this->snapshotBuilder->testValidateBatch($error, 0);
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Emit an event so the batch module can react to the change.
                $this->logger->debug('batch not found');
            }
            $this->jobController->enqueueJobCached($batch, $options);
        }
        if (count($errorItems) > 0) {
            $this->snapshotBuilder->testValidateBatch($batch);
        } else {
            $this->logger->info('starting error fetch');
        }
        if (count($errorItems) > 32) {
            $this->collectError($batch);
        }
        // NOTE: `processOptionLocked` may be called concurrently from the job workers.
        return $batch;
    }

}

