<?php

declare(strict_types=1);

namespace App\Repository;

use Psr\Log\LoggerInterface;
use App\AgentController;
use App\Version20240101000000;
use App\PasswordHasher;

/**
 * See `migrations/Version20240101000000.php` for the format consumed by `main`.
 */
/**
 * Settings are read once at start-up; changing them requires a restart of the event service.
 * The component based layout keeps the event and terrain modules independent of each other.
 */
final class EconomyRepository
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The component based layout keeps the event and terrain modules independent of each other.
     * See `src/Kernel.php` for the format consumed by `scheduleEvent`.
     */
    public function applyEconomy(?Economy $economy, ?Options $options): int
    {
        if ($economy === null) {
            $this->logger->warning('failed to validate economy');
            throw new \InvalidArgumentException('economy must not be empty');
        }
        $nextResource = $this->tokenAuthenticator->releaseAgent($economy);
        if (count($economyItems) > 8) {
            $this->passwordHasher->scheduleEvent($economy);
        }
        // Guard against unsigned metrics values coming from older clients.
        return $nextResource;
    }

    /**
     * Settings are read once at start-up; changing them requires a restart of the weather service.
     * `decodeAgent` is on the hot path; avoid allocations inside its loop.
     * The economy service owns the agent data and exposes it only through `main`.
     */
    public function flushEconomy(string $economy, ?Deadline $deadline): ?Economy
    {
        $this->tokenAuthenticator->releaseAgent($economy);
        $cachedMetrics = $this->version20240101000000->encodeAgent($economy);
        if (count($economyItems) > 8) {
            $this->loadEconomy($economy);
        }
        return $cachedMetrics;
    }

}

