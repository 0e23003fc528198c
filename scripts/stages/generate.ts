// The `generate` stage: one Harbor task directory per selected scenario, plus manifest.json and a
// dataset.toml registry entry. Records are located with one byte-level scan of dataset.jsonl and
// then handled one by one in file order (a project's scenarios are adjacent, so only a few project
// trees are held at a time): each task's inputs are hashed (record, project files, templates,
// config, generator version), a pure decision keeps it or rebuilds it into the staging dir, and
// tasks no longer selected are handed back for removal at the end. Parts: generate/{plan,records,
// selected,caches,build,project,ground-truth,task-files,templates,write,manifest,kept,registry,
// commit,version}.ts.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { canonicalJson, sha256 } from '../lib/hash.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { check, compileSchema, schemaIssues } from '../lib/schemas.ts'
import { RenderError } from '../lib/render.ts'
import { imageName } from './smoke/config.ts'
import { buildTask, inPool, type BuildContext } from './generate/build.ts'
import { ContentHashes, DockerfileCache, ProjectCache } from './generate/caches.ts'
import { GenerateError, TaskError } from './generate/errors.ts'
import { currentDigest, type InodeHashes } from './generate/kept.ts'
import { manifestJson, MANIFEST_FILE, readManifest } from './generate/manifest.ts'
import { decideTask, strayEntries } from './generate/plan.ts'
import type { PlaceState } from './generate/project.ts'
import { renderDatasetToml } from './generate/registry.ts'
import { locateRecords, readRecordAt, type RecordLocation } from './generate/records.ts'
import { readSelectedIds } from './generate/selected.ts'
import { taskName } from './generate/task-files.ts'
import { loadTemplates } from './generate/templates.ts'
import { generatorVersion } from './generate/version.ts'
import { RenderedWriter } from './generate/write.ts'
import type { DatasetRecord, GenerateConfig, LanguagesConfig, ManifestEntry, TasksConfig } from './generate/types.ts'

export { GenerateError, TaskError } from './generate/errors.ts'
export { GENERATE_MODULE, generatorVersion } from './generate/version.ts'
export type { GenerateConfig, LanguagesConfig, TasksConfig, TasksManifest } from './generate/types.ts'

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
  config: { tasks?: Partial<TasksConfig>; languages?: Partial<LanguagesConfig>; verifier?: Record<string, unknown>; smoke?: Record<string, unknown> }
  outputs: {
    /** Staging dir for the tasks tree: receives only rebuilt task dirs and manifest.json. */
    tasks: string
    /** Path of the dataset.toml registry entry. */
    registry: string
  }
  /** The committed tasks dir: previous manifest and existing entries are read from it. */
  currentTasksDir: string
  /** Asks the caller to delete currentTasksDir/<entry> when committing. */
  remove(entry: string): void
  progress?(done: number, total: number, unit?: string): void
  log?(message: string): void
  warn?(message: string): void
  signal?: AbortSignal
  /** Only the first N selected ids that have a record (the CLI's --limit). */
  limit?: number
  /** Tasks in flight = 4 × this (default 8): the work waits on the file system more than on the CPU. */
  concurrency?: number
}

export interface GenerateResult {
  built: string[]
  kept: string[]
  removed: string[]
  failed: { id: string; error: string }[]
  /** Absolute project roots read: dynamic inputs for the engine to watch. */
  inputs: string[]
  /** Top-level entries of the tasks dir generate owns after this run: its task dirs and manifest.json. */
  owned: string[]
  summaryLine: string
}

/** Thrown after a run in which some tasks failed; `result` says what was staged anyway. */
export class GenerateFailedError extends GenerateError {
  readonly result: GenerateResult
  constructor(result: GenerateResult) {
    const lines = result.failed.slice(0, 20).map((f) => `  ${f.error}`)
    if (result.failed.length > 20) lines.push(`  … and ${result.failed.length - 20} more`)
    super(`${result.failed.length} task(s) failed:\n${lines.join('\n')}`)
    this.name = 'GenerateFailedError'
    this.result = result
  }
}

// Tasks handled at once. Much of the work is file-system latency (mkdir above all), so a few more
// requests than cores are kept in flight; libuv's 4 I/O threads bound the real parallelism (more
// threads measured slower on a 2-core machine: ext4 lock contention).
const tasksInFlight = (concurrency: number | undefined): number => (concurrency && concurrency > 0 ? concurrency * 4 : 8)

/** Fills schema defaults into a copy of each section; a bad section is a config error (exit 2). */
export function completeConfig(config: GenerateOptions['config']): GenerateConfig {
  const section = <T>(name: string, value: unknown): T => {
    const copy = structuredClone(value ?? {})
    const validate = compileSchema(`config/${name}.schema.json`, true)
    if (!validate(copy)) {
      const issues = schemaIssues(validate.errors).map((i) => `${name}${i.pointer === '/' ? '' : i.pointer.replaceAll('/', '.')}: ${i.message}`)
      throw new GenerateError(`invalid config: ${issues.join('; ')}`, 2)
    }
    return copy as T
  }
  return {
    tasks: section<TasksConfig>('tasks', config.tasks),
    languages: section<LanguagesConfig>('languages', config.languages),
    verifier: section<GenerateConfig['verifier']>('verifier', config.verifier),
    smoke: config.smoke === undefined ? undefined : section<Record<string, unknown>>('smoke', config.smoke),
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const log = options.log ?? (() => {})
  const warn = options.warn ?? (() => {})
  const progress = options.progress ?? (() => {})
  const config = completeConfig(options.config)
  taskName(config.tasks.org, 'probe')
  const version = generatorVersion()
  const templates = loadTemplates(options.templatesDir)

  const requested = selectedIds(options, warn)
  const located = locateRecords(options.dataset, new Set(requested))
  const unknown = requested.filter((id) => !located.has(id))
  if (unknown.length) warn(`${unknown.length} selected id(s) have no record in ${basename(options.dataset)} and are skipped: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ', …' : ''}`)
  let wanted = requested.filter((id) => located.has(id))
  if (options.limit !== undefined) wanted = wanted.slice(0, options.limit)
  if (wanted.length === 0) throw new GenerateError(`nothing to generate: none of the ${requested.length} selected id(s) has a record in ${options.dataset}`)
  const inFileOrder = [...wanted].sort((a, b) => (located.get(a) as RecordLocation).offset - (located.get(b) as RecordLocation).offset)

  const previousRead = readManifest(options.currentTasksDir)
  if (previousRead.manifest === undefined && previousRead.problem) warn(`${previousRead.problem}; treating every existing task dir as foreign`)
  const previous = previousRead.manifest
  const existing = new Set(existsSync(options.currentTasksDir) ? readdirSync(options.currentTasksDir) : [])

  const projects = new ProjectCache(options.dataDir, warn)
  const place: PlaceState = { mode: config.tasks.link, linkUnsupported: false, linked: 0, copied: 0 }
  const ctx: BuildContext = {
    config, templates, version, place, warn,
    dockerfiles: new DockerfileCache(templates.compiled.dockerfile, config.languages),
    hashes: new ContentHashes(),
    writer: new RenderedWriter(config.tasks.link === 'auto'),
  }
  const recipe = canonicalJson({ templates: templates.hash, tasks: config.tasks, weights: config.verifier.weights })
  const manifest = new Map<string, ManifestEntry>()
  const built: string[] = []
  const kept: string[] = []
  const failed = new Map<string, string>()
  const sharedInodes: InodeHashes = new Map()
  let done = 0

  await inPool(inFileOrder, tasksInFlight(options.concurrency), async (id) => {
    options.signal?.throwIfAborted()
    const dir = join(options.outputs.tasks, id)
    try {
      const { record, recordHash } = readRecord(options.dataset, id, located.get(id) as RecordLocation)
      const root = projects.rootOf(record)
      const tree = projects.get(root, id)
      const dockerfile = ctx.dockerfiles.get(record.language, id)
      const dockerImage = config.smoke?.push === true ? imageName(config.smoke as { image_prefix: string }, id) : undefined
      const inputHash = sha256(`${version}\n${recipe}\n${ctx.hashes.of(dockerfile, true)}\n${dockerImage ?? ''}\n${tree.digest}\n${recordHash}\n`)
      const decision = decideTask({ id, inputHash, language: record.language }, previous, existing)
      const before = previous?.tasks[id]
      if (decision.keep && before && currentDigest(join(options.currentTasksDir, id), tree, sharedInodes) === before.output_hash) {
        manifest.set(id, before)
        kept.push(id)
      } else {
        const outputHash = await buildTask({ record, tree, inputHash, dockerImage }, dir, ctx)
        manifest.set(id, { input_hash: inputHash, output_hash: outputHash, language: record.language })
        built.push(id)
      }
    } catch (error) {
      if (error instanceof GenerateError || options.signal?.aborted) throw error
      await rm(dir, { recursive: true, force: true })
      failed.set(id, describeError(id, error))
      // A dir built before stays ours (and stale: its old input hash makes the next run retry).
      const before = previous?.tasks[id]
      if (before && existing.has(id)) manifest.set(id, before)
    }
    progress(++done, inFileOrder.length, 'tasks')
  })

  const reserved = [MANIFEST_FILE, ...failed.keys()]
  if (resolve(dirname(options.outputs.registry)) === resolve(options.currentTasksDir)) reserved.push(basename(options.outputs.registry))
  const stray = strayEntries(new Set(wanted), previous, existing, reserved)
  for (const name of stray.foreign) warn(`${join(options.currentTasksDir, name)} was not generated by this tool (not in manifest.json); left alone`)

  mkdirSync(options.outputs.tasks, { recursive: true })
  writeFileSync(join(options.outputs.tasks, MANIFEST_FILE), manifestJson(version, manifest))
  const listed = [...manifest.keys()].sort()
  writeFileAtomic(
    options.outputs.registry,
    renderDatasetToml(templates.compiled.datasetToml, config.tasks, listed.map((id) => ({ name: taskName(config.tasks.org, id), digest: (manifest.get(id) as ManifestEntry).output_hash }))),
  )
  for (const name of stray.remove) options.remove(name)

  const result: GenerateResult = {
    built: built.sort(),
    kept: kept.sort(),
    removed: stray.remove,
    failed: [...failed].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, error]) => ({ id, error })),
    inputs: projects.roots(),
    owned: [...listed, MANIFEST_FILE],
    summaryLine: summary(built.length, kept.length, stray.remove.length, failed.size, place),
  }
  log(result.summaryLine)
  if (result.failed.length) throw new GenerateFailedError(result)
  return result
}

/**
 * The record of `id`, validated, and the sha256 of its line. That line is the record's identity in
 * the input hash: extract writes every record deterministically, so equal records are equal bytes
 * (a reformatted file only costs a rebuild), and hashing bytes is cheaper than canonical JSON.
 */
function readRecord(dataset: string, id: string, at: RecordLocation): { record: DatasetRecord; recordHash: string } {
  const { value, sha256: recordHash } = readRecordAt(dataset, at)
  if (value.id !== id) throw new GenerateError(`${dataset}:${at.line}: the file changed during the run (expected record ${id})`)
  const issues = check('dataset-record.schema.json', value)
  if (issues.length) throw new TaskError(id, `${dataset}:${at.line} does not match dataset-record.schema.json: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
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
  if (error instanceof RenderError || error instanceof GenerateError) return `${id}: ${error.message}`
  const e = error as NodeJS.ErrnoException
  return `${id}: ${e.code ? `${e.code} ` : ''}${e.message ?? String(error)}`
}

function summary(built: number, kept: number, removed: number, failed: number, place: PlaceState): string {
  const parts = [`${built} built`, `${kept} kept`, `${removed} removed`]
  if (failed) parts.push(`${failed} failed`)
  let line = parts.join(', ')
  if (place.linked || place.copied) line += ` (project files: ${place.linked} linked, ${place.copied} copied)`
  return line
}
