// The report stage in the real graph (Taskfile.ts) on the bundled sample, with no container engine
// (smoke runs its local checks): `all` writes report/index.html and ends its summary with the
// page's path; a rerun keeps it fresh; the calibrate stage's report, edited by hand, is written
// again with the same bytes from its recorded tasks, so the page stays fresh.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import type { RunSummaryReport } from '../scripts/engine/run-summary.ts'
import { check } from '../scripts/lib/schemas.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const suite = rig({ 'config.json5': JSON.stringify({ selection: { top_n: 2, include: { languages: ['python'] } } }) }, 'lbh-report-stage-')
const work = suite.dir
const out = join(work, 'out')
const config = join(work, 'config.json5')
// No engine answers: smoke lints and runs the oracle and empty-answer checks locally.
const NO_ENGINE = { DOCKER_HOST: 'unix:///nonexistent/docker.sock', CONTAINER_ENGINE: 'docker', CI: '1' }

function taskfile(args: string[]) {
  return spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), ...args, '--data', join(ROOT, 'data', 'sample'), '--out', out, '--config', config], {
    cwd: work,
    encoding: 'utf8',
    env: { ...process.env, ...NO_ENGINE },
  })
}

type Event = EngineEvent | { type: 'summary'; summary: RunSummaryReport }
const events = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Event)
const started = (all: Event[]) => all.filter((e) => e.type === 'start').map((e) => (e as { stage: string }).stage)

test('all writes report/index.html last and lists it in the summary; a rerun keeps it fresh', () => {
  const first = taskfile(['all', '--json', '--summary', join(work, 'summary.json')])
  assert.is(first.status, 0, first.stderr)
  const run = events(first.stdout)
  assert.is(started(run).at(-1), 'report', 'the report runs after every stage it reads')
  const done = run.find((e) => e.type === 'done' && e.stage === 'report') as Extract<EngineEvent, { type: 'done' }>
  assert.is(done.summary, 'sections: dataset, selection, tasks, smoke, calibration')
  const page = readFileSync(join(out, 'report', 'index.html'), 'utf8')
  assert.match(page, /^<!doctype html>/i)

  const summary = (run.at(-1) as { summary: RunSummaryReport }).summary
  assert.equal(summary.links.at(-1), { show: 'report', stage: 'report', path: join(out, 'report', 'index.html') })
  assert.ok(summary.links.some((l) => l.show === 'dataset' && l.path === join(out, 'tasks')))
  const written = JSON.parse(readFileSync(join(work, 'summary.json'), 'utf8'))
  assert.equal(check('run-summary.schema.json', written), [])
  assert.equal(written.stages.map((s: { stage: string; result: string }) => s.result), summary.stages.map(() => 'ran'))

  // Plain output: the table, then the shown outputs, the page last.
  const again = taskfile(['all'])
  assert.is(again.status, 0, again.stderr)
  const lines = again.stdout.trimEnd().split('\n')
  assert.match(lines.find((l) => l.startsWith('report ')) ?? '', /^report\s+skipped\s+-\s+fresh$/)
  assert.is(lines.at(-1), 'report   out/report/index.html')
  const rows = lines.slice(lines.findIndex((l) => l.startsWith('stage ')) + 1).filter((l) => /^\w+\s+(ran|skipped|failed)\s/.test(l))
  assert.ok(rows.length >= 5 && rows.every((l) => /^\w+\s+skipped\s+-\s+fresh$/.test(l)), rows.join('\n'))
  assert.is(readFileSync(join(out, 'report', 'index.html'), 'utf8'), page)
})

test('calibrate runs before the report; its report edited by hand comes back byte for byte, the page stays fresh', () => {
  const graph = taskfile(['graph'])
  assert.match(graph.stdout, /"generate" -> "calibrate";/)
  assert.match(graph.stdout, /"calibrate" -> "report";/)

  const file = join(out, 'calibration', 'report.json')
  const before = readFileSync(file, 'utf8')
  assert.match(readFileSync(join(out, 'report', 'index.html'), 'utf8'), /<section id="calibration">/)
  writeFileSync(file, JSON.stringify({ tasks: [{ id: 'demo_task', scores: { oracle: 1, empty: 0 } }] }))
  const run = taskfile(['all', '--json'])
  assert.is(run.status, 0, run.stderr)
  const all = events(run.stdout)
  assert.equal(started(all), ['calibrate'])
  const start = all.find((e) => e.type === 'start') as Extract<EngineEvent, { type: 'start' }>
  assert.equal(start.reasons, [{ kind: 'output-modified', path: relative(ROOT, file) }])
  const done = all.find((e) => e.type === 'done') as Extract<EngineEvent, { type: 'done' }>
  assert.match(done.summary ?? '', /, 0 scored, 2 kept \(/)
  assert.is(readFileSync(file, 'utf8'), before)
})

test.after(() => suite.dispose())

test.run()
