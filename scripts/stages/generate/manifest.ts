// The task digest: each task's output_hash in tasks/manifest.json, over every file of the task dir
// (dataset.toml lists Harbor's own digest instead, which skips what Harbor does not pack:
// harbor-task-digest.ts). The manifest itself is a contract: contracts/tasks-manifest.ts.
import { sha256 } from '../../lib/hash.ts'
import { compareCodePoints } from '../../contracts/tasks-manifest.ts'

export { compareCodePoints, TASKS_MANIFEST_FILE as MANIFEST_FILE, tasksManifestJson as manifestJson } from '../../contracts/tasks-manifest.ts'

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
