// The `adapter` stage: Harbor's adapter kit (metadata, parity template, job configs, README) for
// the generated dataset, so it can be contributed upstream without rework. A parity record the
// user filled in is read back from the committed kit and kept.
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const schema = (name: string) => join(ROOT, 'schemas', name)

export interface AdapterStageOptions {
  outDir: string
  tasks: string
  registry: string
  selected: string
  /** The loaded config; its `harbor` and `verifier` sections are read. */
  config: { harbor?: unknown; verifier?: unknown }
  deps: string[]
}

export function adapterStage(o: AdapterStageOptions): Stage {
  const kit = join(o.outDir, 'harbor', 'adapter')
  return {
    name: 'adapter',
    title: "Harbor's adapter kit for the dataset",
    deps: o.deps,
    inputs: [join(o.tasks, 'manifest.json'), o.registry, o.selected],
    outputs: [{
      path: kit,
      kind: 'dir',
      schemas: {
        'adapter_metadata.json': schema('harbor-adapter-metadata.schema.json'),
        'parity_experiment.json': schema('harbor-parity-experiment.schema.json'),
      },
    }],
    recipe: {
      modules: [join(ROOT, 'scripts', 'harbor', 'adapter-kit.ts')],
      files: [join(ROOT, 'package.json')],
      values: { harbor: o.config.harbor, verifier: o.config.verifier },
    },
    run: async (ctx) => {
      const { writeAdapterKit } = await import('../../harbor/adapter-kit.ts')
      const r = writeAdapterKit({
        outDir: o.outDir, tasksDir: o.tasks, registryFile: o.registry, config: o.config,
        selectedFile: o.selected, kitDir: ctx.out(kit),
      })
      return { summary: `${r.files.length} files in harbor/adapter/` }
    },
  }
}
