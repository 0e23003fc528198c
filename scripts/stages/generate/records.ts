// Reads dataset.jsonl for the records a run wants. At full scale the file is ~115 MB and most lines
// are not wanted, so one scan splits lines as bytes and looks only at the id (extract writes
// `{"id":"…",` first), keeping each wanted line's byte range; records are then read and parsed
// one at a time from there, so at most one is in memory. A line in another shape falls back to a
// full parse: correctness never rests on key order.
import { closeSync, openSync, readSync } from 'node:fs'
import { sha256 } from '../../lib/hash.ts'
import { GenerateError } from './errors.ts'

const CHUNK = 4 << 20
const PREFIX = Buffer.from('{"id":"')
const QUOTE = 0x22
const BACKSLASH = 0x5c
const NEWLINE = 0x0a

export interface RecordLocation {
  line: number
  /** Byte offset and length of the line in the file. */
  offset: number
  length: number
}

interface Line {
  line: number
  offset: number
  bytes: Buffer
}

function* lines(path: string): Generator<Line> {
  const fd = openSync(path, 'r')
  try {
    const chunk = Buffer.allocUnsafe(CHUNK)
    let carry: Buffer[] = []
    let carryStart = 0
    let position = 0
    let line = 0
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK, position)
      if (n === 0) break
      const data = chunk.subarray(0, n)
      let start = 0
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
        line++
        if (carry.length) {
          carry.push(data.subarray(0, end))
          yield { line, offset: carryStart, bytes: Buffer.concat(carry) }
          carry = []
        } else yield { line, offset: position + start, bytes: data.subarray(start, end) }
        start = end + 1
      }
      if (start < n) {
        if (!carry.length) carryStart = position + start
        carry.push(Buffer.from(data.subarray(start)))
      }
      position += n
    }
    if (carry.length) yield { line: line + 1, offset: carryStart, bytes: Buffer.concat(carry) }
  } finally {
    closeSync(fd)
  }
}

function parse(path: string, line: number, bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch (error) {
    throw new GenerateError(`${path}:${line}: not valid JSON: ${(error as Error).message}`)
  }
}

const isBlank = (bytes: Buffer): boolean => bytes.every((b) => b === 0x20 || b === 0x09 || b === 0x0d)

/** The id of a record line without parsing it when it starts the usual way; undefined if blank. */
function lineId(path: string, line: number, bytes: Buffer): { id: unknown; value?: unknown } | undefined {
  if (bytes.subarray(0, PREFIX.length).equals(PREFIX)) {
    const end = bytes.indexOf(QUOTE, PREFIX.length)
    if (end > 0 && bytes.subarray(PREFIX.length, end).indexOf(BACKSLASH) === -1) return { id: bytes.toString('utf8', PREFIX.length, end) }
  }
  if (isBlank(bytes)) return undefined
  const value = parse(path, line, bytes)
  return { id: (value as { id?: unknown } | null)?.id, value }
}

function asRecord(path: string, line: number, value: unknown): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new GenerateError(`${path}:${line}: a record must be a JSON object`)
  return value as Record<string, unknown>
}

/** Where each wanted id's record is, in file order; parses only lines of an unusual shape. */
export function locateRecords(path: string, wanted: ReadonlySet<string>): Map<string, RecordLocation> {
  const found = new Map<string, RecordLocation>()
  for (const { line, offset, bytes } of lines(path)) {
    const head = lineId(path, line, bytes)
    if (!head || typeof head.id !== 'string' || !wanted.has(head.id)) continue
    const before = found.get(head.id)
    if (before) throw new GenerateError(`${path}:${line}: duplicate record id ${head.id} (first on line ${before.line})`)
    found.set(head.id, { line, offset, length: bytes.length })
  }
  return found
}

/** Reads and parses the record at a location found by locateRecords, with the line's sha256. */
export function readRecordAt(path: string, at: RecordLocation): { value: Record<string, unknown>; sha256: string } {
  const fd = openSync(path, 'r')
  try {
    const bytes = Buffer.allocUnsafe(at.length)
    const n = readSync(fd, bytes, 0, at.length, at.offset)
    if (n !== at.length) throw new GenerateError(`${path}:${at.line}: the file changed during the run`)
    return { value: asRecord(path, at.line, parse(path, at.line, bytes)), sha256: sha256(bytes) }
  } finally {
    closeSync(fd)
  }
}

/** Every record id, in file order (lines without a string id are skipped). */
export function datasetIds(path: string): string[] {
  const ids: string[] = []
  for (const { line, bytes } of lines(path)) {
    const head = lineId(path, line, bytes)
    if (head && typeof head.id === 'string') ids.push(head.id)
  }
  return ids
}
