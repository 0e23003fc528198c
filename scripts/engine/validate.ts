// Schema checks of staged artifacts. A file is read once: the same pass hashes it for the record.
// JSONL lines already proven valid under the same schemas are skipped by their digest, so a rerun
// that changed one record of 8,000 parses and checks one line, not 116 MB.
import { createHash, hash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { writeFileAtomic } from '../lib/fsx.ts'
import { SchemaError, type SchemaSet } from './schemas.ts'

/** Digests of JSONL lines known to be valid, per (artifact, schema set); kept in the engine's cache. */
export class LineCache {
  readonly #dir: string
  readonly #schemas: SchemaSet
  readonly #known = new Map<string, Set<string>>()
  readonly #seen = new Map<string, Set<string>>()

  constructor(dir: string, schemas: SchemaSet) {
    this.#dir = dir
    this.#schemas = schemas
  }

  // Schemas $ref each other, so a change to any schema file invalidates every remembered line.
  #file(artifact: string, schema: string): string {
    const key = `${artifact}\0${schema}\0${this.#schemas.fingerprint()}`
    return join(this.#dir, `${hash('sha256', key).slice(0, 32)}.json`)
  }

  known(artifact: string, schema: string): Set<string> {
    const file = this.#file(artifact, schema)
    let set = this.#known.get(file)
    if (!set) {
      try {
        set = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[])
      } catch {
        set = new Set()
      }
      this.#known.set(file, set)
    }
    return set
  }

  /** The lines of this artifact as validated now (what to remember once the commit succeeds). */
  seen(artifact: string, schema: string): Set<string> {
    const file = this.#file(artifact, schema)
    let set = this.#seen.get(file)
    if (!set) this.#seen.set(file, (set = new Set()))
    return set
  }

  save(): void {
    mkdirSync(this.#dir, { recursive: true })
    for (const [file, set] of this.#seen) writeFileAtomic(file, JSON.stringify([...set]))
  }
}

const CHUNK = 1 << 20

/** Validates a staged artifact and returns the sha256 of its bytes. */
export function validateFile(schemas: SchemaSet, path: string, schema: string, shownAs: string, lines?: LineCache): string {
  if (path.endsWith('.jsonl')) return validateJsonl(schemas, path, schema, shownAs, lines)
  const bytes = readFileSync(path)
  let value: unknown
  try {
    const text = bytes.toString('utf8')
    value = path.endsWith('.toml') ? parseToml(text) : JSON.parse(text)
  } catch (error) {
    throw new SchemaError(shownAs, schema, [{ pointer: '/', message: `does not parse: ${(error as Error).message}` }])
  }
  const issues = schemas.check(schema, value)
  if (issues.length) throw new SchemaError(shownAs, schema, issues)
  return hash('sha256', bytes)
}

function validateJsonl(schemas: SchemaSet, path: string, schema: string, shownAs: string, lines?: LineCache): string {
  const known = lines?.known(shownAs, schema) ?? new Set<string>()
  const seen = lines?.seen(shownAs, schema) ?? new Set<string>()
  const whole = createHash('sha256')
  const fd = openSync(path, 'r')
  let carry = Buffer.alloc(0)
  let lineNo = 0
  const checkLine = (line: Buffer) => {
    lineNo++
    if (line.length === 0) return
    const digest = hash('sha1', line)
    seen.add(digest)
    if (known.has(digest)) return
    let value: unknown
    try {
      value = JSON.parse(line.toString('utf8'))
    } catch (error) {
      throw new SchemaError(shownAs, schema, [{ pointer: '/', message: `not valid JSON: ${(error as Error).message}` }], lineNo)
    }
    const issues = schemas.check(schema, value)
    if (issues.length) throw new SchemaError(shownAs, schema, issues, lineNo)
  }
  try {
    const chunk = Buffer.allocUnsafe(CHUNK)
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK, null)
      if (n === 0) break
      const data = chunk.subarray(0, n)
      whole.update(data)
      let start = 0
      for (let nl = data.indexOf(10); nl !== -1; nl = data.indexOf(10, start)) {
        checkLine(carry.length ? Buffer.concat([carry, data.subarray(start, nl)]) : data.subarray(start, nl))
        carry = Buffer.alloc(0)
        start = nl + 1
      }
      carry = Buffer.concat([carry, data.subarray(start)])
    }
    if (carry.length) checkLine(carry)
  } finally {
    closeSync(fd)
  }
  return whole.digest('hex')
}
