// `npx zx Taskfile.ts [target…] [flags]`: parses the command line, loads the config, asks the
// Taskfile for its graph and hands it to the engine. Exit codes: 0 ok, 1 a stage failed (or the
// out dir is locked), 2 usage or config errors, 130 interrupted.
import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { loadConfig, type Config } from '../lib/config.ts'
import { clean } from './clean.ts'
import { planAll, runAll, storeFor, UsageError, type EngineOptions } from './run.ts'
import { describeReason, type EngineEvent, type Stage } from './types.ts'
import { jsonView, listrView, reasonText, type View } from './view.ts'

export interface Settings {
  root: string
  dataDir: string
  outDir: string
  config: Config
  configFile?: string
  configDir: string
  concurrency: number
  /** Whether --concurrency was given (stages with their own default keep it otherwise). */
  concurrencyGiven: boolean
  verbose: boolean
}

export interface Graph {
  stages: Stage[]
  /** Targets that are not stages: one-off commands such as base-image. */
  commands?: Record<string, { title: string; run: (emit: (event: EngineEvent) => void, signal: AbortSignal) => Promise<void> }>
}

const HELP = `usage: npx zx Taskfile.ts [target…] [flags]

targets: all (default) | <stage>… | status | clean [stage…] | <command>
flags:
  --force <stage>     rerun that stage (repeatable); dependents rerun only if its outputs change
  --force-all         rerun every stage
  --dry-run           show what would run, change nothing
  --json              one JSON event per line on stdout, no progress drawing
  --data DIR          the LoCoBench data root (default: config "data", else data/sample)
  --out DIR           where artifacts go (default: config "out", else out/)
  --config FILE       the config file (default: locobench.config.json5)
  --concurrency N     parallel work inside and across stages (default: CPU count)
  --verbose           stack traces and more detail
  --help`

export async function main(argv: string[], root: string, graphOf: (settings: Settings) => Graph): Promise<number> {
  let args
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        force: { type: 'string', multiple: true },
        'force-all': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        data: { type: 'string' },
        out: { type: 'string' },
        config: { type: 'string' },
        concurrency: { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${HELP}\n`)
    return 2
  }
  const { values: flags, positionals } = args
  if (flags.help) {
    process.stdout.write(`${HELP}\n`)
    return 0
  }
  try {
    const settings = resolveSettings(root, flags)
    const graph = graphOf(settings)
    const [first, ...rest] = positionals.length ? positionals : ['all']
    const emit = flags.json ? jsonView().emit : undefined
    if (first === 'status') return await status(graph, settings, rest, Boolean(flags.json))
    if (first === 'clean') return clean(graph.stages, settings.outDir, rest.length ? rest : graph.stages.map((s) => s.name), (line) => process.stdout.write(`${line}\n`))
    const command = graph.commands?.[first]
    if (command) return await runCommand(command, first, rest, emit)
    const targets = positionals.includes('all') || positionals.length === 0 ? graph.stages.map((s) => s.name) : positionals
    for (const force of flags.force ?? []) if (!graph.stages.some((s) => s.name === force)) throw new UsageError(`--force: unknown stage "${force}"`)
    const options: EngineOptions = {
      stages: graph.stages,
      root: settings.root,
      outDir: settings.outDir,
      targets,
      force: flags.force,
      forceAll: flags['force-all'],
      concurrency: settings.concurrency,
      verbose: settings.verbose,
      emit: () => {},
    }
    if (flags['dry-run']) return await dryRun(options, Boolean(flags.json))
    return await run(options, Boolean(flags.json))
  } catch (error) {
    const err = error as Error & { exitCode?: number }
    process.stderr.write(`${err.message}\n`)
    if (flags.verbose && err.stack) process.stderr.write(`${err.stack}\n`)
    return err.exitCode ?? 1
  }
}

function resolveSettings(root: string, flags: Record<string, unknown>): Settings {
  const { config, baseDir, file } = loadConfig(flags.config as string | undefined, root)
  const concurrency = flags.concurrency === undefined ? navigator.hardwareConcurrency : Number(flags.concurrency)
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a positive integer, got "${flags.concurrency}"`)
  return {
    root,
    dataDir: resolve(flags.data ? process.cwd() : baseDir, (flags.data as string | undefined) ?? config.data),
    outDir: resolve(flags.out ? process.cwd() : baseDir, (flags.out as string | undefined) ?? config.out),
    config,
    configFile: file,
    configDir: baseDir,
    concurrency,
    concurrencyGiven: flags.concurrency !== undefined,
    verbose: Boolean(flags.verbose),
  }
}

async function run(options: EngineOptions, json: boolean): Promise<number> {
  const view: View = json ? jsonView() : listrView(options.stages.filter((s) => inClosure(options, s.name)).map((s) => ({ name: s.name, title: s.title })))
  const controller = new AbortController()
  let interrupts = 0
  const onSignal = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now": the record is already gone, so the stage stays stale.
    if (++interrupts > 1) process.exit(130)
    view.emit({ type: 'log', stage: 'engine', level: 'warn', message: `${signal}: stopping; nothing half-done will be kept` })
    controller.abort(new Error(`interrupted by ${signal}`))
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  try {
    const summary = await runAll({ ...options, emit: (e) => view.emit(e), signal: controller.signal })
    await view.close()
    if (controller.signal.aborted) return 130
    return summary.ok ? 0 : 1
  } catch (error) {
    await view.close()
    throw error
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

const inClosure = (options: EngineOptions, name: string): boolean => {
  const byName = new Map(options.stages.map((s) => [s.name, s]))
  const seen = new Set<string>()
  const visit = (n: string) => {
    if (seen.has(n)) return
    seen.add(n)
    for (const d of byName.get(n)?.deps ?? []) visit(d)
  }
  options.targets.forEach(visit)
  return seen.has(name)
}

async function status(graph: Graph, settings: Settings, targets: string[], json: boolean): Promise<number> {
  const plans = await planAll({
    stages: graph.stages,
    root: settings.root,
    outDir: settings.outDir,
    targets: targets.length ? targets : graph.stages.map((s) => s.name),
    emit: () => {},
  })
  if (json) {
    jsonView().emit({ type: 'plan', plans })
    return 0
  }
  const width = Math.max(...plans.map((p) => p.stage.length))
  process.stdout.write(`out: ${settings.outDir} (records in ${storeFor(settings.outDir).dir})\n`)
  for (const plan of plans) {
    process.stdout.write(`${plan.stage.padEnd(width)}  ${plan.fresh ? 'fresh' : `stale: ${reasonText(plan.reasons)}`}\n`)
  }
  return 0
}

async function dryRun(options: EngineOptions, json: boolean): Promise<number> {
  const plans = await planAll(options)
  if (json) {
    jsonView().emit({ type: 'plan', plans })
    return 0
  }
  for (const plan of plans) {
    process.stdout.write(plan.fresh ? `skip ${plan.stage} (fresh)\n` : `run  ${plan.stage}: ${plan.reasons.map(describeReason).join(', ')}\n`)
  }
  return 0
}

async function runCommand(command: NonNullable<Graph['commands']>[string], name: string, rest: string[], emit?: (e: EngineEvent) => void): Promise<number> {
  if (rest.length) throw new UsageError(`${name} takes no further targets (got ${rest.join(' ')})`)
  const controller = new AbortController()
  const onSignal = () => controller.abort(new Error('interrupted'))
  process.once('SIGINT', onSignal)
  const print = emit ?? ((event: EngineEvent) => {
    if (event.type === 'log') process.stderr.write(`${event.level === 'warn' ? 'warning: ' : ''}${event.message}\n`)
  })
  try {
    await command.run(print, controller.signal)
    return 0
  } finally {
    process.off('SIGINT', onSignal)
  }
}
