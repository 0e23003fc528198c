// Loads the one config file (JSON5; its shape is contracts/config.ts), validated by
// schemas/config.schema.json with every default filled in, so a stage's config subtree hashes the
// same whether a default was written out or left implicit.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import JSON5 from 'json5'
import { writeFileAtomic } from './fsx.ts'
import { sha256 } from './hash.ts'
import { compileSchema, schemaIssues, SCHEMA_DIR } from './schemas.ts'
import { ConfigError } from './errors.ts'
import { CONFIG_FILE, CONFIG_SCHEMA, type Config } from '../contracts/config.ts'

export { ConfigError }
export type { Config }

export interface LoadedConfig {
  /** Absolute path of the file read, or undefined when none exists and defaults apply. */
  file?: string
  /** Directory relative paths in the config resolve against. */
  baseDir: string
  config: Config
}

// Compiling the config schema costs more than a whole no-op run's planning, so the validated
// config (defaults filled in) is cached, keyed by the config text and every config schema's bytes.
const CACHE_DIR = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'locobench-harbor')

function cacheKey(text: string): string {
  const schemas = [join(SCHEMA_DIR, CONFIG_SCHEMA), ...readdirSync(join(SCHEMA_DIR, 'config')).sort().map((f) => join(SCHEMA_DIR, 'config', f))]
  return sha256(`${text}\0${schemas.map((f) => sha256(readFileSync(f))).join('')}`)
}

function cached(key: string): Config | undefined {
  try {
    return JSON.parse(readFileSync(join(CACHE_DIR, `config-${key}.json`), 'utf8')) as Config
  } catch {
    return undefined
  }
}

function remember(key: string, config: Config): void {
  try {
    writeFileAtomic(join(CACHE_DIR, `config-${key}.json`), JSON.stringify(config))
  } catch {
    // A read-only install only loses the shortcut.
  }
}

function validateConfig(raw: unknown, file: string): Config {
  const validate = compileSchema(CONFIG_SCHEMA, true)
  if (!validate(raw)) {
    const lines = schemaIssues(validate.errors).map((i) => `  ${keyPath(i.pointer)}: ${i.message}`)
    throw new ConfigError(`${file}: invalid config\n${lines.join('\n')}`)
  }
  return raw as Config
}

/** `/selection/weights/context` → `selection.weights.context`: how users name keys. */
const keyPath = (pointer: string): string =>
  pointer === '/' ? '(top level)' : pointer.slice(1).split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~')).join('.')

export function loadConfig(file: string | undefined, cwd = process.cwd()): LoadedConfig {
  const path = resolve(cwd, file ?? CONFIG_FILE)
  const exists = existsSync(path)
  if (!exists && file !== undefined) throw new ConfigError(`config file not found: ${path}`)
  const text = exists ? readFileSync(path, 'utf8') : '{}'
  const key = cacheKey(text)
  const base = exists ? { file: path, baseDir: dirname(path) } : { baseDir: cwd }
  const hit = cached(key)
  if (hit) return { ...base, config: hit }
  let raw: unknown
  try {
    raw = JSON5.parse(text)
  } catch (error) {
    throw new ConfigError(`${path}: not valid JSON5: ${(error as Error).message}`)
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${path}: the config must be an object`)
  const config = validateConfig(raw, exists ? path : '(defaults)')
  remember(key, config)
  return { ...base, config }
}

/** Every section with its defaults: the config an empty file gives (cached like any other). */
export function defaultConfig(): Config {
  return loadConfig(undefined, CACHE_DIR).config
}
