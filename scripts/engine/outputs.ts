// What a stage's outputs look like on disk. File and dir outputs are stamped per file. A tree
// output (out/tasks: one entry per task) is stamped per top-level entry instead: at 8,000 tasks it
// holds 420,000 files, and per-file stamps cost more memory than the stage that wrote them.
import { createHash } from 'node:crypto'
import { lstatSync } from 'node:fs'
import { relative } from 'node:path'
import { expand, IGNORED, Listings, statDigest, type Stat, type StatMap } from './files.ts'
import type { EntryStamp, EntryState, OutputSpec } from './types.ts'
import { entryStates } from './entry-states.ts'

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
  return (listings.list(tree, st) ?? []).filter((name) => !IGNORED.has(name)).map((name) => `${tree}/${name}`)
}

// Outputs are walked without the listing cache: at 8,000 tasks a tree holds 216,000 directories,
// whose remembered listings would cost more to load than listing them.
const uncached = (): Listings => new Listings()

/**
 * `onEntry`, when given, sees each tree entry's files as they were walked for its state, so a
 * caller that needs their content (stamping a new entry) does not walk the entry a second time.
 * Entries in `early` are not walked: their state was taken from their staged copy (see
 * entry-stamper.ts), and onEntry gets no files for them.
 */
export function observeOutputs(
  outputs: OutputSpec[],
  listings: Listings = uncached(),
  onEntry?: (entry: string, state: EntryState, files: StatMap | undefined) => void,
  early?: ReadonlyMap<string, { state: EntryState }>,
): OutputState {
  const files = expand(outputs.filter((o) => o.kind !== 'tree').map((o) => o.path), new Map(), listings)
  const entries = new Map<string, EntryState>()
  const digest = createHash('sha256').update(statDigest(files))
  for (const tree of outputs.filter((o) => o.kind === 'tree')) {
    const names = treeEntries(tree.path, listings)
    // Without a caller that needs each entry's files, large trees are walked on two threads.
    const states = onEntry ? undefined : entryStates(names, listings)
    names.forEach((entry, i) => {
      let state = states?.[i] ?? early?.get(entry)?.state
      if (state) onEntry?.(entry, state, undefined)
      else {
        const walked = expand([entry], new Map(), listings)
        state = { files: walked.size, stats: statDigest(walked) }
        onEntry?.(entry, state, walked)
      }
      entries.set(entry, state)
      digest.update(`\n${entry}\0${state.stats}`)
    })
  }
  return { digest: digest.digest('hex'), files, entries }
}

export type HashOf = (path: string, st: Stat) => string

/** sha256 over the entry's files (relative path and content hash), in walk order. */
export function entryContent(entry: string, hashOf: HashOf, listings: Listings = uncached()): string {
  return contentOf(entry, expand([entry], new Map(), listings), hashOf)
}

/** entryContent of files already walked. */
export function contentOf(entry: string, files: StatMap, hashOf: HashOf): string {
  const hash = createHash('sha256')
  // A walk joins one name at a time with '/', so below `entry/` the rest is already the relative
  // path; path.relative costs more than the hashing at 379,000 files.
  const prefix = entry.endsWith('/') ? entry : `${entry}/`
  for (const [path, st] of files) hash.update(`${path.startsWith(prefix) ? path.slice(prefix.length) : relative(entry, path)}\0${hashOf(path, st)}\n`)
  return hash.digest('hex')
}

export const entryStamp = (state: EntryState, content: string): EntryStamp => [state.files, state.stats, content]
