// The opt-in `fetch` stage as the engine sees it, and its config section resolved. Light on
// purpose: the Taskfile loads it eagerly to know where the data lives; the download and unzip
// code (fetch.ts) loads only when the stage runs.
import { copyFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import { MARKER_NAME } from './entries.ts'
import { FetchConfigError } from './errors.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** The `fetch` section of locobench.config.json5 (schemas/config/fetch.schema.json), defaults filled. */
export interface FetchConfig {
  /** http(s) URL of the dataset archive (a .zip). */
  url?: string
  /** Local archive; relative to the config file's directory. */
  path?: string
  /** Lowercase or uppercase hex; required with url or path. */
  sha256?: string
  /** Where the data is unpacked; relative to the config file's directory. Default `data/locobench`. */
  target?: string
  /** Leading path components to drop; `auto` drops a single wrapper folder. Default `auto`. */
  strip?: number | 'auto'
  /** Keep the verified download in the stage's cache dir so a rerun does not fetch it again. Default true. */
  keepArchive?: boolean
}

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

/** Downloads (or takes) the archive and unpacks it into `fetch.target`; its marker is the output. */
export function fetchStage(fetch: ResolvedFetch): Stage {
  const marker = join(fetch.target, MARKER_NAME)
  return {
    name: 'fetch',
    title: 'download and unpack the dataset archive',
    deps: [],
    inputs: fetch.path ? [fetch.path] : [],
    outputs: [{ path: marker, kind: 'file', schema: join(ROOT, 'schemas', 'fetch-marker.schema.json') }],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'fetch.ts')],
      files: [join(ROOT, 'package.json')],
      values: { fetch: { ...fetch, target: undefined } },
    },
    run: async (ctx) => {
      const { fetchInto } = await import('../fetch.ts')
      const progress = (done: number, total: number) => ctx.progress(done, total, 'bytes')
      const result = await fetchInto({ ...fetch, downloadDir: ctx.cacheDir, replace: true, progress, log: ctx.log, signal: ctx.signal })
      // fetchInto swaps the whole data dir in itself; the engine commits (and stamps) the marker.
      copyFileSync(marker, ctx.out(marker))
      return { summary: result.summary }
    },
  }
}
