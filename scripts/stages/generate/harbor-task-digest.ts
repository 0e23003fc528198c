// The `digest` of a task in dataset.toml: Harbor's packager's (lib/harbor-digest.ts), computed
// from what generate already knows instead of reading the task dir back. The project's files
// come from the scan's hashes; a symlink counts as the file it points to (its target was resolved
// inside the project when the tree was scanned) and a symlink to a directory not at all, as
// Harbor's walk does. The rendered files (task.toml, tests/, solution/, the Dockerfile) count
// with the hashes of what was written, and the packer's ignore rules (caches, editor droppings)
// are applied by harborDigest.
import { posix } from 'node:path'
import { harborDigest } from '../../lib/harbor-digest.ts'
import { PROJECT_PREFIX, type ProjectTree } from './project.ts'
import type { ManifestEntry } from './generate-types.ts'

/** The hash Harbor reads for a project path: a file's own, a file symlink's target's; else none. */
function packedHash(tree: ProjectTree, rel: string): string | undefined {
  const entry = tree.files.get(rel)
  if (entry?.kind === 'file') return entry.sha256
  if (entry?.kind !== 'symlink' || entry.target === undefined) return undefined
  // The target is relative to the link's folder and fully resolved, so no further link is on it.
  const target = posix.normalize(posix.join(posix.dirname(rel), entry.target))
  const pointed = tree.files.get(target)
  return pointed?.kind === 'file' ? pointed.sha256 : undefined
}

/** Harbor's digest of a task dir: its rendered files (path, sha256 of what was written), and
 *  `tree` placed under environment/project/. */
export function harborTaskDigest(rendered: Iterable<readonly [string, string]>, tree: ProjectTree): string {
  const records: (readonly [string, string])[] = [...rendered]
  for (const rel of tree.files.keys()) {
    const hash = packedHash(tree, rel)
    if (hash !== undefined) records.push([`${PROJECT_PREFIX}${rel}`, hash])
  }
  return harborDigest(records)
}

/**
 * An item's facts: its manifest entry, the digest dataset.toml lists for it, and, when every
 * project file was placed as a copy (tasks.link copy), the project's digest: a later build on the
 * same project bytes may hard-link those copies instead of copying the data again.
 */
export type TaskFacts = ManifestEntry & { harbor_digest?: string; project_copies?: string }

/** The manifest keeps to its contract; Harbor's digest lives in dataset.toml only. */
export const manifestEntry = ({ input_hash, output_hash, language, project_id }: TaskFacts): ManifestEntry => ({ input_hash, output_hash, language, project_id })
