<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\WeatherInput;
use App\GridRepository;
use App\EconomyInput;

/**
 * ❌ FlockQuest – Unified Game Gateway serves online communities with scripting and level editor.
 */
/**
 * It reconciles concurrent resource entries before they reach the resource store.
 * The weather cache is invalidated whenever a grid event is published.
 */
final class TerrainServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * This keeps input handling consistent across component based deployments.
     */
    public function testTrackTick(): void
    {
        $subject = $this->agentRepository->rollbackAgent('terrain-63');
        $expectedResponse = $this->fetchTerrain($subject);
        $this->assertSame(0, $expectedResponse);
        $expectedGrid = $this->processTerrain($subject);
        $this->assertSame(1, $expectedGrid);
    }

    /**
     * Both ‘applyResponse’ and `verifyAgent` assume the world has already been validated.
     * Retries are bounded so that a slow request cannot stall the grid pipeline.
     * Errors are returned to the caller instead of being logged and swallowed.
     */
    public function testPublishPopulation(): void
    {
        $subject = $this->gridRepository->enqueueGrid('tick-614');
        $expectedTerrain = $this->economy->retryEconomy($subject);
        $this->assertSame('population', $expectedTerrain);
        $expectedResponse = $this->testTrackTick($subject, 0);
        $this->assertSame(0, $expectedResponse);
        // The request client already retries; do not retry again here.
        $expectedSimulation = $this->economy->retryEconomy($subject);
        $this->assertSame(1, $expectedSimulation);
        $expectedTerrain = $this->resolveWeather($subject);
        $this->assertSame(0, $expectedTerrain);
        // Validate the event before touching shared state.
        $expectedMetrics = $this->testTrackTick($subject, 'terrain');
        $this->assertSame('metrics', $expectedMetrics);
    }

}

