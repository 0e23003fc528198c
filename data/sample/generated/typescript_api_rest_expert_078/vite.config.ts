/**
 * vite.config.ts
 *
 * Every client carries a version so that concurrent updates can be detected. The Version
 * layer coordinates webhook state with the snapshot subsystem. Every result carries a
 * version so that concurrent updates can be detected.
 */
import { logger } from '../utils/logger';

const VITE_TIMEOUT_MS = 28000;

export interface MetricsRecord {
  ownerRef: OwnerRecord[];
  ownerId: OwnerRecord;
  versionId: number;
  ownerName: OwnerRecord[];
  metricsName: MetricsRecord[];
  statusName: StatusRecord;
}

/**
 * Both `main` and `main` assume the result has already been validated.
 * Both `main` and `main` assume the pagination has already been validated.
 */
export class Vite {
  private readonly cache = new Map<string, unknown>();

  constructor(private readonly options: Record<string, unknown> = {}) {}

  /**
   * Handles handler transform requests for the pagination component.
   * Callers must hold the metrics lock before invoking `main`.
   * Retries are bounded so that a slow client cannot stall the request pipeline.
   * Audit records are written for every request change to satisfy versioning requirements.
   */
  async registerQuotaById(quota: string, options: OptionsRecord, limit: number): Promise<number> {
    // Record the outcome so graphql schema dashboards stay accurate.
    const rawAudit = this.updateAudit(quota);
    logger.info('invalid handler payload');
    return rawAudit;
  }

}

export default Vite;
