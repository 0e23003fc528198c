// The `extract` stage as the engine sees it. Light on purpose: the extractor loads only when the
// stage runs.
import { join } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import type { OutputSpec, Stage } from '../../engine/types.ts'
import type { ExtractConfig } from '../extract.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const schema = (name: string) => join(ROOT, 'schemas', name)

export interface ExtractStageOptions {
  /** The LoCoBench data root (output/scenarios/, generated/). */
  dataDir: string
  outDir: string
  config?: ExtractConfig
  deps?: string[]
}

/** The stage, and the paths of what it writes by key (what later stages read). */
export function extractStage({ dataDir, outDir, config, deps = [] }: ExtractStageOptions): Stage & {
  files: { dataset: string; rejects: string; summary: string }
} {
  const file = (name: string, schemaName: string): OutputSpec => ({ path: join(outDir, name), kind: 'file', schema: schema(schemaName) })
  const [dataset, rejects, summary] = [
    file('dataset.jsonl', 'dataset-record.schema.json'),
    file('rejects.jsonl', 'extract-rejects.schema.json'),
    file('extract-summary.json', 'extract-summary.schema.json'),
  ]
  return {
    files: { dataset: dataset.path, rejects: rejects.path, summary: summary.path },
    name: 'extract',
    title: 'raw scenarios → dataset.jsonl',
    deps,
    inputs: [join(dataDir, 'output/scenarios/*.json'), join(dataDir, 'generated')],
    outputs: [dataset, rejects, summary],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'extract.ts')],
      files: [schema('raw-scenario.schema.json'), schema('raw-project-metadata.schema.json'), join(ROOT, 'package.json')],
      values: { extract: config },
    },
    run: async (ctx) => {
      const { extract } = await import('../extract.ts')
      const r = await extract({
        dataDir, config, cacheDir: ctx.cacheDir, filesCacheDir: ctx.contentCacheDir, recount: ctx.forced, knownHash: ctx.knownHash, changed: ctx.changedInputs, items: ctx.items, salt: codeSalt(ctx.recipe.parts),
        outputs: { dataset: ctx.out(dataset.path), rejects: ctx.out(rejects.path), summary: ctx.out(summary.path) },
        progress: ctx.progress, log: ctx.log, warn: ctx.warn, signal: ctx.signal, concurrency: ctx.concurrency,
      })
      return { summary: r.summaryLine, problems: r.problems }
    },
  }
}

/**
 * A file's outcome depends on the stage's code, schemas and Node, not on its config section (the
 * limits and counts it sets are applied after the items): those recipe parts salt the item hashes.
 */
export const codeSalt = (parts: Record<string, string>): string =>
  sha256(Object.keys(parts).filter((k) => !k.startsWith('value:')).sort().map((k) => `${k}\0${parts[k]}`).join('\n'))
