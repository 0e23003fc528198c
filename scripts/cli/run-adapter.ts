#!/usr/bin/env node
// run-adapter: the original adapter's CLI name and flags over the generate stage, writing task
// dirs straight into --output_dir (each one swapped in whole). Reads our dataset.jsonl (from
// extract-dataset), not the original's JSONL.
import { existsSync, mkdirSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { runAll } from '../engine/run-all.ts'
import { loadConfig } from '../lib/config-loader.ts'
import { SCHEMA_DIRS } from '../lib/schemas.ts'
import { generateStage } from '../stages/generate/generate-stage.ts'
import { datasetIds } from '../contracts/dataset.ts'
import { readSelectedIds } from '../contracts/selected-tasks.ts'
import { UsageError } from '../lib/errors.ts'

const USAGE = `usage: run-adapter --dataset_path FILE --output_dir DIR [options]

  --dataset_path FILE     dataset.jsonl written by extract-dataset (required)
  --output_dir DIR        where the task dirs go, e.g. out/tasks (required)
  --selected_tasks FILE   selected_tasks.json from select-tasks: generate these ids, in its order
  --task_ids ID [ID ...]  generate these ids (space- or comma-separated); overrides --selected_tasks
  --limit N               only the first N ids
  --data_dir DIR          data root the records' project paths are relative to (default: data/sample)
  --registry FILE         dataset.toml to write (default: <output_dir>/dataset.toml)
  --config FILE           config file (default: ./locobench.config.json5 if present)
  -h, --help              this text

Without --selected_tasks or --task_ids every record of the dataset is generated.
Exit status: 0 ok, 1 a task failed or nothing to generate, 2 usage or config error.`


interface Args {
  dataset: string
  output: string
  selected?: string
  taskIds?: string[]
  limit?: number
  dataDir?: string
  registry?: string
  config?: string
}

const FLAGS = new Set(['--dataset_path', '--output_dir', '--selected_tasks', '--task_ids', '--limit', '--data_dir', '--registry', '--config'])

function parseArgs(argv: string[]): Args | 'help' {
  const values = new Map<string, string[]>()
  let current: string | undefined
  for (const arg of argv) {
    if (arg === '-h' || arg === '--help') return 'help'
    const [flag, inline] = arg.startsWith('--') ? arg.split(/=(.*)/s, 2) : [undefined, undefined]
    if (flag !== undefined) {
      if (!FLAGS.has(flag)) throw new UsageError(`unknown option ${flag}`)
      if (values.has(flag)) throw new UsageError(`${flag} given twice`)
      values.set(flag, inline === undefined ? [] : [inline])
      current = inline === undefined ? flag : undefined
      continue
    }
    if (!current) throw new UsageError(`unexpected argument ${arg}`)
    ;(values.get(current) as string[]).push(arg)
    if (current !== '--task_ids') current = undefined
  }
  const one = (flag: string): string | undefined => {
    const v = values.get(flag)
    if (v === undefined) return undefined
    if (v.length !== 1 || v[0] === '') throw new UsageError(`${flag} needs one value`)
    return v[0]
  }
  const dataset = one('--dataset_path')
  const output = one('--output_dir')
  if (!dataset || !output) throw new UsageError('--dataset_path and --output_dir are required')
  let limit: number | undefined
  const limitText = one('--limit')
  if (limitText !== undefined) {
    limit = Number(limitText)
    if (!Number.isInteger(limit) || limit < 1) throw new UsageError(`--limit must be a positive integer, not ${limitText}`)
  }
  const taskIds = values.get('--task_ids')?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean)
  if (values.has('--task_ids') && !taskIds?.length) throw new UsageError('--task_ids needs at least one id')
  return { dataset, output, selected: one('--selected_tasks'), taskIds, limit, dataDir: one('--data_dir'), registry: one('--registry'), config: one('--config') }
}

/** The ids asked for, in order; unknown ids are reported and dropped by the stage itself. */
function requestedIds(args: Args, dataset: string): string[] {
  if (args.taskIds) return args.taskIds
  if (args.selected) return readSelectedIds(resolve(args.selected))
  return datasetIds(dataset)
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv)
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  const dataset = resolve(args.dataset)
  const output = resolve(args.output)
  const config = args.config || existsSync('locobench.config.json5') ? loadConfig(args.config).config : undefined
  if (!args.dataDir) console.error('note: --data_dir not given; project paths resolve against data/sample')
  const dataDir = resolve(args.dataDir ?? 'data/sample')
  const ids = requestedIds(args, dataset)
  mkdirSync(output, { recursive: true })
  const stage = generateStage({
    ids, limit: args.limit, dataset, dataDir,
    config: config ? { tasks: config.tasks, languages: config.languages, verifier: config.verifier, smoke: config.smoke } : {},
    tasks: output,
    registry: resolve(args.registry ?? join(output, 'dataset.toml')),
  })
  // The engine's records live in <output_dir>/.taskcache (hidden: never taken for a task), so a
  // rerun keeps unchanged tasks and removes only the ones it generated.
  let failed = false
  await runAll({
    stages: [stage],
    root: process.cwd(),
    outDir: output,
    targets: [stage.name],
    schemaDirs: SCHEMA_DIRS,
    concurrency: availableParallelism(),
    emit: (event) => {
      if (event.type === 'log') console.error(`${event.level === 'warn' ? 'warning: ' : ''}${event.message}`)
      else if (event.type === 'done' && event.summary) console.log(event.summary)
      else if (event.type === 'fail') {
        failed = true
        console.error(`error: ${event.error}`)
      }
    },
  })
  return failed ? 1 : 0
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: Error & { exitCode?: number }) => {
    console.error(`error: ${error.message}`)
    if (error instanceof UsageError) console.error(`\n${USAGE}`)
    process.exitCode = error.exitCode ?? 1
  },
)
