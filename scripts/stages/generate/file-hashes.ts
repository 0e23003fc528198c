// The sha256 of project files, kept between runs in generate's content cache (so `clean generate`
// keeps it) by path, size, mtime, inode and ctime. A file's hash is reused only while none of
// those moved; nothing sets a ctime back, so a file rewritten in place with its size and mtime
// restored (tar, touch -r) is still read. A hard link moves its file's ctime, so with
// tasks.link: hardlink the files of a task placed by the last run are read once more.
// A file changed within RACY_MS of being hashed is not remembered: a second write in the same
// tick would leave every stat as it was. Every hash is also told to the engine (ctx.knownHash),
// which stamps the project dirs as generate's inputs: it need not read them, nor load its own
// table of hashes to find them. (That table, .taskcache/hashes.tsv, keys by size, mtime and
// inode as the engine's plan does; backing these by it, with ctimes added, cost a cold generate
// of 50 tasks 30-40 MB of peak memory to load it, for 70 ms.)
import { lstatSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import { writeChunksAtomic } from '../../lib/fsx.ts'
import { pathTableChunks, readPathTable, tableable } from '../../lib/path-table.ts'
import type { RunContext } from '../../engine/types.ts'

const HEADER = '# generate: sha256 of project files by path, size, mtime, inode and ctime (v1)'
export const FILE_HASHES = 'project-file-hashes.tsv'

type Hashed = { sha256: string; stat: Stats }

export class FileHashes {
  /** Tests lower it. */
  static RACY_MS = 2000
  /** Past this many, only the files of this run are kept. */
  static readonly MAX_ENTRIES = 300_000
  readonly #file: string | undefined
  readonly #trust: boolean
  readonly #tell: RunContext['knownHash'] | undefined
  /** path → `key\thash`, as last saved. */
  readonly #saved: Map<string, string>
  /** What this run hashed or reused. */
  readonly #seen = new Map<string, string>()
  #read = 0
  #reused = 0

  /** `dir`: where to keep them (none: every file is read); `rehash`: read every file anyway
   *  (what is learnt is still kept); `tell`: the engine's ctx.knownHash. */
  constructor(dir?: string, rehash = false, tell?: RunContext['knownHash']) {
    this.#file = dir && join(dir, FILE_HASHES)
    this.#trust = !rehash
    this.#tell = tell
    this.#saved = this.#file ? readPathTable(this.#file, HEADER) : new Map()
  }

  /** The sha256 and stat of a regular file: remembered, or read through `read`. */
  of(path: string, read: (path: string) => Hashed): Hashed {
    const saved = this.#trust ? this.#saved.get(path) : undefined
    if (saved !== undefined) {
      const stat = lstatSync(path)
      const key = keyOf(stat)
      if (stat.isFile() && saved.length === key.length + 65 && saved.startsWith(key) && saved[key.length] === '\t') {
        this.#seen.set(path, saved)
        this.#reused++
        const sha256 = saved.slice(key.length + 1)
        this.#tell?.(path, stat, sha256)
        return { sha256, stat }
      }
    }
    const hashed = read(path)
    this.#read++
    this.#tell?.(path, hashed.stat, hashed.sha256)
    const now = Date.now()
    const racy = now - hashed.stat.mtimeMs <= FileHashes.RACY_MS || now - hashed.stat.ctimeMs <= FileHashes.RACY_MS
    if (!racy && tableable(path)) this.#seen.set(path, `${keyOf(hashed.stat)}\t${hashed.sha256}`)
    return hashed
  }

  /** Files read and files whose hash was reused, so far. */
  get counts(): { read: number; reused: number } {
    return { read: this.#read, reused: this.#reused }
  }

  /** Writes what this run learnt (and what earlier runs did, within MAX_ENTRIES), if anything. */
  save(): void {
    if (!this.#file || this.#read === 0) return
    const all = new Map([...this.#saved, ...this.#seen])
    const kept = all.size > FileHashes.MAX_ENTRIES ? this.#seen : all
    writeChunksAtomic(this.#file, pathTableChunks(kept, HEADER))
  }
}

const keyOf = (st: Stats): string => `${st.size}:${st.mtimeMs}:${st.ino}:${st.ctimeMs}`
