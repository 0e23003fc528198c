// The cache's index files: a header line ({version, codeHash, count, …}) and one line per entry,
// tab-separated fields (JSON text never holds a raw tab or newline) led by a JSON string key.
// Read whole into shared memory and kept as bytes with offsets, so an entry is decoded only when
// a run needs it and an unchanged one is written back byte for byte. Written to a temp file and
// renamed into place last; anything torn, unreadable or from another code version reads as null.
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync } from 'node:fs'
import { BufferedWriter } from './output.ts'

export const INDEX_VERSION = 3

export interface Header {
  version: number
  codeHash: string
  count: number
  generation?: number
  blobSize?: number
  contextSize?: number
}

const TAB = 0x09
const NEWLINE = 0x0a
const BACKSLASH = 0x5c
const QUOTE = 0x22

/** Reads a whole file into shared memory (so worker threads can read it without a copy). */
function readShared(path: string): Uint8Array {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const bytes = new Uint8Array(new SharedArrayBuffer(size))
    let got = 0
    while (got < size) {
      const n = readSync(fd, bytes, got, size - got, got)
      if (n === 0) throw new Error('the file shrank while being read')
      got += n
    }
    return bytes
  } finally {
    closeSync(fd)
  }
}

export const asBuffer = (bytes: Uint8Array): Buffer => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/** Whether the bytes are ASCII with no backslash: text that decodes as latin1 and needs no unescaping. */
function plainAscii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] >= 0x80 || bytes[i] === BACKSLASH) return false
  return true
}

/**
 * An index's lines as byte offsets, kept flat: line n's `fields` tab-separated fields (JSON text
 * never holds a raw tab or newline) start at at[n * (fields + 1) + f], and the line's newline
 * sits just before at[n * (fields + 1) + fields]. The first field is a JSON string key.
 */
export class Lines {
  readonly bytes: Uint8Array
  readonly #buffer: Buffer
  readonly #fields: number
  readonly #at: Int32Array
  readonly #byKey: Map<string, number>

  constructor(bytes: Uint8Array, fields: number, at: Int32Array, byKey: Map<string, number>) {
    this.bytes = bytes
    this.#buffer = asBuffer(bytes)
    this.#fields = fields
    this.#at = at
    this.#byKey = byKey
  }

  static empty(fields: number): Lines {
    return new Lines(new Uint8Array(0), fields, new Int32Array(0), new Map())
  }

  get size(): number {
    return this.#byKey.size
  }

  has(key: string): boolean {
    return this.#byKey.has(key)
  }

  /** The keys in file order. */
  keys(): IterableIterator<string> {
    return this.#byKey.keys()
  }

  /** Byte range [start, end) of a field (1-based after the key), or undefined. */
  range(key: string, field: number): [number, number] | undefined {
    const n = this.#byKey.get(key)
    if (n === undefined) return undefined
    const base = n * (this.#fields + 1)
    return [this.#at[base + field], this.#at[base + field + 1] - 1]
  }

  text(key: string, field: number): string | undefined {
    const range = this.range(key, field)
    if (!range) return undefined
    // Mostly ASCII: latin1 decoding skips the UTF-8 validation.
    return this.#buffer.toString(plainAscii(this.#buffer, range[0], range[1]) ? 'latin1' : 'utf8', range[0], range[1])
  }

  /** The whole line with its newline. */
  line(key: string): Uint8Array | undefined {
    const n = this.#byKey.get(key)
    if (n === undefined) return undefined
    const base = n * (this.#fields + 1)
    return this.bytes.subarray(this.#at[base], this.#at[base + this.#fields])
  }

  /** Null when the header or the shape is off. */
  static read(path: string, codeHash: string, fields: number): { header: Header; lines: Lines } | null {
    try {
      const bytes = readShared(path)
      const buffer = asBuffer(bytes)
      let end = buffer.indexOf(NEWLINE)
      const header = JSON.parse(buffer.toString('utf8', 0, end)) as Header
      if (header?.version !== INDEX_VERSION || header.codeHash !== codeHash || !Number.isInteger(header.count)) return null
      const at = new Int32Array(header.count * (fields + 1))
      const byKey = new Map<string, number>()
      for (let n = 0; n < header.count; n++) {
        const base = n * (fields + 1)
        const start = end + 1
        end = buffer.indexOf(NEWLINE, start)
        if (end < 0) return null
        at[base] = start
        for (let f = 1; f < fields; f++) {
          const tab = buffer.indexOf(TAB, at[base + f - 1])
          if (tab < 0 || tab > end) return null
          at[base + f] = tab + 1
        }
        at[base + fields] = end + 1
        // Keys are file names and project ids: JSON strings with no escape in practice.
        const keyEnd = at[base + 1] - 1
        const plain = buffer[start] === QUOTE && buffer[keyEnd - 1] === QUOTE && plainAscii(buffer, start, keyEnd)
        const key = plain ? buffer.toString('latin1', start + 1, keyEnd - 1) : (JSON.parse(buffer.toString('utf8', start, keyEnd)) as string)
        byKey.set(key, n)
      }
      return end === bytes.length - 1 && byKey.size === header.count ? { header, lines: new Lines(bytes, fields, at, byKey) } : null
    } catch {
      return null
    }
  }
}

/** One line per entry: the key as a JSON string, a tab, the entry (or prepared fields). */
export function writeIndex(path: string, header: Omit<Header, 'count'>, count: number, lines: (writer: BufferedWriter) => void): void {
  const tmp = `${path}.tmp-${process.pid}`
  const writer = BufferedWriter.create(tmp)
  try {
    writer.write(`${JSON.stringify({ ...header, count })}\n`)
    lines(writer)
  } finally {
    writer.close()
  }
  // Unlink first: on ext4 a rename over an existing file forces its data to disk at once
  // (auto_da_alloc), tens of ms for a few MB. A crash in between only loses the cache.
  rmSync(path, { force: true })
  renameSync(tmp, path)
}

