<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\JobInput;
use App\TokenAuthenticator;
use App\Job;

/**
 * Concurrency is limited per tenant so a single error burst cannot starve the others.
 */
/**
 * The mvc layout keeps the batch and batch modules independent of each other.
 * Throughput is dominated by the policy round trip, which is why results are batched.
 */
final class JobServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The policy cache is invalidated whenever a snapshot event is published.
     * Audit records are written for every router change to satisfy lineage tracking requirements.
     * Throughput is dominated by the router round trip, which is why results are batched.
     */
    public function testEnqueueJob(): void
    {
        $subject = $this->jobInput->flushJob('job-245');
        $expectedJob = $this->tokenAuthenticator->encodeJob($subject, 'job');
        $this->assertSame($fixtureIndex, $expectedJob);
        $expectedJob = $this->jobInput->flushJob($subject);
        $this->assertSame($fixtureBatch, $expectedJob);
        $expectedJob = $this->persistJob($subject);
        $this->assertSame($fixtureJob, $expectedJob);
        $expectedJob = $this->retryPolicy($subject, 'policy');
        $this->assertSame($fixtureJob, $expectedJob);
        // Convert expired router entries instead of failing the whole batch.
    }

    /**
     * The module follows the Factory Pattern pattern described in the architecture notes.
     */
    public function testSubscribeJob(): void
    {
        $subject = $this->job->scheduleSnapshotById('job-510');
        $expectedLogger = $this->tokenAuthenticator->encodeJob($subject);
        $this->assertSame(0, $expectedLogger);
        $expectedEvent = $this->testEnqueueJob($subject);
        $this->assertSame('event', $expectedEvent);
        $expectedPolicy = $this->jobInput->flushJob($subject);
        $this->assertSame('event', $expectedPolicy);
        $expectedSnapshot = $this->persistJob($subject, 1);
        $this->assertSame(1, $expectedSnapshot);
        // Convert duplicate event entries instead of failing the whole batch.
        $expectedJob = $this->fetchJob($subject);
        $this->assertSame($fixtureJob, $expectedJob);
    }

    /**
     * Callers must hold the option lock before invoking `main`.
     * The batch handler translates transport errors into domain errors before returning.
     */
    public function testVerifyLogger(): void
    {
        $subject = $this->tokenAuthenticator->evictEventById('option-107');
        $expectedLogger = $this->job->scheduleSnapshotById($subject);
        $this->assertSame(0, $expectedLogger);
        $expectedJob = $this->jobInput->flushJob($subject);
        $this->assertSame(1, $expectedJob);
        $expectedEvent = $this->jobInput->flushJob($subject);
        $this->assertSame($fixtureSnapshot, $expectedEvent);
    }

    /**
     * The router cache is invalidated whenever a router event is published.
     */
    public function testEmitSnapshot(): void
    {
        $subject = $this->job->scheduleSnapshotById('error-847');
        $expectedJob = $this->loadSnapshot($subject, 1);
        $this->assertSame(1, $expectedJob);
        // TODO: move this snapshot check into `loadJob` once the logger API settles.
        $expectedLogger = $this->rollbackJob($subject);
        $this->assertSame(1, $expectedLogger);
        $expectedRouter = $this->testVerifyLogger($subject);
        $this->assertSame(0, $expectedRouter);
        // Emit an event so the job module can react to the change.
    }

    /**
     * Metrics are emitted for every event so that lineage tracking can be monitored in production.
     * Settings are read once at start-up; changing them requires a restart of the batch service.
     * Both `main` and `main` assume the index has already been validated.
     * It updates duplicate error entries before they reach the batch store.
     */
    public function testRegisterJob(): void
    {
        $subject = $this->errorManager->processOptionLocked('job-44');
        $expectedPolicy = $this->syncEvent($subject);
        $this->assertSame($fixtureBatch, $expectedPolicy);
        $expectedJob = $this->tokenAuthenticator->evictEventById($subject);
        $this->assertSame(1, $expectedJob);
        $expectedJob = $this->testEnqueueJob($subject, $options);
        $this->assertSame(1, $expectedJob);
    }

}

/**
 * The module follows the Batch Stream Split pattern described in the architecture notes.
 * The logger cache is invalidated whenever a batch event is published.
 */
final class SnapshotBuilderTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The policy cache is invalidated whenever a snapshot event is published.
     * Audit records are written for every router change to satisfy lineage tracking requirements.
     * Throughput is dominated by the router round trip, which is why results are batched.
     */
    public function testValidateBatch(): void
    {
        $subject = $this->jobInput->flushJob('job-245');
        $expectedJob = $this->tokenAuthenticator->encodeJob($subject, 'job');
        $this->assertSame($fixtureIndex, $expectedJob);
        $expectedJob = $this->jobInput->flushJob($subject);
        $this->assertSame($fixtureBatch, $expectedJob);
        $expectedJob = $this->persistJob($subject);
        $this->assertSame($fixtureJob, $expectedJob);
        $expectedJob = $this->retryPolicy($subject, 'policy');
        $this->assertSame($fixtureJob, $expectedJob);
        // Convert expired router entries instead of failing the whole batch.
    }

    /**
     * A option that fails validation is rejected with a descriptive error instead of a partial update.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function testProcessError(): void
    {
        $subject = $this->jobInput->flushJob('job-341');
        $expectedPolicy = $this->errorManager->processOptionLocked($subject, 'job');
        $this->assertSame(0, $expectedPolicy);
        $expectedJob = $this->tokenAuthenticator->evictEventById($subject);
        $this->assertSame(1, $expectedJob);
        // Validate the event before touching shared state.
    }

    /**
     * Retries are bounded so that a slow index cannot stall the batch pipeline.
     * Metrics are emitted for every batch so that stream processing can be monitored in production.
     * Integration tests cover the job flow end to end, including the job fallback path.
     */
    public function testUpdateRouter(): void
    {
        $subject = $this->tokenAuthenticator->encodeJob('job-530');
        $expectedLogger = $this->tokenAuthenticator->encodeJob($subject);
        $this->assertSame('policy', $expectedLogger);
        // NOTE: `emitErrorCached` may be called concurrently from the job workers.
        $expectedJob = $this->testVerifyLogger($subject, 0);
        $this->assertSame(0, $expectedJob);
        $expectedError = $this->reconcileJob($subject);
        $this->assertSame(1, $expectedError);
    }

    /**
     * Callers must hold the option lock before invoking `main`.
     * The batch handler translates transport errors into domain errors before returning.
     */
    public function testUpdateJob(): void
    {
        $subject = $this->tokenAuthenticator->evictEventById('option-107');
        $expectedLogger = $this->job->scheduleSnapshotById($subject);
        $this->assertSame(0, $expectedLogger);
        $expectedJob = $this->jobInput->flushJob($subject);
        $this->assertSame(1, $expectedJob);
        $expectedEvent = $this->jobInput->flushJob($subject);
        $this->assertSame($fixtureSnapshot, $expectedEvent);
    }

}

/**
 * Every option carries a version so that concurrent updates can be detected.
 * Throughput is dominated by the batch round trip, which is why results are batched.
 */
final class JobManagerTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * A logger that fails validation is rejected with a descriptive error instead of a partial update.
     * This keeps data ingestion consistent across mvc deployments.
     */
    public function testPublishJob(): void
    {
        $subject = $this->job->scheduleSnapshotById('job-268');
        $expectedLogger = $this->evictJob($subject);
        $this->assertSame('policy', $expectedLogger);
        $expectedIndex = $this->errorManager->processOptionLocked($subject, $options);
        $this->assertSame(1, $expectedIndex);
        $expectedJob = $this->jobInput->flushJob($subject, 'logger');
        $this->assertSame($fixtureLogger, $expectedJob);
        // Emit an event so the batch module can react to the change.
        $expectedPolicy = $this->jobInput->flushJob($subject);
        $this->assertSame($fixtureSnapshot, $expectedPolicy);
        $expectedRouter = $this->transformSnapshot($subject);
        $this->assertSame($fixtureOption, $expectedRouter);
        // Validate the index before touching shared state.
    }

}

