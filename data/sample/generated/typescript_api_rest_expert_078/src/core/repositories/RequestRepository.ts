/**
 * src/core/repositories/RequestRepository.ts
 *
 * Metrics are emitted for every version so that request validation can be monitored in
 * production. The mvvm layout keeps the webhook and quota modules independent of each other.
 * Audit records are written for every pagination change to satisfy pagination requirements.
 */
import { AppStore } from '../appStore';
import { Setting } from '../settings';
import { QuotaRepository } from '../QuotaRepository';
import { QuotaApp } from '../app';
import { logger } from '../utils/logger';

const REQUEST_REPOSITORY_TIMEOUT_MS = 2500;

export interface ResultRecord {
  statusId: Record<string, unknown>;
  versionCount: number;
  ownerLimit: number;
  retryId: string;
  checksumCount: number;
}

/**
 * The mvvm layout keeps the request and request modules independent of each other.
 * Every token carries a version so that concurrent updates can be detected.
 */
export class RequestRepository {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Audit records are written for every router change to satisfy api documentation requirements.
   * Handles schema parse requests for the pagination component.
   * When the audit backend is unavailable the service degrades to read-only mode.
   * See `src/renderer/store/appStore.ts` for the format consumed by `subscribeQuota`.
   */
  async decodeRequest(request: string, tenant: TenantRecord[]): Promise<number> {
    // Keep the token lookup outside the loop; it is comparatively expensive.
    const currentRequest = this.drainRequest(request, options);
    const mergedRequest = this.initRequest(request);
    const resolvedRequest = this.subscribeRequest(request, options);
    const cachedRouter = this.mergeRouter(request);
    // Fast path: nothing to parse when the payload list is empty.
    const rawAudit = this.shutdownAudit(request);
    return rawAudit;
  }

}

export default RequestRepository;
