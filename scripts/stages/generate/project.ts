// A project tree as extract resolved it (record.project.root), scanned once per run however many
// tasks share it, and placed into environment/project/ as copies (copy-on-write clones where the
// file system supports them), or by hard links when `tasks.link: hardlink` asks (then a task's
// files are the data's files: editing one edits the other). Content identity is the sha256 of
// every file, which keeps incremental rebuilds exact (a touched file with the same bytes does not
// rebuild; a same-size edit does): read once per run, or taken from the last runs while the file's
// size, mtime, inode and ctime hold (file-hashes.ts).
import { createHash } from 'node:crypto'
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, statSync, symlinkSync, type Stats } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import { dirname, relative, resolve, sep } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import { toPosix } from '../../lib/fsx.ts'
import { GenerateError } from './generate-errors.ts'
import { compareCodePoints } from './manifest.ts'
import type { FileHashes } from './file-hashes.ts'

export const PROJECT_PREFIX = 'environment/project/'

export interface ProjectEntry {
  /** Posix path relative to the project root. */
  rel: string
  kind: 'dir' | 'file' | 'symlink'
  size: number
  /** File: sha256 of the bytes. Symlink: sha256 of `symlink:<target>`. Dir: empty. */
  sha256: string
  dev: number
  ino: number
  /** File: permission bits, as a copy gets them. */
  mode?: number
  /** Symlink: the (relative) target written into the copy. */
  target?: string
}

export interface ProjectTree {
  root: string
  /** Parents before children, names sorted. */
  entries: ProjectEntry[]
  /** Files and in-project symlinks, by relative path. */
  files: Map<string, ProjectEntry>
  /** Every directory's relative path ('' excluded). */
  dirs: Set<string>
  digest: string
  /** `environment/project/<rel>\0<sha256>\n` for every file, sorted: its part of a task digest. */
  digestBlock: string
  bytes: number
  /** Entries not placed into the copy, with the reason (symlinks leaving the project, sockets…). */
  skipped: string[]
}

const isInside = (root: string, path: string): boolean => path === root || path.startsWith(root + sep)

/** `hashes`: project file hashes remembered between runs (none: every file is read). */
export function scanProject(root: string, hashes?: FileHashes): ProjectTree {
  let realRoot: string
  try {
    if (!statSync(root).isDirectory()) throw new Error('not a directory')
    realRoot = realpathSync(root)
  } catch (error) {
    throw new GenerateError(`project directory ${root}: ${(error as Error).message}`)
  }
  const tree: ProjectTree = { root, entries: [], files: new Map(), dirs: new Set(), digest: '', digestBlock: '', bytes: 0, skipped: [] }
  walk(tree, realRoot, root, '', hashes)
  const identity = tree.entries.map((e) => `${e.rel}\0${e.kind}\0${e.size}\0${e.sha256}\n`).join('')
  tree.digest = sha256(identity)
  tree.digestBlock = [...tree.files.values()]
    .map((e): [string, string] => [`${PROJECT_PREFIX}${e.rel}`, e.sha256])
    .sort((x, y) => compareCodePoints(x[0], y[0]))
    .map(([path, hash]) => `${path}\0${hash}\n`)
    .join('')
  return tree
}

function walk(tree: ProjectTree, realRoot: string, dir: string, relDir: string, hashes: FileHashes | undefined): void {
  const dirents = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const dirent of dirents) {
    const abs = `${dir}/${dirent.name}`
    const rel = relDir ? `${relDir}/${dirent.name}` : dirent.name
    if (dirent.isDirectory()) {
      tree.entries.push({ rel, kind: 'dir', size: 0, sha256: '', dev: 0, ino: 0 })
      tree.dirs.add(rel)
      walk(tree, realRoot, abs, rel, hashes)
    } else if (dirent.isFile()) {
      const { sha256: hash, stat } = hashes ? hashes.of(abs, hashFile) : hashFile(abs)
      const entry: ProjectEntry = { rel, kind: 'file', size: stat.size, sha256: hash, dev: stat.dev, ino: stat.ino, mode: stat.mode & 0o7777 }
      tree.entries.push(entry)
      tree.files.set(rel, entry)
      tree.bytes += stat.size
    } else if (dirent.isSymbolicLink()) {
      const target = symlinkInside(realRoot, abs)
      if (typeof target !== 'string') {
        tree.skipped.push(`${rel} (symlink ${target.reason})`)
        continue
      }
      const entry: ProjectEntry = { rel, kind: 'symlink', size: 0, sha256: sha256(`symlink:${target}`), dev: 0, ino: 0, target }
      tree.entries.push(entry)
      tree.files.set(rel, entry)
    } else {
      tree.skipped.push(`${rel} (not a file, directory or symlink)`)
    }
  }
}

const CHUNK = Buffer.allocUnsafe(1 << 20)

/** sha256 and stat of a file through one open descriptor (one syscall fewer than lstat + read). */
function hashFile(path: string): { sha256: string; stat: Stats } {
  const fd = openSync(path, 'r')
  try {
    const stat = fstatSync(fd)
    const hash = createHash('sha256')
    for (let n = readSync(fd, CHUNK, 0, CHUNK.length, null); n > 0; n = readSync(fd, CHUNK, 0, CHUNK.length, null)) hash.update(CHUNK.subarray(0, n))
    return { sha256: hash.digest('hex'), stat }
  } finally {
    closeSync(fd)
  }
}

/**
 * Symlinks are never followed. One whose target (fully resolved) stays inside the project is kept
 * as a relative link, so the copy works wherever it lands; any other is left out and reported.
 */
function symlinkInside(realRoot: string, abs: string): string | { reason: string } {
  const text = readlinkSync(abs)
  let resolved: string
  try {
    resolved = realpathSync(resolve(dirname(abs), text))
  } catch {
    return { reason: `to ${text} is dangling` }
  }
  if (!isInside(realRoot, resolved)) return { reason: `to ${text} points outside the project` }
  const realDir = realpathSync(dirname(abs))
  return toPosix(relative(realDir, resolved)) || '.'
}

export interface PlaceState {
  /** copy: never share an inode with the data; hardlink (auto: its old name): link when possible. */
  mode: 'copy' | 'hardlink' | 'auto'
  /** Set after the first EXDEV/EPERM: the rest of the run copies without trying to link. */
  linkUnsupported: boolean
  linked: number
  copied: number
  /** Copies taken over from the task's previous build (hard-linked from it, not copied again). */
  reused: number
}

const LINK_UNSUPPORTED = new Set(['EXDEV', 'EPERM', 'ENOTSUP', 'EOPNOTSUPP'])

/**
 * Recreates the tree under `dest` (which must not exist yet). Creating a directory is the slow
 * part on ext4 (a block and a journal entry each, ~0.1-0.4 ms here), so each level's directories
 * are created in parallel on the I/O threads; a hard link is a few microseconds, less than the
 * cost of dispatching it to a thread, so files are linked synchronously.
 */
export async function placeProject(tree: ProjectTree, dest: string, state: PlaceState, copiesIn?: string): Promise<void> {
  await mkdir(dest, { recursive: true })
  for (const level of dirLevels(tree)) await Promise.all(level.map((rel) => mkdir(`${dest}/${rel}`)))
  for (const entry of tree.entries) {
    if (entry.kind === 'dir') continue
    const to = `${dest}/${entry.rel}`
    if (entry.kind === 'symlink') symlinkSync(entry.target as string, to)
    else if (copiesIn !== undefined && reuseCopy(`${copiesIn}/${entry.rel}`, entry, to, state)) continue
    else if (!linkFile(`${tree.root}/${entry.rel}`, to, state)) await copyFile(`${tree.root}/${entry.rel}`, to, constants.COPYFILE_FICLONE)
  }
}

/**
 * Hard-links a copy the task's previous build made of the same bytes (the caller vouches for
 * that): a copy of the data without reading or writing it again. Only a file the old task dir
 * holds alone, that is not the data file and has the mode a new copy would get: a dedup tool's
 * links to the data, another link to it, or a chmod since are copied afresh. The new task shares
 * the inode with the old task dir only, which the commit removes. False: copy instead.
 */
function reuseCopy(from: string, entry: ProjectEntry, to: string, state: PlaceState): boolean {
  const st = lstatSync(from, { throwIfNoEntry: false })
  if (!st?.isFile() || st.nlink !== 1 || (st.dev === entry.dev && st.ino === entry.ino) || (st.mode & 0o7777) !== entry.mode) return false
  try {
    linkSync(from, to)
  } catch {
    return false
  }
  state.reused++
  return true
}

const levels = new WeakMap<ProjectTree, string[][]>()

function dirLevels(tree: ProjectTree): string[][] {
  let out = levels.get(tree)
  if (!out) {
    out = []
    for (const entry of tree.entries) {
      if (entry.kind !== 'dir') continue
      const depth = entry.rel.split('/').length - 1
      ;(out[depth] ??= []).push(entry.rel)
    }
    levels.set(tree, out)
  }
  return out
}

/** Hard-links `from` to `to` when the mode and the file system allow; false: copy it instead. */
function linkFile(from: string, to: string, state: PlaceState): boolean {
  if (state.mode !== 'copy' && !state.linkUnsupported) {
    try {
      linkSync(from, to)
      state.linked++
      return true
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? ''
      if (LINK_UNSUPPORTED.has(code)) state.linkUnsupported = true
      else if (code !== 'EMLINK') throw error
    }
  }
  state.copied++
  return false
}
