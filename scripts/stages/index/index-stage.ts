// The `index` stage as the engine sees it: what it reads, writes and hashes. Paths only, so the
// Taskfile can load it on every run; git, the listings and the schemas load when the stage runs.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import type { IndexConfig } from '../../contracts/config.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
// The name the library writes beside the repositories (contracts/projects-to-index.ts); spelled
// here so this module stays light.
const PROJECTS_FILE = 'projects_to_index.json'

export interface IndexStageOptions {
  selected: string
  dataset: string
  dataDir: string
  /** The config's index section. */
  config: Partial<IndexConfig>
  /** out/index/: one bare repository per project id, plus projects_to_index.json. */
  indexDir: string
  deps: string[]
}

export function indexStage(o: IndexStageOptions): Stage {
  return {
    name: 'index',
    title: 'one git repository per selected project',
    deps: o.deps,
    // The project directories are reported by each run (they depend on the selection).
    inputs: [o.selected, o.dataset],
    outputs: [{
      path: o.indexDir,
      kind: 'tree',
      schemas: { [PROJECTS_FILE]: join(ROOT, 'schemas', 'projects-to-index.schema.json') },
    }],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'index.ts')],
      files: [join(ROOT, 'schemas', 'projects-to-index.schema.json'), join(ROOT, 'package.json')],
      // Only what the repositories and projects_to_index.json depend on: the push settings are not.
      // The data dir is named because the project directories are only known after a run: data
      // moved elsewhere with the same dataset.jsonl must still make the stage read and watch them.
      values: { index: { org: o.config.org, repo_name: o.config.repo_name }, dataDir: o.dataDir },
    },
    run: async (ctx) => {
      const { index } = await import('../index.ts')
      const r = await index({
        selected: o.selected, dataset: o.dataset, dataDir: o.dataDir, config: o.config,
        indexDir: o.indexDir, staged: ctx.out(o.indexDir), cacheDir: ctx.cacheDir, forced: ctx.forced,
        items: ctx.items, log: ctx.log, warn: ctx.warn, signal: ctx.signal,
      })
      return { summary: r.summaryLine, inputs: r.inputs }
    },
  }
}
