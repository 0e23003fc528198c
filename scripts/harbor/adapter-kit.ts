// The Harbor adapter kit: what a pull request adding these tasks to Harbor's adapters/ needs
// besides the tasks themselves, written from the generated tasks so every number in it is a count
// of real files:
//
//   <out>/harbor/adapter/
//     adapter_metadata.json    the adapter and the original benchmark, sizes counted from the tasks
//     parity_experiment.json   the parity record as a template (runs and summaries empty)
//     run_<id>.yaml            a job config for `harbor run -c` (oracle), every task listed
//     run_<id>-parity.yaml     the same for the parity subset, when harbor.adapter.parity_tasks is set
//     README.md                the adapter README, in the section order of Harbor's template
//
// The JSON files are checked against schemas/harbor-adapter-metadata.schema.json and
// schemas/harbor-parity-experiment.schema.json before anything is written.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { replaceDir, stagingFor, toJson, toPosix, writeFileAtomic } from '../lib/fsx.ts'
import { assertValid } from '../lib/schemas.ts'
import { ExitError } from '../lib/errors.ts'
import { adapterReadme, type KitFacts, type KitTask, type ParityRecord } from './adapter-readme.ts'
import { harborConfig } from './harbor-config.ts'
import { pickTasks, readGeneratedTasks, type GeneratedTask } from './harbor-pick.ts'
import { toYaml } from './harbor-yaml.ts'

export class AdapterKitError extends ExitError {}

export interface AdapterKitOptions {
  /** The out dir: the kit goes to <outDir>/harbor/adapter/, and job configs name tasks relative to it. */
  outDir: string
  /** The generated tasks (manifest.json and one folder per task). */
  tasksDir: string
  /** The dataset manifest generate wrote (tasks/dataset.toml, beside the task dirs). */
  registryFile: string
  /** The loaded config; `harbor` (its `adapter` part) and `verifier` are read. */
  config: { harbor?: unknown; verifier?: unknown }
  /** selected_tasks.json, for the size of the original data and the selection rules; optional. */
  selectedFile?: string
  /**
   * Where the files go, default <outDir>/harbor/adapter/ (a stage writing into a staging folder
   * passes that here; task paths in the job configs stay relative to outDir, where they will be).
   */
  kitDir?: string
}

export interface AdapterKitResult {
  dir: string
  /** Absolute paths of the files written, sorted. */
  files: string[]
}

export const KIT_DIR = join('harbor', 'adapter')

/** What people fill in; a new kit keeps it, and recomputes only the names and sizes. */
const FILLED_IN = ['agent', 'model', 'date', 'number_of_runs', 'notes', 'original_parity_repo', 'adapter_pr', 'dataset_pr', 'parity_pr', 'metrics'] as const

/**
 * The parity record of an earlier kit: kept, since it holds what was filled in after running both
 * harnesses. A file that is not a valid record stops the kit (overwriting it would lose that work).
 */
function readPreviousParity(file: string): ParityRecord | undefined {
  if (!existsSync(file)) return undefined
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new AdapterKitError(`${file}: not valid JSON (fix or remove it; the kit keeps what was filled in there): ${(error as Error).message}`)
  }
  try {
    assertValid('harbor-parity-experiment.schema.json', value, file)
  } catch (error) {
    throw new AdapterKitError(`${(error as Error).message}\n(fix or remove it; the kit keeps what was filled in there)`)
  }
  return (value as ParityRecord[])[0]
}

function readText(file: string, what: string): string {
  if (!existsSync(file)) throw new AdapterKitError(`${file}: not found (${what})`)
  return readFileSync(file, 'utf8')
}

function tomlOf(file: string, what: string): Record<string, unknown> {
  try {
    return parseToml(readText(file, what)) as Record<string, unknown>
  } catch (error) {
    if (error instanceof AdapterKitError) throw error
    throw new AdapterKitError(`${file}: not valid TOML: ${(error as Error).message.split('\n')[0]}`)
  }
}

const str = (value: unknown, file: string, field: string): string => {
  if (typeof value !== 'string' || !value) throw new AdapterKitError(`${file}: ${field}: must be a non-empty string`)
  return value
}

function readTask(task: GeneratedTask): KitTask {
  const file = join(task.dir, 'task.toml')
  const toml = tomlOf(file, 'task.toml of a generated task')
  const meta = (toml.metadata ?? {}) as Record<string, unknown>
  return { ...task, category: str(meta.category, file, '[metadata].category'), difficulty: str(meta.difficulty, file, '[metadata].difficulty') }
}

/** dataset.toml: its name, description and [[tasks]], each of which must be a generated task. */
function readRegistry(file: string, ids: Set<string>): { name: string; description: string; count: number } {
  const toml = tomlOf(file, 'the dataset manifest written by generate')
  const dataset = (toml.dataset ?? {}) as Record<string, unknown>
  const name = str(dataset.name, file, '[dataset].name')
  const description = typeof dataset.description === 'string' ? dataset.description : ''
  const tasks = toml.tasks
  if (!Array.isArray(tasks)) throw new AdapterKitError(`${file}: [[tasks]]: missing`)
  tasks.forEach((entry, i) => {
    const taskName = str((entry as Record<string, unknown>)?.name, file, `[[tasks]] #${i + 1} name`)
    const id = taskName.slice(taskName.indexOf('/') + 1)
    if (!ids.has(id)) throw new AdapterKitError(`${file}: [[tasks]] #${i + 1} name: ${taskName} is not a generated task (not in manifest.json)`)
  })
  return { name, description, count: tasks.length }
}

function readSelection(file: string): KitFacts['selection'] {
  let value: Record<string, unknown>
  try {
    value = JSON.parse(readText(file, 'selected_tasks.json written by select')) as Record<string, unknown>
  } catch (error) {
    if (error instanceof AdapterKitError) throw error
    throw new AdapterKitError(`${file}: not valid JSON: ${(error as Error).message}`)
  }
  const stats = (value.statistics ?? {}) as Record<string, unknown>
  const criteria = (value.selection_criteria ?? {}) as Record<string, unknown>
  const count = (key: string): number => {
    const n = stats[key]
    if (!Number.isInteger(n) || (n as number) < 0) throw new AdapterKitError(`${file}: /statistics/${key}: must be a non-negative integer`)
    return n as number
  }
  const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)
  return { read: count('total_tasks'), filtered: count('filtered_tasks'), selected: count('selected_tasks'), minContextLength: num(criteria.min_context_length), minFilesCount: num(criteria.min_files_count), topN: num(criteria.top_n) }
}

/** Numeric metric weights from the verifier config, whatever their names. */
function weightsOf(verifier: unknown): Record<string, number> {
  const weights = (verifier as { weights?: unknown } | undefined)?.weights
  if (!weights || typeof weights !== 'object') return {}
  return Object.fromEntries(Object.entries(weights as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number'))
}

/** The job config: Harbor's oracle on `tasks`, paths relative to the out dir. */
export function jobConfig(tasks: GeneratedTask[], outDir: string, concurrency: number): Record<string, unknown> {
  return {
    jobs_dir: 'harbor/jobs',
    n_concurrent_trials: concurrency,
    environment: { type: 'docker' },
    agents: [{ name: 'oracle' }],
    tasks: tasks.map((t) => ({ path: toPosix(relative(outDir, t.dir)) })),
  }
}

export function adapterMetadata(facts: KitFacts): unknown[] {
  const adapted = facts.tasks.length
  const parity = facts.parityTasks.length
  const sel = facts.selection
  return [
    {
      adapter_name: facts.adapterId,
      adapter_builders: facts.builders.length ? facts.builders : ['Fill in: Name (email), in harbor.adapter.builders of the config'],
      original_benchmark: [
        {
          split: 'full',
          size: sel ? sel.read : null,
          harness: 'agent',
          supported_agents: null,
          adaptable: true,
          notes: sel
            ? `${sel.read} scenarios read; ${sel.filtered} kept by the context-length and file-count filters; the ${sel.selected} best scored were made into Harbor tasks.`
            : 'The number of scenarios read was not given to the kit (no selected_tasks.json).',
        },
      ],
      harbor_adapter: [
        {
          split: 'full',
          adapted_benchmark_size: adapted,
          parity_benchmark_size: parity,
          parity_sampling_rate: adapted ? Math.round((parity / adapted) * 10_000) / 10_000 : 0,
          registry_benchmark_size: facts.registryTasks,
          added_agents: ['None'],
          parity_matching_agents: [],
          parity_unmatching_agents: [],
          parity_costs: null,
          notes: `The oracle copies the reference answer into /logs/agent/solution.md; the verifier scores an answer from 0 to 1. Parity: ${parity === adapted ? 'on every adapted task' : `on ${parity} of ${adapted} tasks, one per language first (${facts.parityConfig})`}.`,
        },
      ],
    },
  ]
}

export function parityTemplate(facts: KitFacts): unknown[] {
  const previous = facts.previousParity
  const kept = previous ? Object.fromEntries(FILLED_IN.map((key) => [key, previous[key]])) : {}
  return [
    {
      adapter_name: facts.adapterId,
      agent: null,
      model: null,
      date: null,
      adapted_benchmark_size: facts.tasks.length,
      parity_benchmark_size: facts.parityTasks.length,
      number_of_runs: facts.parityRuns,
      notes: 'Template written by locobench-harbor: fill in agent, model, date, original_parity_repo and both sides\' runs, then run `npx node scripts/harbor/parity-fill.ts` on this file.',
      original_parity_repo: null,
      adapter_pr: [],
      dataset_pr: [],
      parity_pr: [],
      metrics: [
        {
          benchmark_name: 'LoCoBench-Agent',
          metric: 'mean reward',
          original: null,
          harbor: null,
          original_runs: [],
          harbor_runs: [],
        },
      ],
      ...kept,
    },
  ]
}

/** Gathers every fact the kit states, checking the inputs agree with each other. */
export function kitFacts(options: AdapterKitOptions): KitFacts {
  const config = harborConfig(options.config.harbor).adapter
  const tasks = readGeneratedTasks(options.tasksDir).map(readTask)
  if (!tasks.length) throw new AdapterKitError(`${join(options.tasksDir, 'manifest.json')}: lists no tasks`)
  const registry = readRegistry(options.registryFile, new Set(tasks.map((t) => t.id)))
  const parityCount = Math.min(config.parity_tasks ?? tasks.length, tasks.length)
  const parityTasks = parityCount === tasks.length ? tasks : (pickTasks(tasks, parityCount) as KitTask[])
  const previousParity = readPreviousParity(join(options.outDir, KIT_DIR, 'parity_experiment.json'))
  return {
    adapterId: config.id,
    datasetName: registry.name,
    datasetDescription: registry.description,
    tasks,
    registryTasks: registry.count,
    parityTasks,
    // Once a parity record exists, its number_of_runs (filled in with the runs) wins over the config.
    parityRuns: previousParity?.number_of_runs ?? config.parity_runs,
    selection: options.selectedFile ? readSelection(options.selectedFile) : undefined,
    weights: weightsOf(options.config.verifier),
    builders: config.builders,
    concurrency: config.concurrency,
    runConfig: `run_${config.id}.yaml`,
    parityConfig: parityTasks === tasks ? undefined : `run_${config.id}-parity.yaml`,
    previousParity,
  }
}

export function writeAdapterKit(options: AdapterKitOptions): AdapterKitResult {
  const facts = kitFacts(options)
  const dir = options.kitDir ?? join(options.outDir, KIT_DIR)
  const header = (what: string) => [
    `Harbor job config for the LoCoBench-Agent tasks${what} (written by locobench-harbor).`,
    'Run it from the out dir, where the task paths below lead:',
    `  cd <out dir> && harbor run -c ${toPosix(KIT_DIR)}/${what ? facts.parityConfig : facts.runConfig}`,
    'The agent is the oracle; for parity give the agent and model on the command line',
    '(-a <agent> -m <model>) or replace agents below. Add --extra-docker-compose <file> on',
    'engines without bridge networking (see the README of locobench-harbor).',
  ]
  const files = new Map<string, string>()
  const metadata = adapterMetadata(facts)
  const parity = parityTemplate(facts)
  assertValid('harbor-adapter-metadata.schema.json', metadata, join(dir, 'adapter_metadata.json'))
  assertValid('harbor-parity-experiment.schema.json', parity, join(dir, 'parity_experiment.json'))
  files.set('adapter_metadata.json', toJson(metadata))
  files.set('parity_experiment.json', toJson(parity))
  const run = jobConfig(facts.tasks, options.outDir, facts.concurrency)
  assertValid('harbor-job-config.schema.json', run, join(dir, facts.runConfig))
  files.set(facts.runConfig, toYaml(run, header('')))
  if (facts.parityConfig) {
    const parityRun = jobConfig(facts.parityTasks, options.outDir, facts.concurrency)
    assertValid('harbor-job-config.schema.json', parityRun, join(dir, facts.parityConfig))
    files.set(facts.parityConfig, toYaml(parityRun, header(', parity subset')))
  }
  files.set('README.md', adapterReadme(facts))

  // Written into a sibling folder and swapped in whole: a kit is never half old, half new, and a
  // file an earlier kit wrote (a parity config no longer asked for) does not linger.
  const staging = stagingFor(dir)
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  for (const [name, text] of files) writeFileAtomic(join(staging, name), text)
  replaceDir(staging, dir)
  return { dir, files: [...files.keys()].sort().map((name) => join(dir, basename(name))) }
}
