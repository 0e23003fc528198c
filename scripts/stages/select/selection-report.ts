// report/selection.md and its charts: what was chosen, what each knob removed or skipped, and the
// score parts of the top of the list. Every table is plain pipe Markdown so it can be read back.
import { CATEGORIES, DIFFICULTIES, LANGUAGES } from '../../lib/ids.ts'
import { bonusesInOrder } from './artifacts.ts'
import { barChartSvg, histogramSvg, scoreBins, type Bar } from './charts.ts'
import type { SelectionConfig } from './selection-config.ts'
import type { LeakCheckConfig } from '../../verifier/leaks.ts'
import { QUOTA_FIELD, valueOf } from './quotas.ts'
import { FILTER_KEYS, THRESHOLD_REASONS, roundScore, type Candidate, type RemovalReason, type Selection } from './select-score.ts'
import { CHARTS, REPORT_FILE } from './report-files.ts'

export { CHARTS, REPORT_FILE } from './report-files.ts'

/** Rows shown in the "Top of the list" table; the full list is in selected_tasks.json. */
export const TOP_ROWS = 100

export const ORDERING_NOTE =
  'Ranked by the unrounded score, highest first; equal scores by id (code-unit order). Scores are shown rounded to 4 places. ' +
  'This is the one deliberate difference from the original select_tasks.py, which sorted by the score already rounded to 4 places, ' +
  'so near-equal scores tied and kept file-name order.'

/** File name → content, for every file of the report directory. `leakCheck` is tasks.leak_check
 *  as select applied it (absent: its defaults). */
export function reportFiles(selection: Selection, config: SelectionConfig, configHash: string, leakCheck?: LeakCheckConfig): Record<string, string> {
  const selected = selection.selected.map((c) => c.record)
  const languageBars = countBars(selected.map((r) => r.language), LANGUAGES)
  const categoryBars = countBars(selected.map((r) => r.task_category), CATEGORIES)
  const totals = selection.ranked.map((c) => ({ total: c.parts!.total, selected: c.selected }))
  return {
    [REPORT_FILE]: markdown(selection, config, configHash, leakCheck),
    [CHARTS.languages]: barChartSvg('Selected tasks by language', languageBars),
    [CHARTS.categories]: barChartSvg('Selected tasks by task category', categoryBars),
    [CHARTS.histogram]: histogramSvg('Scores of the records that passed', scoreBins(totals)),
  }
}

/** Every known value (zero counts included, so a missing language shows), most frequent first. */
function countBars(values: string[], known: readonly string[]): Bar[] {
  const counts = tally(values, known)
  return [...counts].map(([label, value]) => ({ label, value })).sort((a, b) => b.value - a.value || (a.label < b.label ? -1 : 1))
}

function tally(values: string[], known: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>(known.map((k) => [k, 0]))
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}

function markdown(selection: Selection, config: SelectionConfig, configHash: string, leakCheck?: LeakCheckConfig): string {
  const { candidates, ranked, selected } = selection
  const lines = [
    '# Selection report',
    '',
    `${candidates.length} records read, ${ranked.length} passed the thresholds and filters, ${selected.length} selected (top_n ${config.top_n}).`,
    `Config hash: \`${configHash}\` (sha256 of the canonical JSON of the selection config).`,
    '',
    '## Ordering',
    '',
    ORDERING_NOTE,
    '',
    ...criteriaSection(config, leakCheck),
    ...removalSection(candidates, config),
    ...leakSection(candidates, config, leakCheck),
    ...quotaSection(ranked, config),
    ...languageCategorySection(selected, ranked),
    ...difficultySection(selected, ranked),
    ...scoreSection(selected, ranked),
    ...topSection(selected),
  ]
  return `${lines.join('\n')}\n`
}

const table = (header: string[], align: ('l' | 'r')[], rows: (string | number)[][]): string[] => [
  `| ${header.join(' | ')} |`,
  `|${align.map((a) => (a === 'r' ? '---:' : '---')).join('|')}|`,
  ...rows.map((row) => `| ${row.join(' | ')} |`),
]

const fixed4 = (x: number): string => roundScore(x).toFixed(4)

function criteriaSection(config: SelectionConfig, leakCheck?: LeakCheckConfig): string[] {
  const rows: (string | number)[][] = [
    ['thresholds.min_context_length', `context_length > ${config.thresholds.min_context_length}`],
    ['thresholds.min_files_count', `files_count > ${config.thresholds.min_files_count}`],
    ['weights.context', config.weights.context],
    ['weights.files', config.weights.files],
    ['weights.category', config.weights.category],
    ...bonusesInOrder(config.category_bonuses).map(([category, bonus]) => [`category_bonuses.${category}`, bonus]),
    ['default_bonus', config.default_bonus],
    ['top_n', config.top_n],
    ['require_ground_truth', String(config.require_ground_truth)],
    ['exclude_leaks', exclusion(config, leakCheck)],
  ]
  for (const side of ['include', 'exclude'] as const) {
    for (const key of FILTER_KEYS) {
      const list = config[side][key]
      if (list) rows.push([`${side}.${key}`, list.join(', ')])
    }
  }
  for (const key of Object.keys(QUOTA_FIELD) as (keyof typeof QUOTA_FIELD)[]) {
    if (config.quotas[key] !== undefined) rows.push([`quotas.${key}`, config.quotas[key]])
  }
  return ['## Criteria', '', ...table(['setting', 'value'], ['l', 'l'], rows), '']
}

function removalSection(candidates: Candidate[], config: SelectionConfig): string[] {
  const reasons: RemovalReason[] = [...THRESHOLD_REASONS]
  if (config.require_ground_truth) reasons.push('require_ground_truth')
  if (config.exclude_leaks) reasons.push('exclude_leaks')
  for (const side of ['include', 'exclude'] as const) {
    for (const key of FILTER_KEYS) if (config[side][key]) reasons.push(`${side}.${key}`)
  }
  const removed = candidates.filter((c) => !c.passed)
  const rows: (string | number)[][] = reasons.map((reason) => [
    reason,
    removed.filter((c) => c.removed_by.includes(reason)).length,
    removed.filter((c) => c.removed_by.length === 1 && c.removed_by[0] === reason).length,
  ])
  rows.push(['any', removed.length, ''])
  return [
    '## What the thresholds and filters removed',
    '',
    'A record failing several checks counts on each of their rows; "alone" counts the records only that check removed.',
    '',
    ...table(['check', 'removed', 'alone'], ['l', 'r', 'r'], rows),
    '',
  ]
}

/** Rows shown in the leak table; scores.jsonl names every removed record. */
const LEAK_ROWS = 50

const exclusion = (config: SelectionConfig, leakCheck?: LeakCheckConfig): string => {
  if (!config.exclude_leaks) return 'false'
  if (!leakCheck) return 'true (tasks.leak_check rules)'
  if (!leakCheck.enabled) return 'true, but tasks.leak_check is off: not checked'
  return `true (tasks.leak_check: a sentence of ${leakCheck.min_sentence_words}+ words or a run of ${leakCheck.min_run_words}, with ${leakCheck.min_specific_words}+ specific words)`
}

function leakSection(candidates: Candidate[], config: SelectionConfig, leakCheck?: LeakCheckConfig): string[] {
  if (!config.exclude_leaks || leakCheck?.enabled === false) return []
  const leaky = candidates.filter((c) => c.removed_by.includes('exclude_leaks'))
  const head = [
    '## Scenarios that give their answer away',
    '',
    'selection.exclude_leaks: the description or task prompt repeats a ground-truth sentence or a long run of its words ' +
      '(tasks.leak_check; shared phrasing means shared with another scenario of the same project). generate would fail these tasks.',
    '',
  ]
  if (leaky.length === 0) return [...head, 'None found.', '']
  const shown = leaky.slice(0, LEAK_ROWS)
  const passage = (text = '') => (text.length > 120 ? `${text.slice(0, 120)}…` : text).replaceAll('|', '\\|')
  const rows = shown.map((c) => [c.record.id, `"${passage(c.record.leaked_passage)}"`])
  const more = leaky.length > shown.length ? [`The other ${leaky.length - shown.length} are in scores.jsonl (removed_by exclude_leaks).`, ''] : []
  return [...head, ...table(['id', 'repeated passage (first)'], ['l', 'l'], rows), '', ...more]
}

function quotaSection(ranked: Candidate[], config: SelectionConfig): string[] {
  const head = ['## Quota skips', '']
  if (Object.values(config.quotas).every((v) => v === undefined)) return [...head, 'No quotas are set.', '']
  const skipped = ranked.filter((c) => c.skipped_by_quota.length > 0)
  if (skipped.length === 0) return [...head, 'Quotas are set; none skipped a candidate.', '']
  const rows = skipped.map((c) => [
    c.rank!,
    c.record.id,
    c.skipped_by_quota.join(', '),
    c.skipped_by_quota
      .map((reason) => {
        const key = reason.slice('quotas.'.length) as keyof typeof QUOTA_FIELD
        return `${QUOTA_FIELD[key]} ${valueOf(c, key)} already had ${config.quotas[key]}`
      })
      .join('; '),
  ])
  return [...head, `${skipped.length} candidates were skipped because a quota was full when their turn came.`, '', ...table(['rank', 'id', 'quota', 'why'], ['r', 'l', 'l', 'l'], rows), '']
}

function languageCategorySection(selected: Candidate[], ranked: Candidate[]): string[] {
  const categories = [...tally(ranked.map((c) => c.record.task_category), CATEGORIES).keys()]
  const languages = [...tally(ranked.map((c) => c.record.language), LANGUAGES).keys()]
  const rows = languages.map((language) => {
    const mine = selected.filter((c) => c.record.language === language)
    return [language, ...categories.map((cat) => mine.filter((c) => c.record.task_category === cat).length), mine.length]
  })
  rows.push(['total', ...categories.map((cat) => selected.filter((c) => c.record.task_category === cat).length), selected.length])
  return [
    '## Selected by language and category',
    '',
    `![Selected tasks by language](${CHARTS.languages})`,
    '',
    `![Selected tasks by task category](${CHARTS.categories})`,
    '',
    ...table(['language', ...categories, 'total'], ['l', ...categories.map((): 'r' => 'r'), 'r'], rows),
    '',
  ]
}

function difficultySection(selected: Candidate[], ranked: Candidate[]): string[] {
  const difficulties = [...tally(ranked.map((c) => c.record.difficulty), DIFFICULTIES).keys()]
  const rows = difficulties.map((d) => [d, ranked.filter((c) => c.record.difficulty === d).length, selected.filter((c) => c.record.difficulty === d).length])
  return [
    '## Selected by difficulty',
    '',
    'The record\'s `difficulty` field (the achieved difficulty), as the difficulty filters use it.',
    '',
    ...table(['difficulty', 'passed', 'selected'], ['l', 'r', 'r'], rows),
    '',
  ]
}

function scoreSection(selected: Candidate[], ranked: Candidate[]): string[] {
  const stat = (name: string, values: number[], format: (x: number) => string) =>
    values.length === 0
      ? [name, '–', '–', '–']
      : [name, format(Math.min(...values)), format(values.reduce((a, b) => a + b, 0) / values.length), format(Math.max(...values))]
  const whole = (x: number) => String(Math.round(x))
  const rows = [
    stat('score (selected)', selected.map((c) => c.parts!.total), fixed4),
    stat('score (passed)', ranked.map((c) => c.parts!.total), fixed4),
    stat('context_length (selected)', selected.map((c) => c.record.context_length), whole),
    stat('files_count (selected)', selected.map((c) => c.record.files_count), whole),
  ]
  return [
    '## Scores',
    '',
    `![Score histogram](${CHARTS.histogram})`,
    '',
    ...table(['measure', 'min', 'mean', 'max'], ['l', 'r', 'r', 'r'], rows),
    '',
  ]
}

function topSection(selected: Candidate[]): string[] {
  const shown = selected.slice(0, TOP_ROWS)
  const rows = shown.map((c) => [
    c.rank!,
    c.record.id,
    c.record.language,
    c.record.task_category,
    c.record.difficulty,
    c.record.context_length,
    c.record.files_count,
    fixed4(c.parts!.context),
    fixed4(c.parts!.files),
    fixed4(c.parts!.category),
    fixed4(c.parts!.total),
  ])
  const more = selected.length > shown.length ? [`The other ${selected.length - shown.length} are in selected_tasks.json.`, ''] : []
  return [
    '## Top of the list',
    '',
    'Parts are weighted (they add up to the score); rank is the position among all records that passed, so quota skips leave gaps.',
    '',
    ...table(
      ['rank', 'id', 'language', 'task_category', 'difficulty', 'context_length', 'files_count', 'context part', 'files part', 'category part', 'score'],
      ['r', 'l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'r', 'r'],
      rows,
    ),
    '',
    ...more,
  ]
}
