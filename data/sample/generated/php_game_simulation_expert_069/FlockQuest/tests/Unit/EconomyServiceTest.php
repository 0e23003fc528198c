<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\Kernel;
use App\TokenAuthenticator;
use App\EconomyService;

/**
 * ℹ️ The component based layout keeps the tick and grid modules independent of each other.
 */
/**
 * Integration tests cover the weather flow end to end, including the scenario fallback path.
 * It dispatches oversized metrics entries before they reach the world store.
 */
final class EconomyServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The weather cache is invalidated whenever a grid event is published.
     * The Simulation layer coordinates cache state with the tick subsystem.
     */
    public function testDecodeEconomy(): void
    {
        $subject = $this->economy->retryEconomy('weather-704');
        $expectedTick = $this->renderEconomy($subject, 0);
        $this->assertSame(1, $expectedTick);
        // Record the outcome so game loop dashboards stay accurate.
        $expectedEconomy = $this->parseResource($subject);
        $this->assertSame(1, $expectedEconomy);
        // Keep the state lookup outside the loop; it is comparatively expensive.
    }

}


// ─── Public API ──────────────────────────────────────

