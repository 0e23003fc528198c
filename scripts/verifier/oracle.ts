// Reference answers for a task: the oracle (what solution/answer.md holds; it proves the task is
// solvable), and the answers calibration measures the verifier with: a keyword-stuffed attack
// (original-adapter.md §11), a partial paraphrase and the empty answer.
import { posix } from 'node:path'
import { CONTAINER_ROOT, contentTokens, inlineSpans, isBlank, normaliseText, parseCode, relativeContextPath, tokens } from './score.ts'
import type { GroundTruthFile } from './types.ts'

/** Section headings of the answer structure; the instruction template can name the same ones. */
export const ANSWER_SECTIONS = Object.freeze({
  analysis: 'Analysis',
  keyFiles: 'Key files',
  evidence: 'Evidence',
  summary: 'Summary',
})

const MAX_EVIDENCE_LINES = 20

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)]

function contextPaths(gt: GroundTruthFile): string[] {
  return unique(gt.context_files.map(relativeContextPath).filter((p) => p !== ''))
}

/** The ground truth as Markdown that cannot swallow what follows: an unclosed fence is closed. */
function analysisText(text: string): string {
  const body = normaliseText(text).replace(/\s+$/, '')
  const last = parseCode(body).blocks.at(-1)
  return last && !last.closed ? `${body}\n${last.char.repeat(last.length)}` : body
}

const hasKeyword = (text: string, keywords: ReadonlySet<string>): boolean => {
  for (const t of contentTokens(text)) if (keywords.has(t)) return true
  return false
}

/** Lines quoting the ground truth's own code and identifiers, so the block is real evidence. */
function evidenceLines(gt: GroundTruthFile, paths: string[]): string[] {
  const text = normaliseText(gt.ground_truth_text)
  const keywords = new Set(contentTokens(text))
  const { blocks, outside } = parseCode(text)
  if (keywords.size > 0) {
    const spans = unique(outside.flatMap(inlineSpans).map((s) => s.trim())).filter((s) => hasKeyword(s, keywords))
    if (spans.length > 0) return spans.slice(0, MAX_EVIDENCE_LINES)
    const code = blocks.find((b) => hasKeyword(b.content, keywords))
    if (code) return code.content.split('\n').slice(0, MAX_EVIDENCE_LINES)
    return outside.map((l) => l.trim()).filter((l) => hasKeyword(l, keywords)).slice(0, MAX_EVIDENCE_LINES)
  }
  if (paths.length > 0) return paths.slice(0, MAX_EVIDENCE_LINES)
  return [`task ${gt.id || '(unnamed)'}: ${gt.task_category || 'no category'}`]
}

/** A backtick fence longer than any backtick run inside, so the content cannot close it. */
function fenceFor(lines: string[]): string {
  let longest = 0
  for (const line of lines) for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  return '`'.repeat(Math.max(3, longest + 1))
}

const humanCategory = (category: string): string => category.replaceAll('_', ' ').trim() || 'task'

/** The reference answer: the ground truth plus the structure the instruction asks for. */
export function oracleAnswer(gt: GroundTruthFile): string {
  const paths = contextPaths(gt)
  const analysis = analysisText(gt.ground_truth_text)
  const evidence = evidenceLines(gt, paths)
  const fence = fenceFor(evidence)
  const out: string[] = ['# Answer', '', `## ${ANSWER_SECTIONS.analysis}`, '']
  out.push(isBlank(analysis) ? 'The task gives no reference analysis; the files and evidence below are the answer.' : analysis, '')
  if (paths.length > 0) {
    out.push(`## ${ANSWER_SECTIONS.keyFiles}`, '', ...paths.map((p) => `- \`${CONTAINER_ROOT}${p}\``), '')
  }
  out.push(`## ${ANSWER_SECTIONS.evidence}`, '', `${fence}text`, ...evidence, fence, '')
  out.push(
    `## ${ANSWER_SECTIONS.summary}`,
    '',
    `This answer addresses the ${humanCategory(gt.task_category)} question of task ${gt.id || '(unnamed)'}. ` +
      `The analysis section states the findings in full, the key files section names the ${paths.length} ` +
      `files involved by their paths under ${CONTAINER_ROOT}, and the evidence block quotes the ` +
      'identifiers and code that the conclusions rest on, so each claim can be checked against the project.',
    '',
  )
  return out.join('\n')
}

/** mulberry32: a tiny seeded generator, so the attack is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The attack that beat the original verifier: every ground-truth word once, in seeded random
 *  order, then every context-file basename, then an empty code fence. No analysis at all. */
export function stuffedAnswer(gt: GroundTruthFile, seed: number): string {
  const words = unique(tokens(gt.ground_truth_text))
  const next = random(seed)
  for (let i = words.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[words[i], words[j]] = [words[j], words[i]]
  }
  const basenames = unique(gt.context_files.map((f) => posix.basename(f)).filter((b) => b !== ''))
  return `${words.join(' ')}\n\n${basenames.join(' ')}\n\n\`\`\`\n\`\`\`\n`
}

/** A weaker honest answer: the first half of the ground truth's prose with every third word
 *  dropped, naming a quarter of the context files by relative path, with no code. */
export function partialAnswer(gt: GroundTruthFile): string {
  const { outside } = parseCode(normaliseText(gt.ground_truth_text))
  const prose = outside.filter((l) => !isBlank(l))
  const kept = prose.slice(0, Math.ceil(prose.length / 2)).map((line) =>
    line.split(/\s+/).filter((w, i) => w !== '' && i % 3 !== 2).join(' ').replaceAll('`', ''),
  )
  const paths = contextPaths(gt)
  const files = paths.slice(0, Math.ceil(paths.length / 4))
  const parts = ['# Findings', '', ...kept]
  if (files.length > 0) parts.push('', `Files looked at: ${files.join(', ')}.`)
  return `${parts.join('\n')}\n`
}

export const emptyAnswer = (): string => ''
