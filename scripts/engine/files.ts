// Walking declared inputs and outputs into (path → stat) maps, and content hashes for them.
// Stat is the fast path; content decides. Symlinks are never followed: a link's identity is its
// target string, so a link pointing outside a tree cannot pull foreign files into a fingerprint.
import { globSync, lstatSync, readdirSync, readlinkSync, type Stats } from 'node:fs'
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

const IGNORED = new Set(['.git', 'node_modules', '.taskcache', '__pycache__'])
const GLOB_CHARS = /[*?[{]/

export const isGlob = (spec: string): boolean => GLOB_CHARS.test(spec)

function toStat(path: string, st: Stats): Stat {
  const stat: Stat = { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino }
  if (st.isSymbolicLink()) stat.link = readlinkSync(path)
  return stat
}

// Names are sorted per directory so the walk order, and with it every digest, is stable.
function walk(dir: string, into: StatMap): void {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  names.sort()
  // Plain concatenation: path.join's normalisation costs more than the stat on 60,000 files.
  const prefix = dir.endsWith('/') ? dir : `${dir}/`
  for (const name of names) {
    if (IGNORED.has(name)) continue
    const path = prefix + name
    const st = lstatSync(path, { throwIfNoEntry: false })
    if (!st) continue
    if (st.isDirectory()) walk(path, into)
    else if (st.isFile() || st.isSymbolicLink()) into.set(path, toStat(path, st))
  }
}

/**
 * `dir/*.json`-style globs (one star in the last segment) are by far the common case; listing the
 * directory is several times cheaper than the general glob machinery on 8,000 names.
 */
function simpleGlob(spec: string): string[] | undefined {
  const slash = spec.lastIndexOf('/')
  const dir = spec.slice(0, slash)
  const [prefix, suffix, ...rest] = spec.slice(slash + 1).split('*')
  if (rest.length || suffix === undefined || isGlob(dir) || isGlob(prefix) || isGlob(suffix)) return undefined
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return []
  }
  return names
    .filter((n) => n.startsWith(prefix) && n.endsWith(suffix) && n.length >= prefix.length + suffix.length && !n.startsWith('.'))
    .sort()
    .map((n) => `${dir}/${n}`)
}

/** Expands files, directories (recursively) and globs; paths that do not exist are left out. */
export function expand(specs: readonly string[], into: StatMap = new Map()): StatMap {
  for (const spec of specs) {
    if (isGlob(spec)) {
      for (const path of simpleGlob(spec) ?? globSync(spec).sort()) {
        const st = lstatSync(path, { throwIfNoEntry: false })
        if (st?.isFile() || st?.isSymbolicLink()) into.set(path, toStat(path, st))
        else if (st?.isDirectory()) walk(path, into)
      }
      continue
    }
    const st = lstatSync(spec, { throwIfNoEntry: false })
    if (!st) continue
    if (st.isDirectory()) walk(spec, into)
    else into.set(spec, toStat(spec, st))
  }
  return into
}

export const sameStat = (a: Stat, b: FileStamp): boolean => a.size === b[0] && a.mtimeMs === b[1]

// Several stages read the same files (extract and generate both read project trees), so hashes
// are remembered for the life of the process, keyed by everything a change would move.
const memo = new Map<string, string>()
const memoKey = (path: string, st: Stat) => `${path}\0${st.size}\0${st.mtimeMs}\0${st.ino}`

export function rememberHash(path: string, stat: Stat, hash: string): void {
  memo.set(memoKey(path, stat), hash)
}

export function hashEntry(path: string, stat: Stat): string {
  const key = memoKey(path, stat)
  let hash = memo.get(key)
  if (hash === undefined) {
    hash = stat.link === undefined ? sha256File(path) : sha256(`symlink:${stat.link}`)
    memo.set(key, hash)
  }
  return hash
}

/** One digest over every (path, size, mtime): equal digests mean no stat moved, so nothing to hash. */
export function statDigest(stats: StatMap): string {
  const hash = createHash('sha256')
  let chunk = ''
  for (const [path, st] of stats) {
    chunk += `${path}\0${st.size}\0${st.mtimeMs}\0${st.link ?? ''}\n`
    if (chunk.length > 1 << 16) {
      hash.update(chunk)
      chunk = ''
    }
  }
  hash.update(chunk)
  return `${stats.size}:${hash.digest('hex')}`
}
