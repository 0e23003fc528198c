// The text select_tasks.py printed, line for line, so people migrating see what they know. Averages
// use the rounded scores, as the original's did; number formats follow Python's (half-even, commas).
import type { SelectionConfig } from './selection-config.ts'
import { roundHalfEven, roundScore, type Selection } from './select-score.ts'

export interface SummaryPaths {
  dataset: string
  selected: string
  scores: string
  report: string
}

const commas = (x: number): string => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

function distribution(values: string[]): string[] {
  const counts = new Map<string, number>()
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value, count]) => `  ${value}: ${count}`)
}

export function summaryText(selection: Selection, config: SelectionConfig, paths: SummaryPaths): string {
  const { candidates, ranked, selected } = selection
  const filtered = Object.values(config.include).some(Boolean) || Object.values(config.exclude).some(Boolean)
  const meeting = filtered ? 'Tasks meeting thresholds and filters' : 'Tasks meeting thresholds'
  const lines = [
    `Loading dataset from ${paths.dataset}`,
    `Loaded ${candidates.length} tasks`,
    '',
    `Applying thresholds: context_length > ${commas(config.thresholds.min_context_length)}, files_count > ${config.thresholds.min_files_count}`,
    `${meeting}: ${ranked.length}`,
    '',
    'Scoring tasks...',
    '',
    '=== Task Selection Summary ===',
    `Total tasks in dataset: ${candidates.length}`,
    `${meeting}: ${ranked.length}`,
    `Tasks selected: ${selected.length}`,
  ]
  if (selected.length === 0) {
    lines.push('', 'No tasks selected!')
  } else {
    const records = selected.map((c) => c.record)
    const scores = selected.map((c) => roundScore(c.parts!.total))
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
    lines.push(
      '',
      '=== Selection Statistics ===',
      `Average context length: ${commas(roundHalfEven(mean(records.map((r) => r.context_length)), 0))} tokens`,
      `Average files count: ${roundHalfEven(mean(records.map((r) => r.files_count)), 1).toFixed(1)}`,
      `Average score: ${roundHalfEven(mean(scores), 4).toFixed(4)}`,
      `Score range: ${scores[scores.length - 1].toFixed(4)} - ${scores[0].toFixed(4)}`,
      '',
      '=== Category Distribution ===',
      ...distribution(records.map((r) => r.task_category)),
      '',
      '=== Language Distribution ===',
      ...distribution(records.map((r) => r.language)),
      '',
      '=== Top 10 Selected Tasks ===',
      ...selected.slice(0, 10).map((c, i) =>
        `${String(i + 1).padStart(2)}. ${c.record.id.slice(0, 60).padEnd(60)} score=${roundScore(c.parts!.total).toFixed(4)} ctx=${commas(c.record.context_length)} files=${c.record.files_count}`,
      ),
    )
  }
  lines.push(
    '',
    `Wrote ${selected.length} selected tasks to ${paths.selected}`,
    `Wrote the scores of ${candidates.length} records to ${paths.scores} and the report to ${paths.report}`,
  )
  return `${lines.join('\n')}\n`
}
