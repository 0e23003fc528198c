// The schema validator (ajv) loads on first need: a warm run that parses no file and reads no
// changed project_metadata.json never pays its start-up time or memory.
import type { SchemaIssue } from '../../lib/schemas.ts'

export type Check = (schema: string, value: unknown) => SchemaIssue[]

let loaded: Check | undefined

export async function loadValidator(): Promise<Check> {
  loaded ??= (await import('../../lib/schemas.ts')).check
  return loaded
}

/** The validator if it is loaded already. */
export const loadedValidator = (): Check | undefined => loaded
