// bench/RESULTS.md from results.json alone: same results, same bytes.
import type { Stat } from './stats.ts'
import type { Budget, DiskMeasurement, Measurement, Results } from './bench-types.ts'

export function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  return `${(ms / 1000).toFixed(ms < 100_000 ? 2 : 1)} s`
}

/** Decimal units, as the budgets are stated: 1 MB = 10^6 bytes. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)} GB`
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(1)} MB`
  return `${(bytes / 1e3).toFixed(1)} kB`
}

const formatKiB = (kib: number) => formatBytes(kib * 1024)
const formatCount = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1))

const spread = (s: Stat, f: (n: number) => string) => (s.values.length > 1 ? `${f(s.min)} – ${f(s.max)}` : '—')

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')
const row = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`
function table(head: string[], rows: string[][]): string {
  return [row(head), `|${head.map(() => '---').join('|')}|`, ...rows.map(row)].join('\n')
}

function formatValue(value: number | null, unit: Budget['unit']): string {
  if (value === null) return '—'
  return unit === 'ms' ? formatMs(value) : unit === 'bytes' ? formatBytes(value) : formatCount(value)
}

export const verdict = (b: Budget): string => (b.met === null ? (b.measured === null ? 'not measured' : 'not judged') : b.met ? 'met' : '**missed**')

export function budgetTable(budgets: Budget[]): string {
  return table(
    ['Budget', 'Limit', 'Measured', 'Basis', 'Original adapter', 'Verdict', 'Reason (if missed)'],
    budgets.map((b) => [b.title, b.limit === null ? '—' : `< ${formatValue(b.limit, b.unit)}`, formatValue(b.measured, b.unit), b.basis, b.original ?? '', verdict(b), b.reason ?? '']),
  )
}

function summaryTable(measurements: Measurement[]): string {
  return table(
    ['Measurement', 'Runs', 'Wall median', 'Wall min – max', 'Peak memory (max)', 'Checks', 'Load (1 min)'],
    measurements.map((m) => [m.title, String(m.runs), formatMs(m.wallMs.median), spread(m.wallMs, formatMs), m.maxRssKiB ? formatKiB(m.maxRssKiB.max) : '—', m.checks.every((c) => c.passed) ? 'ok' : '**failed**', m.load1.toFixed(2)]),
  )
}

/** Which measurement shows each stage's own peak memory (a process running that stage alone). */
const MEMORY_SOURCES: [string, string][] = [
  ['extract', 'cold-extract'], ['select', 'cold-select'], ['generate (50 tasks, hard links)', 'cold-generate-50'], ['generate (50 tasks, copies)', 'cold-generate-50-copy'],
  ['generate (8,000 tasks, hard links)', 'all-8000-link'], ['generate (8,000 tasks, copies)', 'all-8000-copy'], ['smoke (no engine)', 'smoke-no-engine'],
]

function memoryTable(measurements: Measurement[]): string {
  const rows = MEMORY_SOURCES.flatMap(([stage, id]) => {
    const rss = measurements.find((m) => m.id === id)?.maxRssKiB
    return rss ? [[stage, id, String(rss.values.length), formatKiB(rss.median), formatKiB(rss.max)]] : []
  })
  return rows.length ? table(['Stage', 'Measured in', 'Runs', 'Peak RSS median', 'Peak RSS max'], rows) : '(GNU time was not available: no memory figures)'
}

function diskTable(disk: DiskMeasurement[]): string {
  return table(
    ['Tasks', 'du -sk out/tasks', 'Beyond the data', 'Project files linked / copied'],
    disk.map((d) => [d.title, formatKiB(d.tasksKiB), formatKiB(d.extraKiB), `${d.linked ?? '?'} / ${d.copied ?? '?'}`]),
  )
}

const FIGURE_NAMES: Record<string, string> = {
  read: 'scenarios read', accepted: 'accepted', rejected: 'rejected', parsed: 'scenario files parsed', reused: 'verdicts reused',
  passed: 'passed thresholds', selected: 'selected', built: 'tasks built', kept: 'tasks kept', removed: 'tasks removed',
  linked: 'project files linked', copied: 'project files copied', copiesReused: 'project copies reused', skipped: 'stages skipped', extractSelectProcessMs: 'extract + select process wall', generateProcessMs: 'generate process wall',
}

function measurementSection(m: Measurement): string {
  const line = (label: string, s: Stat, f: (n: number) => string) => [label, f(s.median), f(s.min), f(s.max)]
  const rows = [
    line('wall (child process, spawn to exit)', m.wallMs, formatMs),
    ...Object.entries(m.stageMs).map(([stage, s]) => line(`stage ${stage} (engine durationMs)`, s, formatMs)),
    ...(m.maxRssKiB ? [line('peak RSS', m.maxRssKiB, formatKiB)] : []),
    ...Object.entries(m.figures).map(([name, s]) => line(FIGURE_NAMES[name] ?? name, s, name.endsWith('Ms') ? formatMs : formatCount)),
  ]
  const checks = m.checks.map((c) => `- ${c.passed ? 'ok' : '**FAILED**'}: ${c.expectation} (${c.detail})`)
  return [
    `### ${m.title}`,
    '',
    `\`${m.command}\``,
    '',
    `Setup before each run: ${m.setup}. ${m.runs} timed run${m.runs === 1 ? '' : 's'}${m.warmups ? ` after ${m.warmups} untimed warm-up${m.warmups === 1 ? '' : 's'}` : ''}; load average (1 min) at start ${m.load1.toFixed(2)}.`,
    '',
    table(['Figure', 'Median', 'Min', 'Max'], rows),
    ...(checks.length ? ['', ...checks] : []),
  ].join('\n')
}

export function renderMarkdown(r: Results): string {
  const { machine: mc, data, code } = r
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' / ')
  const dataLine = data.source === 'synthesized'
    ? `synthesized by scripts/synth.ts: ${data.projects} projects (seed ${data.seed})`
    : 'a given data root (--data)'
  const smokeEnv = Object.entries(r.settings.smokeEnv).map(([k, v]) => `${k}=${v}`).join(' ')
  return [
    '# Benchmark results',
    '',
    `Produced by \`${r.command}\` on ${r.startedAt} (${Math.round(r.durationSec)} s). Every figure comes from the project's real CLI (\`node Taskfile.ts … --json\`) run as a child process on a copy of the code taken when the benchmark started. Re-render this file from bench/results.json with \`node scripts/bench.ts --render-only\`.`,
    '',
    '## Machine and inputs',
    '',
    table(['Cores', 'CPU', 'Memory', 'Node', 'Kernel', 'Load average at start (1/5/15 min)', 'At end'], [[String(mc.cores), mc.cpuModel, `${mc.memoryMiB} MiB`, mc.node, mc.kernel, load(mc.loadAverage.start), load(mc.loadAverage.end)]]),
    '',
    // Options such as --max-semi-space-size move peak memory and time: a report must say them.
    ...(mc.nodeOptions === undefined ? [] : [`- Node options of every measured run (NODE_OPTIONS): ${mc.nodeOptions ? `\`${mc.nodeOptions}\`` : 'none'}.`]),
    `- Code: commit ${code.commit ?? 'unknown'}${code.uncommitted.length ? ` plus uncommitted changes in ${code.uncommitted.length} path(s): ${code.uncommitted.join(', ')}` : ', no uncommitted changes'}.`,
    `- Data: ${dataLine}; ${data.scenarios ?? '?'} scenario files, ${data.accepted ?? '?'} accepted; ${formatKiB(data.diskKiB)} on disk; out dir on the same file system: ${data.sameFileSystem ? 'yes' : 'no (hard links fall back to copies)'}.`,
    ...(data.scenarios !== null && data.scenarios < 8000 ? [`- **Not full scale** (${data.scenarios} scenarios, not 8,000): the budgets are stated for the full set.`] : []),
    `- Smoke runs without a container engine (${smokeEnv}): building images is not part of these budgets.`,
    `- Runs: ${r.settings.runs} for fast cases, ${r.settings.runsSlow} for the cold graph, ${r.settings.runs8000} for each 8,000-task case; the OS page cache is warm (nothing is dropped).${r.settings.warmups ? '' : ' No warm-up runs (--quick).'}${r.settings.skipped.length ? ` Not measured in this run: ${r.settings.skipped.join(', ')}.` : ''}`,
    '',
    '## Budgets (docs/budgets.md)',
    '',
    budgetTable(r.budgets),
    '',
    '## Summary',
    '',
    summaryTable(r.measurements),
    '',
    '## Peak memory per stage',
    '',
    'Each stage in its own process; the figure is the OS peak resident set of that process (GNU time %M), engine included.',
    '',
    memoryTable(r.measurements),
    '',
    '## Disk used by out/tasks',
    '',
    '"Beyond the data" is `du -sk data out/tasks` minus `du -sk data` (one du call counts a hard-linked file once).',
    '',
    diskTable(r.disk),
    '',
    '## Measurements',
    '',
    r.measurements.map(measurementSection).join('\n\n'),
    '',
  ].join('\n')
}
