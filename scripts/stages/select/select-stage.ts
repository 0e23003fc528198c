// The `select` stage as the engine sees it. Light on purpose: scoring loads only when it runs.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { OutputSpec, Stage } from '../../engine/types.ts'
import type { SelectionConfig } from './selection-config.ts'
import type { LeakCheckConfig } from '../../verifier/leaks.ts'
import { CHARTS, REPORT_FILE } from './report-files.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

export interface SelectStageOptions {
  outDir: string
  /** dataset.jsonl (extract's). */
  dataset: string
  /** The complete `selection` config section (defaults filled in). */
  config: SelectionConfig
  /** tasks.leak_check: selection.exclude_leaks applies its rules (default: its defaults). */
  leakCheck?: LeakCheckConfig
  deps?: string[]
}

/** The stage, and the paths of what it writes by key (what later stages read). */
export function selectStage({ outDir, dataset, config, leakCheck, deps = [] }: SelectStageOptions): Stage & {
  files: { scores: string; selected: string }
} {
  const out = (rel: string, schema?: string): OutputSpec => ({
    path: join(outDir, rel),
    kind: 'file',
    schema: schema && join(ROOT, 'schemas', schema),
  })
  const scores = out('scores.jsonl', 'scores-line.schema.json')
  const selected = out('selected_tasks.json', 'selected-tasks.schema.json')
  const report = [REPORT_FILE, ...Object.values(CHARTS)].map((f) => out(`report/${f}`))
  return {
    files: { scores: scores.path, selected: selected.path },
    name: 'select',
    title: 'score and pick the tasks',
    deps,
    inputs: [dataset],
    outputs: [scores, selected, ...report],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'select.ts')],
      files: [join(ROOT, 'package.json')],
      // The leak rules only matter while exclude_leaks is on; otherwise they leave select fresh.
      values: { selection: config, ...(config.exclude_leaks && leakCheck && { leak_check: leakCheck }) },
    },
    run: async (ctx) => {
      const { select } = await import('../select.ts')
      const { LEAK_CACHE_FILE } = await import('./leak-cache.ts')
      // Where the verdicts lived before they were a content cache.
      rmSync(join(ctx.cacheDir, LEAK_CACHE_FILE), { force: true })
      const reportDir = join(ctx.out(report[0].path), '..')
      const outputs = { scores: ctx.out(scores.path), selected: ctx.out(selected.path), reportDir }
      const r = await select({ dataset, config, leakCheck, outputs, cacheDir: ctx.contentCacheDir, recheck: ctx.forced, progress: ctx.progress, log: ctx.log, signal: ctx.signal, concurrency: ctx.concurrency })
      return { summary: r.summary }
    },
  }
}
