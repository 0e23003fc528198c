// out/scores.jsonl: every dataset record's selection outcome, one line each. Written by select, read
// by the report page. Schema: schemas/scores-line.schema.json.

export const SCORES_FILE = 'scores.jsonl'
export const SCORES_LINE_SCHEMA = 'scores-line.schema.json'

/** Removal and quota reasons are config key paths (the schema lists them). */
export interface ScoresLine {
  id: string
  project_id: string
  language: string
  task_category: string
  difficulty: string
  context_length: number
  files_count: number
  passed: boolean
  removed_by: string[]
  context_part: number | null
  files_part: number | null
  category_part: number | null
  total: number | null
  score: number | null
  rank: number | null
  selected: boolean
  skipped_by_quota: string[]
}

export const scoresJsonl = (lines: Iterable<ScoresLine>): string => Array.from(lines, (line) => `${JSON.stringify(line)}\n`).join('')
