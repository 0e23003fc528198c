// The `smoke` stage: prove every generated task before anyone spends agent budget on it. With a
// container engine each changed task's image is built and run twice in Harbor's order (the oracle
// must score ≥ pass_threshold, an empty answer exactly 0); without one, the Dockerfiles are linted
// and the same two runs happen locally. Writes smoke/report.json, report/smoke.md and
// docker-bake.json. CLI: node scripts/stages/smoke.ts [--tasks DIR] [--out DIR] [--config FILE].
// Parts: smoke/{config,engine,exec,build,container,local,lint,trial,modes,report,bake}.ts; the
// engine runs the tasks as its items (smoke/modes.ts), smoke/smoke-stage.ts declares the stage.
import { dirname, join, resolve } from 'node:path'
import { factItems, type ItemsRunner } from '../engine/items.ts'
import { loadConfig } from '../lib/config-loader.ts'
import { sortKeys } from '../lib/hash.ts'
import { toJson, writeFileAtomic } from '../lib/fsx.ts'
import { assertValid } from '../lib/schemas.ts'
import { bakeFile, renderBake } from './smoke/bake.ts'
import { smokeConfig, type SmokeConfig } from './smoke/smoke-config.ts'
import { describeEngine, detectEngine } from './smoke/engine.ts'
import { missingImagesCompleteConfig, probeCompleteConfig } from './smoke/probe.ts'
import { readManifest, readVariantManifest } from './smoke/smoke-manifest.ts'
import { withEngine, withoutEngine, type ImageRecord, type ModeContext } from './smoke/modes.ts'
import { outScope } from './smoke/tags.ts'
import { orderEntry, readPreviousReport, SMOKE_REPORT_SCHEMA, type SmokeReport } from '../contracts/smoke-report.ts'
import { countEntries, renderMarkdown } from './smoke/smoke-markdown.ts'
import { ExitError, UsageError } from '../lib/errors.ts'

export { imageName, SmokeConfigError, type SmokeConfig } from './smoke/smoke-config.ts'
export { SmokeInputError } from './smoke/smoke-manifest.ts'
export type { ImageRecord } from './smoke/modes.ts'
export type { SmokeReport, TaskEntry } from '../contracts/smoke-report.ts'

export interface SmokeOptions {
  /** Absolute path of the generated tasks (holds manifest.json and one dir per task). */
  tasksDir: string
  /** The mcp dataset (tasks-mcp/, tasks.variants): its tasks are smoke-tested too, as `<id>-mcp`. */
  mcpTasksDir?: string
  /** The `smoke` config section; missing keys take their schema defaults. */
  config?: Partial<SmokeConfig>
  /** Where to write (staging paths from the engine, or final paths from a CLI). */
  outputs: { report: string; reportMd: string; bake: string }
  /** The committed smoke/report.json: its images stand in for `previous` when there is none. */
  previousReport?: string
  /** What the last successful run recorded (its `facts`): images no task uses any more go. */
  previous?: { images: Record<string, ImageRecord> }
  /**
   * The engine's item runner (`ctx.items`). Without it (the CLI, tests) the same records are kept
   * in <outDir>/.taskcache/smoke.items.json.
   */
  items?: ItemsRunner
  /** The directory docker-bake.json is committed to; bake contexts are relative to it. Default: the parent of tasksDir. */
  outDir?: string
  progress?: (done: number, total: number, unit?: string) => void
  log?: (message: string) => void
  warn?: (message: string) => void
  signal?: AbortSignal
  /** Tasks at once (the engine passes its limit; default config.concurrency). */
  concurrency?: number
}

export interface SmokeResult {
  /** Keep in the stage record: `engine` as probeEngine says it, the images of passing tasks. */
  facts: { engine: string; images: Record<string, ImageRecord> }
  passed: number
  failed: number
  lintOnly: number
  built: number
  reused: number
  summaryLine: string
  report: SmokeReport
}

/** Thrown by the caller when a run had failures; the message names each failing task and step. */
export class SmokeFailedError extends ExitError {
  readonly result: SmokeResult
  constructor(result: SmokeResult) {
    const failures = result.report.tasks.filter((t) => t.status === 'fail')
    const shown = failures.slice(0, 10).map((t) => (t.reason ?? `${t.id}: ${t.step}`).split('\n').slice(0, 4).join('\n'))
    if (failures.length > 10) shown.push(`… and ${failures.length - 10} more (see smoke/report.json)`)
    super(`${failures.length} task(s) failed the smoke test:\n${shown.join('\n')}`)
    this.name = 'SmokeFailedError'
    this.result = result
  }
}

const NO_ENGINE_HELP =
  'to build and run the images for real, start one (scripts/ci/docker-up.sh, or dockerd then `npx zx Taskfile.ts base-image`) or set CONTAINER_ENGINE=podman'

export async function smoke(options: SmokeOptions): Promise<SmokeResult> {
  const config = smokeConfig(options.config)
  const noop = () => {}
  const log = options.log ?? noop
  const warn = options.warn ?? noop
  const tasks = [...readManifest(options.tasksDir), ...(options.mcpTasksDir ? readVariantManifest(options.mcpTasksDir, 'mcp') : [])]
  const outDir = options.outDir ?? dirname(options.tasksDir)
  const items = options.items ?? factItems(join(outDir, '.taskcache', 'smoke.items.json'), {
    concurrency: options.concurrency ?? config.concurrency,
    signal: options.signal,
    progress: options.progress,
  })
  const ctx: ModeContext = {
    config,
    tasks,
    previousImages: options.previous?.images ?? imagesFromReport(readPreviousReport(options.previousReport)),
    scope: outScope(outDir),
    items,
    log,
    warn,
    signal: options.signal,
  }

  const { engine, why } = await detectEngine(config, options.signal)
  let engineNote: string | undefined
  if (!engine) {
    engineNote = `no container engine is running (${why}): linting Dockerfiles and running the oracle and empty-answer checks locally; ${NO_ENGINE_HELP}`
    warn(engineNote)
  } else log(`engine: ${describeEngine(engine)}; ${tasks.length} task(s)`)
  const mode = engine ? await withEngine(engine, ctx) : await withoutEngine(ctx)

  const report: SmokeReport = {
    engine: engine?.kind ?? 'none',
    engine_version: engine?.version ?? null,
    base_image: config.base_image,
    pass_threshold: config.pass_threshold,
    counts: countEntries(mode.entries, mode.built),
    toolchain_layers: mode.layers,
    tasks: mode.entries.map(orderEntry),
  }
  assertValid(SMOKE_REPORT_SCHEMA, report, options.outputs.report)
  writeFileAtomic(options.outputs.report, toJson(report))
  writeFileAtomic(options.outputs.reportMd, renderMarkdown(report, engineNote))
  writeFileAtomic(options.outputs.bake, renderBake(bakeFile(tasks, config, outDir)))

  const c = report.counts
  const passed = c.passed + c.lint_only
  const engineName = engine ? describeEngine(engine) : 'no engine'
  const layers = `${mode.layers.distinct} toolchain layer(s) for ${mode.layers.tasks} task(s)`
  return {
    facts: { engine: engine ? describeEngine(engine) : 'none', images: sortKeys(mode.images) as Record<string, ImageRecord> },
    passed,
    failed: c.failed,
    lintOnly: c.lint_only,
    built: c.built,
    reused: c.reused,
    summaryLine: `${engineName}: ${c.tasks} tasks, ${c.built} built, ${c.reused} reused, ${passed} passed${c.lint_only ? ' (lint-only)' : ''}, ${c.failed} failed, ${layers}`,
    report,
  }
}

function imagesFromReport(report: SmokeReport | undefined): Record<string, ImageRecord> {
  const images: Record<string, ImageRecord> = {}
  for (const t of report?.tasks ?? []) if (t.status === 'pass' && t.image_id) images[t.id] = { input_hash: t.input_hash, image_id: t.image_id, ...(t.image ? { tag: t.image } : {}) }
  return images
}

/** `none`, or the engine and its server version: part of the stage's recipe. */
export const probeEngine = (config?: Partial<SmokeConfig>): Promise<string> => probeCompleteConfig(smokeConfig(config))

/** Task ids whose recorded image no longer exists (sorted); see smoke/probe.ts. */
export const missingImages = (images: Record<string, ImageRecord>, config?: Partial<SmokeConfig>): Promise<string[]> =>
  missingImagesCompleteConfig(images, smokeConfig(config))

function cliArgs(argv: string[]): { tasks?: string; out?: string; config?: string } {
  const out: { tasks?: string; out?: string; config?: string } = {}
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    const value = () => inline ?? argv[++i]
    if (flag === '--tasks') out.tasks = value()
    else if (flag === '--out') out.out = value()
    else if (flag === '--config') out.config = value()
    else throw new UsageError(`unknown argument ${argv[i]}; usage: smoke.ts [--tasks DIR] [--out DIR] [--config FILE]`)
  }
  return out
}

if (import.meta.main) {
  try {
    const args = cliArgs(process.argv.slice(2))
    const loaded = loadConfig(args.config)
    const outDir = resolve(args.out ?? resolve(loaded.baseDir, loaded.config.out))
    const report = join(outDir, 'smoke', 'report.json')
    const result = await smoke({
      tasksDir: resolve(args.tasks ?? join(outDir, 'tasks')),
      config: loaded.config.smoke as Partial<SmokeConfig>,
      outputs: { report, reportMd: join(outDir, 'report', 'smoke.md'), bake: join(outDir, 'docker-bake.json') },
      previousReport: report,
      outDir,
      log: (m) => console.log(m),
      warn: (m) => console.error(`warning: ${m}`),
      progress: (done, total) => console.log(`${done}/${total} tasks`),
    })
    console.log(result.summaryLine)
    if (result.failed) throw new SmokeFailedError(result)
  } catch (error) {
    console.error(`smoke: ${(error as Error).message}`)
    process.exitCode = (error as { exitCode?: number }).exitCode ?? 1
  }
}
