#!/usr/bin/env node
// select-tasks: the original select_tasks.py under its name, with its fixed paths turned into flags.
// Writes selected_tasks.json at --output, scores.jsonl and report/ next to it, and prints the
// original's summary. Exit 0 on success, 1 when the run fails, 2 on usage or config errors.
import { existsSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Config } from '../lib/config-loader.ts'
import type { SelectionConfig } from '../stages/select.ts'
import type { LeakCheckConfig } from '../verifier/leaks.ts'
import { UsageError } from '../lib/errors.ts'

// Stripping the types of our modules costs about a third of a cold run; Node's compile cache (in
// the OS temp dir; NODE_DISABLE_COMPILE_CACHE=1 turns it off) keeps the result, so the modules are
// imported only once it is on.
enableCompileCache()

const USAGE = `usage: select-tasks --dataset FILE --output FILE [--top N] [--config FILE]

  --dataset FILE   dataset.jsonl written by extract-dataset
  --output FILE    where selected_tasks.json goes; scores.jsonl and report/ are written next to it
  --top N          how many tasks to select (overrides selection.top_n; default 50)
  --config FILE    a locobench config (JSON5) whose \`selection\` section is used; without it the
                   defaults apply, which reproduce the original's selection
`


interface CliOptions {
  dataset: string
  output: string
  top?: number
  config?: string
}

function parseCli(argv: string[]): CliOptions | 'help' {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        dataset: { type: 'string' },
        output: { type: 'string' },
        top: { type: 'string' },
        config: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) return 'help'
  if (!values.dataset) throw new UsageError('--dataset is required')
  if (!values.output) throw new UsageError('--output is required')
  let top: number | undefined
  if (values.top !== undefined) {
    top = Number(values.top)
    if (!/^\d+$/.test(values.top) || !Number.isSafeInteger(top) || top < 1) throw new UsageError(`--top must be a positive integer, got "${values.top}"`)
  }
  return { dataset: values.dataset, output: values.output, top, config: values.config }
}

/** The selection section, and tasks.leak_check (selection.exclude_leaks applies its rules). */
async function selectionConfig(file: string | undefined): Promise<{ config: SelectionConfig; leakCheck: LeakCheckConfig }> {
  const pick = (c: Config) => ({ config: c.selection as unknown as SelectionConfig, leakCheck: c.tasks.leak_check })
  if (file === undefined) return pick((await import('../lib/config-loader.ts')).defaultConfig())
  // Loaded only when asked for: ajv adds about 0.1 s of start-up.
  const { loadConfig } = await import('../lib/config-loader.ts')
  return pick(loadConfig(file).config)
}

async function main(argv: string[]): Promise<number> {
  const options = parseCli(argv)
  if (options === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  const dataset = resolve(options.dataset)
  if (!existsSync(dataset)) {
    process.stderr.write(`Error: Dataset not found: ${dataset}\nRun extract-dataset first to create the dataset.\n`)
    return 1
  }
  const { config, leakCheck } = await selectionConfig(options.config)
  if (options.top !== undefined) config.top_n = options.top
  const selected = resolve(options.output)
  const outputs = { selected, scores: join(dirname(selected), 'scores.jsonl'), reportDir: join(dirname(selected), 'report') }
  const { select, summaryText, REPORT_FILE } = await import('../stages/select.ts')
  const { selection } = await select({ dataset, config, leakCheck, outputs })
  process.stdout.write(summaryText(selection, config, { dataset, selected, scores: outputs.scores, report: join(outputs.reportDir, REPORT_FILE) }))
  return 0
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: Error & { exitCode?: number }) => {
    const code = typeof error.exitCode === 'number' ? error.exitCode : 1
    process.stderr.write(`select-tasks: ${error.message}\n`)
    if (code === 2 && error instanceof UsageError) process.stderr.write(USAGE)
    process.exitCode = code
  },
)
