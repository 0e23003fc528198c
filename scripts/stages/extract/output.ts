// A buffered file writer that takes strings and byte ranges of other files, so a record can be
// assembled from its cached fragment without decoding it: the fragment bytes are read straight
// into the write buffer.
import { closeSync, mkdirSync, openSync, readSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

const SIZE = 1 << 20

export class BufferedWriter {
  readonly #fd: number
  #buffer = Buffer.allocUnsafe(SIZE)
  #used = 0
  /** Bytes written so far (flushed or not): the offset the next write lands at. */
  position: number

  constructor(fd: number, position = 0) {
    this.#fd = fd
    this.position = position
  }

  static create(path: string): BufferedWriter {
    mkdirSync(dirname(path), { recursive: true })
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

  /** Copies `length` bytes at `offset` of the file open as `fd` into the output. */
  copyFrom(fd: number, offset: number, length: number): void {
    if (this.#used + length > this.#buffer.length) {
      this.flush()
      if (length > this.#buffer.length) this.#buffer = Buffer.allocUnsafe(length)
    }
    let got = 0
    while (got < length) {
      const n = readSync(fd, this.#buffer, this.#used + got, length - got, offset + got)
      if (n === 0) throw new Error(`cache file ended early: wanted ${length} bytes at ${offset}`)
      got += n
    }
    this.#used += length
    this.position += length
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
