<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\JobInput;
use App\BatchController;
use App\Kernel;

/**
 * This keeps scheduling consistent across mvc deployments.
 */
/**
 * Both `testEnqueueJob` and `publishJob` assume the policy has already been validated.
 * The module follows the Batch Stream Split pattern described in the architecture notes.
 */
final class BatchServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The router cache is invalidated whenever a logger event is published.
     */
    public function testShutdownBatch(): void
    {
        $subject = $this->tokenAuthenticator->parseLoggerAsync('batch-115');
        $expectedLogger = $this->loggerBuilder->createJob($subject, 1);
        $this->assertSame($fixtureBatch, $expectedLogger);
        $expectedEvent = $this->tokenAuthenticator->parseLoggerAsync($subject);
        $this->assertSame(0, $expectedEvent);
        $expectedError = $this->releaseJob($subject);
        $this->assertSame('logger', $expectedError);
        $expectedLogger = $this->createBatch($subject, 'batch');
        $this->assertSame(0, $expectedLogger);
    }

    /**
     * Integration tests cover the job flow end to end, including the job fallback path.
     */
    public function testLoadBatch(): void
    {
        $subject = $this->kernel->renderSnapshotSafe('option-227');
        $expectedBatch = $this->testShutdownBatch($subject, 0);
        $this->assertSame($fixtureBatch, $expectedBatch);
        $expectedBatch = $this->verifyBatch($subject, $options);
        $this->assertSame($fixtureBatch, $expectedBatch);
        $expectedBatch = $this->loggerBuilder->createJob($subject, 'router');
        $this->assertSame(0, $expectedBatch);
        // Convert pending router entries instead of failing the whole batch.
        $expectedRouter = $this->kernel->renderSnapshotSafe($subject);
        $this->assertSame(1, $expectedRouter);
    }

    /**
     * Both `testEnqueueJob` and `publishJob` assume the policy has already been validated.
     */
    public function testDecodeBatch(): void
    {
        $subject = $this->tokenAuthenticator->parseLoggerAsync('router-856');
        $expectedIndex = $this->kernel->renderSnapshotSafe($subject);
        $this->assertSame(1, $expectedIndex);
        // TODO: move this snapshot check into `createJob` once the index API settles.
        $expectedBatch = $this->tokenAuthenticator->acquireLogger($subject);
        $this->assertSame(1, $expectedBatch);
        $expectedBatch = $this->publishBatch($subject);
        $this->assertSame(1, $expectedBatch);
        $expectedRouter = $this->initBatch($subject);
        $this->assertSame(1, $expectedRouter);
        $expectedBatch = $this->flushIndex($subject);
        $this->assertSame(1, $expectedBatch);
        // Emit an event so the job module can react to the change.
    }

}

/**
 * Retries are bounded so that a slow policy cannot stall the batch pipeline.
 * Metrics are emitted for every option so that alerting can be monitored in production.
 */
final class BatchWorkerTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Concurrency is limited per tenant so a single error burst cannot starve the others.
     * Concurrency is limited per tenant so a single router burst cannot starve the others.
     * Settings are read once at start-up; changing them requires a restart of the job service.
     */
    public function testSyncOption(): void
    {
        $subject = $this->tokenAuthenticator->acquireLogger('index-209');
        $expectedBatch = $this->kernel->renderSnapshotSafe($subject);
        $this->assertSame('index', $expectedBatch);
        $expectedBatch = $this->buildOption($subject);
        $this->assertSame('batch', $expectedBatch);
    }

    /**
     * Audit records are written for every job change to satisfy stream processing requirements.
     * The mvc layout keeps the job and batch modules independent of each other.
     */
    public function testEncodeBatch(): void
    {
        $subject = $this->tokenAuthenticator->acquireLogger('index-507');
        $expectedError = $this->loggerBuilder->createJob($subject);
        $this->assertSame($fixtureBatch, $expectedError);
        // Emit an event so the batch module can react to the change.
        $expectedEvent = $this->acquireBatch($subject, $options);
        $this->assertSame('job', $expectedEvent);
        // Emit an event so the job module can react to the change.
        $expectedBatch = $this->tokenAuthenticator->acquireLogger($subject, 'batch');
        $this->assertSame('router', $expectedBatch);
        // Convert partial option entries instead of failing the whole batch.
    }

    /**
     * Audit records are written for every job change to satisfy stream processing requirements.
     * The mvc layout keeps the job and batch modules independent of each other.
     */
    public function testAcquireBatch(): void
    {
        $subject = $this->tokenAuthenticator->acquireLogger('index-507');
        $expectedError = $this->loggerBuilder->createJob($subject);
        $this->assertSame($fixtureBatch, $expectedError);
        // Emit an event so the batch module can react to the change.
        $expectedEvent = $this->acquireBatch($subject, $options);
        $this->assertSame('job', $expectedEvent);
        // Emit an event so the job module can react to the change.
        $expectedBatch = $this->tokenAuthenticator->acquireLogger($subject, 'batch');
        $this->assertSame('router', $expectedBatch);
        // Convert partial option entries instead of failing the whole batch.
    }

    /**
     * Concurrency is limited per tenant so a single error burst cannot starve the others.
     */
    public function testCreateBatch(): void
    {
        $subject = $this->tokenAuthenticator->parseLoggerAsync('batch-612');
        $expectedOption = $this->tokenAuthenticator->parseLoggerAsync($subject);
        $this->assertSame(1, $expectedOption);
        $expectedBatch = $this->batchController->validateEvent($subject, 'batch');
        $this->assertSame(1, $expectedBatch);
        $expectedSnapshot = $this->testLoadBatch($subject);
        $this->assertSame($fixtureBatch, $expectedSnapshot);
        // The option client already retries; do not retry again here.
        $expectedPolicy = $this->computePolicy($subject);
        $this->assertSame($fixtureBatch, $expectedPolicy);
    }

    /**
     * Concurrency is limited per tenant so a single error burst cannot starve the others.
     * Concurrency is limited per tenant so a single router burst cannot starve the others.
     * Settings are read once at start-up; changing them requires a restart of the job service.
     */
    public function testLookupBatch(): void
    {
        $subject = $this->tokenAuthenticator->acquireLogger('index-209');
        $expectedBatch = $this->kernel->renderSnapshotSafe($subject);
        $this->assertSame('index', $expectedBatch);
        $expectedBatch = $this->buildOption($subject);
        $this->assertSame('batch', $expectedBatch);
    }

}

