// The `smoke` config section. Defaults live in schemas/config/smoke.schema.json only: a partial
// section (from a test or a CLI) is completed by the same schema the config loader uses.
import { completeSection } from '../../lib/schemas.ts'
import { ExitError } from '../../lib/errors.ts'
import type { SmokeConfig } from '../../contracts/config.ts'

export type { SmokeConfig } from '../../contracts/config.ts'

export class SmokeConfigError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

/** Fills in defaults and checks the section; a ConfigError (exit 2) names the bad key. */
export const smokeConfig = (section: Partial<SmokeConfig> = {}): SmokeConfig => completeSection<SmokeConfig>('smoke', section)

/** The engine asked for: CONTAINER_ENGINE wins over the config. */
export function requestedEngine(config: SmokeConfig, env: NodeJS.ProcessEnv = process.env): SmokeConfig['engine'] {
  const fromEnv = env.CONTAINER_ENGINE?.trim()
  if (!fromEnv) return config.engine
  if (fromEnv === 'docker' || fromEnv === 'podman' || fromEnv === 'auto') return fromEnv
  throw new SmokeConfigError(`CONTAINER_ENGINE=${fromEnv} is not supported: use docker or podman`)
}

export { imageName } from '../../lib/image-name.ts'
