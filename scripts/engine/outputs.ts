// What a stage's outputs look like on disk. File and dir outputs are stamped per file. A tree
// output (out/tasks: one entry per task) is stamped per top-level entry instead: at 8,000 tasks it
// holds 420,000 files, and per-file stamps cost more memory than the stage that wrote them.
import { createHash } from 'node:crypto'
import { lstatSync } from 'node:fs'
import { relative } from 'node:path'
import { expand, IGNORED, Listings, specStats, statDigest, type Stat, type StatMap } from './files.ts'
import type { EntryStamp, OutputSpec } from './types.ts'

export interface EntryState {
  files: number
  /** Digest of the entry's (path, size, mtime): equal means nothing in it moved. */
  stats: string
}

export interface OutputState {
  /** One digest over everything below the outputs, foreign files included. */
  digest: string
  /** Files of file and dir outputs. */
  files: StatMap
  /** Every top-level entry of every tree output, owned or not. */
  entries: Map<string, EntryState>
}

function treeEntries(tree: string, listings: Listings): string[] {
  const st = lstatSync(tree, { throwIfNoEntry: false })
  if (!st?.isDirectory()) return []
  return (listings.list(tree, st.mtimeMs) ?? []).filter((name) => !IGNORED.has(name)).map((name) => `${tree}/${name}`)
}

// Outputs are walked without the listing cache: at 8,000 tasks a tree holds 216,000 directories,
// whose remembered listings would cost more to load than listing them.
const uncached = (): Listings => new Listings()

export function observeOutputs(outputs: OutputSpec[], listings: Listings = uncached()): OutputState {
  const files = expand(outputs.filter((o) => o.kind !== 'tree').map((o) => o.path), new Map(), listings)
  const entries = new Map<string, EntryState>()
  const digest = createHash('sha256').update(statDigest(files))
  for (const tree of outputs.filter((o) => o.kind === 'tree')) {
    for (const entry of treeEntries(tree.path, listings)) {
      const { files: count, digest: stats } = specStats([entry], listings)
      const state = { files: count, stats }
      entries.set(entry, state)
      digest.update(`\n${entry}\0${state.stats}`)
    }
  }
  return { digest: digest.digest('hex'), files, entries }
}

/** sha256 over the entry's files (relative path and content hash), in walk order. */
export function entryContent(entry: string, hashOf: (path: string, st: Stat) => string, listings: Listings = uncached()): string {
  const hash = createHash('sha256')
  for (const [path, st] of expand([entry], new Map(), listings)) hash.update(`${relative(entry, path)}\0${hashOf(path, st)}\n`)
  return hash.digest('hex')
}

export const entryStamp = (state: EntryState, content: string): EntryStamp => [state.files, state.stats, content]
