// The first of select's two passes over dataset.jsonl: per line, the seven fields scoring needs and
// where the line is; the second pass reads back only the selected lines (contracts/dataset.ts).
//
// Not readJsonl + JSON.parse: at full scale (8,000 records, 115-150 MB) decoding and parsing every
// record costs more than everything else select does together. findMembers (lib/json-members.ts)
// reads the fields from the two ends of each line and never decodes the large texts in between.
import { hash } from 'node:crypto'
import { DatasetError, isBlank, parseLine, scanLines, type LineRef } from '../../contracts/dataset.ts'
import { CATEGORIES, DIFFICULTIES, LANGUAGES } from '../../lib/ids.ts'
import { findMembers, Unfollowable, Vocabulary, type WalkPlan } from '../../lib/json-members.ts'
import type { ScoringFields } from './select-score.ts'
import { groundTruthInBytes, groundTruthInValue } from './select-ground-truth.ts'

export type ScoringRow = ScoringFields & LineRef & {
  /** sha256 of the line's bytes (ReadOptions.hashLines), taken while the first pass has them. */
  sha256?: string
}

export interface ReadOptions {
  signal?: AbortSignal
  /** Called after each chunk with bytes read so far and the file size. */
  onChunk?: (bytes: number, size: number) => void
  /** Hash every record's line (the leak cache's key), so no later pass reads the file to learn it. */
  hashLines?: boolean
}

const YIELD_EVERY = 8
const STRING_FIELDS = ['id', 'project_id', 'language', 'task_category', 'difficulty'] as const
const COUNT_FIELDS = ['context_length', 'files_count'] as const
const GROUND_TRUTH = 'ground_truth'
/** Where the fast path puts its verdict on the ground truth (never a dataset key: it has a space). */
const HAS_GROUND_TRUTH = 'has ground truth'
const WANTED = new Vocabulary([...STRING_FIELDS, ...COUNT_FIELDS, GROUND_TRUTH])
// Known values come back as shared constants instead of 8,000 copies of each.
const KNOWN: Partial<Record<string, Vocabulary>> = {
  language: new Vocabulary(LANGUAGES),
  task_category: new Vocabulary(CATEGORIES),
  difficulty: new Vocabulary(DIFFICULTIES),
}

export async function readScoringRows(path: string, options: ReadOptions = {}): Promise<ScoringRow[]> {
  const rows: ScoringRow[] = []
  const firstLine = new Map<string, number>()
  const plan: WalkPlan = { front: 0, back: 0 }
  const chunks = scanLines(path, (buffer, start, end, ref) => {
    const fields = pickFields(buffer, start, end, plan, path, ref.line)
    if (!fields) return
    const row = toRow(fields, path, ref)
    if (options.hashLines) row.sha256 = hash('sha256', buffer.subarray(start, end))
    const seen = firstLine.get(row.id)
    if (seen !== undefined) throw new DatasetError(`${path}:${ref.line}: /id: duplicate id "${row.id}" (first on line ${seen})`)
    firstLine.set(row.id, ref.line)
    rows.push(row)
  })
  try {
    // The event loop gets a turn every few chunks, for progress and cancellation.
    for (let chunk = 0; ; chunk++) {
      if (chunk % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve))
      options.signal?.throwIfAborted()
      const step = chunks.next()
      if (step.done) break
      options.onChunk?.(step.value.done, step.value.size)
    }
  } finally {
    chunks.return(undefined)
  }
  return rows
}

/** The wanted fields of one line, or undefined for a blank line. */
function pickFields(buffer: Buffer, start: number, end: number, plan: WalkPlan, path: string, line: number): Record<string, unknown> | undefined {
  if (isBlank(buffer, start, end)) return undefined
  try {
    const fields: Record<string, unknown> = {}
    for (const [key, [from, to]] of findMembers(buffer, start, end, WANTED, plan)) {
      // The ground truth is judged from its bytes: decoding every record's would undo the scanner.
      if (key === GROUND_TRUTH) fields[HAS_GROUND_TRUTH] = groundTruthInBytes(buffer, from, to)
      else fields[key] = decodeValue(buffer, from, to, KNOWN[key])
    }
    fields[HAS_GROUND_TRUTH] ??= false
    return fields
  } catch (error) {
    if (!(error instanceof Unfollowable) && !(error instanceof SyntaxError)) throw error
    return parseLine(buffer.toString('utf8', start, end), path, line)
  }
}

/** JSON.parse of b[from, to), without making a string first for plain ASCII strings and integers. */
function decodeValue(b: Buffer, from: number, to: number, known?: Vocabulary): unknown {
  if (b[from] === 0x22) {
    const word = known?.match(b, from + 1, to - 1)
    if (word !== undefined) return word
    for (let i = from + 1; i < to - 1; i++) if (b[i] === 0x5c || b[i] > 0x7e || b[i] < 0x20) return JSON.parse(b.toString('utf8', from, to))
    return b.toString('latin1', from + 1, to - 1)
  }
  if (to - from <= 15 && b[from] >= 0x31 && b[from] <= 0x39) {
    let n = 0
    for (let i = from; i < to; i++) {
      const digit = b[i] - 0x30
      if (digit < 0 || digit > 9) return JSON.parse(b.toString('latin1', from, to))
      n = n * 10 + digit
    }
    return n
  }
  return JSON.parse(b.toString('utf8', from, to))
}

function toRow(fields: Record<string, unknown>, path: string, ref: LineRef): ScoringRow {
  const where = `${path}:${ref.line}`
  for (const key of STRING_FIELDS) {
    if (typeof fields[key] !== 'string' || fields[key] === '') throw new DatasetError(`${where}: /${key}: must be a non-empty string`)
  }
  for (const key of COUNT_FIELDS) {
    if (!Number.isSafeInteger(fields[key]) || (fields[key] as number) < 0) throw new DatasetError(`${where}: /${key}: must be a non-negative integer`)
  }
  const f = fields as unknown as ScoringFields
  return {
    id: f.id,
    project_id: f.project_id,
    language: f.language,
    task_category: f.task_category,
    difficulty: f.difficulty,
    context_length: f.context_length,
    files_count: f.files_count,
    has_ground_truth: HAS_GROUND_TRUTH in fields ? fields[HAS_GROUND_TRUTH] === true : groundTruthInValue(fields[GROUND_TRUTH]),
    line: ref.line,
    offset: ref.offset,
    length: ref.length,
  }
}
