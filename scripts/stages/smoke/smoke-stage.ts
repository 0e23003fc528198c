// The `smoke` stage as the engine sees it. Light on purpose: the Taskfile loads it eagerly; the
// plan's probe and check load smoke/probe.ts, and the stage itself loads only when it runs.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import type { SmokeConfig } from './smoke-config.ts'
import type { ImageRecord } from './modes.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const probe = () => import('./probe.ts')

/** What the stage keeps in its record: the engine seen and the images of passing tasks. */
type SmokeFacts = { engine?: string; images?: Record<string, ImageRecord> }

export interface SmokeStageOptions {
  /** The out dir: smoke/report.json, report/smoke.md, docker-bake.json go there. */
  outDir: string
  /** The generated tasks dir (generate's), holding manifest.json. */
  tasks: string
  /** The mcp dataset's tasks dir (generate-mcp's), when tasks.variants has it. */
  mcpTasks?: string
  /** The complete `smoke` config section (defaults filled in). */
  config: SmokeConfig
  deps?: string[]
}

export function smokeStage({ outDir, tasks, mcpTasks, config, deps = [] }: SmokeStageOptions): Stage {
  const out = (rel: string) => join(outDir, rel)
  const report = out('smoke/report.json')
  return {
    name: 'smoke',
    title: 'build each image, prove oracle passes and empty fails',
    deps,
    inputs: [join(tasks, 'manifest.json'), ...(mcpTasks ? [join(mcpTasks, 'manifest.json')] : [])],
    outputs: [
      { path: report, kind: 'file', schema: join(ROOT, 'schemas', 'smoke-report.schema.json') },
      { path: out('report/smoke.md'), kind: 'file' },
      { path: out('docker-bake.json'), kind: 'file' },
    ],
    // Builds are heavy (CPU, disk, network): the config's limit, which --concurrency caps.
    concurrency: config.concurrency,
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'smoke.ts')],
      files: [join(ROOT, 'package.json')],
      values: { smoke: config },
      probe: async () => ({ engine: await (await probe()).probeCompleteConfig(config) }),
    },
    check: async ({ previous }) => {
      const images = (previous.facts as SmokeFacts).images ?? {}
      const { gone, moved } = await (await probe()).imageProblemsCompleteConfig(images, config)
      const said = (what: string, ids: string[]) => (ids.length ? [`${what} for ${ids.length} task(s): ${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}`] : [])
      const problems = [...said('image gone', gone), ...said('tag moved to another image', moved)]
      return problems.length ? { kind: 'check-failed', message: problems.join('; ') } : null
    },
    // The images this out dir built (by their out-dir label), never another out dir's.
    clean: async (print) => (await import('./tags.ts')).removeOutDirImages(config, outDir, print),
    run: async (ctx) => {
      const { smoke } = await import('../smoke.ts')
      const r = await smoke({
        tasksDir: tasks, mcpTasksDir: mcpTasks, config, outDir,
        outputs: { report: ctx.out(report), reportMd: ctx.out(out('report/smoke.md')), bake: ctx.out(out('docker-bake.json')) },
        previousReport: report,
        previous: ctx.previous?.facts as { images: Record<string, ImageRecord> } | undefined,
        items: ctx.items, progress: ctx.progress, log: ctx.log, warn: ctx.warn, signal: ctx.signal, concurrency: ctx.concurrency,
      })
      // Failed tasks reach the engine as failed items: it commits the report and fails the stage.
      return { summary: r.summaryLine, facts: r.facts }
    },
  }
}
