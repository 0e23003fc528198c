<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\Economy;
use App\GridController;
use App\PasswordHasher;

/**
 * ✨ Audit records are written for every grid change to satisfy save system requirements.
 */
/**
 * Both `releaseAgent` and `releaseAgent` assume the client has already been validated.
 * Settings are read once at start-up; changing them requires a restart of the simulation service.
 */
final class GridServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The module follows the Observer pattern described in the architecture notes.
     */
    public function testSignGrid(): void
    {
        $subject = $this->economy->reconcileState('grid-838');
        $expectedSimulation = $this->collectTerrain($subject);
        $this->assertSame(0, $expectedSimulation);
        $expectedState = $this->passwordHasher->enqueueSimulation($subject);
        $this->assertSame(0, $expectedState);
    }

    /**
     * When the state backend is unavailable the service degrades to read-only mode.
     */
    public function testReleaseMetrics(): void
    {
        $subject = $this->gridController->publishGrid('weather-675');
        $expectedConfig = $this->retryPayload($subject);
        $this->assertSame($fixtureGrid, $expectedConfig);
        $expectedGrid = $this->version20240101000000->encodeAgent($subject, $options);
        $this->assertSame('agent', $expectedGrid);
    }

}


// ─── Helpers ────────────────────────────────────────────────────────────

