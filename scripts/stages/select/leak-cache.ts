// The leak check's results kept between runs, per project (selection.exclude_leaks at full scale
// costs seconds, and editing one scenario would pay it all again).
//
// A project's verdicts depend only on its own records' leak texts and on the rules, so an entry is
// keyed by a hash of the project's dataset lines (every record's id and bytes, in id order): the
// lines determine the texts, so an equal key means equal verdicts. The file's header carries the
// leak code's hash and the rules; a change to either starts the cache afresh. A missing, torn or
// otherwise unreadable file is no error: every project is checked again. Entries of projects no
// longer in the dataset are dropped when the file is written back.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeHash } from '../../engine/imports.ts'
import { sha256 } from '../../lib/hash.ts'
import { writeFileAtomic } from '../../lib/fsx.ts'
import type { Leak, LeakRules } from '../../verifier/leaks.ts'

export const LEAK_CACHE_FILE = 'leak-cache.jsonl'
const VERSION = 1

/** One project's verdicts: the ids of its leaking records with their leaks (clean ones absent). */
export type ProjectVerdicts = [id: string, leaks: Leak[]][]

interface Entry {
  project: string
  key: string
  leaks: ProjectVerdicts
}

/** What the cache file is valid for: the leak code (leaks.ts and what it imports) and the rules. */
function salt(rules: LeakRules): string {
  const code = codeHash(join(import.meta.dirname, 'select-leaks.ts'), join(import.meta.dirname, '..', '..', '..'))
  return sha256(`${code}\n${JSON.stringify([rules.minRun, rules.minSentence, rules.minSpecific])}`)
}

const isLeak = (v: unknown): v is Leak => {
  const l = v as Leak
  return !!l && typeof l === 'object' && typeof l.text === 'string' && Number.isSafeInteger(l.words) && (l.kind === 'sentence' || l.kind === 'run')
}

const isEntry = (v: unknown): v is Entry => {
  const e = v as Entry
  return (
    !!e && typeof e === 'object' && typeof e.project === 'string' && typeof e.key === 'string' && Array.isArray(e.leaks) &&
    e.leaks.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && Array.isArray(p[1]) && p[1].length > 0 && p[1].every(isLeak))
  )
}

export class LeakCache {
  readonly #path: string | undefined
  readonly #salt: string
  readonly #previous = new Map<string, Entry>()
  readonly #next = new Map<string, Entry>()
  #changed = false

  /** Without a cache dir nothing is read or written: every project is checked. `reuse: false`:
   *  nothing is read, every project is checked and stored. */
  constructor(cacheDir: string | undefined, rules: LeakRules, reuse = true) {
    this.#path = cacheDir && join(cacheDir, LEAK_CACHE_FILE)
    this.#salt = this.#path ? salt(rules) : ''
    if (this.#path && reuse) this.#load(this.#path)
  }

  /** The key of a project whose records are these (id, line length, sha256 of the line), in any order. */
  static key(records: readonly { id: string; length: number; sha256: string }[]): string {
    const sorted = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    return sha256(sorted.map((r) => `${r.id.length}:${r.id}${r.length}:${r.sha256}`).join('\n'))
  }

  /** The project's verdicts if they were stored under this key (and keeps them), else undefined. */
  reuse(project: string, key: string): ProjectVerdicts | undefined {
    const entry = this.#previous.get(project)
    if (!entry || entry.key !== key) return undefined
    this.#next.set(project, entry)
    return entry.leaks
  }

  store(project: string, key: string, leaks: ProjectVerdicts): void {
    this.#next.set(project, { project, key, leaks })
    this.#changed = true
  }

  /** Writes back the entries reused or stored this run (dropping the others), if anything changed. */
  save(): void {
    if (!this.#path || (!this.#changed && this.#next.size === this.#previous.size)) return
    const lines = [JSON.stringify({ version: VERSION, salt: this.#salt, count: this.#next.size })]
    for (const entry of this.#next.values()) lines.push(JSON.stringify(entry))
    writeFileAtomic(this.#path, `${lines.join('\n')}\n`)
  }

  #load(path: string): void {
    let text: string
    try {
      text = readFileSync(path, 'utf8')
    } catch {
      return // missing (or unreadable): check everything
    }
    const entries: Entry[] = []
    try {
      const lines = text.split('\n')
      if (lines.pop() !== '') return // torn: the last line has no newline
      const header = JSON.parse(lines[0] ?? 'null') as { version?: unknown; salt?: unknown; count?: unknown } | null
      if (header?.version !== VERSION || header.salt !== this.#salt || header.count !== lines.length - 1) return
      for (const line of lines.slice(1)) {
        const entry: unknown = JSON.parse(line)
        if (!isEntry(entry)) return
        entries.push(entry)
      }
    } catch {
      return // not JSON: ignored whole, like a missing file
    }
    for (const entry of entries) this.#previous.set(entry.project, entry)
  }
}
