// `npm run bench`: measures the build graph against the budgets of docs/budgets.md on the full synthetic
// set and writes bench/results.json and bench/RESULTS.md. Every figure is a child process running
// the real CLI on a copy of the code taken at start, so the repo is never touched.
//
//   node scripts/bench.ts [--data DIR | --work DIR] [--projects N] [--runs N] [--skip-8000]
//                         [--quick] [--out-json FILE] [--out-md FILE] [--keep] [--render-only]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, release, tmpdir, totalmem } from 'node:os'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { toJson, writeFileAtomic } from './lib/fsx.ts'
import { judge } from './bench/budgets.ts'
import { CASES_8000, MEASUREMENT_IDS, QUICK_SKIP, runCases, type Plan } from './bench/cases.ts'
import { renderMarkdown } from './bench/bench-render.ts'
import { stat, type Stat } from './bench/stats.ts'
import { RESULTS_FORMAT, type CodeState, type DataInfo, type Results } from './bench/bench-types.ts'
import { BenchError, CODE_ENTRIES, createWorkspace, diskUsage, SMOKE_ENV, type EditedFile } from './bench/workspace.ts'
import { synthesize } from './synth.ts'

const REPO = resolve(import.meta.dirname, '..')
const SEED = '1'

const USAGE = `usage: node scripts/bench.ts [options]

  --data DIR        reuse an existing raw dataset (generated/ + output/); its files are restored after edits
  --work DIR        synthesize into DIR (kept and reused by later runs) and work next to it
  --projects N      projects to synthesize, 1..1000 (default 1000: the full set, ~0.8 GB)
  --runs N          runs of each fast case (default 5; the cold graph gets min(N,3), 8,000 tasks min(N,2))
  --skip-8000       leave out the 8,000-task cases (about two minutes at full scale)
  --quick           only the cases that are cheap on a tiny set: no smoke, no no-op runs (they need
                    smoke fresh), no 8,000 tasks, no warm-up runs (for tests and development)
  --out-json FILE   default bench/results.json
  --out-md FILE     default bench/RESULTS.md
  --keep            keep the temp workspace (printed at the end)
  --render-only     re-render --out-md from --out-json (reasons typed into results.json are kept)
`

interface Options {
  data?: string
  work?: string
  projects: number
  runs: number
  skip8000: boolean
  quick: boolean
  outJson: string
  outMd: string
  keep: boolean
  renderOnly: boolean
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      data: { type: 'string' }, work: { type: 'string' }, projects: { type: 'string' }, runs: { type: 'string' },
      'skip-8000': { type: 'boolean' }, quick: { type: 'boolean' }, 'out-json': { type: 'string' }, 'out-md': { type: 'string' },
      keep: { type: 'boolean' }, 'render-only': { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(USAGE)
    process.exit(0)
  }
  const int = (name: string, text: string | undefined, fallback: number, max: number) => {
    if (text === undefined) return fallback
    const n = Number(text)
    if (!Number.isInteger(n) || n < 1 || n > max) throw new BenchError(`--${name} must be an integer in 1..${max}, got "${text}"`, 2)
    return n
  }
  if (values.data && values.work) throw new BenchError('--data and --work exclude each other', 2)
  if (values.data && values.projects) throw new BenchError('--projects applies to synthesized data, not to --data', 2)
  return {
    data: values.data && resolve(values.data),
    work: values.work && resolve(values.work),
    projects: int('projects', values.projects, 1000, 1000),
    runs: int('runs', values.runs, 5, 100),
    skip8000: Boolean(values['skip-8000']),
    quick: Boolean(values.quick),
    outJson: resolve(values['out-json'] ?? join(REPO, 'bench', 'results.json')),
    outMd: resolve(values['out-md'] ?? join(REPO, 'bench', 'RESULTS.md')),
    keep: Boolean(values.keep),
    renderOnly: Boolean(values['render-only']),
  }
}

/** The command line as run, with paths outside the repo replaced by what they stand for. */
function commandLine(argv: string[]): string {
  const symbols: Record<string, string> = { '--data': '<data>', '--work': '<work>', '--out-json': '<results.json>', '--out-md': '<RESULTS.md>' }
  const words = argv.map((word, i) => {
    const symbol = symbols[argv[i - 1]]
    if (!symbol) return word
    const abs = resolve(word)
    return abs.startsWith(REPO + '/') ? relative(REPO, abs) : isAbsolute(word) || word.startsWith('..') ? symbol : word
  })
  return ['node scripts/bench.ts', ...words].join(' ')
}

function codeState(): CodeState {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: REPO, encoding: 'utf8', env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } })
  const head = git('rev-parse', 'HEAD')
  if (head.status !== 0) return { commit: null, uncommitted: [] }
  const status = git('status', '--porcelain=v1', '--untracked-files=all', '--', ...CODE_ENTRIES)
  const uncommitted = status.stdout.split('\n').filter(Boolean).map((line) => line.slice(3)).sort()
  return { commit: head.stdout.trim(), uncommitted }
}

const MARKER = '.bench-synth.json'

/** The data root to measure: given, reused from --work, or synthesized now. */
async function prepareData(options: Options, wsRoot: string, log: (line: string) => void): Promise<{ dir: string; source: DataInfo['source'] }> {
  if (options.data) {
    if (!existsSync(join(options.data, 'output', 'scenarios'))) throw new BenchError(`--data ${options.data}: no output/scenarios/ in it`, 2)
    return { dir: options.data, source: 'given' }
  }
  const dir = options.work ? join(options.work, `data-${options.projects}p-seed${SEED}`) : join(wsRoot, 'data')
  const wanted = toJson({ projects: options.projects, seed: SEED })
  const marker = join(dir, MARKER)
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) {
    log(`reusing synthesized data in ${dir}`)
    return { dir, source: 'synthesized' }
  }
  log(`synthesizing ${options.projects} projects into ${dir}`)
  rmSync(marker, { force: true })
  const started = performance.now()
  let said = 0
  await synthesize({
    out: dir, projects: options.projects, seed: SEED, clean: true,
    progress: (done, total) => {
      if (done === total || performance.now() - said > 10_000) {
        said = performance.now()
        log(`  ${done}/${total} projects`)
      }
    },
  })
  writeFileSync(marker, wanted)
  log(`synthesized in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return { dir, source: 'synthesized' }
}

function render(options: Options): void {
  const results = JSON.parse(readFileSync(options.outJson, 'utf8')) as Results
  const reasons = Object.fromEntries(results.budgets.flatMap((b) => (b.reason ? [[b.id, b.reason]] : [])))
  const again = (s: Stat) => stat(s.values)
  const restat = (map: Record<string, Stat>) => Object.fromEntries(Object.entries(map).map(([k, s]) => [k, again(s)]))
  results.measurements = results.measurements.map((m) => ({ ...m, wallMs: again(m.wallMs), stageMs: restat(m.stageMs), ...(m.maxRssKiB ? { maxRssKiB: again(m.maxRssKiB) } : {}), figures: restat(m.figures) }))
  results.budgets = judge(results.measurements, results.disk, reasons)
  writeFileAtomic(options.outJson, toJson(results))
  writeFileAtomic(options.outMd, renderMarkdown(results))
}

async function bench(options: Options, argv: string[], log: (line: string) => void): Promise<Results> {
  const startedAt = new Date()
  const loadStart = loadavg()
  const parent = options.work ?? tmpdir()
  mkdirSync(parent, { recursive: true })
  const wsRoot = mkdtempSync(join(parent, 'locobench-bench-'))
  const edits: EditedFile[] = []
  const cleanup = () => {
    for (const edit of edits.splice(0)) edit.restore()
    if (!options.keep) rmSync(wsRoot, { recursive: true, force: true })
  }
  const onSignal = () => {
    cleanup()
    process.exit(130)
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const data = await prepareData(options, wsRoot, log)
    const ws = createWorkspace(REPO, wsRoot, data.dir)
    const code = codeState()
    const skip = new Set([...(options.skip8000 ? CASES_8000 : []), ...(options.quick ? QUICK_SKIP : [])])
    const plan: Plan = { runs: options.runs, runsSlow: Math.min(options.runs, 3), runs8000: Math.min(options.runs, 2), skip, warmups: !options.quick }
    const cases = await runCases({ ws, plan, log, edits })
    const info: DataInfo = {
      source: data.source,
      projects: data.source === 'synthesized' ? options.projects : null,
      seed: data.source === 'synthesized' ? SEED : null,
      scenarios: cases.scenarios.read,
      accepted: cases.scenarios.accepted,
      diskKiB: diskUsage(data.dir, data.dir).dataKiB,
      sameFileSystem: statSync(data.dir).dev === statSync(wsRoot).dev,
    }
    const results: Results = {
      format: RESULTS_FORMAT,
      command: commandLine(argv),
      startedAt: startedAt.toISOString().replace(/\.\d+Z$/, 'Z'),
      durationSec: Math.round((Date.now() - startedAt.getTime()) / 1000),
      machine: {
        cores: availableParallelism(),
        cpuModel: cpus()[0]?.model ?? 'unknown',
        memoryMiB: Math.round(totalmem() / 2 ** 20),
        node: process.version,
        kernel: release(),
        platform: process.platform,
        loadAverage: { start: loadStart.map((n) => Number(n.toFixed(2))), end: loadavg().map((n) => Number(n.toFixed(2))) },
        nodeOptions: process.env.NODE_OPTIONS ?? '',
      },
      code,
      data: info,
      settings: { runs: plan.runs, runsSlow: plan.runsSlow, runs8000: plan.runs8000, smokeEnv: { ...SMOKE_ENV }, warmups: plan.warmups, skipped: MEASUREMENT_IDS.filter((id) => skip.has(id)) },
      measurements: cases.measurements,
      disk: cases.disk,
      budgets: judge(cases.measurements, cases.disk),
    }
    if (options.keep) log(`workspace kept: ${wsRoot}`)
    return results
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    cleanup()
  }
}

async function main(argv: string[]): Promise<number> {
  const log = (line: string) => process.stderr.write(`${line}\n`)
  try {
    const options = parseOptions(argv)
    if (options.renderOnly) {
      render(options)
      log(`rendered ${relative(process.cwd(), options.outMd)}`)
      return 0
    }
    const results = await bench(options, argv, log)
    writeFileAtomic(options.outJson, toJson(results))
    writeFileAtomic(options.outMd, renderMarkdown(results))
    for (const b of results.budgets) log(`${b.met === null ? 'n/a   ' : b.met ? 'met   ' : 'MISSED'} ${b.title}`)
    log(`wrote ${relative(process.cwd(), options.outJson)} and ${relative(process.cwd(), options.outMd)}`)
    return 0
  } catch (error) {
    const err = error as Error & { exitCode?: number; code?: string }
    const usage = err.code?.startsWith('ERR_PARSE_ARGS') ?? false
    log(err instanceof BenchError || usage ? `bench: ${err.message}${usage ? `\n${USAGE}` : ''}` : `bench: ${err.stack ?? err.message}`)
    return usage ? 2 : (err.exitCode ?? 1)
  }
}

process.exitCode = await main(process.argv.slice(2))
