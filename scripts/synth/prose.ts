// Template sentences with slots filled from the project's own vocabulary, so comments, documents
// and scenario texts name the components, files and identifiers that really exist in the project.
import type { Rng } from './prng.ts'
import { FANCY, VERBS, ADJECTIVES } from './vocab.ts'
import { titleCase } from './words.ts'

export interface ProseVocab {
  name: string
  language: string
  architecture: string
  audience: string
  nouns: string[]
  components: string[]
  features: string[]
  patterns: string[]
  /** Files to mention, already formatted for the text at hand. */
  files: string[]
  /** Identifiers to mention. */
  symbols: string[]
}

const SENTENCES = [
  'Handles {noun} {verb} requests for the {comp} component.',
  'The {Comp} layer coordinates {noun} state with the {noun2} subsystem.',
  'This keeps {feature} consistent across {arch} deployments.',
  'Callers must hold the {noun} lock before invoking `{sym}`.',
  'Retries are bounded so that a slow {noun2} cannot stall the {comp} pipeline.',
  'See `{file}` for the format consumed by `{sym}`.',
  'It {verbs} {adj} {noun} entries before they reach the {noun2} store.',
  'Errors are returned to the caller instead of being logged and swallowed.',
  'The module follows the {pattern} pattern described in the architecture notes.',
  'Settings are read once at start-up; changing them requires a restart of the {comp} service.',
  'The {noun} cache is invalidated whenever a {noun2} event is published.',
  'Metrics are emitted for every {noun} so that {feature} can be monitored in production.',
  'Both `{sym}` and `{sym2}` assume the {noun} has already been validated.',
  '{Name} serves {audience} with {feature} and {feature2}.',
  'The {comp} service owns the {noun} data and exposes it only through `{sym}`.',
  'A {noun} that fails validation is rejected with a descriptive error instead of a partial update.',
  'Throughput is dominated by the {noun2} round trip, which is why results are batched.',
  'Integration tests cover the {comp} flow end to end, including the {noun2} fallback path.',
  'The {arch} layout keeps the {comp} and {comp2} modules independent of each other.',
  'Concurrency is limited per tenant so a single {noun} burst cannot starve the others.',
  'Configuration for {feature} lives next to the {comp} defaults in `{file}`.',
  'When the {noun2} backend is unavailable the service degrades to read-only mode.',
  'Every {noun} carries a version so that concurrent updates can be detected.',
  '`{sym}` is on the hot path; avoid allocations inside its loop.',
  'Audit records are written for every {noun} change to satisfy {feature} requirements.',
  'The {comp} handler translates transport errors into domain errors before returning.',
]

const COMMENT_SENTENCES = [
  'Validate the {noun} before touching shared state.',
  'Fast path: nothing to {verb} when the {noun} list is empty.',
  'Keep the {noun2} lookup outside the loop; it is comparatively expensive.',
  'TODO: move this {noun} check into `{sym}` once the {noun2} API settles.',
  'NOTE: `{sym}` may be called concurrently from the {comp} workers.',
  'Convert {adj} {noun} entries instead of failing the whole batch.',
  'Record the outcome so {feature} dashboards stay accurate.',
  'The {noun2} client already retries; do not retry again here.',
  'Guard against {adj} {noun} values coming from older clients.',
  'Emit an event so the {comp2} module can react to the change.',
]

const IRREGULAR: Record<string, string> = { lookup: 'looks up', init: 'initializes', shutdown: 'shuts down', rollback: 'rolls back' }

export const thirdPerson = (verb: string): string =>
  IRREGULAR[verb] ?? (/(s|sh|ch|x)$/.test(verb) ? `${verb}es` : /[^aeiou]y$/.test(verb) ? `${verb.slice(0, -1)}ies` : `${verb}s`)

const OVERVIEW = [
  '{Name} is a {arch} {lang} application built for {audience}.',
  'It combines {feature}, {feature2} and {feature} behind a small set of well-defined modules.',
  'The {comp} and {comp2} components carry most of the business logic, while shared infrastructure handles configuration, logging and persistence.',
  'The design favours the {pattern} pattern so that new capabilities can be added without touching unrelated code.',
  'Operational concerns such as {feature} and {feature2} are treated as first-class requirements rather than afterthoughts.',
  'Every {noun} that enters the system is validated, versioned and auditable.',
  'The project targets teams that need predictable behaviour under load and clear failure modes.',
  'A layered test suite covers the {comp} flows from unit level up to end-to-end scenarios.',
]

const compiled = new Map<string, string[]>()

/** Literal and slot-name parts of a template, alternating (a split with a capture group). */
function compile(template: string): string[] {
  let parts = compiled.get(template)
  if (!parts) {
    parts = template.split(/\{(\w+)\}/)
    if (compiled.size > 10_000) compiled.clear()
    compiled.set(template, parts)
  }
  return parts
}

/**
 * Sentences already written in a project, reused by its later files: LLM-written projects repeat
 * their phrasing, and a pick is far cheaper than filling a template (generation speed).
 */
export interface SentencePool {
  sentences: string[]
  comments: string[]
}

export const newSentencePool = (): SentencePool => ({ sentences: [], comments: [] })

const POOL_WARM = 48
const POOL_MAX = 400
const POOL_REUSE = 0.65

export class Prose {
  private readonly rng: Rng
  private readonly v: ProseVocab
  private readonly pool: SentencePool | null
  /** Probability that a sentence carries typographic non-ASCII (dashes, curly quotes, emoji). */
  fancy: number
  /** The first decorated-eligible sentence always is, so a decorated file surely carries some. */
  private pending: boolean

  constructor(rng: Rng, vocab: ProseVocab, fancy = 0, pool: SentencePool | null = null) {
    this.rng = rng
    this.v = vocab
    this.pool = pool
    this.fancy = fancy
    this.pending = fancy > 0
  }

  fill(template: string): string {
    const parts = compile(template)
    let out = parts[0]
    for (let i = 1; i < parts.length; i += 2) out += this.slot(parts[i]) + parts[i + 1]
    return out
  }

  slot(name: string): string {
    const { rng, v } = this
    switch (name) {
      case 'noun': case 'noun2': return rng.pick(v.nouns)
      case 'verb': return rng.pick(VERBS)
      case 'verbs': return thirdPerson(rng.pick(VERBS))
      case 'adj': return rng.pick(ADJECTIVES)
      case 'comp': case 'comp2': return rng.pick(v.components).replace(/_/g, ' ')
      case 'Comp': return titleCase(rng.pick(v.components))
      case 'feature': case 'feature2': return rng.pick(v.features).replace(/_/g, ' ')
      case 'pattern': return rng.pick(v.patterns).replace(/_/g, ' ')
      case 'arch': return v.architecture.replace(/_/g, ' ')
      case 'file': return v.files.length ? rng.pick(v.files) : 'README.md'
      case 'sym': case 'sym2': return v.symbols.length ? rng.pick(v.symbols) : 'main'
      case 'Name': return v.name
      case 'audience': return v.audience
      case 'lang': return v.language
      default: return name
    }
  }

  sentence(): string {
    return this.decorate(this.pooled(this.pool?.sentences, SENTENCES))
  }

  private pooled(pool: string[] | undefined, templates: string[]): string {
    if (pool && pool.length >= POOL_WARM && this.rng.chance(POOL_REUSE)) return this.rng.pick(pool)
    const s = this.fill(this.rng.pick(templates))
    if (pool && pool.length < POOL_MAX) pool.push(s)
    return s
  }

  /** A sentence for the project overview (phase 1: written before any file exists). */
  overviewSentence(): string {
    return this.fill(this.rng.pick(OVERVIEW))
  }

  commentSentence(): string {
    return this.decorate(this.pooled(this.pool?.comments, COMMENT_SENTENCES))
  }

  paragraph(min = 3, max = 6): string {
    const n = this.rng.int(min, max)
    const out: string[] = []
    for (let i = 0; i < n; i++) out.push(this.sentence())
    return out.join(' ')
  }

  /** Prose of at least `chars` characters. */
  text(chars: number): string {
    let out = this.sentence()
    while (out.length < chars) out += ` ${this.sentence()}`
    return out
  }

  private decorate(s: string): string {
    if (this.fancy <= 0 || (!this.pending && !this.rng.chance(this.fancy))) return s
    const { rng } = this
    const forced = this.pending
    this.pending = false
    switch (forced ? rng.int(2, 3) : rng.int(0, 3)) {
      case 0: return s.replace(/, /, ` ${rng.pick(FANCY.dashes)} `)
      case 1: {
        const [open, close] = rng.pick(FANCY.quotes)
        return s.replace(/`([^`]+)`/, `${open}$1${close}`)
      }
      case 2: return `${rng.pick(FANCY.emoji)} ${s}`
      default: return `${FANCY.bullet} ${s}`
    }
  }
}
