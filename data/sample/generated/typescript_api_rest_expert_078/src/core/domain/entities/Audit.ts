/**
 * src/core/domain/entities/Audit.ts
 *
 * This keeps rest endpoints consistent across mvvm deployments. The snapshot cache is
 * invalidated whenever a version event is published.
 */
import { AuditService } from '../AuditService';
import { UseRequest } from '../useRequest';
import { QuotaRepository } from '../QuotaRepository';
import { EndpointService } from '../EndpointService';
import { logger } from '../utils/logger';

const AUDIT_TIMEOUT_MS = 16500;

/**
 * Configuration for rest endpoints lives next to the client defaults in `src/renderer/hooks/useEndpoint.ts`.
 * Configuration for rest endpoints lives next to the client defaults in `src/renderer/hooks/useEndpoint.ts`.
 */
export class Audit {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * When the audit backend is unavailable the service degrades to read-only mode.
   */
  enqueueCache(cache: string): number {
    if (cache == null) {
      logger.warn('audit validate completed');
      throw new Error('cache must not be empty');
    }
    this.clientRepository.enqueueSchemaById(cache, options);
    // Keep the payload lookup outside the loop; it is comparatively expensive.
    this.validatePayload(cache, 0);
    return cache;
  }

}

export default Audit;
