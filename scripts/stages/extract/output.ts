// A buffered file writer that takes strings and byte ranges of other files, so cached records
// reach the output without being decoded: their bytes are read straight into the write buffer.
// RangeCopy joins ranges that follow each other in the source into one copy.
import { closeSync, mkdirSync, openSync, readSync, rmSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

const SIZE = 1 << 20

export class BufferedWriter {
  readonly #fd: number
  readonly #buffer = Buffer.allocUnsafe(SIZE)
  #used = 0
  /** Bytes written so far (flushed or not): the offset the next write lands at. */
  position: number

  constructor(fd: number, position = 0) {
    this.#fd = fd
    this.position = position
  }

  static create(path: string): BufferedWriter {
    mkdirSync(dirname(path), { recursive: true })
    // Unlink first: ext4 forces a truncated file's new data to disk on close (auto_da_alloc),
    // tens of ms for the dataset.
    rmSync(path, { force: true })
    return new BufferedWriter(openSync(path, 'w'))
  }

  write(text: string): void {
    // A UTF-8 encoding takes at most 3 bytes per UTF-16 unit.
    if (this.#used + text.length * 3 > this.#buffer.length) {
      this.flush()
      if (text.length * 3 > this.#buffer.length) {
        const bytes = Buffer.from(text, 'utf8')
        this.#put(bytes)
        return
      }
    }
    const n = this.#buffer.write(text, this.#used, 'utf8')
    this.#used += n
    this.position += n
  }

  writeBytes(bytes: Uint8Array): void {
    if (this.#used + bytes.length > this.#buffer.length) {
      this.flush()
      if (bytes.length > this.#buffer.length) return this.#put(bytes)
    }
    this.#buffer.set(bytes, this.#used)
    this.#used += bytes.length
    this.position += bytes.length
  }

  /** File offset up to which everything written has reached the file. */
  get flushed(): number {
    return this.position - this.#used
  }

  /** Copies `length` bytes at `offset` of the file open as `fd` into the output, a buffer at a time. */
  copyFrom(fd: number, offset: number, length: number): void {
    while (length > 0) {
      if (this.#used === this.#buffer.length) this.flush()
      const want = Math.min(length, this.#buffer.length - this.#used)
      const n = readSync(fd, this.#buffer, this.#used, want, offset)
      if (n === 0) throw new Error(`cache file ended early: wanted ${length} more bytes at ${offset}`)
      this.#used += n
      this.position += n
      offset += n
      length -= n
    }
  }

  // Writes name their file offset, so a writer can also append to an existing file.
  #put(bytes: Uint8Array): void {
    let done = 0
    while (done < bytes.length) done += writeSync(this.#fd, bytes, done, bytes.length - done, this.position + done)
    this.position += bytes.length
  }

  flush(): void {
    const start = this.position - this.#used
    let done = 0
    while (done < this.#used) done += writeSync(this.#fd, this.#buffer, done, this.#used - done, start + done)
    this.#used = 0
  }

  close(): void {
    this.flush()
    closeSync(this.#fd)
  }
}

/** Copies ranges of source files into a writer, joining each range with the next when they touch. */
export class RangeCopy {
  readonly #copy: (ref: [file: string, offset: number, length: number]) => void
  #pending: [string, number, number] | null = null

  constructor(copy: (ref: [file: string, offset: number, length: number]) => void) {
    this.#copy = copy
  }

  add([file, offset, length]: readonly [string, number, number]): void {
    const pending = this.#pending
    if (pending && pending[0] === file && pending[1] + pending[2] === offset) pending[2] += length
    else {
      this.flush()
      this.#pending = [file, offset, length]
    }
  }

  flush(): void {
    if (this.#pending) this.#copy(this.#pending)
    this.#pending = null
  }
}
