// out/tasks/manifest.json (which task dirs generate owns and from which inputs) and the task
// digest used both as its output_hash and as the dataset.toml digest.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sha256, sortKeys } from '../../lib/hash.ts'
import { toJson } from '../../lib/fsx.ts'
import { check } from '../../lib/schemas.ts'
import { GenerateError } from './errors.ts'
import type { ManifestEntry, TasksManifest } from './types.ts'

export const MANIFEST_FILE = 'manifest.json'
const SCHEMA = 'tasks-manifest.schema.json'

const NON_BMP_OR_HIGH = /[\ud800-\uffff]/

/** Code point order (= UTF-8 byte order, = Python's str order), not UTF-16 unit order. */
export function compareCodePoints(a: string, b: string): number {
  if (!NON_BMP_OR_HIGH.test(a) && !NON_BMP_OR_HIGH.test(b)) return a < b ? -1 : a > b ? 1 : 0
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/**
 * Harbor's task digest format: sha256 over `<relative path>\0<sha256 of the file>\n` for every
 * file of the task dir, sorted by path. (Symlinks in a project count with the hash of their
 * target text; Harbor's publisher may read through them, and `harbor sync` recomputes.)
 */
export function taskDigest(files: Iterable<readonly [string, string]>): string {
  const records = [...files].sort((x, y) => compareCodePoints(x[0], y[0]))
  return sha256(records.map(([path, hash]) => `${path}\0${hash}\n`).join(''))
}

/**
 * The same digest, with the project's records already sorted and joined once per project
 * (`block`, every path under `prefix`); no rendered file lives under that prefix.
 */
export function taskDigestWithBlock(files: Iterable<readonly [string, string]>, prefix: string, block: string): string {
  const records = [...files].sort((x, y) => compareCodePoints(x[0], y[0]))
  const at = records.findIndex(([path]) => compareCodePoints(path, prefix) > 0)
  const lines = records.map(([path, hash]) => `${path}\0${hash}\n`)
  lines.splice(at === -1 ? lines.length : at, 0, block)
  return sha256(lines.join(''))
}

export type PreviousManifest = { manifest: TasksManifest } | { manifest: undefined; problem?: string }

export function readManifest(tasksDir: string): PreviousManifest {
  const path = join(tasksDir, MANIFEST_FILE)
  if (!existsSync(path)) return { manifest: undefined }
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    return { manifest: undefined, problem: `${path}: not valid JSON (${(error as Error).message})` }
  }
  const issues = check(SCHEMA, value)
  if (issues.length) return { manifest: undefined, problem: `${path}: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}` }
  return { manifest: value as TasksManifest }
}

export function manifestJson(generatorVersion: string, tasks: Map<string, ManifestEntry>): string {
  const manifest = { generator_version: generatorVersion, tasks: Object.fromEntries([...tasks].sort((a, b) => compareCodePoints(a[0], b[0]))) }
  const issues = check(SCHEMA, manifest)
  if (issues.length) throw new GenerateError(`manifest.json would not match ${SCHEMA}: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return toJson(sortKeys(manifest))
}
