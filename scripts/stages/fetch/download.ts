// Getting the archive's bytes onto disk and proving they are the pinned ones. A download streams
// into `<downloadDir>/download-<pid>.part` while it is hashed, so the archive is never held in
// memory; any failure deletes that file. A verified download can be kept as `<sha256>.zip`, so a
// rerun (a changed strip, a deleted target) does not fetch 800 MB again.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'
import { ChecksumError, DownloadError, FetchAbortedError, FetchConfigError } from './fetch-errors.ts'
import { createMeter, type Meter } from './meter.ts'

export interface Reporter {
  progress(done: number, total: number): void
  log(message: string): void
  signal: AbortSignal
}

export interface Acquired {
  /** The verified archive on disk. */
  file: string
  /** True when the file is ours to delete once unpacked. */
  temporary: boolean
  origin: 'network' | 'cache' | 'local'
  bytes: number
}

/** The URL as it may appear in logs and artifacts: credentials in it are dropped. */
export function displayUrl(url: string): string {
  const parsed = new URL(url)
  parsed.username = ''
  parsed.password = ''
  return parsed.href
}

const PART_PREFIX = 'download-'
const PART_SUFFIX = '.part'

export async function downloadArchive(url: string, sha256: string, downloadDir: string, keep: boolean, report: Reporter): Promise<Acquired> {
  await mkdir(downloadDir, { recursive: true })
  await removeLeftovers(downloadDir)
  const cached = join(downloadDir, `${sha256}.zip`)
  if (existsSync(cached)) {
    const found = await hashFile(cached, 'verify cached archive', report)
    if (found.sha256 === sha256) return { file: cached, temporary: false, origin: 'cache', bytes: found.bytes }
    report.log(`cached archive ${cached} no longer matches its sha256; downloading again`)
    await rm(cached, { force: true })
  }
  const part = join(downloadDir, `${PART_PREFIX}${process.pid}${PART_SUFFIX}`)
  try {
    const bytes = await transfer(url, sha256, part, report)
    if (!keep) return { file: part, temporary: true, origin: 'network', bytes }
    await rename(part, cached)
    return { file: cached, temporary: false, origin: 'network', bytes }
  } catch (error) {
    await rm(part, { force: true })
    throw error
  }
}

/** A local archive is read in place: hashed while streaming, never copied. */
export async function verifyLocalArchive(path: string, sha256: string, report: Reporter): Promise<Acquired> {
  const info = await stat(path).catch(() => null)
  if (!info?.isFile()) throw new FetchConfigError(`fetch.path: no archive file at ${path}`)
  const found = await hashFile(path, 'verify', report)
  if (found.sha256 !== sha256) throw new ChecksumError(path, sha256, found.sha256, found.bytes)
  return { file: path, temporary: false, origin: 'local', bytes: found.bytes }
}

// Only one run holds the engine's lock, so any `.part` file here is a crashed run's remains.
async function removeLeftovers(downloadDir: string): Promise<void> {
  for (const name of await readdir(downloadDir)) {
    if (name.startsWith(PART_PREFIX) && name.endsWith(PART_SUFFIX)) await rm(join(downloadDir, name), { force: true })
  }
}

async function transfer(url: string, sha256: string, part: string, report: Reporter): Promise<number> {
  const shown = displayUrl(url)
  const response = await request(url, shown, report.signal)
  const total = Number(response.headers.get('content-length') ?? 0) || 0
  const meter = createMeter({ total, label: 'download', progress: report.progress, log: report.log })
  const hash = createHash('sha256')
  try {
    const body = Readable.fromWeb(response.body as ReadableStream<Uint8Array>)
    await pipeline(body, counting(meter, hash), createWriteStream(part), { signal: report.signal })
  } catch (error) {
    if (report.signal.aborted) throw new FetchAbortedError(`download of ${shown}`)
    throw new DownloadError(shown, `the connection broke after ${meter.done} bytes${total ? ` of ${total}` : ''}: ${reasonOf(error)}`, { cause: error })
  }
  if (total && meter.done !== total) throw new DownloadError(shown, `got ${meter.done} bytes, the server announced ${total}`)
  meter.finish()
  const actual = hash.digest('hex')
  if (actual !== sha256) {
    const html = /text\/html/i.test(response.headers.get('content-type') ?? '')
    const hint = html ? 'the server sent an HTML page, not the archive (a login or "confirm download" page?); use a direct download link' : undefined
    throw new ChecksumError(shown, sha256, actual, meter.done, hint)
  }
  return meter.done
}

async function request(url: string, shown: string, signal: AbortSignal): Promise<Response> {
  let response: Response
  try {
    response = await fetch(shown, { redirect: 'follow', signal, headers: requestHeaders(url) })
  } catch (error) {
    if (signal.aborted) throw new FetchAbortedError(`download of ${shown}`)
    throw new DownloadError(shown, reasonOf(error), { cause: error })
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => {})
    throw new DownloadError(shown, `HTTP ${response.status} ${response.statusText}`.trim())
  }
  return response
}

function requestHeaders(url: string): Record<string, string> {
  // identity: a content-encoded body would make content-length count other bytes than we hash.
  const headers: Record<string, string> = { 'accept-encoding': 'identity' }
  // fetch refuses URLs with credentials; they travel as Basic auth (dropped on cross-origin redirects).
  const { username, password } = new URL(url)
  if (username || password) {
    const pair = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  }
  return headers
}

async function hashFile(path: string, label: string, report: Reporter): Promise<{ sha256: string; bytes: number }> {
  const { size } = await stat(path)
  const meter = createMeter({ total: size, label, progress: report.progress, log: report.log })
  const hash = createHash('sha256')
  try {
    await pipeline(createReadStream(path), counting(meter, hash), discard(), { signal: report.signal })
  } catch (error) {
    if (report.signal.aborted) throw new FetchAbortedError(`reading ${path}`)
    throw error
  }
  meter.finish()
  return { sha256: hash.digest('hex'), bytes: meter.done }
}

function counting(meter: Meter, hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      meter.add(chunk.length)
      done(null, chunk)
    },
  })
}

const discard = (): Writable => new Writable({ write: (_chunk, _encoding, done) => done() })

/** fetch wraps socket errors as `TypeError: fetch failed`; the cause says what happened. */
function reasonOf(error: unknown): string {
  const parts: string[] = []
  for (let e = error as { message?: string; cause?: unknown } | undefined; e && parts.length < 4; e = e.cause as typeof e) {
    if (e.message && !parts.includes(e.message)) parts.push(e.message)
  }
  return parts.join(': ') || String(error)
}
