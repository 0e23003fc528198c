// The verifier's cross-task baselines, computed once per generate run from the dataset:
// - common terms: content words in a large share of the selected tasks' ground truths (verify.py
//   counts them as given, so shared vocabulary earns nothing);
// - the leak baseline: word n-grams of every task on the selected tasks' projects (ground truth,
//   description, prompt), so an instruction repeating phrasing other tasks share is no leak.
//
// Memory: at 8,000 tasks the baseline has 1.6 million distinct n-grams (75 MB of text); a Map of
// them held 170 MB through the run, and reading every record at once first peaked at 760 MB. Here
// records are read one at a time, twice, and only what the check needs is kept, exactly: the
// n-grams a 53-bit hash does not tell apart (those several texts share, ~230,000) as strings with
// their counts, and for every other n-gram its hash and the one text that has it, in a sorted
// Float64Array (8 bytes each). A question about such an n-gram that the task's own texts cannot
// answer is settled by reading that one text again, so a hash collision never changes an answer.
//
// The leak baseline is kept between runs in generate's content cache (leak-baseline.*), keyed by
// the texts it was made of, in order, and the code that made it: a run whose texts are those of
// the last (a template, a title or the verifier changed) reads it back instead of n-gramming
// every text twice.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { endianness } from 'node:os'
import { join } from 'node:path'
import { parseScenarioId } from '../../lib/ids.ts'
import { sha256 } from '../../lib/hash.ts'
import { writeFileAtomic } from '../../lib/fsx.ts'
import { codeHash } from '../../engine/imports.ts'
import { commonTerms } from '../../verifier/evidence.ts'
import { groundTruthText } from '../../verifier/ground-truth-text.ts'
import { leakTexts, TaskGrams } from '../../verifier/leaks.ts'
import { readRecordAt, type RecordRef } from '../../contracts/dataset.ts'

export interface Baselines {
  common: string[]
  /** None when tasks.leak_check is off: nothing would ask it. */
  leak: LeakBaseline | undefined
  /** Changes when either baseline changes: part of generate's recipe. */
  hash: string
  /** The leak baseline was read back from the cache, not made. */
  reused?: boolean
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

interface SavedBaseline {
  key: string
  span: number
  owners: number
  keys: { count: number; sha256: string }
  counts: [string, number][]
}

/** The texts a task's leak check compares: ground truth, description and prompt (select's
 *  selection.exclude_leaks reads the same ones). */
export { leakTexts }

export interface BaselineCache {
  /** Where the last leak baseline is kept (generate's content cache). */
  dir: string
  /** Make it anew whatever is kept (`--force generate`); it is still kept for the next run. */
  ignore?: boolean
  /** A baseline that cannot be kept is only a lost speed-up: said here, not thrown. */
  warn(message: string): void
}

/** `index`: every record of the dataset by id, in file order (indexRecords without a filter). */
export function computeBaselines(dataset: string, selected: readonly string[], index: ReadonlyMap<string, RecordRef>, leakCheck = true, cache?: BaselineCache): Baselines {
  const truths: string[] = []
  const projects = new Set<string>()
  const owners = leakCheck ? new Owners(dataset) : undefined
  for (const id of selected) {
    const at = index.get(id) as RecordRef
    const record = readRecordAt(dataset, at).value
    truths.push(groundTruthText(record.ground_truth))
    projects.add(str(record.project_id))
    owners?.add(at, record)
  }
  const common = commonTerms(truths)
  truths.length = 0
  if (!owners) return { common, leak: undefined, hash: sha256(common.join(' ')) }
  const chosen = new Set(selected)
  for (const [id, at] of index) {
    if (chosen.has(id)) continue
    const parsed = parseScenarioId(id)
    if (parsed.ok && projects.has(parsed.value.projectId)) owners.add(at, readRecordAt(dataset, at).value)
  }
  const key = owners.key(index.size)
  let leak = cache && !cache.ignore ? LeakBaseline.restore(cache.dir, key, dataset, owners.refs, index.size) : undefined
  const reused = leak !== undefined
  if (!leak) {
    // At 8,000 tasks this is most of the function's time (every text n-grammed, twice).
    leak = new LeakBaseline(dataset, index.size)
    owners.forEach((at, texts) => leak!.add(at, texts))
    leak.seal()
    if (cache) {
      try {
        leak.save(cache.dir, key)
      } catch (error) {
        cache.warn(`the leak baseline could not be kept for the next run: ${(error as Error).message}`)
      }
    }
  }
  const hash = sha256(`${common.join(' ')}\n${leak.shared().sort().join('\n')}`)
  return { common, leak, hash, reused }
}

/**
 * The leak baseline's texts in the order they are added, with the hash that names them. Not the
 * texts themselves: a baseline not found in the cache reads them again. Keeping the 50 default
 * tasks' texts (about 2 M characters) saved no time and raised generate's peak by 40-50 MB, as
 * V8 grew its young generation for them.
 */
class Owners {
  readonly refs: RecordRef[] = []
  readonly #dataset: string
  readonly #hash = createHash('sha256')

  constructor(dataset: string) {
    this.#dataset = dataset
  }

  add(at: RecordRef, record: Record<string, unknown>): void {
    this.refs.push(at)
    this.#hash.update(`${JSON.stringify(leakTexts(record))}\n`)
  }

  /** What the baseline made of these texts depends on: them, in order, the span of its keys, the code. */
  key(capacity: number): string {
    return sha256(`${baselineCode()}\n${capacity}\n${endianness()}\n${this.#hash.copy().digest('hex')}`)
  }

  forEach(each: (at: RecordRef, texts: readonly string[]) => void): void {
    for (const at of this.refs) each(at, leakTexts(readRecordAt(this.#dataset, at).value))
  }
}

let code: string | undefined
const baselineCode = (): string => (code ??= sha256(`${codeHash(import.meta.filename, join(import.meta.dirname, '..', '..', '..'))}\n${process.version}`))

const BASELINE_FILE = 'leak-baseline.json'
const BASELINE_KEYS = 'leak-baseline.keys'

/** 53 bits of a string's hash (FNV-1a and a multiply-xorshift, 32 bits each): equal strings hash equal. */
function gramHash(s: string): number {
  let h1 = 0x811c9dc5
  let h2 = 0x9747b28c
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 0x01000193)
    h2 = Math.imul(h2 ^ c, 0x5bd1e995)
    h2 ^= h2 >>> 15
  }
  return (h1 >>> 0) * 2097152 + (h2 >>> 11)
}

/** Index of the first element ≥ x in a sorted array. */
function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (sorted[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * For every word n-gram of the texts of `owners` (dataset records), how many of them have it;
 * asked only through sharedWith, which answers as sharedWithOthers (verifier/leaks.ts) would over
 * the full count map.
 */
export class LeakBaseline {
  readonly #dataset: string
  readonly #owners: RecordRef[] = []
  /** 2^bits, bits enough for an owner's index: a key is (hash rounded down to it) + owner. */
  readonly #span: number
  /** Exact counts of the n-grams whose hash base several keys share. */
  readonly #counts = new Map<string, number>()
  /** Every (base + owner) key while texts are added; then those of the bases only one text has, sorted. */
  #keys = new Float64Array(1 << 16)
  #size = 0
  #cached: { owner: number; grams: ReadonlySet<string> } | undefined

  /** `capacity`: how many texts may be added at most. */
  constructor(dataset: string, capacity: number) {
    this.#dataset = dataset
    this.#span = 2 ** Math.max(1, Math.ceil(Math.log2(capacity + 1)))
  }

  /** One record's texts (leakTexts of the record at `at` in the dataset). */
  add(at: RecordRef, texts: readonly string[]): void {
    const owner = this.#owners.push(at) - 1
    if (owner >= this.#span) throw new Error(`LeakBaseline: more than ${this.#span - 1} texts`)
    for (const g of new TaskGrams(texts).all) {
      if (this.#size === this.#keys.length) {
        const grown = new Float64Array(this.#keys.length * 2)
        grown.set(this.#keys)
        this.#keys = grown
      }
      this.#keys[this.#size++] = this.#base(g) + owner
    }
  }

  /** After the last add: counts the n-grams several keys share, reading their texts again. */
  seal(): void {
    const keys = this.#keys.subarray(0, this.#size).sort()
    const n = keys.length
    const shared: number[] = []
    let unique = 0
    for (let i = 0; i < n; ) {
      const base = keys[i] - (keys[i] % this.#span)
      let j = i + 1
      while (j < n && keys[j] - (keys[j] % this.#span) === base) j++
      if (j - i === 1) keys[unique++] = keys[i]
      else shared.push(base)
      i = j
    }
    this.#keys = keys.slice(0, unique)
    this.#size = unique
    const sharedBases = Float64Array.from(shared)
    this.#owners.forEach((_, owner) => {
      for (const g of this.#gramsOf(owner)) {
        const base = this.#base(g)
        const at = lowerBound(sharedBases, base)
        if (at === sharedBases.length || sharedBases[at] !== base) continue
        const count = this.#counts.get(g)
        // Kept as a slice of a string its own size: a slice of its whole text would keep that alive.
        this.#counts.set(count === undefined ? ` ${g}`.slice(1) : g, (count ?? 0) + 1)
      }
    })
  }

  /** Kept for `restore`: the sorted keys as raw bytes, then what names them and the exact counts. */
  save(dir: string, key: string): void {
    const keys = new Uint8Array(this.#keys.buffer, this.#keys.byteOffset, this.#size * 8)
    writeFileAtomic(join(dir, BASELINE_KEYS), keys)
    const saved: SavedBaseline = { key, span: this.#span, owners: this.#owners.length, keys: { count: this.#size, sha256: sha256(keys) }, counts: [...this.#counts] }
    writeFileAtomic(join(dir, BASELINE_FILE), JSON.stringify(saved))
  }

  /** The baseline `save` kept under `key`, for these owners (where their texts are now), or undefined. */
  static restore(dir: string, key: string, dataset: string, owners: RecordRef[], capacity: number): LeakBaseline | undefined {
    let saved: SavedBaseline
    let bytes: Buffer
    try {
      saved = JSON.parse(readFileSync(join(dir, BASELINE_FILE), 'utf8')) as SavedBaseline
      if (saved.key !== key || saved.owners !== owners.length) return undefined
      bytes = readFileSync(join(dir, BASELINE_KEYS))
    } catch {
      return undefined
    }
    if (bytes.length !== saved.keys.count * 8 || sha256(bytes) !== saved.keys.sha256) return undefined
    const leak = new LeakBaseline(dataset, capacity)
    if (leak.#span !== saved.span) return undefined
    for (const at of owners) leak.#owners.push(at)
    leak.#keys = new Float64Array(Uint8Array.from(bytes).buffer)
    for (const [gram, count] of saved.counts) leak.#counts.set(gram, count)
    return leak
  }

  #base(gram: string): number {
    const h = gramHash(gram)
    return h - (h % this.#span)
  }

  #gramsOf(owner: number): ReadonlySet<string> {
    if (this.#cached?.owner === owner) return this.#cached.grams
    const grams = new TaskGrams(leakTexts(readRecordAt(this.#dataset, this.#owners[owner]).value)).all
    this.#cached = { owner, grams }
    return grams
  }

  /** How many texts have `gram`, given that `mine` (one of them) has or lacks it. */
  #count(gram: string, mine: ReadonlySet<string>): number {
    const counted = this.#counts.get(gram)
    if (counted !== undefined) return counted
    const base = this.#base(gram)
    const unique = this.#keys
    const at = lowerBound(unique, base)
    if (at === unique.length || unique[at] >= base + this.#span) return 0
    // At most one text has it: this task's own, or the owner of the key if it really has it.
    if (mine.has(gram)) return 1
    return this.#gramsOf(unique[at] - base).has(gram) ? 1 : 0
  }

  /** The n-grams more than one text has. */
  shared(): string[] {
    return [...this.#counts].filter(([, n]) => n > 1).map(([g]) => g)
  }

  /** sharedWithOthers for a task with these texts (one of the owners): n-grams another text has. */
  sharedWith(own: readonly string[]): { has(gram: string): boolean } {
    const mine = new TaskGrams(own).all
    return { has: (g) => this.#count(g, mine) - (mine.has(g) ? 1 : 0) >= 1 }
  }
}
