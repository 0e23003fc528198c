// The two ways the stage runs. With an engine: build, oracle trial, empty trial per changed task.
// Without one: lint and the same two trials run locally. Either way each task is one of the
// engine's items, its report entry the item's facts: a task whose hashes are unchanged since the
// last run with the same engine (and whose image is still there) keeps its entry. A task that
// fails is a failed item carrying its entry, so the next run tries it again.
import type { SmokeConfig } from './smoke-config.ts'
import { ExitError } from '../../lib/errors.ts'
import { imageName } from './smoke-config.ts'
import { buildImage } from './smoke-build.ts'
import { containerTrial, removeOrphanedTrials } from './container.ts'
import { describeExit, lastLines } from './exec.ts'
import { bareId, imageLayers, run, storageDir, type Engine } from './engine.ts'
import { formatIssues, lintDockerfile } from './lint.ts'
import { localTrial } from './local.ts'
import { readDockerfile, splitDockerfile, type Instruction, type SmokeTask } from './smoke-manifest.ts'
import { prebuildPrefixes } from './prefix.ts'
import type { SmokeReport, TaskEntry } from '../../contracts/smoke-report.ts'
import { failed, judge, type Verdict } from './trial.ts'
import { statfsSync } from 'node:fs'
import { join } from 'node:path'
import type { ItemsResult, ItemsRunner } from '../../engine/items.ts'
import { sha256 } from '../../lib/hash.ts'
import { imageState, imageTag, listImages, OUT_LABEL } from './tags.ts'
import { hasSidecar, mcpCheck, notRun, remoteEntry } from './mcp-check.ts'

export interface ImageRecord {
  input_hash: string
  image_id: string
  /** The out-dir-scoped tag it was built as (smoke/tags.ts); absent in older records. */
  tag?: string
}

export interface ModeContext {
  config: SmokeConfig
  tasks: SmokeTask[]
  previousImages: Record<string, ImageRecord>
  /** The out dir's scope (smoke/tags.ts outScope): in every tag and label of its images. */
  scope: string
  /** The engine's item runner: keeps, builds and records the tasks. */
  items: ItemsRunner
  log: (message: string) => void
  warn: (message: string) => void
  signal?: AbortSignal
}

export interface ModeResult {
  entries: TaskEntry[]
  built: number
  layers: SmokeReport['toolchain_layers']
  images: Record<string, ImageRecord>
}

const entryBase = (task: SmokeTask) => ({ id: task.id, language: task.language, input_hash: task.input_hash, output_hash: task.output_hash, ...(task.variant && { variant: task.variant }) })

/** A task that failed: a failed item that still carries its report entry. */
class TaskFailed extends ExitError {
  readonly entry: TaskEntry
  constructor(entry: TaskEntry) {
    super(entry.reason ?? `${entry.id}: failed`)
    this.entry = entry
  }
}

/** What a task's entry depends on besides the stage's recipe: the engine kind and its hashes. */
const itemHash = (engine: SmokeReport['engine'], task: SmokeTask) => sha256(`${engine}\n${task.input_hash}\n${task.output_hash}`)

function distinctToolchains(tasks: SmokeTask[]): Instruction[][] {
  const byKey = new Map<string, Instruction[]>()
  for (const task of tasks) {
    const dockerfile = readDockerfile(task)
    if (dockerfile === undefined) continue
    const { toolchain, steps } = splitDockerfile(dockerfile)
    if (!byKey.has(toolchain)) byKey.set(toolchain, steps)
  }
  return [...byKey.values()]
}

const toolchainOf = (task: SmokeTask): string => {
  const dockerfile = readDockerfile(task)
  return dockerfile === undefined ? `missing:${task.id}` : splitDockerfile(dockerfile).toolchain
}

interface TaskRun {
  engine: SmokeReport['engine']
  /** Whether a kept entry still holds (its image still exists). */
  present(entry: TaskEntry): boolean
  /** Set-up before the first build, given the tasks to build. */
  before?(todo: SmokeTask[]): Promise<void>
  /** Tasks in flight per unit of concurrency (default 1). */
  perSlot?: number
  work(task: SmokeTask): Promise<TaskEntry>
}

/** Every task as an item, in toolchain groups (a leader's layers serve its group). */
async function runTasks(ctx: ModeContext, run: TaskRun): Promise<{ entries: TaskEntry[]; fresh: TaskEntry[] }> {
  const byId = new Map(ctx.tasks.map((t) => [t.id, t]))
  const groups = new Map(ctx.tasks.map((t) => [t.id, toolchainOf(t)]))
  const ran: ItemsResult<TaskEntry> = await ctx.items<SmokeTask, TaskEntry>({
    keys: ctx.tasks.map((t) => t.id),
    unit: 'tasks',
    perSlot: run.perSlot,
    prepare: (id) => ({ hash: itemHash(run.engine, byId.get(id) as SmokeTask), value: byId.get(id) as SmokeTask }),
    present: (_id, entry) => run.present(entry),
    group: (id) => groups.get(id) ?? id,
    beforeBuild: async (ids) => run.before?.(ids.map((id) => byId.get(id) as SmokeTask)),
    build: async (_id, task) => {
      const entry = await run.work(task)
      if (entry.status !== 'fail') return entry
      if (!ctx.signal?.aborted) ctx.warn(entry.reason ?? `${task.id}: failed`)
      throw new TaskFailed(entry)
    },
    // Anything but a task's own failure (a crashed engine, a bug) fails the stage.
    fatal: (error) => !(error instanceof TaskFailed),
  })
  const failedEntries = ran.failed.map((f) => (f.error as TaskFailed).entry)
  const fresh = [...ran.built.map((b) => ran.facts.get(b.key) as TaskEntry), ...failedEntries]
  return { entries: [...ran.facts.values(), ...failedEntries].sort(byEntryId), fresh }
}

const byEntryId = (a: TaskEntry, b: TaskEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

// ---- with an engine ----------------------------------------------------------------------------

/**
 * Tasks in flight per unit of smoke.concurrency when an engine builds them. A task's time is
 * mostly waiting: on the apt mirror and dpkg inside a build, on the daemon for a trial's seven to
 * ten CLI calls. A cold smoke of the 50 sample tasks on 2 cores (alternating runs) took 163-166 s
 * with 2 tasks in flight and 140-157 s with 4; the 8 toolchain layers alone 82-85 s with 2 builds
 * at once, 76-78 s with 4, 91 s with 8.
 */
const ENGINE_TASKS_PER_SLOT = 2

export async function withEngine(engine: Engine, ctx: ModeContext): Promise<ModeResult> {
  const { config, signal } = ctx
  const orphans = await removeOrphanedTrials(engine)
  if (orphans) ctx.log(`removed ${orphans} trial container(s) left by a run that was killed`)
  const held = (await listImages(engine, signal)) ?? { ids: new Set<string>(), tags: new Map<string, string>() }
  const { entries, fresh } = await runTasks(ctx, {
    engine: engine.kind,
    // Kept only while its tag still points to the image it names (another run may have moved it).
    present: (entry) => entry.status === 'pass' && !!entry.image_id && (!config.keep_images || (entry.image !== null && imageState({ image_id: entry.image_id, tag: entry.image }, held) === 'ok')),
    before: async (todo) => {
      await warnLowDisk(engine, config, ctx.warn)
      await prebuildPrefixes(engine, distinctToolchains(todo), ctx.log, signal)
    },
    work: (task) => smokeInContainer(engine, task, ctx),
    perSlot: ENGINE_TASKS_PER_SLOT,
  })
  signal?.throwIfAborted()
  await removeStaleImages(engine, ctx, fresh)
  const images: Record<string, ImageRecord> = {}
  for (const e of entries) if (e.status === 'pass' && e.image_id) images[e.id] = { input_hash: e.input_hash, image_id: e.image_id, ...(e.image ? { tag: e.image } : {}) }
  return { entries, built: fresh.length, layers: await measuredLayers(engine, ctx, entries), images }
}

async function smokeInContainer(engine: Engine, task: SmokeTask, ctx: ModeContext): Promise<TaskEntry> {
  const { config, signal } = ctx
  const tag = imageTag(config, task.id, task.output_hash, ctx.scope)
  const build = await buildImage(engine, task, tag, config, signal, [`${OUT_LABEL}=${ctx.scope}`])
  const base = { ...entryBase(task), image: tag, build_seconds: build.seconds }
  const unbuilt = task.variant === 'mcp' ? { mcp: notRun('the image build failed') } : {}
  if (!build.imageId) return { ...base, image_id: null, ...failed(task.id, build.failure ?? { step: 'build', message: 'no image id', tail: '' }), ...unbuilt }
  // mcp tasks: the sidecar must answer a real MCP client with a ground-truth file first (smoke/mcp-check.ts).
  const mcp = task.variant === 'mcp' ? { mcp: await mcpCheck(engine, task, build.imageId, signal) } : {}
  if (mcp.mcp?.status === 'failed') {
    const { step, message } = mcp.mcp
    if (!config.keep_images) await run(engine, ['rmi', tag], { timeoutMs: 120_000 })
    return { ...base, image_id: build.imageId, ...failed(task.id, { step: 'mcp', message: `the code-search sidecar did not answer with ${mcp.mcp.expected_file ?? 'a ground-truth file'} (step ${step})`, tail: lastLines(message ?? '', config.tail_lines) }), ...mcp }
  }
  const oracle = await containerTrial(engine, build.imageId, task, true, config, signal)
  const empty = await containerTrial(engine, build.imageId, task, false, config, signal)
  let verdict: Verdict = judge(task.id, oracle, empty, config.pass_threshold)
  // task.toml names the plain `<prefix><id>` (generate cannot know an out dir's tag): that is what is pushed.
  const published = imageName(config, task.id)
  if (verdict.status === 'pass' && config.push) {
    const tagged = await run(engine, ['tag', build.imageId, published], { signal, timeoutMs: 60_000 })
    const pushed = tagged.code === 0 ? await run(engine, ['push', published], { signal, timeoutMs: config.build_timeout_sec * 1000 }) : tagged
    if (pushed.code !== 0) {
      const failure = failed(task.id, { step: 'push', message: `push of ${published} failed (${describeExit(pushed)})`, tail: lastLines(pushed.output, config.tail_lines) })
      verdict = { ...failure, oracle_reward: verdict.oracle_reward, empty_reward: verdict.empty_reward }
    }
  }
  if (!config.keep_images) await run(engine, ['rmi', tag, ...(config.push ? [published] : [])], { timeoutMs: 120_000 })
  return { ...base, image_id: build.imageId, ...verdict, ...mcp }
}

/** Images this stage made that no task uses any more: the old image of a rebuilt task, or a removed task's. */
async function removeStaleImages(engine: Engine, ctx: ModeContext, fresh: TaskEntry[]): Promise<void> {
  const current = new Map(fresh.map((e) => [e.id, e]))
  const ids = new Set(ctx.tasks.map((t) => t.id))
  const changed = (id: string, record: ImageRecord) => {
    const now = current.get(id)
    return now !== undefined && (now.image_id !== record.image_id || (record.tag !== undefined && now.image !== record.tag))
  }
  // By the old tag when the task's tag changed: removing a tag deletes the image only once no
  // other tag holds it, so a rebuilt task whose image id did not change keeps it under its new
  // tag. By the old id when the tag stayed (the same content rebuilt): the tag is the new image's.
  const stale = Object.entries(ctx.previousImages)
    .filter(([id, record]) => !ids.has(id) || changed(id, record))
    .map(([id, record]) => (record.tag !== undefined && record.tag !== current.get(id)?.image ? record.tag : record.image_id))
  for (const id of stale) await run(engine, ['rmi', id], { timeoutMs: 120_000 })
  if (stale.length) ctx.log(`removed ${stale.length} image(s) no task uses any more`)
}

async function measuredLayers(engine: Engine, ctx: ModeContext, entries: TaskEntry[]): Promise<SmokeReport['toolchain_layers']> {
  const withImage = entries.filter((e) => e.image_id)
  const layers = ctx.config.keep_images ? await imageLayers(engine, withImage.map((e) => e.image_id as string), ctx.signal) : new Map<string, string[]>()
  const tasks = new Map(ctx.tasks.map((t) => [t.id, t]))
  const stacks = new Set<string>()
  let counted = 0
  for (const entry of withImage) {
    const stack = layers.get(bareId(entry.image_id as string))
    const task = tasks.get(entry.id)
    if (!stack || !task) continue
    const dockerfile = readDockerfile(task) ?? ''
    stacks.add(stack.slice(0, stack.length - splitDockerfile(dockerfile).trailingCopies).join(','))
    counted++
  }
  if (counted === 0) return textLayers(ctx.tasks)
  return { method: 'image-layers', distinct: stacks.size, tasks: counted }
}

async function warnLowDisk(engine: Engine, config: SmokeConfig, warn: (m: string) => void): Promise<void> {
  const dir = await storageDir(engine)
  if (!dir) return
  try {
    const fs = statfsSync(dir)
    const freeMb = Math.floor((fs.bavail * fs.bsize) / 2 ** 20)
    if (freeMb < config.min_free_disk_mb) warn(`only ${freeMb} MB free under ${dir} (want ${config.min_free_disk_mb}); builds may fail. \`${engine.bin} system prune -af\` frees space`)
  } catch {
    // storage on another machine (remote engine): nothing to check here
  }
}

// ---- without an engine -------------------------------------------------------------------------

export async function withoutEngine(ctx: ModeContext): Promise<ModeResult> {
  const { entries, fresh } = await runTasks(ctx, {
    engine: 'none',
    present: (entry) => entry.status === 'lint-only',
    work: (task) => checkLocally(task, ctx),
  })
  ctx.signal?.throwIfAborted()
  return { entries, built: fresh.length, layers: textLayers(ctx.tasks), images: {} }
}

async function checkLocally(task: SmokeTask, ctx: ModeContext): Promise<TaskEntry> {
  const base = { ...entryBase(task), image: null, image_id: null, build_seconds: null, ...(task.variant === 'mcp' && { mcp: hasSidecar(task) ? notRun('no container engine') : remoteEntry() }) }
  const dockerfile = readDockerfile(task)
  const issues = dockerfile === undefined
    ? [{ line: 0, severity: 'error' as const, message: 'environment/Dockerfile is missing' }]
    : lintDockerfile(dockerfile, join(task.dir, 'environment'))
  const errors = issues.filter((i) => i.severity === 'error')
  if (errors.length) return { ...base, ...failed(task.id, { step: 'lint', message: `${errors.length} Dockerfile error(s)`, tail: formatIssues(issues) }) }
  const oracle = await localTrial(task, true, ctx.config, ctx.signal)
  const empty = await localTrial(task, false, ctx.config, ctx.signal)
  const verdict = judge(task.id, oracle, empty, ctx.config.pass_threshold)
  if (verdict.status === 'fail') return { ...base, ...verdict }
  return { ...base, ...verdict, status: 'lint-only', reason: issues.length ? `${task.id}: lint warnings:\n${formatIssues(issues)}` : null }
}

function textLayers(tasks: SmokeTask[]): SmokeReport['toolchain_layers'] {
  return { method: 'dockerfile-text', distinct: new Set(tasks.map(toolchainOf)).size, tasks: tasks.length }
}
