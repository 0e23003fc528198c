// The MCP-value score of the original select_tasks.py, as a pure function.
//
// score = w.context * context_length / max_context_length
//       + w.files   * files_count / max_files_count
//       + w.category * bonus(task_category)
// with the maxima over the records that pass the thresholds and filters.
//
// The one deliberate difference from the original: it sorts by round(score, 4), so rounding creates
// ties that its stable sort leaves in file-name order. We sort by the unrounded score, then by id
// (code-unit order), and round only for display.
import { FILTER_KEYS, type Candidate, type RemovalReason, type ScoreParts, type ScoringFields, type Selection } from './candidate.ts'
import type { FilterKey, SelectionConfig } from './selection-config.ts'
import { applyQuotas } from './quotas.ts'

export { FILTER_KEYS, THRESHOLD_REASONS } from './candidate.ts'
export type { Candidate, QuotaReason, RemovalReason, ScoreParts, ScoringFields, Selection } from './candidate.ts'

const FILTER_FIELD: Record<FilterKey, keyof ScoringFields> = {
  languages: 'language',
  categories: 'task_category',
  difficulties: 'difficulty',
}

export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export function removalReasons(record: ScoringFields, config: SelectionConfig): RemovalReason[] {
  const reasons: RemovalReason[] = []
  if (!(record.context_length > config.thresholds.min_context_length)) reasons.push('thresholds.min_context_length')
  if (!(record.files_count > config.thresholds.min_files_count)) reasons.push('thresholds.min_files_count')
  if (config.require_ground_truth && record.has_ground_truth === false) reasons.push('require_ground_truth')
  if (config.exclude_leaks && record.leaked_passage !== undefined) reasons.push('exclude_leaks')
  for (const key of FILTER_KEYS) {
    const list = config.include[key]
    if (list && !list.includes(String(record[FILTER_FIELD[key]]))) reasons.push(`include.${key}`)
  }
  for (const key of FILTER_KEYS) {
    const list = config.exclude[key]
    if (list && list.includes(String(record[FILTER_FIELD[key]]))) reasons.push(`exclude.${key}`)
  }
  return reasons
}

export const categoryBonus = (category: string, config: SelectionConfig): number =>
  Object.hasOwn(config.category_bonuses, category) ? config.category_bonuses[category] : config.default_bonus

export function scoreParts(record: ScoringFields, maxima: Selection['maxima'], config: SelectionConfig): ScoreParts {
  const { weights } = config
  const context = maxima.context_length > 0 ? weights.context * (record.context_length / maxima.context_length) : 0
  const files = maxima.files_count > 0 ? weights.files * (record.files_count / maxima.files_count) : 0
  const category = weights.category * categoryBonus(record.task_category, config)
  return { context, files, category, total: context + files + category }
}

const byRanking = (a: Candidate, b: Candidate): number => b.parts!.total - a.parts!.total || compareIds(a.record.id, b.record.id)

export function scoreAndSelect<T extends ScoringFields>(records: Iterable<T>, config: SelectionConfig): Selection<T> {
  const passed: Candidate<T>[] = []
  const removed: Candidate<T>[] = []
  for (const record of records) {
    const removed_by = removalReasons(record, config)
    const candidate: Candidate<T> = { record, passed: removed_by.length === 0, removed_by, parts: null, rank: null, selected: false, skipped_by_quota: [] }
    ;(candidate.passed ? passed : removed).push(candidate)
  }
  const maxima = { context_length: 0, files_count: 0 }
  for (const { record } of passed) {
    maxima.context_length = Math.max(maxima.context_length, record.context_length)
    maxima.files_count = Math.max(maxima.files_count, record.files_count)
  }
  for (const candidate of passed) candidate.parts = scoreParts(candidate.record, maxima, config)
  passed.sort(byRanking)
  passed.forEach((candidate, index) => (candidate.rank = index + 1))
  removed.sort((a, b) => compareIds(a.record.id, b.record.id))
  const selected = applyQuotas(passed, config)
  return { candidates: [...passed, ...removed], ranked: passed, selected, maxima }
}

/**
 * Python's round(x, places): correctly rounded, and an exact binary tie goes to the even digit.
 * toFixed is correctly rounded too but sends exact ties up, so only ties need a second look.
 */
export function roundHalfEven(x: number, places: number): number {
  if (x < 0) return -roundHalfEven(-x, places)
  const scaled = x * 10 ** places
  if (Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6) return Number(x.toFixed(places))
  const exact = x.toFixed(100)
  const point = exact.indexOf('.')
  const kept = places === 0 ? exact.slice(0, point) : exact.slice(0, point + 1 + places)
  if (/^50*$/.test(exact.slice(point + 1 + places)) && Number(kept[kept.length - 1]) % 2 === 0) return Number(kept)
  return Number(x.toFixed(places))
}

/** The displayed score: round(total, 4), what the original stores as `score`. */
export const roundScore = (x: number): number => roundHalfEven(x, 4)
