// The budgets of docs/budgets.md §2, judged against the measurements. A budget whose measurement did not run
// is "not measured" (met: null), never met by default. Sizes are decimal: 1 MB = 10^6 bytes.
import type { Budget, DiskMeasurement, Measurement } from './bench-types.ts'

const MB = 1e6
const GB = 1e9

interface Rule {
  id: string
  title: string
  basis: string
  limit: number | null
  unit: Budget['unit']
  original?: string
  /** The measured value, or null when its measurement is absent. */
  measure: (m: Lookup) => number | null
  /** Extra conditions (the run was the intended case); a failure makes the budget missed. */
  require?: (m: Lookup) => string | null
  /** Why the measurement that ran cannot speak to the budget (too small a set), or null. */
  inapplicable?: (m: Lookup) => string | null
  /** A budget that cannot be measured here at all. */
  unmeasurable?: string
}

interface Lookup {
  measurement(id: string): Measurement | undefined
  disk(id: string): DiskMeasurement | undefined
}

const wallMedian = (id: string) => (l: Lookup) => l.measurement(id)?.wallMs.median ?? null
const peakBytes = (...ids: string[]) => (l: Lookup) => {
  const peaks = ids.flatMap((id) => {
    const max = l.measurement(id)?.maxRssKiB?.max
    return max === undefined ? [] : [max * 1024]
  })
  return peaks.length ? Math.max(...peaks) : null
}
/** The 8,000-task budgets hold only for a run that built 8,000 tasks (not a --projects run). */
const fullSet = (l: Lookup) => {
  const built = l.measurement('all-8000-link')?.figures.built?.median
  return built !== undefined && built < 8000 ? `not judged: the run built ${built} tasks, not 8,000 (a --projects run)` : null
}
const failedChecks = (id: string) => (l: Lookup) => {
  const failed = l.measurement(id)?.checks.filter((c) => !c.passed) ?? []
  return failed.length ? `not the intended case: ${failed.map((c) => `${c.expectation} (${c.detail})`).join('; ')}` : null
}

export const RULES: Rule[] = [
  { id: 'noop-all', title: 'no-op `all` (everything fresh)', basis: 'median wall of `node Taskfile.ts all`, every stage fresh', limit: 300, unit: 'ms', original: '6.6 s (always rebuilds)', measure: wallMedian('noop-all'), require: failedChecks('noop-all') },
  { id: 'noop-all-npx-zx', title: 'no-op `all` through `npx zx`', basis: 'median wall of `npx zx Taskfile.ts all`, every stage fresh', limit: 600, unit: 'ms', original: '6.6 s (always rebuilds)', measure: wallMedian('noop-all-npx-zx'), require: failedChecks('noop-all-npx-zx') },
  { id: 'one-scenario-edit', title: 'one scenario edited: extract re-parses 1 file, one task regenerates', basis: 'median wall of extract → generate after one scenario edit', limit: 1000, unit: 'ms', original: '6.6 s (always rebuilds)', measure: wallMedian('edit-scenario'), require: failedChecks('edit-scenario') },
  { id: 'cold-extract', title: 'cold extract with full validation (2x faster than the original)', basis: 'median wall of cold extract alone', limit: 500, unit: 'ms', original: '0.99 s', measure: wallMedian('cold-extract') },
  { id: 'cold-select', title: 'cold select on every record (2x faster than the original)', basis: 'median wall of cold select alone', limit: 195, unit: 'ms', original: '0.39 s', measure: wallMedian('cold-select') },
  { id: 'cold-generate-50', title: 'cold generate of the 50 default tasks (hard links)', basis: 'median wall of cold generate alone', limit: 1000, unit: 'ms', original: '4.1 s', measure: wallMedian('cold-generate-50'), require: failedChecks('cold-generate-50') },
  { id: 'all-8000-time', title: 'all 8,000 tasks: time', basis: 'median wall of extract + select, then generate (hard links), fresh out dir', limit: 25_000, unit: 'ms', original: '101 s', measure: wallMedian('all-8000-link'), inapplicable: fullSet },
  { id: 'all-8000-disk', title: 'all 8,000 tasks: disk', basis: 'du -sk data out/tasks minus du -sk data (hard links): what the tasks add', limit: 1.2 * GB, unit: 'bytes', original: '5.05 GiB', inapplicable: fullSet, measure: (l) => ((k) => (k === undefined ? null : k * 1024))(l.disk('tasks-8000-link')?.extraKiB) },
  ...(['extract', 'select', 'generate', 'smoke'] as const).map((stage): Rule => ({
    id: `memory-${stage}`, title: `peak memory: ${stage}`, limit: 200 * MB, unit: 'bytes',
    basis: stage === 'generate' ? 'max peak RSS of the generate process (50 tasks link/copy, 8,000 tasks link/copy)' : stage === 'smoke' ? 'peak RSS of the smoke process (no container engine)' : `max peak RSS of cold ${stage} alone`,
    ...(stage === 'generate' ? { original: '484 MiB' } : {}),
    measure: stage === 'generate' ? peakBytes('cold-generate-50', 'cold-generate-50-copy', 'all-8000-link', 'all-8000-copy') : peakBytes(stage === 'smoke' ? 'smoke-no-engine' : `cold-${stage}`),
  })),
  {
    id: 'smoke-layers', title: 'smoke: toolchain layers built once per language', basis: 'image builds with a container engine', limit: null, unit: 'count',
    measure: () => null, unmeasurable: 'not measured: the benchmark runs smoke without a container engine (test/smoke covers the build order)',
  },
]

export function judge(measurements: Measurement[], disk: DiskMeasurement[], reasons: Record<string, string> = {}): Budget[] {
  const lookup: Lookup = { measurement: (id) => measurements.find((m) => m.id === id), disk: (id) => disk.find((d) => d.id === id) }
  return RULES.map((rule) => {
    const measured = rule.unmeasurable || rule.limit === null ? null : rule.measure(lookup)
    const inapplicable = measured === null ? null : rule.inapplicable?.(lookup) ?? null
    const problem = measured === null ? null : rule.require?.(lookup) ?? null
    const met = measured === null || rule.limit === null || inapplicable ? null : measured < rule.limit && problem === null
    const reason = reasons[rule.id] ?? rule.unmeasurable ?? inapplicable ?? problem ?? undefined
    return {
      id: rule.id, title: rule.title, basis: rule.basis, limit: rule.limit, unit: rule.unit, measured, met,
      ...(rule.original ? { original: rule.original } : {}),
      ...(reason ? { reason } : {}),
    }
  })
}
