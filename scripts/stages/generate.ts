// The `generate` stage: one Harbor task directory per selected scenario, plus manifest.json and a
// dataset.toml registry entry. Records are located with one byte-level scan of dataset.jsonl and
// then handled as the engine's items in file order (a project's scenarios are adjacent, so only a
// few project trees are held at a time): each task's input hash covers its record, project files,
// templates, config and generator version; the engine keeps a task whose hash and directory are
// unchanged, builds the others into staging, and removes tasks no longer selected. Parts:
// generate/{records,selected,caches,build,project,ground-truth,task-files,templates,write,
// manifest,registry,version}.ts.
import { mkdirSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { runItems } from '../engine/items.ts'
import type { RunContext } from '../engine/types.ts'
import { canonicalJson, sha256 } from '../lib/hash.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { check, completeSection } from '../lib/schemas.ts'
import { RenderError } from '../lib/render.ts'
import { imageName } from '../lib/image-name.ts'
import { buildTask, type BuildContext, type BuildInputs } from './generate/build.ts'
import { ContentHashes, DockerfileCache, ProjectCache } from './generate/caches.ts'
import { FileHashes } from './generate/file-hashes.ts'
import { GenerateError, TaskError } from './generate/generate-errors.ts'
import { manifestJson, MANIFEST_FILE } from './generate/manifest.ts'
import { PROJECT_PREFIX, type PlaceState } from './generate/project.ts'
import { renderDatasetToml } from './generate/registry.ts'
import { manifestEntry, type TaskFacts } from './generate/harbor-task-digest.ts'
import { harborDigestOfDir } from '../lib/harbor-digest.ts'
import { DatasetError, DATASET_RECORD_SCHEMA, indexRecords, readRecordAt, type DatasetRecord, type RecordRef } from '../contracts/dataset.ts'
import { readSelectedIds } from '../contracts/selected-tasks.ts'
import { taskName } from './generate/task-files.ts'
import { loadTemplates } from './generate/templates.ts'
import { generatorVersion } from './generate/version.ts'
import { withHeapGrowth } from '../lib/heap-growth.ts'
import { releaseMemory } from '../lib/release-memory.ts'
import { RenderedWriter } from './generate/write.ts'
import { KeptFiles } from './generate/kept.ts'
import { computeBaselines } from './generate/baselines.ts'
import type { SmokeConfig, VerifierConfig } from '../contracts/config.ts'
import type { GenerateConfig, LanguagesConfig, TasksConfig } from './generate/generate-types.ts'
import { baselineTasksRecipe, McpVariant, VARIANT_SUFFIX, withoutProjectCopy, type Variant } from './generate/variant-mcp.ts'

export { GenerateError, TaskError } from './generate/generate-errors.ts'
export { GENERATE_MODULE, generatorVersion } from './generate/version.ts'
export type { GenerateConfig, LanguagesConfig, TasksConfig, TasksManifest } from './generate/generate-types.ts'

export type ItemsRunner = RunContext['items']

export interface GenerateOptions {
  /** selected_tasks.json (absolute): the ids to generate, in selection order. */
  selected?: string
  /** Explicit ids instead of `selected` (the run-adapter CLI). */
  ids?: string[]
  /** dataset.jsonl (absolute): the full records. */
  dataset: string
  /** The data root that records' project paths are relative to (absolute). */
  dataDir: string
  /** templates/ (absolute). */
  templatesDir: string
  /** Config sections; missing keys take their schema defaults. */
  config: { tasks?: Partial<TasksConfig>; languages?: Partial<LanguagesConfig>; verifier?: Partial<VerifierConfig>; smoke?: Partial<SmokeConfig> }
  outputs: {
    /** Staging dir for the tasks tree: receives only rebuilt task dirs and manifest.json. */
    tasks: string
    /** Path of the dataset.toml registry entry. */
    registry: string
  }
  /** Which dataset to write (default baseline); mcp: generate/variant-mcp.ts. */
  variant?: Variant
  /** mcp: the index stage's projects_to_index.json (each task's repository and commit). */
  projectsToIndex?: string
  /** The tasks dir as committed (the engine's tree output); default: `outputs.tasks`. */
  tasks?: string
  /** The engine's item runner (`ctx.items`): keeps unchanged tasks, removes deselected ones. */
  items?: ItemsRunner
  /** When the registry is written inside the tasks dir: its name there (an entry generate owns). */
  registryEntry?: string
  progress?(done: number, total: number, unit?: string): void
  log?(message: string): void
  warn?(message: string): void
  signal?: AbortSignal
  /** Only the first N selected ids that have a record (the CLI's --limit). */
  limit?: number
  /** Tasks in flight = 4 × this without the engine (default 2 → 8): see TASKS_PER_SLOT. */
  concurrency?: number
  /**
   * When tasks are staged apart from the committed dir (the engine): where generate keeps its
   * lists of written files, and where files it did not write are moved before a task dir is
   * rebuilt or removed (generate/kept.ts).
   */
  keep?: { cacheDir: string; keptDir: string }
  /** Where project files' hashes and the last leak baseline are kept between runs (the engine's
   *  contentCacheDir; none: every project file is read and the baseline made each run). */
  contentCacheDir?: string
  /** Trust none of them (`--force generate`); what is learnt is still kept. */
  forced?: boolean
  /** Told every project file's hash (the engine's ctx.knownHash), so it need not read them to
   *  stamp generate's inputs. */
  knownHash?: RunContext['knownHash']
}

export interface GenerateResult {
  built: string[]
  kept: string[]
  removed: string[]
  /** Tasks that could not be built; the others are staged (a result, not a throw). */
  failed: { id: string; error: string }[]
  /** Absolute project roots read: dynamic inputs for the engine to watch. */
  inputs: string[]
  summaryLine: string
}

// Tasks in flight per unit of concurrency. Much of the work is file-system latency (mkdir above
// all), so a few more requests than cores are kept in flight; libuv's 4 I/O threads bound the
// real parallelism (more threads measured slower on a 2-core machine: ext4 lock contention).
const TASKS_PER_SLOT = 4

/** Each section completed with its schema defaults; a bad key is a ConfigError (exit 2). */
export function completeConfig(config: GenerateOptions['config']): GenerateConfig {
  return {
    tasks: completeSection<TasksConfig>('tasks', config.tasks),
    languages: completeSection<LanguagesConfig>('languages', config.languages),
    verifier: completeSection<GenerateConfig['verifier']>('verifier', config.verifier),
    smoke: config.smoke === undefined ? undefined : completeSection<SmokeConfig>('smoke', config.smoke),
  }
}

/** Heap growth while generating (lib/heap-growth.ts). At 8,000 tasks, against V8's own choice:
 *  10 % cost CPU, 100 % saved less; 50 % peaked 51,000-110,000 KiB lower in the same time. */
const HEAP_GROWTH_PERCENT = 50

export function generate(options: GenerateOptions): Promise<GenerateResult> {
  return withHeapGrowth(HEAP_GROWTH_PERCENT, () => generateTasks(options))
}

async function generateTasks(options: GenerateOptions): Promise<GenerateResult> {
  const log = options.log ?? (() => {})
  const warn = options.warn ?? (() => {})
  const config = completeConfig(options.config)
  taskName(config.tasks.org, 'probe')
  const version = generatorVersion()
  const templates = loadTemplates(options.templatesDir)

  const requested = selectedIds(options, warn)
  // Every record, once: the selected ones and, for the leak baseline, the others on their projects.
  const located = indexRecords(options.dataset)
  const unknown = requested.filter((id) => !located.has(id))
  if (unknown.length) warn(`${unknown.length} selected id(s) have no record in ${basename(options.dataset)} and are skipped: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`)
  let wanted = requested.filter((id) => located.has(id))
  if (options.limit !== undefined) wanted = wanted.slice(0, options.limit)
  if (wanted.length === 0) throw new GenerateError(`nothing to generate: none of the ${requested.length} selected id(s) has a record in ${options.dataset}`)
  const inFileOrder = [...wanted].sort((a, b) => (located.get(a) as RecordRef).offset - (located.get(b) as RecordRef).offset)

  const fileHashes = new FileHashes(options.contentCacheDir, options.forced, options.knownHash)
  const projects = new ProjectCache(options.dataDir, warn, fileHashes)
  const place: PlaceState = { mode: config.tasks.link, linkUnsupported: false, linked: 0, copied: 0, reused: 0 }
  const ctx: BuildContext = {
    config, templates, version, place, warn,
    dockerfiles: new DockerfileCache(templates.compiled.dockerfile, config.languages),
    hashes: new ContentHashes(),
    // Rendered files shared across tasks are hard-linked to each other only when hard links were
    // asked for: otherwise editing one task's verify.py would edit every task's.
    writer: new RenderedWriter(config.tasks.link !== 'copy'),
  }
  // The verifier's cross-task baselines (common vocabulary, shared phrasing for the leak check)
  // read other records too; their hash is part of the recipe, so a change rebuilds every task.
  const baselineCache = options.contentCacheDir === undefined ? undefined : { dir: options.contentCacheDir, ignore: options.forced, warn }
  const baselines = computeBaselines(options.dataset, inFileOrder, located, config.tasks.leak_check.enabled, baselineCache)
  ctx.commonTerms = baselines.common
  ctx.leakBaseline = baselines.leak
  if (baselines.leak) log(`leak baseline ${baselines.reused ? 'reused' : 'made'}`)
  // Making the leak baseline n-grams every text on the selected projects: what that grew this
  // thread's heap by (~45 MB at full scale) would otherwise stay through the whole build.
  if (baselines.leak && !baselines.reused) releaseMemory()
  // Without the variant settings: the baseline's tasks are the same whichever variants are made.
  const mcp = options.variant === 'mcp' ? await McpVariant.load(config.tasks, options.projectsToIndex) : undefined
  ctx.mcp = mcp
  const suffix = VARIANT_SUFFIX[options.variant ?? 'baseline']
  const recipe = canonicalJson({ templates: templates.hash, tasks: baselineTasksRecipe(config.tasks), verifier: config.verifier, baselines: baselines.hash, ...(mcp && { mcp: mcp.recipe }) })
  const tasksDir = options.tasks ?? options.outputs.tasks
  const reserved = [MANIFEST_FILE, ...(options.registryEntry ? [options.registryEntry] : [])]

  const items = options.items ?? freshItems(options)
  const kept = options.keep && new KeptFiles({ tasksDir, ...options.keep, warn })
  const ran = await items<BuildInputs, TaskFacts>({
    tree: tasksDir,
    keys: inFileOrder,
    reserved,
    unit: 'tasks',
    perSlot: TASKS_PER_SLOT,
    fatal: (error) => error instanceof GenerateError || error instanceof DatasetError,
    prepare: (id) => {
      const { record, recordHash } = readRecord(options.dataset, id, located.get(id) as RecordRef)
      const tree = projects.get(projects.rootOf(record), id)
      const languageDockerfile = ctx.dockerfiles.get(record.language, id)
      const dockerfile = mcp ? withoutProjectCopy(languageDockerfile) : languageDockerfile
      const dockerImage = config.smoke?.push === true ? imageName(config.smoke, `${id}${suffix}`) : undefined
      const mcpInfo = mcp?.info(id, record.project_id)
      const inputHash = sha256(`${version}\n${recipe}\n${ctx.hashes.of(dockerfile, true)}\n${dockerImage ?? ''}\n${tree.digest}\n${recordHash}\n${mcp && mcpInfo ? mcp.hashPart(mcpInfo) : ''}`)
      return { hash: inputHash, value: { record, tree, inputHash, dockerImage, dockerfile, mcp: mcpInfo } }
    },
    build: async (id, inputs, dir, previous) => {
      // In copy mode a rebuild whose project bytes are unchanged (a template or the verifier
      // changed) links the last build's copies: at 8,000 tasks that is 6.7 GB not copied again.
      const copies = config.tasks.link === 'copy' && !mcp ? inputs.tree.digest : undefined
      const copiesIn = copies !== undefined && previous?.facts.project_copies === copies ? join(previous.dir, PROJECT_PREFIX) : undefined
      const digests = await buildTask(inputs, dir as string, ctx, copiesIn)
      await kept?.rebuilt(id, dir as string, digests.written)
      return { input_hash: inputs.inputHash, output_hash: digests.output, language: inputs.record.language, project_id: inputs.record.project_id, harbor_digest: digests.harbor, ...(copies && { project_copies: copies }) }
    },
  })
  try {
    fileHashes.save()
  } catch (error) {
    warn(`project file hashes could not be kept for the next run: ${(error as Error).message}`)
  }
  const files = fileHashes.counts
  log(`${files.read} project files read, ${files.reused} reused`)
  // Removed at commit: what the user added to them goes aside first.
  for (const id of ran.removed) await kept?.removed(id)
  for (const name of ran.foreign) warn(`${join(tasksDir, name)} was not generated by this tool (no record of it); left alone`)

  // A task that failed keeps its last good dir, still listed (the next run retries it).
  const facts = new Map(ran.facts)
  for (const f of ran.failed) if (f.facts) facts.set(f.key, f.facts)
  const manifest = new Map([...facts].map(([id, f]) => [id, manifestEntry(f)]))
  mkdirSync(options.outputs.tasks, { recursive: true })
  writeFileSync(join(options.outputs.tasks, MANIFEST_FILE), manifestJson(version, manifest))
  // A task kept from a run that did not record Harbor's digest is read once from its dir.
  const harborDigestOf = (id: string) => facts.get(id)?.harbor_digest ?? harborDigestOfDir(join(tasksDir, id))
  const listed = [...manifest.keys()].sort()
  writeFileAtomic(
    options.outputs.registry,
    renderDatasetToml(templates.compiled.datasetToml, { ...config.tasks, dataset_name: `${config.tasks.dataset_name}${suffix}` }, listed.map((id) => ({ name: taskName(config.tasks.org, `${id}${suffix}`), digest: harborDigestOf(id) }))),
  )

  const failed = ran.failed.map((f) => ({ id: f.key, error: describeError(f.key, f.error) })).sort((a, b) => (a.id < b.id ? -1 : 1))
  const result: GenerateResult = {
    built: ran.built.map((b) => b.key).sort(),
    kept: [...ran.kept].sort(),
    removed: ran.removed,
    failed,
    inputs: projects.roots(),
    summaryLine: summary(ran.built.length, ran.kept.length, ran.removed.length, failed.length, place),
  }
  log(result.summaryLine)
  return result
}

/** Without the engine (a test, a one-off call): every task is built into `outputs.tasks`. */
function freshItems(options: GenerateOptions): ItemsRunner {
  return async (spec) => (await runItems(spec, {
    book: undefined,
    staging: options.outputs.tasks,
    existing: () => [],
    remove: () => {},
    concurrency: options.concurrency ?? 2,
    signal: options.signal,
    progress: options.progress,
  })).result
}

/**
 * The record of `id`, validated, and the sha256 of its line. That line is the record's identity in
 * the input hash: extract writes every record deterministically, so equal records are equal bytes
 * (a reformatted file only costs a rebuild), and hashing bytes is cheaper than canonical JSON.
 */
function readRecord(dataset: string, id: string, at: RecordRef): { record: DatasetRecord; recordHash: string } {
  const { value, sha256: recordHash } = readRecordAt(dataset, at)
  const issues = check(DATASET_RECORD_SCHEMA, value)
  if (issues.length) throw new TaskError(id, `${dataset}:${at.line} does not match ${DATASET_RECORD_SCHEMA}: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return { record: value as unknown as DatasetRecord, recordHash }
}

function selectedIds(options: GenerateOptions, warn: (m: string) => void): string[] {
  let ids: string[]
  if (options.ids) ids = options.ids
  else if (options.selected) ids = readSelectedIds(options.selected)
  else throw new GenerateError('generate needs `selected` (selected_tasks.json) or `ids`', 2)
  const unique = [...new Set(ids)]
  if (unique.length < ids.length) warn(`${ids.length - unique.length} duplicate id(s) in the selection ignored`)
  if (unique.length === 0) throw new GenerateError(`no task selected${options.selected ? ` in ${options.selected}` : ''}`)
  return unique
}

function describeError(id: string, error: unknown): string {
  if (error instanceof TaskError) return error.message
  if (error instanceof RenderError || error instanceof GenerateError || error instanceof DatasetError) return `${id}: ${error.message}`
  const e = error as NodeJS.ErrnoException
  return `${id}: ${e.code ? `${e.code} ` : ''}${e.message ?? String(error)}`
}

function summary(built: number, kept: number, removed: number, failed: number, place: PlaceState): string {
  const parts = [`${built} built`, `${kept} kept`, `${removed} removed`]
  if (failed) parts.push(`${failed} failed`)
  let line = parts.join(', ')
  if (place.linked || place.copied || place.reused) line += ` (project files: ${place.linked} linked, ${place.copied} copied${place.reused ? `, ${place.reused} copies reused` : ''})`
  return line
}
