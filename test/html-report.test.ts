// report/index.html without a browser: escaping, links only to files that exist, sections that
// appear as their artifacts do, damaged artifacts costing one section, and the calibration report
// read whatever its shape. The out dirs are built with the select stage's own writers and checked
// against the artifact schemas, so they have the shapes the real stages write.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { toJson } from '../scripts/lib/fsx.ts'
import { check } from '../scripts/lib/schemas.ts'
import { defaultSelectionConfig, scoreAndSelect, selectionConfigHash, type ScoringFields } from '../scripts/stages/select.ts'
import { scoresJsonl } from '../scripts/contracts/scores.ts'
import { scoresLine } from '../scripts/stages/select/artifacts.ts'
import { barChartSvg } from '../scripts/stages/select/charts.ts'
import { reportFiles } from '../scripts/stages/select/selection-report.ts'
import { calibrationFromJson, isUnreadable, readReportData } from '../scripts/report/html-data.ts'
import { escapeHtml, hrefFromReport, html, inlineSvg } from '../scripts/report/html-escape.ts'
import { brokenLinks, linkTarget, pageLinks, writeIndexHtml } from '../scripts/report/html-index.ts'
import { renderIndexHtml } from '../scripts/report/html-page.ts'
import type { CalibrationReport } from '../scripts/verifier/calibration.ts'
import { rig, type Rig } from './helpers/rig.ts'

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'quoted'`

const record = (language: string, n: number, category: string, ctx: number, files: number): ScoringFields => ({
  id: `${language}_web_app_easy_${String(n).padStart(3, '0')}_${category}_expert_01`,
  project_id: `${language}_web_app_easy_${String(n).padStart(3, '0')}`,
  language,
  task_category: category,
  difficulty: 'expert',
  context_length: ctx,
  files_count: files,
})

const RECORDS = [
  record('python', 1, 'architectural_understanding', 120_000, 40),
  record('rust', 2, 'bug_investigation', 90_000, 20),
  record('go', 3, 'security_analysis', 70_000, 12),
  record('java', 4, 'code_comprehension', 10_000, 3), // removed by both thresholds
]

const summary = (rejected: number) => ({
  read: RECORDS.length + rejected,
  accepted: RECORDS.length,
  rejected,
  rejected_by_reason: rejected ? { 'invalid-json': rejected } : {},
  by_language: { go: 1, java: 1, python: 1, rust: 1 },
  by_category: { architectural_understanding: 1, bug_investigation: 1, code_comprehension: 1, security_analysis: 1 },
  by_difficulty: { expert: 4 },
  layouts: { A: 4, B: 0, C: 0 },
  projects: 4,
  warnings_by_code: { 'empty-field': 1 },
  warnings_omitted: 0,
  warnings: [{ file: 'output/scenarios/x.json', pointer: '/title', code: 'empty-field', message: HOSTILE }],
})

/** An out dir as extract → select → generate (→ smoke) leave it, with hostile text in every free-text field. */
function outDir(stages: { smoke?: boolean; tasks?: number } = {}): Rig {
  const config = defaultSelectionConfig()
  config.top_n = 2
  const selection = scoreAndSelect(RECORDS, config)
  const r = rig({}, 'lbh-html-')
  const reject = { file: 'output/scenarios/bad.json', reason: 'invalid-json', pointer: '', message: HOSTILE }
  r.write({ 'extract-summary.json': toJson(summary(1)), 'rejects.jsonl': `${JSON.stringify(reject)}\n`, 'dataset.jsonl': '' })
  r.write({ 'scores.jsonl': scoresJsonl(selection.candidates.map(scoresLine)), 'selected_tasks.json': '{}\n' })
  for (const [name, content] of Object.entries(reportFiles(selection, config, selectionConfigHash(config)))) r.write({ [`report/${name}`]: content })
  const chosen = selection.selected.slice(0, stages.tasks ?? selection.selected.length).map((c) => c.record)
  const manifest = {
    generator_version: '0.1.0+0123456789ab',
    tasks: Object.fromEntries(chosen.map((t) => [t.id, { input_hash: 'a'.repeat(64), output_hash: 'b'.repeat(64), language: t.language, project_id: t.project_id }])),
  }
  r.write({ 'tasks/manifest.json': toJson(manifest) })
  for (const t of chosen) r.write({ [`tasks/${t.id}/instruction.md`]: `# ${HOSTILE}\n\nbody\n`, [`tasks/${t.id}/task.toml`]: '[task]\n' })
  if (stages.smoke) {
    const entry = (id: string, language: string, ok: boolean) => ({
      id, language, input_hash: 'a'.repeat(64), output_hash: 'b'.repeat(64), image: `locobench/${id}`, image_id: 'c'.repeat(64), build_seconds: 3.25,
      oracle_reward: ok ? 0.95 : 0.2, empty_reward: 0, status: ok ? 'pass' : 'fail', step: ok ? null : 'oracle', reason: ok ? null : `${id}: oracle: ${HOSTILE}`,
    })
    const report = {
      engine: 'docker', engine_version: '27.0.1', base_image: 'debian:trixie-slim', pass_threshold: 0.9,
      counts: { tasks: chosen.length, built: chosen.length, reused: 0, passed: chosen.length - 1, failed: 1, lint_only: 0 },
      toolchain_layers: { method: 'image-layers', distinct: 2, tasks: chosen.length },
      tasks: chosen.map((t, i) => entry(t.id, t.language, i > 0)),
    }
    r.write({ 'smoke/report.json': toJson(report), 'report/smoke.md': '# Smoke\n' })
  }
  // The fixture must be what the stages write, or the test proves nothing about real pages.
  assert.equal(check('extract-summary.schema.json', JSON.parse(r.read('extract-summary.json'))), [])
  if (stages.smoke) assert.equal(check('smoke-report.schema.json', JSON.parse(r.read('smoke/report.json'))), [])
  assert.equal(check('tasks-manifest.schema.json', manifest), [])
  return r
}

/** Text content of the page with tags stripped, entities kept: where hostile text must appear escaped. */
const withoutHeadAndCharts = (page: string): string => page.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<svg[\s\S]*?<\/svg>/g, '')

test('html`` escapes every interpolated value; SafeHtml and arrays nest without double escaping', () => {
  const cell = html`<td title="${HOSTILE}">${HOSTILE}</td>`
  assert.not.match(cell.text, /<script|<img|onerror=alert\(1\)>/)
  assert.ok(cell.text.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'))
  assert.ok(cell.text.includes('&#39;quoted&#39;'))
  assert.is(html`<tr>${[cell, null, undefined, false, 0]}</tr>`.text, `<tr>${cell.text}0</tr>`)
  assert.is(escapeHtml('\ud800x'), '\ufffdx', 'a lone surrogate cannot make the page invalid UTF-8')
})

test('links from report/ are relative, segment-encoded, and read back to the same out-dir path', () => {
  assert.is(hrefFromReport('report/selection.md'), 'selection.md')
  assert.is(hrefFromReport('tasks/a b#c/task.toml'), '../tasks/a%20b%23c/task.toml')
  assert.is(linkTarget(hrefFromReport('tasks/a b#c/task.toml')), 'tasks/a b#c/task.toml')
  assert.is(linkTarget('#task-x'), null)
  assert.throws(() => linkTarget('https://example.com/x'), /not a relative link/)
  assert.throws(() => linkTarget('../../etc/passwd'), /leaves the out dir/)
})

test('our own charts are inlined as markup; an SVG with anything active becomes a sandboxed <img>', () => {
  // A real label once sent a chart to the fallback: "javascript: 1" in its tooltip.
  const chart = barChartSvg('Selected tasks by language', [{ label: 'rust', value: 3 }, { label: 'javascript', value: 1 }])
  assert.ok(inlineSvg(chart, 'chart').text.startsWith('<svg'))
  for (const bad of ['<svg><script>alert(1)</script></svg>', '<svg onload="alert(1)"></svg>', '<svg><image href="http://x/y.png"/></svg>', '<svg><rect style="fill:url(http://x)"/></svg>']) {
    const out = inlineSvg(bad, 'chart').text
    assert.ok(out.startsWith('<img alt="chart" src="data:image/svg+xml;base64,'), bad)
    assert.not.ok(out.includes('<script') || out.includes('onload='), bad)
  }
})

test('the page shows every section whose artifacts exist, escapes their text and links only to existing files', () => {
  const r = outDir({ smoke: true })
  try {
    const result = writeIndexHtml({ outDir: r.dir })
    assert.equal(result.sections, ['dataset', 'selection', 'tasks', 'smoke'])
    const page = r.read('report/index.html')
    const body = withoutHeadAndCharts(page)
    const leak = /<script|<img|onerror=alert\(1\)>/.exec(body)
    assert.is(leak && body.slice(leak.index - 200, leak.index + 80), null, "hostile text never becomes markup")
    assert.ok(body.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'), 'and is shown as text')
    assert.equal(brokenLinks(page, (rel) => join(r.dir, rel)), [])
    const links = pageLinks(page)
    const ids = Object.keys(JSON.parse(r.read('tasks/manifest.json')).tasks as Record<string, unknown>)
    for (const id of ids) {
      assert.ok(links.includes(`../tasks/${id}/instruction.md`), `instruction of ${id}`)
      assert.ok(links.includes(`../tasks/${id}/task.toml`), `task.toml of ${id}`)
      assert.ok(links.includes(`#task-${id}`), `smoke row links to the task row of ${id}`)
    }
    for (const file of ['selection.md', 'smoke.md', 'selected-by-language.svg', '../extract-summary.json', '../rejects.jsonl', '../smoke/report.json', '../scores.jsonl']) {
      assert.ok(links.includes(file), file)
    }
    assert.ok(links.every((l) => !/^[a-z]+:\/\//i.test(l)), 'nothing absolute or remote')
    assert.is((page.match(/<svg/g) ?? []).length, 3, 'the three charts inline')
    assert.match(page, /Calibration<\/span><span class="what">not produced yet: run the calibrate stage/)
    assert.match(page, /<p class="reports">Reports: <a href="\.\.\/extract-summary\.json">extract-summary\.json<\/a> · <a href="selection\.md">report\/selection\.md<\/a> · <a href="smoke\.md">report\/smoke\.md<\/a> · <a href="\.\.\/smoke\/report\.json">smoke\/report\.json<\/a><\/p>/)
    assert.match(page, /<span class="badge bad">fail<\/span>/)
    assert.match(page, /<\/table><\/div>\n<details><summary>The next 1 that passed but were not selected<\/summary>/, 'candidates below the cut fold away')
    assert.match(page, /0\.9500/, 'oracle rewards shown to 4 places')
  } finally {
    r.dispose()
  }
})

test('a file that is missing gets no link, and a section appears only once its artifact exists', () => {
  const r = outDir({ tasks: 2 })
  try {
    const [first, second] = Object.keys(JSON.parse(r.read('tasks/manifest.json')).tasks as Record<string, unknown>)
    rmSync(r.path(`tasks/${first}/task.toml`))
    rmSync(r.path('rejects.jsonl'))
    const result = writeIndexHtml({ outDir: r.dir })
    assert.equal(result.sections, ['dataset', 'selection', 'tasks'])
    const links = pageLinks(r.read('report/index.html'))
    assert.not.ok(links.includes(`../tasks/${first}/task.toml`))
    assert.ok(links.includes(`../tasks/${first}/instruction.md`))
    assert.ok(links.includes(`../tasks/${second}/task.toml`))
    assert.not.ok(links.includes('../rejects.jsonl'))
    assert.equal(brokenLinks(r.read('report/index.html'), (rel) => join(r.dir, rel)), [])
  } finally {
    r.dispose()
  }
})

test('the same artifacts give the same bytes and the page is not rewritten; a change rewrites it', () => {
  const r = outDir()
  try {
    assert.ok(writeIndexHtml({ outDir: r.dir }).written)
    const before = statSync(r.path('report/index.html')).mtimeMs
    const bytes = r.read('report/index.html')
    assert.not.ok(writeIndexHtml({ outDir: r.dir }).written)
    assert.is(statSync(r.path('report/index.html')).mtimeMs, before)
    assert.is(renderIndexHtml(readReportData({ outDir: r.dir })), bytes, 'rendering is a function of the artifacts')
    r.write({ 'extract-summary.json': toJson(summary(3)) })
    assert.ok(writeIndexHtml({ outDir: r.dir }).written)
    assert.match(r.read('report/index.html'), /4 accepted, 3 rejected/)
  } finally {
    r.dispose()
  }
})

test('a damaged artifact costs its own section only, and the page says which file and why', () => {
  const r = outDir({ smoke: true })
  try {
    writeFileSync(r.path('smoke/report.json'), '{"engine": "docker"')
    writeFileSync(r.path('extract-summary.json'), toJson({ read: 'many' }))
    const result = writeIndexHtml({ outDir: r.dir })
    assert.equal(result.sections, ['dataset', 'selection', 'tasks', 'smoke'])
    const page = r.read('report/index.html')
    assert.match(page, /<code>smoke\/report\.json<\/code> could not be read/)
    assert.match(page, /<code>extract-summary\.json<\/code> could not be read[\s\S]*does not match extract-summary\.schema\.json/)
    assert.match(page, /unreadable: smoke\/report\.json/)
    assert.match(page, /<section id="tasks">[\s\S]*<table class="tasks">/, 'the tasks still render')
    r.write({ 'extract-summary.json': toJson(summary(1)), 'rejects.jsonl': '{"file": "output/scenarios/x.json",\n' })
    writeIndexHtml({ outDir: r.dir })
    assert.match(r.read('report/index.html'), /<code>rejects\.jsonl<\/code> could not be read[\s\S]*line 1:/, 'the damaged file is the one named')
  } finally {
    r.dispose()
  }
})

test('a stage can point the page at its staged outputs and pass section data it already has', () => {
  const r = outDir()
  const staging = rig({}, 'lbh-html-staging-')
  const withSmoke = outDir({ smoke: true })
  try {
    staging.write({ 'smoke/report.json': withSmoke.read('smoke/report.json') })
    const staged = new Set(['smoke/report.json', 'report/index.html'])
    const locate = (rel: string) => (staged.has(rel) ? staging.path(rel) : r.path(rel))
    const result = writeIndexHtml({ outDir: r.dir, locate, sections: { calibration: undefined } })
    assert.is(result.file, staging.path('report/index.html'), 'written where the stage stages it')
    assert.equal(result.sections, ['dataset', 'selection', 'tasks', 'smoke'])
    assert.ok(pageLinks(staging.read('report/index.html')).includes('../smoke/report.json'))
  } finally {
    withSmoke.dispose()
    staging.dispose()
    r.dispose()
  }
})

test('html-cli.ts writes the page for an existing out dir and refuses a missing one', () => {
  const r = outDir()
  try {
    const cli = join(import.meta.dirname, '..', 'scripts', 'report', 'html-cli.ts')
    const first = spawnSync(process.execPath, [cli, '--out', r.dir], { encoding: 'utf8' })
    assert.is(first.status, 0, first.stderr)
    assert.is(first.stdout.trim(), `wrote ${pathToFileURL(r.path('report/index.html')).href} (dataset, selection, tasks)`)
    const again = spawnSync(process.execPath, [cli, '--out', r.dir], { encoding: 'utf8' })
    assert.match(again.stdout, /^unchanged /)
    const missing = spawnSync(process.execPath, [cli, '--out', r.path('nope')], { encoding: 'utf8' })
    assert.is(missing.status, 1)
    assert.match(missing.stderr, /no out dir at .*nope/)
  } finally {
    r.dispose()
  }
})

// ---- calibration: the report's schema is still being settled, so several shapes must read ----------

// What `scripts/verifier/calibrate-cli.ts --json` prints per ground truth (a CalibrationRow).
const row = (id: string, oracle: number, problems: string[] = []) => ({ id, oracle, stuffed: 0.41, partial: 0.52, empty: 0, problems })

test('calibration: calibrate.ts rows read as task × answer kind, with verdicts', () => {
  const rows = [row('task_a', 0.97), row('task_b', 0.5, ['oracle 0.5 < pass threshold 0.9'])]
  const data = calibrationFromJson({ pass_threshold: 0.9, stuffed_margin: 0.15, tasks: rows })
  assert.equal(data.kinds, ['oracle', 'stuffed', 'partial', 'empty'])
  assert.equal(data.tasks.map((t) => [t.id, t.verdict]), [['task_a', 'ok'], ['task_b', 'fail']])
  assert.is(data.tasks[0].scores.find(([k]) => k === 'oracle')![1], rows[0].oracle)
  assert.equal(data.facts, [['pass_threshold', '0.9'], ['stuffed_margin', '0.15']])
  assert.equal(data.notes, [])
})

test('calibration: id-keyed entries with nested reward objects, a bare list, and nonsense all render', () => {
  const nested = calibrationFromJson({ summary: { tasks: 1 }, results: { t1: { answers: { oracle: { reward: 0.97 }, empty: { reward: 0 }, odd: 'n/a' }, pass: true } } })
  assert.equal(nested.tasks, [{ id: 't1', scores: [['oracle', 0.97], ['empty', 0]], flagged: [], problems: [], verdict: 'pass' }])
  assert.equal(nested.facts, [['summary.tasks', '1']])
  const bare = calibrationFromJson([{ task_id: 'x', oracle: 1, rank: 3 }, 'junk'])
  assert.equal(bare.tasks.map((t) => [t.id, t.scores]), [['x', [['oracle', 1]]]])
  assert.equal(bare.notes, ['entry #2 is not an object; skipped'])
  assert.match(calibrationFromJson({ hello: 'world' }).notes[0], /no per-task list found/)
  assert.equal(calibrationFromJson(42).tasks, [])
})

test('calibration: the verifier\'s CalibrationReport reads with roles, summary, marked cells and global margins', () => {
  const broken = { task: 'task_b', answer: 'keyword_repetition' as const, score: 0.41, margin: 'cheat_max' as const, limit: 0.3, message: 'task_b: keyword_repetition 0.41 > cheat_max 0.3' }
  const median = { task: '*', answer: 'path_list' as const, score: 0.2, margin: 'cheat_median_max' as const, limit: 0.15, message: 'median path_list 0.2 > cheat_median_max 0.15' }
  const report = {
    tasks_dir: 'out/tasks',
    margins: { oracle_min: 0.9, empty_max: 0, cheat_max: 0.3, cheat_median_max: 0.15, paraphrase_min: 0.8, other_question_max: 0.5 },
    tasks: [
      { id: 'task_a', project_id: 'p', scores: { oracle: 0.97, empty: 0, keyword_repetition: 0.1 }, borrowed: {}, broken: [] },
      { id: 'task_b', project_id: 'p', scores: { oracle: 0.95, empty: 0, keyword_repetition: 0.41 }, borrowed: { other_question_oracle: 'task_a' }, broken: [broken] },
    ],
    summary: { oracle: { role: 'correct', n: 2, min: 0.95, median: 0.96, max: 0.97 }, keyword_repetition: { role: 'cheat', n: 2, min: 0.1, median: 0.255, max: 0.41 } },
    broken: [broken, median],
    ok: false,
  } satisfies CalibrationReport
  const data = calibrationFromJson(report)
  assert.equal(data.kinds, ['oracle', 'empty', 'keyword_repetition'])
  assert.equal(data.roles, { oracle: 'correct', keyword_repetition: 'cheat' })
  assert.equal(data.tasks.map((t) => [t.id, t.verdict, t.flagged]), [['task_a', 'ok', []], ['task_b', 'fail', ['keyword_repetition']]])
  assert.equal(data.broken, [median.message], 'the per-task margin shows in its row, the median one above the table')
  assert.equal(data.summary.columns, ['role', 'n', 'min', 'median', 'max'])
  assert.equal(data.summary.rows[1], ['keyword_repetition', { role: 'cheat', n: '2', min: '0.1000', median: '0.2550', max: '0.4100' }])
  assert.ok(data.facts.some(([k, v]) => k === 'margins.cheat_max' && v === '0.3'))
  assert.ok(data.facts.some(([k, v]) => k === 'ok' && v === 'false'))
  assert.not.ok(data.facts.some(([k]) => k.startsWith('summary') || k.startsWith('broken')), 'consumed keys are not repeated as facts')
  const page = renderIndexHtml({ calibration: { ...data, charts: [], files: [] } })
  assert.match(page, /<td class="num flagged" title="0\.4100">0\.41<\/td>/)
  assert.match(page, /median path_list 0\.2 &gt; cheat_median_max 0\.15/)
})

test('calibration: the section appears once calibration/report.json exists, hostile ids escaped', () => {
  const r = outDir()
  try {
    assert.not.ok(writeIndexHtml({ outDir: r.dir }).sections.includes('calibration'))
    r.write({ 'calibration/report.json': toJson({ tasks: [row(HOSTILE, 0.93)] }) })
    const data = readReportData({ outDir: r.dir }).calibration
    assert.ok(data && !isUnreadable(data) && data.tasks.length === 1)
    assert.ok(writeIndexHtml({ outDir: r.dir }).sections.includes('calibration'))
    const page = r.read('report/index.html')
    assert.match(page, /<section id="calibration">[\s\S]*<table class="calibration">/)
    assert.not.match(withoutHeadAndCharts(page), /<script|onerror=alert\(1\)>/)
    assert.ok(pageLinks(page).includes('../calibration/report.json'))
  } finally {
    r.dispose()
  }
})

test.run()
