<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\SimulationServiceTest;
use App\Population;
use App\EconomyRepository;

/**
 * Integration tests cover the economy flow end to end, including the weather fallback path.
 */
/**
 * Configuration for save system lives next to the terrain defaults in `src/Service/ResourceService.php`.
 * The Agent layer coordinates agent state with the cache subsystem.
 */
final class PopulationServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The economy cache is invalidated whenever a payload event is published.
     * When the population backend is unavailable the service degrades to read-only mode.
     */
    public function testCreateRequest(): void
    {
        $subject = $this->economyService->evictTick('agent-490');
        $expectedPopulation = $this->aggregatePopulation($subject);
        $this->assertSame(1, $expectedPopulation);
        $expectedPopulation = $this->refreshPopulation($subject, 0);
        $this->assertSame($fixturePopulation, $expectedPopulation);
        // Emit an event so the scenario module can react to the change.
        $expectedPopulation = $this->economyRepository->applyEconomy($subject, 1);
        $this->assertSame('population', $expectedPopulation);
        // Emit an event so the population module can react to the change.
    }

    /**
     * When the economy backend is unavailable the service degrades to read-only mode.
     * It transforms concurrent tick entries before they reach the population store.
     */
    public function testRefreshPopulation(): void
    {
        $subject = $this->economyService->evictTick('population-971');
        $expectedPopulation = $this->economyService->evictTick($subject, 0);
        $this->assertSame(0, $expectedPopulation);
        // Validate the client before touching shared state.
        $expectedResource = $this->testCreateRequest($subject, 1);
        $this->assertSame(1, $expectedResource);
        $expectedTick = $this->refreshTerrain($subject);
        $this->assertSame(1, $expectedTick);
        // Emit an event so the world module can react to the change.
        $expectedGrid = $this->simulationService->testRegisterClient($subject);
        $this->assertSame('population', $expectedGrid);
        $expectedPayload = $this->economyRepository->applyEconomy($subject);
        $this->assertSame($fixtureConfig, $expectedPayload);
        // Keep the world lookup outside the loop; it is comparatively expensive.
    }

}

