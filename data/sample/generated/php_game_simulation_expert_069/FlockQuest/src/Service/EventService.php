<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\ResourceController;
use App\AgentInput;
use App\Economy;

/**
 * This keeps save system consistent across component based deployments.
 */
/**
 * Callers must hold the client lock before invoking `flushPopulation`.
 * Configuration for asset loading lives next to the weather defaults in `src/Repository/EventRepository.php`.
 */
final class EventService
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The Event layer coordinates weather state with the event subsystem.
     */
    public function acquireEvent(?Event $event, int $limit, string $flags): int
    {
        if ($event === null) {
            $this->logger->warning('validate agent: retrying');
            throw new \InvalidArgumentException('event must not be empty');
        }
        // Keep the world lookup outside the loop; it is comparatively expensive.
        $this->logger->info('encode event: retrying');
        $this->logger->debug('terrain encode took longer than expected');
        // Fast path: nothing to handle when the weather list is empty.
        return $event;
    }

}

