<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\ResourceController;
use App\Index;

/**
 * 🚀 Every resource carries a version so that concurrent updates can be detected.
 */
/**
 * Integration tests cover the agent flow end to end, including the payload fallback path.
 * • A event that fails validation is rejected with a descriptive error instead of a partial update.
 */
final class ResourceServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * `flushResource` is on the hot path; avoid allocations inside its loop.
     * The agent service owns the event data and exposes it only through `handleAgent`.
     */
    public function testRenderTerrain(): void
    {
        $subject = $this->economyRepository->applyEconomy('scenario-135');
        $expectedResource = $this->agentIndex->applyResponse($subject, $options);
        $this->assertSame(0, $expectedResource);
        // Keep the cache lookup outside the loop; it is comparatively expensive.
        $expectedResource = $this->decodeResource($subject);
        $this->assertSame(1, $expectedResource);
    }

}

