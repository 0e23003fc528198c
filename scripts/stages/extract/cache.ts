// The scenario cache, kept in the stage's cache dir between runs:
//   scenarios.jsonl   per scenario file: a brief of its accepted record (all a run needs to reuse
//                     it without parsing its entry), then its entry: size, mtime, sha256, verdict
//                     and assembled record
//   records-<n>.bin   every accepted record's whole dataset line, in file order, so unchanged
//                     neighbours copy to the dataset as one range (the text fragment of a file not
//                     accepted sits alone between them)
//   contexts-<n>.bin  each candidate's context paths, only read to assemble a record
// The index is streamed to a temp file while the run goes (nothing is held back in memory) and
// renamed into place at commit. The other two are append-only past the sizes the index names, so
// a crash leaves the old index and everything it points at intact. An index that is torn,
// unreadable, from another code version or pointing past its files is ignored.
import { closeSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs'
import { isAscii } from 'node:buffer'
import { join } from 'node:path'
import { parseScenarioId, type ScenarioId } from '../../lib/ids.ts'
import { AppendFile } from './append-file.ts'
import { INDEX_VERSION, Lines, type Header } from './index-file.ts'
import { BufferedWriter } from './output.ts'
import type { Assembled, BlobRef, Verdict } from './types.ts'
import { ExitError } from '../../lib/errors.ts'

const SCENARIO_INDEX = 'scenarios.jsonl'
const recordsName = (generation: number) => `records-${generation}.bin`
const contextsName = (generation: number) => `contexts-${generation}.bin`
/** Names this module (and its previous versions) write: other generations' files, crashed runs' temp files. */
const STALE = /^((records|contexts|fragments)-\d+\.bin|(scenarios|projects)\.jsonl\.(tmp|compact)-\d+)$/
/** The header is written last, over a blank line of this width reserved first (JSON allows the trailing spaces). */
const HEADER_WIDTH = 256

export interface CachedScenario {
  size: number
  mtimeMs: number
  sha256: string
  verdict: Verdict
  /** Pass 2's outcome for the candidate, valid while its project's stamp is unchanged. */
  assembled?: Assembled
}

/**
 * An accepted record as a run reuses it without parsing its entry: the file's stat, the project
 * stamp the record was assembled against, its line, the cache bytes its entry keeps alive, and
 * what the summary counts.
 */
export interface Brief {
  size: number
  mtimeMs: number
  stamp: string
  line: BlobRef
  live: Live
  difficulty: string
  /** The record has warnings (read from the full entry then). */
  warned: boolean
  /** From the id, which is the file's name: kept so a reuse need not parse it. */
  projectId: string
  language: string
  category: string
}

type BriefFields = [size: number, mtimeMs: number, stamp: string, offset: number, length: number, records: number, contexts: number, difficulty: string, warned: 0 | 1, projectId: string, language: string, category: string]

function briefOf(entry: CachedScenario, id: ScenarioId | undefined): BriefFields | 0 {
  const assembled = entry.assembled
  if (!id || entry.verdict.kind !== 'candidate' || assembled?.kind !== 'accept') return 0
  const warned = assembled.warnings.length > 0 ? 1 : 0
  const { line } = assembled
  const live: Live = { records: 0, contexts: 0 }
  addLive(live, entry)
  return [entry.size, entry.mtimeMs, assembled.stamp, line[0], line[1], live.records, live.contexts, entry.verdict.scenario.difficulty, warned, id.projectId, id.language, id.category]
}

/** A file's line in this run's index: the previous one (SAME), or its new fields (brief, tab, entry). */
export type EntryUpdate = typeof SAME | string
export const SAME = null

/** Bytes an entry keeps alive in the two append files (a fragment inside its record's line counts once). */
export interface Live {
  records: number
  contexts: number
}

export function addLive(live: Live, entry: CachedScenario): void {
  if (entry.verdict.kind !== 'candidate') return
  const { fragment, context } = entry.verdict.scenario
  const line = entry.assembled?.kind === 'accept' ? entry.assembled.line : undefined
  live.records += (line ? line[1] : 0) + (line && inside(fragment, line) ? 0 : fragment[1])
  live.contexts += context[1]
}

const inside = (ref: BlobRef, outer: BlobRef): boolean => ref[0] >= outer[0] && ref[0] + ref[1] <= outer[0] + outer[1]

/** Scenario entries and their files: the previous ones to read, the new ones streamed out. */
export class ScenarioStore {
  readonly #dir: string
  readonly #codeHash: string
  /** The previous index as bytes: an entry is parsed when its file needs it, and copied as is when unchanged. */
  readonly #previous: Lines
  /** Committed sizes of the append files. */
  readonly #sizes: { records: number; contexts: number }
  #generation: number
  #records: AppendFile
  #contexts: AppendFile
  /** The new index, opened at the first entry that differs from the previous one. */
  #index: BufferedWriter | undefined
  /** Files whose lines are as before, not written yet because nothing has differed so far. */
  #same: string[] = []
  #count = 0

  constructor(cacheDir: string, codeHash: string) {
    this.#dir = cacheDir
    this.#codeHash = codeHash
    const index = Lines.read(join(cacheDir, SCENARIO_INDEX), codeHash, 3)
    const generation = Number(index?.header.generation ?? 0)
    const records = Number(index?.header.blobSize ?? 0)
    const contexts = Number(index?.header.contextSize ?? 0)
    const usable = index !== null && [generation, records, contexts].every(Number.isInteger) &&
      AppendFile.sizeOf(join(cacheDir, recordsName(generation))) >= records && AppendFile.sizeOf(join(cacheDir, contextsName(generation))) >= contexts
    this.#generation = usable ? generation : generation + 1
    this.#previous = usable ? index.lines : Lines.empty(3)
    this.#sizes = usable ? { records, contexts } : { records: 0, contexts: 0 }
    this.#removeStaleExcept(this.#generation)
    this.#records = new AppendFile(join(cacheDir, recordsName(this.#generation)), this.#sizes.records)
    this.#contexts = new AppendFile(join(cacheDir, contextsName(this.#generation)), this.#sizes.contexts)
  }

  /** The previous entry for a file, if there is a sound one. */
  lookup(file: string): CachedScenario | undefined {
    const text = this.#previous.text(file, 2)
    if (text === undefined) return undefined
    try {
      const entry = JSON.parse(text) as CachedScenario
      return wellFormed(entry, this.#sizes) ? entry : undefined
    } catch {
      return undefined
    }
  }

  /** The previous brief of a file's accepted record, if there is a sound one. */
  brief(file: string): Brief | undefined {
    const text = this.#previous.text(file, 1)
    if (text === undefined || text === '0') return undefined
    try {
      const [size, mtimeMs, stamp, offset, length, records, contexts, difficulty, warned, projectId, language, category] = JSON.parse(text) as BriefFields
      const line: BlobRef = [offset, length]
      const sane = typeof size === 'number' && typeof mtimeMs === 'number' && typeof stamp === 'string' && within(line, this.#sizes.records) &&
        Number.isInteger(records) && Number.isInteger(contexts) && typeof difficulty === 'string' && (warned === 0 || warned === 1) &&
        typeof projectId === 'string' && typeof language === 'string' && typeof category === 'string'
      return sane ? { size, mtimeMs, stamp, line, live: { records, contexts }, difficulty, warned: warned === 1, projectId, language, category } : undefined
    } catch {
      return undefined
    }
  }

  /** The records file: record lines are appended to it and copied from it. */
  get records(): AppendFile {
    return this.#records
  }

  appendContext(context: string): BlobRef {
    return this.#contexts.append(context)
  }

  readContext(ref: BlobRef): string {
    const bytes = this.#contexts.read(ref)
    return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8')
  }

  /** An entry's fields for the index; `id` (the parsed id of an accepted record) makes its brief. */
  static fields(entry: CachedScenario, id?: ScenarioId): string {
    return `${JSON.stringify(briefOf(entry, id))}\t${JSON.stringify(entry)}`
  }

  /** Adds a file's line to the new index, in file order. */
  record(file: string, update: EntryUpdate): void {
    this.#count++
    if (update === SAME && !this.#index) {
      this.#same.push(file)
      return
    }
    const index = this.#open()
    if (update === SAME) index.writeBytes(this.#previous.line(file)!)
    else index.write(`${JSON.stringify(file)}\t${update}\n`)
  }

  #open(): BufferedWriter {
    if (this.#index) return this.#index
    const index = (this.#index = BufferedWriter.create(this.#temp('tmp')))
    index.write(`${' '.repeat(HEADER_WIDTH - 1)}\n`)
    for (const file of this.#same) index.writeBytes(this.#previous.line(file)!)
    this.#same = []
    return index
  }

  #temp = (kind: 'tmp' | 'compact') => join(this.#dir, `${SCENARIO_INDEX}.${kind}-${process.pid}`)

  /**
   * Puts the new index in place (nothing to do when every line and file are as before). When
   * most of a file is dead (beyond the `live` bytes), the live ranges move to fresh files first,
   * records in file order, so the cache never grows without bound and records stay adjacent.
   */
  commit(live: Live): void {
    const grown = this.#records.position !== this.#sizes.records || this.#contexts.position !== this.#sizes.contexts
    if (!this.#index && !grown && this.#count === this.#previous.size) return
    const index = this.#open()
    this.#records.flush()
    this.#contexts.flush()
    let path = this.#temp('tmp')
    index.close()
    this.#index = undefined
    writeHeader(path, this.#header())
    const wasteful = (file: AppendFile, used: number) => file.position > 2 * used + (1 << 20)
    if (wasteful(this.#records, live.records) || wasteful(this.#contexts, live.contexts)) path = this.#compact(path)
    // Unlink first: on ext4 a rename over an existing file forces its data to disk at once
    // (auto_da_alloc), tens of ms for a few MB. A crash in between only loses the cache.
    const target = join(this.#dir, SCENARIO_INDEX)
    rmSync(target, { force: true })
    renameSync(path, target)
    this.#removeStaleExcept(this.#generation)
  }

  #header(): Header {
    const { position: blobSize } = this.#records
    return { version: INDEX_VERSION, codeHash: this.#codeHash, count: this.#count, generation: this.#generation, blobSize, contextSize: this.#contexts.position }
  }

  /** Record lines first, in file order (a fragment inside its line moves with it), then lone fragments; contexts alongside. */
  #compact(path: string): string {
    const read = Lines.read(path, this.#codeHash, 3)
    if (!read) throw new Error('the new scenario index cannot be read back')
    const sizes = { records: this.#records.position, contexts: this.#contexts.position }
    const entries = new Map<string, CachedScenario>()
    for (const file of read.lines.keys()) {
      const entry = JSON.parse(read.lines.text(file, 2)!) as CachedScenario
      // An entry reused on its brief alone may turn out unreadable: it is judged again next run.
      if (wellFormed(entry, sizes)) entries.set(file, entry)
    }
    const next = this.#generation + 1
    const records = new AppendFile(join(this.#dir, recordsName(next)), 0)
    const contexts = new AppendFile(join(this.#dir, contextsName(next)), 0)
    const rebased = new Set<CachedScenario>()
    for (const entry of entries.values()) {
      if (entry.verdict.kind !== 'candidate' || entry.assembled?.kind !== 'accept') continue
      const { line } = entry.assembled
      const { fragment } = entry.verdict.scenario
      const [offset] = records.appendBytes(this.#records.read(line))
      if (inside(fragment, line)) {
        fragment[0] = offset + fragment[0] - line[0]
        rebased.add(entry)
      }
      line[0] = offset
    }
    for (const entry of entries.values()) {
      if (entry.verdict.kind !== 'candidate') continue
      const scenario = entry.verdict.scenario
      if (!rebased.has(entry)) scenario.fragment = records.appendBytes(this.#records.read(scenario.fragment))
      scenario.context = contexts.appendBytes(this.#contexts.read(scenario.context))
    }
    this.#records.close()
    this.#contexts.close()
    this.#records = records
    this.#contexts = contexts
    this.#generation = next
    records.flush()
    contexts.flush()
    const compacted = this.#temp('compact')
    const index = BufferedWriter.create(compacted)
    index.write(`${' '.repeat(HEADER_WIDTH - 1)}\n`)
    for (const [file, entry] of entries) index.write(`${JSON.stringify(file)}\t${ScenarioStore.fields(entry, acceptedId(entry))}\n`)
    index.close()
    this.#count = entries.size
    writeHeader(compacted, this.#header())
    rmSync(path, { force: true })
    return compacted
  }

  close(): void {
    this.#records.close()
    this.#contexts.close()
    this.#index?.close()
    if (this.#index) rmSync(this.#temp('tmp'), { force: true })
  }

  #removeStaleExcept(generation: number): void {
    const keep = [recordsName(generation), contextsName(generation)]
    for (const name of readdirSync(this.#dir)) {
      if (STALE.test(name) && !keep.includes(name)) rmSync(join(this.#dir, name), { force: true })
    }
  }
}

function writeHeader(path: string, header: Header): void {
  const text = JSON.stringify(header)
  if (text.length >= HEADER_WIDTH) throw new Error(`index header too long: ${text}`)
  const fd = openSync(path, 'r+')
  try {
    writeSync(fd, text, 0, 'latin1')
  } finally {
    closeSync(fd)
  }
}

function acceptedId(entry: CachedScenario): ScenarioId | undefined {
  if (entry.verdict.kind !== 'candidate' || entry.assembled?.kind !== 'accept') return undefined
  const parsed = parseScenarioId(entry.verdict.scenario.id)
  return parsed.ok ? parsed.value : undefined
}

const within = (ref: unknown, size: number): boolean =>
  Array.isArray(ref) && Number.isInteger(ref[0]) && Number.isInteger(ref[1]) && ref[0] >= 0 && ref[1] >= 0 && ref[0] + ref[1] <= size

/** A cheap structural check, so a hand-edited entry costs a re-parse instead of odd rejects. */
function wellFormed(entry: CachedScenario, sizes: { records: number; contexts: number }): boolean {
  if (typeof entry?.size !== 'number' || typeof entry.mtimeMs !== 'number' || typeof entry.sha256 !== 'string') return false
  const verdict = entry.verdict
  if (verdict?.kind === 'reject') return typeof verdict.reason === 'string'
  if (verdict?.kind !== 'candidate' || typeof verdict.scenario?.id !== 'string') return false
  if (!within(verdict.scenario.fragment, sizes.records) || !within(verdict.scenario.context, sizes.contexts)) return false
  const assembled = entry.assembled
  return assembled === undefined || (typeof assembled.stamp === 'string' && (assembled.kind === 'reject' || within(assembled.line, sizes.records)))
}

/** A cache that vouched for something it cannot produce: the run starts over without it. */
export class CacheDamagedError extends ExitError {
  constructor(message: string) {
    super(message)
    this.name = 'CacheDamagedError'
  }
}
