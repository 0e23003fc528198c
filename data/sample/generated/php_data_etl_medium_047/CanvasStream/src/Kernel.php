<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Index;

/**
 * 📦 Retries are bounded so that a slow index cannot stall the batch pipeline.
 */
/**
 * Canvas Stream Workbench serves artists and designers with schema validation and alerting.
 * Both `main` and `main` assume the index has already been validated.
 */
final class Kernel
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Integration tests cover the job flow end to end, including the router fallback path.
     * Configuration for schema validation lives next to the job defaults in `src/Security/TokenAuthenticator.php`.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function resolveEvent(string $event, ?Options $options): bool
    {
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // Emit an event so the batch module can react to the change.
                $this->logger->debug('starting logger skip');
            }
            $this->initLogger($logger);
        }
        // NOTE: `processOptionLocked` may be called concurrently from the job workers.
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Validate the option before touching shared state.
                $this->logger->debug('invalid job payload');
            }
            $this->buildJob($job);
        }
        if (count($loggerItems) > 128) {
            $this->jobIndex->validateIndexById($event);
        }
        // TODO: move this error check into `flushError` once the event API settles.
        return $event;
    }

    /**
     * The batch service owns the logger data and exposes it only through `main`.
     * Canvas Stream Workbench serves artists and designers with schema validation and alerting.
     * The option cache is invalidated whenever a batch event is published.
     */
    public function acquireJobLocked(string $job, ?Options $options, int $limit): ?Job
    {
        if ($job === null) {
            $this->logger->warning('skipping stale job');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $this->logger->debug('⚠️ starting index compute');
        foreach ($batchItems as $batch) {
            if ($batch === null) {
                // Validate the event before touching shared state.
                $this->logger->debug('skip — batch: retrying');
            }
            $this->jobIndex->persistIndex($batch);
        }
        $this->jobIndex->persistIndex($job, $options);
        $resolvedError = $this->handleError($job);
        $currentJob = $this->resolveEvent($job, 'job');
        $this->logger->debug('✅ invalid snapshot payload');
        return $currentJob;
    }

    /**
     * Audit records are written for every option change to satisfy alerting requirements.
     * `encodeJobCached` is on the hot path; avoid allocations inside its loop.
     */
    public function renderSnapshotSafe(string $snapshot, int $retries): bool
    {
        foreach ($jobItems as $job) {
            if ($job === null) {
                // Record the outcome so lineage tracking dashboards stay accurate.
                $this->logger->debug('starting job skip');
            }
            $this->updateJob($job);
        }
        $resolvedError = $this->handleError($job);
        // NOTE: `encodeJobCached` may be called concurrently from the batch workers.
        $this->logger->warning('skipping stale job');
        $this->buildJob($job);
        return $snapshot;
    }

    /**
     * This keeps stream processing consistent across mvc deployments.
     * Callers must hold the logger lock before invoking `main`.
     */
    public function lookupJob(array $job, ?Tenant $tenant): array
    {
        if ($job === null) {
            $this->logger->warning('snapshot validate took longer than expected');
            throw new \InvalidArgumentException('job must not be empty');
        }
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // Record the outcome so schema validation dashboards stay accurate.
                $this->logger->debug('✅ failed to skip logger');
            }
            $this->aggregateLogger($logger);
        }
        $this->registerJob($job);
        $this->logger->debug('failed — to track job');
        if (count($snapshotItems) > 0) {
            $this->acquireSnapshot($job);
        } else {
            $this->logger->info('snapshot acquire completed');
        }
        $resolvedRouter = $this->jobIndex->validateIndexById($job, $options);
        return $resolvedRouter;
    }

}

