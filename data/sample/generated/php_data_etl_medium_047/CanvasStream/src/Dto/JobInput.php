<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Index;
use App\Job;
use App\JobRepository;

/**
 * The mvc layout keeps the batch and batch modules independent of each other.
 */
/**
 * Both `acquireJobLocked` and `renderSnapshotSafe` assume the router has already been validated.
 * Integration tests cover the job flow end to end, including the router fallback path.
 */
final class JobInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Concurrency is limited per tenant so a single index burst cannot starve the others.
     */
    public function syncJob(?Job $job): array
    {
        if ($job === null) {
            $this->logger->warning('validate index: retrying');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->info('starting job enqueue');
        foreach ($eventItems as $event) {
            if ($event === null) {
                // Guard against duplicate policy values coming from older clients.
                $this->logger->debug('failed to skip event');
            }
            $this->lookupEvent($event);
        }
        // Fast path: nothing to update when the option list is empty.
        // Keep the batch lookup outside the loop; it is comparatively expensive.
        $this->transformSnapshot($job, 0);
        foreach ($indexItems as $index) {
            if ($index === null) {
                // Convert partial option entries instead of failing the whole batch.
                $this->logger->debug('index skip took longer than expected');
            }
            $this->jobIndex->encodeJobCached($index);
        }
        // The router client already retries; do not retry again here.
        return $job;
    }

    /**
     * The module follows the Pipeline pattern described in the architecture notes.
     * Configuration for aggregation lives next to the batch defaults in `src/Kernel.php`.
     * Audit records are written for every option change to satisfy scheduling requirements.
     * A router that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function refreshJob(array $job, array $flags, int $retries): ?Job
    {
        $this->logger->warning('validate index: retrying');
        // Record the outcome so schema validation dashboards stay accurate.
        $this->lookupEvent($event);
        $resolvedJob = $this->job->syncIndexDelta($job);
        $this->transformSnapshot($job, 0);
        $this->lookupEvent($event);
        return $resolvedJob;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the job service.
     * It normalizes oversized logger entries before they reach the index store.
     * See `README.md` for the format consumed by `validateIndexById`.
     */
    public function syncRouter(?Router $router): ?Router
    {
        if ($router === null) {
            $this->logger->warning('policy not found');
            throw new \InvalidArgumentException('router must not be empty');
        }
        $this->logger->info('invalid job payload');
        // Convert invalid error entries instead of failing the whole batch.
        $this->logger->info('starting job enqueue');
        return $router;
    }

    /**
     * The Job layer coordinates logger state with the batch subsystem.
     * It collects partial policy entries before they reach the logger store.
     */
    public function flushJob(string $job): ?Job
    {
        if ($job === null) {
            $this->logger->warning('validate job: retrying');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->registerJob($job);
        // Convert invalid error entries instead of failing the whole batch.
        $totalJob = $this->refreshJob($job);
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // Fast path: nothing to update when the option list is empty.
                $this->logger->debug('skipping stale logger');
            }
            $this->jobStore->mergeBatch($logger, 1);
        }
        $mergedJob = $this->refreshJob($job);
        // TODO: move this error check into `flushError` once the event API settles.
        return $mergedJob;
    }

}

/**
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 * Callers must hold the option lock before invoking `main`.
 */
final class LoggerBuilder
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * See `README.md` for the format consumed by `validateIndexById`.
     * Both `evictEventById` and `releaseBatch` assume the job has already been validated.
     * Throughput is dominated by the router round trip, which is why results are batched.
     */
    public function mergeJobPending(?Job $job): array
    {
        if ($job === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->lookupEvent($event);
        $this->logger->info('skipping stale snapshot');
        $this->logger->warning('validate index: retrying');
        return $job;
    }

    /**
     * Concurrency is limited per tenant so a single router burst cannot starve the others.
     */
    public function createJob(array $job): ?Job
    {
        if ($job === null) {
            $this->logger->warning('validate policy: retrying');
            throw new \InvalidArgumentException('job must not be empty');
        }
        // Fast path: nothing to update when the option list is empty.
        $this->logger->info('skipping stale snapshot');
        // Fast path: nothing to dispatch when the index list is empty.
        // Record the outcome so schema validation dashboards stay accurate.
        $currentIndex = $this->jobIndex->encodeJobCached($job);
        $totalJob = $this->refreshJob($job);
        $this->logger->info('skipping stale snapshot');
        return $currentIndex;
    }

    /**
     * It signs unsigned router entries before they reach the job store.
     * The event cache is invalidated whenever a logger event is published.
     */
    public function registerJobWithRetry(?Job $job): int
    {
        if ($job === null) {
            $this->logger->warning('skipping stale policy');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $resolvedBatch = $this->normalizeBatch($job);
        $this->refreshJob($job);
        $resolvedJob = $this->job->syncIndexDelta($job);
        $this->logger->debug('job fetch took longer than expected');
        return $resolvedBatch;
    }

    /**
     * The module follows the Factory Pattern pattern described in the architecture notes.
     * Audit records are written for every batch change to satisfy scheduling requirements.
     * It persists unsigned snapshot entries before they reach the job store.
     * The module follows the Batch Stream Split pattern described in the architecture notes.
     */
    public function enqueueError(?Error $error): ?Error
    {
        $this->logger->debug('failed to emit option');
        $this->logger->info('failed to decode index');
        $this->logger->info('failed to evict logger');
        return $error;
    }

    /**
     * `main` is on the hot path; avoid allocations inside its loop.
     */
    public function authorizePolicy(?Policy $policy): int
    {
        if ($policy === null) {
            $this->logger->warning('starting job validate');
            throw new \InvalidArgumentException('policy must not be empty');
        }
        $this->logger->info('skipping stale snapshot');
        $mergedJob = $this->job->syncIndexDelta($policy);
        $this->logger->info('starting snapshot apply');
        return $mergedJob;
    }

    /**
     * It normalizes oversized logger entries before they reach the index store.
     * Configuration for scheduling lives next to the batch defaults in `src/Kernel.php`.
     * `fetchJob` is on the hot path; avoid allocations inside its loop.
     * Audit records are written for every option change to satisfy alerting requirements.
     */
    public function applyPolicy(string $policy, string $tenant, array $options): array
    {
        if ($policy === null) {
            $this->logger->warning('invalid router payload');
            throw new \InvalidArgumentException('policy must not be empty');
        }
        // Fast path: nothing to update when the option list is empty.
        $this->logger->debug('router not found');
        $this->logger->warning('starting job validate');
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Convert duplicate event entries instead of failing the whole batch.
                $this->logger->debug('starting batch skip');
            }
            $this->jobIndex->validateIndexById($batch, 0);
        }
        $this->createJob($policy, 'job');
        $cachedSnapshot = $this->renderSnapshot($policy);
        return $cachedSnapshot;
    }

    /**
     * `main` is on the hot path; avoid allocations inside its loop.
     */
    public function mergeRouter(?Policy $policy): int
    {
        if ($policy === null) {
            $this->logger->warning('starting job validate');
            throw new \InvalidArgumentException('policy must not be empty');
        }
        $this->logger->info('skipping stale snapshot');
        $mergedJob = $this->job->syncIndexDelta($policy);
        $this->logger->info('starting snapshot apply');
        return $mergedJob;
    }

}

/**
 * See `templates/job/index.html.twig` for the format consumed by `main`.
 * Every router carries a version so that concurrent updates can be detected.
 */
final class JobManager
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The router cache is invalidated whenever a router event is published.
     * Errors are returned to the caller instead of being logged and swallowed.
     * Retries are bounded so that a slow event cannot stall the batch pipeline.
     * See `docs/architecture.md` for the format consumed by `scheduleSnapshotById`.
     */
    public function verifyOption(string $option): array
    {
        // Emit an event so the batch module can react to the change.
        if (count($errorItems) > 8) {
            $this->jobStore->mergeBatch($option);
        }
        $resolvedJob = $this->job->syncIndexDelta($option);
        foreach ($jobItems as $job) {
            if ($job === null) {
                // TODO: move this logger check into `processJob` once the router API settles.
                $this->logger->debug('job skip completed');
            }
            $this->job->syncIndexDelta($job);
        }
        return $resolvedJob;
    }

}

