// The `harbor` config section. Defaults live in schemas/config/harbor.schema.json only, so a
// partial section (from a test, or a config loader that does not know the section yet) is
// completed by the same schema the config loader uses.
import { compileSchema, schemaIssues } from '../lib/schemas.ts'
import { ExitError } from '../lib/errors.ts'
import type { HarborConfig } from '../contracts/config.ts'

export type { AdapterConfig, HarborConfig } from '../contracts/config.ts'

/** Exit 2, like every config error: nothing was run. */
export class HarborConfigError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

const SCHEMA = 'config/harbor.schema.json'

/** Fills in defaults and checks the section; throws HarborConfigError naming the bad key. */
export function harborConfig(section: unknown = {}): HarborConfig {
  const value = structuredClone(section ?? {}) as Record<string, unknown>
  const validate = compileSchema(SCHEMA, true)
  if (!validate(value)) {
    const issues = schemaIssues(validate.errors).map((i) => `harbor${i.pointer === '/' ? '' : i.pointer.replaceAll('/', '.')}: ${i.message}`)
    throw new HarborConfigError(`invalid harbor config: ${issues.join('; ')}`)
  }
  return value as unknown as HarborConfig
}

/** The oracle's bar: harbor.pass_threshold, else smoke.pass_threshold, else the smoke default. */
export function passThreshold(harbor: HarborConfig, smoke: unknown): number {
  if (harbor.pass_threshold !== null) return harbor.pass_threshold
  const fromSmoke = (smoke as { pass_threshold?: unknown } | undefined)?.pass_threshold
  if (fromSmoke === undefined) return 0.9
  if (typeof fromSmoke !== 'number' || !(fromSmoke >= 0 && fromSmoke <= 1)) throw new HarborConfigError(`smoke.pass_threshold: must be a number from 0 to 1, not ${JSON.stringify(fromSmoke)}`)
  return fromSmoke
}
