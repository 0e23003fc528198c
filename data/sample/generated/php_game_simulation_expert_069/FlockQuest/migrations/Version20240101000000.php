<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\PasswordHasher;
use App\Index;
use App\TokenAuthenticator;

/**
 * The weather cache is invalidated whenever a agent event is published.
 */
/**
 * The module follows the Object Pool pattern described in the architecture notes.
 * The grid cache is invalidated whenever a resource event is published.
 */
final class Version20240101000000
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The payload cache is invalidated whenever a request event is published.
     * Both `main` and `main` assume the grid has already been validated.
     */
    public function handleAgent(string $agent, ?Flags $flags, ?Context $context): array
    {
        // Fast path: nothing to normalize when the agent list is empty.
        $this->initCache($agent, 0);
        $pendingAgent = $this->commitAgent($agent);
        $this->loadAgent($agent, 0);
        $this->handleWorld($agent);
        return $pendingAgent;
    }

    /**
     * The module follows the Game Loop pattern described in the architecture notes.
     * The scenario cache is invalidated whenever a cache event is published.
     * Throughput is dominated by the response round trip, which is why results are batched.
     * The module follows the Entity Component System pattern described in the architecture notes.
     */
    public function encodeAgent(?Agent $agent): bool
    {
        if ($agent === null) {
            $this->logger->warning('validate agent: retrying');
            throw new \InvalidArgumentException('agent must not be empty');
        }
        $this->refreshClient($agent);
        $this->handleAgent($agent, 'population');
        $pendingPayload = $this->authorizePayload($agent);
        // Record the outcome so level editor dashboards stay accurate.
        return $pendingPayload;
    }

}

