// One scenario file on its own: bytes in, a verdict out (a reject with its reason and JSON
// pointer, or the facts and the record's text fragment). Nothing here looks at other files or at
// the project tree, so the result can be cached by the file's bytes.
import { isAscii, isUtf8 } from 'node:buffer'
import { isDifficulty } from '../../lib/ids.ts'
import { normaliseContextPath } from './context-paths.ts'
import { findJsonError } from './json-error.ts'
import { minified, topLevelRanges } from './json-raw.ts'
import { renderCriterion, renderProse, type Json } from './text.ts'
import type { Finding, RejectReason, ScenarioFacts, WarningCode } from './extract-types.ts'
import type { Check } from './validator.ts'

export const RAW_SCENARIO_SCHEMA = 'raw-scenario.schema.json'

export type Judged =
  | { kind: 'reject'; reason: RejectReason; pointer: string; message: string }
  | { kind: 'candidate'; scenario: Omit<ScenarioFacts, 'sha256'>; fragment: string; context: string }

interface RawScenario {
  id: string
  task_category: string
  difficulty: string
  title: string
  description?: string
  context_files: string[]
  context_length: number
  task_prompt: Json
  expected_approach?: Json
  ground_truth?: Json
  evaluation_criteria?: Json[]
  metadata: { files_count: number; context_length?: number; information_coverage?: number }
}

const reject = (reason: RejectReason, message: string, pointer = ''): Judged => ({ kind: 'reject', reason, pointer, message })

export function judgeScenario(bytes: Buffer, check: Check): Judged {
  const decoded = decode(bytes)
  if (typeof decoded !== 'string') return decoded
  let value: unknown
  try {
    value = JSON.parse(decoded)
  } catch (error) {
    const at = findJsonError(decoded)
    const message = at ? `line ${at.line} column ${at.column}: ${at.message}` : (error as Error).message
    return reject('invalid-json', message)
  }
  const issues = check(RAW_SCENARIO_SCHEMA, value)
  if (issues.length) {
    const [first] = issues
    const pointer = first.pointer === '/' ? '' : first.pointer
    const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''
    return reject('schema', `${pointer || 'the top level'} ${first.message}${more}`, pointer)
  }
  const raw = value as RawScenario
  const difficulty = raw.difficulty.toLowerCase()
  if (!isDifficulty(difficulty)) {
    return reject('schema', `/difficulty must be one of easy, medium, hard, expert (found ${JSON.stringify(raw.difficulty)})`, '/difficulty')
  }
  const promptText = renderProse(raw.task_prompt)
  if (!/\S/.test(promptText)) return reject('schema', '/task_prompt holds no text', '/task_prompt')
  const context = contextOf(raw.context_files)
  return {
    kind: 'candidate',
    scenario: {
      id: raw.id,
      category: raw.task_category,
      difficulty,
      unsafe: context.unsafe,
      contextLength: raw.context_length,
      filesCount: raw.metadata.files_count,
      coverage: typeof raw.metadata.information_coverage === 'number' ? raw.metadata.information_coverage : null,
      warnings: warningsOf(raw),
    },
    fragment: textFragment(raw, decoded, promptText),
    context: context.paths,
  }
}

function decode(bytes: Buffer): string | Judged {
  if (bytes.length === 0) return reject('empty-file', 'the file is empty')
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return reject('bom', 'the file starts with a UTF-8 byte order mark (EF BB BF); JSON text must not')
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    return reject('bom', 'the file starts with a UTF-16 byte order mark; scenario files are UTF-8 JSON')
  }
  let text: string
  if (isAscii(bytes)) text = bytes.toString('latin1')
  else if (isUtf8(bytes)) text = bytes.toString('utf8')
  else return reject('invalid-utf8', `not valid UTF-8: the first bad byte is at offset ${firstInvalidUtf8(bytes)}`)
  if (text.trim() === '') return reject('empty-file', 'the file holds only whitespace')
  return text
}

/** Byte offset of the first byte that breaks UTF-8 (only called once isUtf8 said no). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]
    const [need, min] = b < 0x80 ? [0, 0] : b >= 0xc2 && b <= 0xdf ? [1, 0x80] : b >= 0xe0 && b <= 0xef ? [2, 0x800] : b >= 0xf0 && b <= 0xf4 ? [3, 0x10000] : [-1, 0]
    if (need < 0) return i
    let code = need === 0 ? b : b & (0x3f >> need)
    for (let k = 1; k <= need; k++) {
      if (i + k >= bytes.length || (bytes[i + k] & 0xc0) !== 0x80) return i
      code = (code << 6) | (bytes[i + k] & 0x3f)
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i
    i += need + 1
  }
  return bytes.length
}

/** The normalised paths, newline-joined, or the first unsafe one. */
function contextOf(paths: string[]): { paths: string; unsafe: ScenarioFacts['unsafe'] } {
  const safe: string[] = []
  for (const [index, raw] of paths.entries()) {
    const checked = normaliseContextPath(raw)
    if (!checked.ok) return { paths: '', unsafe: { index, message: checked.message } }
    safe.push(checked.path)
  }
  return { paths: safe.join('\n'), unsafe: null }
}

const isEmpty = (value: Json | undefined): boolean =>
  value === undefined || value === null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0)

function warningsOf(raw: RawScenario): Finding<WarningCode>[] {
  const out: Finding<WarningCode>[] = []
  const listed = raw.context_files.length
  if (raw.metadata.files_count !== listed) {
    out.push({ code: 'files-count-mismatch', pointer: '/metadata/files_count', message: `metadata.files_count is ${raw.metadata.files_count} but context_files lists ${listed}; files_count keeps the metadata value` })
  }
  const metaLength = raw.metadata.context_length
  if (metaLength !== undefined && metaLength !== raw.context_length) {
    out.push({ code: 'context-length-mismatch', pointer: '/metadata/context_length', message: `metadata.context_length is ${metaLength} but context_length is ${raw.context_length}; context_length keeps the top-level value` })
  }
  if (listed === 0) out.push({ code: 'empty-context-files', pointer: '/context_files', message: 'context_files is empty' })
  for (const field of ['description', 'expected_approach', 'ground_truth', 'evaluation_criteria'] as const) {
    if (isEmpty(raw[field])) out.push({ code: 'empty-field', pointer: `/${field}`, message: `${field} is ${raw[field] === undefined ? 'missing' : 'empty'}` })
  }
  return out
}

/**
 * The record's text fields as a JSON fragment (`"title":…,"evaluation_criteria_text":[…]`): the
 * bulk of every record, built once per file version and stored in the cache as bytes. Values are
 * the file's own tokens, minified (json-raw.ts); a text rendering equal to its value reuses the
 * value's token, and only renderings of objects and arrays are serialised here.
 */
function textFragment(raw: RawScenario, text: string, promptText: string): string {
  const ranges = topLevelRanges(text)
  // Required keys are always in the file; the others default to an empty value.
  const source = (key: string, absent = '""') => {
    const range = ranges.get(key)
    return range ? minified(text, range) : absent
  }
  const prompt = source('task_prompt')
  const approachValue = raw.expected_approach ?? ''
  const approach = source('expected_approach')
  const criteriaValue = raw.evaluation_criteria ?? []
  const criteria = source('evaluation_criteria', '[]')
  const criteriaText = criteriaValue.every((item) => typeof item === 'string') ? criteria : JSON.stringify(criteriaValue.map(renderCriterion))
  return [
    `"title":${source('title')}`,
    `"description":${source('description')}`,
    `"task_prompt":${prompt}`,
    `"task_prompt_text":${typeof raw.task_prompt === 'string' ? prompt : JSON.stringify(promptText)}`,
    `"expected_approach":${approach}`,
    `"expected_approach_text":${typeof approachValue === 'string' ? approach : JSON.stringify(renderProse(approachValue))}`,
    `"ground_truth":${source('ground_truth')}`,
    `"evaluation_criteria":${criteria}`,
    `"evaluation_criteria_text":${criteriaText}`,
  ].join(',')
}
