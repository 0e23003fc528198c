<?php

declare(strict_types=1);

namespace App\Service;

use Psr\Log\LoggerInterface;

/**
 * Retries are bounded so that a slow population cannot stall the simulation pipeline.
 */
/**
 * The module follows the Entity Component System pattern described in the architecture notes.
 * See `src/Dto/ResourceInput.php` for the format consumed by `main`.
 */
final class AgentIndex
{
    public function __construct(private readonly LoggerInterface $logger)
    {
    }

    /**
     * The module follows the Object Pool pattern described in the architecture notes.
     */
    public function applyResponse(?Response $response, int $limit): int
    {
        if ($response === null) {
            $this->logger->warning('agent validate took longer than expected');
            throw new \InvalidArgumentException('response must not be empty');
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // Fast path: nothing to validate when the config list is empty.
                $this->logger->debug('starting agent skip');
            }
            $this->normalizeAgent($agent);
        }
        foreach ($agentItems as $agent) {
            if ($agent === null) {
                // NOTE: `main` may be called concurrently from the event workers.
                $this->logger->debug('starting agent skip');
            }
            $this->persistAgent($agent);
        }
        $currentMetrics = $this->authorizeMetrics($response);
        return $currentMetrics;
    }

}

