// The vocabulary of the graph engine. It knows nothing of any project: a stage is data (what it
// reads, writes and depends on) plus a run function that writes into staging paths.

/** A file, a directory (walked recursively) or a glob; absolute. */
export type InputSpec = string

export interface OutputSpec {
  /** Absolute path of the committed output. */
  path: string
  /**
   * file: one file, staged and renamed into place.
   * dir:  a directory, staged whole and swapped in.
   * tree: a directory the stage updates entry by entry: it stages only the top-level entries it
   *       rebuilds and lists the ones it removes; the others stay as they are.
   */
  kind: 'file' | 'dir' | 'tree'
  /** Schema file (absolute) for a file output; `.json`, `.jsonl` and `.toml` are parsed. */
  schema?: string
  /** For dir/tree outputs: posix glob relative to the output → schema file. */
  schemas?: Record<string, string>
  /** Listed under this heading (`report`, `dataset` …) in the end-of-run summary when it exists. */
  show?: string
}

export interface Recipe {
  /** Entry modules: each, with every module it imports (relative specifiers, followed), is code. */
  modules?: string[]
  /** Other files whose bytes define the stage's behaviour (templates, schemas, the lock file). */
  files: string[]
  /** Plain values (the config subtree the stage reads, options); hashed as canonical JSON. */
  values?: Record<string, unknown>
  /** Facts found at plan time (tool versions, an engine's presence), e.g. `{ docker: '20.10' }`. */
  probe?: () => Promise<Record<string, string>>
}

export interface Stage {
  name: string
  title: string
  deps: string[]
  inputs: InputSpec[]
  outputs: OutputSpec[]
  recipe: Recipe
  /** A limit of the stage's own on `ctx.concurrency` (e.g. from its config); --concurrency caps it. */
  concurrency?: number
  run: (ctx: RunContext) => Promise<StageResult | void>
  /** Checks outside state the record cannot see (an image still present); a reason makes it stale. */
  check?: (ctx: CheckContext) => Promise<Reason | null>
  /** `clean <stage>`: removes what the stage made outside its outputs (its images), only those. */
  clean?: (print: (line: string) => void) => Promise<void>
}

export interface StageResult {
  /** A short line for the view, e.g. `8000 read, 7990 accepted`. */
  summary?: string
  /** Extra inputs discovered while running (dynamic dependencies); walked like declared inputs. */
  inputs?: InputSpec[]
  /** Free-form facts kept in the record (not an artifact), available to `check` and the next run. */
  facts?: Record<string, unknown>
  /**
   * For tree outputs: the top-level entries the stage owns after this run. Only owned entries
   * are stamped (and so checked and cleaned); anything else in the tree is foreign and left alone.
   */
  owned?: Record<string, string[]>
  /**
   * What looked wrong in the data without failing the stage (rejected items, warnings), counted
   * by code. Kept in the record, so a fresh stage still reports them; `--strict` fails the run
   * when any stage has some.
   */
  problems?: Record<string, number>
}

export interface CheckContext {
  previous: StageRecord
}

export interface RunContext {
  stage: string
  /** The staging path standing for a declared output (file, dir or tree). */
  out(path: string): string
  /** For a tree output: remove this top-level entry (a name) at commit. */
  remove(path: string, entry: string): void
  /** A directory kept between runs for the stage's own fine-grained caches (not an output). */
  cacheDir: string
  /**
   * A directory kept between runs and by `clean`, for caches of what files hold, keyed by their
   * content (or by their path, size, mtime, inode and ctime) and by the code that computed it:
   * never by the stage's records, so nothing in it can make a stage or item fresh, and a stage
   * made cold need not read unchanged files again.
   */
  contentCacheDir: string
  /**
   * --force named this stage (or --force-all): it redoes its work from the files themselves,
   * trusting none of its caches, content caches included (it still writes them for the next run).
   */
  forced: boolean
  /**
   * Tells the engine the sha256 of an input file's bytes as the stage read them (or kept them) at
   * this stat, so stamping the inputs after the run need not read the file again (extract reads
   * every project file anyway). Taken only while the file's size, mtime and inode are still
   * these, and for this run only: not written to .taskcache/hashes.tsv, which a stage telling its
   * kept hashes every run would otherwise grow by a line per file each time.
   */
  knownHash(path: string, stat: { size: number; mtimeMs: number; ino: number }, sha256: string): void
  /**
   * Runs the stage's items (see ItemsSpec): keeps those whose input hash and entry are unchanged,
   * builds the others through the engine's limiter, removes recorded items no longer named, and
   * records them all at commit. Items that fail are returned, not thrown. Once per run and item set
   * (`ItemsSpec.name`).
   */
  items: ItemsRunner
  /** The record of the last successful run, read before it was deleted; undefined after a crash. */
  previous?: StageRecord
  /**
   * This run's recipe as planned: a part's hash (`file:…` for the code and recipe files,
   * `value:…` for values) can salt item hashes that depend on that part only.
   */
  recipe: { hash: string; parts: Record<string, string> }
  /**
   * Inputs added, removed or with new content since that run (absolute paths). Undefined when
   * unknown (no previous record): a stage with its own caches must then check everything.
   */
  changedInputs?: ReadonlySet<string>
  progress(done: number, total: number, unit?: string): void
  log(message: string): void
  warn(message: string): void
  signal: AbortSignal
  /** How many things the stage may do at once: --concurrency, or the stage's own lower limit. */
  concurrency: number
  verbose: boolean
}

// ---- items (engine/items.ts runs them) -------------------------------------------------------

/** A tree item's committed entry, matching its record, and the facts of the build that made it. */
export interface PreviousEntry<F> {
  dir: string
  facts: F
}

export interface ItemsSpec<V, F> {
  /**
   * A stage may run several item sets, each once per run and each with its own records
   * (`.taskcache/<stage>.<name>.items.json`); the unnamed set keeps `<stage>.items.json`.
   * A plain word: lower-case letters, digits and dashes.
   */
  name?: string
  /**
   * A tree output (as declared) whose top-level entries are the items, one per key; the build
   * writes the item's entry. Without it items leave only facts (an image in a registry, say).
   */
  tree?: string
  /** Every item of this run, in the order to work on them. Recorded items not named are removed. */
  keys: readonly string[]
  /**
   * The item's input hash (everything its build reads) and what the build needs; may throw.
   * `previous` is the item's last good record: a stage that knows an input did not change (from
   * `ctx.changedInputs`) can take that input's part of the hash from its facts instead of reading it.
   */
  prepare(key: string, previous?: { hash: string; facts: F }): Promise<Prepared<V>> | Prepared<V>
  /**
   * Builds the item into `dir` (its staged entry, when `tree` is set) and returns its facts. The
   * entry is complete when the promise resolves: the engine may stamp it from then on.
   * `previous`: when the item's inputs changed but its committed entry still matches its record
   * (the stats, or else the content, the engine stamped), that entry and the build's facts. The
   * build may read it or hard-link files from it, never change it: it stays in place until the
   * commit, and an entry whose `dir` a build asked for is checked against its record again just
   * before the commit (a write into it meanwhile fails the stage and commits nothing).
   */
  build(key: string, value: V, dir: string | undefined, previous?: PreviousEntry<F>): Promise<F>
  /** Whether a kept item's facts still hold outside the files (its image still exists). */
  present?(key: string, facts: F): boolean
  /**
   * Called once before any item is prepared, with the last good record of each named key that has
   * one: a stage whose prepares share work (a pool reading ahead for them) sets it up here.
   */
  survey?(previous: ReadonlyMap<string, { hash: string; facts: F }>): Promise<void> | void
  /** Items of one group wait until its first item is done (they reuse what it left behind). */
  group?(key: string): string
  /** Items in flight per unit of concurrency: I/O-bound builds keep more requests waiting. */
  perSlot?: number
  /**
   * At most this many items in flight whatever the concurrency: items whose work is synchronous
   * gain nothing from more, and one at a time may reuse one buffer from prepare to build.
   */
  limit?: number
  /** Names of the tree the stage writes besides its items (a manifest): never foreign. */
  reserved?: readonly string[]
  /**
   * Called once with the keys about to be built, after every item is judged (so each item is
   * prepared first, then built: for cheap `prepare`s): shared set-up for the builds only.
   */
  beforeBuild?(keys: string[]): Promise<void>
  /** Errors that fail the whole stage rather than one item (a bad config, an interrupt). */
  fatal?(error: unknown): boolean
  /** What the progress view counts (default `items`). */
  unit?: string
  /**
   * Called once every item is settled, with the facts of those built or kept: returns the facts
   * to record instead for some of them (a stage that moved items' content in a store of its own,
   * or learnt something new about a kept item). The result's `facts` hold the revised ones.
   */
  revise?(facts: ReadonlyMap<string, F>): Map<string, F> | undefined
}

/** `ctx.items`: what a stage calls to run its items (once per run and item set). */
export type ItemsRunner = <V, F>(spec: ItemsSpec<V, F>) => Promise<ItemsResult<F>>

export interface Prepared<V> {
  hash: string
  value: V
}

export type ItemReason = 'new' | 'changed' | 'entry-changed' | 'entry-missing' | 'gone' | 'failed-before' | 'forced'

export interface ItemsResult<F> {
  built: { key: string; reason: ItemReason }[]
  kept: string[]
  /** Recorded items no longer named: their entries are removed at commit. */
  removed: string[]
  /** Entries of the tree never recorded as items (nor reserved): left alone. */
  foreign: string[]
  /** `facts`: those of the item's last good entry, when it stays in place (still ours, stale). */
  failed: { key: string; error: unknown; facts?: F }[]
  /** Facts of every item built or kept, in `keys` order. */
  facts: Map<string, F>
}

// ---- records ---------------------------------------------------------------------------------

/** [size, mtimeMs, sha256]; compared for equality only, never ordered. */
export type FileStamp = [size: number, mtimeMs: number, sha256: string]

/**
 * Written last, after every output is in place: its presence is the claim "this stage is fresh".
 * Small on purpose: a no-op plan reads only this and compares digests of the current stats.
 */
export interface StageRecord {
  engine: number
  stage: string
  recipe: { hash: string; parts: Record<string, string> }
  /** Digest over (path, size, mtime) of every input as stamped; equal means nothing to rehash. */
  inputs: { digest: string; count: number }
  outputs: { digest: string; count: number }
  /** Dynamic inputs reported by the last run, walked again at plan time. */
  extraInputs: InputSpec[]
  /** sha256 of the stamps file this record was written with, `<that>+<sha256 of the delta>` when
   *  only its differences were written (record.ts); a mismatch means no record. */
  stamps: string
  facts: Record<string, unknown>
  /** The run's problems by code (StageResult.problems), when it had any. */
  problems?: Record<string, number>
  durationMs: number
  finishedAt: string
}

/** A tree entry as a walk finds it. */
export interface EntryState {
  files: number
  /** Digest of the entry's (path, size, mtime): equal means nothing in it moved. */
  stats: string
}

/** A tree output's top-level entry: [file count, digest of its stats, digest of its content]. */
export type EntryStamp = [files: number, stats: string, content: string]

/** Per-file stamps behind the digests, read only when a digest differs. */
export interface StampFile {
  inputs: Record<string, FileStamp>
  /** Files of file and dir outputs. */
  outputs: Record<string, FileStamp>
  /** Owned entries of tree outputs (foreign entries are never stamped, so never cleaned). */
  entries: Record<string, EntryStamp>
}

// ---- reasons and events -----------------------------------------------------------------------

export type Reason =
  | { kind: 'no-record' }
  | { kind: 'forced' }
  | { kind: 'recipe-changed'; part: string }
  | { kind: 'input-changed'; path: string }
  | { kind: 'output-modified'; path: string }
  | { kind: 'output-missing'; path: string }
  | { kind: 'dependency-ran'; stage: string }
  | { kind: 'check-failed'; message: string }

export interface StagePlan {
  stage: string
  fresh: boolean
  reasons: Reason[]
}

export type EngineEvent =
  | { type: 'plan'; plans: StagePlan[] }
  | { type: 'start'; stage: string; reasons: Reason[] }
  /** `problems`: a fresh stage's, from the run that made it (StageResult.problems). */
  | { type: 'skip'; stage: string; why: 'fresh' | 'dependency-failed' | 'dry-run'; reasons: Reason[]; problems?: Record<string, number> }
  | { type: 'progress'; stage: string; done: number; total: number; unit: string }
  | { type: 'log'; stage: string; level: 'info' | 'warn'; message: string }
  /** `changed`: the first outputs whose bytes changed (at most 20); `changedCount`: all of them. */
  | { type: 'done'; stage: string; durationMs: number; changed: string[]; changedCount: number; summary?: string; problems?: Record<string, number> }
  | { type: 'fail'; stage: string; durationMs: number; error: string; details?: string }

export function describeReason(reason: Reason): string {
  switch (reason.kind) {
    case 'no-record':
      return 'no-record'
    case 'forced':
      return 'forced'
    case 'recipe-changed':
      return `recipe-changed ${reason.part}`
    case 'input-changed':
      return `input-changed ${reason.path}`
    case 'output-modified':
      return `output-modified ${reason.path}`
    case 'output-missing':
      return `output-missing ${reason.path}`
    case 'dependency-ran':
      return `dependency-ran ${reason.stage}`
    case 'check-failed':
      return `check-failed ${reason.message}`
    default:
      return unreachable(reason)
  }
}

export function unreachable(value: never): never {
  throw new Error(`unreachable: ${JSON.stringify(value)}`)
}
