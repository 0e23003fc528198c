// What scoring reads and decides, apart from how: select-score.ts ranks, quotas.ts skips; both speak
// these types (kept here so neither imports the other's module for them).
import type { DatasetRecord } from '../../contracts/dataset.ts'
import type { FilterKey, QuotaKey } from './selection-config.ts'

type ScoredKey = 'id' | 'project_id' | 'language' | 'task_category' | 'difficulty' | 'context_length' | 'files_count'

/** The fields of a dataset record that scoring reads. */
export interface ScoringFields extends Pick<DatasetRecord, ScoredKey> {
  /** False when the record's ground truth is empty or missing; undefined when not looked at. */
  has_ground_truth?: boolean
  /** The first ground-truth passage the record's description or prompt repeats (selection.exclude_leaks,
   *  select/select-leaks.ts); undefined when none was found or the check did not run. */
  leaked_passage?: string
}

export const THRESHOLD_REASONS = ['thresholds.min_context_length', 'thresholds.min_files_count'] as const
export const FILTER_KEYS: readonly FilterKey[] = ['languages', 'categories', 'difficulties']
export type RemovalReason = (typeof THRESHOLD_REASONS)[number] | `include.${FilterKey}` | `exclude.${FilterKey}` | 'require_ground_truth' | 'exclude_leaks'
export type QuotaReason = `quotas.${QuotaKey}`

/** Weighted parts: total = context + files + category (summed in that order, as the original does). */
export interface ScoreParts {
  context: number
  files: number
  category: number
  total: number
}

export interface Candidate<T extends ScoringFields = ScoringFields> {
  record: T
  passed: boolean
  /** Every threshold and filter the record failed, in config order; empty when it passed. */
  removed_by: RemovalReason[]
  parts: ScoreParts | null
  /** 1-based position among the records that passed; null for removed ones. */
  rank: number | null
  selected: boolean
  /** The quotas that were full when the record's turn came; empty when none skipped it. */
  skipped_by_quota: QuotaReason[]
}

export interface Selection<T extends ScoringFields = ScoringFields> {
  /** Passed records in ranking order, then removed ones by id. */
  candidates: Candidate<T>[]
  ranked: Candidate<T>[]
  selected: Candidate<T>[]
  maxima: { context_length: number; files_count: number }
}
