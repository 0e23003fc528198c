// The answers calibration scores a task's verifier with. Cheats are built from ONLY what an agent
// that does no analysis has: instruction.md and the project (plus other tasks' oracles, which is
// what copying an answer from elsewhere looks like). Correct variants start from the oracle and
// change its form, never its substance: sections reordered, or reworded by a deterministic
// rewriter, so a verifier that punishes paraphrase is caught.
import { contentTokens, identifiers, normaliseText } from './score.ts'
import { fenceFor } from './oracle.ts'

export const CONTAINER_ROOT = '/app/project/'

/** Every answer kind, with its role: cheats must stay low, correct variants high. */
export const ANSWER_KINDS = {
  oracle: 'correct',
  oracle_reordered: 'correct',
  oracle_paraphrased: 'correct',
  empty: 'empty',
  instruction_copy: 'cheat',
  path_list: 'cheat',
  keyword_repetition: 'cheat',
  project_dump: 'cheat',
  dump_word_pairs: 'cheat',
  other_project_oracle: 'cheat',
  other_question_oracle: 'other_question',
  // Further cheap strategies tried against the verifier: reported beside the cheats, not held to
  // their margin. targeted_dump and identifier_lines grep the files and identifiers the
  // instruction names, which is shallow work rather than no work.
  targeted_dump: 'probe',
  identifier_lines: 'probe',
  stuffing_first: 'probe',
  // The instruction and every distinct word of the project: no analysis, but where the instruction
  // gives away all but a handful of the ground truth's words, chance hits on those few can pass
  // the cheat margin; the judge is what tells such answers apart.
  word_stuffing: 'probe',
  instruction_shuffled: 'probe',
  huge_answer: 'probe',
} as const

export type AnswerKind = keyof typeof ANSWER_KINDS
export type AnswerRole = (typeof ANSWER_KINDS)[AnswerKind]
export const KINDS = Object.keys(ANSWER_KINDS) as AnswerKind[]

export interface ProjectFileText {
  /** Relative to the project root, `/` separators. */
  rel: string
  text: string
}

export interface CheatSources {
  instruction: string
  /** The project's text files, sorted by path. */
  project: ProjectFileText[]
}

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)]

/** mulberry32: a tiny seeded generator, so every attack is reproducible. */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items]
  const next = random(seed)
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const fenced = (rel: string, text: string): string => {
  const lines = normaliseText(text).replace(/\n+$/, '').split('\n')
  const fence = fenceFor(lines)
  return [`\`${CONTAINER_ROOT}${rel}\`:`, '', `${fence}${/\.([A-Za-z0-9]+)$/.exec(rel)?.[1] ?? ''}`, ...lines, fence, ''].join('\n')
}

/** Project files the instruction names (by container path, relative path or unique basename). */
function namedFiles(sources: CheatSources): ProjectFileText[] {
  const text = sources.instruction
  const basenames = new Map<string, number>()
  for (const f of sources.project) {
    const base = f.rel.split('/').pop()!
    basenames.set(base, (basenames.get(base) ?? 0) + 1)
  }
  return sources.project.filter((f) => {
    const base = f.rel.split('/').pop()!
    return text.includes(f.rel) || (basenames.get(base) === 1 && new RegExp(`(^|[^\\w.-])${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\w-])`).test(text))
  })
}

const COMMENT = /^\s*(\/\/+|#+|\/\*+|\*+|--|<!--)\s?(.*)$/

/** Content words of the instruction and of the project's code comments (first-seen order). */
function vocabulary(sources: CheatSources, cap: number): string[] {
  const words = contentTokens(sources.instruction)
  for (const f of sources.project) {
    for (const line of f.text.split('\n')) {
      const m = COMMENT.exec(line)
      if (m) words.push(...contentTokens(m[2]))
    }
  }
  return unique(words).slice(0, cap)
}

/** Every ordered pair of the words as neighbours: a b, a c, …, so any consecutive-pair metric is
 *  satisfied without reading the ground truth. */
function wordPairs(words: string[]): string {
  const out: string[] = []
  for (const a of words) for (const b of words) if (a !== b) out.push(`${a} ${b}`)
  return out.join(' ')
}

/** The instruction, then every distinct word of the instruction and of the project's text, in
 *  the form the verifier counts them (contentTokens: lower-cased, no stop words, so no word of
 *  the limit is spent on one it ignores): a word salad that names whatever the ground truth might say. */
function wordStuffing(sources: CheatSources, instruction: string): string {
  const words = [instruction, ...sources.project.map((f) => f.text)].flatMap((text) => contentTokens(text))
  return `${instruction}\n\n${unique(words).join(' ')}\n`
}

const projectDump = (sources: CheatSources): string => sources.project.map((f) => fenced(f.rel, f.text)).join('\n')

const pathList = (sources: CheatSources): string => sources.project.map((f) => `- ${CONTAINER_ROOT}${f.rel}`).join('\n')

/** The cheating answers, from the instruction and the project only. */
export function cheatAnswers(sources: CheatSources, seed = 1): Record<string, string> {
  const instruction = normaliseText(sources.instruction)
  const words = unique(contentTokens(instruction))
  const idents = [...identifiers(instruction, new Set())]
  const dump = projectDump(sources)
  const pairs = wordPairs(vocabulary(sources, 150))
  const named = namedFiles(sources)
  const identLines = named.map((f) => {
    const lines = f.text.split('\n').filter((l) => [...identifiers(l, new Set())].some((id) => idents.includes(id)))
    return fenced(f.rel, lines.join('\n'))
  })
  const sentences = instruction.split(/(?<=[.!?])\s+/).filter((s) => s.trim() !== '')
  return {
    instruction_copy: instruction,
    path_list: `${instruction}\n\n## Key files\n\n${pathList(sources)}\n`,
    word_stuffing: wordStuffing(sources, instruction),
    keyword_repetition: [0, 1, 2].map((k) => shuffled(words, seed + k).join(' ')).join('\n\n') + `\n\n${idents.map((i) => `\`${i}\``).join(' ')}\n`,
    project_dump: `## Key files\n\n${pathList(sources)}\n\n## Evidence\n\n${dump}`,
    dump_word_pairs: `## Key files\n\n${pathList(sources)}\n\n## Evidence\n\n${dump}\n\n## Analysis\n\n${pairs}\n`,
    targeted_dump: `## Key files\n\n${named.map((f) => `- ${CONTAINER_ROOT}${f.rel}`).join('\n')}\n\n## Evidence\n\n${named.map((f) => fenced(f.rel, f.text)).join('\n')}`,
    identifier_lines: `## Key files\n\n${named.map((f) => `- ${CONTAINER_ROOT}${f.rel}`).join('\n')}\n\n## Evidence\n\n${identLines.join('\n')}\n\n## Analysis\n\n${idents.map((i) => `\`${i}\``).join(', ')}\n`,
    stuffing_first: `${pairs}\n\n${pathList(sources)}\n\n${dump}`,
    instruction_shuffled: [1, 2, 3].map((k) => shuffled(sentences, seed + k).join(' ')).join('\n\n'),
    huge_answer: Array.from({ length: 5 }, () => `${instruction}\n\n${dump}`).join('\n\n'),
  }
}

// ---------------------------------------------------------------------------------------------
// Correct variants

/** The oracle with its `## ` sections in reverse order (the title stays first). */
export function reorderSections(answer: string): string {
  const lines = normaliseText(answer).split('\n')
  const head: string[] = []
  const sections: string[][] = []
  let inFence = false
  for (const line of lines) {
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence
    if (!inFence && line.startsWith('## ')) sections.push([line])
    else if (sections.length > 0) sections[sections.length - 1].push(line)
    else head.push(line)
  }
  return [...head, ...sections.reverse().flatMap((s) => [...s, ''])].join('\n').replace(/\n{3,}/g, '\n\n')
}

// Rewordings a careful writer might choose: verbs and connectives change, technical nouns stay.
const REWORDINGS: [RegExp, string][] = [
  [/\bdefines\b/g, 'declares'],
  [/\bcalls\b/g, 'invokes'],
  [/\bowns\b/g, 'is in charge of'],
  [/\bmust change\b/g, 'has to be modified in'],
  [/\bbefore\b/g, 'ahead of'],
  [/\binstead of\b/g, 'rather than'],
  [/\bbecause\b/g, 'since'],
  [/\bEvery\b/g, 'Each'],
  [/\bevery\b/g, 'each'],
  [/\bensures\b/g, 'makes sure'],
  [/\bcontains\b/g, 'holds'],
  [/\buses\b/g, 'relies on'],
  [/\bis responsible for\b/g, 'takes care of'],
  [/\bshould\b/g, 'ought to'],
  [/\bThe\b/g, 'This'],
  [/\bhandles\b/g, 'deals with'],
  [/\bavoid\b/g, 'steer clear of'],
  [/\bcannot\b/g, 'is unable to'],
]

/** Rewrites prose outside inline code and paths: bold labels unwrapped, verbs and connectives
 *  reworded, and the sentences of each line rotated (the first moves last). */
function rewordLine(line: string): string {
  const parts = line.split(/(`[^`]*`)/)
  const prose = parts.map((p, i) => {
    if (i % 2 === 1) return p
    let out = p.replace(/\*\*([^*]+)\*\*/g, '$1')
    for (const [re, to] of REWORDINGS) out = out.replace(re, to)
    return out
  }).join('')
  const m = /^(\s*(?:[-*•]|\d+\.)\s+)?(.*)$/.exec(prose)!
  const lead = m[1] ?? ''
  const sentences = m[2].split(/(?<=[.!?])\s+(?=[A-Z`])/)
  if (sentences.length < 2) return `${lead}${m[2]}`
  return `${lead}${[...sentences.slice(1), sentences[0]].join(' ')}`
}

/** The oracle reworded by a deterministic rewriter: same files, same code, same findings. */
export function paraphrase(answer: string): string {
  let inFence = false
  return normaliseText(answer).split('\n').map((line) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence
      return line
    }
    return inFence || line.startsWith('#') ? line : rewordLine(line)
  }).join('\n')
}
