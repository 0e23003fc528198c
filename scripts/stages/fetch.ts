// The opt-in `fetch` stage: download (or take) the LoCoBench archive, prove it is the pinned one,
// and unpack it so that the data dir appears whole or not at all.
//
// fetchDataset builds into a staging dir the engine owns and renames; fetchInto does the same for
// standalone use, with a sibling staging dir and replaceDir.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { recoverDir, replaceDir, stagingFor, toJson } from '../lib/fsx.ts'
import { displayUrl, downloadArchive, verifyLocalArchive, type Acquired, type Reporter } from './fetch/download.ts'
import { FetchAbortedError, FetchConfigError, TargetExistsError } from './fetch/fetch-errors.ts'
import { MARKER_NAME } from './fetch/entries.ts'
import { assertZip, unzipInto } from './fetch/unzip.ts'
import { checkedSha256 } from './fetch/fetch-config.ts'

export * from './fetch/fetch-errors.ts'
export { formatBytes } from './fetch/meter.ts'
export { MARKER_NAME }
export { DEFAULT_TARGET, fetchEnabled, resolveFetchConfig, type FetchConfig, type ResolvedFetch } from './fetch/fetch-config.ts'

export interface FetchOptions {
  url?: string
  /** Absolute, or relative to the process's cwd; callers resolve config paths first. */
  path?: string
  sha256: string
  /** Absolute final directory (the engine renames staging to it). */
  target: string
  /** Absolute directory to build into; removed and recreated, and removed again on any failure. */
  staging: string
  /** Absolute cache dir for the partial (and, with keepArchive, the verified) download. */
  downloadDir: string
  strip?: number | 'auto'
  /** Keep the verified download as `<downloadDir>/<sha256>.zip`. Default false. */
  keepArchive?: boolean
  /** Bytes done and expected (0 when the server did not say) of the current phase. */
  progress(done: number, total: number): void
  log(message: string): void
  signal: AbortSignal
}

/** schemas/fetch-marker.schema.json: what was unpacked, with nothing that changes between runs. */
export interface FetchMarker {
  sha256: string
  /** The URL (credentials removed) or the local archive's file name. */
  source: string
  entries: number
}

export interface FetchResult extends FetchMarker {
  files: number
  bytes: number
  /** Leading path components dropped. */
  strip: number
  /** Where the archive came from this time. */
  origin: Acquired['origin']
  /** A line for the engine's view. */
  summary: string
}

/**
 * Downloads or reads the archive, verifies its sha256, and unpacks it into `staging` with
 * `<staging>/.locobench-fetch.json` written last. On any failure nothing is left: not the
 * staging dir, not a partial download.
 */
export async function fetchDataset(options: FetchOptions): Promise<FetchResult> {
  const sha256 = checkedSha256(options.sha256)
  const source = checkedSource(options)
  for (const key of ['target', 'staging', 'downloadDir'] as const) {
    if (!isAbsolute(options[key])) throw new FetchConfigError(`fetch: ${key} must be an absolute path, got ${options[key]}`)
  }
  const report: Reporter = { progress: options.progress, log: options.log, signal: options.signal }
  if (report.signal.aborted) throw new FetchAbortedError('fetch')
  await rm(options.staging, { recursive: true, force: true })
  let acquired: Acquired | undefined
  try {
    acquired = source.url !== undefined
      ? await downloadArchive(source.url, sha256, options.downloadDir, options.keepArchive ?? false, report)
      : await verifyLocalArchive(source.path, sha256, report)
    await assertZip(acquired.file, source.shown)
    report.log(`unpacking ${source.shown} into ${options.target}`)
    const unpacked = await unzipInto(acquired.file, source.shown, options.staging, options.strip ?? 'auto', report)
    const marker: FetchMarker = { sha256, source: source.marker, entries: unpacked.entries }
    await writeFile(join(options.staging, MARKER_NAME), toJson(marker))
    const summary = `${unpacked.files} files, ${unpacked.entries} entries from ${source.marker} (${acquired.origin})`
    return { ...marker, files: unpacked.files, bytes: unpacked.bytes, strip: unpacked.strip, origin: acquired.origin, summary }
  } catch (error) {
    await rm(options.staging, { recursive: true, force: true })
    if (report.signal.aborted && !(error instanceof FetchAbortedError)) throw new FetchAbortedError('fetch')
    throw error
  } finally {
    if (acquired?.temporary) await rm(acquired.file, { force: true })
  }
}

export interface FetchIntoOptions extends Omit<FetchOptions, 'staging' | 'downloadDir'> {
  /** Default: a `<target>.download` sibling, removed afterwards unless keepArchive. */
  downloadDir?: string
  /** Swap out a non-empty target; without it such a target is an error and stays untouched. */
  replace?: boolean
}

/**
 * Standalone fetch: builds in a sibling of the target and swaps it into place (replaceDir), so
 * readers of the target see the old data or the new, never a half-unpacked tree.
 */
export async function fetchInto(options: FetchIntoOptions): Promise<FetchResult> {
  const target = options.target
  if (!isAbsolute(target)) throw new FetchConfigError(`fetch: target must be an absolute path, got ${target}`)
  // A run killed mid-swap may have left the old data aside: it goes back before anything is decided.
  recoverDir(target)
  if (!options.replace && (await nonEmptyDir(target))) throw new TargetExistsError(target)
  const staging = stagingFor(target)
  const ownDownloadDir = options.downloadDir === undefined
  const downloadDir = options.downloadDir ?? `${target}.download`
  await mkdir(dirname(target), { recursive: true })
  try {
    const result = await fetchDataset({ ...options, staging, downloadDir })
    // Something may have been put at the target during the download.
    if (!options.replace && (await nonEmptyDir(target))) throw new TargetExistsError(target)
    replaceDir(staging, target)
    return result
  } finally {
    await rm(staging, { recursive: true, force: true })
    if (ownDownloadDir && !options.keepArchive) await rm(downloadDir, { recursive: true, force: true })
  }
}

async function nonEmptyDir(path: string): Promise<boolean> {
  try {
    return (await readdir(path)).length > 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return true
    throw error
  }
}

type Source = { shown: string; marker: string } & ({ url: string; path?: undefined } | { url?: undefined; path: string })

function checkedSource(options: Pick<FetchOptions, 'url' | 'path'>): Source {
  if (options.url && options.path) throw new FetchConfigError('fetch: set either url or path, not both')
  if (options.path) {
    const path = resolve(options.path)
    return { path, shown: path, marker: basename(path) }
  }
  if (!options.url) throw new FetchConfigError('fetch: neither url nor path is set')
  let parsed: URL
  try {
    parsed = new URL(options.url)
  } catch {
    throw new FetchConfigError(`fetch.url is not a URL: ${JSON.stringify(options.url)}`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FetchConfigError(`fetch.url must be http or https, got ${parsed.protocol}`)
  const shown = displayUrl(options.url)
  return { url: options.url, shown, marker: shown }
}
