#!/usr/bin/env -S npx zx
// The build graph: LoCoBench raw data → dataset.jsonl → scores → Harbor task dirs → calibration
// and smoke test.
// Declarations only: each stage's spec is scripts/stages/<name>/<name>-stage.ts (its code loads
// only when it runs), the engine is scripts/engine/. Run `npx zx Taskfile.ts --help`.
import { enableCompileCache } from 'node:module'
import { join, relative, resolve } from 'node:path'
import type { Stage } from './scripts/engine/types.ts'
import type { Config } from './scripts/lib/config-loader.ts'
import type { ResolvedFetch } from './scripts/stages/fetch/fetch-stage.ts'

enableCompileCache() // type stripping is the biggest start-up cost; cache it across runs
const { main } = await import('./scripts/engine/cli.ts')
const { loadConfig } = await import('./scripts/lib/config-loader.ts')
const { SCHEMA_DIRS } = await import('./scripts/lib/schemas.ts')
const { checkOutDir, projectGuards } = await import('./scripts/lib/out-guard.ts')
const { fetchStage, resolveFetchConfig } = await import('./scripts/stages/fetch/fetch-stage.ts')
const { extractStage } = await import('./scripts/stages/extract/extract-stage.ts')
const { selectStage } = await import('./scripts/stages/select/select-stage.ts')
const { generateStage } = await import('./scripts/stages/generate/generate-stage.ts')
const { indexStage } = await import('./scripts/stages/index/index-stage.ts')
const { calibrateStage } = await import('./scripts/stages/calibrate/calibrate-stage.ts')
const { smokeStage } = await import('./scripts/stages/smoke/smoke-stage.ts')
const { adapterStage } = await import('./scripts/stages/adapter/adapter-stage.ts')
const { reportStage } = await import('./scripts/stages/report/report-stage.ts')

interface Settings {
  outDir: string
  /** The data root: fetch's target when the config fetches the archive. */
  dataDir: string
  config: Config
  fetch: ResolvedFetch | null
  /** Relative paths in the config resolve against it. */
  configDir: string
  /** The config file: --watch reruns when it changes. */
  watch: string[]
}

// Stages name what they read by the keys of what others write (extract.files.dataset, …).
function graph({ outDir, dataDir, config: c, fetch }: Settings): Stage[] {
  const out = (rel: string) => join(outDir, rel)
  const extract = extractStage({ dataDir, outDir, config: c.extract, deps: fetch ? ['fetch'] : [] })
  const { dataset } = extract.files
  const select = selectStage({ outDir, dataset, config: c.selection, leakCheck: c.tasks.leak_check,
    deps: ['extract'] })
  const picked = { selected: select.files.selected, dataset, dataDir, deps: ['select'] }
  // Beside the task dirs, where `harbor sync` looks for them; generate owns it as a tree entry.
  const registry = out('tasks/dataset.toml')
  const generate = generateStage({ ...picked, config: c, tasks: out('tasks'), registry })
  const { tasks } = generate.files
  // tasks.variants: the mcp dataset is its own stage and dir, named after the index's commits.
  const mcp = c.tasks.variants.includes('mcp')
    ? generateStage({ ...picked, name: 'generate-mcp', variant: 'mcp', config: c,
      tasks: out('tasks-mcp'), registry: out('tasks-mcp/dataset.toml'),
      projectsToIndex: out('index/projects_to_index.json'), deps: ['select', 'index'] })
    : undefined
  return [
    ...(fetch ? [fetchStage(fetch)] : []),
    extract,
    select,
    generate,
    // Every task's own verify.py against cheats and reworded oracles; fails on a broken margin.
    calibrateStage({ outDir, tasks, margins: c.verifier.calibration, deps: ['generate'] }),
    indexStage({ ...picked, config: c.index, indexDir: out('index') }),
    ...(mcp ? [mcp] : []),
    smokeStage({ outDir, tasks, config: c.smoke, ...(mcp && { mcpTasks: mcp.files.tasks }),
      deps: ['generate', ...(mcp ? ['generate-mcp'] : [])] }),
    adapterStage({ outDir, tasks, registry, selected: picked.selected,
      config: c, deps: ['generate'] }),
  ]
}

// The report page comes last, over whatever stages the graph has; the summary after a run lists
// the reports to read and the task datasets to run (outputs marked `show`).
function withReport(stages: Stage[], outDir: string): Stage[] {
  const show: Record<string, string> = {
    'report/selection.md': 'report', 'report/smoke.md': 'report', 'report/calibration.md': 'report',
    tasks: 'dataset', 'tasks-mcp': 'dataset',
  }
  for (const output of stages.flatMap((s) => s.outputs)) {
    output.show ??= show[relative(outDir, output.path)]
  }
  return [...stages, reportStage({ outDir, graph: stages })]
}

const root = import.meta.dirname
const argv = process.argv.slice(process.argv.findIndex((a) => a.endsWith('Taskfile.ts')) + 1)
process.exitCode = await main(argv, {
  root,
  flags: {
    data: { value: 'DIR', help: 'the LoCoBench data root (default: config "data")' },
    config: { value: 'FILE', help: 'the config file (default: locobench.config.json5)' },
  },
  settings: ({ out, project }): Settings => {
    const { config, baseDir, file } = loadConfig(project.config, root)
    const at = (flag: string | undefined, value: string) =>
      resolve(flag ? process.cwd() : baseDir, flag ?? value)
    const fetch = resolveFetchConfig(config.fetch, baseDir)
    const dataDir = fetch?.target ?? at(project.data, config.data)
    const watch = file ? [file] : []
    const outDir = at(out, config.out)
    checkOutDir(outDir, projectGuards({ root, dataDir, configDir: baseDir }))
    return { outDir, dataDir, config, configDir: baseDir, fetch, watch }
  },
  schemas: SCHEMA_DIRS,
  summarySchema: 'run-summary.schema.json',
  // fetch is in the graph only when the config names an archive; say so rather than "unknown".
  optionalTargets: { fetch: 'fetch.url or fetch.path in the config (see locobench.config.json5)' },
  stages: (settings) => withReport(graph(settings), settings.outDir),
  commands: {
    'base-image': {
      title: 'build the Debian base image from the apt mirror when it cannot be pulled',
      run: async ({ config }, { log, warn, signal, flags }) => {
        const { buildBaseImage } = await import('./scripts/stages/smoke/base-image.ts')
        return buildBaseImage({ config: config.smoke, log, warn, signal, dryRun: flags.dryRun })
      },
    },
    harbor: {
      title: "run Harbor's harness with the oracle and no-op agents on a few tasks (not in all)",
      run: async ({ outDir, config, configDir }, { log, signal, flags }) => {
        const { harborCommand } = await import('./scripts/harbor/harbor-check.ts')
        const tasksDir = join(outDir, 'tasks')
        const { dryRun } = flags
        return harborCommand({ tasksDir, outDir, config, configDir, log, signal, dryRun })
      },
    },
    push: {
      title: 'push the out/index/ repositories to index.remote (never part of all)',
      run: async ({ outDir, config }, { log, signal, flags }) => {
        const { pushRepos } = await import('./scripts/stages/index.ts')
        const indexDir = join(outDir, 'index')
        return pushRepos({ indexDir, config: config.index, dryRun: flags.dryRun, log, signal })
      },
    },
  },
})
