// Does an instruction give the answer away? It leaks when it contains a whole ground-truth
// sentence, or a long run of the ground truth's words, that is not shared vocabulary. "Shared" is
// measured against a cross-task baseline: word runs that occur in the ground truths of several
// tasks (template phrasing, boilerplate a whole dataset repeats) are not this task's answer, so
// an instruction repeating them leaks nothing.
import { groundTruthText } from './ground-truth-text.ts'
import { contentTokens, normaliseText, tokens } from './score.ts'

/** Shingle length: runs are matched as overlapping word n-grams of this size. */
export const SHINGLE = 6

// Each n-gram is words.slice(i, i + n).join(' '), taken as a slice of the whole text joined once:
// the same strings, about three times faster than an array and a join per n-gram (select checks
// every record of the dataset).
const gramsOf = (words: readonly string[], n = SHINGLE): string[] => {
  const out: string[] = []
  if (words.length < n) return out
  const joined = words.join(' ')
  const starts = new Array<number>(words.length)
  for (let i = 0, at = 0; i < words.length; at += words[i].length + 1, i++) starts[i] = at
  for (let i = 0; i + n <= words.length; i++) out.push(joined.slice(starts[i], starts[i + n - 1] + words[i + n - 1].length))
  return out
}

// Paths are left out: an instruction naming the files the answer names is the context hint
// (tasks.context_hint), not the answer's sentences.
const words = (text: string): string[] => tokens(withoutPathWords(normaliseText(text)))

/** JavaScript's \s. */
const isSpace = (c: number): boolean =>
  c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0xa0 && (c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff))

/** The text with every whitespace-delimited word holding a slash replaced by one space (what the
 *  pattern (?<!\S)[^\s/]*\/\S* replaced globally gives), found from the slashes outward instead
 *  of trying a pattern at every position: that was a tenth of select's leak check. */
export function withoutPathWords(text: string): string {
  let slash = text.indexOf('/')
  if (slash < 0) return text
  let out = ''
  let from = 0
  while (slash >= 0) {
    let start = slash
    while (start > from && !isSpace(text.charCodeAt(start - 1))) start--
    let end = slash + 1
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++
    out += text.slice(from, start) + ' '
    from = end
    slash = text.indexOf('/', end)
  }
  return out + text.slice(from)
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The texts of a dataset record the leak baseline is made of: ground truth, description and prompt. */
export const leakTexts = (record: Record<string, unknown>): [truth: string, description: string, prompt: string] =>
  [groundTruthText(record.ground_truth), str(record.description), str(record.task_prompt_text)]

/** For every word n-gram of the run's tasks (ground truth, description and prompt of each), how
 *  many tasks have it. */
export function leakBaseline(tasks: readonly (readonly string[] | TaskGrams)[]): Map<string, number> {
  const df = new Map<string, number>()
  for (const task of tasks) {
    for (const g of task instanceof TaskGrams ? task.all : new TaskGrams(task).all) df.set(g, (df.get(g) ?? 0) + 1)
  }
  return df
}

/** A task's word n-grams, text by text and together: computed once, for a caller that needs them
 *  for the baseline, for sharedWithOthers and for findLeaks (select checks every record). */
export class TaskGrams {
  readonly perText: ReadonlySet<string>[]
  readonly all: ReadonlySet<string>
  constructor(texts: readonly string[]) {
    this.perText = texts.map((text) => new Set(gramsOf(words(text))))
    const all = new Set<string>()
    for (const grams of this.perText) for (const g of grams) all.add(g)
    this.all = all
  }
}

/** The n-grams shared with at least one other task, given this task's own texts (or their grams). */
export function sharedWithOthers(baseline: ReadonlyMap<string, number>, own: readonly string[] | TaskGrams): { has(gram: string): boolean } {
  const mine = own instanceof TaskGrams ? own.all : new TaskGrams(own).all
  return { has: (g) => (baseline.get(g) ?? 0) - (mine.has(g) ? 1 : 0) >= 1 }
}

export interface Leak {
  /** The leaked words, as the ground truth has them (lower-cased tokens). */
  text: string
  words: number
  kind: 'sentence' | 'run'
}

export interface LeakRules {
  /** A run of this many consecutive ground-truth words is a leak. */
  minRun: number
  /** A whole ground-truth sentence of this many words is a leak. */
  minSentence: number
  /** ...when it carries at least this many distinct content words outside the common vocabulary. */
  minSpecific: number
}

export const DEFAULT_LEAK_RULES: Readonly<LeakRules> = Object.freeze({ minRun: 12, minSentence: 8, minSpecific: 3 })

/** config tasks.leak_check (defaults filled in): generate's check, and select's selection.exclude_leaks. */
export interface LeakCheckConfig {
  enabled: boolean
  min_run_words: number
  min_sentence_words: number
  min_specific_words: number
}

export const leakRules = (check: LeakCheckConfig): LeakRules => ({
  minRun: check.min_run_words,
  minSentence: check.min_sentence_words,
  minSpecific: check.min_specific_words,
})

/** Leaks of the ground truth into the instruction (its text, or a set of its word n-grams): whole sentences and long runs of words, not
 *  covered by n-grams other tasks share, carrying enough words outside the common vocabulary
 *  (template phrasing with one project noun swapped in is not an answer). */
export function findLeaks(instruction: string | { has(gram: string): boolean }, truthText: string, shared: { has(gram: string): boolean }, common: ReadonlySet<string> = new Set(), rules: LeakRules = DEFAULT_LEAK_RULES): Leak[] {
  const { minRun, minSentence } = rules
  const baseline = shared
  // The instruction's n-grams may come precomputed (TaskGrams.perText of the texts it is made of).
  const inInstruction = typeof instruction === 'string' ? new Set(gramsOf(words(instruction))) : instruction
  const leaks: Leak[] = []
  const seen = new Set<string>()
  const add = (leak: Leak) => {
    const specific = new Set(contentTokens(leak.text).filter((t) => !common.has(t)))
    if (specific.size >= rules.minSpecific && !seen.has(leak.text)) {
      seen.add(leak.text)
      leaks.push(leak)
    }
  }
  const truth = normaliseText(truthText)
  // The truth's words, sentence by sentence: sentences split at whitespace, where no word (path
  // or token) can span, so together they are words(truth), read once.
  const w: string[] = []
  // Whole sentences: every shingle of the sentence is in the instruction and not all are shared.
  for (const sentence of truth.split(/(?<=[.!?])\s+|\n+/)) {
    const sw = words(sentence)
    for (const word of sw) w.push(word)
    if (sw.length < Math.max(minSentence, SHINGLE)) continue
    const grams = gramsOf(sw)
    if (grams.every((g) => inInstruction.has(g)) && grams.some((g) => !baseline.has(g))) add({ text: sw.join(' '), words: sw.length, kind: 'sentence' })
  }
  // Long runs: consecutive ground-truth shingles found in the instruction, none shared.
  const grams = gramsOf(w)
  let start = -1
  for (let i = 0; i <= grams.length; i++) {
    const hit = i < grams.length && inInstruction.has(grams[i]) && !baseline.has(grams[i])
    if (hit && start < 0) start = i
    if (!hit && start >= 0) {
      const length = i - start + SHINGLE - 1
      if (length >= minRun) add({ text: w.slice(start, i + SHINGLE - 1).join(' '), words: length, kind: 'run' })
      start = -1
    }
  }
  return leaks
}
