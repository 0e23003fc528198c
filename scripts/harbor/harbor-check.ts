// The `harbor` target: Harbor's own `harbor run`, on a few generated tasks, with the oracle (must
// reach the pass threshold) and the no-op agent (must score exactly 0). It proves what the smoke
// stage only imitates: that Harbor itself accepts the task dirs, builds their images, runs
// solve.sh and test.sh, and records the rewards we expect. Never part of `all` (it needs Harbor and
// a Docker engine, and takes minutes); without a Harbor CLI it says so in one line and succeeds.
import { existsSync, realpathSync, rmSync } from 'node:fs'
import { isAbsolute, join, relative, resolve } from 'node:path'
import { writeFileAtomic, toJson, toPosix } from '../lib/fsx.ts'
import { assertValid } from '../lib/schemas.ts'
import { ExitError } from '../lib/errors.ts'
import { findHarborCli, formatCommand, type HarborCli } from './harbor-cli.ts'
import { HOST_NETWORK_COMPOSE, jobDir, jobName, runArgs, type Role } from './harbor-command.ts'
import { HarborConfigError, harborConfig, passThreshold, type HarborConfig } from './harbor-config.ts'
import { probeBridge } from './harbor-network.ts'
import { chooseTasks, type GeneratedTask } from './harbor-pick.ts'
import { describeEnd, lastLines, runProcess } from './harbor-process.ts'
import { HarborResultError, readJob } from './harbor-results.ts'

export interface HarborCheckOptions {
  /** The generated tasks (holds manifest.json), e.g. <out>/tasks. */
  tasksDir: string
  /** The out dir: the report goes to <outDir>/harbor/report.json, jobs under harbor.jobs_dir. */
  outDir: string
  /** The loaded config; only its `harbor` and `smoke` sections are read. */
  config: { harbor?: unknown; smoke?: unknown }
  /** What relative paths in the config are relative to (the config file's folder). Default: cwd. */
  configDir?: string
  /** Where HARBOR_CMD, PATH and DOCKER_HOST are read. Default: process.env. */
  env?: NodeJS.ProcessEnv
  /** One line per message. Default: console.log. */
  log?: (line: string) => void
  /** Structured events, for a `--json` view: one per run started, one per task judged, one at the end. */
  emit?: (event: HarborEvent) => void
  signal?: AbortSignal
  /** Print the `harbor run` command lines that would run; run nothing, write nothing. */
  dryRun?: boolean
}

export interface HarborOutcome {
  status: 'skipped' | 'dry-run' | 'passed' | 'failed' | 'interrupted'
  report?: HarborReport
  reportFile?: string
}

export type HarborEvent =
  | { type: 'skip'; reason: string }
  | { type: 'run'; task: string; role: Role; command: string[] }
  | { type: 'task'; task: string; language: string; passed: boolean; oracle: number | null; nop: number | null; reasons: string[] }
  | { type: 'done'; passed: number; failed: number; report: string }

export interface RunRecord {
  agent: string
  command: string[]
  /** Relative to the out dir. */
  job_dir: string
  log: string
  /** How `harbor run` ended: `exit 0`, `exit 2`, `timed out after N s`, `could not start: …`. */
  ended: string
  /** The trial folder, relative to the out dir; null when none could be read. */
  trial: string | null
  reward: number | null
  rewards: Record<string, unknown> | null
  exception: string | null
  /** Why this run's result could not be read or the run itself failed; null when it was read. */
  error: string | null
}

export interface TaskRecord {
  id: string
  language: string
  passed: boolean
  reasons: string[]
  runs: Record<Role, RunRecord>
}

export interface HarborReport {
  harbor: { command: string[]; source: HarborCli['source']; version: string | null }
  pass_threshold: number
  agents: HarborConfig['agents']
  host_network_build: { mode: HarborConfig['build_on_host_network']; used: boolean; why: string }
  extra_docker_compose: string[]
  counts: { tasks: number; passed: number; failed: number }
  passed: boolean
  tasks: TaskRecord[]
}

export const REPORT_FILE = join('harbor', 'report.json')
export const HOST_NETWORK_FILE = join('harbor', 'compose-build-hostnet.yaml')
const ROLES: Role[] = ['oracle', 'nop']

/** Runs `work` over `items` with at most `limit` at a time, keeping the items' order in the result. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await work(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

const rel = (outDir: string, path: string): string => {
  const r = relative(outDir, path)
  return toPosix(r.startsWith('..') || isAbsolute(r) ? path : r)
}

/** Equal after resolving symlinks (Harbor may record the path it resolved, not the one given). */
function samePath(a: string, b: string): boolean {
  if (a === b) return true
  try {
    return realpathSync(a) === realpathSync(b)
  } catch {
    return false
  }
}

const fmt = (reward: number | null): string => (reward === null ? 'no reward' : reward.toFixed(3))

/** The verdict on one task from its two runs. */
export function judgeTask(runs: Record<Role, Pick<RunRecord, 'reward' | 'exception' | 'error'>>, threshold: number): string[] {
  const reasons: string[] = []
  for (const role of ROLES) {
    const run = runs[role]
    if (run.error) reasons.push(`${role}: ${run.error}`)
    else if (run.reward === null) reasons.push(`${role}: no reward recorded${run.exception ? ` (${run.exception})` : ''}`)
  }
  const { oracle, nop } = runs
  if (!oracle.error && oracle.reward !== null && !(oracle.reward >= threshold)) reasons.push(`oracle: reward ${fmt(oracle.reward)} is below the pass threshold ${threshold}`)
  if (!nop.error && nop.reward !== null && nop.reward !== 0) reasons.push(`nop: reward ${fmt(nop.reward)} is not 0`)
  return reasons
}

async function harborVersion(cli: HarborCli, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<{ version: string | null; startError?: string }> {
  const r = await runProcess([...cli.argv, '--version'], { env, signal, timeoutMs: 120_000, keepStdout: true })
  if (r.startError) return { version: null, startError: r.startError }
  const line = r.stdout.trim().split('\n')[0]?.trim()
  return { version: r.code === 0 && line ? line : null }
}

const EXIT: Record<HarborOutcome['status'], number> = { skipped: 0, 'dry-run': 0, passed: 0, failed: 1, interrupted: 130 }

/** The check as an exit status: 0 passed or skipped, 1 a task failed, 2 config error, 130 interrupted. Errors are logged, not thrown. */
export async function runHarborCheck(options: HarborCheckOptions): Promise<number> {
  const log = options.log ?? ((line: string) => console.log(line))
  try {
    return EXIT[(await harborCheck({ ...options, log })).status]
  } catch (error) {
    if (error instanceof ExitError) {
      log(`harbor: ${error.message}`)
      return error.exitCode
    }
    throw error
  }
}

/**
 * The check as an engine command (whose run resolves for success and throws an ExitError for
 * anything else): a failed task throws exit 1 naming the report, an interruption exit 130;
 * config and input errors propagate as they are (exit 2 or 1, the file or key named).
 */
export async function harborCommand(options: HarborCheckOptions): Promise<void> {
  const outcome = await harborCheck(options)
  if (outcome.status === 'interrupted') throw new ExitError('harbor: interrupted', 130)
  if (outcome.status === 'failed') {
    const counts = outcome.report?.counts
    throw new ExitError(`harbor: ${counts?.failed} of ${counts?.tasks} task(s) failed (see ${outcome.reportFile})`, 1)
  }
}

/** The check itself; throws ExitError subclasses for config and input errors. */
export async function harborCheck(options: HarborCheckOptions): Promise<HarborOutcome> {
  const log = options.log ?? ((line: string) => console.log(line))
  const env = options.env ?? process.env
  const { signal } = options
  const config = harborConfig(options.config.harbor)
  const threshold = passThreshold(config, options.config.smoke)
  const cli = findHarborCli(env)
  if (!cli) {
    log('harbor: skipped: no Harbor CLI (no `harbor` on PATH and HARBOR_CMD is not set)')
    options.emit?.({ type: 'skip', reason: 'no Harbor CLI' })
    return { status: 'skipped' }
  }
  const outDir = resolve(options.outDir)
  const tasksDir = resolve(options.tasksDir)
  const configDir = resolve(options.configDir ?? process.cwd())
  const tasks = chooseTasks(tasksDir, config.tasks, config.task_ids)

  const extra = config.extra_docker_compose.map((file, i) => {
    const path = resolve(configDir, file)
    if (!existsSync(path)) throw new HarborConfigError(`harbor.extra_docker_compose[${i}]: ${path} does not exist`)
    return path
  })
  let hostNetwork: HarborReport['host_network_build']
  if (config.build_on_host_network === 'auto') {
    const probe = await probeBridge(env, signal)
    hostNetwork = { mode: 'auto', used: probe.bridge === false, why: probe.why }
  } else {
    hostNetwork = { mode: config.build_on_host_network, used: config.build_on_host_network === 'always', why: `harbor.build_on_host_network is ${config.build_on_host_network}` }
  }
  if (hostNetwork.used) {
    const file = join(outDir, HOST_NETWORK_FILE)
    if (!options.dryRun) writeFileAtomic(file, HOST_NETWORK_COMPOSE)
    extra.unshift(file)
  }
  const jobsDir = resolve(outDir, config.jobs_dir)
  const pairs = tasks.flatMap((task) => ROLES.map((role) => [task, role] as [GeneratedTask, Role]))
  const commandOf = ([task, role]: [GeneratedTask, Role]): string[] =>
    runArgs({ cli: cli.argv, taskDir: task.dir, agent: config.agents[role], jobsDir, jobName: jobName(role, task.id), extraCompose: extra })
  if (options.dryRun) {
    log(`harbor: would run ${pairs.length} job(s) (${hostNetwork.why}):`)
    for (const pair of pairs) log(`  ${formatCommand(commandOf(pair))}`)
    return { status: 'dry-run' }
  }

  const version = await harborVersion(cli, env, signal)
  if (version.startError) {
    const message = `the Harbor CLI (${cli.source}: ${formatCommand(cli.argv)}) could not start: ${version.startError}`
    if (cli.source === 'HARBOR_CMD') throw new HarborConfigError(message)
    throw new ExitError(message)
  }
  if (signal?.aborted) return { status: 'interrupted' }

  const logsDir = join(outDir, 'harbor', 'logs')
  log(`harbor: ${tasks.length} task(s) with ${formatCommand(cli.argv)}${version.version ? ` (${version.version})` : ''}, agents ${config.agents.oracle} and ${config.agents.nop}${hostNetwork.used ? ', images built on the host network' : ''}`)

  const runOne = async ([task, role]: [GeneratedTask, Role]): Promise<RunRecord> => {
    const name = jobName(role, task.id)
    const dir = jobDir(jobsDir, name)
    // Harbor refuses to reuse a job folder with another config, and an old result must never
    // stand in for this run's: the folder is ours (named after role and task), so it goes.
    rmSync(dir, { recursive: true, force: true })
    const logFile = join(logsDir, `${name}.log`)
    rmSync(logFile, { force: true })
    const command = commandOf([task, role])
    const record: RunRecord = { agent: config.agents[role], command, job_dir: rel(outDir, dir), log: rel(outDir, logFile), ended: '', trial: null, reward: null, rewards: null, exception: null, error: null }
    options.emit?.({ type: 'run', task: task.id, role, command })
    const r = await runProcess(command, { cwd: outDir, env, signal, timeoutMs: config.timeout_sec * 1000, logFile })
    record.ended = describeEnd(r, config.timeout_sec)
    if (r.code !== 0) {
      const tail = lastLines(r.tail, 10)
      record.error = `harbor run ended with ${record.ended} (log: ${record.log})${tail ? `:\n${tail}` : ''}`
      return record
    }
    try {
      const job = readJob(dir)
      if (job.trials.length !== 1) throw new HarborResultError(`${join(dir, 'result.json')}: /n_total_trials: is ${job.trials.length}, expected 1 (one task, one attempt)`)
      const trial = job.trials[0]
      if (!samePath(resolve(outDir, trial.taskPath), task.dir)) throw new HarborResultError(`${join(trial.dir, 'result.json')}: /config/task/path: is ${trial.taskPath}, expected ${task.dir}`)
      if (job.harborVersion && !version.version) version.version = job.harborVersion
      Object.assign(record, { trial: rel(outDir, trial.dir), reward: trial.reward, rewards: trial.rewards, exception: trial.exception })
    } catch (error) {
      if (!(error instanceof HarborResultError)) throw error
      record.error = error.message
    }
    return record
  }

  const records = await pool(pairs, config.concurrency, runOne)
  if (signal?.aborted) {
    log('harbor: interrupted; no report written')
    return { status: 'interrupted' }
  }

  const taskRecords: TaskRecord[] = tasks.map((task, i) => {
    const runs = { oracle: records[2 * i], nop: records[2 * i + 1] }
    const reasons = judgeTask(runs, threshold)
    return { id: task.id, language: task.language, passed: reasons.length === 0, reasons, runs }
  })
  const passed = taskRecords.filter((t) => t.passed).length
  const report: HarborReport = {
    harbor: { command: cli.argv, source: cli.source, version: version.version },
    pass_threshold: threshold,
    agents: config.agents,
    host_network_build: hostNetwork,
    extra_docker_compose: extra.map((f) => rel(outDir, f)),
    counts: { tasks: taskRecords.length, passed, failed: taskRecords.length - passed },
    passed: passed === taskRecords.length,
    tasks: taskRecords,
  }
  const reportFile = join(outDir, REPORT_FILE)
  assertValid('harbor-report.schema.json', report, reportFile)
  writeFileAtomic(reportFile, toJson(report))

  for (const t of taskRecords) {
    const scores = `oracle ${fmt(t.runs.oracle.reward)}, nop ${fmt(t.runs.nop.reward)}`
    log(`harbor: ${t.passed ? 'PASS' : 'FAIL'} ${t.id} (${t.language}): ${scores}${t.passed ? '' : `\n  ${t.reasons.join('\n  ').replaceAll('\n', '\n    ')}`}`)
    options.emit?.({ type: 'task', task: t.id, language: t.language, passed: t.passed, oracle: t.runs.oracle.reward, nop: t.runs.nop.reward, reasons: t.reasons })
  }
  log(`harbor: ${passed}/${taskRecords.length} task(s) passed${report.harbor.version ? ` with Harbor ${report.harbor.version}` : ''}; report: ${rel(process.cwd(), reportFile)}`)
  options.emit?.({ type: 'done', passed, failed: taskRecords.length - passed, report: reportFile })
  return { status: report.passed ? 'passed' : 'failed', report, reportFile }
}
