// Generation of one project and its 8 scenarios into the raw layout. Every project depends only on
// the seed, its id, its id difficulty and the options, so projects can be generated in any order
// and on any worker with the same bytes as a result.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CATEGORIES, type Category, type Difficulty } from '../lib/ids.ts'
import { Rng } from './prng.ts'
import { pyDumps, pyFloat, RawJson } from './pyjson.ts'
import { buildProject, type Project, type ProjectRow } from './synth-project.ts'
import { COVERAGE_RANGES, selectContext } from './synth-select.ts'
import { scenarioText } from './synth-scenario.ts'
import { agentScenario, validationSuite } from './suites.ts'
import type { Layout } from './tree.ts'

export interface GenerateOptions {
  seed: string
  scale: number
  maxProjectChars: number
  agentScenarios: boolean
}

export interface ProjectStats {
  projectId: string
  language: string
  layout: Layout
  files: number
  chars: number
  scenarios: number
  passing: number
  mismatches: number
}

export const rootRng = (seed: string): Rng => new Rng(`locobench-synth:${seed}`)

const pad2 = (n: number) => String(n).padStart(2, '0')

/** Python's naive datetime.isoformat() for an epoch value (microseconds dropped when zero). */
export function isoTimestamp(epoch: number): string {
  const whole = Math.floor(epoch)
  const micros = Math.floor((epoch - whole) * 1e6)
  const d = new Date(whole * 1000)
  const base = `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}T${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`
  return micros ? `${base}.${String(micros).padStart(6, '0')}` : base
}

/**
 * Writes files asynchronously so generation overlaps with file-system latency (libuv pool);
 * `drain` bounds the bytes in flight, keeping memory flat at any scale.
 */
export class Output {
  private readonly dirs = new Map<string, Promise<unknown>>()
  private inFlight = 0
  private bytes = 0
  private wake: (() => void) | null = null
  private failure: unknown = null
  readonly root: string

  constructor(root: string) {
    this.root = root
  }

  write(rel: string, text: string): void {
    const path = join(this.root, rel)
    const dir = path.slice(0, path.lastIndexOf('/'))
    let ready = this.dirs.get(dir)
    if (!ready) {
      ready = mkdir(dir, { recursive: true })
      this.dirs.set(dir, ready)
    }
    const size = text.length
    this.bytes += size
    this.inFlight++
    ready
      .then(() => writeFile(path, text))
      .catch((error: unknown) => { this.failure ??= error })
      .finally(() => {
        this.bytes -= size
        this.inFlight--
        const wake = this.wake
        this.wake = null
        wake?.()
      })
  }

  /** Waits until at most `maxBytes` are in flight (every write done with 0); rethrows a write failure. */
  async drain(maxBytes = 0): Promise<void> {
    while (this.inFlight && this.bytes > maxBytes) await new Promise<void>((resolve) => { this.wake = resolve })
    if (this.failure) throw this.failure
  }
}

export function generateProject(row: ProjectRow, idDifficulty: Difficulty, o: GenerateOptions, output: Output): ProjectStats {
  const rng = rootRng(o.seed).fork(row.projectId)
  const project = buildProject(rng, row, {
    scale: o.scale, maxProjectChars: o.maxProjectChars, keepContents: o.agentScenarios,
    writeFile: (disk, text) => output.write(`generated/${row.projectId}/${disk}`, text),
  })
  output.write(`generated/${row.projectId}/project_metadata.json`, pyDumps(project.metadata))
  const stats: ProjectStats = {
    projectId: row.projectId, language: row.language, layout: project.layout, files: project.files.length,
    chars: project.totalChars, scenarios: 0, passing: 0, mismatches: 0,
  }
  writeScenarios(rng.fork('scenarios'), project, idDifficulty, output, o.agentScenarios, stats)
  return stats
}

function writeScenarios(rng: Rng, p: Project, idDifficulty: Difficulty, output: Output, agent: boolean, stats: ProjectStats): void {
  const candidates = p.files.map((f) => ({ path: f.path, chars: f.chars, complexity: f.complexity }))
  let clock = p.scenarioClock + rng.next()
  const projectFiles = agent && p.contents
    ? new RawJson(pyDumps(p.files.map((f, i) => ({ path: f.path, content: p.contents![i], type: f.type, size: f.chars })), 1))
    : null
  CATEGORIES.forEach((category: Category) => {
    const srng = rng.fork(category)
    const sel = selectContext(category, candidates, idDifficulty)
    const context = sel.order.map((i) => p.files[i])
    const text = scenarioText(srng.fork('text'), p, category, sel.difficulty, context)
    clock += srng.int(25, 160) + srng.next()
    const id = `${p.row.projectId}_${category}_${idDifficulty}_01`
    const [lo, hi] = COVERAGE_RANGES[sel.difficulty]
    const scenario = {
      id, task_category: category, difficulty: sel.difficulty, title: text.title, description: text.description,
      context_files: context.map((f) => f.path), context_length: sel.contextLength, task_prompt: text.task_prompt,
      expected_approach: text.expected_approach, ground_truth: text.ground_truth, evaluation_criteria: text.evaluation_criteria,
      metadata: {
        context_length: sel.contextLength, files_count: context.length, information_coverage: pyFloat(sel.coverage),
        coverage_range: [pyFloat(lo), pyFloat(hi)], generation_timestamp: isoTimestamp(clock),
      },
    }
    output.write(`output/scenarios/${id}.json`, pyDumps(scenario))
    output.write(`output/validation/test_suites/${id}_tests.json`, pyDumps(validationSuite(id, category)))
    if (projectFiles) {
      output.write(`output/agent_scenarios/${id}.json`, pyDumps(agentScenario({
        rng: srng.fork('agent'), scenario, spec: p.metadata.specification as Record<string, unknown>, projectId: p.row.projectId,
        projectName: p.name, projectFiles, convertedAt: isoTimestamp(1760000000 + srng.int(0, 30 * 86400) + srng.next()),
      })))
    }
    stats.scenarios++
    if (sel.contextLength > 50_000 && context.length > 5) stats.passing++
    if (sel.difficulty !== idDifficulty) stats.mismatches++
  })
}

export interface Job {
  row: ProjectRow
  idDifficulty: Difficulty
}

/** Generates jobs taken from `next` until it returns null; at most `maxBytes` of writes stay in flight. */
export async function runJobs(root: string, o: GenerateOptions, next: () => Promise<Job | null>, done: (s: ProjectStats) => void, maxBytes = 8 * 1024 * 1024): Promise<void> {
  const output = new Output(root)
  for (let job = await next(); job; job = await next()) {
    done(generateProject(job.row, job.idDifficulty, o, output))
    await output.drain(maxBytes)
  }
  await output.drain()
}
