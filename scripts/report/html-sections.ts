// One function per section of report/index.html. Each takes the data its artifact reader produced
// (scripts/report/html-data.ts) and returns markup; none reads files, so a section renders the same
// bytes for the same data. Cross-links between sections (a smoke row to its task row) go through
// the context, and only to anchors that exist on the page.
import { anchorId, html, hrefFromReport, inlineSvg, type SafeHtml } from './html-escape.ts'
import { LIMITS, type CalibrationData, type DatasetData, type FileLink, type SectionName, type SelectionData, type SmokeData, type TasksData } from './html-data.ts'
import { DIFFICULTIES } from '../lib/ids.ts'
import type { ScoresLine } from '../contracts/scores.ts'

/** What a section may know about the rest of the page. */
export interface SectionContext {
  /** Ids with a row in the tasks section (anchor `task-<id>`). */
  taskIds: ReadonlySet<string>
  /** Smoke status per task id, when the smoke section exists. */
  smokeStatus: ReadonlyMap<string, string>
}

export const SECTION_TITLES: Record<SectionName, string> = {
  dataset: 'Dataset',
  selection: 'Selection',
  tasks: 'Tasks',
  smoke: 'Smoke test',
  calibration: 'Calibration',
}

/** The command that produces a section's artifacts, for the "not produced yet" note. */
export const SECTION_STAGES: Record<SectionName, string> = {
  dataset: 'extract',
  selection: 'select',
  tasks: 'generate',
  smoke: 'smoke',
  calibration: 'calibrate',
}

export const taskAnchor = (id: string): string => anchorId('task', id)

const fixed4 = (x: number | null | undefined): string => (typeof x === 'number' ? x.toFixed(4) : '–')
/** For the wide calibration grid (the verifier's own table uses 2 places); the cell's title has 4. */
const fixed2 = (x: number | null | undefined): string => (typeof x === 'number' ? x.toFixed(2) : '–')
const count = (n: number): string => n.toLocaleString('en-US')
const humanize = (key: string): string => key.replaceAll('_', ' ')

export const fileLinks = (files: FileLink[]): SafeHtml =>
  files.length === 0 ? html`` : html`<p class="files">Files: ${files.map((f, i) => html`${i ? ' · ' : ''}<a href="${hrefFromReport(f.path)}">${f.label}</a>`)}</p>`

const tiles = (items: [label: string, value: string | number, tone?: 'good' | 'bad' | 'warn'][]): SafeHtml =>
  html`<div class="tiles">${items.map(([label, value, tone]) => html`<div class="tile${tone ? ` ${tone}` : ''}"><span class="value">${typeof value === 'number' ? count(value) : value}</span><span class="label">${label}</span></div>`)}</div>`

/** A two-column count table (largest first, or in the order given), or a line saying there is nothing. */
function countTable(caption: string, counts: Record<string, number>, empty: string, order?: readonly string[]): SafeHtml {
  const rank = (key: string): number => (order?.includes(key) ? order.indexOf(key) : Infinity)
  const rows = Object.entries(counts).sort((a, b) => (order ? rank(a[0]) - rank(b[0]) : 0) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  if (rows.length === 0) return html`<p class="muted">${empty}</p>`
  return html`<table class="counts"><caption>${caption}</caption><tbody>${rows.map(([key, n]) => html`<tr><th scope="row">${key}</th><td class="num">${count(n)}</td></tr>`)}</tbody></table>`
}

const taskLink = (id: string, ctx: SectionContext): SafeHtml =>
  ctx.taskIds.has(id) ? html`<a href="#${taskAnchor(id)}"><code>${id}</code></a>` : html`<code>${id}</code>`

const more = (shown: number, total: number, where: string): SafeHtml =>
  total > shown ? html`<p class="muted">Showing ${count(shown)} of ${count(total)}; the rest are in ${where}.</p>` : html``

// ---- dataset ------------------------------------------------------------------------------------

export function datasetSection(data: DatasetData): SafeHtml {
  const s = data.summary
  const warnings = Object.values(s.warnings_by_code).reduce((a, b) => a + b, 0)
  return html`
<p>The extract stage read every scenario file: each became a record of <code>dataset.jsonl</code> or a line of <code>rejects.jsonl</code>.</p>
${tiles([
    ['scenario files read', s.read],
    ['accepted', s.accepted, 'good'],
    ['rejected', s.rejected, s.rejected ? 'bad' : undefined],
    ['warnings', warnings, warnings ? 'warn' : undefined],
    ['projects', s.projects],
  ])}
<div class="grid">
${countTable('Rejected by reason', s.rejected_by_reason, 'No scenario was rejected.')}
${countTable('Warnings by code', s.warnings_by_code, 'No warnings.')}
${countTable('Accepted by language', s.by_language, 'No records.')}
${countTable('Accepted by category', s.by_category, 'No records.')}
${countTable('Accepted by difficulty', s.by_difficulty, 'No records.', DIFFICULTIES)}
${countTable('Project layouts (A wrapper folder, B several entries, C fallback)', s.layouts, 'No projects.', ['A', 'B', 'C'])}
</div>
${data.rejects.length === 0 ? html`` : html`
<details${s.rejected <= 10 ? ' open' : ''}><summary>Rejected scenario files (${count(s.rejected)})</summary>
<table><thead><tr><th>file</th><th>reason</th><th>pointer</th><th>message</th></tr></thead><tbody>
${data.rejects.map((r) => html`<tr><td><code>${r.file}</code></td><td>${r.reason}</td><td><code>${r.pointer || '(whole file)'}</code></td><td>${r.message}</td></tr>`)}
</tbody></table>${more(data.rejects.length, s.rejected, 'rejects.jsonl')}</details>`}
${s.warnings.length === 0 ? html`` : html`
<details><summary>Warnings (${count(warnings)})</summary>
<table><thead><tr><th>file</th><th>pointer</th><th>code</th><th>message</th></tr></thead><tbody>
${s.warnings.slice(0, LIMITS.warnings).map((w) => html`<tr><td><code>${w.file}</code></td><td><code>${w.pointer}</code></td><td>${w.code}</td><td>${w.message}</td></tr>`)}
</tbody></table>${more(Math.min(s.warnings.length, LIMITS.warnings), warnings, 'extract-summary.json (up to the configured cap)')}</details>`}
${fileLinks(data.files)}`
}

// ---- selection ----------------------------------------------------------------------------------

function selectionStatus(line: ScoresLine): SafeHtml {
  if (line.selected) return html`<span class="badge good">selected</span>`
  if (line.skipped_by_quota.length) return html`<span class="badge warn" title="${line.skipped_by_quota.join(', ')}">quota</span>`
  return html`<span class="muted" title="passed, but below top_n">–</span>`
}

const rankedTable = (rows: ScoresLine[], ctx: SectionContext): SafeHtml => html`<div class="scroll"><table class="ranked"><thead><tr><th rowspan="2" class="num">rank</th><th rowspan="2">id</th><th rowspan="2">language</th><th rowspan="2">category</th><th rowspan="2">difficulty</th><th rowspan="2" class="num">context length</th><th rowspan="2" class="num">files</th><th colspan="4" class="group">score parts (weighted)</th><th rowspan="2">status</th></tr><tr><th class="num">context</th><th class="num">files</th><th class="num">category</th><th class="num">score</th></tr></thead><tbody>
${rows.map((l) => html`<tr><td class="num">${l.rank}</td><td>${taskLink(l.id, ctx)}</td><td>${l.language}</td><td>${humanize(l.task_category)}</td><td>${l.difficulty}</td><td class="num">${count(l.context_length)}</td><td class="num">${count(l.files_count)}</td><td class="num">${fixed4(l.context_part)}</td><td class="num">${fixed4(l.files_part)}</td><td class="num">${fixed4(l.category_part)}</td><td class="num"><strong>${fixed4(l.total)}</strong></td><td>${selectionStatus(l)}</td></tr>`)}
</tbody></table></div>`

export function selectionSection(data: SelectionData, ctx: SectionContext): SafeHtml {
  // Open: everything down to the last selected record (quota skips among them); the candidates
  // below the cut fold away, so the chosen tasks are not lost in a hundred rows.
  const headRows = data.ranked.findLastIndex((l) => l.selected) + 1
  const rest = data.ranked.slice(headRows)
  return html`
<p>Records below the thresholds or outside the filters are removed; the rest are scored (weighted context, files and category parts) and taken in rank order up to <code>top_n</code>, skipping any whose quota is full.</p>
${tiles([
    ['records scored', data.read],
    ['passed thresholds and filters', data.passed],
    ['selected', data.selected, data.selected ? 'good' : undefined],
    ['skipped by a quota', data.skippedByQuota, data.skippedByQuota ? 'warn' : undefined],
  ])}
<div class="grid">${countTable('Removed by check (a record failing several counts on each)', data.removedBy, 'No record was removed by a threshold or filter.')}</div>
${data.charts.length === 0 ? html`` : html`<div class="charts">${data.charts.map((c) => html`<figure>${inlineSvg(c.svg, c.title)}<figcaption><a href="${hrefFromReport(c.path)}">${c.path.slice('report/'.length)}</a></figcaption></figure>`)}</div>`}
<h3>Ranked list</h3>
<p class="muted">Parts are weighted and add up to the score; rank counts every record that passed, so quota skips leave gaps.</p>
${rankedTable(data.ranked.slice(0, headRows), ctx)}
${rest.length === 0 ? html`` : html`<details><summary>The next ${count(rest.length)} that passed but were not selected</summary>${rankedTable(rest, ctx)}</details>`}
${more(data.ranked.length, data.passed, 'scores.jsonl')}
${fileLinks(data.files)}`
}

// ---- tasks --------------------------------------------------------------------------------------

const smokeBadge = (status: string | undefined): SafeHtml =>
  status === undefined ? html`` : html`<span class="badge ${status === 'pass' ? 'good' : status === 'fail' ? 'bad' : 'warn'}">${status}</span>`

export function tasksSection(data: TasksData, ctx: SectionContext): SafeHtml {
  const withSmoke = ctx.smokeStatus.size > 0
  return html`
<p>${count(data.tasks.length)} Harbor task directories (generator <code>${data.generatorVersion}</code>), in rank order. Run one with <code>harbor run -p out/tasks/&lt;id&gt; -a &lt;agent&gt;</code>.</p>
<div class="scroll"><table class="tasks"><thead><tr><th rowspan="2" class="num">rank</th><th rowspan="2">task</th><th rowspan="2">language</th><th rowspan="2">category</th><th rowspan="2">difficulty</th><th colspan="4" class="group">score parts (weighted)</th>${withSmoke ? html`<th rowspan="2">smoke</th>` : ''}</tr><tr><th class="num">context</th><th class="num">files</th><th class="num">category</th><th class="num">score</th></tr></thead><tbody>
${data.tasks.map((t) => html`<tr id="${taskAnchor(t.id)}"><td class="num">${t.rank ?? '–'}</td><td><code>${t.id}</code>${t.title ? html`<div class="title">${t.title}</div>` : ''}<div class="tasklinks">${t.instruction ? html`<a href="${hrefFromReport(t.instruction)}">instruction.md</a>` : ''}${t.taskToml ? html`<a href="${hrefFromReport(t.taskToml)}">task.toml</a>` : ''}</div></td><td>${t.language}</td><td>${t.category ? humanize(t.category) : '–'}</td><td>${t.difficulty ?? '–'}</td><td class="num">${fixed4(t.parts?.context)}</td><td class="num">${fixed4(t.parts?.files)}</td><td class="num">${fixed4(t.parts?.category)}</td><td class="num"><strong>${fixed4(t.parts?.total)}</strong></td>${withSmoke ? html`<td>${smokeBadge(ctx.smokeStatus.get(t.id))}</td>` : ''}</tr>`)}
</tbody></table></div>
${fileLinks(data.files)}`
}

// ---- smoke --------------------------------------------------------------------------------------

export function smokeSection(data: SmokeData, ctx: SectionContext): SafeHtml {
  const r = data.report
  const c = r.counts
  const failures = r.tasks.filter((t) => t.status === 'fail')
  const engine = r.engine === 'none' ? 'none (lint and local checks)' : `${r.engine} ${r.engine_version ?? ''}`.trim()
  return html`
<p>${r.engine === 'none' ? html`No container engine answered, so each task's Dockerfile was linted and its tests were run locally` : html`Each task's image was built and its tests run in a container`}: the oracle (<code>solution/solve.sh</code>, then the tests) must score at least ${r.pass_threshold}, and an empty answer must score 0. Engine: <strong>${engine}</strong>; base image <code>${r.base_image}</code>.</p>
${tiles([
    ['tasks', c.tasks],
    ['passed', c.passed, c.passed ? 'good' : undefined],
    ['failed', c.failed, c.failed ? 'bad' : undefined],
    ['lint only', c.lint_only, c.lint_only ? 'warn' : undefined],
    ['checked this run', c.built],
    ['carried over', c.reused],
    ['toolchain layer stacks', `${r.toolchain_layers.distinct} / ${r.toolchain_layers.tasks}`],
  ])}
${failures.length === 0 ? html`` : html`<h3>Failures</h3><ul class="failures">${failures.map((t) => html`<li>${taskLink(t.id, ctx)}: <strong>${t.step ?? 'unknown step'}</strong><pre>${t.reason ?? ''}</pre></li>`)}</ul>`}
<details${r.tasks.length <= 60 ? ' open' : ''}><summary>Every task (${count(r.tasks.length)})</summary>
<div class="scroll"><table class="smoke"><thead><tr><th>task</th><th>language</th><th>status</th><th class="num">oracle reward</th><th class="num">empty reward</th><th class="num">build s</th><th>image id</th><th>note</th></tr></thead><tbody>
${r.tasks.map((t) => html`<tr><td>${taskLink(t.id, ctx)}</td><td>${t.language}</td><td>${smokeBadge(t.status)}</td><td class="num">${fixed4(t.oracle_reward)}</td><td class="num">${fixed4(t.empty_reward)}</td><td class="num">${t.build_seconds === null ? '–' : t.build_seconds.toFixed(1)}</td><td>${t.image_id ? html`<code title="${t.image ?? ''}">${t.image_id.slice(0, 12)}</code>` : t.image ? html`<code>${t.image}</code>` : '–'}</td><td>${t.reason && t.status !== 'fail' ? html`<details><summary>${t.status === 'lint-only' ? 'lint' : 'note'}</summary><pre>${t.reason}</pre></details>` : t.step ?? ''}</td></tr>`)}
</tbody></table></div></details>
${fileLinks(data.files)}`
}

// ---- calibration --------------------------------------------------------------------------------

export function calibrationSection(data: CalibrationData, ctx: SectionContext): SafeHtml {
  const failing = data.tasks.filter((t) => t.verdict === 'fail' || t.problems.length > 0).length
  const kindHead = (kind: string): SafeHtml =>
    html`<th class="kind"><span class="vertical">${humanize(kind)}${data.roles[kind] ? html` <span class="role">(${data.roles[kind]})</span>` : ''}</span></th>`
  return html`
<p>Scores the verifier gives to answers built for each task: correct ones (the oracle, reordered, paraphrased) must score high, an empty answer 0, and cheap cheats (copying the instruction, dumping the project, stuffing keywords, another task's answer) must stay low. A marked cell broke a margin; hover a score for 4 places.</p>
${tiles([
    ['tasks', data.tasks.length],
    ['calibrated', data.tasks.length - failing, data.tasks.length - failing ? 'good' : undefined],
    ['with problems', failing, failing ? 'bad' : undefined],
    ['broken margins over all tasks', data.broken.length, data.broken.length ? 'bad' : undefined],
  ])}
${data.notes.length === 0 ? html`` : html`<div class="notes"><p>The report did not fully match the expected shape:</p><ul>${data.notes.map((n) => html`<li>${n}</li>`)}</ul></div>`}
${data.broken.length === 0 ? html`` : html`<h3>Broken margins over all tasks</h3><ul>${data.broken.map((b) => html`<li>${b}</li>`)}</ul>`}
<div class="grid">
${data.facts.length === 0 ? html`` : html`<table class="counts"><caption>Report facts</caption><tbody>${data.facts.map(([k, v]) => html`<tr><th scope="row">${k}</th><td>${v}</td></tr>`)}</tbody></table>`}
${data.summary.rows.length === 0 ? html`` : html`<table class="counts"><caption>Per answer kind</caption><thead><tr><th>answer</th>${data.summary.columns.map((c) => html`<th${c === 'role' ? '' : ' class="num"'}>${c}</th>`)}</tr></thead><tbody>${data.summary.rows.map(([kind, values]) => html`<tr><th scope="row">${humanize(kind)}</th>${data.summary.columns.map((c) => html`<td${c === 'role' ? '' : ' class="num"'}>${values[c] ?? ''}</td>`)}</tr>`)}</tbody></table>`}
</div>
${data.charts.length === 0 ? html`` : html`<div class="charts">${data.charts.map((c) => html`<figure>${inlineSvg(c.svg, c.title)}<figcaption><a href="${hrefFromReport(c.path)}">${c.path.slice('report/'.length)}</a></figcaption></figure>`)}</div>`}
${data.tasks.length === 0 ? html`<p class="muted">The report lists no tasks.</p>` : html`
<div class="scroll"><table class="calibration"><thead><tr><th>task, verdict and problems</th>${data.kinds.map(kindHead)}</tr></thead><tbody>
${data.tasks.map((t) => {
      const scores = new Map(t.scores)
      const flagged = new Set(t.flagged)
      const verdictTone = t.verdict === 'fail' || t.problems.length ? 'bad' : t.verdict ? 'good' : ''
      // Verdict and problems sit under the id, so the many answer-kind columns keep the width.
      return html`<tr><td>${taskLink(t.id, ctx)} ${t.verdict ? html`<span class="badge ${verdictTone}">${t.verdict}</span>` : ''}${t.problems.length ? html`<ul class="problems">${t.problems.map((p) => html`<li>${p}</li>`)}</ul>` : ''}</td>${data.kinds.map((k) => html`<td class="num${flagged.has(k) ? ' flagged' : ''}" title="${scores.has(k) ? fixed4(scores.get(k)) : ''}">${scores.has(k) ? fixed2(scores.get(k)) : ''}</td>`)}</tr>`
    })}
</tbody></table></div>`}
${fileLinks(data.files)}`
}
