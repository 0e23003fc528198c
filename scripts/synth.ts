// Synthetic LoCoBench-Agent data in the real raw layout (docs/locobench-format.md): the
// bundled sample and the full-scale benchmark set both come from here. Deterministic: the same
// seed and options give byte-identical output (own PRNG, no clock, sorted project order).
//
//   node scripts/synth.ts --out DIR [--projects N] [--seed S] [--scale F]
//                         [--max-project-chars N] [--agent-scenarios] [--force] [--workers N]
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import { assignIdDifficulties, pickProjects } from './synth/catalog.ts'
import { rootRng, runJobs, type GenerateOptions, type Job, type ProjectStats } from './synth/synth-generate.ts'
import type { Layout } from './synth/tree.ts'
import { ExitError } from './lib/errors.ts'

export interface SynthOptions {
  /** Data root to write (it receives generated/ and output/). */
  out: string
  /** Number of projects, spread over the 10 languages (default 1000 = the full real id list). */
  projects?: number
  seed?: string | number
  /** Multiplies every file size (default 1 = realistic sizes, mean ~11.5K characters per file). */
  scale?: number
  /** Caps a project's total characters by shrinking its files proportionally; 0 = no cap. */
  maxProjectChars?: number
  /** Also write output/agent_scenarios/ (large: every file embeds its whole project). */
  agentScenarios?: boolean
  /** Remove an existing generated/ and output/ under `out` first; without it they must not exist. */
  clean?: boolean
  /** Worker threads (default: one per CPU from 40 projects up, else in-process); output does not depend on it. */
  workers?: number
  log?: (line: string) => void
  progress?: (done: number, total: number) => void
}

export interface SynthSummary {
  projects: number
  scenarios: number
  projectFiles: number
  projectChars: number
  layouts: Record<Layout, number>
  languages: Record<string, number>
  /** Scenarios with context_length > 50,000 and files_count > 5 (the default selection thresholds). */
  passingDefaultThresholds: number
  difficultyMismatches: number
}

/** The bundled data/sample: regenerate with `sampleCommand()` (documented in data/README.md). */
export const SAMPLE_OPTIONS = { projects: 20, seed: 12, scale: 1, maxProjectChars: 180_000 } as const

export const sampleCommand = (out = 'data/sample'): string =>
  `node scripts/synth.ts --out ${out} --projects ${SAMPLE_OPTIONS.projects} --seed ${SAMPLE_OPTIONS.seed} --scale ${SAMPLE_OPTIONS.scale} --max-project-chars ${SAMPLE_OPTIONS.maxProjectChars} --force`

export class SynthUsageError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

function prepareOut(out: string, clean: boolean): void {
  for (const sub of ['generated', 'output']) {
    const dir = join(out, sub)
    if (!existsSync(dir)) continue
    if (!clean && readdirSync(dir).length) throw new SynthUsageError(`${dir} already exists and is not empty (use --force to replace it)`)
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function synthesize(options: SynthOptions): Promise<SynthSummary> {
  const count = options.projects ?? 1000
  const scale = options.scale ?? 1
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new SynthUsageError(`projects must be an integer in 1..1000, got ${count}`)
  if (!(scale > 0)) throw new SynthUsageError(`scale must be a positive number, got ${scale}`)
  const maxProjectChars = options.maxProjectChars ?? 0
  if (!(maxProjectChars >= 0)) throw new SynthUsageError(`max project chars must be 0 or more, got ${maxProjectChars}`)
  const out = resolve(options.out)
  prepareOut(out, options.clean ?? false)
  const gen: GenerateOptions = { seed: String(options.seed ?? 1), scale, maxProjectChars, agentScenarios: options.agentScenarios ?? false }
  const root = rootRng(gen.seed)
  const rows = pickProjects(root.fork('pick'), count)
  const idDifficulty = assignIdDifficulties(root.fork('id-difficulty'), rows)
  const jobs: Job[] = rows.map((row) => ({ row, idDifficulty: idDifficulty.get(row.projectId)! }))
  const stats: ProjectStats[] = []
  const done = (s: ProjectStats) => {
    stats.push(s)
    options.progress?.(stats.length, jobs.length)
  }
  const workers = Math.max(1, Math.min(options.workers ?? (jobs.length >= 40 ? availableParallelism() : 1), jobs.length))
  if (workers === 1) {
    let i = 0
    await runJobs(out, gen, async () => jobs[i++] ?? null, done)
  } else {
    await runWorkers(out, gen, jobs, workers, done)
  }
  const summary = summarize(stats)
  options.log?.(`${summary.projects} projects, ${summary.scenarios} scenarios, ${summary.projectFiles} project files (${summary.projectChars} characters) in ${out}`)
  return summary
}

function runWorkers(root: string, options: GenerateOptions, jobs: Job[], count: number, done: (s: ProjectStats) => void): Promise<void> {
  let next = 0
  const workers: Worker[] = []
  const one = () => new Promise<void>((resolveOne, reject) => {
    // Small heap limits make V8 collect early instead of growing: the live set is ~30 MB.
    const worker = new Worker(new URL('./synth/worker.ts', import.meta.url), {
      workerData: { root, options },
      resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 24 },
    })
    workers.push(worker)
    worker.on('message', (m: { type: string; stats?: ProjectStats; message?: string }) => {
      if (m.type === 'next') worker.postMessage({ job: jobs[next++] ?? null })
      else if (m.type === 'done') done(m.stats!)
      else if (m.type === 'error') reject(new Error(m.message))
      else if (m.type === 'finished') void worker.terminate().then(() => resolveOne())
    })
    worker.on('error', reject)
  })
  // One failure stops the others, so the process does not keep generating after the error.
  return Promise.all(Array.from({ length: count }, one)).then(
    () => undefined,
    async (error: unknown) => {
      await Promise.all(workers.map((w) => w.terminate()))
      throw error
    },
  )
}

function summarize(stats: ProjectStats[]): SynthSummary {
  const s: SynthSummary = {
    projects: 0, scenarios: 0, projectFiles: 0, projectChars: 0, layouts: { A: 0, B: 0, C: 0 }, languages: {},
    passingDefaultThresholds: 0, difficultyMismatches: 0,
  }
  for (const p of stats) {
    s.projects++
    s.scenarios += p.scenarios
    s.projectFiles += p.files
    s.projectChars += p.chars
    s.layouts[p.layout]++
    s.languages[p.language] = (s.languages[p.language] ?? 0) + 1
    s.passingDefaultThresholds += p.passing
    s.difficultyMismatches += p.mismatches
  }
  return s
}

// ---------------------------------------------------------------------------------------------
// CLI

const USAGE = `usage: node scripts/synth.ts --out DIR [--projects N] [--seed S] [--scale F] [--max-project-chars N] [--agent-scenarios] [--force] [--workers N]

  --out DIR               data root to write (receives generated/ and output/)
  --projects N            number of projects, 1..1000 (default 1000: the real id list)
  --seed S                seed; the same seed and options give byte-identical output (default 1)
  --scale F               multiply file sizes (default 1 = realistic, ~0.8 GB for 1000 projects)
  --max-project-chars N   shrink a project's files so it holds at most N characters (default: no cap)
  --agent-scenarios       also write output/agent_scenarios/ (each embeds its whole project)
  --force                 replace an existing generated/ and output/ under DIR
  --workers N             worker threads (default: one per CPU from 40 projects up); output is the same
`

export interface CliStreams {
  out: { write(text: string): unknown }
  err: { write(text: string): unknown; isTTY?: boolean }
}

export async function main(argv: string[], io: CliStreams = { out: process.stdout, err: process.stderr }): Promise<number> {
  let values
  try {
    values = parseArgs({
      args: argv,
      options: {
        out: { type: 'string' }, projects: { type: 'string' }, seed: { type: 'string' }, scale: { type: 'string' },
        'max-project-chars': { type: 'string' }, 'agent-scenarios': { type: 'boolean' }, force: { type: 'boolean' }, workers: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values
  } catch (error) {
    io.err.write(`${(error as Error).message}\n${USAGE}`)
    return 2
  }
  if (values.help) {
    io.out.write(USAGE)
    return 0
  }
  if (!values.out) {
    io.err.write(`--out is required\n${USAGE}`)
    return 2
  }
  const number = (name: string, text: string | undefined) => {
    if (text === undefined) return undefined
    const n = Number(text)
    if (!Number.isFinite(n)) throw new SynthUsageError(`--${name} must be a number, got "${text}"`)
    return n
  }
  const started = performance.now()
  try {
    const summary = await synthesize({
      out: values.out, projects: number('projects', values.projects), seed: values.seed, scale: number('scale', values.scale),
      maxProjectChars: number('max-project-chars', values['max-project-chars']), agentScenarios: values['agent-scenarios'],
      clean: values.force, workers: number('workers', values.workers),
      progress: io.err.isTTY ? (done, total) => io.err.write(`\r${done}/${total} projects`) : undefined,
    })
    if (io.err.isTTY) io.err.write('\n')
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    io.out.write(`${summary.projects} projects, ${summary.scenarios} scenarios, ${summary.projectFiles} project files, ${summary.projectChars} characters in ${seconds}s\n`)
    io.out.write(`layouts A/B/C: ${summary.layouts.A}/${summary.layouts.B}/${summary.layouts.C}; ${summary.passingDefaultThresholds} of ${summary.scenarios} scenarios pass the default thresholds; ${summary.difficultyMismatches} difficulty mismatches\n`)
    return 0
  } catch (error) {
    io.err.write(`synth: ${(error as Error).message}\n`)
    return (error as { exitCode?: number }).exitCode ?? 1
  }
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2))
