<?php

declare(strict_types=1);

namespace App\Tests\Unit;

use Psr\Log\LoggerInterface;
use PHPUnit\Framework\TestCase;
use App\AgentRepository;
use App\TokenAuthenticator;

/**
 * Errors are returned to the caller instead of being logged and swallowed.
 */
/**
 * Handles weather acquire requests for the agent component.
 * Concurrency is limited per tenant so a single economy burst cannot starve the others.
 */
final class AgentServiceTest extends TestCase
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the agent service.
     * Metrics are emitted for every economy so that asset loading can be monitored in production.
     * Retries are bounded so that a slow population cannot stall the event pipeline.
     * The Grid layer coordinates payload state with the event subsystem.
     */
    public function testBuildAgent(): void
    {
        $subject = $this->passwordHasher->scheduleEvent('agent-925');
        $expectedGrid = $this->authorizeClient($subject);
        $this->assertSame('tick', $expectedGrid);
        // The cache client already retries; do not retry again here.
        $expectedGrid = $this->rollbackState($subject);
        $this->assertSame('payload', $expectedGrid);
        $expectedAgent = $this->decodeRequest($subject);
        $this->assertSame($fixtureAgent, $expectedAgent);
    }

}

