// The `report` stage: report/index.html, one page over every report. It runs last and reads only
// what the stages that own the data committed (SECTION_INPUTS says which files, and which stage
// writes them), so the page is rebuilt exactly when one of those files changes, and never
// otherwise. A section whose stage is not in a graph (a Taskfile without calibrate) is simply
// not depended on: its files stay inputs, so the page follows them if they ever appear.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import { SECTION_INPUTS } from '../../report/html-data.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const schema = (name: string) => join(ROOT, 'schemas', name)

export const REPORT_PAGE = 'report/index.html'

export interface ReportStageOptions {
  outDir: string
  /** The other stages of the graph: the report depends on those that write a section's files. */
  graph: readonly Stage[]
}

export function reportStage({ outDir, graph }: ReportStageOptions): Stage {
  const out = (rel: string) => join(outDir, rel)
  const present = new Set(graph.map((s) => s.name))
  const sections = Object.values(SECTION_INPUTS)
  const deps = [...new Set(sections.map((s) => s.stage))].filter((name) => present.has(name))
  const page = out(REPORT_PAGE)
  return {
    name: 'report',
    title: 'one HTML page over every report',
    deps,
    // The calibration section also inlines the charts its stage leaves in report/.
    inputs: [...sections.flatMap((s) => s.files.map(out)), out('report/calibration*.svg')],
    outputs: [{ path: page, kind: 'file', show: 'report' }],
    recipe: {
      modules: [join(ROOT, 'scripts', 'report', 'html-index.ts')],
      // The page reader checks each artifact against its schema; a section it rejects shows why.
      files: ['extract-summary', 'scores-line', 'tasks-manifest', 'smoke-report', 'calibration-report'].map((n) => schema(`${n}.schema.json`)),
    },
    run: async (ctx) => {
      const { writeIndexHtml } = await import('../../report/html-index.ts')
      const r = writeIndexHtml({ outDir, file: ctx.out(page) })
      return { summary: r.sections.length ? `sections: ${r.sections.join(', ')}` : 'no section yet' }
    },
  }
}
