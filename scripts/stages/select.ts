// The `select` stage: dataset.jsonl + the selection config → scores.jsonl, selected_tasks.json and
// report/ (selection.md + SVG charts). Scoring is the pure scoreAndSelect; this module does the I/O:
// a first pass keeps only the fields scoring needs, a second reads back the selected records whole.
//
// Ordering differs from the original on purpose: we rank by the unrounded score, then id; the
// original ranked by the score rounded to 4 places, ties in file-name order (see select/select-score.ts).
import { mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { defaultConfig } from '../lib/config-loader.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { scoresJsonl } from '../contracts/scores.ts'
import { writeSelectedTasks, type SelectedTask } from '../contracts/selected-tasks.ts'
import { scoresLine, selectedTask, selectedTasksHead } from './select/artifacts.ts'
import { selectionConfigHash, type SelectionConfig } from './select/selection-config.ts'
import { findLeakyRecords } from './select/select-leaks.ts'
import type { LeakCheckConfig } from '../verifier/leaks.ts'
import { readRecords } from '../contracts/dataset.ts'
import { readScoringRows, type ScoringRow } from './select/select-read.ts'
import { reportFiles } from './select/selection-report.ts'
import { scoreAndSelect, type Selection } from './select/select-score.ts'

export { selectionConfigHash } from './select/selection-config.ts'

/** The selection section with every default, as an empty config file gives it. */
export const defaultSelectionConfig = (): SelectionConfig => defaultConfig().selection
export type { FilterKey, QuotaKey, SelectionConfig, SelectionFilter, SelectionQuotas } from './select/selection-config.ts'
export { DatasetError } from '../contracts/dataset.ts'
export { roundScore, scoreAndSelect } from './select/select-score.ts'
export type { Candidate, QuotaReason, RemovalReason, ScoreParts, ScoringFields, Selection } from './select/select-score.ts'
export type { ScoresLine } from '../contracts/scores.ts'
export type { SelectedTask, SelectedTasksDoc, SelectedTasksHead } from '../contracts/selected-tasks.ts'
export { CHARTS, REPORT_FILE } from './select/selection-report.ts'
// The text select_tasks.py printed, for the select-tasks CLI.
export { summaryText } from './select/select-summary.ts'

export interface SelectOptions {
  /** Absolute path of dataset.jsonl (schemas/dataset-record.schema.json per line). */
  dataset: string
  config: SelectionConfig
  /** tasks.leak_check, whose rules selection.exclude_leaks applies (default: its defaults). */
  leakCheck?: LeakCheckConfig
  /** Absolute paths; the engine passes staging paths. */
  outputs: { scores: string; selected: string; reportDir: string }
  progress?: (done: number, total: number, unit?: string) => void
  log?: (message: string) => void
  signal?: AbortSignal
  /** Kept between runs for the leak check's verdicts per project (the engine's
   *  ctx.contentCacheDir: the verdicts are keyed by content, so `clean select` keeps them);
   *  without it every project is checked. */
  cacheDir?: string
  /** Check every project for leaks again (--force): kept verdicts are not reused, only replaced. */
  recheck?: boolean
  /** At most this many threads check leaks (default: one per core). */
  concurrency?: number
}

export interface SelectResult {
  selection: Selection<ScoringRow>
  configHash: string
  /** e.g. `8000 read, 7110 passed, 50 selected`. */
  summary: string
  /** The leak check's projects: checked this run, or reused from cacheDir (absent when not run). */
  leakProjects?: { checked: number; reused: number }
}

export async function select(options: SelectOptions): Promise<SelectResult> {
  const { dataset, config, outputs, signal } = options
  const megabytes = (bytes: number) => Math.round(bytes / 1e6)
  const leakCheck = options.leakCheck ?? defaultConfig().tasks.leak_check
  const datasetStat = statSync(dataset)
  const rows = await readScoringRows(dataset, {
    signal,
    hashLines: config.exclude_leaks && leakCheck.enabled,
    onChunk: (done, size) => options.progress?.(megabytes(done), megabytes(size), 'MB'),
  })
  let leakProjects: SelectResult['leakProjects']
  if (config.exclude_leaks && leakCheck.enabled) {
    // A second pass over the whole file, one project at a time (select/select-leaks.ts).
    const progress = (done: number, total: number) => options.progress?.(done, total, 'records checked for leaks')
    const { leaky, checked, reused, threads } = await findLeakyRecords(dataset, rows, leakCheck, { signal, progress, cacheDir: options.cacheDir, recheck: options.recheck, datasetStat, log: options.log, workers: options.concurrency })
    leakProjects = { checked, reused }
    options.log?.(`leak check: ${checked} project${checked === 1 ? '' : 's'} checked, ${reused} reused${threads > 0 ? ` (on ${threads} worker thread${threads === 1 ? '' : 's'})` : ''}`)
    for (const row of rows) {
      const leaks = leaky.get(row.id)
      if (leaks) row.leaked_passage = leaks[0].text
    }
    if (leaky.size > 0) options.log?.(`exclude_leaks: ${leaky.size} records repeat their ground truth in their description or prompt (tasks.leak_check) and are removed`)
  }
  const selection = scoreAndSelect(rows, config)
  const configHash = selectionConfigHash(config)
  signal?.throwIfAborted()

  writeFileAtomic(outputs.scores, scoresJsonl(selection.candidates.map(scoresLine)))
  await writeSelectedTasks(outputs.selected, selectedTasksHead(selection, config, configHash), withRecords(dataset, selection, signal))
  mkdirSync(outputs.reportDir, { recursive: true })
  for (const [name, content] of Object.entries(reportFiles(selection, config, configHash, leakCheck))) writeFileAtomic(join(outputs.reportDir, name), content)

  const summary = `${rows.length} read, ${selection.ranked.length} passed, ${selection.selected.length} selected`
  options.log?.(summary)
  return { selection, configHash, summary, leakProjects }
}

/** The second pass: each selected record read back whole, with its score fields. */
async function* withRecords(dataset: string, selection: Selection<ScoringRow>, signal?: AbortSignal): AsyncGenerator<SelectedTask> {
  let index = 0
  for await (const record of readRecords(dataset, selection.selected.map((c) => c.record))) {
    signal?.throwIfAborted()
    yield selectedTask(record, selection.selected[index++])
  }
}
