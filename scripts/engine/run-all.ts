// The impure half: runs stale stages in dependency order and commits them. Every outcome is an
// event; views (listr2, --json) only consume events. A stage is re-planned only after its
// dependencies finished, so it judges the bytes they actually wrote (early cutoff).
import { existsSync, lstatSync, readdirSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { OutputError, Staging } from './commit.ts'
import { canonicalJson } from '../lib/hash.ts'
import { holdYoungGeneration } from '../lib/young-generation.ts'
import { LineCache } from './validate.ts'
import { expand, HashCache, hashEntry, inodeKey, Listings, rememberHash, statDigest, type Stat, type StatMap } from './files.ts'
import { acquireLock } from './lock.ts'
import { bookFromEntries, commitBook, ownedEntries, readBook, runItems, type ItemBook } from './items.ts'
import { limiter } from './limit.ts'
import { planStage, startProbe, type StageVerdict } from './plan.ts'
import { cachePath, contentCachePath, deleteRecord, ENGINE_VERSION, failedPath, itemsPath, readStamps, SET_NAME, writeRecord, type Store } from './record.ts'
import type { EngineEvent, EntryStamp, FileStamp, Reason, RunContext, Stage, StagePlan, StageResult, StampFile } from './types.ts'
import { contentOf, entryStamp, observeOutputs, type HashOf, type OutputState } from './outputs.ts'
import { IGNORED } from './files.ts'
import { UsageError } from './exit-error.ts'
import { schemaSet } from './schema-set.ts'
import { EntryStamper, type EarlyStamp } from './entry-stamper.ts'

export { UsageError }

export interface EngineOptions {
  stages: Stage[]
  /** Project root: paths in reasons and recipe parts are shown relative to it. */
  root: string
  /** The out dir; its .taskcache/ holds records, caches, staging and the lock. */
  outDir: string
  targets: string[]
  /** Folders of the JSON Schemas that outputs name; every schema in them may be `$ref`-ed. */
  schemaDirs?: readonly string[]
  force?: string[]
  forceAll?: boolean
  concurrency?: number
  verbose?: boolean
  emit: (event: EngineEvent) => void
  signal?: AbortSignal
}


export type Outcome = 'fresh' | 'ran' | 'failed' | 'blocked'

export interface RunSummary {
  ok: boolean
  outcomes: Record<string, Outcome>
}

export const storeFor = (outDir: string): Store => ({ dir: join(outDir, '.taskcache') })

/** The targets and everything they depend on, dependencies first. */
export function closure(stages: Stage[], targets: string[]): Stage[] {
  const byName = new Map(stages.map((s) => [s.name, s]))
  const order: Stage[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string, from?: string) => {
    const stage = byName.get(name)
    if (!stage) throw new UsageError(from ? `stage ${from} depends on unknown stage ${name}` : `unknown target "${name}"; targets: ${[...byName.keys()].join(', ')}`)
    if (state.get(name) === 'done') return
    if (state.get(name) === 'visiting') throw new UsageError(`dependency cycle through stage ${name}`)
    state.set(name, 'visiting')
    for (const dep of stage.deps) visit(dep, name)
    state.set(name, 'done')
    order.push(stage)
  }
  for (const target of targets) visit(target)
  return order
}

/** status and --dry-run: verdicts for every stage, changing nothing on disk. */
export async function planAll(options: EngineOptions): Promise<StagePlan[]> {
  const store = storeFor(options.outDir)
  const stale = new Set<string>()
  const plans: StagePlan[] = []
  const stages = closure(options.stages, options.targets)
  stages.forEach(startProbe)
  // Read-only: a pure plan may use remembered listings but never writes them.
  const listings = new Listings(join(store.dir, 'listings.json'))
  const hashes = new HashCache(join(store.dir, 'hashes.tsv')) // never saved here
  for (const stage of stages) {
    const staleDeps = stage.deps.filter((d) => stale.has(d))
    const { plan } = await planStage(stage, {
      store,
      root: options.root,
      forced: isForced(options, stage.name),
      upstream: new Map(),
      staleDeps,
      listings,
      hashes,
    })
    if (!plan.fresh) stale.add(stage.name)
    plans.push(plan)
  }
  return plans
}

const isForced = (options: EngineOptions, name: string) => Boolean(options.forceAll || options.force?.includes(name))

export async function runAll(options: EngineOptions): Promise<RunSummary> {
  const stages = closure(options.stages, options.targets)
  const store = storeFor(options.outDir)
  const lock = acquireLock(join(store.dir, 'lock'), options.outDir, (message) =>
    options.emit({ type: 'log', stage: 'engine', level: 'warn', message }),
  )
  const listings = new Listings(join(store.dir, 'listings.json'))
  const hashes = new HashCache(join(store.dir, 'hashes.tsv'))
  try {
    stages.forEach(startProbe)
    clearAbandonedStaging(store)
    const outcomes: Record<string, Outcome> = {}
    const written = new Map<string, Map<string, string>>()
    const done = new Map<string, Promise<Outcome>>()
    const limit = limiter(options.concurrency ?? 1)
    for (const stage of stages) {
      done.set(
        stage.name,
        (async () => {
          const deps = await Promise.all(stage.deps.map((d) => done.get(d)!))
          if (deps.some((d) => d === 'failed' || d === 'blocked') || options.signal?.aborted) {
            options.emit({ type: 'skip', stage: stage.name, why: 'dependency-failed', reasons: [] })
            return 'blocked'
          }
          const upstream = new Map<string, string>()
          for (const dep of stage.deps) for (const path of written.get(dep)?.keys() ?? []) upstream.set(path, dep)
          return limit(async () => {
            try {
              return await execute(stage, { options, store, upstream, written, listings, hashes })
            } catch (error) {
              // A plan that cannot read its files fails this stage only; the lock stays held
              // until every stage has settled.
              options.emit({ type: 'fail', stage: stage.name, durationMs: 0, error: (error as Error).message, details: failureDetails(error as Error, options.verbose) })
              return 'failed' as const
            }
          })
        })().then((outcome) => (outcomes[stage.name] = outcome)),
      )
    }
    await Promise.all(done.values())
    // Every output is committed by now; these only speed up the next run, so a full or read-only
    // disk costs a warning, not a failed run (the next run re-reads what they would have saved).
    for (const [cache, file] of [[listings, 'listings.json'], [hashes, 'hashes.tsv']] as const) {
      try {
        cache.save()
      } catch (error) {
        const message = `could not save ${join(store.dir, file)} (${(error as Error).message}); the next run re-reads what it holds`
        options.emit({ type: 'log', stage: 'engine', level: 'warn', message })
      }
    }
    return { ok: Object.values(outcomes).every((o) => o === 'fresh' || o === 'ran'), outcomes }
  } finally {
    lock.release()
  }
}

interface Execution {
  options: EngineOptions
  store: Store
  listings: Listings
  /** Input hashes remembered across runs. */
  hashes: HashCache
  upstream: Map<string, string>
  /** Per stage that ran: output paths whose bytes changed, so dependents can name the cause. */
  written: Map<string, Map<string, string>>
}

async function execute(stage: Stage, x: Execution): Promise<Outcome> {
  const { options, store } = x
  const verdict = await planStage(stage, {
    store,
    root: options.root,
    forced: isForced(options, stage.name),
    upstream: x.upstream,
    staleDeps: [],
    listings: x.listings,
    hashes: x.hashes,
  })
  if (verdict.plan.fresh) {
    if (verdict.observation.touched && verdict.record) refreshRecord(stage, verdict, store)
    options.emit({ type: 'skip', stage: stage.name, why: 'fresh', reasons: [], ...problemsOf(verdict.record?.problems) })
    return 'fresh'
  }
  return runStage(stage, verdict, x)
}

async function runStage(stage: Stage, verdict: StageVerdict, x: Execution): Promise<Outcome> {
  const { options, store } = x
  const started = performance.now()
  // Read against the record when there is one, so few changes can be written as a delta of them;
  // stamps the record does not name are still read for what they say (`clean` needs them).
  const previousStamps = verdict.stamps ?? (verdict.record && readStamps(store, stage.name, verdict.record)) ?? readStamps(store, stage.name)
  // The stats the stamps are taken from, seen before the run (a plan without a record never
  // walked them): an input edited while the stage runs is then stale on the next run.
  verdict.observation.inputs()
  options.emit({ type: 'start', stage: stage.name, reasons: verdict.plan.reasons })
  // From here until the new record is written, a crash leaves the stage stale, never fresh.
  deleteRecord(store, stage.name)
  const staging = new Staging(store, stage.name, stage.outputs, options.outDir)
  const abort = new AbortController()
  const onAbort = () => abort.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', onAbort, { once: true })
  let lastProgress = 0
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 1, stage.concurrency ?? Infinity))
  /** The item sets this run, by name ('' for the unnamed one): each has its own book. */
  const books = new Map<string, { file: string; book: ItemBook }>()
  // With where each item was being written (a full disk's error names no file).
  let itemFailures: ItemFailure[] = []
  const lentChecks: (() => string[])[] = []
  // Hashes the stage tells while it runs reach the stamper with the entries sent after them:
  // generate tells its projects' files as it scans them, and links them into the entries. A stage
  // without a tree has no stamper to tell (extract tells 48,068).
  const told: [string, string][] = []
  const stamped = stage.outputs.some((o) => o.kind === 'tree')
  const stamper = new EntryStamper(() => knownInodeHashes(verdict, x.hashes, previousStamps), () => told.splice(0))
  const ctx: RunContext = {
    stage: stage.name,
    out: (path) => staging.path(path),
    remove: (path, entry) => staging.remove(path, entry),
    cacheDir: cachePath(store, stage.name),
    contentCacheDir: contentCachePath(store, stage.name),
    forced: isForced(options, stage.name),
    knownHash: (path, { size, mtimeMs, ino }, sha256) => {
      rememberHash(path, { size, mtimeMs, ino }, sha256)
      if (stamped) told.push([inodeKey({ size, mtimeMs, ino }), sha256])
    },
    items: async (spec) => {
      const name = spec.name ?? ''
      if (name !== '' && !SET_NAME.test(name)) throw new OutputError(`items: set name "${name}" of stage ${stage.name} must match ${SET_NAME}`)
      const set = name === '' ? 'its items' : `its item set "${name}"`
      if (books.has(name)) throw new OutputError(`stage ${stage.name} ran ${set} twice; one call per run`)
      const tree = spec.tree
      if (tree !== undefined && stage.outputs.find((o) => o.path === tree)?.kind !== 'tree') {
        throw new OutputError(`items: ${tree} is not a tree output of stage ${stage.name}`)
      }
      if (tree !== undefined && [...books.values()].some((b) => b.book.tree === tree)) {
        throw new OutputError(`items: two item sets of stage ${stage.name} claim the tree ${tree}`)
      }
      const file = itemsPath(store, stage.name, name)
      // Claimed before the items run, so a second call with the same name fails even meanwhile.
      books.set(name, { file, book: { tree, items: {} } })
      const previous = readBook(file) ?? (tree ? bookFromEntries(tree, Object.keys(previousStamps?.entries ?? {})) : undefined)
      const ran = await runItems(spec, {
        book: previous,
        current: tree,
        staging: tree === undefined ? undefined : staging.path(tree),
        existing: () => (tree && existsSync(tree) ? readdirSync(tree).filter((n) => !IGNORED.has(n)) : []),
        remove: (key) => tree !== undefined && staging.remove(tree, key),
        concurrency,
        signal: abort.signal,
        progress: ctx.progress,
        // --force means the work is done again, not only the stage's bookkeeping.
        force: isForced(options, stage.name),
        bookFile: file,
        onBuilt: tree === undefined ? undefined : (key) => stamper.add(join(staging.path(tree), key), `${tree}/${key}`),
      }).catch((error: unknown) => {
        books.delete(name)
        throw error
      })
      books.set(name, { file, book: ran.book })
      lentChecks.push(ran.moved)
      const place = (key: string) => (tree === undefined ? staging.dir : join(staging.path(tree), key))
      itemFailures = [...itemFailures, ...ran.result.failed.map((f) => ({ ...f, place: place(f.key) }))]
      return ran.result
    },
    previous: verdict.record,
    recipe: verdict.observation.recipe,
    changedInputs: verdict.observation.changedInputs,
    progress: (done, total, unit = 'items') => {
      const now = performance.now()
      if (done < total && now - lastProgress < 100) return
      lastProgress = now
      options.emit({ type: 'progress', stage: stage.name, done, total, unit })
    },
    log: (message) => options.emit({ type: 'log', stage: stage.name, level: 'info', message }),
    warn: (message) => options.emit({ type: 'log', stage: stage.name, level: 'warn', message }),
    signal: abort.signal,
    concurrency,
    verbose: Boolean(options.verbose),
  }
  let result: StageResult | void
  let changed: Map<string, string>
  const schemas = schemaSet(options.schemaDirs ?? [])
  const lines = new LineCache(join(store.dir, 'validated'), schemas)
  let where = staging.dir
  let committed = false
  // The young generation stays the size planning and the last stamps grew it to (at least 32 MB)
  // while the stage runs, validates and records; left alone it doubles on to 128 MB.
  const letGo = holdYoungGeneration()
  try {
    result = await stage.run(ctx)
    const early = await stamper.finish()
    abort.signal.throwIfAborted()
    const validated = staging.validate(schemas, lines)
    abort.signal.throwIfAborted()
    const moved = lentChecks.flatMap((check) => check())
    if (moved.length) throw new OutputError(`nothing is committed: ${moved.length} committed entr${moved.length === 1 ? 'y' : 'ies'} this run rebuilt from changed meanwhile (written to during the run?); run again to rebuild afresh: ${moved.slice(0, 5).join(', ')}${moved.length > 5 ? ', …' : ''}`)
    where = options.outDir
    staging.commit()
    committed = true
    where = store.dir
    lines.save()
    // Failed items: what was built is committed and recorded item by item, but the stage stays
    // stale (no record), so the next run retries them and keeps the rest.
    changed = recordRun(stage, verdict, x, result, validated, previousStamps, Math.round(performance.now() - started), [...books.values()], itemFailures.length === 0, early)
  } catch (error) {
    if (!committed && abort.signal.aborted) staging.dispose()
    else if (!committed) staging.keep(failedPath(store, stage.name))
    const err = error as Error
    options.emit({
      type: 'fail',
      stage: stage.name,
      durationMs: Math.round(performance.now() - started),
      error: abort.signal.aborted ? 'interrupted' : withPlace(err, where),
      details: abort.signal.aborted ? undefined : failureDetails(err, options.verbose),
    })
    return 'failed'
  } finally {
    letGo()
    stamper.close()
    options.signal?.removeEventListener('abort', onAbort)
  }
  x.written.set(stage.name, changed)
  if (itemFailures.length) {
    options.emit({
      type: 'fail',
      stage: stage.name,
      durationMs: Math.round(performance.now() - started),
      error: itemFailureText(itemFailures, result?.summary),
    })
    return 'failed'
  }
  options.emit({
    type: 'done',
    stage: stage.name,
    durationMs: Math.round(performance.now() - started),
    changed: [...changed.keys()].map((p) => relative(options.root, p)).sort().slice(0, 20),
    changedCount: changed.size,
    summary: result?.summary,
    ...problemsOf(result?.problems),
  })
  return 'ran'
}

/** Stamps inputs and outputs and writes the record (last); returns the outputs whose bytes changed. */
function recordRun(
  stage: Stage,
  verdict: StageVerdict,
  x: Execution,
  result: StageResult | void,
  validated: Map<string, string>,
  previousStamps: StampFile | undefined,
  durationMs: number,
  books: { file: string; book: ItemBook }[],
  complete: boolean,
  early: ReadonlyMap<string, EarlyStamp>,
): Map<string, string> {
  const extraInputs = result?.inputs ?? []
  // A tree whose entries are items is owned item by item, unless the stage says otherwise.
  let owned = result?.owned
  for (const { book } of books) if (book.tree && !result?.owned?.[book.tree]) owned = { ...owned, [book.tree]: ownedEntries(book) }
  // The inputs were walked before the run with the last run's dynamic inputs. When this run reports
  // others, the ones it no longer reads must leave the stamps (or the next plan would see them as
  // removed inputs) and new ones are walked now; a path seen before the run keeps its stat then.
  const seen = verdict.observation.inputs()
  const sameExtras = canonicalJson(verdict.record?.extraInputs ?? []) === canonicalJson(extraInputs)
  const inputs = sameExtras ? seen : expand([...stage.inputs, ...extraInputs], new Map(), x.listings)
  if (inputs !== seen) for (const [path, st] of inputs) inputs.set(path, seen.get(path) ?? st)
  const inputStamps = stampInputs(inputs, verdict.observation.inputHashes, x.hashes, previousStamps)
  const hashOf = outputHasher(inputs, inputStamps, validated)
  const stamped = stampedEntry(stage, owned)
  // Owned entries are stamped as they are observed: one whose stats moved is hashed from that walk.
  const entries: Record<string, EntryStamp> = {}
  const outputs = observeOutputs(stage.outputs, undefined, (entry, state, files) => {
    if (!stamped(entry)) return
    const old = previousStamps?.entries[entry]
    entries[entry] = old && old[1] === state.stats ? old : entryStamp(state, files ? contentOf(entry, files, hashOf) : early.get(entry)!.content)
  }, early)
  const outputStamps = { outputs: stampFiles(outputs, previousStamps, hashOf, validated), entries }
  // Item records before the stage record: a crash between the two only costs rebuilds.
  for (const { file, book } of books) commitBook(file, book, (entry) => outputStamps.entries[entry])
  if (complete) writeRecord(
    x.store,
    {
      engine: ENGINE_VERSION,
      stage: stage.name,
      recipe: verdict.observation.recipe,
      inputs: { digest: statDigest(inputs), count: inputs.size },
      outputs: { digest: outputs.digest, count: outputs.files.size + outputs.entries.size },
      extraInputs,
      facts: result?.facts ?? {},
      ...problemsOf(result?.problems),
      durationMs,
      finishedAt: new Date().toISOString(),
    },
    { inputs: inputStamps, ...outputStamps },
    previousStamps,
  )
  const changed = new Map<string, string>()
  const compare = (now: Record<string, [number, unknown, string]>, before: Record<string, [number, unknown, string]> = {}) => {
    for (const [path, stamp] of Object.entries(now)) if (before[path]?.[2] !== stamp[2]) changed.set(path, stamp[2])
    for (const path of Object.keys(before)) if (!now[path]) changed.set(path, '')
  }
  compare(outputStamps.outputs, previousStamps?.outputs)
  compare(outputStamps.entries, previousStamps?.entries)
  return changed
}

interface ItemFailure {
  key: string
  error: unknown
  place: string
}

function itemFailureText(failures: ItemFailure[], summary: string | undefined): string {
  const message = (f: ItemFailure) => {
    const text = f.error instanceof Error ? withPlace(f.error, f.place) : String(f.error)
    return text.startsWith(f.key) ? text : `${f.key}: ${text}`
  }
  const lines = failures.slice(0, 20).map((f) => `  ${message(f)}`)
  if (failures.length > 20) lines.push(`  … and ${failures.length - 20} more`)
  const done = summary ? ` (${summary}; the rest is committed)` : ' (the rest is committed)'
  return `${failures.length} item(s) failed${done}:\n${lines.join('\n')}`
}

/** Node's write errors (ENOSPC, EROFS) name no file; say where the stage was writing. */
function withPlace(error: Error, where: string): string {
  const { code, path } = error as NodeJS.ErrnoException
  return code && !path ? `${error.message} (writing under ${where})` : error.message
}

/**
 * Stamps are taken from the stats seen before the stage ran. A file hashed now whose stat moved
 * since then changed while the stage was running: its stamp gets no hash, so the next plan
 * reruns the stage instead of trusting content the stage may not have read.
 */
function stampInputs(inputs: StatMap, known: Map<string, string>, cache: HashCache, previous?: StampFile): Record<string, FileStamp> {
  const stamps: Record<string, FileStamp> = {}
  for (const [path, st] of inputs) {
    let hash = knownHash(path, st, known, cache, previous)
    if (hash === undefined) {
      hash = cache.read(path, st)
      const now = lstatSync(path, { throwIfNoEntry: false })
      if (!now || now.size !== st.size || now.mtimeMs !== st.mtimeMs) hash = ''
    }
    stamps[path] = [st.size, st.mtimeMs, hash]
  }
  return stamps
}

/** An input's hash when this run already knows it: hashed by the plan, recorded, or cached. */
function knownHash(path: string, st: Stat, known: Map<string, string>, cache: HashCache, previous?: StampFile): string | undefined {
  const old = previous?.inputs[path]
  return known.get(path) ?? (old && old[0] === st.size && old[1] === st.mtimeMs ? old[2] : cache.known(path, st))
}

/** The hashes known by inodeKey, for the entry stamper (nothing is read to learn more): the
 *  inputs' (recorded ones included) and the hash cache's. */
function knownInodeHashes(verdict: StageVerdict, cache: HashCache, previous?: StampFile): [string, string][] {
  const out = cache.inodeHashes()
  for (const [path, st] of verdict.observation.inputs()) {
    const hash = knownHash(path, st, verdict.observation.inputHashes, cache, previous)
    if (hash) out.push([inodeKey(st), hash])
  }
  return out
}

/** Entries the stage does not own (a user's notes in out/tasks) are never stamped, so never cleaned. */
function stampedEntry(stage: Stage, owned: Record<string, string[]> | undefined): (entry: string) => boolean {
  const trees = stage.outputs.filter((o) => o.kind === 'tree').map((tree) => ({
    prefix: `${tree.path}/`,
    mine: owned?.[tree.path] ? new Set(owned[tree.path].map((name) => `${tree.path}/${name}`)) : undefined,
  }))
  return (entry) => trees.some(({ prefix, mine }) => entry.startsWith(prefix) && (!mine || mine.has(entry)))
}

/** How an output file is hashed for its stamp: validated bytes, a hard-linked input, or a read. */
export function outputHasher(inputs: StatMap, inputStamps: Record<string, FileStamp>, validated: Map<string, string>): HashOf {
  // A hard-linked output shares its inode with an input already hashed: no need to read it again.
  // The map is made on the first output that needs it (extract's three validated files never do)
  // and goes from inode number to the input's path, both held already; a map from inodeKey strings
  // to hashes was 8 MB over 82,000 inputs at the peak of an 8,000-task generate.
  let byInode: Map<number, string> | undefined
  const linkedHash = (st: Stat) => {
    if (!byInode) {
      byInode = new Map()
      for (const [path, input] of inputs) if (inputStamps[path]?.[2]) byInode.set(input.ino, path)
    }
    const path = byInode.get(st.ino)
    const input = path === undefined ? undefined : inputs.get(path)
    // Equal inode, size and mtime, as inodeKey compares them.
    return input && input.size === st.size && input.mtimeMs === st.mtimeMs ? inputStamps[path!][2] : undefined
  }
  return (path, st) => validated.get(path) ?? linkedHash(st) ?? hashEntry(path, st)
}

/** Stamps of the files of file and dir outputs. */
function stampFiles(outputs: OutputState, previous: StampFile | undefined, hashOf: HashOf, validated: Map<string, string>): Record<string, FileStamp> {
  const files: Record<string, FileStamp> = {}
  for (const [path, st] of outputs.files) {
    const old = previous?.outputs[path]
    const checked = validated.get(path)
    // Hashed while being validated (its bytes, moved into place by rename): a dependent's plan
    // finds it in the memo instead of reading the file again (selected_tasks.json, dataset.jsonl).
    if (checked !== undefined) rememberHash(path, st, checked)
    files[path] = [st.size, st.mtimeMs, checked ?? (old && old[0] === st.size && old[1] === st.mtimeMs ? old[2] : hashOf(path, st))]
  }
  return files
}

/** A fresh stage whose files were only touched: store the new stats so the next plan is fast. */
function refreshRecord(stage: Stage, verdict: StageVerdict, store: Store): void {
  const { record, observation } = verdict
  const stamps = verdict.stamps
  if (!record || !stamps) return
  const inputs: Record<string, FileStamp> = {}
  const currentInputs = observation.inputs()
  for (const [path, st] of currentInputs) {
    const hash = observation.inputHashes.get(path) ?? stamps.inputs[path]?.[2]
    if (hash === undefined) return
    inputs[path] = [st.size, st.mtimeMs, hash]
  }
  const outputs: Record<string, FileStamp> = {}
  const current = observation.outputs()
  for (const [path, stamp] of Object.entries(stamps.outputs)) {
    const st = current.files.get(path)
    if (!st) return
    outputs[path] = [st.size, st.mtimeMs, observation.outputHashes.get(path) ?? stamp[2]]
  }
  const entries: Record<string, EntryStamp> = {}
  for (const [entry, stamp] of Object.entries(stamps.entries)) {
    const state = current.entries.get(entry)
    const restamped = observation.entryStamps.get(entry) ?? (state?.stats === stamp[1] ? stamp : undefined)
    if (!restamped) return
    entries[entry] = restamped
  }
  const { stamps: _, ...rest } = record
  writeRecord(
    store,
    {
      ...rest,
      stage: stage.name,
      inputs: { digest: statDigest(currentInputs), count: currentInputs.size },
      outputs: { digest: current.digest, count: current.files.size + current.entries.size },
    },
    { inputs, outputs, entries },
    stamps,
  )
}

function clearAbandonedStaging(store: Store): void {
  // The lock is ours, so any staging dir or temp file here belongs to a run that died.
  rmSync(join(store.dir, 'staging'), { recursive: true, force: true })
  for (const name of readdirSync(store.dir)) if (/\.tmp-\d+$/.test(name)) rmSync(join(store.dir, name), { force: true })
}

/** Only counts above zero, and no key at all without them (records and events stay as before). */
function problemsOf(problems: Record<string, number> | undefined): { problems?: Record<string, number> } {
  const some = Object.entries(problems ?? {}).filter(([, n]) => n > 0)
  return some.length ? { problems: Object.fromEntries(some) } : {}
}

function failureDetails(error: Error, verbose?: boolean): string | undefined {
  const details = (error as { details?: string }).details
  if (details) return details
  return verbose ? error.stack : undefined
}

export type { Reason }
