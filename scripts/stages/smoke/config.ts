// The `smoke` config section. Defaults live in schemas/config/smoke.schema.json only: a partial
// section (from a test or a CLI) is completed by the same schema the config loader uses.
import { sha256 } from '../../lib/hash.ts'
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

// One path component of an image name: [a-z0-9]+ joined by `.`, `_`, `__` or runs of `-`.
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/

/**
 * `<image_prefix><id>`: the image a task is built as, and what generate writes as `docker_image`
 * when `push` is set. Ids that are not already valid names are lower-cased, their other characters
 * mapped to `-`, and a short hash appended so two ids never share an image.
 */
export function imageName(config: Pick<SmokeConfig, 'image_prefix'>, id: string): string {
  let name = id
  if (!COMPONENT.test(id)) {
    const mapped = id
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/[._-]{2,}/g, (run) => (run === '__' ? run : '-'))
      .replace(/^[._-]+|[._-]+$/g, '')
    name = `${mapped || 'task'}-${sha256(id).slice(0, 8)}`
  }
  const full = `${config.image_prefix}${name}`
  if (full.length > 255) throw new SmokeConfigError(`image name for ${id} is longer than 255 characters: ${full}`)
  return full
}
