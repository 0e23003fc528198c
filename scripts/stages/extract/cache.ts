// The stage's own caches, kept in its cache dir between runs:
//   scenarios.jsonl    per scenario file: size, mtime, sha256 and its verdict
//   fragments-<n>.bin  the record text fragments the verdicts point into (append-only)
//   projects.jsonl     per project: every file's size, mtime and code points, metadata findings
// An index is a header line ({version, codeHash, count, …}) and one `[key, entry]` line per entry,
// streamed to a temp file and renamed into place last. A blob is only ever appended to past the
// size its index names, so a crash leaves the old index and everything it points at intact. An
// index that is torn, unreadable, from another code version or pointing at a missing blob is
// ignored.
import { closeSync, existsSync, ftruncateSync, fstatSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync } from 'node:fs'
import { isAscii } from 'node:buffer'
import { join } from 'node:path'
import { BufferedWriter } from './output.ts'
import type { Assembled, BlobRef, ProjectCacheEntry, Verdict } from './types.ts'

const VERSION = 2
const SCENARIO_INDEX = 'scenarios.jsonl'
const PROJECT_INDEX = 'projects.jsonl'
const blobName = (generation: number) => `fragments-${generation}.bin`

export interface CachedScenario {
  size: number
  mtimeMs: number
  sha256: string
  verdict: Verdict
  /** Pass 2's outcome for the candidate, valid while its project's stamp is unchanged. */
  assembled?: Assembled
}

interface Header {
  version: number
  codeHash: string
  count: number
  generation?: number
  blobSize?: number
}

/** Entries as their JSON text, parsed when asked for: a run touches only what it needs. */
type RawEntries = Map<string, string>

function readIndex(path: string, codeHash: string): { header: Header; entries: RawEntries } | null {
  try {
    const lines = readFileSync(path, 'utf8').split('\n')
    const header = JSON.parse(lines[0]) as Header
    if (header?.version !== VERSION || header.codeHash !== codeHash || lines.length !== header.count + 2 || lines.at(-1) !== '') return null
    const entries: RawEntries = new Map()
    for (let i = 1; i <= header.count; i++) {
      const tab = lines[i].indexOf('\t')
      if (tab < 0) return null
      entries.set(JSON.parse(lines[i].slice(0, tab)) as string, lines[i].slice(tab + 1))
    }
    return { header, entries }
  } catch {
    return null
  }
}

/** One line per entry: the key as a JSON string, a tab (which JSON text never holds raw), the entry. */
function writeIndex(path: string, header: Omit<Header, 'count'>, entries: Map<string, unknown>): void {
  const tmp = `${path}.tmp-${process.pid}`
  const writer = BufferedWriter.create(tmp)
  try {
    writer.write(`${JSON.stringify({ ...header, count: entries.size })}\n`)
    for (const [key, entry] of entries) writer.write(`${JSON.stringify(key)}\t${typeof entry === 'string' ? entry : JSON.stringify(entry)}\n`)
  } finally {
    writer.close()
  }
  // Unlink first: on ext4 a rename over an existing file forces its data to disk at once
  // (auto_da_alloc), tens of ms for a few MB. A crash in between only loses the cache.
  rmSync(path, { force: true })
  renameSync(tmp, path)
}

/** The previous project scans, by project id, still as text (see parseProjectEntry). */
export function loadProjectCache(cacheDir: string, codeHash: string): RawEntries {
  return readIndex(join(cacheDir, PROJECT_INDEX), codeHash)?.entries ?? new Map()
}

export function parseProjectEntry(text: string | undefined): ProjectCacheEntry | undefined {
  if (text === undefined) return undefined
  try {
    const e = JSON.parse(text) as ProjectCacheEntry
    const n = typeof e?.paths === 'string' ? (e.paths === '' ? 0 : e.paths.split('\n').length) : -1
    const sane = n >= 0 && [e.sizes, e.mtimes, e.chars].every((list) => Array.isArray(list) && list.length === n) &&
      Array.isArray(e.invalid) && typeof e.dirs === 'string' && Array.isArray(e.dirMtimes)
    return sane ? e : undefined
  } catch {
    return undefined
  }
}

/** Entries are fresh scans or, for projects nobody needed to scan this run, the previous text. */
export function saveProjectCache(cacheDir: string, codeHash: string, projects: Map<string, ProjectCacheEntry | string>): void {
  writeIndex(join(cacheDir, PROJECT_INDEX), { version: VERSION, codeHash }, projects)
}

/** Scenario verdicts plus their fragment blob, open for appending new fragments. */
export class ScenarioStore {
  readonly #dir: string
  readonly #codeHash: string
  /** The previous entries as text: each is parsed when its file comes up, and written back as is if unchanged. */
  readonly #previous: RawEntries
  readonly #blobSize: number
  #generation: number
  #fd: number
  #writer: BufferedWriter

  constructor(cacheDir: string, codeHash: string) {
    this.#dir = cacheDir
    this.#codeHash = codeHash
    const index = readIndex(join(cacheDir, SCENARIO_INDEX), codeHash)
    const generation = Number(index?.header.generation ?? 0)
    const blobSize = Number(index?.header.blobSize ?? 0)
    const blob = join(cacheDir, blobName(generation))
    const usable = index !== null && Number.isInteger(generation) && Number.isInteger(blobSize) && existsSync(blob) && fileSize(blob) >= blobSize
    this.#generation = usable ? generation : generation + 1
    this.#previous = usable ? index.entries : new Map()
    this.#blobSize = usable ? blobSize : 0
    this.#removeBlobsExcept(this.#generation)
    this.#fd = openSync(join(cacheDir, blobName(this.#generation)), usable ? 'r+' : 'w+')
    // Bytes past the indexed size belong to a run that never committed.
    const size = usable ? blobSize : 0
    ftruncateSync(this.#fd, size)
    this.#writer = new BufferedWriter(this.#fd, size)
  }

  /** The previous entry for a file, if there is a sound one. */
  lookup(file: string): CachedScenario | undefined {
    const text = this.#previous.get(file)
    if (text === undefined) return undefined
    let entry: CachedScenario
    try {
      entry = JSON.parse(text) as CachedScenario
    } catch {
      return undefined
    }
    return wellFormed(entry, this.#blobSize) ? entry : undefined
  }

  /** The previous entry's text, to write back unchanged. */
  text(file: string): string | undefined {
    return this.#previous.get(file)
  }

  append(text: string): BlobRef {
    const offset = this.#writer.position
    this.#writer.write(text)
    return [offset, this.#writer.position - offset]
  }

  appendBytes(bytes: Uint8Array): BlobRef {
    const offset = this.#writer.position
    this.#writer.writeBytes(bytes)
    return [offset, bytes.length]
  }

  /** Copies a stored range into an output without decoding it. */
  copyTo(output: BufferedWriter, [offset, length]: BlobRef): void {
    if (offset + length > this.#writer.flushed) this.#writer.flush()
    output.copyFrom(this.#fd, offset, length)
  }

  readString([offset, length]: BlobRef): string {
    if (offset + length > this.#writer.flushed) this.#writer.flush()
    const bytes = Buffer.allocUnsafe(length)
    let got = 0
    while (got < length) {
      const n = readSync(this.#fd, bytes, got, length - got, offset + got)
      if (n === 0) throw new Error(`the cache blob ended early: wanted ${length} bytes at ${offset}`)
      got += n
    }
    return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
  }

  /**
   * Writes the index for `entries` (exactly the files of this run, as JSON text), which point at
   * `live` bytes of the blob. When most of the blob is dead, the live ranges move to a fresh blob
   * first, so the cache never grows without bound.
   */
  commit(entries: Map<string, string>, live: number): void {
    this.#writer.flush()
    const size = this.#writer.position
    if (size > 2 * live + (1 << 20)) this.#compact(entries)
    writeIndex(join(this.#dir, SCENARIO_INDEX), { version: VERSION, codeHash: this.#codeHash, generation: this.#generation, blobSize: this.#writer.position }, entries)
    this.#removeBlobsExcept(this.#generation)
  }

  #compact(entries: Map<string, string>): void {
    const next = this.#generation + 1
    const fd = openSync(join(this.#dir, blobName(next)), 'w+')
    const writer = new BufferedWriter(fd)
    for (const [file, text] of entries) {
      const entry = JSON.parse(text) as CachedScenario
      for (const ref of refsOf(entry)) {
        const offset = writer.position
        writer.copyFrom(this.#fd, ref[0], ref[1])
        ref[0] = offset
      }
      entries.set(file, JSON.stringify(entry))
    }
    writer.flush()
    closeSync(this.#fd)
    this.#fd = fd
    this.#writer = writer
    this.#generation = next
  }

  close(): void {
    closeSync(this.#fd)
  }

  /** Blobs of other generations and temp files of crashed runs: only names this module writes. */
  #removeBlobsExcept(generation: number): void {
    for (const name of readdirSync(this.#dir)) {
      const stale = /^fragments-\d+\.bin$/.test(name) ? name !== blobName(generation) : /^(scenarios|projects)\.jsonl\.tmp-\d+$/.test(name)
      if (stale) rmSync(join(this.#dir, name), { force: true })
    }
  }
}

/** The blob ranges an entry points at (mutable: compaction moves them). */
export function refsOf(entry: CachedScenario): BlobRef[] {
  if (entry.verdict.kind !== 'candidate') return []
  const refs = [entry.verdict.scenario.fragment, entry.verdict.scenario.context]
  if (entry.assembled?.kind === 'accept') refs.push(entry.assembled.tail)
  return refs
}

const within = (ref: unknown, size: number): boolean =>
  Array.isArray(ref) && Number.isInteger(ref[0]) && Number.isInteger(ref[1]) && ref[0] >= 0 && ref[1] >= 0 && ref[0] + ref[1] <= size

/** A cheap structural check, so a hand-edited entry costs a re-parse instead of odd rejects. */
function wellFormed(entry: CachedScenario, blobSize: number): boolean {
  if (typeof entry?.size !== 'number' || typeof entry.mtimeMs !== 'number' || typeof entry.sha256 !== 'string') return false
  const verdict = entry.verdict
  if (verdict?.kind === 'reject') return typeof verdict.reason === 'string'
  if (verdict?.kind !== 'candidate' || typeof verdict.scenario?.id !== 'string') return false
  if (!within(verdict.scenario.fragment, blobSize) || !within(verdict.scenario.context, blobSize)) return false
  const assembled = entry.assembled
  return assembled === undefined || (typeof assembled.stamp === 'string' && (assembled.kind === 'reject' || within(assembled.tail, blobSize)))
}

const fileSize = (path: string): number => {
  const fd = openSync(path, 'r')
  try {
    return fstatSync(fd).size
  } finally {
    closeSync(fd)
  }
}
