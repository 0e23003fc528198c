// After `clean` removes a stage's files, the folders that held only them are left empty
// (out/report/, out/registry/): remove those too, walking up from each removed path. A folder
// still holding anything (a file the engine did not write, another stage's output) stays, and
// nothing at or above the out dir is touched.
import { readdirSync, rmdirSync } from 'node:fs'
import { dirname, relative, isAbsolute, sep } from 'node:path'

const strictlyInside = (path: string, root: string): boolean => {
  const rel = relative(root, path)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}

export function pruneEmptyParents(paths: Iterable<string>, outDir: string): void {
  const seen = new Set<string>()
  for (const path of paths) {
    for (let dir = dirname(path); strictlyInside(dir, outDir) && !seen.has(dir); dir = dirname(dir)) {
      seen.add(dir)
      let names: string[]
      try {
        names = readdirSync(dir)
      } catch {
        continue // already gone (its parent may still be empty)
      }
      if (names.length) break
      rmdirSync(dir)
    }
  }
}
