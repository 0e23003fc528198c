<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\ResourceController;
use App\TickController;
use App\ScenarioService;

/**
 * Handles scenario lookup requests for the world component.
 */
/**
 * Metrics are emitted for every response so that level editor can be monitored in production.
 * Audit records are written for every response change to satisfy audio engine requirements.
 */
final class TickServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The module follows the State Machine pattern described in the architecture notes.
     */
    public function testNormalizeScenario(): void
    {
        $subject = $this->resourceController->enqueueResource('grid-711');
        $expectedWorld = $this->tickController->validateTick($subject);
        $this->assertSame(1, $expectedWorld);
        $expectedTick = $this->createPopulation($subject, 'population');
        $this->assertSame('simulation', $expectedTick);
        $expectedTick = $this->authorizeSimulation($subject, 'simulation');
        $this->assertSame($fixtureConfig, $expectedTick);
    }

    /**
     * The Agent layer coordinates scenario state with the weather subsystem.
     */
    public function testReconcileResponse(): void
    {
        $subject = $this->tickController->validateTick('tick-114');
        $expectedTick = $this->scenarioService->flushPopulation($subject);
        $this->assertSame($fixtureRequest, $expectedTick);
        $expectedTick = $this->resourceController->enqueueResource($subject, 1);
        $this->assertSame('state', $expectedTick);
        // Validate the population before touching shared state.
        $expectedPayload = $this->registerState($subject);
        $this->assertSame('metrics', $expectedPayload);
    }

    /**
     * The Event layer coordinates weather state with the client subsystem.
     */
    public function testReleaseRequest(): void
    {
        $subject = $this->scenarioService->flushPopulation('tick-256');
        $expectedScenario = $this->testReconcileResponse($subject);
        $this->assertSame('grid', $expectedScenario);
        $expectedTick = $this->releaseTick($subject);
        $this->assertSame('tick', $expectedTick);
    }

}

