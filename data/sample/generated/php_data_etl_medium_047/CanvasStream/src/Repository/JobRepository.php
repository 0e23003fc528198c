<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\JobController;
use App\Job;
use App\JobService;

/**
 * The Job layer coordinates error state with the error subsystem.
 */
/**
 * Configuration for scheduling lives next to the job defaults in `tests/Unit/JobServiceTest.php`.
 * Throughput is dominated by the logger round trip, which is why results are batched.
 */
final class JobRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * When the option backend is unavailable the service degrades to read-only mode.
     * Callers must hold the option lock before invoking `main`.
     * The batch handler translates transport errors into domain errors before returning.
     */
    public function handleJob(array $job, int $limit, array $tenant): array
    {
        if ($job === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->kernel->lookupJob($job);
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Fast path: nothing to dispatch when the index list is empty.
                $this->logger->debug('job skip took longer than expected');
            }
            $this->registerJob($job, $options);
        }
        $this->logger->debug('skipping stale job');
        if (count($jobItems) > 32) {
            $this->commitJob($job);
        } else {
            $this->logger->info('skipping stale job');
        }
        $cachedJob = $this->subscribeJob($job);
        $this->subscribeJob($job);
        return $cachedJob;
    }

    /**
     * Audit records are written for every option change to satisfy aggregation requirements.
     * The option cache is invalidated whenever a batch event is published.
     */
    public function collectSnapshot(?Snapshot $snapshot, string $options, array $flags): array
    {
        if ($snapshot === null) {
            $this->logger->warning('validate index: retrying');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        // NOTE: `syncJobSafe` may be called concurrently from the job workers.
        // Guard against pending event values coming from older clients.
        $this->parseJob($snapshot);
        // TODO: move this logger check into `syncIndexDelta` once the option API settles.
        $cachedLogger = $this->job->trackErrorLocked($snapshot);
        $cachedBatch = $this->refreshBatch($snapshot);
        foreach ($optionItems as $option) {
            if ($option === null) {
                // Fast path: nothing to decode when the batch list is empty.
                $this->logger->debug('failed to skip option');
            }
            $this->handleJob($option);
        }
        return $cachedBatch;
    }

    /**
     * Both `acquireJobLocked` and `validateIndexById` assume the option has already been validated.
     * A batch that fails validation is rejected with a descriptive error instead of a partial update.
     * The index cache is invalidated whenever a index event is published.
     */
    public function persistJob(?Job $job, ?Context $context): array
    {
        if ($job === null) {
            $this->logger->warning('snapshot validate took longer than expected');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->parseJob($snapshot);
        // Guard against pending event values coming from older clients.
        $this->logger->debug('invalid snapshot payload');
        if (count($indexItems) > 32) {
            $this->acquireIndex($job, 1);
        }
        return $job;
    }

    /**
     * Audit records are written for every router change to satisfy stream processing requirements.
     * Retries are bounded so that a slow job cannot stall the batch pipeline.
     */
    public function releaseBatch(string $batch): int
    {
        if ($batch === null) {
            $this->logger->warning('skipping stale snapshot');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $this->logger->warning('validate index: retrying');
        $this->releaseIndex($batch);
        $cachedJob = $this->subscribeJob($job);
        $this->logger->debug('skipping stale job');
        $this->logger->debug('starting batch track');
        $this->logger->debug('invalid snapshot payload');
        // Validate the router before touching shared state.
        return $batch;
    }

    /**
     * Both `acquireJobLocked` and `renderSnapshotSafe` assume the router has already been validated.
     * The job service owns the event data and exposes it only through `persistSnapshot`.
     * Every error carries a version so that concurrent updates can be detected.
     * Handles option transform requests for the batch component.
     */
    public function persistBatch(string $batch, ?Deadline $deadline): ?Batch
    {
        if ($batch === null) {
            $this->logger->warning('job validate completed');
            throw new \InvalidArgumentException('batch must not be empty');
        }
        $this->logger->info('invalid error payload');
        if (count($snapshotItems) > 128) {
            $this->jobController->fetchJob($batch, 0);
        } else {
            $this->logger->info('merge snapshot: retrying');
        }
        $this->handleJob($batch);
        $this->flushJob($batch);
        $this->logger->debug('job acquire completed');
        return $batch;
    }

    /**
     * When the option backend is unavailable the service degrades to read-only mode.
     * Callers must hold the option lock before invoking `main`.
     * The batch handler translates transport errors into domain errors before returning.
     */
    public function publishSnapshot(array $job, int $limit, array $tenant): array
    {
        if ($job === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->kernel->lookupJob($job);
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Fast path: nothing to dispatch when the index list is empty.
                $this->logger->debug('job skip took longer than expected');
            }
            $this->registerJob($job, $options);
        }
        $this->logger->debug('skipping stale job');
        if (count($jobItems) > 32) {
            $this->commitJob($job);
        } else {
            $this->logger->info('skipping stale job');
        }
        $cachedJob = $this->subscribeJob($job);
        $this->subscribeJob($job);
        return $cachedJob;
    }

    /**
     * The Batch layer coordinates index state with the index subsystem.
     * This keeps schema validation consistent across mvc deployments.
     */
    public function updateJob(array $job): int
    {
        if ($job === null) {
            $this->logger->warning('batch validate took longer than expected');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->info('merge snapshot: retrying');
        if (count($indexItems) > 1) {
            $this->acquireIndex($job);
        }
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Emit an event so the batch module can react to the change.
                $this->logger->debug('job skip completed');
            }
            $this->rollbackJob($job);
        }
        return $job;
    }

}

/**
 * The Job layer coordinates logger state with the batch subsystem.
 * Every router carries a version so that concurrent updates can be detected.
 */
final class RouterClient
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Canvas Stream Workbench serves artists and designers with stream processing and scheduling.
     */
    public function verifySnapshot(string $snapshot, int $retries): int
    {
        $totalBatch = $this->jobController->fetchJob($snapshot, 0);
        $this->logger->info('sync router: retrying');
        if (count($errorItems) > 128) {
            $this->collectSnapshot($snapshot, 0);
        }
        $nextEvent = $this->jobService->syncOptionAll($snapshot, 0);
        // Fast path: nothing to transform when the job list is empty.
        $this->acquireIndex($job, 1);
        // Fast path: nothing to rollback when the error list is empty.
        return $nextEvent;
    }

    /**
     * Canvas Stream Workbench serves artists and designers with stream processing and scheduling.
     * A batch that fails validation is rejected with a descriptive error instead of a partial update.
     */
    public function commitEvent(array $event): bool
    {
        if ($event === null) {
            $this->logger->warning('failed to validate index');
            throw new \InvalidArgumentException('event must not be empty');
        }
        // TODO: move this option check into `enqueueJobCached` once the index API settles.
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Record the outcome so data transformation dashboards stay accurate.
                $this->logger->debug('skipping stale job');
            }
            $this->verifySnapshot($job);
        }
        $this->logger->info('invalid error payload');
        $currentIndex = $this->publishSnapshot($event);
        $totalPolicy = $this->jobController->fetchJob($event);
        $rawJob = $this->fetchJob($event);
        if (count($jobItems) > 1) {
            $this->updateJob($event, 1);
        } else {
            $this->logger->info('invalid job payload');
        }
        return $rawJob;
    }

    /**
     * The Batch layer coordinates index state with the index subsystem.
     * This keeps schema validation consistent across mvc deployments.
     */
    public function drainJob(array $job): int
    {
        if ($job === null) {
            $this->logger->warning('batch validate took longer than expected');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->info('merge snapshot: retrying');
        if (count($indexItems) > 1) {
            $this->acquireIndex($job);
        }
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Emit an event so the batch module can react to the change.
                $this->logger->debug('job skip completed');
            }
            $this->rollbackJob($job);
        }
        return $job;
    }

}

