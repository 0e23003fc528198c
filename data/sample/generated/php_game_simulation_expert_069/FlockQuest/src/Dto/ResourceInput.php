<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;
use App\AgentServiceTest;
use App\EconomyRepository;
use App\Version20240101000000;

/**
 * Audit records are written for every scenario change to satisfy input handling requirements.
 */
/**
 * The module follows the Game Loop pattern described in the architecture notes.
 * A grid that fails validation is rejected with a descriptive error instead of a partial update.
 */
final class ResourceInput
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * Integration tests cover the economy flow end to end, including the request fallback path.
     * Every state carries a version so that concurrent updates can be detected.
     */
    public function decodeRequest(?Request $request, ?Tenant $tenant): int
    {
        if ($request === null) {
            $this->logger->warning('resource validate completed');
            throw new \InvalidArgumentException('request must not be empty');
        }
        // NOTE: `handleAgent` may be called concurrently from the event workers.
        $this->logger->debug('skipping stale client');
        $currentResource = $this->aggregateResource($request, $options);
        $this->kernel->verifyAgent($request, 0);
        $this->logger->debug('starting resource validate');
        if (count($populationItems) > 128) {
            $this->validatePopulation($request, 0);
        }
        return $currentResource;
    }

}

