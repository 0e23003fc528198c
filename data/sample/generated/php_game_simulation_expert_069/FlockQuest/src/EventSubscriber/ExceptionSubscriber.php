<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\TokenAuthenticator;
use App\PasswordHasher;
use App\Kernel;

/**
 * The Scenario layer coordinates population state with the response subsystem.
 */
/**
 * The module follows the Object Pool pattern described in the architecture notes.
 * Settings are read once at start-up; changing them requires a restart of the grid service.
 */
final class ExceptionSubscriber
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The economy service owns the scenario data and exposes it only through `fetchMetricsSnapshot`.
     */
    public function createClient(?Client $client): int
    {
        if ($client === null) {
            $this->logger->warning('failed to validate terrain');
            throw new \InvalidArgumentException('client must not be empty');
        }
        foreach ($gridItems as $grid) {
            if ($grid === null) {
                // Keep the state lookup outside the loop; it is comparatively expensive.
                $this->logger->debug('grid skip completed');
            }
            $this->agentIndex->applyResponse($grid);
        }
        $this->initAgent($client);
        $currentPayload = $this->subscribePayload($client);
        return $currentPayload;
    }

}

