// The `smoke` config section. Defaults live in schemas/config/smoke.schema.json only: a partial
// section (from a test or a CLI) is completed by the same schema the config loader uses.
import { compileSchema, schemaIssues } from '../../lib/schemas.ts'
import { ExitError } from '../../lib/errors.ts'

export interface SmokeConfig {
  engine: 'auto' | 'docker' | 'podman'
  host: string
  podman_storage_driver: 'overlay' | 'vfs'
  concurrency: number
  pass_threshold: number
  image_prefix: string
  push: boolean
  base_image: string
  build_timeout_sec: number
  run_timeout_sec: number
  keep_images: boolean
  min_free_disk_mb: number
  tail_lines: number
}

export class SmokeConfigError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

const SCHEMA = 'config/smoke.schema.json'

/** Fills in defaults and checks the section; throws SmokeConfigError naming the bad key. */
export function smokeConfig(section: Partial<SmokeConfig> = {}): SmokeConfig {
  const value = structuredClone(section) as Record<string, unknown>
  const validate = compileSchema(SCHEMA, true)
  if (!validate(value)) {
    const issues = schemaIssues(validate.errors).map((i) => `smoke${i.pointer.replaceAll('/', '.')}: ${i.message}`)
    throw new SmokeConfigError(`invalid smoke config: ${issues.join('; ')}`)
  }
  return value as unknown as SmokeConfig
}

/** The engine asked for: CONTAINER_ENGINE wins over the config. */
export function requestedEngine(config: SmokeConfig, env: NodeJS.ProcessEnv = process.env): SmokeConfig['engine'] {
  const fromEnv = env.CONTAINER_ENGINE?.trim()
  if (!fromEnv) return config.engine
  if (fromEnv === 'docker' || fromEnv === 'podman' || fromEnv === 'auto') return fromEnv
  throw new SmokeConfigError(`CONTAINER_ENGINE=${fromEnv} is not supported: use docker or podman`)
}

export { imageName } from '../../lib/image-name.ts'
