// out/tasks/manifest.json: the task directories generate wrote, each with its input hash, output
// hash (Harbor's task digest) and language, and the generator version. Written by generate, read
// by smoke and by anyone listing the tasks; the engine's item records, not this file, decide what
// generate rebuilds. Schema: schemas/tasks-manifest.schema.json.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sortKeys } from '../lib/hash.ts'
import { ExitError } from '../lib/errors.ts'
import { toJson } from '../lib/fsx.ts'
import { check } from '../lib/schemas.ts'

export const TASKS_MANIFEST_FILE = 'manifest.json'
export const TASKS_MANIFEST_SCHEMA = 'tasks-manifest.schema.json'

export interface ManifestEntry {
  input_hash: string
  output_hash: string
  language: string
  /** The task's project: calibrate picks each task's peers from the manifest, without its dir. */
  project_id: string
}

export interface TasksManifest {
  generator_version: string
  tasks: Record<string, ManifestEntry>
}

/** A manifest that is missing, not JSON or not the contract: names the file and the pointer. */
export class TasksManifestError extends ExitError {}

const NON_BMP_OR_HIGH = /[\ud800-\uffff]/

/** Code point order (= UTF-8 byte order, = Python's str order), not UTF-16 unit order. */
export function compareCodePoints(a: string, b: string): number {
  if (!NON_BMP_OR_HIGH.test(a) && !NON_BMP_OR_HIGH.test(b)) return a < b ? -1 : a > b ? 1 : 0
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** The file's bytes: keys sorted (tasks in code point order), checked against the schema. */
export function tasksManifestJson(generatorVersion: string, tasks: Map<string, ManifestEntry>): string {
  const sorted = [...tasks].sort((a, b) => compareCodePoints(a[0], b[0]))
  const manifest: TasksManifest = { generator_version: generatorVersion, tasks: Object.fromEntries(sorted) }
  const issues = check(TASKS_MANIFEST_SCHEMA, manifest)
  if (issues.length) {
    const shown = issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')
    throw new TasksManifestError(`${TASKS_MANIFEST_FILE} would not match ${TASKS_MANIFEST_SCHEMA}: ${shown}`)
  }
  return toJson(sortKeys(manifest))
}

export function readTasksManifest(tasksDir: string): TasksManifest {
  const file = join(tasksDir, TASKS_MANIFEST_FILE)
  if (!existsSync(file)) throw new TasksManifestError(`${file}: not found (run the generate stage first)`)
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new TasksManifestError(`${file}: not valid JSON: ${(error as Error).message}`)
  }
  const issues = check(TASKS_MANIFEST_SCHEMA, value)
  if (issues.length) {
    const shown = issues.slice(0, 5).map((i) => `${file}: ${i.pointer}: ${i.message}`)
    throw new TasksManifestError(`${file} does not match ${TASKS_MANIFEST_SCHEMA}:\n  ${shown.join('\n  ')}`)
  }
  return value as TasksManifest
}
