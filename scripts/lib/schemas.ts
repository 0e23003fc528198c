// Schemas compile on first use (a no-op run validates nothing, so it pays nothing) and errors read
// `file: /json/pointer: message`. Two ajv instances: artifacts are only checked, while the config
// also gets its defaults filled in (Harbor's schema carries defaults we must not insert).
import { readdirSync, readFileSync } from 'node:fs'
import { basename, isAbsolute, join } from 'node:path'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'

export const SCHEMA_DIR = join(import.meta.dirname, '..', '..', 'schemas')

// Checking each schema against the 2020-12 meta-schema costs ~150 ms per process; a test does it
// once for every schema in schemas/ instead (test/schemas.test.ts).
const options = { allErrors: true, strict: true, allowUnionTypes: true, validateSchema: false }
const checker = new Ajv2020(options)
const defaulter = new Ajv2020({ ...options, useDefaults: true })
const compiled = new Map<string, ValidateFunction>()

export const schemaPath = (name: string): string => (isAbsolute(name) ? name : join(SCHEMA_DIR, name))

/** `withDefaults` fills in schema defaults while validating (used for the config only). */
export function compileSchema(name: string, withDefaults = false): ValidateFunction {
  const path = schemaPath(name)
  const key = `${withDefaults ? 'd' : 'c'}:${path}`
  let validate = compiled.get(key)
  if (!validate) {
    const ajv = withDefaults ? defaulter : checker
    registerAll(ajv)
    const schema = JSON.parse(readFileSync(path, 'utf8')) as { $id?: string }
    validate = (schema.$id && ajv.getSchema(schema.$id)) || ajv.compile(schema)
    compiled.set(key, validate)
  }
  return validate
}

// Schemas $ref each other by $id (selected-tasks reuses dataset-record's properties, the config
// its sections), so every schema in schemas/ is registered before the first compile. Adding is
// cheap: ajv compiles a schema only when it is first used.
const registered = new WeakSet<Ajv2020>()
function registerAll(ajv: Ajv2020): void {
  if (registered.has(ajv)) return
  registered.add(ajv)
  for (const dir of [SCHEMA_DIR, join(SCHEMA_DIR, 'config')]) {
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.schema.json')) continue
      const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { $id?: string }
      if (schema.$id) ajv.addSchema(schema)
    }
  }
}

export interface SchemaIssue {
  pointer: string
  message: string
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

/** Validates a value; returns its issues (empty when valid). */
export function check(name: string, value: unknown): SchemaIssue[] {
  const validate = compileSchema(name)
  return validate(value) ? [] : schemaIssues(validate.errors)
}

export class SchemaError extends Error {
  readonly exitCode = 1
  readonly file: string
  readonly issues: SchemaIssue[]
  constructor(file: string, schema: string, issues: SchemaIssue[], line?: number) {
    const where = line === undefined ? file : `${file}:${line}`
    const shown = issues.slice(0, 10).map((i) => `  ${where}: ${i.pointer}: ${i.message}`)
    if (issues.length > 10) shown.push(`  … and ${issues.length - 10} more`)
    super(`${where} does not match ${basename(schemaPath(schema))}:\n${shown.join('\n')}`)
    this.name = 'SchemaError'
    this.file = file
    this.issues = issues
  }
}

export function assertValid(name: string, value: unknown, file: string, line?: number): void {
  const issues = check(name, value)
  if (issues.length) throw new SchemaError(file, name, issues, line)
}
