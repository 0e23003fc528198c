// The harbor target's parts on their own: the parser on the job folders Harbor 0.20 really wrote
// (test/fixtures/harbor-run/), its errors on broken copies of them, the exact command line, the
// command-line splitting of HARBOR_CMD, the deterministic task pick, and the config section.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { findHarborCli, formatCommand, splitCommandLine } from '../scripts/harbor/harbor-cli.ts'
import { HOST_NETWORK_COMPOSE, jobName, runArgs } from '../scripts/harbor/harbor-command.ts'
import { harborConfig, passThreshold } from '../scripts/harbor/harbor-config.ts'
import { judgeTask } from '../scripts/harbor/harbor-check.ts'
import { pickTasks, type GeneratedTask } from '../scripts/harbor/harbor-pick.ts'
import { readJob } from '../scripts/harbor/harbor-results.ts'
import { rig, type Rig } from './helpers/rig.ts'

const FIXTURE = join(import.meta.dirname, 'fixtures', 'harbor-run')
const ORACLE_TRIAL = 'python_data_warehouse_medium_012__vVrNtNL'
const NOP_TRIAL = 'python_data_warehouse_medium_012__EoCBQoK'

/** A rig holding a writable copy of one fixture job folder, at `job`. */
function copyJob(name: string): Rig & { job: string } {
  const r = rig({}, 'harbor-parse-')
  return Object.assign(r, { job: r.copy(join(FIXTURE, name), name) })
}

function editJson(file: string, edit: (value: Record<string, unknown>) => void): void {
  const value = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  edit(value)
  writeFileSync(file, JSON.stringify(value))
}

/** Runs `body` on a broken copy of a fixture job and returns the error message readJob throws. */
function errorOf(name: string, breakIt: (dir: string) => void): string {
  using copy = copyJob(name)
  try {
    breakIt(copy.job)
    readJob(copy.job)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('readJob accepted a broken job folder')
}

// ---- the parser on Harbor's real output ----------------------------------------------------------

test('the oracle job Harbor 0.20 wrote: one trial, reward 1, version from lock.json', () => {
  const job = readJob(join(FIXTURE, 'oracle-python'))
  assert.is(job.id, 'd8ddb35e-69be-4444-92b4-9ab8e9d07214')
  assert.is(job.harborVersion, '0.20.0')
  assert.is(job.nTotalTrials, 1)
  assert.is(job.nErroredTrials, 0)
  assert.is(job.trials.length, 1)
  const [trial] = job.trials
  assert.is(trial.name, ORACLE_TRIAL)
  assert.is(trial.taskName, 'locobench/python_data_warehouse_medium_012_bug_investigation_hard_01')
  assert.is(trial.taskPath, 'out/tasks/python_data_warehouse_medium_012_bug_investigation_hard_01')
  assert.is(trial.agent, 'oracle')
  assert.is(trial.reward, 1)
  assert.is(trial.exception, null)
  // The five-key reward.json of that run: `reward` is read, the other keys are kept, not required.
  assert.equal(Object.keys(trial.rewards ?? {}).sort(), ['code_blocks', 'file_references', 'keyword_overlap', 'length_score', 'reward'])
})

test('the nop job Harbor 0.20 wrote: reward 0', () => {
  const job = readJob(join(FIXTURE, 'nop-python'))
  assert.is(job.trials.length, 1)
  assert.is(job.trials[0].name, NOP_TRIAL)
  assert.is(job.trials[0].agent, 'nop')
  assert.is(job.trials[0].reward, 0)
  assert.equal(judgeTask({ oracle: { reward: 1, exception: null, error: null }, nop: { reward: job.trials[0].reward, exception: null, error: null } }, 0.9), [])
})

test('a one-key reward.json (reward only) reads the same', () => {
  using copy = copyJob('oracle-python')
  const dir = copy.job
  editJson(join(dir, ORACLE_TRIAL, 'result.json'), (r) => {
    r.verifier_result = { rewards: { reward: 0.95 } }
  })
  const job = readJob(dir)
  assert.is(job.trials[0].reward, 0.95)
  assert.equal(job.trials[0].rewards, { reward: 0.95 })
})

test('a trial that failed before verification: no reward, the exception named', () => {
  using copy = copyJob('nop-python')
  const dir = copy.job
  editJson(join(dir, NOP_TRIAL, 'result.json'), (r) => {
    r.verifier_result = null
    r.exception_info = { exception_type: 'AgentTimeoutError', exception_message: 'Agent execution timed out after 1800 seconds' }
  })
  const trial = readJob(dir).trials[0]
  assert.is(trial.reward, null)
  assert.is(trial.exception, 'AgentTimeoutError: Agent execution timed out after 1800 seconds')
  assert.equal(judgeTask({ oracle: { reward: 1, exception: null, error: null }, nop: { ...trial, error: null } }, 0.9), ['nop: no reward recorded (AgentTimeoutError: Agent execution timed out after 1800 seconds)'])
})

// ---- errors name the file and the field ---------------------------------------------------------

test('missing result files: the error names the file', () => {
  const noJob = errorOf('oracle-python', (dir) => rmSync(join(dir, 'result.json')))
  assert.match(noJob, /oracle-python\/result\.json: not found \(Harbor job result\)/)
  const noTrial = errorOf('oracle-python', (dir) => rmSync(join(dir, ORACLE_TRIAL, 'result.json')))
  assert.match(noTrial, new RegExp(`${ORACLE_TRIAL}/result\\.json: not found \\(Harbor trial result\\)`))
  const noFolder = (() => {
    try {
      readJob(join(FIXTURE, 'no-such-job'))
    } catch (error) {
      return (error as Error).message
    }
    return ''
  })()
  assert.match(noFolder, /no-such-job: not found \(Harbor wrote no job folder\)/)
})

test('bad fields: the error names the file and the JSON pointer', () => {
  const noReward = errorOf('oracle-python', (dir) =>
    editJson(join(dir, ORACLE_TRIAL, 'result.json'), (r) => {
      r.verifier_result = { rewards: { code_blocks: 1 } }
    }),
  )
  assert.match(noReward, new RegExp(`${ORACLE_TRIAL}/result\\.json: /verifier_result/rewards/reward: is required`))
  const textReward = errorOf('oracle-python', (dir) =>
    editJson(join(dir, ORACLE_TRIAL, 'result.json'), (r) => {
      r.verifier_result = { rewards: { reward: '1.0' } }
    }),
  )
  assert.match(textReward, /\/verifier_result\/rewards\/reward: must be number/)
  const badTotal = errorOf('nop-python', (dir) =>
    editJson(join(dir, 'result.json'), (r) => {
      r.n_total_trials = 2
    }),
  )
  assert.match(badTotal, /nop-python\/result\.json: \/n_total_trials: is 2, but the job folder holds 1 trial folder\(s\): python_data_warehouse_medium_012__EoCBQoK/)
  const noStats = errorOf('nop-python', (dir) =>
    editJson(join(dir, 'result.json'), (r) => {
      delete r.stats
    }),
  )
  assert.match(noStats, /nop-python\/result\.json: \/stats: is required/)
  const renamed = errorOf('nop-python', (dir) =>
    editJson(join(dir, NOP_TRIAL, 'result.json'), (r) => {
      r.trial_name = 'something_else'
    }),
  )
  assert.match(renamed, /\/trial_name: is "something_else", but the trial folder is "python_data_warehouse_medium_012__EoCBQoK"/)
  const broken = errorOf('nop-python', (dir) => writeFileSync(join(dir, NOP_TRIAL, 'result.json'), '{"trial_name": '))
  assert.match(broken, new RegExp(`${NOP_TRIAL}/result\\.json: not valid JSON`))
  const badLock = errorOf('nop-python', (dir) =>
    editJson(join(dir, 'lock.json'), (r) => {
      r.harbor = { version: 20 }
    }),
  )
  assert.match(badLock, /nop-python\/lock\.json: \/harbor\/version: must be a non-empty string/)
})

// ---- the verdict ---------------------------------------------------------------------------------

test('the verdict: oracle at the threshold passes, below fails; nop must be exactly 0', () => {
  const ok = { exception: null, error: null }
  assert.equal(judgeTask({ oracle: { ...ok, reward: 0.9 }, nop: { ...ok, reward: 0 } }, 0.9), [])
  assert.equal(judgeTask({ oracle: { ...ok, reward: 0.899 }, nop: { ...ok, reward: 0 } }, 0.9), ['oracle: reward 0.899 is below the pass threshold 0.9'])
  assert.equal(judgeTask({ oracle: { ...ok, reward: 1 }, nop: { ...ok, reward: 0.001 } }, 0.9), ['nop: reward 0.001 is not 0'])
  assert.equal(judgeTask({ oracle: { reward: null, exception: null, error: 'x/result.json: not found' }, nop: { ...ok, reward: 0 } }, 0.9), ['oracle: x/result.json: not found'])
})

// ---- the command line ----------------------------------------------------------------------------

test('the exact harbor run command line, with and without extra compose files', () => {
  const base = { cli: ['/opt/harbor/bin/harbor'], taskDir: '/w/out/tasks/go_x_01', agent: 'oracle', jobsDir: '/w/out/harbor/jobs', jobName: jobName('oracle', 'go_x_01'), extraCompose: [] }
  assert.equal(runArgs(base), ['/opt/harbor/bin/harbor', 'run', '-p', '/w/out/tasks/go_x_01', '-a', 'oracle', '-o', '/w/out/harbor/jobs', '--job-name', 'oracle-go_x_01', '-n', '1', '-y'])
  const withCompose = runArgs({ ...base, cli: ['uv', 'run', 'harbor'], agent: 'nop', jobName: jobName('nop', 'go_x_01'), extraCompose: ['/w/out/harbor/compose-build-hostnet.yaml', '/w/extra.yaml'] })
  assert.equal(withCompose, [
    'uv', 'run', 'harbor', 'run', '-p', '/w/out/tasks/go_x_01', '-a', 'nop', '-o', '/w/out/harbor/jobs', '--job-name', 'nop-go_x_01', '-n', '1', '-y',
    '--extra-docker-compose', '/w/out/harbor/compose-build-hostnet.yaml', '--extra-docker-compose', '/w/extra.yaml',
  ])
  assert.is(formatCommand(withCompose.slice(0, 6)), 'uv run harbor run -p /w/out/tasks/go_x_01')
  assert.is(formatCommand(['harbor', 'run', '-p', "/a b/it's"]), `harbor run -p '/a b/it'\\''s'`)
})

test('the host-network compose file says what the verified run used', () => {
  const fixture = readFileSync(join(FIXTURE, 'compose-build-hostnet.yaml'), 'utf8')
  const meaningful = (text: string) => text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).join('\n')
  assert.is(meaningful(HOST_NETWORK_COMPOSE), meaningful(fixture))
})

test('HARBOR_CMD is split like a shell splits words; PATH is searched for harbor', () => {
  assert.equal(splitCommandLine('uv run harbor'), ['uv', 'run', 'harbor'])
  assert.equal(splitCommandLine(`  "/opt/my tools/harbor"  --flag 'a b' c\\ d ""  `), ['/opt/my tools/harbor', '--flag', 'a b', 'c d', ''])
  assert.throws(() => splitCommandLine(`harbor 'oops`), /HARBOR_CMD: unterminated ' quote/)
  assert.equal(findHarborCli({ HARBOR_CMD: 'python3 -m harbor.cli.main', PATH: '' }), { argv: ['python3', '-m', 'harbor.cli.main'], source: 'HARBOR_CMD' })
  using path = rig({}, 'harbor-path-')
  const bin = path.dir
  assert.is(findHarborCli({ PATH: bin }), undefined)
  const harbor = join(bin, 'harbor')
  writeFileSync(harbor, '#!/bin/sh\n')
  assert.is(findHarborCli({ PATH: bin }), undefined, 'a file that is not executable is not a CLI')
  chmodSync(harbor, 0o755)
  assert.equal(findHarborCli({ PATH: `/nonexistent:${bin}` }), { argv: [harbor], source: 'PATH' })
  assert.equal(findHarborCli({ PATH: bin, HARBOR_CMD: '  ' }), { argv: [harbor], source: 'PATH' }, 'a blank HARBOR_CMD counts as unset')
  mkdirSync(join(bin, 'sub', 'harbor'), { recursive: true })
  assert.is(findHarborCli({ PATH: join(bin, 'sub') }), undefined, 'a directory named harbor is not a CLI')
})

// ---- the pick and the config ---------------------------------------------------------------------

const task = (id: string, language: string): GeneratedTask => ({ id, language, dir: `/t/${id}` })

test('the pick: one task per language first (languages alphabetical, smallest id), then a second round', () => {
  const tasks = [task('py_b', 'python'), task('go_a', 'go'), task('py_a', 'python'), task('rs_a', 'rust'), task('c_b', 'c'), task('c_a', 'c')]
  assert.equal(pickTasks(tasks, 3).map((t) => t.id), ['c_a', 'go_a', 'py_a'])
  assert.equal(pickTasks(tasks, 5).map((t) => t.id), ['c_a', 'go_a', 'py_a', 'rs_a', 'c_b'])
  assert.equal(pickTasks(tasks, 50).map((t) => t.id), ['c_a', 'go_a', 'py_a', 'rs_a', 'c_b', 'py_b'])
  assert.equal(pickTasks([...tasks].reverse(), 3), pickTasks(tasks, 3), 'the input order does not matter')
  assert.equal(pickTasks([], 3), [])
})

test('the harbor config section: defaults, and errors naming the key', () => {
  const config = harborConfig(undefined)
  assert.equal(config, {
    tasks: 3,
    task_ids: [],
    agents: { oracle: 'oracle', nop: 'nop' },
    pass_threshold: null,
    build_on_host_network: 'auto',
    extra_docker_compose: [],
    jobs_dir: 'harbor/jobs',
    concurrency: 1,
    timeout_sec: 1800,
    adapter: { id: 'locobench-agent', builders: [], parity_runs: 3, parity_tasks: null, concurrency: 2 },
  })
  assert.is(passThreshold(config, { pass_threshold: 0.8 }), 0.8)
  assert.is(passThreshold(config, undefined), 0.9)
  assert.is(passThreshold(harborConfig({ pass_threshold: 0.5 }), { pass_threshold: 0.8 }), 0.5)
  assert.throws(() => harborConfig({ tasks: 0 }), /harbor\.tasks: must be >= 1/)
  assert.throws(() => harborConfig({ build_on_host_network: 'yes' }), /harbor\.build_on_host_network: must be equal to one of the allowed values/)
  assert.throws(() => harborConfig({ agents: { oracle: 'oracle', judge: 'x' } }), /harbor\.agents\.judge: is not allowed here/)
  assert.throws(() => passThreshold(config, { pass_threshold: 'high' }), /smoke\.pass_threshold: must be a number from 0 to 1/)
})

test.run()
