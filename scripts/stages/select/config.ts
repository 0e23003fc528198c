// The `selection` config section. Its defaults live only in schemas/config/selection.schema.json
// (lib/config.ts fills them in; select.ts's defaultSelectionConfig is the config an empty file gives).
import { join } from 'node:path'
import { canonicalJson, sha256 } from '../../lib/hash.ts'

export const SELECTION_SCHEMA = join(import.meta.dirname, '..', '..', '..', 'schemas', 'config', 'selection.schema.json')

export type FilterKey = 'languages' | 'categories' | 'difficulties'
export type SelectionFilter = Partial<Record<FilterKey, string[]>>

export type QuotaKey = 'max_per_project' | 'max_per_language' | 'max_per_category'
export type SelectionQuotas = Partial<Record<QuotaKey, number>>

/** schemas/config/selection.schema.json with every default filled in. */
export interface SelectionConfig {
  thresholds: { min_context_length: number; min_files_count: number }
  weights: { context: number; files: number; category: number }
  category_bonuses: Record<string, number>
  default_bonus: number
  top_n: number
  /** `difficulties` matches the record's `difficulty` field (achieved), not `id_difficulty`. */
  include: SelectionFilter
  exclude: SelectionFilter
  quotas: SelectionQuotas
  /** Remove records whose ground truth is empty or missing (they cannot be graded). */
  require_ground_truth: boolean
  /** Remove records whose description or task prompt repeats their ground truth by tasks.leak_check's
   *  rules (select/leaks.ts): generate would fail them. */
  exclude_leaks: boolean
}

/** The hash written into selected_tasks.json: same config, same hash, whatever the key order. */
export const selectionConfigHash = (config: SelectionConfig): string => sha256(canonicalJson(config))
