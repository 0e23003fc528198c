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
