// tests/ground_truth.json: the scenario's ground truth with its paths named as the agent sees them
// (/app/project/...), its text rendering (the verifier's own, scripts/verifier/ground-truth-text.ts), the context files that exist in
// the copy, the criteria as given, and the verifier weights.
//
// Path rewriting (prose is otherwise left as written):
// - `<wrapper>//a//b` or `<wrapper>/a/b` → `/app/project/a/b` (the wrapper folder is not copied);
// - a path that names a project file exactly (`src//x.c`, `src/x.c`) → `/app/project/src/x.c`;
// - any other path-like run with `//` separators (several of them, or a file extension at the
//   end) → single `/`. URLs, `// comments` and `a//b` arithmetic stay as they are.
import { groundTruthText } from '../../verifier/ground-truth-text.ts'
import type { GroundTruthFile } from '../../verifier/verifier-types.ts'
import type { DatasetRecord, VerifierWeights } from './generate-types.ts'
import { RecentMap } from '../../lib/recent-map.ts'

export type { GroundTruthFile }

export const PROJECT_DIR = '/app/project'

export interface PathContext {
  wrapper: string | null
  /** Relative paths of the project's files (as copied). */
  files: ReadonlySet<string> | ReadonlyMap<string, unknown>
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const PATH_RUN = /(?<![\w.\-/])(?:[\w.\-]+\/{1,2})+[\w.\-]+/g

// Tasks are built project by project, so the last few patterns are all a run reuses; kept for
// every project, 1,000 compiled patterns held ~5 MB for the rest of an 8,000-task generate.
const wrapperPatterns = new RecentMap<string, RegExp>(8)

const wrapperPattern = (wrapper: string): RegExp =>
  wrapperPatterns.get(wrapper, () => new RegExp(`(?<![\\w.\\-/])${escapeRegExp(wrapper)}((?:\\/{1,2}[\\w.\\-]+)+)`, 'g'))

export function normalisePathsInText(text: string, ctx: PathContext): string {
  let out = text
  if (ctx.wrapper && out.includes(ctx.wrapper)) {
    out = out.replace(wrapperPattern(ctx.wrapper), (_m, rest: string) => PROJECT_DIR + rest.replace(/\/{2,}/g, '/'))
  }
  if (!out.includes('/')) return out
  return out.replace(PATH_RUN, (run) => {
    const trail = /\.+$/.exec(run)?.[0] ?? ''
    const core = run.slice(0, run.length - trail.length)
    const single = core.replace(/\/{2,}/g, '/')
    if (ctx.files.has(single)) return `${PROJECT_DIR}/${single}${trail}`
    if (!core.includes('//')) return run
    const separators = core.split('//').length - 1
    return separators >= 2 || /\.[A-Za-z0-9]+$/.test(core) ? single + trail : run
  })
}

/** Rewrites every string inside the ground truth (object keys stay as they are). */
export function normaliseGroundTruth(value: unknown, ctx: PathContext): unknown {
  if (typeof value === 'string') return normalisePathsInText(value, ctx)
  if (Array.isArray(value)) return value.map((v) => normaliseGroundTruth(v, ctx))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseGroundTruth(v, ctx)]))
  }
  return value
}

export interface GroundTruthBuild {
  file: GroundTruthFile
  /** Context files named by the scenario but absent from the copy (dropped from the file). */
  dropped: string[]
}

export function buildGroundTruth(record: DatasetRecord, ctx: PathContext, weights: VerifierWeights): GroundTruthBuild {
  const groundTruth = normaliseGroundTruth(record.ground_truth, ctx)
  const present: string[] = []
  const dropped = new Set<string>()
  const seen = new Set<string>()
  for (const path of record.context_files) {
    if (seen.has(path)) continue
    seen.add(path)
    if (ctx.files.has(path)) present.push(`${PROJECT_DIR}/${path}`)
    else dropped.add(path)
  }
  for (const path of record.missing_context_files) if (!ctx.files.has(path)) dropped.add(path)
  return {
    file: {
      id: record.id,
      task_category: record.task_category,
      ground_truth: groundTruth,
      ground_truth_text: groundTruthText(groundTruth),
      context_files: present,
      evaluation_criteria: record.evaluation_criteria,
      weights: { ...weights },
    },
    dropped: [...dropped],
  }
}
