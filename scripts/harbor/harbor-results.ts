// Reading Harbor's own job folder, the way Harbor 0.20 lays it out:
//
//   <jobs dir>/<job name>/
//     config.json  lock.json (harbor.version)  result.json (the job: n_total_trials, stats)  job.log
//     <task name, first 32 chars>__<random>/      one per trial
//       config.json  result.json (verifier_result.rewards, exception_info)  trial.log
//       agent/  verifier/ (reward.json, reward.txt, test-stdout.txt)  artifacts/
//
// `harbor run` exits 0 even when every trial errored, so its result files are the only truth.
// Every problem names the file and the field.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { assertValid } from '../lib/schemas.ts'
import { ExitError } from '../lib/errors.ts'

export class HarborResultError extends ExitError {}

export interface TrialOutcome {
  /** The trial folder's name (`<task name prefix>__<random>`). */
  name: string
  dir: string
  /** [task].name as Harbor read it, e.g. `locobench/<id>`. */
  taskName: string
  /** The task directory given to `harbor run -p`. */
  taskPath: string
  agent: string | null
  /** verifier_result.rewards.reward; null when the trial never reached the verifier. */
  reward: number | null
  /** Every reward key Harbor recorded (extra keys are kept, never required). */
  rewards: Record<string, unknown> | null
  /** `Type: message` of the exception Harbor recorded, or null. */
  exception: string | null
}

export interface JobOutcome {
  dir: string
  id: string
  /** Harbor's version from lock.json, when it wrote one (0.20 does). */
  harborVersion: string | null
  nTotalTrials: number
  nErroredTrials: number
  trials: TrialOutcome[]
}

function readJson(file: string, what: string): unknown {
  if (!existsSync(file)) throw new HarborResultError(`${file}: not found (${what})`)
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new HarborResultError(`${file}: cannot be read: ${(error as Error).message}`)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new HarborResultError(`${file}: not valid JSON: ${(error as Error).message}`)
  }
}

function validated<T>(schema: string, value: unknown, file: string): T {
  try {
    assertValid(schema, value, file)
  } catch (error) {
    throw new HarborResultError((error as Error).message)
  }
  return value as T
}

interface JobResultJson {
  id: string
  n_total_trials: number
  stats: { n_errored_trials: number }
}

interface TrialResultJson {
  trial_name: string
  task_name: string
  config: { task: { path: string } }
  agent_info: { name: string } | null
  verifier_result: { rewards: ({ reward: number } & Record<string, unknown>) | null } | null
  exception_info: { exception_type?: string; exception_message?: string } | null
}

/** lock.json's harbor.version; lock.json is optional (older Harbor versions do not write it). */
function harborVersion(jobDir: string): string | null {
  const file = join(jobDir, 'lock.json')
  if (!existsSync(file)) return null
  const lock = readJson(file, 'Harbor job lock') as { harbor?: { version?: unknown } } | null
  const version = lock?.harbor?.version
  if (version === undefined) return null
  if (typeof version !== 'string' || !version) throw new HarborResultError(`${file}: /harbor/version: must be a non-empty string`)
  return version
}

export function readTrial(dir: string, name: string): TrialOutcome {
  const file = join(dir, 'result.json')
  const r = validated<TrialResultJson>('harbor-trial-result.schema.json', readJson(file, 'Harbor trial result'), file)
  if (r.trial_name !== name) throw new HarborResultError(`${file}: /trial_name: is ${JSON.stringify(r.trial_name)}, but the trial folder is ${JSON.stringify(name)}`)
  const rewards = r.verifier_result?.rewards ?? null
  const reward = rewards ? rewards.reward : null
  if (reward !== null && !Number.isFinite(reward)) throw new HarborResultError(`${file}: /verifier_result/rewards/reward: must be a finite number`)
  const e = r.exception_info
  const exception = e ? [e.exception_type, e.exception_message].filter(Boolean).join(': ') || 'an exception without a type' : null
  return { name, dir, taskName: r.task_name, taskPath: r.config.task.path, agent: r.agent_info?.name ?? null, reward, rewards, exception }
}

/** Reads a finished job folder; throws HarborResultError naming the file and field on any gap. */
export function readJob(jobDir: string): JobOutcome {
  if (!existsSync(jobDir) || !statSync(jobDir).isDirectory()) throw new HarborResultError(`${jobDir}: not found (Harbor wrote no job folder)`)
  const file = join(jobDir, 'result.json')
  const job = validated<JobResultJson>('harbor-job-result.schema.json', readJson(file, 'Harbor job result'), file)
  // Every sub-folder of a job folder is a trial; the job's own files are plain files.
  const names = readdirSync(jobDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
  const trials = names.map((name) => readTrial(join(jobDir, name), name))
  if (trials.length !== job.n_total_trials) {
    throw new HarborResultError(`${file}: /n_total_trials: is ${job.n_total_trials}, but the job folder holds ${trials.length} trial folder(s)${trials.length ? `: ${names.join(', ')}` : ''}`)
  }
  return { dir: jobDir, id: job.id, harborVersion: harborVersion(jobDir), nTotalTrials: job.n_total_trials, nErroredTrials: job.stats.n_errored_trials, trials }
}
