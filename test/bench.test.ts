import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { judge, RULES } from '../scripts/bench/budgets.ts'
import { MEASUREMENT_IDS, QUICK_SKIP } from '../scripts/bench/cases.ts'
import { parseEvents, parseTimeOutput } from '../scripts/bench/child.ts'
import { summarize, type RunOutcome } from '../scripts/bench/measure.ts'
import { budgetTable, formatBytes, formatMs, renderMarkdown } from '../scripts/bench/bench-render.ts'
import { median, stat, statOf } from '../scripts/bench/stats.ts'
import { extractCounts, generateCounts, selectCounts } from '../scripts/bench/summaries.ts'
import type { DiskMeasurement, Measurement, Results } from '../scripts/bench/bench-types.ts'
import { deepMerge, retitle, type GraphRun } from '../scripts/bench/workspace.ts'
import { sha256File } from '../scripts/lib/hash.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')

// ---- fixtures ----------------------------------------------------------------------------------

const spec = (id: string) => ({ id, title: `title of ${id}`, command: `node Taskfile.ts ${id}`, setup: 'nothing' })

const outcome = (wallMs: number, over: Partial<RunOutcome> = {}): RunOutcome => ({ wallMs, maxRssKiB: null, stageMs: {}, figures: {}, checks: [], ...over })

/** A measurement of `id` whose runs took these wall times (and, optionally, this peak memory). */
function measured(id: string, walls: number[], over: Partial<RunOutcome> = {}): Measurement {
  return summarize(spec(id), walls.map((w) => outcome(w, over)), 0.5)
}

/** `extraKiB` is what the tasks add beyond the data; du of out/tasks alone also counts linked data. */
const disk8000 = (extraKiB: number): DiskMeasurement => ({ id: 'tasks-8000-link', title: '8000 tasks', tasks: 8000, link: 'auto', linked: 10, copied: 0, tasksKiB: extraKiB + 700_000, extraKiB })

const budget = (budgets: ReturnType<typeof judge>, id: string) => budgets.find((b) => b.id === id)!

function results(measurements: Measurement[], disk: DiskMeasurement[] = []): Results {
  return {
    format: 1, command: 'node scripts/bench.ts --runs 3', startedAt: '2026-01-01T00:00:00Z', durationSec: 61,
    machine: { cores: 2, cpuModel: 'cpu', memoryMiB: 4096, node: 'v24.0.0', kernel: '6.1', platform: 'linux', loadAverage: { start: [0.5, 0.4, 0.3], end: [1, 0.9, 0.8] } },
    code: { commit: 'abc', uncommitted: [] },
    data: { source: 'synthesized', projects: 1000, seed: '1', scenarios: 8000, accepted: 8000, diskKiB: 800_000, sameFileSystem: true },
    settings: { runs: 3, runsSlow: 3, runs8000: 2, smokeEnv: { CONTAINER_ENGINE: 'docker' }, warmups: true, skipped: [] },
    measurements, disk, budgets: judge(measurements, disk),
  }
}

const graphRun = (summaries: Record<string, string>): GraphRun => ({
  wallMs: 1, maxRssKiB: null, skipped: [],
  ran: Object.fromEntries(Object.entries(summaries).map(([stage, summary]) => [stage, { durationMs: 1, summary, changedCount: 0, logs: [] }])),
})

// ---- statistics ----------------------------------------------------------------------------------

test('the median of an odd count is the middle value, whatever the run order', () => {
  assert.is(median([30, 10, 20]), 20)
})

test('the median of an even count is the mean of the two middle values', () => {
  assert.is(median([4, 1, 3, 2]), 2.5)
})

test('a stat keeps the runs in order with their median and spread', () => {
  assert.equal(stat([5, 1, 9]), { values: [5, 1, 9], median: 5, min: 1, max: 9 })
})

test('statOf leaves out runs without a value, and is undefined when no run has one', () => {
  assert.equal(statOf([null, 4, undefined, 2]), { values: [4, 2], median: 3, min: 2, max: 4 })
  assert.is(statOf([null, null]), undefined)
})

test('summarize merges a check per expectation: one failed run fails it and is named', () => {
  const ok = { expectation: 'builds 1 task', passed: true, detail: '1 built' }
  const bad = { expectation: 'builds 1 task', passed: false, detail: '50 built' }
  const m = summarize(spec('edit-scenario'), [outcome(10, { checks: [ok] }), outcome(20, { checks: [bad] }), outcome(30, { checks: [ok] })], 1)
  assert.equal(m.checks, [{ expectation: 'builds 1 task', passed: false, detail: '1 of 3 runs: 50 built' }])
  assert.is(m.wallMs.median, 20)
})

test('summarize gives a stage a stat only over the runs in which it ran', () => {
  const m = summarize(spec('x'), [outcome(10, { stageMs: { extract: 4 } }), outcome(20, { stageMs: { extract: 8, select: 2 } })], 1)
  assert.equal(m.stageMs.extract.values, [4, 8])
  assert.equal(m.stageMs.select.values, [2])
})

// ---- budgets ------------------------------------------------------------------------------------

test('a time budget is met below its limit and missed at it', () => {
  assert.is(budget(judge([measured('noop-all', [200, 250, 900])], []), 'noop-all').met, true)
  assert.is(budget(judge([measured('noop-all', [300, 300, 100])], []), 'noop-all').met, false)
})

test('a no-op through npx zx is judged on its own, under 0.6 s', () => {
  const judged = (ms: number) => budget(judge([measured('noop-all', [250]), measured('noop-all-npx-zx', [ms])], []), 'noop-all-npx-zx').met
  assert.is(judged(599), true)
  assert.is(judged(600), false)
  assert.is(budget(judge([measured('noop-all', [250])], []), 'noop-all-npx-zx').met, null)
})

test('cold select is judged against half the original adapter\'s 0.39 s', () => {
  const judged = (ms: number) => budget(judge([measured('cold-select', [ms])], []), 'cold-select')
  assert.is(judged(194).met, true)
  assert.is(judged(195).met, false)
  assert.is(judged(194).original, '0.39 s')
})

test('a budget whose measurement did not run is not measured, never met', () => {
  const b = budget(judge([], []), 'cold-extract')
  assert.is(b.measured, null)
  assert.is(b.met, null)
})

test('the one-edit budget is missed when the run was not a one-file edit, however fast, and says why', () => {
  const wrong = { expectation: 'extract parses 1 file', passed: false, detail: '8000 parsed' }
  const b = budget(judge([measured('edit-scenario', [100], { checks: [wrong] })], []), 'one-scenario-edit')
  assert.is(b.met, false)
  assert.ok(b.reason?.includes('8000 parsed'))
})

test('a memory budget takes the worst run of every process that ran the stage', () => {
  const kib = (mb: number) => (mb * 1e6) / 1024
  const gen50 = measured('cold-generate-50', [1], { maxRssKiB: kib(120) })
  const gen8000 = measured('all-8000-link', [1], { maxRssKiB: kib(250) })
  const b = budget(judge([gen50, gen8000], []), 'memory-generate')
  assert.is(Math.round(b.measured! / 1e6), 250)
  assert.is(b.met, false)
})

test('the 8,000-task disk budget compares what out/tasks adds beyond the data against 1.2 GB', () => {
  assert.is(budget(judge([], [disk8000(1_000_000)]), 'all-8000-disk').met, true) // 1.024 GB
  assert.is(budget(judge([], [disk8000(1_200_000)]), 'all-8000-disk').met, false) // 1.2288 GB
})

test('the 8,000-task budgets are not judged on a run that built fewer tasks', () => {
  const small = measured('all-8000-link', [3000], { figures: { built: 160 } })
  const b = budget(judge([small], [disk8000(1000)]), 'all-8000-time')
  assert.is(b.met, null)
  assert.ok(b.reason?.includes('160 tasks'))
  assert.is(budget(judge([small], [disk8000(1000)]), 'all-8000-disk').met, null)
})

test('a reason typed in for a budget is kept when it is judged again', () => {
  const b = budget(judge([measured('noop-all', [900])], [], { 'noop-all': 'plan hashes every input' }), 'noop-all')
  assert.is(b.reason, 'plan hashes every input')
})

test('the smoke layer budget is listed as not measured with the reason', () => {
  const b = budget(judge([], []), 'smoke-layers')
  assert.is(b.met, null)
  assert.ok(b.reason?.includes('container engine'))
})

// ---- rendering ----------------------------------------------------------------------------------

test('durations and sizes are formatted with fixed precision', () => {
  assert.is(formatMs(412.4), '412 ms')
  assert.is(formatMs(4212), '4.21 s')
  assert.is(formatMs(101_240), '101.2 s')
  assert.is(formatBytes(1_234_000_000), '1.23 GB')
  assert.is(formatBytes(45_600_000), '45.6 MB')
})

test('the budget table has one row per budget with its verdict', () => {
  const table = budgetTable(judge([measured('noop-all', [250]), measured('cold-extract', [700])], []))
  const rows = table.split('\n').slice(2)
  assert.is(rows.length, RULES.length)
  assert.ok(rows.find((r) => r.startsWith('| no-op `all` (everything fresh)'))!.includes('| met |'))
  assert.ok(rows.find((r) => r.startsWith('| cold extract'))!.includes('| **missed** |'))
  assert.ok(rows.find((r) => r.startsWith('| all 8,000 tasks: time'))!.includes('| not measured |'))
})

test('the report is the same bytes for the same results and has a table for each measurement', () => {
  const r = results([measured('cold-graph', [5000, 6000, 5500]), measured('noop-all', [300, 320, 310])])
  const md = renderMarkdown(r)
  assert.is(renderMarkdown(structuredClone(r)), md)
  assert.ok(md.includes('### title of cold-graph'))
  assert.ok(md.includes('| wall (child process, spawn to exit) | 5.50 s | 5.00 s | 6.00 s |'))
  assert.ok(md.includes('| title of noop-all | 3 | 310 ms | 300 ms – 320 ms |'))
})

test('the report names the Node options every run was measured under, and says nothing for results that did not record them', () => {
  const withOptions = (nodeOptions?: string) => {
    const r = results([measured('noop-all', [300])])
    return renderMarkdown({ ...r, machine: { ...r.machine, nodeOptions } })
  }
  assert.ok(withOptions('--max-semi-space-size=8').includes('- Node options of every measured run (NODE_OPTIONS): `--max-semi-space-size=8`.\n'))
  assert.ok(withOptions('').includes('- Node options of every measured run (NODE_OPTIONS): none.\n'))
  assert.not.ok(withOptions(undefined).includes('Node options'))
})

test('a pipe in a check detail does not break the table', () => {
  const m = measured('noop-all', [300], { checks: [{ expectation: 'no stage runs', passed: true, detail: 'a | b' }] })
  m.title = 'x | y'
  assert.ok(renderMarkdown(results([m])).includes('| x \\| y |'))
})

// ---- helpers that read the engine and the data --------------------------------------------------

test('GNU time output is read from its last line, also after a non-zero exit', () => {
  assert.is(parseTimeOutput('91234\n'), 91234)
  assert.is(parseTimeOutput('Command exited with non-zero status 1\n88000\n'), 88000)
  assert.is(parseTimeOutput(''), null)
})

test('events are the JSON lines of stdout; other lines are ignored', () => {
  const events = parseEvents('{"type":"skip","stage":"extract"}\nnot json\n{broken\n{"type":"done","stage":"select","durationMs":3}\n')
  assert.equal(events.map((e) => e.type), ['skip', 'done'])
})

test('stage counts come from the done summaries; a missing figure is null', () => {
  const run = graphRun({
    extract: '8000 read, 7990 accepted, 10 rejected; 1 parsed, 7999 reused',
    select: '7990 read, 7100 passed, 50 selected',
    generate: '1 built, 49 kept, 0 removed (project files: 92 linked, 0 copied)',
  })
  assert.equal(extractCounts(run), { read: 8000, accepted: 7990, rejected: 10, parsed: 1, reused: 7999 })
  assert.equal(selectCounts(run), { passed: 7100, selected: 50 })
  assert.equal(generateCounts(run), { built: 1, kept: 49, removed: 0, linked: 92, copied: 0, copiesReused: 0 })
  assert.equal(generateCounts(graphRun({ generate: '0 built, 50 kept, 0 removed' })).linked, 0)
  const rebuilt = generateCounts(graphRun({ generate: '50 built, 0 kept, 0 removed (project files: 0 linked, 0 copied, 4756 copies reused)' }))
  assert.equal([rebuilt.copied, rebuilt.copiesReused], [0, 4756])
  assert.is(extractCounts(graphRun({})).parsed, null)
})

test('a retitled scenario carries one marker: a later edit replaces the earlier', () => {
  const text = '{\n  "id": "a",\n  "title": "Plan B",\n  "description": "x"\n}'
  const once = retitle(text, '1')
  assert.is(JSON.parse(once).title, '[bench edit 1] Plan B')
  assert.is(JSON.parse(retitle(once, '2')).title, '[bench edit 2] Plan B')
  assert.throws(() => retitle('{"id": "a"}', '1'), /no "title"/)
})

test('a config patch merges into nested sections and leaves the others alone', () => {
  const base = { selection: { top_n: 50, weights: { context: 0.3, files: 0.3 } }, tasks: { link: 'auto' } }
  assert.equal(deepMerge(base, { selection: { weights: { context: 0.45 } } }), {
    selection: { top_n: 50, weights: { context: 0.45, files: 0.3 } },
    tasks: { link: 'auto' },
  })
})

// ---- end to end ---------------------------------------------------------------------------------

test('a quick run on 2 projects writes every measurement it was asked for and leaves the repo alone', () => {
  using work = rig({}, 'bench-e2e-')
  const dir = work.dir
  const watched = ['templates/instruction.md.ejs', 'locobench.config.json5'].map((f) => join(ROOT, f))
  const before = watched.map((f) => sha256File(f))
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'bench.ts'), '--projects', '2', '--runs', '1', '--quick', '--work', dir, '--out-json', join(dir, 'results.json'), '--out-md', join(dir, 'RESULTS.md')], { encoding: 'utf8' })
  assert.is(run.status, 0, run.stderr)
  const r = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results
  assert.equal(r.measurements.map((m) => m.id), MEASUREMENT_IDS.filter((id) => !QUICK_SKIP.includes(id)))
  assert.equal(r.settings.skipped, QUICK_SKIP)
  for (const m of r.measurements) {
    assert.is(m.runs, 1, m.id)
    assert.ok(m.checks.every((c) => c.passed), `${m.id}: ${JSON.stringify(m.checks)}`)
  }
  assert.equal(r.disk.map((d) => d.id), ['tasks-50-link', 'tasks-50-copy'])
  assert.ok(r.disk[0].linked! > 0 && r.disk[0].copied === 0)
  assert.ok(r.disk[1].copied! > 0 && r.disk[1].linked === 0)
  assert.equal(r.budgets.map((b) => b.id), RULES.map((rule) => rule.id))
  assert.is(readFileSync(join(dir, 'RESULTS.md'), 'utf8'), renderMarkdown(r))
  assert.equal(watched.map((f) => sha256File(f)), before)
})

test.run()
