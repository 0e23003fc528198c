#!/usr/bin/env node
// Fills the summaries of a parity_experiment.json from its runs: for each metric, `original` and
// `harbor` become "mean +/- sem" (the sample standard error of the mean, as Harbor's adapter guide
// asks) over original_runs and harbor_runs. With --harbor-job it first sets harbor_runs of the first
// metric from Harbor job folders: one run per job, its score the mean reward of the job's trials (a
// trial without a reward counts 0, as an unanswered task would). It then says what is still
// missing; the exit status is 0 only when the record is complete.
//
// Usage: node scripts/harbor/parity-fill.ts FILE [--harbor-job DIR]... [--digits N]
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { toJson, writeFileAtomic } from '../lib/fsx.ts'
import { assertValid } from '../lib/schemas.ts'
import { ExitError, UsageError } from '../lib/errors.ts'
import { readJob } from './harbor-results.ts'

export class ParityError extends ExitError {}

interface Metric {
  benchmark_name: string
  metric: string
  original: string | null
  harbor: string | null
  original_runs: number[]
  harbor_runs: number[]
}

interface Experiment {
  agent: string | null
  model: string | null
  date: string | null
  number_of_runs: number
  original_parity_repo: string | null
  metrics: Metric[]
  [key: string]: unknown
}

/** Mean and sample standard error of the mean (n - 1 in the variance); needs two values or more. */
export function meanSem(values: number[]): { mean: number; sem: number } {
  if (values.length < 2) throw new ParityError(`a standard error needs at least 2 runs, got ${values.length}`)
  const mean = values.reduce((a, b) => a + b, 0) / values.length
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1)
  return { mean, sem: Math.sqrt(variance / values.length) }
}

export const formatMeanSem = (values: number[], digits: number): string => {
  const { mean, sem } = meanSem(values)
  return `${mean.toFixed(digits)} +/- ${sem.toFixed(digits)}`
}

/** One Harbor run's score: the mean reward over the job's trials, a trial without one counting 0. */
export function jobScore(jobDir: string): number {
  const job = readJob(jobDir)
  if (!job.trials.length) throw new ParityError(`${jobDir}: the job has no trials`)
  return job.trials.reduce((sum, t) => sum + (t.reward ?? 0), 0) / job.trials.length
}

export interface FillResult {
  /** What still has to be filled in, as `file: /pointer: what`; empty when complete. */
  missing: string[]
}

/** Rewrites `file` with the summaries computed; returns what is still missing. */
export function fillParity(file: string, options: { harborJobs?: string[]; digits?: number } = {}): FillResult {
  const digits = options.digits ?? 4
  let value: unknown
  try {
    value = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ParityError(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : `not valid JSON: ${(error as Error).message}`}`)
  }
  assertValid('harbor-parity-experiment.schema.json', value, file)
  const experiments = value as Experiment[]
  if (options.harborJobs?.length) experiments[0].metrics[0].harbor_runs = options.harborJobs.map(jobScore)
  const missing: string[] = []
  experiments.forEach((e, i) => {
    for (const key of ['agent', 'model', 'date', 'original_parity_repo'] as const) if (e[key] === null) missing.push(`${file}: /${i}/${key}: not filled in`)
    e.metrics.forEach((m, j) => {
      for (const side of ['original', 'harbor'] as const) {
        const runs = m[`${side}_runs`]
        const where = `${file}: /${i}/metrics/${j}/${side}_runs`
        if (!runs.length) {
          m[side] = null
          missing.push(`${where}: no runs yet`)
          continue
        }
        if (runs.length !== e.number_of_runs) throw new ParityError(`${where}: has ${runs.length} run(s), but number_of_runs is ${e.number_of_runs} (both sides run the same number)`)
        m[side] = formatMeanSem(runs, digits)
      }
    })
  })
  assertValid('harbor-parity-experiment.schema.json', experiments, file)
  writeFileAtomic(file, toJson(experiments))
  return { missing }
}

function main(argv: string[]): number {
  const files: string[] = []
  const jobs: string[] = []
  let digits = 4
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--harbor-job') jobs.push(argv[++i] ?? '')
    else if (a === '--digits') digits = Number(argv[++i])
    else if (a === '-h' || a === '--help') {
      console.log('usage: parity-fill FILE [--harbor-job DIR]... [--digits N]')
      return 0
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`)
    else files.push(a)
  }
  if (files.length !== 1) throw new UsageError('usage: parity-fill FILE [--harbor-job DIR]... [--digits N]')
  if (jobs.some((j) => !j)) throw new UsageError('--harbor-job needs a job folder')
  if (!Number.isInteger(digits) || digits < 0 || digits > 10) throw new UsageError('--digits must be an integer from 0 to 10')
  const { missing } = fillParity(files[0], { harborJobs: jobs, digits })
  for (const line of missing) console.log(line)
  console.log(missing.length ? `${files[0]}: ${missing.length} thing(s) still to fill in` : `${files[0]}: complete`)
  return missing.length ? 1 : 0
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (error) {
    console.error(`parity-fill: ${(error as Error).message}`)
    process.exitCode = error instanceof ExitError ? error.exitCode : 1
  }
}
