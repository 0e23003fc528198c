// JSON Schema checking for artifacts, over schema folders the Taskfile names. Schemas compile on
// first use (a no-op run validates nothing, so it pays nothing) and errors read
// `file: /json/pointer: message`. Two ajv instances per set: artifacts are only checked, while a
// config may also get its defaults filled in (a third-party schema may carry defaults we must not
// insert into an artifact).
// A compiled validator is also kept on disk as ajv's standalone code, under a name made of
// everything that decides it (ajv's version and options, the content of every schema of the set
// and of the one compiled): compiling was ~170 ms of every run that validates, loading the code
// takes a few ms, and ajv itself is then not even loaded.
import { hash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { basename, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { writeFileAtomic } from '../lib/fsx.ts'
import { ExitError } from './exit-error.ts'

// Checking each schema against the 2020-12 meta-schema costs ~150 ms per process; a project test
// does it once for every schema instead.
const OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false, code: { source: true } }

const require = createRequire(import.meta.url)
// Beside the project's packages, so the code's own `require("ajv/dist/runtime/…")` resolves.
export const SCHEMA_CODE_DIR = fileURLToPath(new URL('../../node_modules/.cache/locobench-schemas/', import.meta.url))

interface AjvLib {
  Ajv2020: typeof Ajv2020
  standaloneCode: (ajv: Ajv2020, validate: ValidateFunction) => string
}
let lib: AjvLib | undefined
const ajvLib = (): AjvLib =>
  (lib ??= {
    Ajv2020: (require('ajv/dist/2020.js') as { Ajv2020: typeof Ajv2020 }).Ajv2020,
    standaloneCode: (require('ajv/dist/standalone/index.js') as { default: AjvLib['standaloneCode'] }).default,
  })
let version: string | undefined
const ajvVersion = (): string => (version ??= (JSON.parse(readFileSync(require.resolve('ajv/package.json'), 'utf8')) as { version: string }).version)

export interface SchemaIssue {
  pointer: string
  message: string
}

export class SchemaError extends ExitError {
  readonly file: string
  readonly issues: SchemaIssue[]
  constructor(file: string, schema: string, issues: SchemaIssue[], line?: number) {
    const where = line === undefined ? file : `${file}:${line}`
    const shown = issues.slice(0, 10).map((i) => `  ${where}: ${i.pointer}: ${i.message}`)
    if (issues.length > 10) shown.push(`  … and ${issues.length - 10} more`)
    super(`${where} does not match ${basename(schema)}:\n${shown.join('\n')}`)
    this.file = file
    this.issues = issues
  }
}

export function schemaIssues(errors: ErrorObject[] | null | undefined): SchemaIssue[] {
  return (errors ?? []).map((e) => {
    let pointer = e.instancePath || ''
    let message = e.message ?? 'is invalid'
    if (e.keyword === 'required') pointer += `/${(e.params as { missingProperty: string }).missingProperty}`, message = 'is required'
    if (e.keyword === 'additionalProperties') pointer += `/${(e.params as { additionalProperty: string }).additionalProperty}`, message = 'is not allowed here'
    if (e.keyword === 'enum') message += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
    return { pointer: pointer || '/', message }
  })
}

/**
 * Every `*.schema.json` of some folders, registered by `$id` so they can `$ref` each other. Names
 * that are not absolute resolve against the first folder.
 */
export class SchemaSet {
  readonly dirs: readonly string[]
  #checker: Ajv2020 | undefined
  #defaulter: Ajv2020 | undefined
  readonly #compiled = new Map<string, ValidateFunction>()
  readonly #documents = new Map<string, Record<string, unknown>>()
  #fingerprint: string | undefined
  #contentKey: string | undefined
  readonly #hashes = new Map<string, string>()
  readonly #codeDir: string

  /** codeDir: where compiled validators are kept (under a node_modules, for their requires). */
  constructor(dirs: readonly string[], codeDir = SCHEMA_CODE_DIR) {
    this.dirs = dirs
    this.#codeDir = codeDir
  }

  path(name: string): string {
    return isAbsolute(name) || this.dirs.length === 0 ? name : join(this.dirs[0], name)
  }

  /** `withDefaults` fills in schema defaults while validating (for a config, never an artifact). */
  compile(name: string, withDefaults = false): ValidateFunction {
    const path = this.path(name)
    const key = `${withDefaults ? 'd' : 'c'}:${path}`
    let validate = this.#compiled.get(key)
    if (!validate) {
      validate = this.#stored(`${withDefaults ? 'd' : 'c'}\n${basename(path)}\n${this.#hashOf(path)}`, () => {
        const ajv = this.#ajv(withDefaults)
        const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id?: string }
        return [ajv, (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema)]
      })
      this.#compiled.set(key, validate)
    }
    return validate
  }

  /** The schema file as written (parsed), for callers that look at its shape. */
  document(name: string): Record<string, unknown> {
    const path = this.path(name)
    let doc = this.#documents.get(path)
    if (!doc) this.#documents.set(path, (doc = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>))
    return doc
  }

  /** A validator for a part of a schema named by its `$id` and a JSON pointer (`/properties/x/items`). */
  compilePart(name: string, pointer: string): ValidateFunction {
    const id = this.document(name).$id
    if (typeof id !== 'string') throw new Error(`${name} has no $id: its parts cannot be compiled alone`)
    const key = `p:${id}#${pointer}`
    let validate = this.#compiled.get(key)
    if (!validate) {
      const path = this.path(name)
      validate = this.#stored(`p\n${basename(path)}\n${pointer}\n${this.#hashOf(path)}`, () => {
        const ajv = this.#ajv(false)
        const part = ajv.getSchema(`${id}#${pointer}`)
        if (!part) throw new Error(`${name} has no schema at ${pointer}`)
        return [ajv, part]
      })
      this.#compiled.set(key, validate)
    }
    return validate
  }

  /** Validates a value; returns its issues (empty when valid). */
  check(name: string, value: unknown): SchemaIssue[] {
    const validate = this.compile(name)
    return validate(value) ? [] : schemaIssues(validate.errors)
  }

  assertValid(name: string, value: unknown, file: string, line?: number): void {
    const issues = this.check(name, value)
    if (issues.length) throw new SchemaError(file, this.path(name), issues, line)
  }

  /** sha256 over every schema file of the set: schemas $ref each other, so any change counts. */
  fingerprint(): string {
    this.#fingerprint ??= hash('sha256', this.#files().map((f) => `${f}:${this.#hashOf(f)}`).join('\n'))
    return this.#fingerprint
  }

  // One read per schema file and process, whether for the fingerprint, the code key or a compile.
  #hashOf(file: string): string {
    let h = this.#hashes.get(file)
    if (h === undefined) this.#hashes.set(file, (h = hash('sha256', readFileSync(file))))
    return h
  }

  #files(): string[] {
    return this.dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f)))
  }

  /** The validator stored under this set and `what`, else compiled and stored (a cache that cannot
   *  be read or written only costs the compile). */
  #stored(what: string, compile: () => [Ajv2020, ValidateFunction]): ValidateFunction {
    const file = join(this.#codeDir, `${hash('sha256', `${this.#key()}\n${what}`)}.cjs`)
    try {
      const stored = require(file) as ValidateFunction
      if (typeof stored === 'function') return stored
    } catch {
      // not stored yet, or unreadable: compiled below
    }
    const [ajv, validate] = compile()
    try {
      writeFileAtomic(file, ajvLib().standaloneCode(ajv, validate))
    } catch {
      // a read-only install still validates
    }
    return validate
  }

  /** Everything besides the schema compiled that decides its code: ajv, its options, every schema
   *  of the set by content (not by path: a copy of the set shares its code). */
  #key(): string {
    this.#contentKey ??= hash('sha256', JSON.stringify([
      ajvVersion(), OPTIONS,
      this.#files().filter((f) => f.endsWith('.schema.json')).map((f) => `${basename(f)}:${this.#hashOf(f)}`),
    ]))
    return this.#contentKey
  }

  #ajv(withDefaults: boolean): Ajv2020 {
    const { Ajv2020 } = ajvLib()
    if (withDefaults) return (this.#defaulter ??= this.#registerAll(new Ajv2020({ ...OPTIONS, useDefaults: true })))
    return (this.#checker ??= this.#registerAll(new Ajv2020(OPTIONS)))
  }

  // Adding is cheap: ajv compiles a schema only when it is first used.
  #registerAll(ajv: Ajv2020): Ajv2020 {
    for (const file of this.#files()) {
      if (!file.endsWith('.schema.json')) continue
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string }
      if (schema.$id) ajv.addSchema(schema)
    }
    return ajv
  }
}

const sets = new Map<string, SchemaSet>()

/** One set per list of folders and process, so the engine and the stages share compiled schemas. */
export function schemaSet(dirs: readonly string[]): SchemaSet {
  const key = dirs.join('\0')
  let set = sets.get(key)
  if (!set) sets.set(key, (set = new SchemaSet(dirs)))
  return set
}
