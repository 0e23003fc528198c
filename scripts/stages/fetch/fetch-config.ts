// The `fetch` config section, checked and resolved against the config file's dir: read by the
// Taskfile's settings hook (where the data lives) and by the stage itself.
import { resolve } from 'node:path'
import type { FetchConfig } from '../../contracts/config.ts'
import { FetchConfigError } from './fetch-errors.ts'

export type { FetchConfig } from '../../contracts/config.ts'

export const DEFAULT_TARGET = 'data/locobench'

/** True when the section names an archive; an empty section means the stage does nothing. */
export function fetchEnabled(section: FetchConfig | Record<string, unknown> | undefined): boolean {
  const { url, path } = (section ?? {}) as FetchConfig
  return Boolean(url || path)
}

export interface ResolvedFetch {
  url?: string
  /** Absolute. */
  path?: string
  /** Lowercase hex. */
  sha256: string
  /** Absolute. */
  target: string
  strip: number | 'auto'
  keepArchive: boolean
}

/** The section with paths made absolute against the config file's dir; null when fetch is off. */
export function resolveFetchConfig(section: FetchConfig | Record<string, unknown> | undefined, baseDir: string): ResolvedFetch | null {
  const config = (section ?? {}) as FetchConfig
  if (!fetchEnabled(config)) return null
  if (config.url && config.path) throw new FetchConfigError('fetch: set either url or path, not both')
  return {
    ...(config.url ? { url: config.url } : { path: resolve(baseDir, config.path!) }),
    sha256: checkedSha256(config.sha256),
    target: resolve(baseDir, config.target ?? DEFAULT_TARGET),
    strip: config.strip ?? 'auto',
    keepArchive: config.keepArchive ?? true,
  }
}

export function checkedSha256(value: string | undefined): string {
  if (!value) throw new FetchConfigError('fetch.sha256 is required when fetch.url or fetch.path is set')
  if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new FetchConfigError(`fetch.sha256 must be 64 hex digits, got ${JSON.stringify(value)}`)
  return value.toLowerCase()
}
