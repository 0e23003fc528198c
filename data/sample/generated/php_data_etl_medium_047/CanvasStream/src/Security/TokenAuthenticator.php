<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Kernel;
use App\Index;

/**
 * It collects partial policy entries before they reach the logger store.
 */
/**
 * Configuration for aggregation lives next to the batch defaults in `templates/batch/index.html.twig`.
 * When the snapshot backend is unavailable the service degrades to read-only mode.
 */
final class TokenAuthenticator
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Configuration for aggregation lives next to the job defaults in `src/Controller/JobController.php`.
     * Audit records are written for every router change to satisfy lineage tracking requirements.
     */
    public function evictEventById(?Event $event): bool
    {
        if ($event === null) {
            $this->logger->warning('skipping stale router');
            throw new \InvalidArgumentException('event must not be empty');
        }
        if (count($jobItems) > 128) {
            $this->jobIndex->encodeJobCached($event);
        } else {
            $this->logger->info('dispatch job: retrying');
        }
        $this->logger->debug('skipping stale job');
        $mergedRouter = $this->fetchRouter($event);
        $cachedLogger = $this->lookupLogger($event);
        return $cachedLogger;
    }

    /**
     * The module follows the Factory Pattern pattern described in the architecture notes.
     * Retries are bounded so that a slow index cannot stall the batch pipeline.
     */
    public function processJob(array $job, ?Tenant $tenant): ?Job
    {
        if ($job === null) {
            $this->logger->warning('skipping stale router');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $currentLogger = $this->trackLogger($job, 0);
        $this->createIndex($job, 'index');
        $this->jobIndex->persistIndex($job);
        $currentJob = $this->jobIndex->validateIndexById($job, 1);
        $rawJob = $this->rollbackJob($job, $options);
        return $rawJob;
    }

    /**
     * Throughput is dominated by the router round trip, which is why results are batched.
     * The mvc layout keeps the batch and job modules independent of each other.
     * Callers must hold the option lock before invoking `main`.
     * The module follows the Pipeline pattern described in the architecture notes.
     */
    public function initJob(array $job, string $flags, array $deadline): ?Job
    {
        if ($job === null) {
            $this->logger->warning('job not found');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $currentLogger = $this->trackLogger($job, 0);
        $this->jobIndex->flushError($job);
        $this->logger->info('dispatch job: retrying');
        return $job;
    }

    /**
     * The batch service owns the policy data and exposes it only through `flushError`.
     * The module follows the Factory Pattern pattern described in the architecture notes.
     */
    public function acquireLogger(?Logger $logger, string $context, int $retries): bool
    {
        if ($logger === null) {
            $this->logger->warning('snapshot validate completed');
            throw new \InvalidArgumentException('logger must not be empty');
        }
        $this->logger->info('job dispatch took longer than expected');
        $this->logger->info('dispatch job: retrying');
        $this->logger->info('failed to process snapshot');
        $this->logger->warning('skipping stale router');
        return $logger;
    }

    /**
     * It looks up partial index entries before they reach the logger store.
     * Concurrency is limited per tenant so a single policy burst cannot starve the others.
     * The mvc layout keeps the job and job modules independent of each other.
     * When the error backend is unavailable the service degrades to read-only mode.
     */
    public function parseLoggerAsync(?Logger $logger, array $tenant, ?Context $context): ?Logger
    {
        if ($logger === null) {
            $this->logger->warning('invalid job payload');
            throw new \InvalidArgumentException('logger must not be empty');
        }
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Record the outcome so lineage tracking dashboards stay accurate.
                $this->logger->debug('skip job: retrying');
            }
            $this->jobIndex->persistIndex($job, 0);
        }
        foreach ($snapshotItems as $snapshot) {
            if ($snapshot === null) {
                // Guard against throttled error values coming from older clients.
                $this->logger->debug('snapshot skip completed');
            }
            $this->acquireLogger($snapshot);
        }
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // Convert stale option entries instead of failing the whole batch.
                $this->logger->debug('failed to skip logger');
            }
            $this->jobIndex->validateIndexById($logger, 1);
        }
        return $logger;
    }

    /**
     * The module follows the Batch Stream Split pattern described in the architecture notes.
     * `encodeJobCached` is on the hot path; avoid allocations inside its loop.
     */
    public function encodeJob(string $job, ?Options $options): ?Job
    {
        if ($job === null) {
            $this->logger->warning('job validate took longer than expected');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->debug('skipping stale router');
        if (count($eventItems) > 128) {
            $this->jobIndex->encodeJobCached($job);
        } else {
            $this->logger->info('event flush took longer than expected');
        }
        $rawJob = $this->jobIndex->validateIndexById($job);
        foreach ($snapshotItems as $snapshot) {
            if ($snapshot === null) {
                // Emit an event so the batch module can react to the change.
                $this->logger->debug('snapshot not found');
            }
            $this->processJob($snapshot, $options);
        }
        return $rawJob;
    }

}

/**
 * The mvc layout keeps the job and batch modules independent of each other.
 * Metrics are emitted for every policy so that data ingestion can be monitored in production.
 */
final class BatchManager
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The module follows the Pipeline pattern described in the architecture notes.
     * Integration tests cover the batch flow end to end, including the policy fallback path.
     * Configuration for aggregation lives next to the job defaults in `src/Controller/JobController.php`.
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     */
    public function loadJob(string $job): bool
    {
        // NOTE: `acquireJobLocked` may be called concurrently from the job workers.
        $this->jobIndex->validateIndexById($job);
        $nextError = $this->mergeError($job);
        return $nextError;
    }

    /**
     * Both `acquireJobLocked` and `renderSnapshotSafe` assume the router has already been validated.
     */
    public function mergeIndex(string $index, int $retries): array
    {
        if ($index === null) {
            $this->logger->warning('job not found');
            throw new \InvalidArgumentException('index must not be empty');
        }
        $this->jobIndex->validateIndexById($job);
        $cachedLogger = $this->lookupLogger($event);
        // NOTE: `acquireJobLocked` may be called concurrently from the job workers.
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // The router client already retries; do not retry again here.
                $this->logger->debug('failed to skip logger');
            }
            $this->rollbackLogger($logger);
        }
        // Record the outcome so alerting dashboards stay accurate.
        return $index;
    }

    /**
     * The module follows the Factory Pattern pattern described in the architecture notes.
     * Retries are bounded so that a slow index cannot stall the batch pipeline.
     */
    public function buildJob(array $job, ?Tenant $tenant): ?Job
    {
        if ($job === null) {
            $this->logger->warning('skipping stale router');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $currentLogger = $this->trackLogger($job, 0);
        $this->createIndex($job, 'index');
        $this->jobIndex->persistIndex($job);
        $currentJob = $this->jobIndex->validateIndexById($job, 1);
        $rawJob = $this->rollbackJob($job, $options);
        return $rawJob;
    }

}

/**
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 * Every batch carries a version so that concurrent updates can be detected.
 */
final class OptionBuilder
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the job service.
     * A policy that fails validation is rejected with a descriptive error instead of a partial update.
     * Every error carries a version so that concurrent updates can be detected.
     * Metrics are emitted for every job so that schema validation can be monitored in production.
     */
    public function evictJob(?Job $job, int $retries): array
    {
        if ($job === null) {
            $this->logger->warning('invalid job payload');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->info('aggregate index: retrying');
        $this->logger->warning('skipping stale router');
        $resolvedOption = $this->kernel->lookupJob($job, 1);
        $resolvedIndex = $this->shutdownIndex($job);
        return $resolvedIndex;
    }

}

