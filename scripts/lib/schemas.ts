// The project's schemas (schemas/ and schemas/config/) as one set, shared with the engine, which
// validates staged artifacts against the same compiled schemas.
import { join } from 'node:path'
import { schemaSet, SchemaError, schemaIssues, type SchemaIssue } from '../engine/schema-set.ts'
import { ConfigError } from './errors.ts'

export const SCHEMA_DIR = join(import.meta.dirname, '..', '..', 'schemas')
/** The folders the Taskfile hands the engine. */
export const SCHEMA_DIRS = [SCHEMA_DIR, join(SCHEMA_DIR, 'config')]

const schemas = schemaSet(SCHEMA_DIRS)

export { SchemaError, schemaIssues, type SchemaIssue }
export const schemaPath = (name: string): string => schemas.path(name)
/** `withDefaults` fills in schema defaults while validating (used for the config only). */
export const compileSchema = (name: string, withDefaults = false) => schemas.compile(name, withDefaults)
/** Validates a value; returns its issues (empty when valid). */
export const check = (name: string, value: unknown): SchemaIssue[] => schemas.check(name, value)
export const assertValid = (name: string, value: unknown, file: string, line?: number): void => schemas.assertValid(name, value, file, line)

/** `/weights/context` → `weights.context`: how users name keys. */
export const keyPath = (pointer: string): string =>
  pointer.slice(1).split('/').map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~')).join('.')

/**
 * A partial config section (from a test or a CLI) completed by the same schema the config loader
 * uses, so defaults live in the schema only; a bad key is a ConfigError naming `section.key`.
 */
export function completeSection<T>(name: string, partial: unknown): T {
  const value = structuredClone(partial ?? {})
  const validate = compileSchema(`config/${name}.schema.json`, true)
  if (!validate(value)) {
    const issues = schemaIssues(validate.errors).map((i) => `${name}${i.pointer === '/' ? '' : `.${keyPath(i.pointer)}`}: ${i.message}`)
    throw new ConfigError(`invalid ${name} config: ${issues.join('; ')}`)
  }
  return value as T
}
