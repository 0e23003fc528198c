// The `digest` of a task in dataset.toml: Harbor's packager's (lib/harbor-digest.ts), computed
// from what generate already knows instead of reading the task dir back. The project's files
// come from the scan's hashes; a symlink counts as the file it points to (its target was resolved
// inside the project when the tree was scanned) and a symlink to a directory not at all, as
// Harbor's walk does. Only the few rendered files (task.toml, tests/, solution/, the Dockerfile)
// are read, and the packer's ignore rules (caches, editor droppings) are applied by harborDigest.
import { lstatSync, readdirSync } from 'node:fs'
import { posix } from 'node:path'
import { harborDigest } from '../../lib/harbor-digest.ts'
import { sha256File } from '../../lib/hash.ts'
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

/** Harbor's digest of the task dir `dir`, whose project part is `tree` placed under environment/project/. */
export function harborTaskDigest(dir: string, tree: ProjectTree): string {
  const records: [string, string][] = []
  const project = PROJECT_PREFIX.slice(0, -1)
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs)) {
      const path = rel ? `${rel}/${name}` : name
      if (path === project) continue
      const st = lstatSync(`${abs}/${name}`)
      if (st.isDirectory()) walk(`${abs}/${name}`, path)
      else if (st.isFile()) records.push([path, sha256File(`${abs}/${name}`)])
    }
  }
  walk(dir, '')
  for (const rel of tree.files.keys()) {
    const hash = packedHash(tree, rel)
    if (hash !== undefined) records.push([`${PROJECT_PREFIX}${rel}`, hash])
  }
  return harborDigest(records)
}

/** An item's facts: its manifest entry, and the digest dataset.toml lists for it. */
export type TaskFacts = ManifestEntry & { harbor_digest?: string }

/** The manifest keeps to its contract; Harbor's digest lives in dataset.toml only. */
export const manifestEntry = ({ input_hash, output_hash, language, project_id }: TaskFacts): ManifestEntry => ({ input_hash, output_hash, language, project_id })
