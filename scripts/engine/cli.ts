// `npx zx Taskfile.ts [target…] [flags]`: parses the command line, asks the Taskfile's settings
// hook for the project's settings, then its stages, and hands them to the engine. Exit codes:
// 0 ok, 1 a stage failed (or the out dir is locked), 2 usage or config errors, 130 interrupted.
import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { clean } from './clean.ts'
import { checkOutOverlap } from './out-overlap.ts'
import { checkTargets, targetHelp } from './targets.ts'
import { tallyProblems } from './strict.ts'
import { UsageError } from './exit-error.ts'
import { closure, planAll, runAll, storeFor, type EngineOptions } from './run-all.ts'
import { describeReason, type EngineEvent, type Stage } from './types.ts'
import { jsonView, listrView, reasonText, type View } from './view.ts'
import { collectSummary, printSummary, type SummaryOutput } from './run-summary.ts'

/** The flags every Taskfile has, parsed; `out` is left to the settings hook, which knows defaults. */
export interface EngineFlags {
  out?: string
  /** At most this many things run at once: stages, and the items inside one stage. */
  concurrency: number
  verbose: boolean
}

/** What the settings hook must decide; a Taskfile adds its own fields (a loaded config, say). */
export interface BaseSettings {
  /** Where artifacts go; its .taskcache/ holds records, caches, staging and the lock. */
  outDir: string
  /** --watch also starts a round when these change (the config file the settings came from). */
  watch?: string[]
}

export interface CommandContext {
  log(message: string): void
  warn(message: string): void
  signal: AbortSignal
  /** The global flags as parsed: a command must honour `dryRun` (it never reaches the graph). */
  flags: EngineFlags & { dryRun: boolean; json: boolean }
}

/** A target that is not a stage: a one-off action outside the graph (no record, no staging). */
export interface Command<S> {
  title: string
  run(settings: S, ctx: CommandContext): Promise<unknown>
}

export interface Taskfile<S extends BaseSettings> {
  /** Paths in reasons and recipe parts are shown relative to it. */
  root: string
  /** Project flags: each takes a value (`--name VALUE`) and has one help line. */
  flags?: Record<string, { value: string; help: string }>
  /** Flags → settings (where a project loads its config). Throw an ExitError(…, 2) for bad values. */
  settings(flags: EngineFlags & { project: Record<string, string | undefined> }): S
  /** Folders of the JSON Schemas that outputs name (every schema in them may be `$ref`-ed). */
  schemas: readonly string[]
  /** The schema (a name in the first schema folder, or absolute) `--summary FILE` is checked against. */
  summarySchema?: string
  stages(settings: S): Stage[]
  commands?: Record<string, Command<S>>
  /** Stages that exist only when the settings turn them on: name → what they need (for messages). */
  optionalTargets?: Record<string, string>
}

const ENGINE_HELP = `  --force <stage>     rerun that stage (repeatable); dependents rerun only if its outputs change
  --force-all         rerun every stage
  --dry-run           show what would run, change nothing
  --json              one JSON event per line on stdout, no progress drawing
  --out DIR           where artifacts go
  --concurrency N     at most N things at once: stages, and the items inside each stage (default:
                      CPU count); a stage may set a lower limit of its own
  --verbose           stack traces and more detail
  --strict            exit 1 when any stage reported problems (rejected items, warnings), after
                      every stage ran; the line lists them by stage and code
  --summary FILE      also write the end-of-run summary as JSON (schema-checked)
  --watch             run, then rerun stale stages whenever their inputs, recipe files or the
                      settings' watched files change (Ctrl-C stops: 0 when idle, 130 mid-run)
  --format FORMAT     graph: dot (the default) or mermaid
  --status            graph: show each stage fresh or stale
  --help`

function help(flags: Taskfile<BaseSettings>['flags'] = {}): string {
  const project = Object.entries(flags).map(([name, f]) => `  ${`--${name} ${f.value}`.padEnd(20)}${f.help}`)
  return `usage: npx zx Taskfile.ts [target…] [flags]

targets: all (default) | <stage>… | status | clean [stage…] | graph [stage…] | explain STAGE | <command>
flags:
${[...project, ENGINE_HELP].join('\n')}`
}

export async function main<S extends BaseSettings>(argv: string[], taskfile: Taskfile<S>): Promise<number> {
  const HELP = help(taskfile.flags)
  const projectFlags = Object.fromEntries(Object.keys(taskfile.flags ?? {}).map((name) => [name, { type: 'string' as const }]))
  let args
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ...projectFlags,
        force: { type: 'string', multiple: true },
        'force-all': { type: 'boolean' },
        'dry-run': { type: 'boolean' },
        json: { type: 'boolean' },
        out: { type: 'string' },
        concurrency: { type: 'string' },
        verbose: { type: 'boolean' },
        summary: { type: 'string' },
        watch: { type: 'boolean' },
        format: { type: 'string' },
        status: { type: 'boolean' },
        strict: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    process.stderr.write(`${flagError(error as Error)}\n\n${HELP}\n`)
    return 2
  }
  const { values: flags, positionals } = args
  if (flags.help) {
    process.stdout.write(`${HELP}\n\ntargets:\n${targetHelp({ stages: helpStages(taskfile, flags), commands: taskfile.commands ?? {}, optional: taskfile.optionalTargets })}\n`)
    return 0
  }
  try {
    const engineFlags = parseEngineFlags(flags)
    const given = flags as Record<string, unknown>
    const project = Object.fromEntries(Object.keys(taskfile.flags ?? {}).map((name) => [name, given[name] as string | undefined]))
    const settings = taskfile.settings({ ...engineFlags, project })
    const stages = taskfile.stages(settings)
    const [first, ...rest] = positionals.length ? positionals : ['all']
    const emit = flags.json ? jsonView().emit : undefined
    const outDir = resolve(settings.outDir)
    checkOutOverlap(outDir, stages)
    if (first === 'status') return await status(stages, taskfile.root, outDir, rest, Boolean(flags.json))
    if (first === 'clean') {
      const names = rest.length ? rest : stages.map((s) => s.name)
      return await clean(stages, outDir, names, (line) => process.stdout.write(`${line}\n`))
    }
    if (first === 'graph') return await (await import('./graph-view.ts')).graphTarget(stages, taskfile.root, outDir, rest, { format: flags.format, status: Boolean(flags.status) })
    if (first === 'explain') return await (await import('./explain.ts')).explainTarget(stages, taskfile.root, outDir, rest, Boolean(flags.json))
    const command = taskfile.commands?.[first]
    const commandFlags = { ...engineFlags, dryRun: Boolean(flags['dry-run']), json: Boolean(flags.json) }
    if (command) return await runCommand(command, settings, first, rest, emit, commandFlags)
    checkTargets(positionals, { stages, commands: taskfile.commands ?? {}, optional: taskfile.optionalTargets })
    const all = positionals.includes('all') || positionals.length === 0
    const targets = all ? stages.map((s) => s.name) : positionals
    for (const force of flags.force ?? []) {
      if (!stages.some((s) => s.name === force)) throw new UsageError(`--force: unknown stage "${force}"`)
    }
    const options: EngineOptions = {
      stages,
      root: taskfile.root,
      outDir,
      targets,
      schemaDirs: taskfile.schemas,
      force: flags.force,
      forceAll: flags['force-all'],
      concurrency: engineFlags.concurrency,
      verbose: engineFlags.verbose,
      emit: () => {},
    }
    if (flags['dry-run']) return await dryRun(options, Boolean(flags.json))
    const summaryOutput: SummaryOutput = { json: Boolean(flags.json), file: flags.summary && resolve(flags.summary), schema: taskfile.summarySchema ? { dirs: taskfile.schemas, name: taskfile.summarySchema } : undefined }
    if (flags.watch) {
      // Each round asks the settings hook again, so a config change reaches the stages' recipes.
      const rebuild = () => {
        const now = taskfile.settings({ ...engineFlags, project })
        return { options: { ...options, stages: taskfile.stages(now) }, watch: now.watch ?? [] }
      }
      return await (await import('./watch.ts')).watch({ options, watch: settings.watch ?? [] }, rebuild, summaryOutput)
    }
    return await run(options, Boolean(flags.json), summaryOutput, Boolean(flags.strict))
  } catch (error) {
    const err = error as Error & { exitCode?: number }
    if (!reported.has(err)) process.stderr.write(`${err.message}\n`)
    if (flags.verbose && err.stack) process.stderr.write(`${err.stack}\n`)
    return err.exitCode ?? 1
  }
}

/** Node's parseArgs messages quote unevenly (`as in '-- "--x"`); say it plainly instead. */
function flagError(error: Error): string {
  const unknown = /^Unknown option '([^']+)'/.exec(error.message)
  return unknown ? `unknown flag "${unknown[1]}" (to pass a target that starts with "-", put it after "--")` : error.message
}

/** --help lists the stages when the settings load (a broken config still gets the help). */
function helpStages<S extends BaseSettings>(taskfile: Taskfile<S>, flags: Record<string, unknown>): Stage[] | undefined {
  try {
    const engineFlags = parseEngineFlags(flags)
    const project = Object.fromEntries(Object.keys(taskfile.flags ?? {}).map((name) => [name, flags[name] as string | undefined]))
    return taskfile.stages(taskfile.settings({ ...engineFlags, project }))
  } catch {
    return undefined
  }
}

/** Errors a view already printed (before the stages it kept from running): not printed twice. */
const reported = new WeakSet<object>()

function parseEngineFlags(flags: { out?: string; concurrency?: string; verbose?: boolean }): EngineFlags {
  const given = flags.concurrency
  const concurrency = given === undefined ? navigator.hardwareConcurrency : Number(given)
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency must be a positive integer, got "${given}"`)
  return { out: flags.out, concurrency, verbose: Boolean(flags.verbose) }
}

async function run(options: EngineOptions, json: boolean, summaryOutput?: SummaryOutput, strict = false): Promise<number> {
  const view: View = json ? jsonView() : listrView(closure(options.stages, options.targets).map((s) => ({ name: s.name, title: s.title })))
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
  const digest = collectSummary(closure(options.stages, options.targets), options.outDir, options.targets)
  const problems = tallyProblems()
  let code: number
  try {
    const summary = await runAll({ ...options, emit: (e) => (digest.add(e), problems.add(e), view.emit(e)), signal: controller.signal })
    await view.close()
    code = controller.signal.aborted ? 130 : summary.ok ? 0 : 1
  } catch (error) {
    // The run stopped before its stages ran (the lock is held): the view says why first.
    await view.close((error as Error).message)
    reported.add(error as Error)
    throw error
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  // After the view is closed for good: a summary that fails its schema is an error of its own.
  if (summaryOutput) printSummary(digest.finish(controller.signal.aborted), summaryOutput)
  const strictLine = strict && code === 0 ? problems.line() : undefined
  if (strictLine) {
    process.stderr.write(`${strictLine}\n`)
    return 1
  }
  return code
}

async function status(stages: Stage[], root: string, outDir: string, targets: string[], json: boolean): Promise<number> {
  const plans = await planAll({ stages, root, outDir, targets: targets.length ? targets : stages.map((s) => s.name), emit: () => {} })
  if (json) {
    jsonView().emit({ type: 'plan', plans })
    return 0
  }
  const width = Math.max(...plans.map((p) => p.stage.length))
  process.stdout.write(`out: ${outDir} (records in ${storeFor(outDir).dir})\n`)
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

async function runCommand<S>(command: Command<S>, settings: S, name: string, rest: string[], emit: ((e: EngineEvent) => void) | undefined, flags: CommandContext['flags']): Promise<number> {
  if (rest.length) throw new UsageError(`${name} takes no further targets (got ${rest.join(' ')})`)
  const controller = new AbortController()
  const onSignal = () => controller.abort(new Error('interrupted'))
  process.once('SIGINT', onSignal)
  const print = emit ?? ((event: EngineEvent) => {
    if (event.type === 'log') process.stderr.write(`${event.level === 'warn' ? 'warning: ' : ''}${event.message}\n`)
  })
  try {
    const log = (level: 'info' | 'warn') => (message: string) => print({ type: 'log', stage: name, level, message })
    await command.run(settings, { log: log('info'), warn: log('warn'), signal: controller.signal, flags })
    return 0
  } finally {
    process.off('SIGINT', onSignal)
  }
}
