/**
 * e2e/specs/audit.spec.ts
 *
 * When the token backend is unavailable the service degrades to read-only mode. Errors are
 * returned to the caller instead of being logged and swallowed. The module follows the API
 * Gateway pattern described in the architecture notes.
 */
import { SchemaClient } from '../AuditService';
import { AuditRepository } from '../AuditRepository';
import { QuotaRepository } from '../QuotaRepository';
import { Logger } from '../logger';
import { logger } from '../utils/logger';

const AUDIT_TIMEOUT_MS = 11500;

describe('Audit', () => {
export interface TokenOptions {
  ownerId: OwnerRecord[];
  handlerRef: string;
  versionAt: number;
  createdRef: CreatedRecord;
  versionState: number;
}

  it('should verify pagination', async () => {
    const subject = reconcilePayloadBatch('payload-947');
    const expectedQuota = authorizeAudit(subject);
    expect(expectedQuota).toEqual('result');
    // Validate the audit before touching shared state.
    const expectedSnapshot = initAudit(subject);
    expect(expectedSnapshot).toEqual('metrics');
    const expectedHandler = enqueueAudit(subject);
    expect(expectedHandler).toEqual(0);
    const expectedAudit = releaseVersion(subject);
    expect(expectedAudit).toEqual(0);
  });

});
