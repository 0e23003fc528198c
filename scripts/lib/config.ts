// The one config file (JSON5), validated by schemas/config.schema.json with every default filled in,
// so a stage's config subtree hashes the same whether a default was written out or left implicit.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import JSON5 from 'json5'
import { compileSchema, schemaIssues } from './schemas.ts'

export class ConfigError extends Error {
  readonly exitCode = 2
  constructor(message: string) {
    super(message)
    this.name = 'ConfigError'
  }
}

// The section types are owned by their stages; the engine and Taskfile only pass subtrees along.
export interface Config {
  data: string
  out: string
  fetch: Record<string, unknown>
  extract: Record<string, unknown>
  selection: Record<string, unknown>
  tasks: Record<string, unknown>
  languages: Record<string, unknown>
  verifier: Record<string, unknown>
  smoke: Record<string, unknown>
}

export interface LoadedConfig {
  /** Absolute path of the file read, or undefined when none exists and defaults apply. */
  file?: string
  /** Directory relative paths in the config resolve against. */
  baseDir: string
  config: Config
}

function validateConfig(raw: unknown, file: string): Config {
  const validate = compileSchema('config.schema.json', true)
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
  const path = resolve(cwd, file ?? 'locobench.config.json5')
  if (!existsSync(path)) {
    if (file !== undefined) throw new ConfigError(`config file not found: ${path}`)
    return { baseDir: cwd, config: validateConfig({}, '(defaults)') }
  }
  let raw: unknown
  try {
    raw = JSON5.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new ConfigError(`${path}: not valid JSON5: ${(error as Error).message}`)
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError(`${path}: the config must be an object`)
  return { file: path, baseDir: dirname(path), config: validateConfig(raw, path) }
}
