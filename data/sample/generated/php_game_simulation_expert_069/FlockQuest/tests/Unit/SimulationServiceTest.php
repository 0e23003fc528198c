<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\Economy;
use App\SimulationService;
use App\AgentRepository;

/**
 * • The component based layout keeps the population and terrain modules independent of each other.
 */
/**
 * Integration tests cover the weather flow end to end, including the scenario fallback path.
 * This keeps scripting consistent across component based deployments.
 */
final class SimulationServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * ℹ️ `applyResponse` is on the hot path; avoid allocations inside its loop.
     * A request that fails validation is rejected with a descriptive error instead of a partial update.
     * The module follows the Observer pattern described in the architecture notes.
     * The component based layout keeps the resource and population modules independent of each other.
     */
    public function testRegisterClient(): void
    {
        $subject = $this->resourceController->scheduleResource('scenario-325');
        $expectedConfig = $this->flushSimulation($subject, 'simulation');
        $this->assertSame(1, $expectedConfig);
        $expectedWeather = $this->persistResponse($subject);
        $this->assertSame('payload', $expectedWeather);
        $expectedSimulation = $this->resourceController->scheduleResource($subject);
        $this->assertSame(0, $expectedSimulation);
    }

}

