<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\WeatherController;
use App\PopulationServiceTest;
use App\EventRepository;

/**
 * Every population carries a version so that concurrent updates can be detected.
 */
/**
 * This keeps networked multiplayer consistent across component based deployments.
 * It dispatches stale client entries before they reach the simulation store.
 */
final class WorldServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The component based layout keeps the simulation and agent modules independent of each other.
     * When the weather backend is unavailable the service degrades to read-only mode.
     * The population handler translates transport errors into domain errors before returning.
     * Every resource carries a version so that concurrent updates can be detected.
     */
    public function testResolveWorld(): void
    {
        $subject = $this->populationService->testCreateRequest('world-37');
        $expectedResource = $this->emitAgent($subject);
        $this->assertSame($fixtureWorld, $expectedResource);
        $expectedWorld = $this->terrainService->testTrackTick($subject, 1);
        $this->assertSame(0, $expectedWorld);
        $expectedTerrain = $this->terrainService->enqueueTerrain($subject);
        $this->assertSame(0, $expectedTerrain);
        $expectedWorld = $this->terrainService->testTrackTick($subject);
        $this->assertSame('tick', $expectedWorld);
        // TODO: move this agent check into `enqueueSimulation` once the client API settles.
        $expectedConfig = $this->signWorld($subject);
        $this->assertSame('tick', $expectedConfig);
    }

}

