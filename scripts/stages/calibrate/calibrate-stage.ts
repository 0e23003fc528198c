// The `calibrate` stage as the engine sees it: after generate, every task's own verify.py scores
// cheating answers and reworded oracles, and the margins of `verifier.calibration` must hold.
// Paths only, so the Taskfile can load it on every run; the kit loads when the stage runs.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import type { Margins } from '../../verifier/calibration.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

export interface CalibrateStageOptions {
  /** The out dir: calibration/report.json, report/calibration.md and its SVG go there. */
  outDir: string
  /** The generated tasks dir (generate's), holding manifest.json. */
  tasks: string
  /** config `verifier.calibration` (the margins, checked by the config schema); missing keys
   *  take their defaults. */
  margins?: unknown
  deps?: string[]
}

export function calibrateStage({ outDir, tasks, margins: given, deps = [] }: CalibrateStageOptions): Stage {
  const margins = (given ?? {}) as Partial<Margins>
  const out = (rel: string) => join(outDir, rel)
  const report = out('calibration/report.json')
  const markdown = out('report/calibration.md')
  const svg = out('report/calibration.svg')
  return {
    name: 'calibrate',
    title: "each task's verifier scores cheats low and reworded oracles high",
    deps,
    // Each task's output_hash stands for its dir (verify.py, ground truth, oracle, project).
    inputs: [join(tasks, 'manifest.json')],
    outputs: [
      { path: report, kind: 'file', schema: join(ROOT, 'schemas', 'calibration-report.schema.json') },
      { path: markdown, kind: 'file' },
      { path: svg, kind: 'file' },
    ],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'calibrate.ts')],
      files: [join(ROOT, 'schemas', 'calibration-report.schema.json')],
      values: { margins },
    },
    run: async (ctx) => {
      const { calibrate } = await import('../calibrate.ts')
      const r = await calibrate({
        tasksDir: tasks, outDir, margins,
        outputs: { json: ctx.out(report), markdown: ctx.out(markdown), svg: ctx.out(svg) },
        items: ctx.items, signal: ctx.signal, cacheDir: ctx.cacheDir,
      })
      // Tasks that break a margin reach the engine as failed items: it commits the report and
      // fails the stage, naming each task and answer.
      return { summary: r.summaryLine }
    },
  }
}
