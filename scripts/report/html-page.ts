// The page around the sections: one HTML document with its CSS inline and a Content-Security-
// Policy that forbids every fetch and script, so opening it from file:// (or a CI artifact viewer)
// cannot reach the network even if a chart or a task title tried to. No timestamps or absolute
// paths: the same artifacts give the same bytes, so a stage that rewrites it changes nothing.
import { hrefFromReport, html, SafeHtml } from './html-escape.ts'
import { isUnreadable, SECTION_NAMES, type ReportData, type SectionName, type Unreadable } from './html-data.ts'
import { calibrationSection, datasetSection, SECTION_STAGES, SECTION_TITLES, selectionSection, smokeSection, tasksSection, type SectionContext } from './html-sections.ts'

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

const CSS = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg: #ffffff; --soft: #f6f8fa; --accent: #0969da;
  --good: #1a7f37; --good-bg: #dafbe1; --bad: #cf222e; --bad-bg: #ffebe9; --warn: #9a6700; --warn-bg: #fff8c5; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.5 system-ui, -apple-system, "Segoe UI", "Noto Sans", "DejaVu Sans", sans-serif; color: var(--fg); background: var(--bg); }
header { padding: 20px 24px 12px; border-bottom: 1px solid var(--line); background: var(--soft); }
header h1 { margin: 0 0 4px; font-size: 22px; }
header p { margin: 0; color: var(--muted); }
header p.reports { margin-top: 10px; color: var(--fg); font-size: 13px; }
nav { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
nav > a, nav > span { display: block; min-width: 150px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); text-decoration: none; color: var(--fg); }
nav > a:hover { border-color: var(--accent); }
nav .name { display: block; font-weight: 600; }
nav .what { display: block; font-size: 12px; color: var(--muted); }
nav > span.absent { opacity: .6; border-style: dashed; }
main { padding: 8px 24px 40px; max-width: 1600px; }
section { margin-top: 28px; }
section > h2 { font-size: 19px; border-bottom: 1px solid var(--line); padding-bottom: 6px; margin: 0 0 10px; }
h3 { font-size: 15px; margin: 18px 0 6px; }
a { color: var(--accent); }
code { font: 12px/1.4 ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", monospace; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--soft); padding: 6px 8px; border-radius: 6px; font-size: 12px; margin: 4px 0; }
.muted { color: var(--muted); }
.tiles { display: flex; flex-wrap: wrap; gap: 10px; margin: 12px 0; }
.tile { min-width: 120px; padding: 8px 14px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
.tile .value { display: block; font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
.tile .label { display: block; font-size: 12px; color: var(--muted); }
.tile.good { border-color: var(--good); background: var(--good-bg); }
.tile.bad { border-color: var(--bad); background: var(--bad-bg); }
.tile.warn { border-color: var(--warn); background: var(--warn-bg); }
.grid { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
table { border-collapse: collapse; margin: 8px 0; font-size: 13px; }
caption { text-align: left; font-weight: 600; padding-bottom: 4px; }
th, td { border: 1px solid var(--line); padding: 2px 6px; text-align: left; vertical-align: top; }
thead th { font-size: 12px; }
th.group { text-align: center; }
td code { font-size: 11.5px; }
thead th { background: var(--soft); position: sticky; top: 0; }
th[scope=row] { font-weight: normal; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.counts { min-width: 220px; }
tbody tr:nth-child(even) td { background: #fbfcfd; }
tr:target td { background: var(--warn-bg); }
.scroll { overflow-x: auto; max-width: 100%; }
.title { color: var(--muted); font-size: 12px; }
.tasklinks { font-size: 12px; }
.tasklinks a { margin-right: 8px; }
.badge { display: inline-block; padding: 0 7px; border-radius: 10px; font-size: 12px; border: 1px solid var(--line); background: var(--soft); white-space: nowrap; }
.badge.good { color: var(--good); border-color: var(--good); background: var(--good-bg); }
.badge.bad { color: var(--bad); border-color: var(--bad); background: var(--bad-bg); }
.badge.warn { color: var(--warn); border-color: var(--warn); background: var(--warn-bg); }
.charts { display: flex; flex-wrap: wrap; gap: 16px; margin: 12px 0; }
figure { margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 4px; background: #fff; }
figure svg, figure img { display: block; max-width: 100%; height: auto; }
figcaption { font-size: 12px; padding-top: 4px; }
details { margin: 10px 0; }
summary { cursor: pointer; font-weight: 600; }
.files { margin-top: 12px; }
.notes { border: 1px solid var(--warn); background: var(--warn-bg); border-radius: 8px; padding: 4px 12px; }
.unreadable { border: 1px solid var(--bad); background: var(--bad-bg); border-radius: 8px; padding: 8px 12px; }
ul.failures pre { max-height: 12em; overflow: auto; }
th.kind { vertical-align: bottom; text-align: left; padding: 4px 2px; }
/* Fifteen answer kinds side by side: upright names would make the grid twice the page width. */
th.kind .vertical { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; display: inline-block; }
th.kind .role { font-weight: normal; color: var(--muted); font-size: 11px; }
td.flagged { background: var(--bad-bg) !important; color: var(--bad); font-weight: 600; }
ul.problems { margin: 0; padding-left: 16px; font-size: 12px; }
`

/** One line for the navigation card: what the section holds, or why it is not there. */
function summaryLine(name: SectionName, data: ReportData): string {
  const d = data[name]
  if (d === undefined) return `not produced yet: run the ${SECTION_STAGES[name]} stage`
  if (isUnreadable(d)) return `unreadable: ${d.path}`
  switch (name) {
    case 'dataset': {
      const s = data.dataset as Exclude<ReportData['dataset'], Unreadable | undefined>
      return `${s.summary.accepted} accepted, ${s.summary.rejected} rejected`
    }
    case 'selection': {
      const s = data.selection as Exclude<ReportData['selection'], Unreadable | undefined>
      return `${s.selected} selected of ${s.passed} passed`
    }
    case 'tasks': {
      const s = data.tasks as Exclude<ReportData['tasks'], Unreadable | undefined>
      return `${s.tasks.length} task directories`
    }
    case 'smoke': {
      const c = (data.smoke as Exclude<ReportData['smoke'], Unreadable | undefined>).report.counts
      return `${c.passed} passed, ${c.failed} failed${c.lint_only ? `, ${c.lint_only} lint only` : ''}`
    }
    case 'calibration': {
      const s = data.calibration as Exclude<ReportData['calibration'], Unreadable | undefined>
      const bad = s.tasks.filter((t) => t.verdict === 'fail' || t.problems.length > 0).length
      return `${s.tasks.length} tasks, ${bad} with problems`
    }
  }
}

function sectionBody(name: SectionName, data: ReportData, ctx: SectionContext): SafeHtml {
  const d = data[name]!
  if (isUnreadable(d)) return html`<div class="unreadable"><p><code>${d.path}</code> could not be read, so this section is missing:</p><pre>${d.unreadable}</pre></div>`
  switch (name) {
    case 'dataset':
      return datasetSection(d as Parameters<typeof datasetSection>[0])
    case 'selection':
      return selectionSection(d as Parameters<typeof selectionSection>[0], ctx)
    case 'tasks':
      return tasksSection(d as Parameters<typeof tasksSection>[0], ctx)
    case 'smoke':
      return smokeSection(d as Parameters<typeof smokeSection>[0], ctx)
    case 'calibration':
      return calibrationSection(d as Parameters<typeof calibrationSection>[0], ctx)
  }
}

/** The written reports (Markdown and the report JSONs) of every section, in one line under the cards. */
function reportLinks(data: ReportData): SafeHtml {
  const files = SECTION_NAMES.flatMap((name) => {
    const d = data[name]
    return d && !isUnreadable(d) ? d.files : []
  }).filter((f) => f.path.endsWith('.md') || /(^|\/)(report|extract-summary)\.json$/.test(f.path))
  return files.length ? html`<p class="reports">Reports: ${files.map((f, i) => html`${i ? ' · ' : ''}<a href="${hrefFromReport(f.path)}">${f.path}</a>`)}</p>` : html``
}

export function sectionContext(data: ReportData): SectionContext {
  const tasks = data.tasks && !isUnreadable(data.tasks) ? data.tasks.tasks : []
  const smoke = data.smoke && !isUnreadable(data.smoke) ? data.smoke.report.tasks : []
  return { taskIds: new Set(tasks.map((t) => t.id)), smokeStatus: new Map(smoke.map((t) => [t.id, t.status])) }
}

/** The whole page for the data given; sections without data are listed as not produced yet. */
export function renderIndexHtml(data: ReportData): string {
  const ctx = sectionContext(data)
  const present = SECTION_NAMES.filter((name) => data[name] !== undefined)
  const page = html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>LoCoBench → Harbor: run report</title>
<link rel="icon" href="data:,">
<style>${new SafeHtml(CSS)}</style>
</head>
<body>
<header>
<h1>LoCoBench-Agent → Harbor tasks</h1>
<p>What the last runs of each stage produced in this out dir. Every link is relative, so the folder can be moved or archived whole.</p>
<nav>${SECTION_NAMES.map((name) =>
    data[name] === undefined
      ? html`<span class="absent"><span class="name">${SECTION_TITLES[name]}</span><span class="what">${summaryLine(name, data)}</span></span>`
      : html`<a href="#${name}"><span class="name">${SECTION_TITLES[name]}</span><span class="what">${summaryLine(name, data)}</span></a>`,
  )}</nav>
${reportLinks(data)}
</header>
<main>
${present.length === 0 ? html`<p>No stage has produced anything yet: run <code>npx zx Taskfile.ts all</code>.</p>` : ''}
${present.map((name) => html`<section id="${name}">
<h2>${SECTION_TITLES[name]}</h2>
${sectionBody(name, data, ctx)}
</section>
`)}
</main>
</body>
</html>
`
  return page.text
}
