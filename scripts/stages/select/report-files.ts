// The names of the files select writes into report/: its outputs, so the stage spec needs them
// without loading the report code.
export const CHARTS = {
  languages: 'selected-by-language.svg',
  categories: 'selected-by-category.svg',
  histogram: 'score-histogram.svg',
} as const

export const REPORT_FILE = 'selection.md'
