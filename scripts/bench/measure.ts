// Repeating one case: untimed setup, the timed child run, the checks that it was the intended case,
// then the runs reduced to median and spread.
import { stat, statOf } from './stats.ts'
import type { Measurement } from './bench-types.ts'
import type { GraphRun } from './workspace.ts'
import { loadavg } from 'node:os'

export interface Check {
  expectation: string
  passed: boolean
  detail: string
}

export interface RunOutcome {
  wallMs: number
  maxRssKiB: number | null
  stageMs: Record<string, number>
  figures: Record<string, number | null>
  checks: Check[]
}

export interface CaseSpec {
  id: string
  title: string
  command: string
  setup: string
  runs: number
  /** Untimed runs first (same before + run), e.g. to fill the compile cache. */
  warmup?: number
  /** Untimed preparation of run i (warm-ups included: i counts from 0 across all of them). */
  before?: (i: number) => Promise<void> | void
  run: (i: number) => Promise<RunOutcome>
}

/** Timer readings to 0.1 ms: finer digits are noise and make results.json hard to read. */
const round1 = (n: number) => Math.round(n * 10) / 10

export const check = (expectation: string, passed: boolean, detail: string): Check => ({ expectation, passed, detail })

/** A run's outcome from one graph run (stage durations from its done events). */
export function fromGraph(run: GraphRun, figures: Record<string, number | null> = {}, checks: Check[] = []): RunOutcome {
  const stageMs = Object.fromEntries(Object.entries(run.ran).map(([name, s]) => [name, s.durationMs]))
  return { wallMs: run.wallMs, maxRssKiB: run.maxRssKiB, stageMs, figures, checks }
}

export async function measure(spec: CaseSpec, log: (line: string) => void): Promise<Measurement> {
  const load1 = loadavg()[0]
  const warmup = spec.warmup ?? 0
  const outcomes: RunOutcome[] = []
  for (let i = 0; i < warmup + spec.runs; i++) {
    await spec.before?.(i)
    const outcome = await spec.run(i)
    const label = i < warmup ? `warm-up ${i + 1}/${warmup}` : `run ${i - warmup + 1}/${spec.runs}`
    const failed = outcome.checks.filter((c) => !c.passed)
    log(`${spec.id} ${label}: ${(outcome.wallMs / 1000).toFixed(3)} s${failed.length ? `; check failed: ${failed.map((c) => c.detail).join('; ')}` : ''}`)
    if (i >= warmup) outcomes.push({ ...outcome, wallMs: round1(outcome.wallMs), figures: Object.fromEntries(Object.entries(outcome.figures).map(([k, v]) => [k, v === null ? null : round1(v)])) })
  }
  return summarize(spec, outcomes, load1)
}

export function summarize(spec: Pick<CaseSpec, 'id' | 'title' | 'command' | 'setup' | 'warmup'>, outcomes: RunOutcome[], load1: number): Measurement {
  const stages = [...new Set(outcomes.flatMap((o) => Object.keys(o.stageMs)))]
  const figureNames = [...new Set(outcomes.flatMap((o) => Object.keys(o.figures)))]
  const stageMs = Object.fromEntries(stages.flatMap((s) => {
    const st = statOf(outcomes.map((o) => o.stageMs[s]))
    return st ? [[s, st]] : []
  }))
  const figures = Object.fromEntries(figureNames.flatMap((f) => {
    const st = statOf(outcomes.map((o) => o.figures[f]))
    return st ? [[f, st]] : []
  }))
  const maxRssKiB = statOf(outcomes.map((o) => o.maxRssKiB))
  return {
    id: spec.id,
    title: spec.title,
    command: spec.command,
    setup: spec.setup,
    runs: outcomes.length,
    warmups: spec.warmup ?? 0,
    wallMs: stat(outcomes.map((o) => o.wallMs)),
    stageMs,
    ...(maxRssKiB ? { maxRssKiB } : {}),
    figures,
    checks: mergeChecks(outcomes),
    load1: Number(load1.toFixed(2)),
  }
}

/** One line per expectation: passed only when every run passed; the details of the failures. */
function mergeChecks(outcomes: RunOutcome[]): Measurement['checks'] {
  const byExpectation = new Map<string, Check[]>()
  for (const c of outcomes.flatMap((o) => o.checks)) byExpectation.set(c.expectation, [...(byExpectation.get(c.expectation) ?? []), c])
  return [...byExpectation].map(([expectation, list]) => {
    const failed = list.filter((c) => !c.passed)
    const details = [...new Set((failed.length ? failed : list).map((c) => c.detail))]
    return { expectation, passed: failed.length === 0, detail: `${failed.length ? `${failed.length} of ${list.length} runs: ` : ''}${details.join('; ')}` }
  })
}
