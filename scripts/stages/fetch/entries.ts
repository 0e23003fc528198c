// Where each zip entry may land. Names are decoded by yauzl, then judged here, so a hostile name
// becomes an error naming the entry instead of yauzl's generic one. Backslashes count as
// separators (Windows zips mean them so), and every symlink is refused: LoCoBench ships none, and
// refusing all of them is simpler to trust than checking where each one points.
import { resolve, sep } from 'node:path'
import yauzl from 'yauzl'
import { ArchiveError, UnsafeEntryError } from './fetch-errors.ts'

export const MARKER_NAME = '.locobench-fetch.json'

const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const S_IFLNK = 0o120000
const DOS_DIRECTORY = 0x10

export interface EntryInfo {
  /** The name as stored in the archive (decoded), for messages. */
  name: string
  /** Path segments inside the archive, without `.` or empty segments. */
  segments: string[]
  dir: boolean
  /** Unix permission bits when the archive recorded them, else 0. */
  mode: number
  /** macOS resource-fork noise (`__MACOSX/…`): never unpacked, ignored when choosing the strip. */
  noise: boolean
}

export function describeEntry(entry: yauzl.Entry): EntryInfo {
  // decodeStrings is off so that yauzl does not reject names itself; strict keeps backslashes.
  const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true)
  const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff
  const type = unixMode & S_IFMT
  if (type === S_IFLNK) throw new UnsafeEntryError(name, 'symbolic links are not unpacked')
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw new UnsafeEntryError(name, `special file (mode ${unixMode.toString(8)})`)
  if (entry.isEncrypted()) throw new ArchiveError(`archive entry ${JSON.stringify(name)} is encrypted; encrypted zips are not supported`)
  const segments = safeSegments(name)
  const dir = name.endsWith('/') || name.endsWith('\\') || type === S_IFDIR || (entry.externalFileAttributes & DOS_DIRECTORY) !== 0
  if (!dir && segments.length === 0) throw new UnsafeEntryError(name, 'a file entry with an empty name')
  return { name, segments, dir, mode: unixMode & 0o777, noise: segments[0] === '__MACOSX' }
}

/** Splits a stored name into segments that cannot climb out of the directory they join. */
export function safeSegments(name: string): string[] {
  if (name.includes('\0')) throw new UnsafeEntryError(name, 'the name contains a NUL byte')
  const slashed = name.replaceAll('\\', '/')
  if (slashed.startsWith('/')) throw new UnsafeEntryError(name, 'absolute path')
  if (/^[A-Za-z]:/.test(slashed)) throw new UnsafeEntryError(name, 'drive letter')
  const segments = slashed.split('/').filter((s) => s !== '' && s !== '.')
  if (segments.includes('..')) throw new UnsafeEntryError(name, 'parent directory (..) segment')
  return segments
}

/** The absolute path of `segments` under `root`, checked once more to be strictly inside it. */
export function landingPath(root: string, segments: string[], name: string): string {
  const path = resolve(root, ...segments)
  if (!path.startsWith(root.endsWith(sep) ? root : root + sep)) throw new UnsafeEntryError(name, 'lands outside the target')
  return path
}

/**
 * Checks the whole listing before anything is written: no two entries claim one path and no file
 * sits where a directory is needed (judged after an explicit strip, which can merge folders).
 * Decides the `auto` strip.
 */
export class ListingCheck {
  readonly #requested: number | 'auto'
  readonly #kinds = new Map<string, 'file' | 'dir'>()
  readonly #tops = new Set<string>()
  #shallowFile = false
  #bytes = 0

  constructor(requested: number | 'auto') {
    this.#requested = requested
  }

  add(info: EntryInfo, uncompressedSize: number): void {
    if (info.noise || info.segments.length === 0) return
    if (!info.dir) this.#bytes += uncompressedSize
    this.#tops.add(info.segments[0]!)
    if (!info.dir && info.segments.length < 2) this.#shallowFile = true
    // `auto` strips a prefix every entry shares, which cannot merge two paths.
    const segments = this.#requested === 'auto' ? info.segments : strippedSegments(info, this.#requested)
    if (!segments) return
    for (let i = 1; i < segments.length; i++) this.#claim(segments.slice(0, i).join('/'), 'dir', info.name)
    this.#claim(segments.join('/'), info.dir ? 'dir' : 'file', info.name)
  }

  #claim(path: string, kind: 'file' | 'dir', name: string): void {
    const previous = this.#kinds.get(path)
    if (previous === 'file' || (previous === 'dir' && kind === 'file')) {
      throw new UnsafeEntryError(name, previous === kind ? 'duplicate entry' : `${path} is both a file and a directory`)
    }
    this.#kinds.set(path, kind)
  }

  /** Bytes of all file entries once unpacked. */
  get bytes(): number {
    return this.#bytes
  }

  /** `auto` strips one level when everything sits under one folder (`data/…`), else none. */
  get strip(): number {
    if (this.#requested !== 'auto') return this.#requested
    return this.#tops.size === 1 && !this.#shallowFile ? 1 : 0
  }
}

/**
 * The segments an entry keeps after stripping, or null when it vanishes (a stripped folder).
 * A file that would vanish is an error: silently dropping data is worse than stopping.
 */
export function strippedSegments(info: EntryInfo, strip: number): string[] | null {
  if (info.noise) return null
  if (info.segments.length <= strip) {
    if (info.dir) return null
    throw new ArchiveError(`archive entry ${JSON.stringify(info.name)} has fewer than ${strip + 1} path components, so strip ${strip} would drop it`)
  }
  const kept = info.segments.slice(strip)
  if (kept.length === 1 && kept[0] === MARKER_NAME) throw new UnsafeEntryError(info.name, `${MARKER_NAME} is reserved for the fetch marker`)
  return kept
}
