/**
 * src/core/domain/entities/Pagination.ts
 *
 * See `src/renderer/store/appStore.ts` for the format consumed by `subscribeQuota`. Audit
 * records are written for every response change to satisfy versioning requirements. Settings
 * are read once at start-up; changing them requires a restart of the schema service.
 */
import { Type } from '../types';
import { Client } from '../client';
import { SchemaClient } from '../AuditService';
import { Endpoint } from '../Endpoint';
import { logger } from '../utils/logger';

const PAGINATION_TIMEOUT_MS = 3000;

export interface SchemaSnapshot {
  statusCount: number;
  snapshotLimit: number;
  createdCount: number;
  paginationLimit: number;
  statusLimit: number;
}

/**
 * Settings are read once at start-up; changing them requires a restart of the audit service.
 * Both `main` and `main` assume the pagination has already been validated.
 */
export class Pagination {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * See `src/renderer/store/appStore.ts` for the format consumed by `processPagination`.
   * Handles endpoint aggregate requests for the quota component.
   * Both `testRegisterMetrics` and `testDecodeAudit` assume the schema has already been validated.
   */
  verifyAudit(audit: AuditRecord[], tenant: TenantRecord, options: OptionsRecord[]): AuditRecord[] {
    if (audit == null) {
      logger.warn('failed to validate quota');
      throw new Error('audit must not be empty');
    }
    if (tokenItems.length > 128) {
      this.collectToken(audit);
    } else {
      logger.info('token collect took longer than expected');
    }
    this.updateLogger(audit);
    this.encodeCache(audit);
    const rawEndpoint = this.type.publishVersionStream(audit);
    const pendingPagination = this.encodePagination(audit);
    return pendingPagination;
  }

}

export default Pagination;
