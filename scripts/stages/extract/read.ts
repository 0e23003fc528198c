import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'

/** A buffer reused from read to read, grown when a file is larger. */
export interface ReadBuffer {
  buffer: Buffer
}

export const readBuffer = (): ReadBuffer => ({ buffer: Buffer.allocUnsafe(1 << 20) })

const shared = readBuffer()

/**
 * A whole file read into one reused buffer (open, fstat, read, close: no allocation per file).
 * The bytes stay valid until the next call with the same buffer (by default one per thread).
 */
export function readWhole(path: string, into: ReadBuffer = shared): { size: number; mtimeMs: number; ino: number; ctimeMs: number; bytes: Buffer } {
  // Non-blocking, so a FIFO behind a symlink fails below instead of hanging the run.
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    const st = fstatSync(fd)
    if (!st.isFile()) throw new Error('not a regular file')
    const { size, mtimeMs, ino, ctimeMs } = st
    if (size > into.buffer.length) into.buffer = Buffer.allocUnsafe(Math.max(size, 2 * into.buffer.length))
    const buffer = into.buffer
    let got = 0
    while (got < size) {
      const n = readSync(fd, buffer, got, size - got, got)
      if (n === 0) break
      got += n
    }
    return { size, mtimeMs, ino, ctimeMs, bytes: buffer.subarray(0, got) }
  } finally {
    closeSync(fd)
  }
}

/**
 * File times have a coarse clock (a few ms): a file changed twice within one tick, once before a
 * scan and once after, keeps its mtime. Like git's "racy" entries, a stamp newer than this margin
 * is stored as -1, which never matches, so the file is checked again next time.
 */
const RACY_MS = 2000

export const trustedMtime = (mtimeMs: number, now: number): number => (now - mtimeMs > RACY_MS ? mtimeMs : -1)

/**
 * An error as artifacts may quote it: file-system errors by code and call (their messages hold
 * absolute paths, which would make artifacts machine-dependent), others with `root` removed.
 */
export function describeError(error: unknown, root: string): string {
  const e = error as NodeJS.ErrnoException
  if (e?.code && e.syscall) return `${e.code} (${e.syscall})`
  return String(e?.message ?? error).replaceAll(`${root}/`, '').replaceAll(root, '.')
}
