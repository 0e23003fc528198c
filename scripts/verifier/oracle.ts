// The reference answer of a task (solution/answer.md): the ground truth plus the structure the
// instruction asks for, the files the ground truth relies on, and real code from them as
// evidence. It proves the task is solvable and is what calibration's correct variants start from.
import { CONTAINER_ROOT, isBlank, normaliseText, parseCode, relativeProjectPath } from './score.ts'
import type { GroundTruthFile } from './verifier-types.ts'

/** Section headings of the answer structure; the instruction template names the same ones. */
export const ANSWER_SECTIONS = Object.freeze({
  analysis: 'Analysis',
  keyFiles: 'Key files',
  evidence: 'Evidence',
  summary: 'Summary',
})

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)]

/** The ground truth as Markdown that cannot swallow what follows: an unclosed fence is closed. */
function analysisText(text: string): string {
  const body = normaliseText(text).replace(/\s+$/, '')
  const last = parseCode(body).blocks.at(-1)
  return last && !last.closed ? `${body}\n${last.char.repeat(last.length)}` : body
}

/** A backtick fence longer than any backtick run inside, so the content cannot close it. */
export function fenceFor(lines: string[]): string {
  let longest = 0
  for (const line of lines) for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}

const humanCategory = (category: string): string => category.replaceAll('_', ' ').trim() || 'task'

/** Fence info for a file: its extension, when it looks like one. */
const fenceTag = (rel: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(rel)?.[1]?.toLowerCase() ?? ''

/** The reference answer. `quotes` (relative path → real lines of that file) become the evidence
 *  section, one block per file, each introduced by the file's container path. */
export function oracleAnswer(gt: GroundTruthFile, quotes: ReadonlyMap<string, string[]> = new Map()): string {
  const relevant = unique((gt.relevant_files ?? []).map(relativeProjectPath).filter((p) => p !== ''))
  const analysis = analysisText(gt.ground_truth_text)
  const out: string[] = ['# Answer', '']
  if (relevant.length > 0) {
    out.push(`## ${ANSWER_SECTIONS.keyFiles}`, '', ...relevant.map((p) => `- \`${CONTAINER_ROOT}${p}\``), '')
  }
  const quoted = relevant.filter((p) => (quotes.get(p) ?? []).length > 0)
  if (quoted.length > 0) {
    out.push(`## ${ANSWER_SECTIONS.evidence}`, '')
    for (const rel of quoted) {
      const lines = quotes.get(rel)!
      const fence = fenceFor(lines)
      out.push(`From \`${CONTAINER_ROOT}${rel}\`:`, '', `${fence}${fenceTag(rel)}`, ...lines, fence, '')
    }
  }
  out.push(`## ${ANSWER_SECTIONS.analysis}`, '')
  // The analysis is the reference itself; the oracle adds no prose of its own, which would only
  // be words the ground truth does not have.
  out.push(isBlank(analysis) ? `No reference analysis is given for this ${humanCategory(gt.task_category)} task.` : analysis, '')
  return out.join('\n')
}

export const emptyAnswer = (): string => ''
