// out/dataset.jsonl: one validated scenario per line. Written by extract, read by select, generate,
// index and the adapter CLI, always through this module. Schema: schemas/dataset-record.schema.json.
//
// At full scale the file is ~115-150 MB and a reader wants a few fields of every line or a few
// whole lines, so nothing here parses a line it does not have to: lines are split as bytes, a
// line's members are found by lib/json-members.ts (whatever order extract writes them in), and a
// wanted record is read back by offset and parsed alone. A line the scanner does not follow is
// parsed whole, so correctness never rests on the layout.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { ExitError } from '../lib/errors.ts'
import { sha256 } from '../lib/hash.ts'
import { findMembers, Unfollowable, Vocabulary, type WalkPlan } from '../lib/json-members.ts'

export const DATASET_FILE = 'dataset.jsonl'
export const DATASET_RECORD_SCHEMA = 'dataset-record.schema.json'

/** The fields the readers use; the full contract is the schema (generate validates each record). */
export interface DatasetRecord {
  id: string
  project_id: string
  language: string
  task_category: string
  difficulty: string
  title: string
  description: string
  task_prompt_text: string
  expected_approach_text: string
  ground_truth: unknown
  evaluation_criteria: unknown[]
  evaluation_criteria_text: string[]
  context_files: string[]
  missing_context_files: string[]
  context_length: number
  files_count: number
  project: { dir: string; root: string; wrapper: string | null; layout: 'A' | 'B' | 'C'; file_count: number; total_chars: number }
}

/** A line that is not JSON, not an object, a repeated id, or a file that changed under a reader. */
export class DatasetError extends ExitError {}

/** Where a record's line is in the file: for reading it back and for messages. */
export interface LineRef {
  line: number
  offset: number
  length: number
}

export type RecordRef = LineRef & { id: string }

const CHUNK = 1 << 20
const NEWLINE = 0x0a

/**
 * Splits the file into lines, one chunk per step: `visit` sees each line as a range of a reused
 * buffer (valid during the call only); each step yields the bytes done and the file size, so an
 * async caller can report progress and give the event loop a turn between chunks.
 */
export function* scanLines(path: string, visit: (buffer: Buffer, start: number, end: number, ref: LineRef) => void): Generator<{ done: number; size: number }> {
  // Synchronous reads: a thread-pool round trip per chunk costs more than the read itself.
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    let buffer: Buffer = Buffer.allocUnsafe(CHUNK)
    let kept = 0 // bytes of an unfinished line carried over at the start of buffer
    let base = 0 // file offset of buffer[0]
    let line = 0
    for (;;) {
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
        visit(buffer, start, end, { line, offset: base + start, length: end - start })
        start = end + 1
      }
      yield { done: base + usable, size }
      if (atEnd) return
      kept = filled - usable
      buffer.copy(buffer, 0, usable, filled)
      base += usable
    }
  } finally {
    closeSync(fd)
  }
}

function grow(buffer: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(buffer.length * 2)
  buffer.copy(bigger)
  return bigger
}

/** True for a line of spaces, tabs and carriage returns only: such lines hold no record. */
export function isBlank(buffer: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buffer[i] !== 0x20 && buffer[i] !== 0x09 && buffer[i] !== 0x0d) return false
  return true
}

/** JSON.parse of one line, which must be an object; errors name the file and line. */
export function parseLine(text: string, path: string, line: number): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new DatasetError(`${path}:${line}: not valid JSON: ${(error as Error).message}`)
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DatasetError(`${path}:${line}: /: must be an object`)
  return value as Record<string, unknown>
}

const ID = new Vocabulary(['id'])

/** The line's id without decoding the rest of it; undefined for a blank line or one without a string id. */
function lineId(buffer: Buffer, start: number, end: number, plan: WalkPlan, path: string, line: number): string | undefined {
  if (isBlank(buffer, start, end)) return undefined
  let id: unknown
  try {
    const at = findMembers(buffer, start, end, ID, plan).get('id')
    id = at && JSON.parse(buffer.toString('utf8', at[0], at[1]))
  } catch (error) {
    if (!(error instanceof Unfollowable) && !(error instanceof SyntaxError)) throw error
    id = parseLine(buffer.toString('utf8', start, end), path, line).id
  }
  return typeof id === 'string' ? id : undefined
}

/**
 * The id → line index of the file (of the `wanted` ids only, when given), in file order: one pass
 * that decodes ids only. A repeated id is an error naming both lines.
 */
export function indexRecords(path: string, wanted?: ReadonlySet<string>): Map<string, RecordRef> {
  const found = new Map<string, RecordRef>()
  const plan: WalkPlan = { front: 0, back: 0 }
  const lines = scanLines(path, (buffer, start, end, ref) => {
    const id = lineId(buffer, start, end, plan, path, ref.line)
    if (id === undefined || (wanted && !wanted.has(id))) return
    const before = found.get(id)
    if (before) throw new DatasetError(`${path}:${ref.line}: /id: duplicate id "${id}" (first on line ${before.line})`)
    found.set(id, { ...ref, id })
  })
  while (!lines.next().done);
  return found
}

/** Every record id, in file order. */
export function datasetIds(path: string): string[] {
  return [...indexRecords(path).keys()]
}

/** A line read back by offset, parsed whole and checked to be the record `ref` names. */
export function parseRecord(bytes: Buffer, path: string, ref: RecordRef): Record<string, unknown> {
  const record = bytes.length === ref.length ? parseLine(bytes.toString('utf8'), path, ref.line) : {}
  if (record.id !== ref.id) throw new DatasetError(`${path}:${ref.line}: the file changed during the run (expected record "${ref.id}")`)
  return record
}

/** One record by its index entry, parsed, with its line's sha256 (the record's identity in hashes). */
export function readRecordAt(path: string, ref: RecordRef): { value: Record<string, unknown>; sha256: string } {
  const fd = openSync(path, 'r')
  try {
    const bytes = Buffer.allocUnsafe(ref.length)
    const n = readSync(fd, bytes, 0, ref.length, ref.offset)
    return { value: parseRecord(bytes.subarray(0, n), path, ref), sha256: sha256(bytes.subarray(0, n)) }
  } finally {
    closeSync(fd)
  }
}

/** Reads back the given lines and parses them whole, one at a time, in the order of `refs`. */
export async function* readRecords(path: string, refs: readonly RecordRef[]): AsyncGenerator<Record<string, unknown>> {
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
