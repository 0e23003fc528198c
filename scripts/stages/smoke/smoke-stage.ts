// The `smoke` stage as the engine sees it. Light on purpose: the Taskfile loads it eagerly; the
// plan's probe and check load smoke/probe.ts, and the stage itself loads only when it runs.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import type { SmokeConfig } from './config.ts'
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
  /** The complete `smoke` config section (defaults filled in). */
  config: SmokeConfig
  deps?: string[]
}

export function smokeStage({ outDir, tasks, config, deps = [] }: SmokeStageOptions): Stage {
  const out = (rel: string) => join(outDir, rel)
  const report = out('smoke/report.json')
  return {
    name: 'smoke',
    title: 'build each image, prove oracle passes and empty fails',
    deps,
    inputs: [join(tasks, 'manifest.json')],
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
      const missing = await (await probe()).missingImagesCompleteConfig(images, config)
      if (!missing.length) return null
      return { kind: 'check-failed', message: `image gone for ${missing.length} task(s): ${missing.slice(0, 3).join(', ')}` }
    },
    run: async (ctx) => {
      const { smoke } = await import('../smoke.ts')
      const r = await smoke({
        tasksDir: tasks, config, outDir,
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
