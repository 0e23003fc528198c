// The end-of-run summary: built from the run's events alone (like the views), so it says exactly
// what the events said. Printed as a short table after the progress view, emitted as one
// `summary` event with --json, and written as JSON (schema-checked) with --summary FILE.
import { existsSync } from 'node:fs'
import { isAbsolute, relative } from 'node:path'
import { writeFileAtomic } from '../lib/fsx.ts'
import { schemaSet } from './schema-set.ts'
import { describeReason, type EngineEvent, type Reason, type Stage } from './types.ts'

export type SkipWhy = Extract<EngineEvent, { type: 'skip' }>['why']

export interface StageSummary {
  stage: string
  result: 'ran' | 'skipped' | 'failed'
  /** The reasons, or the skip, in words. */
  why: string
  /** Why it ran (or started and failed): the plan's typed reasons. */
  reasons: Reason[]
  skipped: SkipWhy | null
  durationMs: number | null
  /** The stage's own summary line (its key counts). */
  counts: string | null
  error: string | null
}

/** An output the Taskfile marked with `show`, present after the run. */
export interface SummaryLink {
  show: string
  stage: string
  path: string
}

export interface RunSummaryReport {
  ok: boolean
  interrupted: boolean
  outDir: string
  targets: string[]
  durationMs: number
  stages: StageSummary[]
  links: SummaryLink[]
}

/** With --json the summary is one more line of the event stream. */
export interface SummaryEvent {
  type: 'summary'
  summary: RunSummaryReport
}

export interface SummaryCollector {
  /** Feed it every event of the run. */
  add(event: EngineEvent): void
  finish(interrupted: boolean): RunSummaryReport
}

/** `stages`: the run's stages in dependency order (the closure of the targets). */
export function collectSummary(stages: Stage[], outDir: string, targets: string[]): SummaryCollector {
  const started = performance.now()
  const reasons = new Map<string, Reason[]>()
  const ends = new Map<string, Extract<EngineEvent, { type: 'skip' | 'done' | 'fail' }>>()
  return {
    add(event) {
      if (event.type === 'start') reasons.set(event.stage, event.reasons)
      // A stage's first terminal event decides it (an item failure follows nothing else).
      else if ((event.type === 'skip' || event.type === 'done' || event.type === 'fail') && !ends.has(event.stage)) ends.set(event.stage, event)
    },
    finish(interrupted) {
      const lines = stages.map((stage) => stageLine(stage.name, reasons.get(stage.name) ?? [], ends.get(stage.name)))
      const links: SummaryLink[] = []
      for (const stage of stages) {
        for (const output of stage.outputs) if (output.show && existsSync(output.path)) links.push({ show: output.show, stage: stage.name, path: output.path })
      }
      // Grouped by heading (alphabetical), graph order within one: the last stage's files end the list.
      links.sort((a, b) => (a.show < b.show ? -1 : a.show > b.show ? 1 : 0))
      return {
        ok: !interrupted && lines.every((l) => l.result !== 'failed' && l.skipped !== 'dependency-failed'),
        interrupted,
        outDir,
        targets,
        durationMs: Math.round(performance.now() - started),
        stages: lines,
        links,
      }
    },
  }
}

function stageLine(stage: string, reasons: Reason[], end: Extract<EngineEvent, { type: 'skip' | 'done' | 'fail' }> | undefined): StageSummary {
  const why = reasons.map(describeReason).join(', ')
  // No terminal event: the run stopped before the stage was judged (the views say the same).
  if (!end) return { stage, result: 'skipped', why: 'dependency-failed', reasons, skipped: 'dependency-failed', durationMs: null, counts: null, error: null }
  switch (end.type) {
    case 'skip':
      return { stage, result: 'skipped', why: end.why, reasons, skipped: end.why, durationMs: null, counts: null, error: null }
    case 'done':
      return { stage, result: 'ran', why, reasons, skipped: null, durationMs: end.durationMs, counts: end.summary ?? null, error: null }
    case 'fail':
      return { stage, result: 'failed', why: why || 'planning failed', reasons, skipped: null, durationMs: end.durationMs, counts: null, error: end.error.split('\n')[0] }
  }
}

const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`)

/** How a path is shown: relative to the working directory when under it, else absolute. */
export function shownPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, path)
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path
}

const MAX_WHY = 60

/** The table printed after the progress view. */
export function summaryTable(report: RunSummaryReport, cwd = process.cwd()): string {
  const clip = (text: string) => (text.length > MAX_WHY ? `${text.slice(0, MAX_WHY - 1)}…` : text)
  const rows = report.stages.map((s) => [
    s.stage,
    s.result,
    seconds(s.durationMs),
    // The first reason and a count keep the row on one line; --summary FILE has them all.
    clip(s.reasons.length > 1 ? `${describeReason(s.reasons[0])} (+${s.reasons.length - 1} more)` : s.why || '-'),
    s.error ? `error: ${s.error}` : (s.counts ?? ''),
  ])
  const header = ['stage', 'result', 'time', 'why', 'counts']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd()
  const verdict = report.interrupted ? 'interrupted' : report.ok ? 'ok' : 'failed'
  const out = [`summary: ${verdict} in ${seconds(report.durationMs)}`, line(header), ...rows.map(line)]
  const showWidth = Math.max(0, ...report.links.map((l) => l.show.length))
  for (const link of report.links) out.push(`${link.show.padEnd(showWidth)}  ${shownPath(link.path, cwd)}`)
  return `${out.join('\n')}\n`
}

/** --summary FILE: the report, checked against the Taskfile's schema, written atomically. */
export function writeSummary(report: RunSummaryReport, file: string, schema: { dirs: readonly string[]; name: string } | undefined): void {
  if (schema) schemaSet(schema.dirs).assertValid(schema.name, report, file)
  writeFileAtomic(file, `${JSON.stringify(report, null, 2)}\n`)
}

/** Where the summary goes: a table on stdout, or a `summary` event with --json; and --summary FILE. */
export interface SummaryOutput {
  json: boolean
  file?: string
  schema?: { dirs: readonly string[]; name: string }
}

export function printSummary(report: RunSummaryReport, output: SummaryOutput): void {
  if (output.json) process.stdout.write(`${JSON.stringify({ type: 'summary', summary: report } satisfies SummaryEvent)}\n`)
  else process.stdout.write(summaryTable(report))
  if (output.file) writeSummary(report, output.file, output.schema)
}
