// The `generate` stage as the engine sees it: what it reads, writes and hashes. Light on purpose
// (paths only): the Taskfile and run-adapter load it eagerly, the generator itself loads only
// when the stage runs.
import { basename, dirname, join, resolve } from 'node:path'
import type { OutputSpec, Stage } from '../../engine/types.ts'
import type { GenerateOptions } from '../generate.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const schema = (name: string) => join(ROOT, 'schemas', name)

export interface GenerateStageOptions {
  /** selected_tasks.json, or explicit ids (run-adapter). */
  selected?: string
  ids?: string[]
  limit?: number
  dataset: string
  dataDir: string
  /** Config sections; missing keys take their schema defaults. */
  config: GenerateOptions['config']
  /** The tasks dir (a tree output: one entry per task, plus manifest.json). */
  tasks: string
  /** dataset.toml; inside the tasks dir it is written as one of its entries. */
  registry: string
  deps?: string[]
  /** The task templates (default: the project's templates/). */
  templatesDir?: string
  /** The dataset to write (default baseline). mcp: another stage (its own name) writing another dir. */
  variant?: 'baseline' | 'mcp'
  /** The stage name (default `generate`; the mcp variant's is `generate-mcp`). */
  name?: string
  /** mcp: the index stage's projects_to_index.json (repository and commit per project). */
  projectsToIndex?: string
}

/** The stage, and the paths of what it writes by key (what later stages read). */
export function generateStage(o: GenerateStageOptions): Stage & { files: { tasks: string; registry: string } } {
  const registryEntry = resolve(dirname(o.registry)) === resolve(o.tasks) ? basename(o.registry) : undefined
  const outputs: OutputSpec[] = [
    {
      path: o.tasks,
      kind: 'tree',
      schemas: {
        'manifest.json': schema('tasks-manifest.schema.json'),
        '*/task.toml': schema('harbor-task-toml.strict.schema.json'),
        '*/tests/ground_truth.json': schema('ground-truth.schema.json'),
        '*/tests/task_metadata.json': schema('task-metadata.schema.json'),
        ...(registryEntry && { [registryEntry]: schema('harbor-dataset-toml.schema.json') }),
      },
    },
  ]
  if (!registryEntry) outputs.push({ path: o.registry, kind: 'file', schema: schema('harbor-dataset-toml.schema.json') })
  const { languages, smoke } = o.config
  // The calibration margins are the calibrate stage's: a new margin must not rebuild every task.
  const verifier = o.config.verifier && withoutKey(o.config.verifier as Record<string, unknown>, 'calibration')
  // The baseline does not depend on the variant settings: adding the mcp variant must not rerun it.
  const { variants: _variants, mcp: _mcp, ...baselineTasks } = o.config.tasks ?? {}
  const tasks = o.variant === 'mcp' ? o.config.tasks : o.config.tasks && baselineTasks
  const templatesDir = o.templatesDir ?? join(ROOT, 'templates')
  return {
    files: { tasks: o.tasks, registry: o.registry },
    name: o.name ?? 'generate',
    title: o.variant === 'mcp' ? 'Harbor task directories, code over MCP' : 'Harbor task directories',
    deps: o.deps ?? [],
    inputs: [...(o.selected ? [o.selected] : []), o.dataset, ...(o.projectsToIndex ? [o.projectsToIndex] : [])],
    outputs,
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'generate.ts')],
      // The mcp variant ships a bundle of scripts/mcp/ and its npm packages (the lockfile's).
      files: [templatesDir, join(ROOT, 'package.json'), ...(o.variant === 'mcp' ? [join(ROOT, 'scripts', 'mcp'), join(ROOT, 'package-lock.json')] : [])],
      values: {
        tasks, languages, verifier,
        smoke: smoke && { image_prefix: smoke.image_prefix, push: smoke.push },
        ...(o.ids && { ids: o.ids }),
        ...(o.limit !== undefined && { limit: o.limit }),
        ...(o.variant === 'mcp' && { variant: o.variant }),
      },
    },
    run: async (ctx) => {
      const { generate } = await import('../generate.ts')
      const staged = ctx.out(o.tasks)
      const r = await generate({
        selected: o.selected, ids: o.ids, limit: o.limit, dataset: o.dataset, dataDir: o.dataDir,
        templatesDir, config: o.config, tasks: o.tasks, registryEntry, variant: o.variant, projectsToIndex: o.projectsToIndex,
        outputs: { tasks: staged, registry: registryEntry ? join(staged, registryEntry) : ctx.out(o.registry) },
        items: ctx.items, progress: ctx.progress, log: ctx.log, warn: ctx.warn, signal: ctx.signal,
        keep: { cacheDir: ctx.cacheDir, keptDir: join(dirname(o.tasks), 'kept') },
        contentCacheDir: ctx.contentCacheDir, forced: ctx.forced, knownHash: ctx.knownHash,
        concurrency: ctx.concurrency,
      })
      return { summary: r.summaryLine, inputs: r.inputs }
    },
  }
}

const withoutKey = (value: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))
