// The real graph (Taskfile.ts) on a copy of the bundled sample: what reruns after which change,
// and the calibration of every task generated from the sample, scored by real python3.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import { calibrateTasks } from '../scripts/verifier/calibration.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const TASKFILE = join(ROOT, 'Taskfile.ts')
const suite = rig({}, 'lbh-taskfile-')
const work = suite.dir
const data = suite.copy(join(ROOT, 'data', 'sample'), 'data')

interface Run {
  status: number | null
  events: EngineEvent[]
  stderr: string
  ran: string[]
  reasons: Record<string, string[]>
  done: Record<string, Extract<EngineEvent, { type: 'done' }>>
}

function taskfile(args: string[], options: { out: string; config?: Record<string, unknown>; env?: Record<string, string> }): Run {
  const config = join(options.out, '..', `${options.out.split('/').pop()}.config.json5`)
  writeFileSync(config, JSON.stringify(options.config ?? {}))
  const run = spawnSync(process.execPath, [TASKFILE, ...args, '--json', '--data', data, '--out', options.out, '--config', config], {
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  })
  const events = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as EngineEvent)
  const starts = events.filter((e): e is Extract<EngineEvent, { type: 'start' }> => e.type === 'start')
  return {
    status: run.status,
    events,
    stderr: run.stderr,
    ran: starts.map((e) => e.stage),
    reasons: Object.fromEntries(starts.map((e) => [e.stage, e.reasons.map((r) => ('path' in r ? `${r.kind} ${r.path}` : 'part' in r ? `${r.kind} ${r.part}` : 'stage' in r ? `${r.kind} ${r.stage}` : r.kind))])),
    done: Object.fromEntries(events.filter((e): e is Extract<EngineEvent, { type: 'done' }> => e.type === 'done').map((e) => [e.stage, e])),
  }
}

const out = join(work, 'out')

test('the sample builds extract → select → generate, and a second run reruns nothing', () => {
  const first = taskfile(['generate'], { out })
  assert.is(first.status, 0, first.stderr)
  assert.equal(first.ran, ['extract', 'select', 'generate'])
  assert.match(first.done.generate.summary ?? '', /^50 built, 0 kept, 0 removed/)
  const second = taskfile(['generate'], { out })
  assert.is(second.status, 0, second.stderr)
  assert.equal(second.ran, [])
})

test('changing only a selection weight reruns select and generate but not extract', () => {
  const run = taskfile(['generate'], { out, config: { selection: { weights: { context: 0.5 } } } })
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.ran, ['select', 'generate'])
  assert.equal(run.reasons.select, ['recipe-changed value:selection'])
  assert.equal(run.reasons.generate, ['dependency-ran select'])
  // Back to the defaults: the same selection as before, so generate keeps every task it has.
  const back = taskfile(['generate'], { out })
  assert.equal(back.ran, ['select', 'generate'])
})

test('editing one selected scenario re-parses one file and regenerates one task', () => {
  const selected = JSON.parse(readFileSync(join(out, 'selected_tasks.json'), 'utf8')) as { tasks: { id: string }[] }
  const id = selected.tasks[7].id
  const file = join(data, 'output', 'scenarios', `${id}.json`)
  writeFileSync(file, readFileSync(file, 'utf8').replace('"title": "', '"title": "Revised: '))
  const run = taskfile(['generate'], { out })
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.ran, ['extract', 'select', 'generate'])
  assert.equal(run.reasons.extract, [`input-changed ${relative(ROOT, file)}`])
  assert.match(run.done.extract.summary ?? '', /1 parsed, 159 reused/)
  assert.match(run.done.generate.summary ?? '', /^1 built, 49 kept, 0 removed/)
  assert.match(readFileSync(join(out, 'tasks', id, 'instruction.md'), 'utf8'), /^# Revised: /)
})

test('clean extract select keeps their content caches: the rebuild reads no project file, checks no project for leaks, and writes the same outputs; --force trusts none', () => {
  const fresh = join(work, 'out-clean')
  const logs = (run: Run, stage: string) => run.events.flatMap((e) => (e.type === 'log' && e.stage === stage ? [e.message] : []))
  const outputs = () => ['dataset.jsonl', 'scores.jsonl', 'selected_tasks.json'].map((f) => readFileSync(join(fresh, f), 'utf8'))
  const first = taskfile(['select'], { out: fresh })
  assert.is(first.status, 0, first.stderr)
  assert.match(logs(first, 'extract').join('\n'), /20 projects scanned, 778 project files read/)
  assert.match(logs(first, 'select').join('\n'), /leak check: 20 projects checked, 0 reused/)
  const before = outputs()
  const cleaned = spawnSync(process.execPath, [TASKFILE, 'clean', 'extract', 'select', '--data', data, '--out', fresh], { encoding: 'utf8' })
  assert.is(cleaned.status, 0, cleaned.stderr)
  assert.not.ok(existsSync(join(fresh, 'dataset.jsonl')))
  // Where an older version kept these caches: a run removes them.
  const legacy = ['cache/extract/projects.jsonl', 'cache/select/leak-cache.jsonl'].map((f) => join(fresh, '.taskcache', f))
  for (const file of legacy) {
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, 'an older version\n')
  }
  const again = taskfile(['select'], { out: fresh })
  assert.equal(again.ran, ['extract', 'select'])
  assert.equal(again.reasons.extract, ['no-record'])
  assert.match(logs(again, 'extract').join('\n'), /160 scenario files parsed, 0 reused; 20 projects scanned, 0 project files read/)
  assert.match(logs(again, 'select').join('\n'), /leak check: 0 projects checked, 20 reused/)
  assert.equal(outputs(), before)
  assert.equal(legacy.filter((file) => existsSync(file)), [])
  // --force trusts no cache: every project file is read and every project checked again.
  const forced = taskfile(['select', '--force', 'extract', '--force', 'select'], { out: fresh })
  assert.is(forced.status, 0, forced.stderr)
  assert.match(logs(forced, 'extract').join('\n'), /20 projects scanned, 778 project files read/)
  assert.match(logs(forced, 'select').join('\n'), /leak check: 20 projects checked, 0 reused/)
  assert.equal(outputs(), before)
})

test('tasks generated from the sample calibrate with their own verify.py: every margin holds (python3)', async () => {
  const ids = readdirSync(join(out, 'tasks')).filter((d) => existsSync(join(out, 'tasks', d, 'tests', 'ground_truth.json')))
  assert.is(ids.length, 50)
  // One task per language keeps this quick; the whole sample is measured in README's table.
  const perLanguage = new Map<string, string>()
  for (const id of ids.sort()) if (!perLanguage.has(id.split('_')[0])) perLanguage.set(id.split('_')[0], id)
  const report = await calibrateTasks({ tasksDir: join(out, 'tasks'), taskIds: [...perLanguage.values()] })
  assert.ok(report.tasks.length >= 8, `${report.tasks.length} languages`)
  assert.equal(report.broken.filter((b) => b.task !== '*'), [])
  for (const t of report.tasks) {
    assert.ok(t.scores.oracle! >= 0.9 && t.scores.empty === 0, t.id)
    for (const kind of ['instruction_copy', 'path_list', 'project_dump', 'dump_word_pairs', 'other_project_oracle'] as const) assert.ok(t.scores[kind]! <= 0.3, `${t.id} ${kind} ${t.scores[kind]}`)
  }
})

test('the oracle passes and the empty answer scores 0 through the real solve.sh and test.sh', () => {
  const id = readdirSync(join(out, 'tasks')).find((d) => d.startsWith('rust_'))!
  const task = join(out, 'tasks', id)
  for (const withAnswer of [true, false]) {
    const logs = suite.mkdir(`logs-${withAnswer ? 'oracle' : 'empty'}`)
    const env = { ...process.env, LOGS_DIR: logs, TESTS_DIR: join(task, 'tests'), SOLUTION_DIR: join(task, 'solution') }
    if (withAnswer) assert.is(spawnSync('bash', [join(task, 'solution', 'solve.sh')], { env }).status, 0)
    spawnSync('bash', [join(task, 'tests', 'test.sh')], { env })
    const reward = JSON.parse(readFileSync(join(logs, 'verifier', 'reward.json'), 'utf8')) as Record<string, number>
    if (withAnswer) assert.ok(reward.reward >= 0.9, JSON.stringify(reward))
    else assert.is(reward.reward, 0)
    assert.equal(Object.keys(reward), ['reward'], 'reward.json holds exactly one key (Harbor makes every key a metric)')
    assert.is(Number(readFileSync(join(logs, 'verifier', 'reward.txt'), 'utf8')), reward.reward)
  }
})

test('without an engine smoke runs the local checks; a rerun is a no-op; an engine appearing makes it stale', () => {
  const small = join(work, 'out-smoke')
  const config = { selection: { top_n: 2, include: { languages: ['python'] } } }
  const none = { DOCKER_HOST: 'unix:///nonexistent/docker.sock', CONTAINER_ENGINE: 'docker' }
  const first = taskfile(['smoke'], { out: small, config, env: none })
  assert.is(first.status, 0, first.stderr)
  assert.ok(first.ran.includes('smoke'))
  const report = JSON.parse(readFileSync(join(small, 'smoke', 'report.json'), 'utf8')) as { engine: string; tasks: { status: string }[] }
  assert.is(report.engine, 'none')
  assert.equal(report.tasks.map((t) => t.status), ['lint-only', 'lint-only'])
  assert.ok(first.events.some((e) => e.type === 'log' && /no container engine/i.test(e.message)), 'one line says there is no engine')
  const again = taskfile(['smoke'], { out: small, config, env: none })
  assert.equal(again.ran, [])
  // Another engine answering (here: a different endpoint) changes the probe, so smoke is stale.
  const plan = spawnSync(process.execPath, [TASKFILE, 'status', '--json', '--data', data, '--out', small, '--config', join(work, 'out-smoke.config.json5')], {
    encoding: 'utf8',
    env: { ...process.env, DOCKER_HOST: 'unix:///nonexistent/other.sock', CONTAINER_ENGINE: 'podman' },
  })
  const smoke = (JSON.parse(plan.stdout) as { plans: { stage: string; fresh: boolean; reasons: { kind: string; part?: string }[] }[] }).plans.find((p) => p.stage === 'smoke')!
  assert.is(smoke.fresh, true, 'no engine either way: still fresh')
  const docker = spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0
  if (!docker) {
    console.log('  (no Docker engine answers here: the "engine appears" half of this test needs one; CI starts it)')
    return
  }
  const live = spawnSync(process.execPath, [TASKFILE, 'status', '--json', '--data', data, '--out', small, '--config', join(work, 'out-smoke.config.json5')], { encoding: 'utf8' })
  const withEngine = (JSON.parse(live.stdout) as { plans: { stage: string; fresh: boolean; reasons: { kind: string; part?: string }[] }[] }).plans.find((p) => p.stage === 'smoke')!
  assert.is(withEngine.fresh, false)
  assert.equal(withEngine.reasons, [{ kind: 'recipe-changed', part: 'probe:engine' }])
})

test.after(() => suite.dispose())

test.run()
