// The two JSON artifacts: scores.jsonl (every record with its outcome) and selected_tasks.json (the
// original's shape, plus the unrounded parts and the config hash).
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { toJson } from '../../lib/fsx.ts'
import type { SelectionConfig } from './config.ts'
import { roundScore, type Candidate, type QuotaReason, type RemovalReason, type ScoringFields, type Selection } from './score.ts'

/** One line of scores.jsonl (schemas/scores-line.schema.json). */
export interface ScoresLine extends ScoringFields {
  passed: boolean
  removed_by: RemovalReason[]
  context_part: number | null
  files_part: number | null
  category_part: number | null
  total: number | null
  score: number | null
  rank: number | null
  selected: boolean
  skipped_by_quota: QuotaReason[]
}

export function scoresLine({ record, parts, ...outcome }: Candidate): ScoresLine {
  return {
    id: record.id,
    project_id: record.project_id,
    language: record.language,
    task_category: record.task_category,
    difficulty: record.difficulty,
    context_length: record.context_length,
    files_count: record.files_count,
    passed: outcome.passed,
    removed_by: outcome.removed_by,
    context_part: parts?.context ?? null,
    files_part: parts?.files ?? null,
    category_part: parts?.category ?? null,
    total: parts?.total ?? null,
    score: parts ? roundScore(parts.total) : null,
    rank: outcome.rank,
    selected: outcome.selected,
    skipped_by_quota: outcome.skipped_by_quota,
  }
}

export const scoresJsonl = (selection: Selection): string => selection.candidates.map((c) => `${JSON.stringify(scoresLine(c))}\n`).join('')

export interface SelectedTask extends Record<string, unknown> {
  id: string
  /** round(total, 4), as the original stores it. */
  score: number
  score_parts: { context: number; files: number; category: number; total: number }
  rank: number
}

export interface SelectedTasksDoc {
  selection_criteria: Record<string, unknown>
  statistics: { total_tasks: number; filtered_tasks: number; selected_tasks: number }
  config_hash: string
  tasks: SelectedTask[]
}

/** Highest bonus first, then by name: the original's order for the defaults, and one order for any config. */
export const bonusesInOrder = (bonuses: Record<string, number>): [string, number][] =>
  Object.entries(bonuses).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))

/** The original's selection_criteria keys first, then our knobs, so old readers find what they read. */
export function selectionCriteria(config: SelectionConfig): Record<string, unknown> {
  return {
    min_context_length: config.thresholds.min_context_length,
    min_files_count: config.thresholds.min_files_count,
    context_weight: config.weights.context,
    files_weight: config.weights.files,
    category_weight: config.weights.category,
    category_bonuses: Object.fromEntries(bonusesInOrder(config.category_bonuses)),
    top_n: config.top_n,
    default_bonus: config.default_bonus,
    include: config.include,
    exclude: config.exclude,
    quotas: config.quotas,
    order: 'unrounded score descending, then id ascending',
  }
}

export type SelectedTasksHead = Omit<SelectedTasksDoc, 'tasks'>

export function selectedTasksHead(selection: Selection, config: SelectionConfig, configHash: string): SelectedTasksHead {
  return {
    selection_criteria: selectionCriteria(config),
    statistics: { total_tasks: selection.candidates.length, filtered_tasks: selection.ranked.length, selected_tasks: selection.selected.length },
    config_hash: configHash,
  }
}

/** The whole dataset record, then the score fields (a record's own keys of those names are replaced). */
export function selectedTask(record: Record<string, unknown>, { parts, rank }: Candidate): SelectedTask {
  return { ...(record as { id: string }), score: roundScore(parts!.total), score_parts: { ...parts! }, rank: rank! }
}

/**
 * Writes toJson({ ...head, tasks }) one task at a time, so a large top_n never holds every record:
 * a task is indented like the array item it is (JSON strings hold no raw newline, so re-indenting
 * line by line is exact).
 */
export async function writeSelectedTasks(path: string, head: SelectedTasksHead, tasks: AsyncIterable<SelectedTask>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  const handle = await open(tmp, 'w')
  try {
    const tail = '[]\n}\n'
    let pending = toJson({ ...head, tasks: [] }).slice(0, -tail.length)
    let first = true
    for await (const task of tasks) {
      pending += `${first ? '[\n' : ',\n'}    ${JSON.stringify(task, null, 2).replaceAll('\n', '\n    ')}`
      first = false
      if (pending.length > 1 << 20) {
        await handle.write(pending)
        pending = ''
      }
    }
    await handle.write(pending + (first ? tail : '\n  ]\n}\n'))
    await handle.close()
    renameSync(tmp, path)
  } catch (error) {
    await handle.close().catch(() => {})
    rmSync(tmp, { force: true })
    throw error
  }
}
