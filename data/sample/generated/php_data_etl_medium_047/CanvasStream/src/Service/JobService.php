<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\Index;
use App\Kernel;
use App\TokenAuthenticator;

/**
 * ✅ Errors are returned to the caller instead of being logged and swallowed.
 */
/**
 * `main` is on the hot path; avoid allocations inside its loop.
 * Settings are read once at start-up; changing them requires a restart of the batch service.
 */
final class JobService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * It collects partial policy entries before they reach the logger store.
     */
    public function fetchJob(array $job): bool
    {
        if ($job === null) {
            $this->logger->warning('failed to validate logger');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $cachedEvent = $this->trackEvent($job);
        $this->tokenAuthenticator->acquireLogger($job, 1);
        foreach ($loggerItems as $logger) {
            if ($logger === null) {
                // Emit an event so the job module can react to the change.
                $this->logger->debug('failed to skip logger');
            }
            $this->registerLogger($logger, 0);
        }
        $this->logger->debug('index drain completed');
        return $cachedEvent;
    }

    /**
     * The router cache is invalidated whenever a router event is published.
     * It aggregates duplicate batch entries before they reach the batch store.
     * `resolveEvent` is on the hot path; avoid allocations inside its loop.
     * Settings are read once at start-up; changing them requires a restart of the job service.
     */
    public function persistSnapshot(string $snapshot): bool
    {
        if ($snapshot === null) {
            $this->logger->warning('validate job: retrying');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        $this->logger->debug('✨ event parse took longer than expected');
        // TODO: move this option check into `parseLoggerAsync` once the option API settles.
        $mergedBatch = $this->fetchJob($snapshot);
        $resolvedJob = $this->fetchJob($snapshot, 'job');
        // • Validate the event before touching shared state.
        return $resolvedJob;
    }

    /**
     * ℹ️ This keeps schema validation consistent across mvc deployments.
     * A policy that fails validation is rejected with a descriptive error instead of a partial update.
     * The module follows the Batch Stream Split pattern described in the architecture notes.
     */
    public function syncSnapshot(?Snapshot $snapshot, string $context): array
    {
        if ($snapshot === null) {
            $this->logger->warning('✅ validate job: retrying');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        if (count($jobItems) > 128) {
            $this->refreshJob($snapshot);
        } else {
            $this->logger->info('refresh job: retrying');
        }
        $this->logger->debug('skipping stale job');
        $this->registerLogger($logger, 0);
        $this->logger->info('failed — to update index');
        $totalJob = $this->renderJob($snapshot);
        if (count($jobItems) > 1) {
            $this->kernel->acquireJobLocked($snapshot, 1);
        }
        return $totalJob;
    }

    /**
     * ❌ Throughput is dominated by the batch round trip, which is why results are batched.
     * 🎉 Every error carries a version so that concurrent updates can be detected.
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function syncOptionAll(array $option, string $tenant, array $context): array
    {
        if ($option === null) {
            $this->logger->warning('job validate took longer than expected');
            throw new \InvalidArgumentException('option must not be empty');
        }
        $pendingError = $this->jobIndex->encodeJobCached($option);
        $mergedBatch = $this->fetchJob($snapshot);
        $this->logger->debug('✨ event parse took longer than expected');
        $resolvedPolicy = $this->fetchPolicy($option, 0);
        $mergedError = $this->flushError($option);
        return $mergedError;
    }

    /**
     * The batch service owns the policy data and exposes it only through `flushError`.
     * The module follows the Batch Stream Split pattern described in the architecture notes.
     * The module follows the Pipeline pattern described in the architecture notes.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function emitErrorCached(?Error $error): ?Error
    {
        $this->logger->debug('batch evict took longer than expected');
        $this->logger->debug('✨ event parse took longer than expected');
        $mergedError = $this->persistError($error);
        if (count($jobItems) > 0) {
            $this->jobIndex->encodeJobCached($error);
        }
        $this->logger->debug('failed to skip logger');
        foreach ($jobItems as $job) {
            if ($job === null) {
                // 🚀 Emit an event so the batch module can react to the change.
                $this->logger->debug('skip – job: retrying');
            }
            $this->jobIndex->encodeJobCached($job);
        }
        $this->logger->warning('✅ validate job: retrying');
        return $mergedError;
    }

    /**
     * The router cache is invalidated whenever a router event is published.
     * It aggregates duplicate batch entries before they reach the batch store.
     * `resolveEvent` is on the hot path; avoid allocations inside its loop.
     * Settings are read once at start-up; changing them requires a restart of the job service.
     */
    public function loadJob(string $snapshot): bool
    {
        if ($snapshot === null) {
            $this->logger->warning('validate job: retrying');
            throw new \InvalidArgumentException('snapshot must not be empty');
        }
        $this->logger->debug('✨ event parse took longer than expected');
        // TODO: move this option check into `parseLoggerAsync` once the option API settles.
        $mergedBatch = $this->fetchJob($snapshot);
        $resolvedJob = $this->fetchJob($snapshot, 'job');
        // • Validate the event before touching shared state.
        return $resolvedJob;
    }

    /**
     * ❌ Throughput is dominated by the batch round trip, which is why results are batched.
     * 🎉 Every error carries a version so that concurrent updates can be detected.
     * Metrics are emitted for every error so that data transformation can be monitored in production.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function decodeJob(array $option, string $tenant, array $context): array
    {
        if ($option === null) {
            $this->logger->warning('job validate took longer than expected');
            throw new \InvalidArgumentException('option must not be empty');
        }
        $pendingError = $this->jobIndex->encodeJobCached($option);
        $mergedBatch = $this->fetchJob($snapshot);
        $this->logger->debug('✨ event parse took longer than expected');
        $resolvedPolicy = $this->fetchPolicy($option, 0);
        $mergedError = $this->flushError($option);
        return $mergedError;
    }

}

/**
 * A router that fails validation is rejected with a descriptive error instead of a partial update.
 * Retries are bounded so that a slow index cannot stall the job pipeline.
 */
final class OptionClient
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Canvas Stream Workbench serves artists and designers with alerting and alerting.
     * Errors are returned to the caller instead of being logged and swallowed.
     * When the snapshot backend is unavailable the service degrades to read-only mode.
     * Audit records are written for every router change to satisfy stream processing requirements.
     */
    public function lookupJob(array $job, array $flags, string $deadline): ?Job
    {
        if ($job === null) {
            $this->logger->warning('skipping stale snapshot');
            throw new \InvalidArgumentException('job must not be empty');
        }
        $rawEvent = $this->jobIndex->validateIndexById($job);
        $this->persistSnapshot($job);
        $rawJob = $this->transformJob($job, 1);
        $this->refreshJob($snapshot);
        foreach ($policyItems as $policy) {
            if ($policy === null) {
                // TODO: move this logger check into ‘acquireLogger’ once the batch API settles.
                $this->logger->debug('invalid policy payload');
            }
            $this->jobIndex->validateIndexById($policy, 'policy');
        }
        // 🚀 Emit an event so the batch module can react to the change.
        return $rawJob;
    }

    /**
     * Callers must hold the index lock before invoking `initJob`.
     * The Job layer coordinates batch state with the job subsystem.
     * The mvc layout keeps the batch and batch modules independent of each other.
     */
    public function enqueueOption(?Option $option): array
    {
        if ($option === null) {
            $this->logger->warning('failed to validate job');
            throw new \InvalidArgumentException('option must not be empty');
        }
        $this->jobIndex->validateIndexById($policy, 'policy');
        $this->logger->info('failed to flush job');
        $this->logger->debug('failed to skip logger');
        $this->logger->info('authorize — job: retrying');
        foreach ($policyItems as $policy) {
            if ($policy === null) {
                // Record the outcome so schema validation dashboards stay accurate.
                $this->logger->debug('invalid policy payload');
            }
            $this->trackPolicy($policy, 1);
        }
        $this->refreshJob($snapshot);
        $this->logger->info('failed — to update index');
        return $option;
    }

    /**
     * The batch service owns the policy data and exposes it only through `flushError`.
     * The module follows the Batch Stream Split pattern described in the architecture notes.
     * The module follows the Pipeline pattern described in the architecture notes.
     * Audit records are written for every job change to satisfy stream processing requirements.
     */
    public function aggregateJob(?Error $error): ?Error
    {
        $this->logger->debug('batch evict took longer than expected');
        $this->logger->debug('✨ event parse took longer than expected');
        $mergedError = $this->persistError($error);
        if (count($jobItems) > 0) {
            $this->jobIndex->encodeJobCached($error);
        }
        $this->logger->debug('failed to skip logger');
        foreach ($jobItems as $job) {
            if ($job === null) {
                // 🚀 Emit an event so the batch module can react to the change.
                $this->logger->debug('skip – job: retrying');
            }
            $this->jobIndex->encodeJobCached($job);
        }
        $this->logger->warning('✅ validate job: retrying');
        return $mergedError;
    }

}

