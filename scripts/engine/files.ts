// Walking declared inputs and outputs into (path → stat) maps, and content hashes for them.
// Stat is the fast path; content decides. Symlinks are never followed: a link's identity is its
// target string, so a link pointing outside a tree cannot pull foreign files into a fingerprint.
import { closeSync, globSync, lstatSync, openSync, readdirSync, readFileSync, readlinkSync, statSync, writeSync, type Dirent, type Stats } from 'node:fs'
import { writeChunksAtomic, writeFileAtomic } from '../lib/fsx.ts'
import { findInPathTable, pathTableChunks, readPathTable, tableable } from '../lib/path-table.ts'
import { createHash } from 'node:crypto'
import { sha256, sha256File } from '../lib/hash.ts'
import type { FileStamp } from './types.ts'

export interface Stat {
  size: number
  mtimeMs: number
  /** Lets a hard link reuse the hash of the file it shares an inode with. */
  ino: number
  link?: string
}

export type StatMap = Map<string, Stat>

export const IGNORED = new Set(['.git', 'node_modules', '.taskcache', '__pycache__'])
const GLOB_CHARS = /[*?[{]/

export const isGlob = (spec: string): boolean => GLOB_CHARS.test(spec)

function toStat(path: string, st: Stats): Stat {
  const stat: Stat = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino }
  if (st.isSymbolicLink()) stat.link = readlinkSync(path)
  return stat
}

/** What a listing is remembered by: its directory's mtime and ctime. */
export interface DirTimes {
  mtimeMs: number
  ctimeMs: number
}

/**
 * Directory listings remembered by the directory's mtime and ctime. Adding, removing or renaming
 * an entry changes its directory's mtime, and setting that back (touch -r, an archive unpacked
 * over the tree) changes its ctime, so equal times mean an equal listing and readdir can be
 * skipped (at 19,000 directories that is most of a walk). A listing read within 2 s of its
 * directory's last change is not remembered: a second change inside one coarse clock tick would
 * leave the mtime equal. File contents are never judged by this; every file is still stat-ed.
 */
export class Listings {
  readonly #file: string | undefined
  #entries: Record<string, [mtimeMs: number, ctimeMs: number, names: string[]]> | undefined
  readonly #seen = new Set<string>()
  #changed = false

  constructor(file?: string) {
    this.#file = file
  }

  #load(): Record<string, [number, number, string[]]> {
    if (!this.#entries) {
      try {
        this.#entries = this.#file ? (JSON.parse(readFileSync(this.#file, 'utf8')) as Record<string, [number, number, string[]]>) : {}
      } catch {
        this.#entries = {}
      }
    }
    return this.#entries
  }

  /** Whether listings outlive the run (a file keeps them): only then are directories' mtimes needed. */
  get kept(): boolean {
    return this.#file !== undefined
  }

  list(dir: string, { mtimeMs, ctimeMs }: DirTimes): string[] | undefined {
    this.#seen.add(dir)
    const cached = this.#load()[dir]
    // An entry of the older [mtime, names] form has no number second: it never matches.
    if (cached && cached[0] === mtimeMs && cached[1] === ctimeMs) return cached[2]
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return undefined
    }
    names.sort()
    if (Date.now() - mtimeMs > 2000) {
      this.#load()[dir] = [mtimeMs, ctimeMs, names]
      this.#changed = true
    }
    return names
  }

  /** Persists what was learnt (real runs only: status and --dry-run write nothing). */
  save(): void {
    const entries = this.#load()
    const stale = Object.keys(entries).filter((dir) => !this.#seen.has(dir))
    if (!this.#file || (!this.#changed && stale.length === 0)) return
    // Only directories walked by this run survive, so deleted trees do not accumulate.
    for (const dir of stale) delete entries[dir]
    writeFileAtomic(this.#file, JSON.stringify(entries))
    this.#changed = false
  }
}

/** dir and name, when given, are what path was joined from (a walk's listing). */
type Visit = (path: string, st: Stats, dir?: string, name?: string) => void

/** A typed listing's directory, walked without the listing cache (which alone reads the times). */
const UNKNOWN_TIMES: DirTimes = { mtimeMs: 0, ctimeMs: 0 }

// Names are sorted per directory so the walk order, and with it every digest, is stable.
function walk(dir: string, times: DirTimes, visit: Visit, listings: Listings): void {
  const typed = listings.kept ? undefined : typedListing(dir)
  const names = typed ? typed.names : listings.list(dir, times)
  if (!names) return
  // Plain concatenation: path.join's normalisation costs more than the stat on 60,000 files.
  const prefix = dir.endsWith('/') ? dir : `${dir}/`
  names.forEach((name, i) => {
    if (IGNORED.has(name)) return
    const path = prefix + name
    if (typed?.dirs[i]) return walk(path, UNKNOWN_TIMES, visit, listings)
    const st = lstatSync(path, { throwIfNoEntry: false })
    if (!st) return
    if (st.isDirectory()) walk(path, st, visit, listings)
    else if (st.isFile() || st.isSymbolicLink()) visit(path, st, prefix, name)
  })
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/**
 * A listing with its entries' types, for walks without a listing cache, which is the only reader
 * of a directory's mtime: directories are told apart without a stat each (216,000 fewer lstat
 * calls over the 8,000-task tree).
 */
function typedListing(dir: string): { names: string[]; dirs: boolean[] } | undefined {
  let entries: Dirent[]
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return undefined
  }
  entries.sort(byName)
  return { names: entries.map((e) => e.name), dirs: entries.map((e) => e.isDirectory()) }
}

/**
 * `dir/*.json`-style globs (one star in the last segment) are by far the common case; listing the
 * directory is several times cheaper than the general glob machinery on 8,000 names.
 */
function simpleGlob(spec: string, listings: Listings): string[] | undefined {
  const slash = spec.lastIndexOf('/')
  const dir = spec.slice(0, slash)
  const [prefix, suffix, ...rest] = spec.slice(slash + 1).split('*')
  if (rest.length || suffix === undefined || isGlob(dir) || isGlob(prefix) || isGlob(suffix)) return undefined
  const st = lstatSync(dir, { throwIfNoEntry: false })
  if (!st?.isDirectory()) return []
  return (listings.list(dir, st) ?? [])
    .filter((n) => n.startsWith(prefix) && n.endsWith(suffix) && n.length >= prefix.length + suffix.length && !n.startsWith('.'))
    .map((n) => `${dir}/${n}`)
}

/** A literal relative path: no glob syntax, no `.` or `..` segment, nothing glob could read another way. */
const LITERAL_PATH = /^(?!\.\.?(\/|$))[\w.-]+(\/(?!\.\.?(\/|$))[\w.-]+)*$/

/**
 * globSync(pattern, { cwd }), sorted, for the shapes outputs declare schemas by (a literal path,
 * or `*` over the entries of cwd and a literal path below each), with one listing and an lstat per
 * match: node's glob walker took 0.5-0.9 s over 8,000 task dirs for what this does in under 0.1 s.
 * The answers are glob's: `*` names neither a dotfile nor a symlink to a directory, and the
 * literal rest may pass through symlinks and may end on a dangling one. Other patterns go to
 * globSync.
 */
export function globIn(cwd: string, pattern: string): string[] {
  const rest = pattern.startsWith('*/') ? pattern.slice(2) : undefined
  if (!LITERAL_PATH.test(rest ?? pattern)) return globSync(pattern, { cwd }).sort()
  const exists = (rel: string) => {
    try {
      return Boolean(lstatSync(`${cwd}/${rel}`))
    } catch {
      return false
    }
  }
  if (rest === undefined) return exists(pattern) ? [pattern] : []
  let entries: Dirent[]
  try {
    entries = readdirSync(cwd, { withFileTypes: true })
  } catch {
    return []
  }
  return entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => `${e.name}/${rest}`)
    .filter(exists)
    .sort()
}

const NO_LISTINGS = new Listings()

/** Visits every file of files, directories (recursively) and globs; missing paths are skipped. */
function walkSpecs(specs: readonly string[], visit: Visit, listings: Listings): void {
  for (const spec of specs) {
    if (isGlob(spec)) {
      for (const path of simpleGlob(spec, listings) ?? globSync(spec).sort()) {
        const st = lstatSync(path, { throwIfNoEntry: false })
        if (st?.isFile() || st?.isSymbolicLink()) visit(path, st)
        else if (st?.isDirectory()) walk(path, st, visit, listings)
      }
      continue
    }
    const st = lstatSync(spec, { throwIfNoEntry: false })
    if (!st) continue
    if (st.isDirectory()) walk(spec, st, visit, listings)
    else visit(spec, st)
  }
}

/** Expands files, directories (recursively) and globs; paths that do not exist are left out. */
export function expand(specs: readonly string[], into: StatMap = new Map(), listings = NO_LISTINGS): StatMap {
  walkSpecs(specs, (path, st) => into.set(path, toStat(path, st)), listings)
  return into
}

/**
 * statDigest(expand(specs)) without building the map: a no-op plan only needs to know that
 * nothing moved, and at 55,000 files the map is most of its garbage.
 */
export function specDigest(specs: readonly string[], listings = NO_LISTINGS): string {
  return specStats(specs, listings).digest
}

/**
 * What a digest walk saw, kept without an object per file: a plan that finds nothing moved pays
 * next to nothing for it, and one that finds a change builds the stat map from it instead of
 * walking the tree a second time. A path is kept as its listing's name (which the listing cache
 * holds anyway) and its folder's prefix, because tens of thousands of joined paths surviving the
 * walk made V8 grow its young generation: select's peak rose by 35 MB.
 */
export class WalkLog {
  readonly #prefixes: string[] = []
  readonly #names: string[] = []
  #at = new Uint32Array(1024)
  #numbers = new Float64Array(3 * 1024)
  readonly #links = new Map<number, string>()

  add(path: string, st: Stats, link: string | undefined, dir = '', name = path): void {
    const i = this.#names.length
    if (i === this.#at.length) {
      this.#at = grown(this.#at, new Uint32Array(2 * i))
      this.#numbers = grown(this.#numbers, new Float64Array(6 * i))
    }
    if (this.#prefixes[this.#prefixes.length - 1] !== dir) this.#prefixes.push(dir)
    this.#at[i] = this.#prefixes.length - 1
    this.#names.push(name)
    this.#numbers[3 * i] = st.size
    this.#numbers[3 * i + 1] = st.mtimeMs
    this.#numbers[3 * i + 2] = st.ino
    if (link !== undefined) this.#links.set(i, link)
  }

  /** expand(specs) as of the walk. */
  toMap(): StatMap {
    const map: StatMap = new Map()
    const n = this.#numbers
    this.#names.forEach((name, i) => {
      const stat: Stat = { size: n[3 * i], mtimeMs: n[3 * i + 1], ino: n[3 * i + 2] }
      const link = this.#links.get(i)
      if (link !== undefined) stat.link = link
      map.set(this.#prefixes[this.#at[i]] + name, stat)
    })
    return map
  }
}

function grown<T extends Uint32Array | Float64Array>(from: T, to: T): T {
  to.set(from)
  return to
}

/** The file count and statDigest of specs, streamed; log, when given, keeps every stat seen. */
export function specStats(specs: readonly string[], listings = NO_LISTINGS, log?: WalkLog): { files: number; digest: string } {
  const digest = new StatDigest()
  let files = 0
  // expand() keeps a path once (a map): where specs can overlap (a dir and a file in it, a glob),
  // so must this, or the digest never equals the record's and every plan rehashes the stamps.
  const seen = mayOverlap(specs) ? new Set<string>() : undefined
  walkSpecs(specs, (path, st, dir, name) => {
    if (seen) {
      if (seen.has(path)) return
      seen.add(path)
    }
    files++
    const link = st.isSymbolicLink() ? readlinkSync(path) : undefined
    digest.add(path, st.size, st.mtimeMs, link)
    log?.add(path, st, link, dir, name)
  }, listings)
  return { files, digest: digest.done() }
}

/**
 * Whether two specs can name the same file: a repeat, or one spec inside another. A glob counts as
 * the directory above its first glob character (all it can match is below that), so a glob and a
 * dir elsewhere (`data/*.json` beside `data/tree/`) need no set of every path seen.
 */
function mayOverlap(specs: readonly string[]): boolean {
  if (specs.length < 2) return false
  const named = new Set<string>()
  for (const spec of specs) {
    const glob = spec.search(GLOB_CHARS)
    const slash = glob === -1 ? spec.length : spec.lastIndexOf('/', glob)
    if (slash <= 0) return true // a glob in the first segment: could be anywhere
    const path = spec.slice(0, slash).replace(/\/+$/, '')
    if (named.has(path)) return true
    named.add(path)
  }
  for (const path of named) {
    for (let i = path.lastIndexOf('/'); i > 0; i = path.lastIndexOf('/', i - 1)) if (named.has(path.slice(0, i))) return true
  }
  return false
}

export const sameStat = (a: Stat, b: FileStamp): boolean => a.size === b[0] && a.mtimeMs === b[1]

// Several stages read the same files (extract and generate both read project trees), so hashes
// are remembered for the life of the process, keyed by everything a change would move.
// By path, so a key costs nothing beyond the path string the walk already holds (a key made of
// path and stat was a new 140-byte string per file, 82,000 of them in a cold extract's stamping).
const memo = new Map<string, { size: number; mtimeMs: number; ino: number; hash: string }>()

function memoized(path: string, st: Stat): string | undefined {
  const m = memo.get(path)
  return m && m.size === st.size && m.mtimeMs === st.mtimeMs && m.ino === st.ino ? m.hash : undefined
}

export function rememberHash(path: string, stat: Stat, hash: string): void {
  memo.set(path, { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, hash })
}

/** What a file or symlink is stamped with: its bytes' sha256, or its target's. */
export const contentHash = (path: string, stat: Stat): string => (stat.link === undefined ? sha256File(path) : sha256(`symlink:${stat.link}`))

export function hashEntry(path: string, stat: Stat): string {
  let hash = memoized(path, stat)
  if (hash === undefined) {
    hash = contentHash(path, stat)
    rememberHash(path, stat, hash)
  }
  return hash
}

/** Files sharing this key share their bytes: a hard link is hashed once, as the file it links. */
export const inodeKey = (st: Stat): string => `${st.ino}:${st.size}:${st.mtimeMs}`

/**
 * Input hashes remembered across runs (.taskcache/hashes.tsv), keyed like the in-process memo by
 * path, size, mtime and inode: the plan already trusts an unmoved (size, mtime) to mean unchanged
 * content, so this cache trusts nothing more. (Not ctime: hard-linking a data file into a task dir
 * moves its ctime, and tasks.link hardlink would then defeat the cache.) A stage made cold
 * (`clean`, a new record) then reads none of its unchanged inputs again just to stamp them: at
 * full scale that is 857 MB hashed for extract. A hash learnt within 2 s of the file's mtime is
 * not remembered (a second write inside one coarse clock tick could leave the key equal). The file
 * is loaded only once a run has missed the memo more than a few times, so a rerun that hashes one
 * edited file does not pay for it; before that, a file bigger than the table is looked up in it.
 * One `path\tkey\tsha256` line per file, written in chunks.
 */
/** Symlinks hash their target, and a path with a tab or newline cannot be a line of the file. */
const cacheable = (path: string, stat: Stat) => stat.link === undefined && tableable(path)
const keyOf = (stat: Stat) => `${stat.size}:${stat.mtimeMs}:${stat.ino}\t`

export class HashCache {
  /** Misses before the file is loaded (tests lower it). */
  static LOAD_AFTER = 32
  static readonly MAX_ENTRIES = 250_000
  /** A file changed this recently is not remembered (tests lower it). */
  static RACY_MS = 2000
  readonly #file: string | undefined
  /** path → `key\tsha256`. */
  #entries: Map<string, string> | undefined
  readonly #pending = new Map<string, string>()
  #misses = 0
  #fileSize: number | undefined

  constructor(file?: string) {
    this.#file = file
  }

  #load(): Map<string, string> {
    return (this.#entries ??= this.#file ? readPathTable(this.#file) : new Map())
  }

  /** Reading the table costs less than reading a file bigger than it (generate stamping the 111 MB
   *  dataset.jsonl in a process of its own). */
  #findBig(path: string, stat: Stat): string | undefined {
    if (!this.#file) return undefined
    this.#fileSize ??= statSync(this.#file, { throwIfNoEntry: false })?.size ?? 0
    return this.#fileSize > 0 && stat.size > this.#fileSize ? findInPathTable(this.#file, path) : undefined
  }

  /** The sha256 of a file (or symlink) as hashEntry gives it, from the memo, this cache or its bytes. */
  hash(path: string, stat: Stat): string {
    return this.known(path, stat) ?? this.read(path, stat)
  }

  /** The sha256 of the file's bytes as they are now, remembered under `stat`. */
  read(path: string, stat: Stat): string {
    const hash = hashEntry(path, stat)
    if (cacheable(path, stat) && Date.now() - stat.mtimeMs > HashCache.RACY_MS) this.#pending.set(path, keyOf(stat) + hash)
    return hash
  }

  /** The hash known for this exact stat (the memo, then this cache), without reading the file. */
  known(path: string, stat: Stat): string | undefined {
    const known = memoized(path, stat)
    if (known !== undefined || !cacheable(path, stat)) return known
    const early = ++this.#misses <= HashCache.LOAD_AFTER && !this.#entries
    const entry = early ? this.#findBig(path, stat) : this.#load().get(path)
    const key = keyOf(stat)
    if (entry === undefined || entry.length !== key.length + 64 || !entry.startsWith(key)) return undefined
    const hash = entry.slice(key.length)
    rememberHash(path, stat, hash)
    return hash
  }

  /**
   * Every hash this run may trust without reading, by inodeKey: the memo, then this cache's file.
   * A hard link of a data file into a task dir is then stamped without reading it, whether or not
   * the file is an input of the stage that links it (generate's project files are not, until its
   * first run has reported them).
   */
  inodeHashes(): [string, string][] {
    const out: [string, string][] = []
    for (const m of memo.values()) out.push([inodeKey(m), m.hash])
    for (const entry of this.#load().values()) {
      // An entry is keyOf(stat) + hash.
      const tab = entry.indexOf('\t')
      const [size, mtimeMs, ino] = entry.slice(0, tab).split(':')
      if (entry.length === tab + 65) out.push([`${ino}:${size}:${mtimeMs}`, entry.slice(tab + 1)])
    }
    return out
  }

  /**
   * Persists what was learnt (real runs only). Without the file loaded (a run that hashed a few
   * files) the new lines are appended, the last line of a path winning at load; a run that loaded
   * it writes it whole again, compacted, and only when something changed.
   */
  save(): void {
    if (!this.#file || this.#pending.size === 0) return
    if (!this.#entries) {
      const fd = openSync(this.#file, 'a')
      try {
        for (const chunk of pathTableChunks(this.#pending)) writeSync(fd, chunk)
      } finally {
        closeSync(fd)
      }
      this.#pending.clear()
      return
    }
    const entries = this.#entries
    let changed = false
    for (const [path, entry] of this.#pending) {
      if (entries.get(path) !== entry) entries.set(path, entry), (changed = true)
    }
    if (!changed) return this.#pending.clear()
    // Bounded: past the limit only what this run learnt is kept.
    writeChunksAtomic(this.#file, pathTableChunks(entries.size > HashCache.MAX_ENTRIES ? this.#pending : entries))
    this.#pending.clear()
  }
}

/** One digest over every (path, size, mtime): equal digests mean no stat moved, so nothing to hash. */
class StatDigest {
  readonly #hash = createHash('sha256')
  #chunk = ''
  #count = 0

  add(path: string, size: number, mtimeMs: number, link: string | undefined): void {
    this.#count++
    this.#chunk += `${path}\0${size}\0${mtimeMs}\0${link ?? ''}\n`
    if (this.#chunk.length > 1 << 16) {
      this.#hash.update(this.#chunk)
      this.#chunk = ''
    }
  }

  done(): string {
    this.#hash.update(this.#chunk)
    return `${this.#count}:${this.#hash.digest('hex')}`
  }
}

export function statDigest(stats: StatMap): string {
  const digest = new StatDigest()
  for (const [path, st] of stats) digest.add(path, st.size, st.mtimeMs, st.link)
  return digest.done()
}
