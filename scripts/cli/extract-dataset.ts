#!/usr/bin/env node
// extract-dataset: the original adapter's first step under its old name, over the extract stage.
// Writes dataset.jsonl, rejects.jsonl and extract-summary.json into --output, each checked against
// its schema before it replaces an older copy, then prints the original's style of summary.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../lib/config-loader.ts'
import { readJsonl } from '../lib/jsonl.ts'
import { assertValid } from '../lib/schemas.ts'
import { computeRecipe } from '../engine/plan.ts'
import { extract, type ExtractConfig, type ExtractSummary } from '../stages/extract.ts'
import { codeSalt, extractStage } from '../stages/extract/extract-stage.ts'
import { UsageError } from '../lib/errors.ts'

const ROOT = join(import.meta.dirname, '..', '..')

const USAGE = `usage: extract-dataset --data DIR --output DIR [options]

  --data DIR          LoCoBench data root holding output/scenarios/ and generated/ (alias --data_dir)
  --output DIR        where dataset.jsonl, rejects.jsonl and extract-summary.json go (alias --output_dir)
  --cache DIR         keep per-file caches here so a rerun re-parses only changed files
                      (default: none; every run parses everything)
  --config FILE       config file for the extract section (default: ./locobench.config.json5 if present)
  --concurrency N     threads to use (default: all cores)
  -h, --help          this text

Exit status: 0 when it ran (even if some files were rejected: see rejects.jsonl),
1 when the scenarios dir is missing or empty or an output fails its schema, 2 on usage errors.`


interface Args {
  data: string
  output: string
  cache?: string
  config?: string
  concurrency?: number
}

function parse(argv: string[]): Args | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        data: { type: 'string' }, data_dir: { type: 'string' },
        output: { type: 'string' }, output_dir: { type: 'string' },
        cache: { type: 'string' }, config: { type: 'string' }, concurrency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const v = parsed.values
  if (v.help) return 'help'
  const data = v.data ?? v.data_dir
  const output = v.output ?? v.output_dir
  if (!data) throw new UsageError('--data DIR is required')
  if (!output) throw new UsageError('--output DIR is required')
  let concurrency: number | undefined
  if (v.concurrency !== undefined) {
    concurrency = Number(v.concurrency)
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a positive integer, got ${v.concurrency}`)
  }
  return { data: resolve(data), output: resolve(output), cache: v.cache && resolve(v.cache), config: v.config, concurrency }
}

const OUTPUTS = {
  dataset: { name: 'dataset.jsonl', schema: 'dataset-record.schema.json' },
  rejects: { name: 'rejects.jsonl', schema: 'extract-rejects.schema.json' },
  summary: { name: 'extract-summary.json', schema: 'extract-summary.schema.json' },
} as const

async function validate(path: string, schema: string, lines: boolean): Promise<void> {
  if (!lines) return assertValid(schema, JSON.parse(readFileSync(path, 'utf8')), path)
  for await (const { line, value } of readJsonl(path)) assertValid(schema, value, path, line)
}

function printSummary(summary: ExtractSummary, datasetPath: string): void {
  console.log(`Found ${summary.read} scenario files`)
  console.log(`Extracted ${summary.accepted} scenarios to ${datasetPath}`)
  if (summary.rejected) {
    const reasons = Object.entries(summary.rejected_by_reason).map(([r, n]) => `${r} ${n}`).join(', ')
    console.log(`Encountered ${summary.rejected} errors (${reasons}); see rejects.jsonl`)
  }
  if (Object.keys(summary.warnings_by_code).length) {
    const codes = Object.entries(summary.warnings_by_code).map(([c, n]) => `${c} ${n}`).join(', ')
    console.log(`Warnings: ${codes}; see extract-summary.json`)
  }
  for (const [title, counts] of [['Category', summary.by_category], ['Language', summary.by_language]] as const) {
    console.log(`\n${title} distribution:`)
    for (const [key, n] of Object.entries(counts)) console.log(`  ${key}: ${n}`)
  }
}

async function main(argv: string[]): Promise<number> {
  const args = parse(argv)
  if (args === 'help') {
    console.log(USAGE)
    return 0
  }
  const config = loadConfig(args.config).config.extract as ExtractConfig
  mkdirSync(args.output, { recursive: true })
  const staging = mkdtempSync(join(args.output, '.extract-'))
  const cacheDir = args.cache ?? mkdtempSync(join(tmpdir(), 'extract-dataset-cache-'))
  try {
    const staged = {
      dataset: join(staging, OUTPUTS.dataset.name),
      rejects: join(staging, OUTPUTS.rejects.name),
      summary: join(staging, OUTPUTS.summary.name),
    }
    await extract({
      dataDir: args.data,
      outputs: staged,
      cacheDir,
      // A kept cache is only good for the code that wrote it: the stage's recipe, as the graph salts it.
      salt: codeSalt((await computeRecipe(extractStage({ dataDir: args.data, outDir: args.output, config }), ROOT)).parts),
      config,
      concurrency: args.concurrency,
      warn: (message) => console.error(`warning: ${message}`),
    })
    for (const key of ['dataset', 'rejects', 'summary'] as const) await validate(staged[key], OUTPUTS[key].schema, key !== 'summary')
    for (const key of ['dataset', 'rejects', 'summary'] as const) renameSync(staged[key], join(args.output, OUTPUTS[key].name))
    const summary = JSON.parse(readFileSync(join(args.output, OUTPUTS.summary.name), 'utf8')) as ExtractSummary
    printSummary(summary, join(args.output, OUTPUTS.dataset.name))
    return 0
  } finally {
    rmSync(staging, { recursive: true, force: true })
    if (!args.cache) rmSync(cacheDir, { recursive: true, force: true })
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: Error & { exitCode?: number }) => {
    console.error(`extract-dataset: ${error.message}`)
    if (error.exitCode === 2) console.error(`\n${USAGE}`)
    process.exitCode = error.exitCode ?? 1
  },
)
