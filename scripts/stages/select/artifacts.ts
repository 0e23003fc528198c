// What select puts in its two artifacts (contracts/scores.ts, contracts/selected-tasks.ts): a
// candidate's scores line, and selected_tasks.json's head and tasks (the original's shape, plus the
// unrounded parts and the config hash).
import type { ScoresLine } from '../../contracts/scores.ts'
import type { SelectedTask, SelectedTasksHead } from '../../contracts/selected-tasks.ts'
import type { SelectionConfig } from './selection-config.ts'
import { roundScore, type Candidate, type Selection } from './select-score.ts'

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
