// smoke/report.json's counts (contracts/smoke-report.ts) and report/smoke.md.
import type { SmokeReport, TaskEntry } from '../../contracts/smoke-report.ts'

export function countEntries(entries: TaskEntry[], built: number): SmokeReport['counts'] {
  const by = (status: TaskEntry['status']) => entries.filter((e) => e.status === status).length
  return { tasks: entries.length, built, reused: entries.length - built, passed: by('pass'), failed: by('fail'), lint_only: by('lint-only') }
}

// ---- markdown --------------------------------------------------------------------------------

const cell = (text: string | number | null): string => (text === null ? '–' : String(text).replaceAll('|', '\\|').replace(/\s*\n[\s\S]*$/, ' …'))
const reward = (value: number | null): string => (value === null ? '–' : value.toFixed(2))
const seconds = (value: number): string => value.toFixed(1)

function languageTable(report: SmokeReport): string[] {
  const rows = new Map<string, { tasks: number; built: number; total: number; max: number; failed: number }>()
  for (const t of report.tasks) {
    const row = rows.get(t.language) ?? { tasks: 0, built: 0, total: 0, max: 0, failed: 0 }
    row.tasks++
    if (t.status === 'fail') row.failed++
    if (t.build_seconds !== null) {
      row.built++
      row.total += t.build_seconds
      row.max = Math.max(row.max, t.build_seconds)
    }
    rows.set(t.language, row)
  }
  const lines = ['| language | tasks | failed | images | build s total | build s mean | build s max |', '|---|---:|---:|---:|---:|---:|---:|']
  for (const [language, r] of [...rows].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const mean = r.built ? seconds(r.total / r.built) : '–'
    lines.push(`| ${language} | ${r.tasks} | ${r.failed} | ${r.built} | ${r.built ? seconds(r.total) : '–'} | ${mean} | ${r.built ? seconds(r.max) : '–'} |`)
  }
  return lines
}

export function renderMarkdown(report: SmokeReport, engineNote?: string): string {
  const c = report.counts
  const engine = report.engine === 'none' ? 'none (static lint and local checks only)' : `${report.engine} ${report.engine_version}`
  const layers = report.toolchain_layers
  const out = [
    '# Smoke test',
    '',
    `- Engine: ${engine}`,
    ...(engineNote ? [`- ${engineNote}`] : []),
    `- Base image: ${report.base_image}`,
    `- Tasks: ${c.tasks} (built ${c.built}, reused ${c.reused}); passed ${c.passed}, lint-only ${c.lint_only}, failed ${c.failed}`,
    `- Toolchain layers: ${layers.distinct} distinct for ${layers.tasks} tasks (${layers.method === 'image-layers' ? 'from the images\' layers' : 'estimated from the Dockerfiles'})`,
    `- Pass: oracle reward ≥ ${report.pass_threshold} and empty-answer reward = 0`,
    '',
    '## Build time per language',
    '',
    ...languageTable(report),
    '',
    '## Tasks',
    '',
    '| task | language | status | build s | oracle | empty | reason |',
    '|---|---|---|---:|---:|---:|---|',
    ...report.tasks.map(
      (t) => `| ${t.id} | ${t.language} | ${t.status} | ${t.build_seconds === null ? '–' : seconds(t.build_seconds)} | ${reward(t.oracle_reward)} | ${reward(t.empty_reward)} | ${cell(t.reason)} |`,
    ),
  ]
  out.push(...mcpTable(report))
  const failures = report.tasks.filter((t) => t.status === 'fail')
  if (failures.length) {
    out.push('', '## Failures')
    for (const t of failures) out.push('', `### ${t.id} (${t.step})`, '', '```text', (t.reason ?? '').replaceAll('```', '`\u200b``'), '```')
  }
  return `${out.join('\n')}\n`
}

/** The mcp dataset's sidecar checks: did the server answer the MCP client with the expected file? */
function mcpTable(report: SmokeReport): string[] {
  const rows = report.tasks.filter((t) => t.variant === 'mcp')
  if (!rows.length) return []
  const answered = rows.filter((t) => t.mcp?.status === 'answered').length
  return [
    '',
    '## Code-search sidecar (mcp tasks)',
    '',
    `${answered} of ${rows.length} mcp task(s): the sidecar answered a real MCP client with the expected ground-truth file.`,
    '',
    '| task | sidecar | expected file | identifier | found | files | main reached | check s |',
    '|---|---|---|---|---|---:|---|---:|',
    ...rows.map((t) => {
      const m = t.mcp
      if (!m) return `| ${t.id} | – | – | – | – | – | – | – |`
      const status = m.status === 'failed' && m.step ? `failed (${m.step})` : m.status
      return `| ${t.id} | ${status} | ${cell(m.expected_file)} | ${cell(m.identifier)} | ${m.found_expected ? 'yes' : 'no'} | ${m.files_found} | ${m.main_reached === null ? '–' : m.main_reached ? 'yes' : 'no'} | ${m.seconds === null ? '–' : seconds(m.seconds)} |`
    }),
  ]
}
