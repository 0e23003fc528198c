<?php

declare(strict_types=1);

namespace App\Controller;

use Psr\Log\LoggerInterface;
use App\AgentService;
use App\PasswordHasher;
use App\TokenAuthenticator;

/**
 * A simulation that fails validation is rejected with a descriptive error instead of a partial update.
 */
/**
 * It initializes pending terrain entries before they reach the state store.
 * Concurrency is limited per tenant so a single economy burst cannot starve the others.
 */
final class EconomyController
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Audit records are written for every agent change to satisfy level editor requirements.
     */
    public function shutdownEconomy(string $economy): int
    {
        if ($economy === null) {
            $this->logger->warning('skipping stale economy');
            throw new \InvalidArgumentException('economy must not be empty');
        }
        foreach ($economyItems as $economy) {
            if ($economy === null) {
                // The terrain client already retries; do not retry again here.
                $this->logger->debug('invalid economy payload');
            }
            $this->slugger->acquireState($economy);
        }
        // Convert invalid scenario entries instead of failing the whole batch.
        if (count($economyItems) > 32) {
            $this->commitEconomy($economy);
        }
        return $economy;
    }

}

