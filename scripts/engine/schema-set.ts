// JSON Schema checking for artifacts, over schema folders the Taskfile names. Schemas compile on
// first use (a no-op run validates nothing, so it pays nothing) and errors read
// `file: /json/pointer: message`. Two ajv instances per set: artifacts are only checked, while a
// config may also get its defaults filled in (a third-party schema may carry defaults we must not
// insert into an artifact).
import { hash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { basename, isAbsolute, join } from 'node:path'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import { ExitError } from './exit-error.ts'

// Checking each schema against the 2020-12 meta-schema costs ~150 ms per process; a project test
// does it once for every schema instead.
const OPTIONS = { allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false }

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
  readonly #checker = new Ajv2020(OPTIONS)
  readonly #defaulter = new Ajv2020({ ...OPTIONS, useDefaults: true })
  readonly #registered = new WeakSet<Ajv2020>()
  readonly #compiled = new Map<string, ValidateFunction>()
  readonly #documents = new Map<string, Record<string, unknown>>()
  #fingerprint: string | undefined

  constructor(dirs: readonly string[]) {
    this.dirs = dirs
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
      const ajv = withDefaults ? this.#defaulter : this.#checker
      this.#registerAll(ajv)
      const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id?: string }
      validate = (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema)
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
      this.compile(name)
      const part = this.#checker.getSchema(`${id}#${pointer}`)
      if (!part) throw new Error(`${name} has no schema at ${pointer}`)
      this.#compiled.set(key, (validate = part))
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
    this.#fingerprint ??= hash('sha256', this.#files().map((f) => `${f}:${hash('sha256', readFileSync(f))}`).join('\n'))
    return this.#fingerprint
  }

  #files(): string[] {
    return this.dirs.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).sort().map((f) => join(d, f)))
  }

  // Adding is cheap: ajv compiles a schema only when it is first used.
  #registerAll(ajv: Ajv2020): void {
    if (this.#registered.has(ajv)) return
    this.#registered.add(ajv)
    for (const file of this.#files()) {
      if (!file.endsWith('.schema.json')) continue
      const schema = JSON.parse(readFileSync(file, 'utf8')) as { $id?: string }
      if (schema.$id) ajv.addSchema(schema)
    }
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
