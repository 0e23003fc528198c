// Unpacking with yauzl in two walks of the central directory: the first judges every name and
// decides the strip before a byte is written, the second writes the files.
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import { ArchiveError, FetchAbortedError, UnsafeEntryError } from './fetch-errors.ts'
import { describeEntry, landingPath, ListingCheck, strippedSegments } from './entries.ts'
import { createMeter, type Meter } from './meter.ts'
import type { Reporter } from './download.ts'

export interface Unpacked {
  /** Files and directory entries written (a stripped wrapper folder and `__MACOSX/` not counted). */
  entries: number
  files: number
  /** Bytes of file content written. */
  bytes: number
  strip: number
}

/** Fails early with a useful message when the archive is not a zip at all. */
export async function assertZip(file: string, label: string): Promise<void> {
  const handle = await open(file, 'r')
  const head = Buffer.alloc(4)
  try {
    await handle.read(head, 0, 4, 0)
  } finally {
    await handle.close()
  }
  const zip = head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5) && (head[3] === 4 || head[3] === 6)
  if (zip) return
  const what =
    head[0] === 0x1f && head[1] === 0x8b
      ? 'a gzip file (.tar.gz?)'
      : head.toString('latin1').trimStart().startsWith('<')
        ? 'an HTML or XML page'
        : `not a zip (it starts with bytes ${head.toString('hex')})`
  throw new ArchiveError(`${label} is ${what}; only .zip archives are supported (LoCoBench ships data.zip)`)
}

/** Files up to this size are inflated into memory and written in one call; larger ones stream. */
const SMALL_FILE = 1 << 20

export async function unzipInto(file: string, label: string, dest: string, strip: number | 'auto', report: Reporter): Promise<Unpacked> {
  const check = new ListingCheck(strip)
  await eachEntry(file, label, report.signal, async (entry) => check.add(describeEntry(entry), entry.uncompressedSize))
  const result: Unpacked = { entries: 0, files: 0, bytes: 0, strip: check.strip }
  const meter = createMeter({ total: check.bytes, label: 'unpack', progress: report.progress, log: report.log })
  const dirs = new Set<string>()
  const ensureDir = (dir: string) => {
    if (!dirs.has(dir)) mkdirSync(dir, { recursive: true })
    dirs.add(dir)
  }
  ensureDir(dest)
  await eachEntry(file, label, report.signal, async (entry, zip) => {
    const info = describeEntry(entry)
    const kept = strippedSegments(info, result.strip)
    if (!kept) return
    const path = landingPath(dest, kept, info.name)
    result.entries++
    if (info.dir) return ensureDir(path)
    ensureDir(dirname(path))
    await writeEntry(zip, entry, path, info.mode & 0o111 ? 0o755 : 0o644, meter, report.signal)
    result.files++
  })
  meter.finish()
  result.bytes = meter.done
  return result
}

// Tens of thousands of small files: one synchronous create-and-write each measured about twice
// as fast as a write stream through the thread pool, and skips the per-stream abort wiring.
// `wx`: an entry never overwrites anything, whatever the listing check missed.
async function writeEntry(zip: ZipFile, entry: Entry, path: string, mode: number, meter: Meter, signal: AbortSignal): Promise<void> {
  const source = await zip.openReadStreamPromise(entry)
  if (entry.uncompressedSize > SMALL_FILE) {
    await pipeline(source, counting(meter), createWriteStream(path, { flags: 'wx', mode }), { signal })
    return
  }
  const chunks: Buffer[] = []
  for await (const chunk of source as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    meter.add(chunk.length)
  }
  writeFileSync(path, Buffer.concat(chunks), { flag: 'wx', mode })
}

type EntryVisitor = (entry: Entry, zip: ZipFile) => Promise<void>

/** One walk of the central directory, checking the signal between entries. */
async function eachEntry(file: string, label: string, signal: AbortSignal, visit: EntryVisitor): Promise<void> {
  try {
    const zip = await yauzl.openPromise(file, { lazyEntries: true, decodeStrings: false, autoClose: true, validateEntrySizes: true })
    for await (const entry of zip.eachEntry()) {
      if (signal.aborted) throw new FetchAbortedError(`unpacking ${label}`)
      await visit(entry, zip)
    }
  } catch (error) {
    throw asArchiveError(error, label)
  }
}

/** yauzl and zlib errors become ArchiveErrors; ours, aborts and file-system errors pass through. */
function asArchiveError(error: unknown, label: string): unknown {
  if (!(error instanceof Error)) return error
  if (error instanceof UnsafeEntryError || error instanceof ArchiveError || error.name === 'AbortError') return error
  if (typeof (error as { syscall?: unknown }).syscall === 'string') return error
  return new ArchiveError(`${label} is not a readable zip archive: ${error.message}`, { cause: error })
}

function counting(meter: Meter): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      meter.add(chunk.length)
      done(null, chunk)
    },
  })
}
