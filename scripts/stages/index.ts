// The index stage's run and the push target, on the library in scripts/index/: one bare repository
// per project behind the selected tasks, kept or rebuilt as the engine's items (keyed by project
// id, input hash = the commit the content gives), then projects_to_index.json written from the
// current selection. Loaded only when the stage or the target runs.
import { join } from 'node:path'
import type { ItemsRunner } from '../engine/items.ts'
import { indexItemSpec, projectEntry, selectedProjects, writeProjectsToIndex, type RepoFacts } from '../index/index-items.ts'
import { StatCache } from '../index/project-listing.ts'
import { PROJECTS_FILE } from '../contracts/projects-to-index.ts'
import { completeIndexConfig } from '../index/projects-file.ts'
import { pushIndex, type PushOutcome } from '../index/push.ts'

export interface IndexOptions {
  /** out/selected_tasks.json and out/dataset.jsonl: which projects, and where each one lives. */
  selected: string
  dataset: string
  dataDir: string
  /** The config's index section (defaults filled in by the config loader). */
  config: unknown
  /** out/index/ as declared (the items' tree) and its staging path (where this run writes). */
  indexDir: string
  staged: string
  /** The stage's cache dir: holds the stat cache, so a rerun reads only files whose stats moved. */
  cacheDir: string
  /** Read every file again (--force): the stat cache is not used, only written anew. */
  forced?: boolean
  items: ItemsRunner
  log(message: string): void
  warn(message: string): void
  signal?: AbortSignal
}

export interface IndexResult {
  summaryLine: string
  /** Project directories (and their metadata files) read: dynamic inputs for the engine. */
  inputs: string[]
}

export async function index(o: IndexOptions): Promise<IndexResult> {
  const config = completeIndexConfig(o.config)
  const projects = selectedProjects({ selected: o.selected, dataset: o.dataset, dataDir: o.dataDir, warn: o.warn })
  const cacheFile = join(o.cacheDir, 'stat-cache.json')
  const cache = o.forced ? new StatCache() : StatCache.load(cacheFile)
  cache.keepOnly(projects.map((p) => p.projectDir))
  const ran = await o.items({ ...indexItemSpec(projects, { cache, signal: o.signal }), tree: o.indexDir })
  // Saved even when items failed: what it holds is true of the files whatever the builds did.
  if (cache.dirty) cache.save(cacheFile)

  for (const name of ran.foreign) o.warn(`${join(o.indexDir, name)} was not made by the index stage (no record of it); left alone`)
  // A project that failed is left out, even when its last good repository stays in place: push
  // must never publish a snapshot older than the project it claims to be.
  const entries = projects.filter((p) => ran.facts.has(p.project_id)).map((p) => projectEntry(p, ran.facts.get(p.project_id) as RepoFacts, config))
  writeProjectsToIndex(join(o.staged, PROJECTS_FILE), entries)
  for (const e of entries) {
    if (e.empty_dirs.length) o.warn(`project ${e.project_id}: ${e.empty_dirs.length} empty director${e.empty_dirs.length === 1 ? 'y' : 'ies'} its tasks ship cannot be in its repository: ${e.empty_dirs.slice(0, 5).join(', ')}`)
  }
  const files = entries.reduce((n, e) => n + e.files, 0)
  const failed = ran.failed.length ? `, ${ran.failed.length} failed` : ''
  const summaryLine = `${ran.built.length} built, ${ran.kept.length} kept, ${ran.removed.length} removed${failed} (${entries.length} repositories, ${files} files)`
  o.log(summaryLine)
  const inputs = new Set(projects.flatMap((p) => [p.projectDir, join(p.metadataDir, 'project_metadata.json')]))
  return { summaryLine, inputs: [...inputs].sort() }
}

export interface PushReposOptions {
  indexDir: string
  /** The config's index section. */
  config: unknown
  /** Print the plan; push nothing. */
  dryRun: boolean
  log(message: string): void
  signal?: AbortSignal
}

/** The push target: every repository of projects_to_index.json to its remote, then one count line. */
export async function pushRepos(o: PushReposOptions): Promise<PushOutcome[]> {
  const outcomes = await pushIndex({ indexDir: o.indexDir, config: completeIndexConfig(o.config), dryRun: o.dryRun, log: o.log, signal: o.signal })
  if (!o.dryRun) {
    const count = (status: PushOutcome['status']) => outcomes.filter((x) => x.status === status).length
    o.log(`${count('pushed')} pushed, ${count('up-to-date')} up to date (${outcomes.length} repositories)`)
  }
  return outcomes
}
