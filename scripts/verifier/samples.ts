// The real sample formats (CodeScaleBench tests/ground_truth.json, raw LoCoBench scenario files)
// converted into our GroundTruthFile the way generate converts them: `/` separators, wrapper
// folder stripped, paths as the agent sees them under /app/project/. Tests and calibration use it.
import { groundTruthText } from './ground-truth-text.ts'
import { CONTAINER_ROOT } from './score.ts'
import { DEFAULT_WEIGHTS, type GroundTruthFile } from './verifier-types.ts'

const slashes = (path: string): string => path.replace(/(?<!:)\/\/+/g, '/')

/** The single folder every context path starts with, if there is one (the project wrapper). */
export function wrapperFolder(paths: string[]): string | undefined {
  const firsts = new Set(paths.map((p) => (slashes(p).includes('/') ? slashes(p).split('/')[0] : '')))
  const [only] = firsts
  return firsts.size === 1 && only ? only : undefined
}

function toContainer(path: string, wrapper: string | undefined): string {
  const p = slashes(path).replace(/^\/+/, '')
  return CONTAINER_ROOT + (wrapper && p.startsWith(`${wrapper}/`) ? p.slice(wrapper.length + 1) : p)
}

/** Rewrites wrapper-prefixed paths inside ground-truth strings to container paths. */
function containerPathsIn(value: unknown, wrapper: string | undefined): unknown {
  if (typeof value === 'string') {
    const s = slashes(value)
    if (!wrapper) return s
    const escaped = wrapper.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return s.replace(new RegExp(`(?<![\\w./-])${escaped}/`, 'g'), CONTAINER_ROOT)
  }
  if (Array.isArray(value)) return value.map((v) => containerPathsIn(v, wrapper))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, containerPathsIn(v, wrapper)]))
  }
  return value
}

interface RawGroundTruthSource {
  id?: string
  task_id?: string
  task_category?: string
  ground_truth?: unknown
  context_files?: unknown
  evaluation_criteria?: unknown
}

/** A CodeScaleBench tests/ground_truth.json or a raw LoCoBench scenario file, as generate would
 *  write it for our tasks. */
export function toGroundTruthFile(raw: RawGroundTruthSource, id = raw.id ?? raw.task_id ?? 'unnamed'): GroundTruthFile {
  const files = Array.isArray(raw.context_files) ? raw.context_files.filter((f): f is string => typeof f === 'string') : []
  const wrapper = wrapperFolder(files)
  const groundTruth = containerPathsIn(raw.ground_truth ?? '', wrapper)
  return {
    id,
    task_category: raw.task_category ?? 'unknown',
    ground_truth: groundTruth,
    ground_truth_text: groundTruthText(groundTruth),
    context_files: files.map((f) => toContainer(f, wrapper)),
    evaluation_criteria: Array.isArray(raw.evaluation_criteria) ? raw.evaluation_criteria : [],
    weights: { ...DEFAULT_WEIGHTS },
  }
}
