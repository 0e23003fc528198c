// A task whose inputs did not change is kept only if its directory still holds what was built:
// its digest is recomputed and compared with the manifest's output_hash. Project files that are
// still hard links to the data (same device and inode) take the hash already computed for the
// data, and a file linked into many tasks (verify.py, the scripts) is read once per run; the rest
// is read. So an edited or deleted file is rebuilt, at the cost of a walk plus the small files per
// task (and a full read where the project was copied).
import { lstatSync, readdirSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { sha256, sha256File } from '../../lib/hash.ts'
import { taskDigest } from './manifest.ts'
import { PROJECT_PREFIX, type ProjectTree } from './project.ts'

/** Hashes of files with several links (verify.py, scripts, Dockerfiles shared across tasks), by inode. */
export type InodeHashes = Map<string, string>

export function currentDigest(taskDir: string, tree: ProjectTree, shared: InodeHashes = new Map()): string {
  const records: [string, string][] = []
  const walk = (dir: string, rel: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name)
      const path = rel ? `${rel}/${name}` : name
      const st = lstatSync(abs)
      if (st.isDirectory()) walk(abs, path)
      else if (st.isSymbolicLink()) records.push([path, sha256(`symlink:${readlinkSync(abs)}`)])
      else if (st.isFile()) {
        const source = path.startsWith(PROJECT_PREFIX) ? tree.files.get(path.slice(PROJECT_PREFIX.length)) : undefined
        const linked = source && source.kind === 'file' && source.ino === st.ino && source.dev === st.dev
        if (linked) records.push([path, source.sha256])
        else if (st.nlink > 1) {
          const key = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`
          let hash = shared.get(key)
          if (!hash) shared.set(key, (hash = sha256File(abs)))
          records.push([path, hash])
        } else records.push([path, sha256File(abs)])
      } else records.push([path, 'special'])
    }
  }
  walk(taskDir, '')
  return taskDigest(records)
}
