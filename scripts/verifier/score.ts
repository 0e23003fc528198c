// The TypeScript twin of templates/verify.py's deterministic layer: same tokens, same matching
// rules, same float operations in the same order, and Python's round(x, 4). Every function here
// has a namesake there; change both or the parity test fails. Where JavaScript and Python differ
// (\w and \s, lower-casing, str.split, round-half-even, sum(), set order), both sides avoid the
// built-in: sums run over code-point-sorted items.
import { hash } from 'node:crypto'
import {
  DEFAULT_JUDGE, DEFAULT_LIMITS, DEFAULT_WEIGHTS, METRICS,
  type CodeDetails, type FileDetails, type FileGateDetails, type GroundTruthFile, type JudgeDetails, type JudgeOutcome, type JudgeSettings,
  type Limits, type Metric, type RewardJson, type ScoreDetails, type ScoreResult, type TermDetails, type Weights,
} from './verifier-types.ts'

export type { GroundTruthFile, ScoreResult } from './verifier-types.ts'

export const CONTAINER_ROOT = '/app/project/'
const SHOWN = 20
export const MIN_CODE_LINE_CHARS = 8

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
const WS_RUN = new RegExp(`[${WS}]+`, 'gu')
const NON_BLANK = new RegExp(`[^${WS}]`, 'u')
// A word with a slash is a path: its segments are file names, not vocabulary. Anchored at the
// word's start and scanning to its first slash, so a long word without one is read once, not once
// per character (verify.py's twin took 6 s on an answer of one 60 KB word).
const PATH_WORD = new RegExp(`(?<![^${WS}])[^${WS}/]*/[^${WS}]*`, 'gu')
const NON_BLANK_G = new RegExp(`[^${WS}]`, 'gu')
// verify.py's TOKEN, [a-z0-9]+(?:_+[a-z0-9]+)* on lower_ascii(text), matched on the text itself:
// lowerAscii only maps A-Z to a-z, so the matches are at the same places and each, lower-cased, is
// the same token, without a lowered copy of the whole text.
const TOKEN_ANY_CASE = /[A-Za-z0-9]+(?:_+[A-Za-z0-9]+)*/g
const IDENT = /[A-Za-z_][A-Za-z0-9_]*/g
const CAMEL = /[a-z][A-Z]|[A-Z]{2}[a-z]/
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

const sorted = (values: Iterable<string>): string[] => [...values].sort(byCodePoint)

export function normaliseText(text: string): string {
  return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replaceAll('\r\n', '\n')
}

export const isBlank = (text: string): boolean => !NON_BLANK.test(text)

export function countWords(text: string): number {
  let n = 0
  for (const _ of text.matchAll(WORD)) n++
  return n
}

/** The text up to the end of its limit-th word (all of it when it has fewer), and whether
 *  anything but whitespace was cut. */
export function cutWords(text: string, limit: number): [string, boolean] {
  let n = 0
  for (const m of text.matchAll(WORD)) {
    n++
    if (n === limit) {
      const end = m.index + m[0].length
      NON_BLANK_G.lastIndex = end
      return [text.slice(0, end), NON_BLANK_G.test(text)]
    }
  }
  return [text, false]
}

export const lowerAscii = (text: string): string => text.replace(/[A-Z]+/g, (s) => s.toLowerCase())

export const tokens = (text: string): string[] => {
  const found = text.match(TOKEN_ANY_CASE)
  if (!found) return []
  // A token is ASCII, where toLowerCase is lowerAscii.
  for (let i = 0; i < found.length; i++) found[i] = found[i].toLowerCase()
  return found
}

export const contentTokens = (text: string): string[] => tokens(text).filter((t) => t.length > 2 && !STOP_WORDS.has(t))

const stripUnderscores = (s: string): string => s.replace(/^_+|_+$/g, '')

/** Code identifiers: snake_case, camelCase or PascalCase names of 4+ characters, lower-cased,
 *  minus names of project files and folders (a path list is not knowledge of the code). */
export function identifiers(text: string, excluded: ReadonlySet<string>): Set<string> {
  const out = new Set<string>()
  for (const m of text.matchAll(IDENT)) {
    const word = m[0]
    // Most words are short (if, x, self): the core is never longer than the word.
    if (word.length < 4) continue
    const core = stripUnderscores(word)
    if (core.length < 4 || !(core.includes('_') || CAMEL.test(core))) continue
    // IDENT matches ASCII only, where toLowerCase is lowerAscii.
    const name = core.toLowerCase()
    if (!excluded.has(name)) out.add(name)
  }
  return out
}

/** Every folder name and file stem of the project, lower-cased (see identifiers). */
export function pathNames(projectFiles: readonly string[]): Set<string> {
  const names = new Set<string>()
  for (const p of projectFiles) {
    const segments = p.split('/')
    for (const s of segments) names.add(stripUnderscores(lowerAscii(s)))
    names.add(stripUnderscores(lowerAscii(segments[segments.length - 1].split('.')[0])))
  }
  return names
}

export const normaliseCodeLine = (line: string): string => line.replace(WS_RUN, ' ').replace(/^ +| +$/g, '').replace(/[ {;,]+$/, '')

/** First 16 hex digits of the SHA-1 of a normalised line (verify.py checks the same). */
export function lineHash(norm: string): string | undefined {
  if (!norm.isWellFormed()) return undefined // a lone surrogate: no project file contains one
  return hash('sha1', norm, 'hex').slice(0, 16)
}

/** F1 of two sets: recall weighs truth items by weight(item), precision is the plain share of the
 *  answer's items in the truth (see verify.py's weighted_f1). */
export function weightedF1(answer: ReadonlySet<string>, truth: ReadonlySet<string>, weight: (t: string) => number, fullAt: number): [number, number, number] {
  let matched = 0
  let truthTotal = 0
  let hits = 0
  for (const t of sorted(truth)) {
    const w = weight(t)
    truthTotal = truthTotal + w
    if (answer.has(t)) {
      matched = matched + w
      hits++
    }
  }
  const precision = answer.size > 0 ? hits / answer.size : 0
  const recall = truthTotal > 0 ? matched / truthTotal : 0
  const p = fullAt > 0 ? Math.min(1, precision / fullAt) : precision
  const value = p + recall > 0 ? (2 * p * recall) / (p + recall) : 0
  return [value, precision, recall]
}

function novelty(items: ReadonlySet<string>, given: ReadonlySet<string>, givenWeight: number): number {
  if (items.size === 0) return 0
  let total = 0
  for (const t of sorted(items)) total = total + (given.has(t) ? givenWeight : 1)
  return total / items.size
}

const intersect = (a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> => new Set([...a].filter((x) => b.has(x)))
const minus = (a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> => new Set([...a].filter((x) => !b.has(x)))

// ---------------------------------------------------------------------------------------------
// Markdown code

export interface FencedBlock {
  content: string
  closed: boolean
  char: string
  length: number
  /** The rest of the opening fence line (language, title). */
  info: string
  /** How many lines outside fences precede the block. */
  before: number
}

function leadingSpaces(line: string): number {
  let i = 0
  while (i < line.length && line[i] === ' ') i++
  return i
}

function fenceOpen(line: string): { char: string; length: number; info: string } | undefined {
  const indent = leadingSpaces(line)
  if (indent > 3 || indent >= line.length || !'`~'.includes(line[indent])) return undefined
  const char = line[indent]
  let end = indent
  while (end < line.length && line[end] === char) end++
  const length = end - indent
  if (length < 3 || (char === '`' && line.slice(end).includes('`'))) return undefined
  return { char, length, info: line.slice(end) }
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
  let current: { lines: string[]; char: string; length: number; info: string; before: number } | undefined
  const close = (c: NonNullable<typeof current>, closed: boolean): FencedBlock =>
    ({ content: c.lines.join('\n'), closed, char: c.char, length: c.length, info: c.info, before: c.before })
  for (const line of text.split('\n')) {
    if (!current) {
      const opened = fenceOpen(line)
      if (opened) current = { lines: [], ...opened, before: outside.length }
      else outside.push(line)
    } else if (fenceCloses(line, current.char, current.length)) {
      blocks.push(close(current, true))
      current = undefined
    } else {
      current.lines.push(line)
    }
  }
  if (current) blocks.push(close(current, false))
  return { blocks, outside }
}

// ---------------------------------------------------------------------------------------------
// File mentions

/** Text outside fenced code with path-like words blanked: what the word metrics read. */
export const proseOf = (text: string): string => parseCode(text).outside.join('\n').replace(PATH_WORD, ' ')

export function relativeProjectPath(path: string): string {
  let p = path.startsWith(CONTAINER_ROOT) ? path.slice(CONTAINER_ROOT.length) : path
  if (p.includes('//')) p = p.replace(/\/+/g, '/')
  while (p.startsWith('./')) p = p.slice(2)
  return p.replace(/^\/+|\/+$/g, '')
}

const PLAIN_PATH = /^[A-Za-z0-9_.\-/]*$/

function pathPattern(relative: string[]): RegExp {
  const extra = new Set<string>()
  for (const r of relative) {
    if (PLAIN_PATH.test(r)) continue
    for (const c of r) {
      if (!PATH_BASE_CHARS.includes(c) && !PATH_NEVER_CHARS.includes(c) && NON_BLANK.test(c)) extra.add(c)
    }
  }
  const chars = [...PATH_BASE_CHARS, ...sorted(extra)]
  return new RegExp(`[${chars.map((c) => ('\\]^-['.includes(c) ? `\\${c}` : c)).join('')}]+`, 'gu')
}

function normaliseMention(raw: string): [string, boolean] {
  const m = raw.endsWith('.') ? raw.replace(/\.+$/, '') : raw
  for (const prefix of ['/app/project/', 'app/project/']) {
    if (m.startsWith(prefix)) return [m.slice(prefix.length), true]
  }
  return m.startsWith('./') ? [m.slice(2), false] : [m, false]
}

export type MentionKind = 'file' | 'ambiguous' | 'fabricated'

/** One resolver per file list (by identity): every task on a project shares its list, and a
 *  resolver (with its path pattern) costs far more to build than to ask. */
const resolvers = new WeakMap<readonly string[], FileResolver>()

export function resolverFor(projectFiles: readonly string[]): FileResolver {
  let resolver = resolvers.get(projectFiles)
  if (!resolver) resolvers.set(projectFiles, (resolver = new FileResolver(projectFiles)))
  return resolver
}

/** Path-aware file mentions over the project's files (see verify.py's FileResolver). */
export class FileResolver {
  readonly files: string[] = []
  private readonly owners = new Map<string, Set<number>>()
  private readonly forms = new Map<string, number>()
  private readonly dirs = new Set<string>()
  private readonly pattern: RegExp

  constructor(projectFiles: readonly string[]) {
    const seen = new Set<string>()
    for (const p of projectFiles) {
      const r = relativeProjectPath(p)
      if (r !== '' && !seen.has(r)) {
        seen.add(r)
        this.files.push(r)
      }
    }
    this.files.forEach((r, i) => {
      const segments = r.split('/')
      for (let k = 1; k <= segments.length; k++) {
        const suffix = segments.slice(segments.length - k).join('/')
        let who = this.owners.get(suffix)
        if (!who) this.owners.set(suffix, (who = new Set()))
        who.add(i)
      }
      for (let k = 1; k < segments.length; k++) this.dirs.add(segments.slice(0, k).join('/'))
    })
    this.files.forEach((r, i) => this.forms.set(r, i))
    for (const [suffix, who] of this.owners) {
      if (who.size === 1 && !this.forms.has(suffix)) this.forms.set(suffix, [...who][0])
    }
    this.pattern = pathPattern(this.files)
  }

  #names: ReadonlySet<string> | undefined

  /** pathNames of the files, made once. */
  get names(): ReadonlySet<string> {
    return (this.#names ??= pathNames(this.files))
  }

  scan(text: string): [string | undefined, string, MentionKind][] {
    const out: [string | undefined, string, MentionKind][] = []
    for (const m of text.matchAll(this.pattern)) {
      const [mention, inContainer] = normaliseMention(m[0])
      const i = this.forms.get(mention)
      if (i !== undefined && (!inContainer || this.files[i] === mention)) out.push([this.files[i], mention, 'file'])
      else if (this.owners.has(mention) && !inContainer) out.push([undefined, mention, 'ambiguous'])
      else if (inContainer) {
        const bare = mention.replace(/^\/+|\/+$/g, '')
        if (bare !== '' && !this.dirs.has(bare)) out.push([undefined, mention, 'fabricated'])
      }
    }
    return out
  }

  filesIn(text: string): string[] {
    const found: string[] = []
    for (const [path, , kind] of this.scan(text)) if (kind === 'file' && !found.includes(path!)) found.push(path!)
    return found
  }
}

// ---------------------------------------------------------------------------------------------
// Metrics

interface MetricOutcome<D> {
  value: number
  detail: D
  reason: string
}

function termMetric(name: string, answer: Set<string>, truth: Set<string>, given: ReadonlySet<string>, limits: Limits): MetricOutcome<TermDetails> {
  const wGiven = limits.instruction_term_weight
  const both = intersect(answer, truth)
  const detail: TermDetails = {
    applicable: truth.size > 0, ground_truth_terms: truth.size, answer_terms: answer.size,
    matched: sorted(both).slice(0, SHOWN * 5), missing_sample: sorted(minus(truth, answer)).slice(0, SHOWN),
    given: intersect(truth, given).size, precision: 0, recall: 0,
  }
  if (truth.size === 0) return { value: 0, detail, reason: `${name}: not applicable: the ground truth has none` }
  const [value, precision, recall] = weightedF1(answer, truth, (t) => (given.has(t) ? wGiven : 1), limits.precision_full_at)
  detail.precision = round4(precision)
  detail.recall = round4(recall)
  const reason = `${name}: F1 ${fmt4(value)} (precision ${fmt4(precision)}, recall ${fmt4(recall)}; ${both.size} of ${truth.size} ground-truth terms, ${detail.given} given by the instruction or common to most tasks)`
  return { value, detail, reason }
}

function fileMetric(resolver: FileResolver, answer: string, relevant: Set<string>, given: ReadonlySet<string>, limits: Limits): MetricOutcome<FileDetails> {
  const wGiven = limits.instruction_term_weight
  const cited = new Set<string>()
  const fabricated = new Set<string>()
  for (const [path, mention, kind] of resolver.scan(answer)) {
    if (kind === 'file') cited.add(path!)
    else if (kind === 'fabricated') fabricated.add(mention)
  }
  const detail: FileDetails = {
    applicable: relevant.size > 0, relevant_files: relevant.size, cited_files: cited.size,
    matched: sorted(intersect(cited, relevant)).map((f) => CONTAINER_ROOT + f),
    missed: sorted(minus(relevant, cited)).map((f) => CONTAINER_ROOT + f),
    extra_sample: sorted(minus(cited, relevant)).map((f) => CONTAINER_ROOT + f).slice(0, SHOWN),
    fabricated_sample: sorted(fabricated).slice(0, SHOWN), precision: 0, recall: 0,
  }
  if (relevant.size === 0) return { value: 0, detail, reason: 'file_references: not applicable: the ground truth names no project file' }
  const citedAll = new Set(cited)
  for (const f of fabricated) citedAll.add(`\0${f}`)
  const [value, precision, recall] = weightedF1(citedAll, relevant, (f) => (given.has(f) ? wGiven : 1), 1)
  detail.precision = round4(precision)
  detail.recall = round4(recall)
  const reason = `file_references: F1 ${fmt4(value)} (${intersect(cited, relevant).size} of ${relevant.size} relevant files named; ${minus(cited, relevant).size} other project files, ${fabricated.size} paths naming no project file)`
  return { value, detail, reason }
}

/** The file gate (see verify.py's file_gate): what the instruction gives away earns nothing, but
 *  citing files the ground truth does not rely on still costs. [factor, details, reason when < 1] */
function fileGate(resolver: FileResolver, outside: string[], relevant: Set<string>, given: ReadonlySet<string>, fileNovelty: number, limits: Limits): [number, FileGateDetails, string | undefined] {
  const fullAt = limits.file_precision_gate
  const givenShare = relevant.size > 0 ? 1 - fileNovelty : 0
  const cited = new Set<string>()
  const fabricated = new Set<string>()
  for (const [path, mention, kind] of resolver.scan(outside.join('\n'))) {
    if (kind === 'file' && (relevant.has(path!) || !given.has(path!))) cited.add(path!)
    else if (kind === 'fabricated') fabricated.add(mention)
  }
  const counted = cited.size + fabricated.size
  const reliedOn = intersect(cited, relevant).size
  const precision = counted > 0 ? reliedOn / counted : 1
  const factor = fullAt > 0 && counted > 0 ? 1 - givenShare * (1 - Math.min(1, precision / fullAt)) : 1
  const detail: FileGateDetails = {
    value: round4(factor), full_at: round4(fullAt), given: round4(givenShare),
    cited_files: counted, relied_on: reliedOn, precision: round4(precision),
  }
  const reason = factor < 1
    ? `file gate x${fmt4(factor)}: ${reliedOn} of ${counted} files cited in the prose are ones the ground truth relies on (precision ${fmt4(precision)}, full at ${fmt4(fullAt)}); the instruction gives away ${fmt4(givenShare)} of the file metric`
    : undefined
  return [factor, detail, reason]
}

/** Normalised lines of the ground truth's own fenced code (see verify.py's truth_code_lines). */
export function truthCodeLines(truthText: string): Set<string> {
  const out = new Set<string>()
  for (const block of parseCode(truthText).blocks) {
    for (const line of block.content.split('\n')) {
      const norm = normaliseCodeLine(line)
      if (norm.length >= MIN_CODE_LINE_CHARS) out.add(norm)
    }
  }
  return out
}

function codeMetric(resolver: FileResolver, blocks: FencedBlock[], outside: string[], relevant: Set<string>, lineIndex: Record<string, string[]>, referenceLines: ReadonlySet<string>, limits: Limits): MetricOutcome<CodeDetails> {
  const coverable = sorted(relevant).filter((f) => Object.hasOwn(lineIndex, f) && lineIndex[f].length > 0)
  const needed = Math.min(coverable.length, limits.code_files_for_full_credit)
  const quoted = new Set<string>()
  const grounded = new Set<string>()
  const covered = new Set<string>()
  let unattributed = 0
  let previousBefore = 0
  const lastFile = (text: string): string | undefined => {
    const found = resolver.scan(text).filter(([, , kind]) => kind === 'file')
    return found.length > 0 ? found[found.length - 1][0] : undefined
  }
  for (const block of blocks) {
    let target = lastFile(block.info) ?? lastFile(outside.slice(previousBefore, block.before).join('\n'))
    const lines = block.content.split('\n')
    if (target === undefined) target = lastFile(lines[0])
    previousBefore = block.before
    const hashes = new Set(target !== undefined && relevant.has(target) && Object.hasOwn(lineIndex, target) ? lineIndex[target] : [])
    let hadLine = false
    for (const line of lines) {
      const norm = normaliseCodeLine(line)
      if (norm.length < MIN_CODE_LINE_CHARS) continue
      hadLine = true
      const key = `${target ?? ''}\0${norm}`
      quoted.add(key)
      const h = lineHash(norm)
      if (h !== undefined && hashes.has(h)) {
        grounded.add(key)
        covered.add(target!)
      } else if (referenceLines.has(norm)) {
        grounded.add(key)
      }
    }
    if (hadLine && target === undefined) unattributed++
  }
  const detail: CodeDetails = {
    applicable: needed > 0, fenced_blocks: blocks.length, quoted_lines: quoted.size, grounded_lines: grounded.size,
    unattributed_blocks: unattributed, relevant_files_quoted: sorted(covered).map((f) => CONTAINER_ROOT + f),
    files_for_full_credit: needed, precision: 0, recall: 0,
  }
  if (needed === 0) return { value: 0, detail, reason: 'code_grounding: not applicable: no relevant file has indexed lines' }
  const precision = quoted.size > 0 ? grounded.size / quoted.size : 0
  const recall = Math.min(1, covered.size / needed)
  const fullAt = limits.code_precision_full_at
  const p = fullAt > 0 ? Math.min(1, precision / fullAt) : precision
  const value = p + recall > 0 ? (2 * p * recall) / (p + recall) : 0
  detail.precision = round4(precision)
  detail.recall = round4(recall)
  const reason = `code_grounding: F1 ${fmt4(value)} (${grounded.size} of ${quoted.size} distinct quoted lines found in the relevant file they are attributed to; ${covered.size} of ${needed} files needed)`
  return { value, detail, reason }
}

/** [reward, continuous score]: the judge blends in by its weight when it gave a score; the pass
 *  threshold, when set, makes the reward 1 or 0. */
export function combine(det: number, judge: JudgeOutcome | undefined, judgeWeight: number, passThreshold: number | null): [number, number] {
  let scoreValue = det
  if (judge?.status === 'scored') scoreValue = (1 - judgeWeight) * det + judgeWeight * judge.score!
  let reward = scoreValue
  if (passThreshold !== null) reward = round4(scoreValue) >= passThreshold ? 1 : 0
  return [reward, scoreValue]
}

function judgeDetail(judge: JudgeOutcome | undefined, weight: number): JudgeDetails {
  if (!judge) return { status: 'off', reason: 'no judge configured', weight: round4(weight) }
  const out: JudgeDetails = { status: judge.status, reason: judge.reason ?? '', weight: round4(weight) }
  for (const key of ['score', 'model', 'attempts', 'raw'] as const) if (judge[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = judge[key]
  return out
}

/** Ground truth with every optional field filled in as verify.py's validate_ground_truth does. */
export interface ResolvedGroundTruth {
  text: string
  projectFiles: string[]
  relevant: string[]
  lineIndex: Record<string, string[]>
  lineIndexNovel: boolean
  instructionTerms: string[]
  commonTerms: string[]
  instructionFiles: string[]
  weights: Weights
  limits: Limits
  passThreshold: number | null
  referenceWords: number | null
  judge: JudgeSettings
}

export function resolveGroundTruth(gt: GroundTruthFile): ResolvedGroundTruth {
  return {
    text: gt.ground_truth_text,
    projectFiles: gt.project_files ?? gt.context_files,
    relevant: gt.relevant_files ?? [],
    lineIndex: gt.line_index ?? {},
    lineIndexNovel: gt.line_index_novel ?? true,
    instructionTerms: gt.instruction_terms ?? [],
    commonTerms: gt.common_terms ?? [],
    instructionFiles: gt.instruction_files ?? [],
    weights: { ...DEFAULT_WEIGHTS, ...gt.weights },
    limits: { ...DEFAULT_LIMITS, ...gt.limits },
    passThreshold: gt.pass_threshold ?? null,
    referenceWords: gt.reference_words ?? null,
    judge: { ...DEFAULT_JUDGE, ...gt.judge },
  }
}

const perMetric = <T>(f: (m: Metric) => T): Record<Metric, T> => Object.fromEntries(METRICS.map((m) => [m, f(m)])) as Record<Metric, T>

/** Scores an answer exactly as templates/verify.py does (numbers identical, details identical). */
export function score(answerText: string, gtFile: GroundTruthFile, judge?: JudgeOutcome): ScoreResult {
  const gt = resolveGroundTruth(gtFile)
  const answer = normaliseText(answerText)
  const truthText = normaliseText(gt.text)
  const { limits, weights } = gt
  const resolver = new FileResolver(gt.projectFiles)
  const referenceWords = gt.referenceWords ?? countWords(truthText)
  const limit = Math.max(limits.answer_words_min, Math.ceil(limits.answer_words_ratio * referenceWords))
  const words = countWords(answer)
  const [read, truncated] = cutWords(answer, limit)
  // Given: what the instruction says, and the vocabulary most tasks' ground truths share.
  const givenTerms = new Set([...gt.instructionTerms, ...gt.commonTerms])
  const givenFiles = new Set(gt.instructionFiles.map(relativeProjectPath))
  const relevant = new Set(gt.relevant.map(relativeProjectPath))
  const excluded = resolver.names
  // Words and identifiers are read in the prose (fenced code is judged by grounding alone), so
  // pasted code cannot buy vocabulary.
  const truthProse = proseOf(truthText)
  const truthWords = new Set(contentTokens(truthProse))
  const truthIdents = identifiers(truthProse, excluded)
  const { blocks, outside } = parseCode(read)
  const prose = outside.join('\n').replace(PATH_WORD, ' ')
  const outcomes: Record<Metric, MetricOutcome<{ applicable: boolean }>> = {
    content_words: termMetric('content_words', new Set(contentTokens(prose)), truthWords, givenTerms, limits),
    identifiers: termMetric('identifiers', identifiers(prose, excluded), truthIdents, givenTerms, limits),
    file_references: fileMetric(resolver, read, relevant, givenFiles, limits),
    code_grounding: codeMetric(resolver, blocks, outside, relevant, gt.lineIndex, truthCodeLines(truthText), limits),
  }
  // Real lines pasted without an explanation (grep output) are not understanding.
  const gate = limits.code_prose_gate
  const proseBest = Math.max(
    outcomes.content_words.detail.applicable ? outcomes.content_words.value : 1,
    outcomes.identifiers.detail.applicable ? outcomes.identifiers.value : 1,
  )
  const proseFactor = gate > 0 ? Math.min(1, proseBest / gate) : 1
  ;(outcomes.code_grounding.detail as CodeDetails).prose_factor = round4(proseFactor)
  outcomes.code_grounding.value = outcomes.code_grounding.value * proseFactor
  const wGiven = limits.instruction_term_weight
  const novelties: Record<Metric, number> = {
    content_words: novelty(truthWords, givenTerms, wGiven),
    identifiers: novelty(truthIdents, givenTerms, wGiven),
    file_references: novelty(relevant, givenFiles, wGiven),
    code_grounding: outcomes.code_grounding.detail.applicable ? (gt.lineIndexNovel ? 1 : wGiven) : 0,
  }
  const reasons: string[] = []
  const blank = isBlank(answer)
  if (blank) reasons.push('the answer is empty')
  if (truncated) {
    reasons.push(`only the first ${limit} of ${words} words were read (limit: ${limits.answer_words_ratio} x the reference answer, at least ${limits.answer_words_min})`)
  }
  let total = 0
  const scaled = perMetric((m) => (outcomes[m].detail.applicable ? weights[m] * novelties[m] : 0))
  for (const m of METRICS) total = total + scaled[m]
  const effective = perMetric((m) => (total > 0 ? scaled[m] / total : 0))
  const skipped = METRICS.filter((m) => !outcomes[m].detail.applicable && weights[m] > 0)
  if (skipped.length > 0 && total > 0) reasons.push(`not applicable, weight spread over the others: ${skipped.join(', ')}`)
  if (total <= 0) reasons.push('no applicable metric has a positive weight')
  let det = 0
  for (const m of METRICS) det = det + effective[m] * outcomes[m].value
  const [fileFactor, gateDetail, gateReason] = fileGate(resolver, outside, relevant, givenFiles, novelties.file_references, limits)
  det = det * fileFactor
  if (gateReason !== undefined) reasons.push(gateReason)
  if (blank) det = 0
  const judgeWeight = gt.judge.weight
  let [reward, scoreValue] = combine(det, judge, judgeWeight, gt.passThreshold)
  if (blank) [reward, scoreValue] = [0, 0]
  for (const m of METRICS) reasons.push(outcomes[m].reason)
  if (judge?.status !== 'scored') reasons.push(`judge: not used (${judge ? judge.reason : 'no judge configured'}); the reward is the deterministic layer`)
  else reasons.push(`judge: ${fmt4(judge.score!)}, weight ${fmt4(judgeWeight)}`)
  if (gt.passThreshold !== null) {
    reasons.push(`binary reward: score ${fmt4(scoreValue)} ${reward === 1 ? '>=' : '<'} pass threshold ${fmt4(gt.passThreshold)}`)
  }
  const metrics = perMetric((m) => round4(outcomes[m].value))
  const rewardJson: RewardJson = { reward: round4(reward) }
  const details = {
    status: blank ? 'empty_answer' : 'scored',
    reward: rewardJson.reward,
    score: round4(scoreValue),
    deterministic: round4(det),
    pass_threshold: gt.passThreshold,
    metrics,
    weights: perMetric((m) => round4(weights[m])),
    novelty: perMetric((m) => round4(novelties[m])),
    effective_weights: perMetric((m) => round4(effective[m])),
    file_gate: gateDetail,
    judge: judgeDetail(judge, judgeWeight),
    answer_words: words,
    words_read: Math.min(words, limit),
    word_limit: limit,
    reasons,
    content_words: outcomes.content_words.detail,
    identifiers: outcomes.identifiers.detail,
    file_references: outcomes.file_references.detail,
    code_grounding: outcomes.code_grounding.detail,
  } as ScoreDetails
  return { reward: rewardJson.reward, metrics, rewardJson, details }
}
