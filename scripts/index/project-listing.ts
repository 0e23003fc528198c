// What a project repository holds: the files a task ships in environment/project/, by the same rules
// as the generate stage's scan (scripts/stages/generate/project.ts): every regular file, every
// symlink whose fully resolved target stays inside the project (kept as a relative link), nothing
// else (links leaving the project, dangling links, sockets, fifos are left out and reported). The
// exec bit is read from the file itself, as the hard link or copy a task gets keeps it.
//
// Blob ids need the bytes, but a rerun should not read 1 MB per project to learn nothing changed:
// a stat cache maps (size, mtime in ns, inode) of a file to its blob id and line count, and only
// files whose stats moved are read again. The mode is always taken from a fresh lstat, since a
// chmod does not move the mtime.
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, readSync, realpathSync, statSync, type BigIntStats } from 'node:fs'
import { dirname, relative, resolve, sep } from 'node:path'
import { toPosix, writeFileAtomic } from '../lib/fsx.ts'
import { blobHasher, blobId, rootTreeId, type GitFile } from './git-objects.ts'
import { IndexError } from './index-errors.ts'

export interface ListedFile extends GitFile {
  kind: 'file' | 'symlink'
  /** Bytes of a regular file; 0 for a symlink. */
  size: number
  /** Newline-terminated lines, plus one for a last line without a newline; 0 for a symlink. */
  lines: number
  /** Symlink: the relative target the task copy gets (its blob's content). */
  target?: string
}

export interface ProjectListing {
  /** The project directory as given. */
  root: string
  /** Sorted by path. */
  files: ListedFile[]
  /** Directories the task ships that hold no file at any depth: a git tree cannot record them. */
  emptyDirs: string[]
  /** Entries the task does not ship either, with the reason. */
  skipped: string[]
  bytes: number
  lines: number
  /** The root tree id of these files. */
  tree: string
}

type CachedBlob = [size: number, mtimeNs: string, ino: string, blob: string, lines: number]

/**
 * (size, mtime ns, inode) → blob id and line count, by absolute path. Entries for files modified
 * within the last RACY_MS of being read are not kept: a write landing in the same clock tick after
 * the read would leave the stats unchanged (git's "racy clean" problem).
 */
export class StatCache {
  static readonly VERSION = 1
  static readonly RACY_MS = 2000n
  readonly #entries = new Map<string, CachedBlob>()
  #dirty = false

  get size(): number {
    return this.#entries.size
  }

  get dirty(): boolean {
    return this.#dirty
  }

  lookup(path: string, stat: BigIntStats): { blob: string; lines: number } | undefined {
    const hit = this.#entries.get(path)
    if (!hit || hit[0] !== Number(stat.size) || hit[1] !== String(stat.mtimeNs) || hit[2] !== String(stat.ino)) return undefined
    return { blob: hit[3], lines: hit[4] }
  }

  remember(path: string, stat: BigIntStats, blob: string, lines: number, readAtNs: bigint): void {
    if (stat.mtimeNs + StatCache.RACY_MS * 1_000_000n > readAtNs) return
    this.#entries.set(path, [Number(stat.size), String(stat.mtimeNs), String(stat.ino), blob, lines])
    this.#dirty = true
  }

  /** Drops entries outside `roots` (projects no longer selected), so the file does not grow forever. */
  keepOnly(roots: readonly string[]): void {
    const prefixes = roots.map((r) => resolve(r) + sep)
    for (const path of this.#entries.keys()) {
      if (!prefixes.some((p) => path.startsWith(p))) {
        this.#entries.delete(path)
        this.#dirty = true
      }
    }
  }

  /** Reads a cache file; a missing, unreadable or foreign one gives an empty cache (it is only a shortcut). */
  static load(file: string): StatCache {
    const cache = new StatCache()
    try {
      const data = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; entries?: Record<string, CachedBlob> }
      if (data.version !== StatCache.VERSION || !data.entries || typeof data.entries !== 'object') return cache
      for (const [path, value] of Object.entries(data.entries)) {
        if (Array.isArray(value) && value.length === 5 && typeof value[3] === 'string' && /^[0-9a-f]{40}$/.test(value[3])) cache.#entries.set(path, value)
      }
    } catch {
      // Missing or corrupt: start empty.
    }
    return cache
  }

  save(file: string): void {
    const entries = Object.fromEntries([...this.#entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    writeFileAtomic(file, `${JSON.stringify({ version: StatCache.VERSION, entries })}\n`)
    this.#dirty = false
  }
}

const isInside = (root: string, path: string): boolean => path === root || path.startsWith(root + sep)

/** Lists a project as a task ships it, with blob ids (read through `cache` when given). */
export function listProject(root: string, cache?: StatCache): ProjectListing {
  let realRoot: string
  try {
    if (!statSync(root).isDirectory()) throw new IndexError(`project directory ${root} is not a directory`)
    realRoot = realpathSync(root)
  } catch (error) {
    if (error instanceof IndexError) throw error
    const e = error as NodeJS.ErrnoException
    throw new IndexError(e.code === 'ENOENT' ? `project directory ${root} does not exist` : `project directory ${root}: ${e.message}`)
  }
  const listing: ProjectListing = { root, files: [], emptyDirs: [], skipped: [], bytes: 0, lines: 0, tree: '' }
  const dirs: string[] = []
  // Absolute paths: they are the stat cache's keys, whatever form the caller gave.
  walk(listing, dirs, realRoot, resolve(root), '', cache)
  listing.files.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
  const holding = new Set<string>()
  for (const file of listing.files) for (let d = parentOf(file.path); d !== '' && !holding.has(d); d = parentOf(d)) holding.add(d)
  listing.emptyDirs = dirs.filter((d) => !holding.has(d))
  listing.tree = rootTreeId(listing.files)
  return listing
}

const parentOf = (path: string): string => {
  const at = path.lastIndexOf('/')
  return at < 0 ? '' : path.slice(0, at)
}

function walk(listing: ProjectListing, dirs: string[], realRoot: string, dir: string, relDir: string, cache: StatCache | undefined): void {
  for (const dirent of readdirSync(dir, { withFileTypes: true })) {
    const abs = `${dir}/${dirent.name}`
    const rel = relDir ? `${relDir}/${dirent.name}` : dirent.name
    // A tree entry named .git is refused by git (and would be a repository inside the repository).
    if (dirent.name.toLowerCase() === '.git') throw new IndexError(`project directory ${listing.root} contains ${rel}, which a git repository cannot hold`)
    if (dirent.isDirectory()) {
      dirs.push(rel)
      walk(listing, dirs, realRoot, abs, rel, cache)
    } else if (dirent.isFile()) {
      const file = regularFile(abs, rel, cache)
      listing.files.push(file)
      listing.bytes += file.size
      listing.lines += file.lines
    } else if (dirent.isSymbolicLink()) {
      const target = symlinkTarget(realRoot, abs)
      if (typeof target !== 'string') listing.skipped.push(`${rel} (symlink ${target.reason})`)
      else listing.files.push({ path: rel, mode: '120000', kind: 'symlink', blob: blobId(Buffer.from(target, 'utf8')), size: 0, lines: 0, target })
    } else {
      listing.skipped.push(`${rel} (not a file, directory or symlink)`)
    }
  }
}

const CHUNK = Buffer.allocUnsafe(1 << 20)
const NEWLINE = 0x0a

function regularFile(abs: string, rel: string, cache: StatCache | undefined): ListedFile {
  const stat = lstatSync(abs, { bigint: true })
  const mode = (stat.mode & 0o100n) !== 0n ? '100755' : '100644'
  const hit = cache?.lookup(abs, stat)
  if (hit) return { path: rel, mode, kind: 'file', blob: hit.blob, size: Number(stat.size), lines: hit.lines }
  const readAtNs = BigInt(Date.now()) * 1_000_000n
  const fd = openSync(abs, 'r')
  try {
    const opened = fstatSync(fd, { bigint: true })
    const size = Number(opened.size)
    const hasher = blobHasher(size)
    let total = 0
    let lines = 0
    let last = -1
    for (let n = readSync(fd, CHUNK, 0, CHUNK.length, null); n > 0; n = readSync(fd, CHUNK, 0, CHUNK.length, null)) {
      const chunk = CHUNK.subarray(0, n)
      hasher.update(chunk)
      for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) lines++
      last = chunk[n - 1]
      total += n
    }
    if (total !== size) throw new IndexError(`${abs} changed while it was read (${size} bytes expected, ${total} read)`)
    if (total > 0 && last !== NEWLINE) lines++
    const blob = hasher.digest()
    const modeNow = (opened.mode & 0o100n) !== 0n ? '100755' : '100644'
    cache?.remember(abs, opened, blob, lines, readAtNs)
    return { path: rel, mode: modeNow, kind: 'file', blob, size, lines }
  } finally {
    closeSync(fd)
  }
}

/**
 * Symlinks are never followed. One whose target, fully resolved, stays inside the project is kept
 * as a link relative to its own directory (the form the task copy gets); any other is left out.
 */
function symlinkTarget(realRoot: string, abs: string): string | { reason: string } {
  const text = readlinkSync(abs)
  let resolved: string
  try {
    resolved = realpathSync(resolve(dirname(abs), text))
  } catch {
    return { reason: `to ${text} is dangling` }
  }
  if (!isInside(realRoot, resolved)) return { reason: `to ${text} points outside the project` }
  return toPosix(relative(realpathSync(dirname(abs)), resolved)) || '.'
}
