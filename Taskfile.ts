#!/usr/bin/env -S npx zx
// The build graph: LoCoBench raw data → dataset.jsonl → scores → Harbor task dirs → smoke test.
// Declarations only: each stage's logic lives in scripts/stages/<name>.ts, the engine in
// scripts/engine/. Run `npx zx Taskfile.ts --help`.
import { enableCompileCache } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import type { OutputSpec, RunContext, Stage } from './scripts/engine/types.ts'
import type { Config } from './scripts/lib/config.ts'
import type { SelectionConfig } from './scripts/stages/select.ts'
import type { SmokeConfig } from './scripts/stages/smoke.ts'

enableCompileCache() // type stripping is the biggest start-up cost; cache it across runs
const { main } = await import('./scripts/engine/cli.ts')
const { loadConfig } = await import('./scripts/lib/config.ts')
const { SCHEMA_DIRS } = await import('./scripts/lib/schemas.ts')
const { generateStage } = await import('./scripts/stages/generate/generate-stage.ts')
const { resolveFetchConfig } = await import('./scripts/stages/fetch.ts')
type SmokeFacts = { images: Record<string, import('./scripts/stages/smoke.ts').ImageRecord> }
const { CHARTS, REPORT_FILE } = await import('./scripts/stages/select/report.ts')

const root = import.meta.dirname
// A stage's code is its module's import graph (the engine follows it), plus the package pins.
const code = (name: string, ...files: string[]) => ({ modules: [join(root, 'scripts/stages', `${name}.ts`)], files: [...files, join(root, 'package.json')] })
const schema = (name: string) => join(root, 'schemas', name)
const io = ({ progress, log, warn, signal, concurrency }: RunContext) => ({ progress, log, warn, signal, concurrency })
const file = (path: string, schemaName?: string): OutputSpec => ({ path, kind: 'file', schema: schemaName && schema(schemaName) })
// Stage modules load only when their stage runs, so a no-op run pays for none of them.
const stages = {
  fetch: () => import('./scripts/stages/fetch.ts'),
  extract: () => import('./scripts/stages/extract.ts'),
  select: () => import('./scripts/stages/select.ts'),
  generate: () => import('./scripts/stages/generate.ts'),
  smoke: () => import('./scripts/stages/smoke.ts'),
}
const smokeProbe = () => import('./scripts/stages/smoke/probe.ts')

interface Settings {
  dataDir: string
  outDir: string
  config: Config
  configDir: string
}

function graph({ dataDir, outDir, config, configDir }: Settings): Stage[] {
  const out = (rel: string) => join(outDir, rel)
  const fetch = resolveFetchConfig(config.fetch, configDir)
  const data = fetch?.target ?? dataDir
  const smokeConfig = config.smoke as unknown as SmokeConfig
  return [
    ...(fetch ? [{
      name: 'fetch', title: 'download and unpack the dataset archive', deps: [],
      inputs: fetch.path ? [fetch.path] : [],
      outputs: [file(join(data, '.locobench-fetch.json'), 'fetch-marker.schema.json')],
      recipe: { ...code('fetch'), values: { fetch: { ...fetch, target: undefined } } },
      run: async (ctx) => {
        const { fetchInto } = await stages.fetch()
        const result = await fetchInto({ ...fetch, downloadDir: ctx.cacheDir, replace: true, progress: (d, t) => ctx.progress(d, t, 'bytes'), log: ctx.log, signal: ctx.signal })
        const { copyFileSync } = await import('node:fs')
        copyFileSync(join(data, '.locobench-fetch.json'), ctx.out(join(data, '.locobench-fetch.json')))
        return { summary: result.summary }
      },
    } satisfies Stage] : []),
    {
      name: 'extract', title: 'raw scenarios → dataset.jsonl', deps: fetch ? ['fetch'] : [],
      inputs: [join(data, 'output/scenarios/*.json'), join(data, 'generated')],
      outputs: [file(out('dataset.jsonl'), 'dataset-record.schema.json'), file(out('rejects.jsonl'), 'extract-rejects.schema.json'), file(out('extract-summary.json'), 'extract-summary.schema.json')],
      recipe: { ...code('extract', schema('raw-scenario.schema.json'), schema('raw-project-metadata.schema.json')), values: { extract: config.extract } },
      run: async (ctx) => {
        const r = await (await stages.extract()).extract({ dataDir: data, outputs: { dataset: ctx.out(out('dataset.jsonl')), rejects: ctx.out(out('rejects.jsonl')), summary: ctx.out(out('extract-summary.json')) }, cacheDir: ctx.cacheDir, config: config.extract, changed: ctx.changedInputs, ...io(ctx) })
        return { summary: r.summaryLine }
      },
    },
    {
      name: 'select', title: 'score and pick the tasks', deps: ['extract'],
      inputs: [out('dataset.jsonl')],
      outputs: [file(out('scores.jsonl'), 'scores-line.schema.json'), file(out('selected_tasks.json'), 'selected-tasks.schema.json'), ...[REPORT_FILE, ...Object.values(CHARTS)].map((f) => file(out(`report/${f}`)))],
      recipe: { ...code('select'), values: { selection: config.selection } },
      run: async (ctx) => {
        const r = await (await stages.select()).select({ dataset: out('dataset.jsonl'), config: config.selection as unknown as SelectionConfig, outputs: { scores: ctx.out(out('scores.jsonl')), selected: ctx.out(out('selected_tasks.json')), reportDir: dirname(ctx.out(out(`report/${REPORT_FILE}`))) }, ...io(ctx) })
        return { summary: r.summary }
      },
    },
    generateStage({
      selected: out('selected_tasks.json'), dataset: out('dataset.jsonl'), dataDir: data, config,
      tasks: out('tasks'), registry: out('registry/dataset.toml'), deps: ['select'],
    }),
    {
      name: 'smoke', title: 'build each image, prove oracle passes and empty fails', deps: ['generate'],
      inputs: [out('tasks/manifest.json')],
      outputs: [file(out('smoke/report.json'), 'smoke-report.schema.json'), file(out('report/smoke.md')), file(out('docker-bake.json'))],
      concurrency: smokeConfig.concurrency,
      recipe: { ...code('smoke'), values: { smoke: smokeConfig }, probe: async () => ({ engine: await (await smokeProbe()).probeCompleteConfig(smokeConfig) }) },
      check: async ({ previous }) => {
        const missing = await (await smokeProbe()).missingImagesCompleteConfig((previous.facts as SmokeFacts).images ?? {}, smokeConfig)
        return missing.length ? { kind: 'check-failed', message: `image gone for ${missing.length} task(s): ${missing.slice(0, 3).join(', ')}` } : null
      },
      run: async (ctx) => {
        const m = await stages.smoke()
        const r = await m.smoke({ tasksDir: out('tasks'), config: smokeConfig, outputs: { report: ctx.out(out('smoke/report.json')), reportMd: ctx.out(out('report/smoke.md')), bake: ctx.out(out('docker-bake.json')) }, previousReport: out('smoke/report.json'), previous: ctx.previous?.facts as SmokeFacts | undefined, outDir, ...io(ctx) })
        if (r.failed > 0) throw new m.SmokeFailedError(r)
        return { summary: r.summaryLine, facts: r.facts }
      },
    },
  ]
}

process.exitCode = await main(process.argv.slice(process.argv.findIndex((a) => a.endsWith('Taskfile.ts')) + 1), {
  root,
  flags: {
    data: { value: 'DIR', help: 'the LoCoBench data root (default: config "data", else data/sample)' },
    config: { value: 'FILE', help: 'the config file (default: locobench.config.json5)' },
  },
  settings: ({ out, project }): Settings => {
    const { config, baseDir } = loadConfig(project.config, root)
    const at = (flag: string | undefined, fromConfig: string) => resolve(flag ? process.cwd() : baseDir, flag ?? fromConfig)
    return { dataDir: at(project.data, config.data), outDir: at(out, config.out), config, configDir: baseDir }
  },
  schemas: SCHEMA_DIRS,
  stages: graph,
  commands: {
    'base-image': {
      title: 'build the Debian base image from the apt mirror when it cannot be pulled',
      run: async ({ config }, { log, warn, signal }) => (await import('./scripts/stages/base-image.ts')).buildBaseImage({ config: config.smoke, log, warn, signal }),
    },
  },
})
