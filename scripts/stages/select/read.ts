// Two passes over dataset.jsonl. The first keeps, per line, the seven fields scoring needs and where
// the line is; the second reads back only the selected lines, by offset, and parses them whole.
//
// Not readJsonl + JSON.parse: at full scale (8,000 records, 115-150 MB) decoding and parsing every
// record costs more than everything else select does together. findMembers (scan.ts) reads the
// fields from the two ends of each line and never decodes the large texts in between.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { CATEGORIES, DIFFICULTIES, LANGUAGES } from '../../lib/ids.ts'
import { findMembers, Unfollowable, Vocabulary, type WalkPlan } from './scan.ts'
import type { ScoringFields } from './score.ts'
import { ExitError } from '../../lib/errors.ts'
import { groundTruthInBytes, groundTruthInValue } from './ground-truth.ts'

export class DatasetError extends ExitError {}

/** Where a record's line is in the file, for the second pass and for messages. */
export interface LineRef {
  line: number
  offset: number
  length: number
}

export type ScoringRow = ScoringFields & LineRef

export interface ReadOptions {
  signal?: AbortSignal
  /** Called after each chunk with bytes read so far and the file size. */
  onChunk?: (bytes: number, size: number) => void
}

const CHUNK = 1 << 20
const YIELD_EVERY = 8
const NEWLINE = 0x0a
const STRING_FIELDS = ['id', 'project_id', 'language', 'task_category', 'difficulty'] as const
const COUNT_FIELDS = ['context_length', 'files_count'] as const
const GROUND_TRUTH = 'ground_truth'
/** Where the fast path puts its verdict on the ground truth (never a dataset key: it has a space). */
const HAS_GROUND_TRUTH = 'has ground truth'
const WANTED = new Vocabulary([...STRING_FIELDS, ...COUNT_FIELDS, GROUND_TRUTH])
// Known values come back as shared constants instead of 8,000 copies of each.
const KNOWN: Partial<Record<string, Vocabulary>> = {
  language: new Vocabulary(LANGUAGES),
  task_category: new Vocabulary(CATEGORIES),
  difficulty: new Vocabulary(DIFFICULTIES),
}

export async function readScoringRows(path: string, options: ReadOptions = {}): Promise<ScoringRow[]> {
  const rows: ScoringRow[] = []
  const firstLine = new Map<string, number>()
  const plan: WalkPlan = { front: 0, back: 0 }
  // Synchronous reads: a thread-pool round trip per chunk costs more than the read itself; the
  // event loop still gets a turn every few chunks for progress and cancellation.
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    let buffer: Buffer = Buffer.allocUnsafe(CHUNK)
    let kept = 0 // bytes of an unfinished line carried over at the start of buffer
    let base = 0 // file offset of buffer[0]
    let line = 0
    for (let chunk = 0; ; chunk++) {
      if (chunk % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
      options.signal?.throwIfAborted()
      if (kept === buffer.length) buffer = grow(buffer)
      const bytesRead = readSync(fd, buffer, kept, buffer.length - kept, base + kept)
      const filled = kept + bytesRead
      const atEnd = bytesRead === 0
      const usable = atEnd ? filled : buffer.lastIndexOf(NEWLINE, filled - 1) + 1
      let start = 0
      while (start < usable) {
        const newline = buffer.indexOf(NEWLINE, start)
        const end = newline === -1 || newline >= usable ? usable : newline
        line++
        const fields = pickFields(buffer, start, end, plan, path, line)
        if (fields) {
          const row = toRow(fields, path, { line, offset: base + start, length: end - start })
          const seen = firstLine.get(row.id)
          if (seen !== undefined) throw new DatasetError(`${path}:${line}: /id: duplicate id "${row.id}" (first on line ${seen})`)
          firstLine.set(row.id, line)
          rows.push(row)
        }
        start = end + 1
      }
      options.onChunk?.(base + usable, size)
      if (atEnd) break
      kept = filled - usable
      buffer.copy(buffer, 0, usable, filled)
      base += usable
    }
  } finally {
    closeSync(fd)
  }
  return rows
}

/** Reads back the given lines and parses them whole, one at a time, in the order of `refs`. */
export async function* readRecords(path: string, refs: readonly (LineRef & { id: string })[]): AsyncGenerator<Record<string, unknown>> {
  const handle = await open(path, 'r')
  try {
    for (const ref of refs) {
      const bytes = Buffer.allocUnsafe(ref.length)
      const { bytesRead } = await handle.read(bytes, 0, ref.length, ref.offset)
      yield parseRecord(bytes.subarray(0, bytesRead), path, ref)
    }
  } finally {
    await handle.close()
  }
}

/**
 * Reads back groups of lines by offset, synchronously, into one buffer reused from group to group:
 * reading a whole file this way allocates no more than its largest group (a fresh buffer per line
 * left ~100 MB to the garbage collector, which a run that parses nothing never got round to).
 */
export class LineReader {
  #buffer = Buffer.allocUnsafe(CHUNK)

  /** The bytes of each line, in the order of `refs` (shorter than ref.length if the file shrank);
   *  valid until the next call. */
  read(fd: number, refs: readonly LineRef[]): Buffer[] {
    let total = 0
    for (const ref of refs) total += ref.length
    if (total > this.#buffer.length) this.#buffer = Buffer.allocUnsafe(Math.max(total, this.#buffer.length * 2))
    let at = 0
    return refs.map((ref) => {
      const bytesRead = readSync(fd, this.#buffer, at, ref.length, ref.offset)
      const bytes = this.#buffer.subarray(at, at + bytesRead)
      at += ref.length
      return bytes
    })
  }
}

/** A line read back (readRecords, LineReader), parsed whole and checked to be the record `ref` names. */
export function parseRecord(bytes: Buffer, path: string, ref: LineRef & { id: string }): Record<string, unknown> {
  const record = bytes.length === ref.length ? parseLine(bytes.toString('utf8'), path, ref.line) : {}
  if (record.id !== ref.id) throw new DatasetError(`${path}:${ref.line}: changed while select was reading it (expected id "${ref.id}")`)
  return record
}

function grow(buffer: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(buffer.length * 2)
  buffer.copy(bigger)
  return bigger
}

function parseLine(text: string, path: string, line: number): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new DatasetError(`${path}:${line}: not valid JSON: ${(error as Error).message}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DatasetError(`${path}:${line}: /: must be an object`)
  return value as Record<string, unknown>
}

/** The wanted fields of one line, or undefined for a blank line. */
function pickFields(buffer: Buffer, start: number, end: number, plan: WalkPlan, path: string, line: number): Record<string, unknown> | undefined {
  let first = start
  while (first < end && (buffer[first] === 0x20 || buffer[first] === 0x09 || buffer[first] === 0x0d)) first++
  if (first === end) return undefined
  try {
    const fields: Record<string, unknown> = {}
    for (const [key, [from, to]] of findMembers(buffer, start, end, WANTED, plan)) {
      // The ground truth is judged from its bytes: decoding every record's would undo the scanner.
      if (key === GROUND_TRUTH) fields[HAS_GROUND_TRUTH] = groundTruthInBytes(buffer, from, to)
      else fields[key] = decodeValue(buffer, from, to, KNOWN[key])
    }
    fields[HAS_GROUND_TRUTH] ??= false
    return fields
  } catch (error) {
    if (!(error instanceof Unfollowable) && !(error instanceof SyntaxError)) throw error
    return parseLine(buffer.toString('utf8', start, end), path, line)
  }
}

/** JSON.parse of b[from, to), without making a string first for plain ASCII strings and integers. */
function decodeValue(b: Buffer, from: number, to: number, known?: Vocabulary): unknown {
  if (b[from] === 0x22) {
    const word = known?.match(b, from + 1, to - 1)
    if (word !== undefined) return word
    for (let i = from + 1; i < to - 1; i++) if (b[i] === 0x5c || b[i] > 0x7e || b[i] < 0x20) return JSON.parse(b.toString('utf8', from, to))
    return b.toString('latin1', from + 1, to - 1)
  }
  if (to - from <= 15 && b[from] >= 0x31 && b[from] <= 0x39) {
    let n = 0
    for (let i = from; i < to; i++) {
      const digit = b[i] - 0x30
      if (digit < 0 || digit > 9) return JSON.parse(b.toString('latin1', from, to))
      n = n * 10 + digit
    }
    return n
  }
  return JSON.parse(b.toString('utf8', from, to))
}

function toRow(fields: Record<string, unknown>, path: string, ref: LineRef): ScoringRow {
  const where = `${path}:${ref.line}`
  for (const key of STRING_FIELDS) {
    if (typeof fields[key] !== 'string' || fields[key] === '') throw new DatasetError(`${where}: /${key}: must be a non-empty string`)
  }
  for (const key of COUNT_FIELDS) {
    if (!Number.isSafeInteger(fields[key]) || (fields[key] as number) < 0) throw new DatasetError(`${where}: /${key}: must be a non-negative integer`)
  }
  const f = fields as unknown as ScoringFields
  return {
    id: f.id,
    project_id: f.project_id,
    language: f.language,
    task_category: f.task_category,
    difficulty: f.difficulty,
    context_length: f.context_length,
    files_count: f.files_count,
    has_ground_truth: HAS_GROUND_TRUTH in fields ? fields[HAS_GROUND_TRUTH] === true : groundTruthInValue(fields[GROUND_TRUTH]),
    line: ref.line,
    offset: ref.offset,
    length: ref.length,
  }
}
