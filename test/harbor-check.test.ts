// The harbor target end to end: real tasks generated from the bundled sample, a fake Harbor CLI
// (test/helpers/fake-harbor.mjs copied into the temp dir and named in HARBOR_CMD) that runs each
// task's own solve.sh and test.sh and writes the job folder in Harbor 0.20's layout, and
// runHarborCheck reading it back: the pass, the failures (oracle below the threshold, nop above 0,
// result files missing, Harbor failing), the host-network decision and the no-Harbor skip.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, join } from 'node:path'
import { check } from '../scripts/lib/schemas.ts'
import { harborCommand, runHarborCheck, type HarborEvent, type HarborReport } from '../scripts/harbor/harbor-check.ts'
import { HOST_NETWORK_COMPOSE, runArgs } from '../scripts/harbor/harbor-command.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const FIXTURE = join(ROOT, 'test', 'fixtures', 'harbor-run')
const PY = 'python_data_warehouse_medium_012_architectural_understanding_hard_01'
const PY2 = 'python_data_warehouse_medium_012_bug_investigation_hard_01'
// Not go_fintech_banking_medium_067_architectural_understanding_medium_01: its description repeats
// a ground-truth sentence, so generate's leak check fails it (select's exclude_leaks never picks it).
const GO = 'go_fintech_banking_medium_067_code_comprehension_medium_01'
const JAVA = 'java_api_graphql_medium_079_architectural_understanding_hard_01'
const RUST = 'rust_api_gateway_hard_045_bug_investigation_hard_01'

const suite = rig({}, 'harbor-check-')
const root = suite.dir
let tasksDir = ''
let fake = ''

/**
 * Runs one of the project's CLIs with this Node, in the temp dir so that only the defaults apply
 * (not the repository's own config); fails the suite with its output when it fails.
 */
function cli(script: string, args: string[]): void {
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'cli', script), ...args], { encoding: 'utf8', cwd: root })
  if (r.status !== 0) {
    // uvu does not show errors thrown by a `before` hook, so say it here too.
    console.error(`${script} failed (${r.status}):\n${r.stdout}${r.stderr}`)
    throw new Error(`${script} failed (${r.status})`)
  }
}

test.before(() => {
  cli('extract-dataset.ts', ['--data', join(ROOT, 'data', 'sample'), '--output', join(root, 'data-out')])
  tasksDir = join(root, 'tasks')
  cli('run-adapter.ts', ['--dataset_path', join(root, 'data-out', 'dataset.jsonl'), '--output_dir', tasksDir, '--data_dir', join(ROOT, 'data', 'sample'), '--task_ids', [PY, PY2, GO, JAVA, RUST].join(',')])
  fake = suite.copy(join(ROOT, 'test', 'helpers', 'fake-harbor.mjs'), 'bin/fake-harbor.mjs')
})

test.after(() => suite.dispose())

interface Outcome {
  status: number
  lines: string[]
  events: HarborEvent[]
  calls: string[][]
  report?: HarborReport
  out: string
}

let runs = 0

/** One runHarborCheck into a fresh out dir, with the fake CLI and the given mode and config. */
async function harborCheck(options: { harbor?: Record<string, unknown>; smoke?: Record<string, unknown>; env?: NodeJS.ProcessEnv; fakeMode?: string; fakeTask?: string; out?: string } = {}): Promise<Outcome> {
  const out = options.out ?? join(root, `out-${++runs}`)
  const callsFile = join(out, 'calls.jsonl')
  mkdirSync(out, { recursive: true })
  rmSync(callsFile, { force: true })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HARBOR_CMD: `'${process.execPath}' '${fake}'`,
    FAKE_HARBOR_FIXTURE: FIXTURE,
    FAKE_HARBOR_CALLS: callsFile,
    FAKE_HARBOR_MODE: options.fakeMode ?? 'ok',
    FAKE_HARBOR_TASK: options.fakeTask ?? '',
    ...options.env,
  }
  const lines: string[] = []
  const events: HarborEvent[] = []
  const status = await runHarborCheck({
    tasksDir,
    outDir: out,
    config: { harbor: { build_on_host_network: 'never', ...options.harbor }, smoke: options.smoke },
    configDir: root,
    env,
    log: (line) => lines.push(line),
    emit: (event) => events.push(event),
  })
  const calls = existsSync(callsFile) ? readFileSync(callsFile, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as string[]) : []
  const reportFile = join(out, 'harbor', 'report.json')
  const report = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as HarborReport) : undefined
  if (report) assert.equal(check('harbor-report.schema.json', report), [], 'report.json matches its schema')
  return { status, lines, events, calls, report, out }
}

const taskOf = (report: HarborReport | undefined, id: string) => {
  const t = report?.tasks.find((x) => x.id === id)
  if (!t) throw new Error(`no report entry for ${id}`)
  return t
}

test('no Harbor CLI: one line, exit 0, nothing written', async () => {
  const emptyBin = join(root, 'empty-bin')
  mkdirSync(emptyBin, { recursive: true })
  const r = await harborCheck({ env: { HARBOR_CMD: '', PATH: emptyBin } })
  assert.is(r.status, 0)
  assert.equal(r.lines, ['harbor: skipped: no Harbor CLI (no `harbor` on PATH and HARBOR_CMD is not set)'])
  assert.equal(r.events, [{ type: 'skip', reason: 'no Harbor CLI' }])
  assert.equal(r.calls, [])
  assert.not.ok(existsSync(join(r.out, 'harbor')))
})

test('three tasks, one per language: the exact commands, Harbor\'s rewards, a valid report', async () => {
  // Two runs at a time: the report still follows the task order, whatever order the runs end in.
  const r = await harborCheck({ harbor: { build_on_host_network: 'always', concurrency: 2 } })
  assert.is(r.status, 0, r.lines.join('\n'))
  const compose = join(r.out, 'harbor', 'compose-build-hostnet.yaml')
  assert.is(readFileSync(compose, 'utf8'), HOST_NETWORK_COMPOSE)
  const cliArgv = [process.execPath, fake]
  const jobsDir = join(r.out, 'harbor', 'jobs')
  const expected = [[...cliArgv, '--version']]
  for (const id of [GO, JAVA, PY]) {
    for (const role of ['oracle', 'nop'] as const) {
      expected.push(runArgs({ cli: cliArgv, taskDir: join(tasksDir, id), agent: role, jobsDir, jobName: `${role}-${id}`, extraCompose: [compose] }))
    }
  }
  const sorted = (argvs: string[][]) => argvs.map((a) => JSON.stringify(a)).sort()
  assert.equal(r.calls[0], ['--version'], 'the version is asked first')
  assert.equal(sorted(r.calls.map((c) => [...cliArgv, ...c])), sorted(expected))
  const report = r.report as HarborReport
  assert.ok(report.passed)
  assert.equal(report.counts, { tasks: 3, passed: 3, failed: 0 })
  assert.equal(report.harbor, { command: cliArgv, source: 'HARBOR_CMD', version: '0.20.0' })
  assert.is(report.pass_threshold, 0.9)
  assert.equal(report.host_network_build, { mode: 'always', used: true, why: 'harbor.build_on_host_network is always' })
  assert.equal(report.extra_docker_compose, ['harbor/compose-build-hostnet.yaml'])
  assert.equal(report.tasks.map((t) => [t.id, t.language]), [[GO, 'go'], [JAVA, 'java'], [PY, 'python']])
  for (const t of report.tasks) {
    assert.ok((t.runs.oracle.reward ?? 0) >= 0.9, `${t.id}: oracle ${t.runs.oracle.reward}`)
    assert.is(t.runs.nop.reward, 0, `${t.id}: nop`)
    assert.is(t.runs.oracle.job_dir, `harbor/jobs/oracle-${t.id}`)
    assert.match(t.runs.oracle.trial ?? '', new RegExp(`^harbor/jobs/oracle-${t.id}/${t.id.slice(0, 32)}__[A-Za-z0-9_-]{7}$`))
    assert.is(t.runs.nop.ended, 'exit 0')
    assert.ok(existsSync(join(r.out, t.runs.nop.log)), 'the run log is kept')
    // The rewards are what the task's own verifier wrote, read back through Harbor's layout.
    const onDisk = JSON.parse(readFileSync(join(r.out, t.runs.oracle.trial as string, 'verifier', 'reward.json'), 'utf8')) as Record<string, unknown>
    assert.equal(t.runs.oracle.rewards, onDisk)
  }
  assert.equal(
    r.lines.filter((l) => /^harbor: (PASS|FAIL)/.test(l)),
    report.tasks.map((t) => `harbor: PASS ${t.id} (${t.language}): oracle ${(t.runs.oracle.reward as number).toFixed(3)}, nop 0.000`),
  )
  assert.match(r.lines.at(-1) ?? '', /^harbor: 3\/3 task\(s\) passed with Harbor 0\.20\.0; report: /)
  // The same as events: a run per command, a task per verdict, then the end.
  assert.equal(sorted(r.events.filter((e) => e.type === 'run').map((e) => (e as { command: string[] }).command)), sorted(expected.slice(1)))
  assert.equal(
    r.events.filter((e) => e.type !== 'run'),
    [
      ...report.tasks.map((t) => ({ type: 'task', task: t.id, language: t.language, passed: true, oracle: t.runs.oracle.reward, nop: 0, reasons: [] })),
      { type: 'done', passed: 3, failed: 0, report: join(r.out, 'harbor', 'report.json') },
    ],
  )
})

test('the oracle below the pass threshold fails that task, naming it and the score', async () => {
  const r = await harborCheck({ harbor: { task_ids: [GO, RUST] }, fakeMode: 'oracle-low', fakeTask: GO })
  assert.is(r.status, 1)
  const report = r.report as HarborReport
  assert.equal(report.counts, { tasks: 2, passed: 1, failed: 1 })
  const go = taskOf(report, GO)
  assert.not.ok(go.passed)
  assert.is(go.reasons.length, 1)
  assert.match(go.reasons[0], /^oracle: reward 0\.\d{3} is below the pass threshold 0\.9$/)
  assert.ok(taskOf(report, RUST).passed)
  assert.ok(r.lines.some((l) => l.startsWith(`harbor: FAIL ${GO} (go): oracle 0.`)))
})

test('the pass threshold comes from smoke.pass_threshold unless harbor.pass_threshold is set; reruns replace the job folders', async () => {
  const lenient = await harborCheck({ harbor: { task_ids: [GO] }, smoke: { pass_threshold: 0 }, fakeMode: 'oracle-low' })
  assert.is(lenient.report?.pass_threshold, 0)
  assert.is(lenient.status, 0, lenient.lines.join('\n'))
  const before = lenient.report?.tasks[0].runs.oracle.trial
  // Into the same out dir: Harbor itself would refuse to reuse a job folder, so the target must
  // have removed it, and the result read must be this run's.
  const strict = await harborCheck({ harbor: { task_ids: [GO], pass_threshold: 1 }, smoke: { pass_threshold: 0 }, out: lenient.out })
  assert.is(strict.report?.pass_threshold, 1)
  const oracle = strict.report?.tasks[0].runs.oracle
  assert.is(oracle?.error, null)
  assert.is.not(oracle?.trial, before)
  assert.not.ok(existsSync(join(lenient.out, before as string)), 'the old trial folder is gone')
  assert.is(strict.status, (oracle?.reward ?? 0) >= 1 ? 0 : 1)
})

test('a no-op agent that scores above 0 fails the task', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'nop-high' })
  assert.is(r.status, 1)
  const t = taskOf(r.report, PY2)
  assert.equal(t.reasons.length, 1)
  assert.match(t.reasons[0], /^nop: reward (0\.9\d\d|1\.000) is not 0$/)
})

test('a missing trial result.json: the task fails with an error naming the file', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'no-trial-result' })
  assert.is(r.status, 1)
  const t = taskOf(r.report, PY2)
  assert.is(t.reasons.length, 2)
  for (const [i, role] of (['oracle', 'nop'] as const).entries()) {
    assert.match(t.reasons[i], new RegExp(`^${role}: .*/harbor/jobs/${role}-${PY2}/${PY2.slice(0, 32)}__[A-Za-z0-9_-]{7}/result\\.json: not found \\(Harbor trial result\\)$`))
    assert.is(t.runs[role].reward, null)
    assert.is(t.runs[role].trial, null)
  }
})

test('a missing job result.json: the error names the job file', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'no-job-result' })
  assert.is(r.status, 1)
  assert.match(taskOf(r.report, PY2).runs.oracle.error ?? '', new RegExp(`/harbor/jobs/oracle-${PY2}/result\\.json: not found \\(Harbor job result\\)$`))
})

test('a trial that errored before verification: no reward, the exception named', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'trial-error' })
  assert.is(r.status, 1)
  const t = taskOf(r.report, PY2)
  assert.equal(t.reasons, [
    'oracle: no reward recorded (RewardFileNotFoundError: No reward file found at /logs/verifier/reward.txt)',
    'nop: no reward recorded (RewardFileNotFoundError: No reward file found at /logs/verifier/reward.txt)',
  ])
})

test('a trial of another task than the one asked for is refused, naming the field', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'other-path' })
  assert.is(r.status, 1)
  const reasons = taskOf(r.report, PY2).reasons
  assert.is(reasons.length, 2)
  assert.match(reasons[0], new RegExp(`^oracle: .*/result\\.json: /config/task/path: is /elsewhere/${PY2}, expected ${join(tasksDir, PY2)}$`))
})

test('harbor run itself failing: its exit status and last lines, and the log kept', async () => {
  const r = await harborCheck({ harbor: { task_ids: [PY2] }, fakeMode: 'exit-2' })
  assert.is(r.status, 1)
  const run = taskOf(r.report, PY2).runs.oracle
  assert.is(run.ended, 'exit 2')
  assert.match(run.error ?? '', /^harbor run ended with exit 2 \(log: harbor\/logs\/oracle-python_data_warehouse_medium_012_bug_investigation_hard_01\.log\):\nfake harbor: simulated usage error$/)
  assert.match(readFileSync(join(r.out, run.log), 'utf8'), /simulated usage error\n\n\[exit 2\]\n$/)
})

test('auto: the host-network compose file is passed only when the engine has no bridge', async () => {
  const bin = join(root, 'docker-bin')
  mkdirSync(bin, { recursive: true })
  const docker = join(bin, 'docker')
  const path = `${bin}${delimiter}${process.env.PATH ?? ''}`
  // A docker CLI whose engine answers, with or without its default bridge network.
  const fakeDocker = (bridge: boolean) => {
    writeFileSync(docker, `#!/bin/sh\ncase "$1" in\n  info) echo 20.10.24 ;;\n  network) ${bridge ? 'echo bridge' : 'echo "Error: No such network: bridge" >&2; exit 1'} ;;\nesac\n`)
    chmodSync(docker, 0o755)
  }
  fakeDocker(false)
  // Only the command lines matter here, so the fake skips the verifier (trial-error mode).
  const without = await harborCheck({ harbor: { task_ids: [PY2], build_on_host_network: 'auto' }, env: { PATH: path }, fakeMode: 'trial-error' })
  assert.equal(without.report?.host_network_build, { mode: 'auto', used: true, why: 'the engine has no default bridge network (dockerd --bridge=none)' })
  assert.ok(without.calls.slice(1).every((c) => c.includes('--extra-docker-compose')))
  fakeDocker(true)
  const withBridge = await harborCheck({ harbor: { task_ids: [PY2], build_on_host_network: 'auto' }, env: { PATH: path }, fakeMode: 'trial-error' })
  assert.equal(withBridge.report?.host_network_build, { mode: 'auto', used: false, why: 'the engine has its default bridge network' })
  assert.ok(withBridge.calls.slice(1).every((c) => !c.includes('--extra-docker-compose')))
  assert.equal(withBridge.report?.extra_docker_compose, [])
})

test('extra compose files from the config are passed after the host-network one, and must exist', async () => {
  writeFileSync(join(root, 'gpu.yaml'), 'services: {}\n')
  const r = await harborCheck({ harbor: { task_ids: [PY2], build_on_host_network: 'always', extra_docker_compose: ['gpu.yaml'] }, fakeMode: 'trial-error' })
  assert.is(r.calls.length, 3)
  const run = r.calls[1]
  const composeArgs = run.flatMap((a, i) => (run[i - 1] === '--extra-docker-compose' ? [a] : []))
  assert.equal(composeArgs, [join(r.out, 'harbor', 'compose-build-hostnet.yaml'), join(root, 'gpu.yaml')])
  const missing = await harborCheck({ harbor: { task_ids: [PY2], extra_docker_compose: ['nope.yaml'] } })
  assert.is(missing.status, 2)
  assert.equal(missing.lines, [`harbor: harbor.extra_docker_compose[0]: ${join(root, 'nope.yaml')} does not exist`])
})

test('config and input errors: exit 2 naming the key, or the file', async () => {
  const unknown = await harborCheck({ harbor: { task_ids: ['no_such_task_01'] } })
  assert.is(unknown.status, 2)
  assert.match(unknown.lines[0], /^harbor: harbor\.task_ids: not generated tasks \(not in .*\/tasks\/manifest\.json\): no_such_task_01$/)
  const bad = await harborCheck({ harbor: { tasks: 'three' } })
  assert.is(bad.status, 2)
  assert.equal(bad.lines, ['harbor: invalid harbor config: harbor.tasks: must be integer'])
  const noCli = await harborCheck({ env: { HARBOR_CMD: join(root, 'no-such-harbor') } })
  assert.is(noCli.status, 2)
  assert.match(noCli.lines[0], /^harbor: the Harbor CLI \(HARBOR_CMD: .*no-such-harbor\) could not start: spawn .*no-such-harbor ENOENT$/)
  const noTasks = join(root, 'no-tasks')
  mkdirSync(noTasks, { recursive: true })
  const lines: string[] = []
  const status = await runHarborCheck({ tasksDir: noTasks, outDir: join(root, 'out-none'), config: {}, env: { HARBOR_CMD: `'${process.execPath}' '${fake}'` }, log: (l) => lines.push(l) })
  assert.is(status, 1)
  assert.equal(lines, [`harbor: ${join(noTasks, 'manifest.json')}: not found (run the generate stage first)`])
})

test('dry run: the command lines, nothing run, nothing written', async () => {
  const out = join(root, 'out-dry')
  const calls = join(root, 'dry-calls.jsonl')
  const lines: string[] = []
  const env = { ...process.env, HARBOR_CMD: `'${process.execPath}' '${fake}'`, FAKE_HARBOR_CALLS: calls }
  const status = await runHarborCheck({ tasksDir, outDir: out, config: { harbor: { task_ids: [GO], build_on_host_network: 'always' } }, env, log: (l) => lines.push(l), dryRun: true })
  assert.is(status, 0)
  const compose = join(out, 'harbor', 'compose-build-hostnet.yaml')
  const expected = (role: string) => `  ${process.execPath} ${fake} run -p ${join(tasksDir, GO)} -a ${role} -o ${join(out, 'harbor', 'jobs')} --job-name ${role}-${GO} -n 1 -y --extra-docker-compose ${compose}`
  assert.equal(lines, ['harbor: would run 2 job(s) (harbor.build_on_host_network is always):', expected('oracle'), expected('nop')])
  assert.not.ok(existsSync(calls), 'the CLI was not even asked its version')
  assert.not.ok(existsSync(out), 'nothing written')
})

test('as an engine command: resolves when every task passed, throws the exit status otherwise', async () => {
  const out = join(root, 'out-command')
  const base = { tasksDir, outDir: out, log: () => {}, env: { ...process.env, HARBOR_CMD: `'${process.execPath}' '${fake}'`, FAKE_HARBOR_FIXTURE: FIXTURE } }
  await harborCommand({ ...base, config: { harbor: { task_ids: [PY2], build_on_host_network: 'never' } } })
  assert.ok(JSON.parse(readFileSync(join(out, 'harbor', 'report.json'), 'utf8')).passed)
  const failed = await harborCommand({ ...base, config: { harbor: { task_ids: [PY2], build_on_host_network: 'never' } }, env: { ...base.env, FAKE_HARBOR_MODE: 'exit-2' } }).then(
    () => undefined,
    (e: Error & { exitCode?: number }) => e,
  )
  assert.is(failed?.exitCode, 1)
  assert.is(failed?.message, `harbor: 1 of 1 task(s) failed (see ${join(out, 'harbor', 'report.json')})`)
  const bad = await harborCommand({ ...base, config: { harbor: { tasks: 0 } } }).then(
    () => undefined,
    (e: Error & { exitCode?: number }) => e,
  )
  assert.is(bad?.exitCode, 2)
  assert.is(bad?.message, 'invalid harbor config: harbor.tasks: must be >= 1')
})

test('Ctrl-C: the running harbor run is ended and no report is written', async () => {
  const controller = new AbortController()
  const slow = join(root, 'bin', 'slow-harbor.sh')
  writeFileSync(slow, '#!/bin/sh\n[ "$1" = --version ] && { echo 0.20.0; exit 0; }\nsleep 30\n')
  chmodSync(slow, 0o755)
  const out = join(root, 'out-abort')
  const lines: string[] = []
  const started = Date.now()
  const pending = runHarborCheck({ tasksDir, outDir: out, config: { harbor: { task_ids: [PY2], build_on_host_network: 'never' } }, env: { ...process.env, HARBOR_CMD: slow }, log: (l) => lines.push(l), signal: controller.signal })
  setTimeout(() => controller.abort(), 300)
  assert.is(await pending, 130)
  assert.ok(Date.now() - started < 10_000, 'the sleeping run was killed')
  assert.not.ok(existsSync(join(out, 'harbor', 'report.json')))
  assert.is(lines.at(-1), 'harbor: interrupted; no report written')
})

test.run()
