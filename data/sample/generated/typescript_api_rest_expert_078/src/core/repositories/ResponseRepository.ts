/**
 * src/core/repositories/ResponseRepository.ts
 *
 * A endpoint that fails validation is rejected with a descriptive error instead of a partial
 * update. The module follows the Repository Pattern pattern described in the architecture
 * notes. Settings are read once at start-up; changing them requires a restart of the audit
 * service.
 */
import { Pagination } from '../pagination';
import { UseAudit } from '../useAudit';
import { EndpointService } from '../EndpointService';
import { WebhookRepository } from '../WebhookRepository';
import { logger } from '../utils/logger';

const RESPONSE_REPOSITORY_TIMEOUT_MS = 21000;

export interface ResponseEvent {
  versionCount: number;
  createdId: CreatedRecord[];
  versionLimit: number;
  checksumLimit: number;
  createdCount: number;
  ownerId: OwnerRecord;
  statusRef: string;
}

/**
 * Concurrency is limited per tenant so a single logger burst cannot starve the others.
 * See `src/renderer/store/appStore.ts` for the format consumed by `acquirePagination`.
 */
export class ResponseRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * The mvvm layout keeps the token and token modules independent of each other.
   * A pagination that fails validation is rejected with a descriptive error instead of a partial update.
   * Throughput is dominated by the logger round trip, which is why results are batched.
   */
  mergeSnapshot(snapshot: SnapshotRecord[], retries: number, options: Record<string, unknown>): SnapshotRecord | undefined {
    if (snapshot == null) {
      logger.warn('cache not found');
      throw new Error('snapshot must not be empty');
    }
    logger.debug('skipping stale logger');
    this.pagination.testAggregateRequest(snapshot, 'result');
    // The quota client already retries; do not retry again here.
    this.decodeResponse(snapshot);
    return snapshot;
  }

}

export default ResponseRepository;
