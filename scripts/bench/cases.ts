// The measurements, in the order they run: each leaves the out dir in the state the next expects.
import { createReadStream, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { check, fromGraph, measure, type CaseSpec, type RunOutcome } from './measure.ts'
import { extractCounts, generateCounts, selectCounts } from './summaries.ts'
import type { DiskMeasurement, Measurement } from './bench-types.ts'
import { BenchError, diskUsage, EditedFile, makeCold, retitle, runGraph, writeConfig, type GraphRun, type Json, type Launcher, type Workspace } from './workspace.ts'

export interface Plan {
  /** Runs of the fast cases (no-op, edits, one stage alone). */
  runs: number
  /** Runs of the cold graph. */
  runsSlow: number
  /** Runs of each 8,000-task case. */
  runs8000: number
  /** Measurement ids left out (their untimed prerequisites still run). */
  skip: ReadonlySet<string>
  /** Untimed warm-up runs before the cold graph and the edit cases. */
  warmups: boolean
}

export interface Context {
  ws: Workspace
  plan: Plan
  log: (line: string) => void
  /** Files edited in place; the caller restores them whatever happens. */
  edits: EditedFile[]
}

export interface CaseResults {
  measurements: Measurement[]
  disk: DiskMeasurement[]
  scenarios: { read: number | null; accepted: number | null }
}

/** Every measurement id, in report order (the end-to-end test checks results.json against it). */
export const MEASUREMENT_IDS = [
  'cold-graph', 'smoke-no-engine', 'noop-all', 'noop-all-npx-zx', 'edit-scenario', 'edit-weight', 'edit-template',
  'cold-extract', 'cold-select', 'clean-extract', 'clean-select', 'cold-generate-50', 'cold-generate-50-copy', 'all-8000-link', 'all-8000-copy',
] as const
export const DISK_IDS = ['tasks-50-link', 'tasks-50-copy', 'tasks-8000-link', 'tasks-8000-copy'] as const
export const CASES_8000 = ['all-8000-link', 'all-8000-copy']
/** --quick leaves out what takes more than a few seconds on a tiny set: smoke (and the no-op runs that need it fresh) and 8,000 tasks. */
export const QUICK_SKIP = ['smoke-no-engine', 'noop-all', 'noop-all-npx-zx', ...CASES_8000]

const ALTERED_WEIGHTS = { context: 0.45, files: 0.15 }
const TEMPLATE = 'templates/instruction.md.ejs'
const TEMPLATE_EDIT = '\n<!-- bench: template edit -->\n'

const command = (argv: string, config: string, out = '<out>', launcher: Launcher = 'node') =>
  `${launcher === 'node' ? 'node Taskfile.ts' : 'npx zx Taskfile.ts'} ${argv} --json --data <data> --out ${out} --config ${config}`

export async function runCases(ctx: Context): Promise<CaseResults> {
  const { ws, plan } = ctx
  const out = join(ws.root, 'out')
  const config = ws.defaultConfig
  const measurements: Measurement[] = []
  const disk: DiskMeasurement[] = []
  const wanted = (id: string) => !plan.skip.has(id)
  const warmup = plan.warmups ? 1 : 0
  const add = async (spec: CaseSpec) => {
    if (!wanted(spec.id)) return
    ctx.log(`== ${spec.id}: ${spec.title}`)
    measurements.push(await measure({ ...spec, warmup: spec.warmup && warmup }, ctx.log))
  }
  const graph = (argv: string[], cfg = config, dir = out, launcher: Launcher = 'node') => runGraph(ws, dir, argv, cfg, launcher)

  let cold: GraphRun | undefined
  await add({
    id: 'cold-graph', title: 'Cold graph without smoke (extract → select → generate, empty out dir)',
    command: command('generate', 'locobench.config.json5'), setup: 'rm -rf <out> (the warm-up fills the compile cache)',
    runs: plan.runsSlow, warmup: 1,
    before: () => rmSync(out, { recursive: true, force: true }),
    run: async () => {
      cold = await graph(['generate'])
      return withCounts(cold, [ranExactly(cold, ['extract', 'select', 'generate'])])
    },
  })
  const scenarios = { read: extractCounts(cold!).read, accepted: extractCounts(cold!).accepted }
  const selected = selectedIds(out)

  await add({
    id: 'smoke-no-engine', title: 'smoke without a container engine (lint + local oracle/empty checks; its peak memory)',
    command: command('smoke', 'locobench.config.json5'), setup: 'everything up to generate fresh', runs: 1,
    run: async () => {
      const r = await graph(['smoke'])
      return fromGraph(r, {}, [ranExactly(r, ['smoke'])])
    },
  })
  // The no-op runs need every stage of `all` fresh: smoke, and the stages no case above runs
  // (index, adapter, calibrate, report), or the first no-op run builds them.
  if (wanted('noop-all') || wanted('noop-all-npx-zx')) await graph(['all'])

  const noop = (launcher: Launcher) => async (): Promise<RunOutcome> => {
    const r = await graph(['all'], config, out, launcher)
    return fromGraph(r, { skipped: r.skipped.length }, [check('no stage runs', Object.keys(r.ran).length === 0, Object.keys(r.ran).length ? `ran: ${Object.keys(r.ran).join(', ')}` : `${r.skipped.length} stages skipped as fresh`)])
  }
  await add({ id: 'noop-all', title: 'No-op `all` (every stage fresh, smoke included)', command: command('all', 'locobench.config.json5'), setup: 'everything fresh', runs: plan.runs, run: noop('node') })
  await add({ id: 'noop-all-npx-zx', title: 'No-op `all` through `npx zx` (launcher overhead)', command: command('all', 'locobench.config.json5', '<out>', 'npx-zx'), setup: 'everything fresh', runs: Math.min(plan.runs, 3), run: noop('npx-zx') })

  const scenarioFile = new EditedFile(join(ws.data, await sourceFile(out, selected[0])))
  ctx.edits.push(scenarioFile)
  const original = scenarioFile.original.toString('utf8')
  await add({
    id: 'edit-scenario', title: 'One selected scenario edited (its title)',
    command: command('generate', 'locobench.config.json5'), setup: `a new title prefix in one selected scenario file (${selected[0]})`,
    runs: plan.runs, warmup: 1,
    before: (i) => scenarioFile.write(retitle(original, String(i + 1))),
    run: async () => {
      const r = await graph(['generate'])
      const ex = extractCounts(r)
      const gen = generateCounts(r)
      return withCounts(r, [
        check('extract parses 1 file', ex.parsed === 1, `extract: ${r.ran.extract?.summary ?? 'did not run'}`),
        check('generate builds 1 task', gen.built === 1, `generate: ${r.ran.generate?.summary ?? 'did not run'}`),
      ])
    },
  })
  scenarioFile.restore()

  await add({
    id: 'edit-weight', title: 'One selection weight changed (two configs alternated)',
    command: command('generate', '<weights-N>'),
    setup: `selection.weights alternates between the project's and ${JSON.stringify(ALTERED_WEIGHTS)}; each config file is new (a comment names the run), as an edit would be, so the config cache does not answer`,
    runs: plan.runs, warmup: 1,
    run: async (i) => {
      const weights: Json = i % 2 === 0 ? { selection: { weights: ALTERED_WEIGHTS } } : {}
      const r = await graph(['generate'], writeConfig(ws, `weights-${i}`, weights, `weight edit ${i}`))
      return withCounts(r, [check('select reruns', 'select' in r.ran, `select: ${r.ran.select?.summary ?? 'did not run'}; extract ${'extract' in r.ran ? 'ran' : 'fresh'}`)])
    },
  })

  await graph(['generate']) // back to the project's config before the template case
  const template = new EditedFile(join(ws.code, TEMPLATE))
  ctx.edits.push(template)
  await add({
    id: 'edit-template', title: `One template changed (${TEMPLATE}, two versions alternated)`,
    command: command('generate', 'locobench.config.json5'), setup: 'the workspace copy of the template gains or loses one line',
    runs: plan.runs, warmup: 1,
    before: (i) => template.write(i % 2 === 0 ? Buffer.concat([template.original, Buffer.from(TEMPLATE_EDIT)]) : template.original),
    run: async () => {
      const r = await graph(['generate'])
      const built = generateCounts(r).built
      return withCounts(r, [
        check('only generate reruns', Object.keys(r.ran).join() === 'generate', `ran: ${Object.keys(r.ran).join(', ') || 'nothing'}`),
        check(`generate rebuilds all ${selected.length} selected tasks`, built === selected.length, `generate: ${r.ran.generate?.summary ?? 'did not run'}`),
      ])
    },
  })
  template.restore()
  await graph(['generate'])

  for (const stage of ['extract', 'select'] as const) await add(coldStage(ctx, stage, out, config, `cold-${stage}`, 'locobench.config.json5'))
  for (const stage of ['extract', 'select'] as const) await add(coldStage(ctx, stage, out, config, `clean-${stage}`, 'locobench.config.json5'))
  // The project's config copies project files into tasks (tasks.link copy): the hard-link case
  // names its mode, as the copy case does.
  const link50 = writeConfig(ws, 'link-auto', { tasks: { link: 'auto' } })
  await graph(['status'], link50) // fills the config cache: a config changed once, measured many times
  await add(coldStage(ctx, 'generate', out, link50, 'cold-generate-50', '<link-auto>'))
  disk.push(diskOf(ctx, 'tasks-50-link', `${selected.length} tasks, tasks.link auto (hard links)`, out, 'auto', measurements.at(-1)!))

  const copy50 = writeConfig(ws, 'link-copy', { tasks: { link: 'copy' } })
  await graph(['status'], copy50) // fills the config cache: a config changed once, measured many times
  await add(coldStage(ctx, 'generate', out, copy50, 'cold-generate-50-copy', '<link-copy>'))
  disk.push(diskOf(ctx, 'tasks-50-copy', `${selected.length} tasks, tasks.link copy`, out, 'copy', measurements.at(-1)!))

  for (const link of ['auto', 'copy'] as const) {
    if (wanted(`all-8000-${link === 'auto' ? 'link' : 'copy'}`)) {
      const m = await all8000(ctx, link)
      measurements.push(m.measurement)
      disk.push(m.disk)
    }
  }
  return { measurements, disk, scenarios }
}

/**
 * A stage alone, its dependencies fresh: cold from nothing (no record, no remembered validation,
 * no content caches), or after `clean`, which keeps the stage's content caches (`clean-<stage>`):
 * what a user's rerun after a clean costs.
 */
function coldStage(ctx: Context, stage: string, out: string, config: string, id: string, configLabel: string): CaseSpec {
  const content = id === `clean-${stage}`
  const remove = content ? '' : ` <out>/.taskcache/content/${stage}`
  return {
    id,
    title: content
      ? `${stage[0].toUpperCase()}${stage.slice(1)} after \`clean ${stage}\` (its content caches kept, its dependencies fresh)`
      : `Cold ${stage} alone${id.endsWith('copy') ? ' with tasks.link copy' : ''} (its dependencies fresh)`,
    command: command(stage, configLabel), setup: `node Taskfile.ts clean ${stage}; rm -rf <out>/.taskcache/validated${remove}`,
    runs: ctx.plan.runs,
    before: () => makeCold(ctx.ws, out, stage, config, { content }),
    run: async () => {
      const r = await runGraph(ctx.ws, out, [stage], config)
      return withCounts(r, [ranExactly(r, [stage])])
    },
  }
}

/**
 * 8,000 tasks (every accepted scenario passes the thresholds): a fresh out dir, extract + select in
 * one process, generate alone in a second so its peak memory is its own. Wall = both processes.
 * The budget is judged only on 8,000 built tasks, and a synthetic set has scenarios with an empty
 * ground truth (0.3%) and ones whose prose repeats a ground-truth sentence (~12%): the case keeps
 * them (require_ground_truth, exclude_leaks and tasks.leak_check off), as its title says.
 */
async function all8000(ctx: Context, link: 'auto' | 'copy'): Promise<{ measurement: Measurement; disk: DiskMeasurement }> {
  const { ws } = ctx
  const out = join(ws.root, 'out-8000')
  const name = `all-8000-${link === 'auto' ? 'link' : 'copy'}`
  const config = writeConfig(ws, name, {
    selection: { top_n: 8000, thresholds: { min_context_length: 0, min_files_count: 0 }, require_ground_truth: false, exclude_leaks: false },
    tasks: { link, leak_check: { enabled: false } },
  })
  await runGraph(ws, out, ['status'], config)
  ctx.log(`== ${name}`)
  const m = await measure({
    id: name, title: `All tasks (top_n 8000, thresholds 0, leak checks and require_ground_truth off), tasks.link ${link === 'auto' ? 'auto (hard links)' : 'copy'}`,
    command: `${command('select', `<${name}>`, '<out-8000>')} && ${command('generate', `<${name}>`, '<out-8000>')}`,
    setup: 'rm -rf <out-8000>; wall = both processes; peak memory = the generate process',
    runs: ctx.plan.runs8000,
    before: () => rmSync(out, { recursive: true, force: true }),
    run: async () => {
      const first = await runGraph(ws, out, ['select'], config)
      const second = await runGraph(ws, out, ['generate'], config)
      const both: GraphRun = { wallMs: first.wallMs + second.wallMs, maxRssKiB: second.maxRssKiB, ran: { ...first.ran, ...second.ran }, skipped: [] }
      const o = withCounts(both, [ranExactly(both, ['extract', 'select', 'generate'])])
      o.figures.extractSelectProcessMs = first.wallMs
      o.figures.generateProcessMs = second.wallMs
      return o
    },
  }, ctx.log)
  const built = m.figures.built?.median ?? 0
  return { measurement: m, disk: diskOf(ctx, `tasks-8000-${link === 'auto' ? 'link' : 'copy'}`, `${built} tasks, tasks.link ${link === 'auto' ? 'auto (hard links)' : 'copy'}`, out, link, m) }
}

function diskOf(ctx: Context, id: string, title: string, out: string, link: 'auto' | 'copy', m: Measurement): DiskMeasurement {
  const du = diskUsage(ctx.ws.data, join(out, 'tasks'))
  const last = (name: string) => m.figures[name]?.values.at(-1) ?? null
  return { id, title, tasks: last('built') ?? 0, link, linked: last('linked'), copied: last('copied'), tasksKiB: du.tasksKiB, extraKiB: du.extraKiB }
}

function ranExactly(r: GraphRun, stages: string[]) {
  const ran = Object.keys(r.ran)
  return check(`runs ${stages.join(', ')}`, ran.join() === stages.join(), `ran: ${ran.join(', ') || 'nothing'}`)
}

/** The stage counts every case records, from whichever stages ran. */
function withCounts(r: GraphRun, checks: ReturnType<typeof check>[]): RunOutcome {
  const figures: Record<string, number | null> = {}
  if (r.ran.extract) Object.assign(figures, extractCounts(r))
  if (r.ran.select) Object.assign(figures, selectCounts(r))
  if (r.ran.generate) Object.assign(figures, generateCounts(r))
  return fromGraph(r, figures, checks)
}

function selectedIds(out: string): string[] {
  const doc = JSON.parse(readFileSync(join(out, 'selected_tasks.json'), 'utf8')) as { tasks?: { id: string }[] }
  const ids = (doc.tasks ?? []).map((t) => t.id)
  if (!ids.length) throw new BenchError('select chose no task: the data is too small for the benchmark')
  return ids
}

/** The raw scenario file behind a dataset record (its source.file, relative to the data root). */
async function sourceFile(out: string, id: string): Promise<string> {
  const lines = createInterface({ input: createReadStream(join(out, 'dataset.jsonl'), 'utf8'), crlfDelay: Infinity })
  for await (const line of lines) {
    if (!line.includes(id)) continue
    const record = JSON.parse(line) as { id: string; source?: { file?: string } }
    if (record.id === id && record.source?.file) {
      lines.close()
      return record.source.file
    }
  }
  throw new BenchError(`no dataset record with id ${id} and a source file`)
}
