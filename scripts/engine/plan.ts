// The pure half of the engine: given a stage and what is on disk, decide fresh or stale and say
// why. It reads files (stat, and hashes where a stat moved) but writes nothing, so `status` and
// `--dry-run` cannot change what the next real run decides.
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { canonicalJson, sha256 } from '../lib/hash.ts'
import { expand, hashEntry, sameStat, specStats, WalkLog, type HashCache, type Listings, type StatMap } from './files.ts'
import { moduleGraph } from './imports.ts'
import { entryContent, entryStamp, observeOutputs, type OutputState } from './outputs.ts'
import { ENGINE_VERSION, readRecord, readStamps, type Store } from './record.ts'
import type { EntryStamp, FileStamp, Reason, Stage, StagePlan, StageRecord, StampFile } from './types.ts'

export interface RecipeHash {
  hash: string
  parts: Record<string, string>
}

// Probes ask the outside world (`docker version`), which takes a process spawn: each is started
// once, as early as possible, and shared by every plan of the run.
const probes = new WeakMap<Stage, Promise<Record<string, string>>>()
export function startProbe(stage: Stage): Promise<Record<string, string>> {
  let probe = probes.get(stage)
  if (!probe) probes.set(stage, (probe = stage.recipe.probe?.() ?? Promise.resolve({})))
  return probe
}

export async function computeRecipe(stage: Stage, root: string): Promise<RecipeHash> {
  const parts: Record<string, string> = { engine: String(ENGINE_VERSION), node: process.version }
  for (const path of recipeFiles(stage)) parts[`file:${relative(root, path)}`] = sha256(readFileSync(path))
  for (const [key, value] of Object.entries(stage.recipe.values ?? {})) parts[`value:${key}`] = sha256(canonicalJson(value ?? null))
  for (const [key, value] of Object.entries(await startProbe(stage))) parts[`probe:${key}`] = value
  return { hash: sha256(canonicalJson(parts)), parts }
}

/** The recipe's files: its modules' import graphs, then its other files (dirs walked, globs expanded). */
export function recipeFiles(stage: Stage): string[] {
  const modules = (stage.recipe.modules ?? []).flatMap((m) => moduleGraph(m))
  return [...new Set([...modules, ...expand(stage.recipe.files).keys()])]
}

/** What the plan saw, kept so a run does not stat or hash the same files again. */
export interface Observation {
  recipe: RecipeHash
  /** The inputs' stats; walked only when needed (a no-op plan compares digests and stops). */
  inputs(): StatMap
  /** Content hashes learnt while planning (only where a digest moved; the rest come from stamps). */
  inputHashes: Map<string, string>
  outputs(): OutputState
  outputHashes: Map<string, string>
  /** Tree entries whose stats moved, with their recomputed stamps. */
  entryStamps: Map<string, EntryStamp>
  /** Inputs whose stat moved but whose content did not: the record can be refreshed. */
  touched: boolean
  /** Inputs added, removed or changed since the last successful run; undefined when unknown. */
  changedInputs?: Set<string>
}

export interface StageVerdict {
  plan: StagePlan
  observation: Observation
  record?: StageRecord
  stamps?: StampFile
}

export interface PlanContext {
  store: Store
  root: string
  forced: boolean
  /** Upstream stages that ran (or will run) in this invocation, with their output paths. */
  upstream: Map<string, string>
  /** In a pure plan, upstream stages that are stale: their dependents can only be re-judged after. */
  staleDeps: string[]
  listings?: Listings
  /** Input hashes remembered across runs: an input whose stat moved is looked up before it is read. */
  hashes?: HashCache
}

const lazy = <T>(make: () => T): (() => T) => {
  let value: T | undefined
  return () => (value ??= make())
}

const MAX_REASONS = 8

export async function planStage(stage: Stage, ctx: PlanContext): Promise<StageVerdict> {
  const reasons: Reason[] = []
  const add = (reason: Reason) => {
    if (reasons.length < MAX_REASONS) reasons.push(reason)
  }
  const recipe = await computeRecipe(stage, ctx.root)
  const record = readRecord(ctx.store, stage.name)
  const inputSpecs = [...stage.inputs, ...(record?.extraInputs ?? [])]
  // The digest walk's stats, once it has found that the inputs moved: their map needs no second walk.
  let walked: StatMap | undefined
  const inputs = lazy(() => walked ?? expand(inputSpecs, new Map(), ctx.listings))
  const outputs = lazy(() => observeOutputs(stage.outputs))
  const observation: Observation = { recipe, inputs, inputHashes: new Map(), outputs, outputHashes: new Map(), entryStamps: new Map(), touched: false }

  if (ctx.forced) add({ kind: 'forced' })
  for (const dep of ctx.staleDeps) add({ kind: 'dependency-ran', stage: dep })
  if (!record) {
    add({ kind: 'no-record' })
    return { plan: { stage: stage.name, fresh: false, reasons }, observation }
  }

  for (const part of changedParts(record.recipe.parts, recipe.parts)) add({ kind: 'recipe-changed', part })

  const log = new WalkLog()
  const inputsMoved = specStats(inputSpecs, ctx.listings, log).digest !== record.inputs.digest
  if (inputsMoved) walked = log.toMap()
  const outputsMoved = outputs().digest !== record.outputs.digest
  let stamps: StampFile | undefined
  if (inputsMoved || outputsMoved) {
    stamps = readStamps(ctx.store, stage.name, record)
    if (!stamps) {
      observation.changedInputs = undefined
      add({ kind: 'no-record' })
      return { plan: { stage: stage.name, fresh: false, reasons }, observation, record }
    }
  }
  // A forced run rechecks everything: the stage gets no list to trust.
  observation.changedInputs = ctx.forced ? undefined : new Set()
  if (inputsMoved && stamps) {
    const reported = new Set<string>()
    for (const path of changedFiles(inputs(), stamps.inputs, observation.inputHashes, ctx.hashes, () => (observation.touched = true))) {
      observation.changedInputs?.add(path)
      const upstream = ctx.upstream.get(path)
      if (upstream) {
        if (!reported.has(upstream)) add({ kind: 'dependency-ran', stage: upstream })
        reported.add(upstream)
      } else add({ kind: 'input-changed', path: relative(ctx.root, path) })
    }
  }
  if (outputsMoved && stamps) {
    const current = outputs()
    for (const [path, stamp] of Object.entries(stamps.outputs)) {
      const st = current.files.get(path)
      if (!st) add({ kind: 'output-missing', path: relative(ctx.root, path) })
      else if (!sameStat(st, stamp)) {
        const hash = hashEntry(path, st)
        observation.outputHashes.set(path, hash)
        if (hash !== stamp[2]) add({ kind: 'output-modified', path: relative(ctx.root, path) })
        else observation.touched = true
      } else observation.outputHashes.set(path, stamp[2])
    }
    for (const [entry, stamp] of Object.entries(stamps.entries)) {
      const state = current.entries.get(entry)
      if (!state) add({ kind: 'output-missing', path: relative(ctx.root, entry) })
      else if (state.stats !== stamp[1]) {
        const restamped = entryStamp(state, entryContent(entry, hashEntry))
        observation.entryStamps.set(entry, restamped)
        if (restamped[2] !== stamp[2]) add({ kind: 'output-modified', path: relative(ctx.root, entry) })
        else observation.touched = true
      }
    }
  }
  if (reasons.length === 0 && stage.check) {
    const reason = await stage.check({ previous: record })
    if (reason) add(reason)
  }
  return { plan: { stage: stage.name, fresh: reasons.length === 0, reasons }, observation, record, stamps }
}

function changedParts(before: Record<string, string>, after: Record<string, string>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys].filter((k) => before[k] !== after[k]).sort()
}

/** Yields inputs added, removed or with new content; equal content under a new stat is "touched". */
function* changedFiles(
  current: StatMap,
  stamped: Record<string, FileStamp>,
  hashes: Map<string, string>,
  cache: HashCache | undefined,
  onTouched: () => void,
): Generator<string> {
  for (const [path, st] of current) {
    const stamp = stamped[path]
    if (!stamp) {
      yield path
      continue
    }
    if (sameStat(st, stamp)) {
      hashes.set(path, stamp[2])
      continue
    }
    const hash = cache ? cache.hash(path, st) : hashEntry(path, st)
    hashes.set(path, hash)
    if (hash === stamp[2]) onTouched()
    else yield path
  }
  for (const path of Object.keys(stamped)) if (!current.has(path)) yield path
}
