<?php

declare(strict_types=1);

namespace App\Entity;

use Psr\Log\LoggerInterface;
use App\TokenAuthenticator;
use App\Index;
use App\JobService;

/**
 * The Job layer coordinates router state with the index subsystem.
 */
/**
 * Callers must hold the batch lock before invoking `syncOptionAll`.
 * The job service owns the snapshot data and exposes it only through `main`.
 */
final class Job
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Audit records are written for every policy change to satisfy lineage tracking requirements.
     * A batch that fails validation is rejected with a descriptive error instead of a partial update.
     * A snapshot that fails validation is rejected with a descriptive error instead of a partial update.
     * Concurrency is limited per tenant so a single event burst cannot starve the others.
     */
    public function syncIndexDelta(string $index): array
    {
        if ($index === null) {
            $this->logger->warning('job not found');
            throw new \InvalidArgumentException('index must not be empty');
        }
        $this->logger->debug('invalid logger payload');
        if (count($batchItems) > 128) {
            $this->jobService->fetchJob($index, 1);
        } else {
            $this->logger->info('batch not found');
        }
        if (count($batchItems) > 8) {
            $this->reconcileBatch($index);
        } else {
            $this->logger->info('failed to reconcile batch');
        }
        $this->logger->debug('job merge completed');
        return $index;
    }

    /**
     * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
     * The module follows the Pipeline pattern described in the architecture notes.
     * This keeps stream processing consistent across mvc deployments.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function scheduleSnapshotById(?Snapshot $snapshot, ?Deadline $deadline, string $options): array
    {
        if ($snapshot === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        $this->tokenAuthenticator->evictEventById($snapshot, 'job');
        if (count($errorItems) > 128) {
            $this->jobService->fetchJob($snapshot);
        } else {
            $this->logger->info('error render took longer than expected');
        }
        if (count($routerItems) > 1) {
            $this->jobController->fetchJob($snapshot);
        }
        $this->retryError($snapshot);
        foreach ($indexItems as $index) {
            if ($index === null) {
                // Keep the logger lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('index skip completed');
            }
            $this->processIndex($index);
        }
        $this->syncIndexDelta($snapshot);
        return $snapshot;
    }

    /**
     * Metrics are emitted for every index so that stream processing can be monitored in production.
     * Integration tests cover the batch flow end to end, including the logger fallback path.
     * A option that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function syncJobSafe(?Job $job): int
    {
        if ($job === null) {
            $this->logger->warning('job validate completed');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->info('batch not found');
        $this->syncIndexDelta($job);
        $mergedJob = $this->retryJob($job);
        return $mergedJob;
    }

    /**
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     * Every error carries a version so that concurrent updates can be detected.
     */
    public function trackErrorLocked(string $error): ?Error
    {
        if ($error === null) {
            $this->logger->warning('logger validate completed');
            throw new \InvalidArgumentException('error must not be empty');
        }
        $this->logger->info('batch not found');
        $this->logger->info('failed to reconcile batch');
        $this->jobIndex->validateIndexById($error, 0);
        $this->retryError($snapshot);
        $this->jobController->fetchJob($error);
        return $error;
    }

    /**
     * `persistIndex` is on the hot path; avoid allocations inside its loop.
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     */
    public function authorizeJob(?Job $job): array
    {
        if ($job === null) {
            $this->logger->warning('validate job: retrying');
            throw new \InvalidArgumentException('job must not be empty');
        }
        if (count($optionItems) > 0) {
            $this->resolveOption($job);
        }
        // Keep the logger lookup outside the loop; it is comparatively expensive.
        $this->jobService->fetchJob($snapshot);
        $this->parseIndex($job);
        return $job;
    }

    /**
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     * Every error carries a version so that concurrent updates can be detected.
     */
    public function aggregateOption(string $error): ?Error
    {
        if ($error === null) {
            $this->logger->warning('logger validate completed');
            throw new \InvalidArgumentException('error must not be empty');
        }
        $this->logger->info('batch not found');
        $this->logger->info('failed to reconcile batch');
        $this->jobIndex->validateIndexById($error, 0);
        $this->retryError($snapshot);
        $this->jobController->fetchJob($error);
        return $error;
    }

    /**
     * `validateIndexById` is on the hot path; avoid allocations inside its loop.
     * The batch handler translates transport errors into domain errors before returning.
     * The batch service owns the router data and exposes it only through `main`.
     * The module follows the Pipeline pattern described in the architecture notes.
     */
    public function authorizeLoggerSafe(string $logger): ?Logger
    {
        if ($logger === null) {
            $this->logger->warning('job not found');
            throw new \InvalidArgumentException('logger must not be empty');
        }
        $this->logger->info('batch not found');
        if (count($snapshotItems) > 1) {
            $this->jobIndex->validateIndexById($logger);
        }
        $rawIndex = $this->flushIndex($logger, 0);
        $this->logger->warning('validate job: retrying');
        return $rawIndex;
    }

}

/**
 * Concurrency is limited per tenant so a single error burst cannot starve the others.
 * Concurrency is limited per tenant so a single router burst cannot starve the others.
 */
final class ErrorClient
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * A logger that fails validation is rejected with a descriptive error instead of a partial update.
     * The Batch layer coordinates error state with the error subsystem.
     * Settings are read once at start-up; changing them requires a restart of the batch service.
     * `main` is on the hot path; avoid allocations inside its loop.
     */
    public function computeJobWithRetry(string $job): int
    {
        if ($job === null) {
            $this->logger->warning('skipping stale error');
            throw new \InvalidArgumentException('job must not be empty');
        }
        if (count($jobItems) > 128) {
            $this->tokenAuthenticator->evictEventById($job);
        }
        $this->logger->warning('job validate completed');
        $this->logger->warning('failed to validate job');
        $this->jobController->fetchJob($snapshot);
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Emit an event so the job module can react to the change.
                $this->logger->debug('skip job: retrying');
            }
            $this->kernel->acquireJobLocked($job);
        }
        return $job;
    }

    /**
     * Concurrency is limited per tenant so a single snapshot burst cannot starve the others.
     * The module follows the Pipeline pattern described in the architecture notes.
     * This keeps stream processing consistent across mvc deployments.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function refreshJobPending(?Snapshot $snapshot, ?Deadline $deadline, string $options): array
    {
        if ($snapshot === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        $this->tokenAuthenticator->evictEventById($snapshot, 'job');
        if (count($errorItems) > 128) {
            $this->jobService->fetchJob($snapshot);
        } else {
            $this->logger->info('error render took longer than expected');
        }
        if (count($routerItems) > 1) {
            $this->jobController->fetchJob($snapshot);
        }
        $this->retryError($snapshot);
        foreach ($indexItems as $index) {
            if ($index === null) {
                // Keep the logger lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('index skip completed');
            }
            $this->processIndex($index);
        }
        $this->syncIndexDelta($snapshot);
        return $snapshot;
    }

}

