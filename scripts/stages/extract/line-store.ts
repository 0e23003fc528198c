// The dataset lines of accepted scenarios, kept in the stage's cache dir so a kept scenario reaches
// dataset.jsonl as a byte copy. A content store only: which lines are current is the engine's item
// records (each item's facts name its line), never this. Files are append-only and a run appends
// to the newest, so nothing a committed record points at is overwritten; what a crashed run
// appended is dead weight. Once most bytes are dead the live lines move to a new file, in file
// order (neighbours then copy as one range), and the items' facts follow them.
import { closeSync, openSync, readdirSync, readSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { AppendFile } from './append-file.ts'
import type { BufferedWriter } from './output.ts'

/** Where a line sits: store file, offset, length. */
export type LineRef = [file: string, offset: number, length: number]

const STORE_FILE = /^lines-[0-9a-z]+-\d+\.bin$/
/** What earlier versions of the stage kept here (their own scenario index and blobs). */
const LEGACY = /^((records|contexts|fragments)-\d+\.bin|scenarios\.jsonl(\.(tmp|compact)-\d+)?|projects\.jsonl\.compact-\d+)$/

/** A name that sorts after every earlier one: the newest file is the one to append to. */
const newName = (): string => `lines-${Date.now().toString(36).padStart(9, '0')}-${process.pid}.bin`

export class LineStore {
  readonly #dir: string
  /** Sizes of the files as found: a line inside them was written by some run and is readable. */
  readonly #sizes = new Map<string, number>()
  readonly #readers = new Map<string, number>()
  #name: string
  #file: AppendFile

  constructor(dir: string) {
    this.#dir = dir
    const names: string[] = []
    for (const name of readdirSync(dir)) {
      if (LEGACY.test(name)) rmSync(join(dir, name), { force: true })
      else if (STORE_FILE.test(name)) names.push(name)
    }
    names.sort()
    for (const name of names) this.#sizes.set(name, statSync(join(dir, name)).size)
    this.#name = names.at(-1) ?? newName()
    this.#file = new AppendFile(join(dir, this.#name), this.#sizes.get(this.#name) ?? 0)
  }

  /** Whether a line recorded by an earlier run is still there to copy. */
  holds(ref: LineRef): boolean {
    const size = this.#sizes.get(ref[0])
    return size !== undefined && ref[1] + ref[2] <= size
  }

  append(line: string): LineRef {
    const [offset, length] = this.#file.append(line)
    return [this.#name, offset, length]
  }

  /** Copies a line (or a run of adjacent lines of one file) into the output. */
  copyTo(output: BufferedWriter, [name, offset, length]: LineRef): void {
    if (name === this.#name) return this.#file.copyTo(output, [offset, length])
    output.copyFrom(this.#reader(name), offset, length)
  }

  #reader(name: string): number {
    let fd = this.#readers.get(name)
    if (fd === undefined) this.#readers.set(name, (fd = openSync(join(this.#dir, name), 'r')))
    return fd
  }

  /**
   * After the items: when the store is mostly dead, the `live` lines (in the order given) move to a
   * new file and their new places are returned. Files no live line is in are removed.
   */
  settle(live: Iterable<[string, LineRef]>): Map<string, LineRef> | undefined {
    this.#file.flush()
    const lines = [...live]
    const used = lines.reduce((sum, [, ref]) => sum + ref[2], 0)
    let total = this.#file.position
    for (const [name, size] of this.#sizes) if (name !== this.#name) total += size
    let moved: Map<string, LineRef> | undefined
    if (total > 2 * used + (1 << 20)) {
      const name = newName()
      const file = new AppendFile(join(this.#dir, name), 0)
      moved = new Map()
      for (const [key, ref] of lines) {
        const [offset, length] = file.appendBytes(this.#read(ref))
        moved.set(key, [name, offset, length])
      }
      file.flush()
      this.#file.close()
      this.#file = file
      this.#name = name
    }
    const keep = new Set([this.#name, ...lines.map(([key, ref]) => (moved?.get(key) ?? ref)[0])])
    for (const name of readdirSync(this.#dir)) {
      if (!STORE_FILE.test(name) || keep.has(name)) continue
      this.#closeReader(name)
      rmSync(join(this.#dir, name), { force: true })
    }
    return moved
  }

  #read([name, offset, length]: LineRef): Buffer {
    if (name === this.#name) return this.#file.read([offset, length])
    const bytes = Buffer.allocUnsafe(length)
    const fd = this.#reader(name)
    for (let got = 0; got < length; ) {
      const n = readSync(fd, bytes, got, length - got, offset + got)
      if (n === 0) throw new Error(`the line store ended early: wanted ${length} bytes at ${offset} of ${name}`)
      got += n
    }
    return bytes
  }

  #closeReader(name: string): void {
    const fd = this.#readers.get(name)
    if (fd !== undefined) closeSync(fd)
    this.#readers.delete(name)
  }

  close(): void {
    this.#file.close()
    for (const name of [...this.#readers.keys()]) this.#closeReader(name)
  }
}

