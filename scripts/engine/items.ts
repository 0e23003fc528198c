// Per-item records inside one stage, in the spirit of Shake's per-key records: a stage names its
// items (one key each) and what each one's build reads (its input hash); the engine keeps an item
// whose hash and committed entry are unchanged, rebuilds the others into staging through the one
// limiter, and removes the items it recorded before that are no longer named. Entries of the tree
// it never recorded are foreign and left alone. The new records are written at commit, after the
// entries are in place and before the stage record, so a crash in between only costs rebuilds.
// Items without tree entries (facts only: an image built and checked) are also appended to a
// journal beside the records as each one finishes: their facts are true the moment they are
// recorded, so a run that is interrupted or killed resumes where it was. Items with entries are
// never journalled: their entries live in staging until commit and die with the run.
import { closeSync, lstatSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { writeFileAtomic } from '../lib/fsx.ts'
import { hashEntry, specStats } from './files.ts'
import { forEachLimited } from './limit.ts'
import { entryContent } from './outputs.ts'
import type { EntryStamp, ItemReason, ItemsResult, ItemsRunner, ItemsSpec, PreviousEntry } from './types.ts'

export type { ItemReason, ItemsResult, ItemsRunner, ItemsSpec, Prepared, PreviousEntry } from './types.ts'

/** What the engine remembers of one item between runs. */
export interface ItemRecord {
  /** The input hash it was built from; empty when its last build failed (so it is retried). */
  hash: string
  facts: unknown
  /** Its tree entry as committed: [files, stats digest, content digest]. */
  entry?: EntryStamp
}

export interface ItemBook {
  tree?: string
  items: Record<string, ItemRecord>
  /** Names of the tree the stage owns besides its items. */
  reserved?: string[]
}

const BOOK_VERSION = 1

/** Where the items finished since the book was last written are appended, one JSON line each. */
export const journalPath = (file: string): string => `${file}.journal`

function readBookFile(file: string): ItemBook | undefined {
  try {
    const book = JSON.parse(readFileSync(file, 'utf8')) as ItemBook & { version: number }
    return book.version === BOOK_VERSION ? book : undefined
  } catch {
    // Missing or torn: every item is then rebuilt (and none is known to be ours).
    return undefined
  }
}

/** The records, with the items a run that never committed finished after them (its journal). */
export function readBook(file: string): ItemBook | undefined {
  const book = readBookFile(file)
  let text: string
  try {
    text = readFileSync(journalPath(file), 'utf8')
  } catch {
    return book
  }
  const merged: ItemBook = book ? { ...book, items: { ...book.items } } : { items: {} }
  for (const line of text.split('\n')) {
    let entry: { v?: number; key?: unknown; record?: ItemRecord }
    try {
      entry = JSON.parse(line) as typeof entry
    } catch {
      continue // the last line of a killed run may be torn: that item simply runs again
    }
    if (entry.v === BOOK_VERSION && typeof entry.key === 'string' && entry.record && typeof entry.record.hash === 'string') merged.items[entry.key] = entry.record
  }
  return merged
}

export function writeBook(file: string, book: ItemBook): void {
  writeFileAtomic(file, JSON.stringify({ version: BOOK_VERSION, ...book }))
  // The book now holds everything the journal said (this run read it and carried it forward).
  rmSync(journalPath(file), { force: true })
}

/** The pure keep-or-build verdict for one item. */
export function decideItem(record: ItemRecord | undefined, hash: string, entry: EntryCheck | undefined): 'keep' | ItemReason {
  if (!record) return 'new'
  if (record.hash === '') return 'failed-before'
  if (record.hash !== hash) return 'changed'
  if (entry === undefined) return 'keep'
  if (entry === 'missing') return 'entry-missing'
  return entry === 'same' ? 'keep' : 'entry-changed'
}

export type EntryCheck = 'same' | 'changed' | 'missing'

/** Whether a committed entry still holds what was recorded: stats first, content if they moved. */
export function checkEntry(path: string, stamp: EntryStamp | undefined): EntryCheck {
  const { files, digest } = specStats([path])
  if (files === 0) return 'missing'
  if (!stamp) return 'changed'
  if (digest === stamp[1]) return 'same'
  return entryContent(path, hashEntry) === stamp[2] ? 'same' : 'changed'
}

/** Entries that are not current items: recorded ones are removed, the others left alone. */
export function strayEntries(keys: ReadonlySet<string>, book: ItemBook | undefined, existing: Iterable<string>, reserved: Iterable<string>) {
  const skip = new Set(reserved)
  const out = { remove: [] as string[], foreign: [] as string[] }
  for (const name of [...existing].sort()) {
    if (keys.has(name) || skip.has(name) || name.startsWith('.')) continue
    if (book && Object.hasOwn(book.items, name)) out.remove.push(name)
    else out.foreign.push(name)
  }
  // Recorded items whose entry is already gone still leave the book.
  for (const name of Object.keys(book?.items ?? {}).sort()) if (!keys.has(name) && !out.remove.includes(name)) out.remove.push(name)
  return out
}

export interface ItemsEnv {
  /** The previous run's records. */
  book: ItemBook | undefined
  /** The committed tree (when items have entries) and where this run stages entries. */
  current?: string
  staging?: string
  existing: () => string[]
  remove(key: string): void
  concurrency: number
  signal?: AbortSignal
  progress?(done: number, total: number, unit: string): void
  /** --force for this stage: no item is kept, every one is built again. */
  force?: boolean
  /** The book's file: facts-only items are journalled beside it as they finish (journalPath). */
  bookFile?: string
  /** An item's staged entry is complete (tree items only). */
  onBuilt?(key: string): void
}

/** Runs the items; returns what happened and the records to write once the entries are committed. */
export async function runItems<V, F>(spec: ItemsSpec<V, F>, env: ItemsEnv): Promise<{ result: ItemsResult<F>; book: ItemBook; moved: () => string[] }> {
  const previous = env.book?.items ?? {}
  const next: Record<string, ItemRecord> = {}
  const built: ItemsResult<F>['built'] = []
  const kept: string[] = []
  const failed: ItemsResult<F>['failed'] = []
  const facts = new Map<string, F>()
  const keys = [...new Set(spec.keys)]
  const perSlot = Math.max(1, spec.perSlot ?? 1)
  let done = 0
  const settled = () => env.progress?.(++done, keys.length, spec.unit ?? 'items')
  const limit = Math.max(1, Math.min(env.concurrency * perSlot, spec.limit ?? Infinity))
  type Judged = { key: string; verdict: ItemReason; hash: string; value: V; committed?: PreviousEntry<F> } | undefined
  const journalFile = !spec.tree && env.bookFile ? journalPath(env.bookFile) : undefined
  /** A finished facts-only item, recorded at once (appends of one line each: a kill tears at most the last). */
  // Opened once per run (an append per item reopened it: 13,600 opens on a cold extract).
  let journalFd: number | undefined
  const journal = (key: string, record: ItemRecord): void => {
    if (!journalFile) return
    if (journalFd === undefined) {
      mkdirSync(dirname(journalFile), { recursive: true })
      journalFd = openSync(journalFile, 'a')
    }
    writeSync(journalFd, `${JSON.stringify({ v: BOOK_VERSION, key, record })}\n`)
  }

  const fail = (key: string, error: unknown): void => {
    // An item that failed because the run was interrupted reports the interrupt, not itself.
    env.signal?.throwIfAborted()
    if (spec.fatal?.(error)) throw error
    const record = Object.hasOwn(previous, key) ? previous[key] : undefined
    if (spec.tree && env.staging) rmSync(join(env.staging, key), { recursive: true, force: true })
    // An entry built before stays ours, marked stale so the next run retries it.
    const stays = record && (!spec.tree || (env.current !== undefined && lstatSync(join(env.current, key), { throwIfNoEntry: false })))
    failed.push({ key, error, facts: stays ? (record.facts as F) : undefined })
    if (record) {
      next[key] = { ...record, hash: '' }
      journal(key, next[key])
    }
  }
  // Committed entries a build asked to read: shared inodes make a write into one during the run
  // a write into its new entry too, so each is checked against its record again before commit.
  const lent = new Map<string, EntryStamp | undefined>()
  const lend = (key: string, dir: string, record: ItemRecord): PreviousEntry<F> => ({
    facts: record.facts as F,
    get dir() {
      lent.set(key, record.entry)
      return dir
    },
  })
  /** Keeps the item (returns undefined) or says why it must be built. */
  const judge = async (key: string): Promise<Judged> => {
    const record = Object.hasOwn(previous, key) ? previous[key] : undefined
    const { hash, value } = await spec.prepare(key, record && record.hash !== '' ? { hash: record.hash, facts: record.facts as F } : undefined)
    const entry = spec.tree && env.current ? checkEntry(join(env.current, key), record?.entry) : undefined
    let verdict = decideItem(record, hash, entry)
    if (verdict === 'keep' && spec.present && !spec.present(key, record?.facts as F)) verdict = 'gone'
    if (verdict === 'keep' && env.force) verdict = 'forced'
    // Only an entry checked intact is offered for reuse, and never to a forced build.
    const committed = verdict === 'changed' && entry === 'same' && !env.force && env.current ? lend(key, join(env.current, key), record as ItemRecord) : undefined
    if (verdict !== 'keep') return { key, verdict, hash, value, ...(committed && { committed }) }
    next[key] = record as ItemRecord
    facts.set(key, record?.facts as F)
    kept.push(key)
    return undefined
  }
  const build = async ({ key, verdict, hash, value, committed }: NonNullable<Judged>): Promise<void> => {
    const made = await spec.build(key, value, spec.tree && env.staging ? join(env.staging, key) : undefined, committed)
    if (spec.tree && env.staging) env.onBuilt?.(key)
    next[key] = { hash, facts: made }
    journal(key, next[key])
    facts.set(key, made)
    built.push({ key, reason: verdict })
  }
  const guarded = (key: string, work: () => Promise<void>) => async () => {
    env.signal?.throwIfAborted()
    try {
      await work()
    } catch (error) {
      fail(key, error)
    }
  }

  try {
    if (spec.survey) {
      const last = new Map<string, { hash: string; facts: F }>()
      for (const key of keys) {
        const record = Object.hasOwn(previous, key) ? previous[key] : undefined
        if (record && record.hash !== '') last.set(key, { hash: record.hash, facts: record.facts as F })
      }
      await spec.survey(last)
    }

    if (!spec.beforeBuild) {
      // One pass: each item is judged and built while its prepared value is at hand.
      await forEachLimited(keys, limit, async (key) => {
        await guarded(key, async () => {
          const judged = await judge(key)
          if (judged) await build(judged)
        })()
        settled()
      }, spec.group)
    } else {
      const todo: NonNullable<Judged>[] = []
      await forEachLimited(keys, limit, async (key) => {
        let queued = false
        await guarded(key, async () => {
          const judged = await judge(key)
          if (judged) queued = Boolean(todo.push(judged))
        })()
        if (!queued) settled()
      })
      const order = new Map(keys.map((k, i) => [k, i]))
      todo.sort((x, y) => (order.get(x.key) ?? 0) - (order.get(y.key) ?? 0))
      if (todo.length) await spec.beforeBuild(todo.map((t) => t.key))
      await forEachLimited(todo, limit, async (judged) => {
        await guarded(judged.key, () => build(judged))()
        settled()
      }, spec.group && ((judged) => spec.group!(judged.key)))
    }
  } finally {
    if (journalFd !== undefined) closeSync(journalFd)
  }

  const revised = spec.revise?.(facts)
  if (revised) {
    for (const [key, value] of revised) {
      if (!facts.has(key) || !next[key]) continue
      next[key] = { ...next[key], facts: value }
      facts.set(key, value)
    }
  }

  const named = new Set(keys)
  const stray = strayEntries(named, env.book, spec.tree ? env.existing() : [], spec.reserved ?? [])
  for (const key of stray.remove) env.remove(key)
  const order = new Map(keys.map((k, i) => [k, i]))
  const byOrder = (a: string, b: string) => (order.get(a) ?? 0) - (order.get(b) ?? 0)
  const orderedFacts = new Map([...facts].sort(([a], [b]) => byOrder(a, b)))
  return {
    result: { built: built.sort((a, b) => byOrder(a.key, b.key)), kept: kept.sort(byOrder), removed: stray.remove, foreign: stray.foreign, failed, facts: orderedFacts },
    book: { tree: spec.tree, items: next, reserved: [...(spec.reserved ?? [])] },
    moved: movedSince(lent, env.current),
  }
}

/**
 * The lent entries that no longer hold what was recorded. Made outside runItems so the check,
 * kept until the stage commits, holds only these two and not the run's whole scope: at full scale
 * that kept 13-15 MB of extract's project scans and line store alive through its validation and
 * recording.
 */
const movedSince = (lent: Map<string, EntryStamp | undefined>, current: string | undefined) => (): string[] =>
  [...lent].map(([key, stamp]) => [join(current as string, key), stamp] as const).filter(([dir, stamp]) => checkEntry(dir, stamp) !== 'same').map(([dir]) => dir)

/** Every entry of the tree the stage owns after this run: its items and its reserved names. */
export const ownedEntries = (book: ItemBook): string[] => [...Object.keys(book.items), ...(book.reserved ?? [])].sort()

/**
 * Records for a stage that has none yet but stamped tree entries before (it owned them under an
 * older engine): each is ours, with an unknown hash, so it is rebuilt if named and removed if not.
 */
export function bookFromEntries(tree: string, stamped: readonly string[]): ItemBook {
  const items: Record<string, ItemRecord> = {}
  for (const entry of stamped) if (entry.startsWith(`${tree}/`)) items[entry.slice(tree.length + 1)] = { hash: '', facts: null }
  return { tree, items }
}

/** Fills in the committed entries' stamps (taken after commit) and writes the records. */
export function commitBook(file: string, book: ItemBook, stampOf: (entry: string) => EntryStamp | undefined): void {
  if (book.tree) {
    for (const [key, record] of Object.entries(book.items)) {
      const stamp = stampOf(join(book.tree, key))
      if (stamp) record.entry = stamp
    }
  }
  writeBook(file, book)
}

/**
 * Items that leave only facts (no tree entries), run outside a graph (a stage's own CLI, a test):
 * the same records, kept in `file` and written after each run. Inside the graph use `ctx.items`.
 */
export function factItems(file: string, options: { concurrency: number; signal?: AbortSignal; progress?: ItemsEnv['progress'] }): ItemsRunner {
  return async (spec) => {
    if (spec.tree) throw new Error(`factItems cannot run items with tree entries (${spec.tree}): use the engine`)
    const ran = await runItems(spec, { book: readBook(file), bookFile: file, existing: () => [], remove: () => {}, ...options })
    writeBook(file, ran.book)
    return ran.result
  }
}
