// An append-only cache file: ranges are appended past the size its index names and read back by
// offset. Bytes past that size belong to a run that never committed and are cut off on open, so a
// crash never leaves an index pointing at something else than it did.
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs'
import { BufferedWriter } from './output.ts'
import type { BlobRef } from './extract-types.ts'

export class AppendFile {
  readonly #fd: number
  readonly #writer: BufferedWriter

  /** Opens `path` cut to `size` bytes, or empty when `size` is 0. */
  constructor(path: string, size: number) {
    this.#fd = openSync(path, size > 0 ? 'r+' : 'w+')
    ftruncateSync(this.#fd, size)
    this.#writer = new BufferedWriter(this.#fd, size)
  }

  /** The file's size, or -1 when there is none. */
  static sizeOf(path: string): number {
    if (!existsSync(path)) return -1
    const fd = openSync(path, 'r')
    try {
      return fstatSync(fd).size
    } finally {
      closeSync(fd)
    }
  }

  /** Where the next append lands. */
  get position(): number {
    return this.#writer.position
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

  read([offset, length]: BlobRef): Buffer {
    if (offset + length > this.#writer.flushed) this.#writer.flush()
    const bytes = Buffer.allocUnsafe(length)
    let got = 0
    while (got < length) {
      const n = readSync(this.#fd, bytes, got, length - got, offset + got)
      if (n === 0) throw new Error(`the cache file ended early: wanted ${length} bytes at ${offset}`)
      got += n
    }
    return bytes
  }

  flush(): void {
    this.#writer.flush()
  }

  close(): void {
    this.#writer.flush()
    closeSync(this.#fd)
  }
}
