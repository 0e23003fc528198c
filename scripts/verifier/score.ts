// The TypeScript twin of templates/verify.py's scoring core: same tokens, same matching rules,
// same float operations in the same order, and Python's round(x, 4). Every function here has a
// namesake there; change both or the parity test fails. Where JavaScript and Python differ
// (\w and \s, lower-casing, str.split, round-half-even, sum()), both sides avoid the built-in.
import {
  DEFAULT_WEIGHTS, METRICS,
  type CodeDetails, type FileDetails, type GroundTruthFile, type KeywordDetails, type LengthDetails,
  type Metric, type RewardJson, type ScoreDetails, type ScoreResult, type Weights,
} from './types.ts'

export type { GroundTruthFile, ScoreResult } from './types.ts'

export const LENGTH_TARGET_WORDS = 100
export const FILE_SHARE_FOR_FULL_CREDIT = 0.5
export const CONTAINER_ROOT = '/app/project/'
const MISSING_PAIRS_SHOWN = 20

export const STOP_WORDS: ReadonlySet<string> = new Set(`
about above after again against all also and any are because been before being below between
both but can could did does doing down during each either few for from further had has have
having her here hers herself him himself his how however into its itself just may might more
most must nor not now off once only other our ours ourselves out over own same shall she should
some such than that the their theirs them themselves then there these they this those through
too under until upon very via was were what when where which while who whom whose why will with
within without would yet you your yours yourself yourselves
`.split(/\s+/).filter(Boolean))

// The union of Python's str.isspace() and JavaScript's \s, spelled out for both.
const WS = '\\t\\n\\x0b\\x0c\\r \\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff'
const WORD = new RegExp(`[^${WS}]+`, 'gu')
const NON_BLANK = new RegExp(`[^${WS}]`, 'u')
const TOKEN = /[a-z0-9]+(?:_+[a-z0-9]+)*/gu
const PATH_BASE_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-/'
const PATH_NEVER_CHARS = '`\'"()[]{}<>,;:*|!?\\'

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Python's round(x, 4): round half to even on the exact binary value. The only exact ties at the
 *  fifth decimal are odd multiples of 1/32, where toFixed would round away from zero. */
export function round4(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x
  const a = Math.abs(x)
  const k = a * 32
  let r: number
  if (Number.isInteger(k) && k % 2 === 1 && k < 2 ** 48) {
    const lower = (k * 625 - 1) / 2
    r = (lower % 2 === 0 ? lower : lower + 1) / 10000
  } else {
    r = Number(a.toFixed(4))
  }
  return x < 0 ? -r : r
}

const fmt4 = (x: number): string => round4(x).toFixed(4)

/** Python's sorted() order for strings (code points, not UTF-16 units). */
export function byCodePoint(a: string, b: string): number {
  const ia = a[Symbol.iterator]()
  const ib = b[Symbol.iterator]()
  for (;;) {
    const ca = ia.next()
    const cb = ib.next()
    if (ca.done || cb.done) return ca.done ? (cb.done ? 0 : -1) : 1
    const d = ca.value.codePointAt(0)! - cb.value.codePointAt(0)!
    if (d !== 0) return d
  }
}

const sortedByCodePoint = (values: Iterable<string>): string[] => [...values].sort(byCodePoint)

export function normaliseText(text: string): string {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replaceAll('\r\n', '\n')
}

export const isBlank = (text: string): boolean => !NON_BLANK.test(text)

export function countWords(text: string): number {
  let n = 0
  for (const _ of text.matchAll(WORD)) n++
  return n
}

const asciiLower = (text: string): string => text.replace(/[A-Z]+/g, (s) => s.toLowerCase())

export const tokens = (text: string): string[] => asciiLower(text).match(TOKEN) ?? []

export const contentTokens = (text: string): string[] => tokens(text).filter((t) => t.length > 2 && !STOP_WORDS.has(t))

// ---------------------------------------------------------------------------------------------
// Markdown code

export interface FencedBlock {
  content: string
  closed: boolean
  char: string
  length: number
}

function leadingSpaces(line: string): number {
  let i = 0
  while (i < line.length && line[i] === ' ') i++
  return i
}

function fenceOpen(line: string): { char: string; length: number } | undefined {
  const indent = leadingSpaces(line)
  if (indent > 3 || indent >= line.length || !'`~'.includes(line[indent])) return undefined
  const char = line[indent]
  let end = indent
  while (end < line.length && line[end] === char) end++
  const length = end - indent
  if (length < 3 || (char === '`' && line.slice(end).includes('`'))) return undefined
  return { char, length }
}

function fenceCloses(line: string, char: string, length: number): boolean {
  const indent = leadingSpaces(line)
  if (indent > 3) return false
  let end = indent
  while (end < line.length && line[end] === char) end++
  if (end - indent < length) return false
  for (const c of line.slice(end)) if (c !== ' ' && c !== '\t') return false
  return true
}

/** Fenced blocks (``` or ~~~; an unclosed one runs to the end) and the lines outside them. */
export function parseCode(text: string): { blocks: FencedBlock[]; outside: string[] } {
  const blocks: FencedBlock[] = []
  const outside: string[] = []
  let current: { lines: string[]; char: string; length: number } | undefined
  for (const line of text.split('\n')) {
    if (!current) {
      const opened = fenceOpen(line)
      if (opened) current = { lines: [], ...opened }
      else outside.push(line)
    } else if (fenceCloses(line, current.char, current.length)) {
      blocks.push({ content: current.lines.join('\n'), closed: true, char: current.char, length: current.length })
      current = undefined
    } else {
      current.lines.push(line)
    }
  }
  if (current) blocks.push({ content: current.lines.join('\n'), closed: false, char: current.char, length: current.length })
  return { blocks, outside }
}

function backtickRuns(line: string): [number, number][] {
  const runs: [number, number][] = []
  let i = 0
  while (i < line.length) {
    if (line[i] === '`') {
      const start = i
      while (i < line.length && line[i] === '`') i++
      runs.push([start, i - start])
    } else {
      i++
    }
  }
  return runs
}

/** Contents of `code` spans in one line: a run of n backticks closed by the next run of n. */
export function inlineSpans(line: string): string[] {
  const spans: string[] = []
  const runs = backtickRuns(line)
  let k = 0
  while (k < runs.length) {
    const [start, length] = runs[k]
    let close = k + 1
    while (close < runs.length && runs[close][1] !== length) close++
    if (close < runs.length) {
      spans.push(line.slice(start + length, runs[close][0]))
      k = close + 1
    } else {
      k++
    }
  }
  return spans
}

// ---------------------------------------------------------------------------------------------
// Metrics

interface MetricOutcome<D> {
  value: number
  detail: D
  reason: string
}

/** Half term coverage, half phrase coverage (see verify.py's keyword_metric). */
function keywordMetric(answer: string, truthText: string): MetricOutcome<KeywordDetails> {
  const truthWords = new Set<string>()
  const truthPairs = new Set<string>()
  const pairOrder: string[] = []
  let previous: string | undefined
  for (const t of contentTokens(truthText)) {
    truthWords.add(t)
    if (previous !== undefined) {
      const pair = `${previous} ${t}`
      if (!truthPairs.has(pair)) {
        truthPairs.add(pair)
        pairOrder.push(pair)
      }
    }
    previous = t
  }
  const matchedWords = new Set<string>()
  const matchedPairs = new Set<string>()
  previous = undefined
  for (const t of contentTokens(answer)) {
    if (truthWords.has(t)) matchedWords.add(t)
    if (previous !== undefined) {
      const pair = `${previous} ${t}`
      if (truthPairs.has(pair)) matchedPairs.add(pair)
    }
    previous = t
  }
  const detail: KeywordDetails = {
    applicable: truthWords.size > 0,
    ground_truth_keywords: truthWords.size,
    matched_keywords: sortedByCodePoint(matchedWords),
    missing_keywords: sortedByCodePoint([...truthWords].filter((t) => !matchedWords.has(t))),
    keyword_recall: 0,
    ground_truth_pairs: truthPairs.size,
    matched_pairs: matchedPairs.size,
    pair_recall: 0,
    missing_pairs_sample: pairOrder.filter((p) => !matchedPairs.has(p)).slice(0, MISSING_PAIRS_SHOWN),
  }
  if (truthWords.size === 0) return { value: 0, detail, reason: 'keyword_overlap: not applicable: the ground truth has no keywords' }
  const wordRecall = matchedWords.size / truthWords.size
  let pairRecall: number
  let value: number
  if (truthPairs.size > 0) {
    pairRecall = matchedPairs.size / truthPairs.size
    value = (wordRecall + pairRecall) / 2
  } else {
    pairRecall = wordRecall
    value = wordRecall
  }
  detail.keyword_recall = round4(wordRecall)
  detail.pair_recall = round4(pairRecall)
  const reason =
    `keyword_overlap: ${matchedWords.size} of ${truthWords.size} ground-truth keywords (${fmt4(wordRecall)}) ` +
    `and ${matchedPairs.size} of ${truthPairs.size} consecutive keyword pairs (${fmt4(pairRecall)})`
  return { value, detail, reason }
}

export function relativeContextPath(path: string): string {
  let p = path.startsWith(CONTAINER_ROOT) ? path.slice(CONTAINER_ROOT.length) : path
  if (p.includes('//')) p = p.replace(/\/+/g, '/')
  while (p.startsWith('./')) p = p.slice(2)
  return p.replace(/^\/+|\/+$/g, '')
}

const PLAIN_PATH = /^[A-Za-z0-9_.\-/]*$/
const pathPatterns = new Map<string, RegExp>()

function pathPattern(relative: string[]): RegExp {
  const extra = new Set<string>()
  for (const r of relative) {
    if (PLAIN_PATH.test(r)) continue
    for (const c of r) {
      if (!PATH_BASE_CHARS.includes(c) && !PATH_NEVER_CHARS.includes(c) && NON_BLANK.test(c)) extra.add(c)
    }
  }
  const chars = [...PATH_BASE_CHARS, ...sortedByCodePoint(extra)]
  const key = chars.join('')
  let pattern = pathPatterns.get(key)
  if (!pattern) {
    pattern = new RegExp(`[${chars.map((c) => ('\\]^-['.includes(c) ? `\\${c}` : c)).join('')}]+`, 'gu')
    pathPatterns.set(key, pattern)
  }
  return pattern
}

function normaliseMention(raw: string): [string, boolean] {
  const m = raw.replace(/\.+$/, '')
  for (const prefix of ['/app/project/', 'app/project/']) {
    if (m.startsWith(prefix)) return [m.slice(prefix.length), true]
  }
  return m.startsWith('./') ? [m.slice(2), false] : [m, false]
}

/** Path-aware file references (see verify.py's file_metric). */
function fileMetric(answer: string, contextFiles: readonly string[]): MetricOutcome<FileDetails> {
  const relative: string[] = []
  const seen = new Set<string>()
  for (const p of contextFiles) {
    const r = relativeContextPath(p)
    if (r !== '' && !seen.has(r)) {
      seen.add(r)
      relative.push(r)
    }
  }
  const detail: FileDetails = {
    applicable: relative.length > 0, context_files: relative.length, referenced: [], unreferenced: [], ambiguous_mentions: [],
  }
  if (relative.length === 0) return { value: 0, detail, reason: 'file_references: not applicable: the task lists no context files' }
  const owners = new Map<string, Set<number>>()
  relative.forEach((r, i) => {
    const segments = r.split('/')
    for (let k = 1; k <= segments.length; k++) {
      const suffix = segments.slice(segments.length - k).join('/')
      let who = owners.get(suffix)
      if (!who) owners.set(suffix, (who = new Set()))
      who.add(i)
    }
  })
  const forms = new Map<string, number>()
  relative.forEach((r, i) => forms.set(r, i))
  for (const [suffix, who] of owners) {
    if (who.size === 1 && !forms.has(suffix)) forms.set(suffix, [...who][0])
  }
  const firstMention = new Map<number, string>()
  const ambiguous = new Set<string>()
  for (const m of answer.matchAll(pathPattern(relative))) {
    const [mention, inContainer] = normaliseMention(m[0])
    const i = forms.get(mention)
    if (i !== undefined && (!inContainer || relative[i] === mention)) {
      if (!firstMention.has(i)) firstMention.set(i, mention)
    } else if (owners.has(mention) && !inContainer) {
      ambiguous.add(mention)
    }
  }
  relative.forEach((r, i) => {
    const mention = firstMention.get(i)
    if (mention !== undefined) detail.referenced.push({ file: CONTAINER_ROOT + r, mention })
    else detail.unreferenced.push(CONTAINER_ROOT + r)
  })
  detail.ambiguous_mentions = sortedByCodePoint(ambiguous)
  const count = firstMention.size
  const value = Math.min(1, count / (relative.length * FILE_SHARE_FOR_FULL_CREDIT))
  let reason = `file_references: ${count} of ${relative.length} context files named (full credit at ${fmt4(FILE_SHARE_FOR_FULL_CREDIT)} of them)`
  if (ambiguous.size > 0) reason += `; ${ambiguous.size} mentions match several context files and count for none`
  return { value, detail, reason }
}

/** Non-empty fenced code, preferably about the ground truth (see verify.py's code_metric). */
function codeMetric(answer: string, truthKeywords: ReadonlySet<string>): MetricOutcome<CodeDetails> {
  const { blocks, outside } = parseCode(answer)
  let nonEmpty = 0
  let relevant = 0
  for (const block of blocks) {
    if (isBlank(block.content)) continue
    nonEmpty++
    if (truthKeywords.size === 0) {
      relevant++
      continue
    }
    for (const t of contentTokens(block.content)) {
      if (truthKeywords.has(t)) {
        relevant++
        break
      }
    }
  }
  let spans = 0
  for (const line of outside) for (const span of inlineSpans(line)) if (!isBlank(span)) spans++
  const detail: CodeDetails = {
    fenced_blocks: blocks.length, empty_fenced_blocks: blocks.length - nonEmpty, relevant_fenced_blocks: relevant, inline_code_spans: spans,
  }
  if (relevant) return { value: 1, detail, reason: `code_blocks: ${nonEmpty} non-empty fenced blocks, ${relevant} with ground-truth keywords` }
  if (nonEmpty) return { value: 0.5, detail, reason: `code_blocks: ${nonEmpty} non-empty fenced blocks, none with a ground-truth keyword` }
  if (spans) return { value: 0.5, detail, reason: `code_blocks: no non-empty fenced block; ${spans} inline code spans` }
  return { value: 0, detail, reason: `code_blocks: no code (${blocks.length - nonEmpty} empty fenced blocks earn nothing)` }
}

function lengthMetric(answer: string): MetricOutcome<LengthDetails> {
  const words = countWords(answer)
  return {
    value: Math.min(1, words / LENGTH_TARGET_WORDS),
    detail: { words, target_words: LENGTH_TARGET_WORDS },
    reason: `length_score: ${words} words (full credit at ${LENGTH_TARGET_WORDS})`,
  }
}

const perMetric = <T>(f: (m: Metric) => T): Record<Metric, T> =>
  Object.fromEntries(METRICS.map((m) => [m, f(m)])) as Record<Metric, T>

/** Scores an answer exactly as templates/verify.py does (numbers identical, details identical). */
export function score(answerText: string, gt: GroundTruthFile): ScoreResult {
  const answer = normaliseText(answerText)
  const truthText = normaliseText(gt.ground_truth_text)
  const weights: Weights = perMetric((m) => gt.weights?.[m] ?? DEFAULT_WEIGHTS[m])
  const kw = keywordMetric(answer, truthText)
  const files = fileMetric(answer, gt.context_files)
  const code = codeMetric(answer, new Set(contentTokens(truthText)))
  const length = lengthMetric(answer)
  const outcomes: Record<Metric, MetricOutcome<unknown>> = {
    keyword_overlap: kw, file_references: files, code_blocks: code, length_score: length,
  }
  const applicable: Record<Metric, boolean> = {
    keyword_overlap: kw.detail.applicable, file_references: files.detail.applicable, code_blocks: true, length_score: true,
  }
  const reasons: string[] = []
  const blank = isBlank(answer)
  if (blank) reasons.push('the answer is empty')
  let total = 0
  for (const m of METRICS) if (applicable[m]) total = total + weights[m]
  const effective = perMetric((m) => (applicable[m] && total > 0 ? weights[m] / total : 0))
  const skipped = METRICS.filter((m) => !applicable[m] && weights[m] > 0)
  if (skipped.length > 0 && total > 0) reasons.push(`weight of ${skipped.join(', ')} spread over the other metrics in proportion`)
  if (total <= 0) reasons.push('no applicable metric has a positive weight')
  let reward = 0
  for (const m of METRICS) reward = reward + effective[m] * outcomes[m].value
  if (blank) reward = 0
  reasons.push(kw.reason, files.reason, code.reason, length.reason)
  const metrics = perMetric((m) => round4(outcomes[m].value))
  const rewardJson = { reward: round4(reward), ...metrics } as RewardJson
  const details: ScoreDetails = {
    status: blank ? 'empty_answer' : 'scored',
    reward: rewardJson.reward,
    metrics,
    weights: perMetric((m) => round4(weights[m])),
    effective_weights: perMetric((m) => round4(effective[m])),
    reasons,
    keyword_overlap: kw.detail,
    file_references: files.detail,
    code_blocks: code.detail,
    length_score: length.detail,
  }
  return { reward: rewardJson.reward, metrics, rewardJson, details }
}
