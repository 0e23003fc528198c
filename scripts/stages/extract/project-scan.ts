// One project directory: its layout (A wrapper folder, B several top-level entries, C the
// fallback tree), every file under its root with the file's code points and sha256 (taken in the
// same read, so the engine need not read the file again to stamp it), and what its
// project_metadata.json says. With a previous scan: a directory whose mtime is unchanged is not
// listed again (adding, removing or renaming an entry changes it; so does setting it back, its
// ctime) and a file whose size, mtime, inode and ctime are unchanged is not read again.
import { createHash, hash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { countCodePoints } from './codepoints.ts'
import { largeFiles } from './file-limits.ts'
import { describeError, readWhole, trustedMtime } from './read.ts'
import type { Finding, Layout, ProjectCacheEntry, ProjectScan, Warning, WarningCode } from './extract-types.ts'

export const METADATA_FILE = 'project_metadata.json'
/** Where the project dirs are, relative to the data root. */
export const PROJECTS_DIR = 'generated'

/**
 * Names the graph engine's walk leaves out (scripts/engine/files.ts), so its list of changed
 * inputs says nothing about files below them: a project holding one is checked on every run.
 */
const UNWALKED = /(^|\/)(\.git|node_modules|\.taskcache|__pycache__)(\/|$)/m

interface Walked {
  /** Sorted, relative to the project dir. */
  files: string[]
  /** Every directory walked, with its mtime (-1 when its listing had a skipped entry) and ctime; '' is the project dir. */
  dirs: string[]
  dirMtimes: number[]
  dirCtimes: number[]
  skipped: { path: string; why: string }[]
  top: { name: string; isDir: boolean }[]
  rootMtimeMs: number
}

const parentOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')))
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1)

/** Listings of the previous scan by directory, for directories whose mtime was recorded. */
function previousListings(previous: ProjectCacheEntry | undefined) {
  const listings = new Map<string, { mtimeMs: number; ctimeMs: number; dirs: string[]; files: string[] }>()
  if (!previous?.dirs) return listings
  const dirs = previous.dirs.split('\n')
  dirs.forEach((dir, i) => listings.set(dir, { mtimeMs: previous.dirMtimes[i], ctimeMs: previous.dirCtimes[i], dirs: [], files: [] }))
  for (const dir of dirs) if (dir !== '') listings.get(parentOf(dir))?.dirs.push(nameOf(dir))
  if (previous.paths !== '') for (const path of previous.paths.split('\n')) listings.get(parentOf(path))?.files.push(nameOf(path))
  return listings
}

/** Regular files under `abs`; symlinks and special files are reported, not followed. */
function walk(abs: string, previous: ProjectCacheEntry | undefined, now: number): Walked {
  const root = statSync(abs)
  const out: Walked = { files: [], dirs: [], dirMtimes: [], dirCtimes: [], skipped: [], top: [], rootMtimeMs: root.mtimeMs }
  const listings = previousListings(previous)
  const visit = (dirAbs: string, rel: string, { mtimeMs, ctimeMs }: { mtimeMs: number; ctimeMs: number }) => {
    const known = listings.get(rel)
    let dirs: string[]
    let files: string[]
    if (known && known.mtimeMs === mtimeMs && known.ctimeMs === ctimeMs) {
      ;({ dirs, files } = known)
    } else {
      dirs = []
      files = []
      for (const entry of readdirSync(dirAbs, { withFileTypes: true })) {
        // The cache joins paths with newlines; no context path can name such a file anyway.
        if (entry.name.includes('\n')) out.skipped.push({ path: rel ? `${rel}/${entry.name}` : entry.name, why: 'a name with a newline' })
        else if (entry.isDirectory()) dirs.push(entry.name)
        else if (entry.isFile()) files.push(entry.name)
        else out.skipped.push({ path: rel ? `${rel}/${entry.name}` : entry.name, why: entry.isSymbolicLink() ? 'a symbolic link' : 'not a regular file' })
      }
    }
    // Every directory is recorded, so its parent's listing, rebuilt from these, still names it;
    // one holding a skipped entry is listed again each time (-1 never matches), which is what
    // reports that entry again.
    const clean = !out.skipped.some((s) => parentOf(s.path) === rel)
    out.dirs.push(rel)
    out.dirMtimes.push(clean ? trustedMtime(mtimeMs, now) : -1)
    out.dirCtimes.push(ctimeMs)
    if (rel === '') out.top = [...dirs.map((name) => ({ name, isDir: true })), ...files.map((name) => ({ name, isDir: false }))]
    for (const name of files) out.files.push(rel ? `${rel}/${name}` : name)
    for (const name of dirs) {
      const childAbs = `${dirAbs}/${name}`
      visit(childAbs, rel ? `${rel}/${name}` : name, statSync(childAbs))
    }
  }
  visit(abs, '', root)
  out.files.sort()
  return out
}

function layoutOf(top: Walked['top'], files: string[]): { layout: Layout; wrapper: string | null } {
  const entries = top.filter((e) => e.name !== METADATA_FILE)
  if (entries.length === 1 && entries[0].isDir) return { layout: 'A', wrapper: entries[0].name }
  return { layout: isFallbackTree(files) ? 'C' : 'B', wrapper: null }
}

/** LoCoBench's fallback tree (locobench-format.md §8): src/utils.X, src/config.X, src/constants.X, tests/test_main.X. */
export function isFallbackTree(files: string[]): boolean {
  const utils = files.find((f) => /^src\/utils\.[A-Za-z0-9]+$/.test(f))
  if (!utils) return false
  const ext = utils.slice('src/utils'.length)
  const present = new Set(files)
  return ['src/config', 'src/constants', 'tests/test_main'].every((stem) => present.has(stem + ext))
}

/**
 * The project dirs under generated/, sorted: scanned up front in the order the sorted scenario
 * files need them (a file's id starts with its project's). Listing them costs less than parsing
 * 8,000 file names; a project no file names is scanned for nothing, and one named but not listed
 * is looked at when its first file needs it.
 */
export function listProjects(dataDir: string): string[] {
  const dir = join(dataDir, PROJECTS_DIR)
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort()
  } catch {
    return []
  }
}

export function scanProject(dataDir: string, projectId: string, previous?: ProjectCacheEntry): ProjectScan {
  const dir = `${PROJECTS_DIR}/${projectId}`
  const abs = join(dataDir, dir)
  const empty: ProjectScan = {
    projectId, dir, exists: false, layout: 'B', wrapper: null, fileCount: 0, totalChars: 0, warnings: [], cache: null, stamp: 'missing', root: -1, verify: true, read: 0,
  }
  try {
    if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) return empty
    return { ...empty, exists: true, ...scanTree(abs, dir, previous) }
  } catch (error) {
    return { ...empty, exists: true, error: `scanning ${dir} failed: ${describeError(error, dataDir)}` }
  }
}

function scanTree(abs: string, dir: string, previous?: ProjectCacheEntry) {
  const now = Date.now()
  const walked = walk(abs, previous, now)
  const files = walked.files.filter((f) => f !== METADATA_FILE)
  const { layout, wrapper } = layoutOf(walked.top, files)
  const warnings: Warning[] = walked.skipped.map(({ path, why }) => ({
    file: `${dir}/${path}`, pointer: '', code: 'project-entry-skipped', message: `skipped: ${why}`,
  }))

  const known = new Map<string, number>()
  if (previous && previous.paths !== '') previous.paths.split('\n').forEach((path, i) => known.set(path, i))
  const entry: ProjectCacheEntry = {
    paths: '', sizes: [], mtimes: [], inos: [], ctimes: [], chars: [], hashes: [], invalid: [], metadata: null,
    dirs: walked.dirs.join('\n'), dirMtimes: walked.dirMtimes, dirCtimes: walked.dirCtimes,
  }
  const kept: string[] = []
  let read = 0
  let verify = walked.skipped.length > 0
  for (const path of files) {
    const full = `${abs}/${path}`
    const file = knownFile(full, known.get(path), previous) ?? readFile(full)
    if ('error' in file) {
      warnings.push({ file: `${dir}/${path}`, pointer: '', code: 'project-entry-skipped', message: `skipped: unreadable (${file.error})` })
      // Its directory listing must be read again next time, or the file would vanish unreported.
      entry.dirs = ''
      entry.dirMtimes = []
      entry.dirCtimes = []
      verify = true
      continue
    }
    if (file.read) read++
    if (!file.valid) {
      entry.invalid.push(kept.length)
      warnings.push({ file: `${dir}/${path}`, pointer: '', code: 'project-file-not-utf8', message: `not valid UTF-8; counted as ${file.chars} code points, as Python's errors='replace' decoding would` })
    }
    kept.push(path)
    entry.sizes.push(file.size)
    entry.mtimes.push(trustedMtime(file.mtimeMs, now))
    entry.inos.push(file.ino)
    entry.ctimes.push(file.ctimeMs)
    entry.chars.push(file.chars)
    entry.hashes.push(file.sha256)
  }
  entry.paths = kept.join('\n')
  verify ||= UNWALKED.test(entry.paths) || UNWALKED.test(walked.dirs.join('\n'))

  const metadata = readMetadata(abs, previous?.metadata ?? null, now)
  entry.metadata = metadata.entry
  if (metadata.value === undefined) {
    for (const finding of metadata.entry?.warnings ?? [{ code: 'project-metadata-missing' as const, pointer: '', message: `${METADATA_FILE} is missing` }]) {
      warnings.push({ file: `${dir}/${METADATA_FILE}`, ...finding })
    }
  }

  const stamp = createHash('sha256').update(`${layout}\0${wrapper ?? ''}\0${entry.paths}\0${entry.chars.join(',')}`).digest('base64url')
  return {
    layout,
    wrapper,
    fileCount: kept.length,
    totalChars: entry.chars.reduce((sum, n) => sum + n, 0),
    warnings,
    cache: entry,
    stamp,
    root: trustedMtime(walked.rootMtimeMs, now),
    verify,
    metadataValue: metadata.value,
    read,
    large: largeFiles(kept, entry.sizes, entry.chars),
  }
}

interface FileCount {
  size: number
  mtimeMs: number
  ino: number
  ctimeMs: number
  chars: number
  valid: boolean
  sha256: string
  read: boolean
}

/** The previous count when size, mtime, inode and ctime are unchanged. */
function knownFile(full: string, i: number | undefined, previous: ProjectCacheEntry | undefined): FileCount | undefined {
  if (i === undefined || !previous) return undefined
  // A file gone since the listing is reported by the read that follows.
  const st = statSync(full, { throwIfNoEntry: false })
  if (!st) return undefined
  const { size, mtimeMs, ino, ctimeMs } = st
  if (size !== previous.sizes[i] || mtimeMs !== previous.mtimes[i] || ino !== previous.inos[i] || ctimeMs !== previous.ctimes[i]) return undefined
  return { size, mtimeMs, ino, ctimeMs, chars: previous.chars[i], valid: !previous.invalid.includes(i), sha256: previous.hashes[i], read: false }
}

function readFile(full: string): FileCount | { error: string } {
  try {
    const { size, mtimeMs, ino, ctimeMs, bytes } = readWhole(full)
    const { chars, validUtf8 } = countCodePoints(bytes)
    return { size, mtimeMs, ino, ctimeMs, chars, valid: validUtf8, sha256: hash('sha256', bytes), read: true }
  } catch (error) {
    return { error: describeError(error, '') }
  }
}

/**
 * project_metadata.json is a cross-check only: the tree on disk decides layout and files. Here it
 * is read and parsed; the schema and identity checks run on the main thread (metadata.ts), so
 * workers never load the schema validator.
 */
function readMetadata(abs: string, previous: ProjectCacheEntry['metadata'], now: number): { entry: ProjectCacheEntry['metadata']; value?: unknown } {
  const path = join(abs, METADATA_FILE)
  const st = statSync(path, { throwIfNoEntry: false })
  if (!st?.isFile()) return { entry: null }
  if (previous && previous.size === st.size && previous.mtimeMs === st.mtimeMs && previous.ino === st.ino && previous.ctimeMs === st.ctimeMs) return { entry: previous }
  const entry = { size: st.size, mtimeMs: trustedMtime(st.mtimeMs, now), ino: st.ino, ctimeMs: st.ctimeMs, warnings: [] as Finding<WarningCode>[] }
  try {
    return { entry, value: JSON.parse(readFileSync(path, 'utf8')) }
  } catch (error) {
    entry.warnings.push({ code: 'project-metadata-invalid', pointer: '', message: `not valid JSON: ${(error as Error).message}` })
    return { entry }
  }
}
