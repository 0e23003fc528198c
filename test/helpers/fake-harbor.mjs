// A stand-in for Harbor 0.20's `harbor run`, for tests of the harbor target on machines without
// Harbor or Docker. It does what Harbor does to a task, without the container: runs the task's
// own solution/solve.sh (oracle agent) or nothing (nop agent), then the task's own tests/test.sh,
// with LOGS_DIR pointing at the trial folder (so /logs/agent and /logs/verifier land where Harbor
// keeps them), and writes the job folder in Harbor's layout, with every JSON file shaped from the
// real job output in test/fixtures/harbor-run/.
//
// Environment:
//   FAKE_HARBOR_FIXTURE  test/fixtures/harbor-run (required)
//   FAKE_HARBOR_CALLS    append each argv here as one JSON line
//   FAKE_HARBOR_MODE     ok (default) | oracle-low | nop-high | no-trial-result | no-job-result |
//                        trial-error | exit-2 | other-path (the trial records another task path)
//   FAKE_HARBOR_TASK     apply the mode only to this task id (default: every task)
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'

const args = process.argv.slice(2)
if (process.env.FAKE_HARBOR_CALLS) appendFileSync(process.env.FAKE_HARBOR_CALLS, `${JSON.stringify(args)}\n`)
if (args[0] === '--version') {
  console.log('0.20.0')
  process.exit(0)
}
if (args[0] !== 'run') {
  console.error(`fake harbor: unsupported command ${args[0]}`)
  process.exit(2)
}

const opts = { compose: [] }
for (let i = 1; i < args.length; i++) {
  const a = args[i]
  const value = () => args[++i]
  if (a === '-p' || a === '--path') opts.path = value()
  else if (a === '-a' || a === '--agent') opts.agent = value()
  else if (a === '-o' || a === '--jobs-dir') opts.jobsDir = value()
  else if (a === '--job-name') opts.jobName = value()
  else if (a === '-n' || a === '--n-concurrent') opts.n = value()
  else if (a === '--extra-docker-compose') opts.compose.push(value())
  else if (a === '-y' || a === '--yes') opts.yes = true
  else {
    console.error(`fake harbor: unknown option ${a}`)
    process.exit(2)
  }
}
for (const key of ['path', 'agent', 'jobsDir', 'jobName']) {
  if (!opts[key]) {
    console.error(`fake harbor: missing ${key}`)
    process.exit(2)
  }
}
for (const file of opts.compose) {
  if (!existsSync(file)) {
    console.error(`fake harbor: compose file ${file} not found`)
    process.exit(1)
  }
}

const fixture = process.env.FAKE_HARBOR_FIXTURE
const template = (rel) => JSON.parse(readFileSync(join(fixture, rel), 'utf8'))
const taskDir = resolve(opts.path)
const taskId = basename(taskDir)
const targeted = !process.env.FAKE_HARBOR_TASK || process.env.FAKE_HARBOR_TASK === taskId
const mode = targeted ? (process.env.FAKE_HARBOR_MODE ?? 'ok') : 'ok'
if (mode === 'exit-2') {
  console.error('fake harbor: simulated usage error')
  process.exit(2)
}

const jobDir = join(opts.jobsDir, opts.jobName)
if (existsSync(join(jobDir, 'config.json'))) {
  // Harbor refuses to reuse a job folder (it would resume it); the target must remove it first.
  console.error(`FileExistsError: Job directory ${jobDir} already exists and cannot be resumed with a different config.`)
  process.exit(1)
}
mkdirSync(jobDir, { recursive: true })
const taskName = /^name\s*=\s*"([^"]+)"/m.exec(readFileSync(join(taskDir, 'task.toml'), 'utf8'))[1]
const trialName = `${taskId.slice(0, 32)}__${randomBytes(6).toString('base64url').slice(0, 7)}`
const trialDir = join(jobDir, trialName)
mkdirSync(join(trialDir, 'agent'), { recursive: true })

// The agent phase.
const env = { ...process.env, LOGS_DIR: trialDir, SOLUTION_DIR: join(taskDir, 'solution'), TESTS_DIR: join(taskDir, 'tests') }
const bash = (script) => spawnSync('bash', [script], { env, cwd: trialDir, encoding: 'utf8' })
if (opts.agent === 'oracle') {
  if (mode === 'oracle-low') writeFileSync(join(trialDir, 'agent', 'solution.md'), 'I could not find anything.\n')
  else writeFileSync(join(trialDir, 'agent', 'oracle.txt'), bash(join(taskDir, 'solution', 'solve.sh')).stdout)
} else if (mode === 'nop-high') {
  // A "no-op" agent that somehow answered: the check must catch a non-zero reward.
  cpSync(join(taskDir, 'solution', 'answer.md'), join(trialDir, 'agent', 'solution.md'))
}

// The verifier phase, then Harbor's reading of reward.json.
let rewards = null
let exception = null
// Modes that test how the target reads broken job folders do not need a real score: they skip the
// verifier (it is the slow part) and record reward 0.
const scoreless = ['no-trial-result', 'no-job-result', 'other-path'].includes(mode)
if (scoreless) {
  rewards = { reward: 0 }
} else if (mode === 'trial-error') {
  exception = { exception_type: 'RewardFileNotFoundError', exception_message: 'No reward file found at /logs/verifier/reward.txt', exception_traceback: '', occurred_at: new Date().toISOString() }
} else {
  const verify = bash(join(taskDir, 'tests', 'test.sh'))
  writeFileSync(join(trialDir, 'verifier', 'test-stdout.txt'), verify.stdout)
  rewards = JSON.parse(readFileSync(join(trialDir, 'verifier', 'reward.json'), 'utf8'))
}

const environment = { type: 'docker', extra_docker_compose: opts.compose, env: {} }
const trialConfig = { ...template('oracle-python/python_data_warehouse_medium_012__vVrNtNL/config.json'), task: { path: opts.path }, trial_name: trialName, trials_dir: jobDir, environment }
writeFileSync(join(trialDir, 'config.json'), JSON.stringify(trialConfig, null, 4))
const trial = template('oracle-python/python_data_warehouse_medium_012__vVrNtNL/result.json')
Object.assign(trial, {
  task_name: taskName,
  trial_name: trialName,
  trial_uri: `file://${trialDir}`,
  task_id: { path: opts.path },
  config: { ...trial.config, task: { ...trial.config.task, path: opts.path }, trial_name: trialName, trials_dir: jobDir },
  agent_info: { name: opts.agent, version: '1.0.0', model_info: null },
  verifier_result: rewards === null ? null : { rewards },
  exception_info: exception,
})
if (mode === 'other-path') trial.config.task.path = `/elsewhere/${taskId}`
trial.config.agent.name = opts.agent
trial.config.environment.extra_docker_compose = opts.compose
if (mode !== 'no-trial-result') writeFileSync(join(trialDir, 'result.json'), JSON.stringify(trial, null, 4))
writeFileSync(join(trialDir, 'trial.log'), '')

const jobConfig = { ...template('nop-python/config.json'), job_name: opts.jobName, jobs_dir: opts.jobsDir, environment, agents: [{ name: opts.agent, env: {} }], tasks: [{ path: opts.path }] }
writeFileSync(join(jobDir, 'config.json'), JSON.stringify(jobConfig, null, 4))
const lock = template('oracle-python/lock.json')
lock.trials[0].task = { ...lock.trials[0].task, name: taskName.split('/').pop(), path: opts.path }
lock.trials[0].agent.name = opts.agent
writeFileSync(join(jobDir, 'lock.json'), JSON.stringify(lock, null, 4))
const job = template('oracle-python/result.json')
const evalKey = `${opts.agent}__adhoc`
const metrics = rewards ? Object.fromEntries(Object.entries(rewards).map(([k, v]) => [k, v])) : {}
job.stats = {
  ...job.stats,
  n_completed_trials: 1,
  n_errored_trials: exception ? 1 : 0,
  evals: {
    [evalKey]: {
      n_trials: 1,
      n_errors: exception ? 1 : 0,
      metrics: [metrics],
      pass_at_k: {},
      reward_stats: Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, { [String(v)]: [trialName] }])),
      exception_stats: exception ? { [exception.exception_type]: [trialName] } : {},
    },
  },
}
if (mode !== 'no-job-result') writeFileSync(join(jobDir, 'result.json'), JSON.stringify(job, null, 4))
writeFileSync(join(jobDir, 'job.log'), '')
// Like Harbor, exit 0 whatever the trials scored.
console.log(`Results written to ${join(jobDir, 'result.json')}`)
