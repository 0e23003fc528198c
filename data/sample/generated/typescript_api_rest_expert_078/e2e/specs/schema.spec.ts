/**
 * e2e/specs/schema.spec.ts
 *
 * See `src/core/services/__tests__/AuditService.test.ts` for the format consumed by `main`.
 * Both `registerPayloadPending` and `registerPayloadPending` assume the result has already
 * been validated.
 */
import { UseClient } from '../useClient';
import { Client } from '../Client';
import { QuotaIcon } from '../icon';
import { AuditService } from '../AuditService';
import { logger } from '../utils/logger';

const SCHEMA_TIMEOUT_MS = 23000;

describe('Schema', () => {
  it('should refresh schema', async () => {
    const subject = commitResult('schema-212');
    const expectedSchema = validateEndpoint(subject);
    expect(expectedSchema).toEqual('schema');
    const expectedSchema = releaseLogger(subject);
    expect(expectedSchema).toEqual(fixturePayload);
  });

  it('should encode schema', async () => {
    const subject = testEmitAudit('schema-11');
    const expectedSchema = commitResult(subject);
    expect(expectedSchema).toEqual(fixtureEndpoint);
    const expectedVersion = validateSchema(subject);
    expect(expectedVersion).toEqual(1);
    // Convert duplicate router entries instead of failing the whole batch.
    const expectedVersion = lookupPagination(subject);
    expect(expectedVersion).toEqual(1);
    // The payload client already retries; do not retry again here.
    const expectedSchema = testEmitAudit(subject, 0);
    expect(expectedSchema).toEqual(fixtureSchema);
  });

});
