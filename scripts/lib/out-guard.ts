// An out dir that overlaps what the tool reads is the cheapest way to lose data: inside the data
// root the tool reads its own output back as input and grows on every run; over the repository
// or the config, `clean` would delete what it did not write. Refused before anything runs.
import { statSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { UsageError } from './errors.ts'

export interface Guarded {
  path: string
  /** Shown in the refusal: "the data root", "the repository's scripts/". */
  what: string
  /**
   * `inside`: the out dir may sit inside it (the config's folder holds the default out/), but
   * must not be it or contain it. Default: any overlap is refused.
   */
  allow?: 'inside'
}

const within = (child: string, parent: string): boolean => {
  const rel = relative(parent, child)
  return !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
}

/** Throws a UsageError (exit 2) naming the flag, both paths and how they overlap. */
export function checkOutDir(outDir: string, guarded: Guarded[]): void {
  const out = resolve(outDir)
  const st = statSync(out, { throwIfNoEntry: false })
  if (st && !st.isDirectory()) throw new UsageError(`--out ${outDir}: is a file, not a directory`)
  for (const { path, what, allow } of guarded) {
    const other = resolve(path)
    const how =
      out === other ? 'is' : within(other, out) ? 'contains' : within(out, other) && allow !== 'inside' ? 'is inside' : undefined
    if (how) throw new UsageError(`--out ${outDir}: the out dir ${how} ${what} (${other}); choose a folder outside it`)
  }
}

/** The repository's own folders: an out dir over any of them would let `clean` or a stage touch source. */
const SOURCE_FOLDERS = ['scripts', 'schemas', 'templates', 'test', 'data', 'docs', 'node_modules', '.git']

/**
 * What this repository's out dir must stay clear of: the data root, the config's folder and the
 * repository root (both may hold the out dir: the default `out/` sits there, but the out dir may
 * not be them or contain them), and the repository's source folders (no overlap at all).
 */
export function projectGuards(o: { root: string; dataDir: string; configDir: string }): Guarded[] {
  return [
    { path: o.dataDir, what: 'the data root' },
    { path: o.configDir, what: "the config's folder", allow: 'inside' },
    { path: o.root, what: 'the repository', allow: 'inside' },
    ...SOURCE_FOLDERS.map((name) => ({ path: `${o.root}/${name}`, what: `the repository's ${name}/` })),
  ]
}
