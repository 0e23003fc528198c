// An out dir that overlaps what a stage reads turns the graph on itself: the stage reads its own
// outputs back as inputs and grows on every run, and `clean` may delete what it never wrote.
// Checked from the stages' declarations alone (no project knowledge), before anything runs.
import { statSync } from 'node:fs'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { UsageError } from './exit-error.ts'
import type { Stage } from './types.ts'

const GLOB = /[*?[\]{}]/

/** The directory part of an input before its first glob segment: what a glob can ever match. */
export function globBase(spec: string): string {
  const parts = spec.split('/')
  const at = parts.findIndex((part) => GLOB.test(part))
  return at === -1 ? spec : parts.slice(0, at).join('/') || '/'
}

const within = (child: string, parent: string): boolean => {
  const rel = relative(parent, child)
  return rel === '' || !(rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel))
}

/**
 * Throws a UsageError (exit 2) when the out dir names a file, or is or sits inside a stage's
 * declared input (a directory or a glob's base): every output, and the engine's own records,
 * would then be read back as input. Inputs inside the out dir are the graph's own artifacts
 * (dataset.jsonl read by the next stage, charts beside the reports) and are fine there; a
 * project that must also keep the out dir from holding its inputs says so in its settings.
 */
export function checkOutOverlap(outDir: string, stages: Stage[]): void {
  const out = resolve(outDir)
  const st = statSync(out, { throwIfNoEntry: false })
  if (st && !st.isDirectory()) throw new UsageError(`--out ${outDir}: is a file, not a directory`)
  for (const stage of stages) {
    for (const spec of stage.inputs) {
      const base = resolve(globBase(spec))
      const how = out === base ? 'is' : within(out, base) ? 'is inside' : undefined
      if (how) throw new UsageError(`--out ${outDir}: the out dir ${how} ${base}, which stage ${stage.name} reads; choose a folder outside it`)
    }
  }
}
