// Schema checks of staged artifacts. A file is read once: the same pass hashes it for the record.
// JSONL lines already proven valid under the same schemas are skipped by their digest, so a rerun
// that changed one record of 8,000 parses and checks one line, not 116 MB.
import { createHash, hash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { writeFileAtomic } from '../lib/fsx.ts'
import { SchemaError, schemaIssues, type SchemaSet } from './schema-set.ts'

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

/** A .json artifact at least this big is checked in pieces when its schema allows (see below). */
const STREAM_JSON_BYTES = 8 << 20

/** Validates a staged artifact and returns the sha256 of its bytes. */
export function validateFile(schemas: SchemaSet, path: string, schema: string, shownAs: string, lines?: LineCache, streamFrom = STREAM_JSON_BYTES): string {
  if (path.endsWith('.jsonl')) return validateJsonl(schemas, path, schema, shownAs, lines)
  if (path.endsWith('.json') && statSync(path).size >= streamFrom) {
    const arrays = streamableArrays(schemas, schema)
    if (arrays.size) return validateJsonInPieces(schemas, path, schema, shownAs, arrays)
  }
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

// ---- large JSON documents, checked one array item at a time ----------------------------------
// selected_tasks.json with top_n 8,000 is 110 MB: JSON.parse of it in one piece took select to
// 700 MB. When the schema is a plain object schema whose big arrays constrain nothing but their
// items, the document is read in chunks: each item of such an array is parsed and checked against
// the array's `items` alone, and the rest of the document (those arrays left empty) is parsed and
// checked against the whole schema. Every byte still goes through JSON.parse, so what passes is
// exactly what a parse in one piece would accept.

const ROOT_KEYWORDS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'type', 'additionalProperties', 'required', 'properties', '$defs', 'definitions'])
const ARRAY_KEYWORDS = new Set(['$comment', 'title', 'description', 'type', 'items'])
const PLAIN_KEY = /^[A-Za-z0-9_-]+$/

/** Top-level properties that are arrays checked only item by item, or none when the schema does more. */
export function streamableArrays(schemas: SchemaSet, schema: string): Set<string> {
  const doc = schemas.document(schema)
  const keys = new Set<string>()
  if (typeof doc.$id !== 'string' || doc.type !== 'object' || !Object.keys(doc).every((k) => ROOT_KEYWORDS.has(k))) return keys
  if (doc.additionalProperties !== undefined && typeof doc.additionalProperties !== 'boolean') return keys
  for (const [key, part] of Object.entries((doc.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    if (!PLAIN_KEY.test(key) || typeof part !== 'object' || part === null || part.type !== 'array' || part.items === undefined) continue
    if (Object.keys(part).every((k) => ARRAY_KEYWORDS.has(k))) keys.add(key)
  }
  return keys
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COLON = 0x3a
const COMMA = 0x2c

function validateJsonInPieces(schemas: SchemaSet, path: string, schema: string, shownAs: string, arrays: Set<string>): string {
  const whole = createHash('sha256')
  const doesNotParse = (message: string, where = '/') => new SchemaError(shownAs, schema, [{ pointer: where, message: `does not parse: ${message}` }])
  const head: Buffer[] = []
  let depth = 0
  let inString = false
  let escaped = false
  // At depth 1: the last string (a key once a colon follows) and the key whose value comes next.
  let stringParts: Buffer[] | undefined
  let stringFrom = -1
  let lastString: string | undefined
  let valueOf: string | undefined
  // Inside an array being checked item by item: its key, the item's bytes so far, the item index.
  let streaming: string | undefined
  let item: Buffer[] = []
  let itemFrom = 0
  let index = 0
  let copyFrom = 0

  const finishItem = (closing: boolean): void => {
    const text = Buffer.concat(item).toString('utf8')
    item = []
    if (closing && index === 0 && text.trim() === '') return
    const where = `/${streaming}/${index}`
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      throw doesNotParse((error as Error).message, where)
    }
    const validate = schemas.compilePart(schema, `/properties/${streaming}/items`)
    if (!validate(value)) throw new SchemaError(shownAs, schema, schemaIssues(validate.errors).map((i) => ({ ...i, pointer: i.pointer === '/' ? where : where + i.pointer })))
    index++
  }

  const fd = openSync(path, 'r')
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK)
      const n = readSync(fd, chunk, 0, CHUNK, null)
      if (n === 0) break
      const data = chunk.subarray(0, n)
      whole.update(data)
      copyFrom = 0
      itemFrom = 0
      if (stringParts) stringFrom = 0
      for (let i = 0; i < n; i++) {
        const c = data[i]
        if (inString) {
          if (escaped) escaped = false
          else if (c === BACKSLASH) escaped = true
          else if (c === QUOTE) {
            inString = false
            if (stringParts) {
              stringParts.push(data.subarray(stringFrom, i))
              const raw = Buffer.concat(stringParts)
              stringParts = undefined
              try {
                lastString = raw.length <= 1024 ? (JSON.parse(`"${raw.toString('utf8')}"`) as string) : undefined
              } catch {
                lastString = undefined // the head's own parse reports it
              }
            }
          }
          continue
        }
        if (c === QUOTE) {
          inString = true
          if (depth === 1 && !streaming) {
            stringParts = []
            stringFrom = i + 1
          }
          valueOf = undefined
        } else if (c === 0x7b || c === 0x5b) {
          // { or [
          if (depth === 1 && c === 0x5b && valueOf !== undefined && arrays.has(valueOf) && !streaming) {
            streaming = valueOf
            head.push(Buffer.from(data.subarray(copyFrom, i + 1)))
            itemFrom = i + 1
            index = 0
          }
          valueOf = undefined
          depth++
        } else if (c === 0x7d || c === 0x5d) {
          // } or ]
          depth--
          if (streaming && depth === 1) {
            if (c !== 0x5d) throw doesNotParse(`unexpected '}' closing /${streaming}`, `/${streaming}`)
            item.push(data.subarray(itemFrom, i))
            finishItem(true)
            streaming = undefined
            copyFrom = i
          }
          valueOf = undefined
        } else if (c === COMMA) {
          if (streaming && depth === 2) {
            item.push(data.subarray(itemFrom, i))
            finishItem(false)
            itemFrom = i + 1
          }
          valueOf = undefined
        } else if (c === COLON) {
          if (depth === 1) valueOf = lastString
          lastString = undefined
        } else if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) valueOf = undefined
      }
      if (stringParts) stringParts.push(Buffer.from(data.subarray(stringFrom)))
      if (streaming) item.push(Buffer.from(data.subarray(itemFrom)))
      else head.push(Buffer.from(data.subarray(copyFrom)))
    }
  } finally {
    closeSync(fd)
  }
  if (streaming) throw doesNotParse(`the document ends inside /${streaming}`, `/${streaming}`)
  let value: unknown
  try {
    value = JSON.parse(Buffer.concat(head).toString('utf8'))
  } catch (error) {
    throw doesNotParse((error as Error).message)
  }
  const issues = schemas.check(schema, value)
  if (issues.length) throw new SchemaError(shownAs, schema, issues)
  return whole.digest('hex')
}
