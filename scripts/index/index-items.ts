// The index stage as items: which projects the selected tasks ship (out/selected_tasks.json for the
// ids, out/dataset.jsonl for each record's project), and per project one descriptor keyed by the
// project id, with an input hash and a build(). The input hash is the commit the project's content
// gives (computed in Node from a stat-cached listing), so it changes exactly when the repository
// would: a touched file with the same bytes keeps it, a same-size edit or a chmod +x moves it.
// Records are found with the dataset contract's readers, as generate finds them, so both stages agree
// on the selection.
import { readdirSync, readFileSync } from 'node:fs'
import { basename, isAbsolute, join, resolve, sep } from 'node:path'
import { sha256 } from '../lib/hash.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { indexRecords, readRecordAt } from '../contracts/dataset.ts'
import { readSelectedIds } from '../contracts/selected-tasks.ts'
import { commitId } from './git-objects.ts'
import { IndexError } from './index-errors.ts'
import { listProject, StatCache, type ProjectListing } from './project-listing.ts'
import { buildProjectRepo, projectCommitMessage, type ProjectRepo } from './project-repo.ts'
import { PROJECTS_FILE, projectsToIndexJson, type ProjectToIndex } from '../contracts/projects-to-index.ts'
import { repoName, type IndexConfig } from './projects-file.ts'

/** Bumped when the repository layout or commit recipe changes, so every item's input hash moves with it. */
export const INDEX_RECIPE_VERSION = 1

export interface SelectedProject {
  project_id: string
  language: string
  /** The directory the tasks ship (record.project.root), absolute. */
  projectDir: string
  /** The project's directory in the data (record.project.dir), absolute: holds project_metadata.json. */
  metadataDir: string
  /** Selected task ids that ship this project, sorted. */
  task_ids: string[]
}

export interface SelectionInputs {
  /** out/selected_tasks.json. */
  selected: string
  /** out/dataset.jsonl. */
  dataset: string
  /** The data root records' project paths are relative to. */
  dataDir: string
  warn?(message: string): void
}

/** The projects behind the selected tasks, sorted by project id. Errors name the file, line and field. */
export function selectedProjects(inputs: SelectionInputs): SelectedProject[] {
  const dataDir = resolve(inputs.dataDir)
  const ids = [...new Set(readSelectedIds(inputs.selected))]
  const located = indexRecords(inputs.dataset, new Set(ids))
  const missing = ids.filter((id) => !located.has(id))
  if (missing.length) inputs.warn?.(`${missing.length} selected id(s) have no record in ${basename(inputs.dataset)}; their projects are not indexed: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', …' : ''}`)
  const projects = new Map<string, SelectedProject & { line: number }>()
  for (const id of ids) {
    const at = located.get(id)
    if (!at) continue
    const where = `${inputs.dataset}:${at.line}`
    const record = readRecordAt(inputs.dataset, at).value
    const field = (name: string, value: unknown): string => {
      if (typeof value !== 'string' || value === '') throw new IndexError(`${where}: ${name} must be a non-empty string (record ${id})`)
      return value
    }
    const projectId = field('project_id', record.project_id)
    const language = field('language', record.language)
    const project = record.project as { root?: unknown; dir?: unknown } | undefined
    const projectDir = inside(dataDir, field('project.root', project?.root), `${where}: project.root`)
    const metadataDir = inside(dataDir, field('project.dir', project?.dir), `${where}: project.dir`)
    const known = projects.get(projectId)
    if (!known) {
      projects.set(projectId, { project_id: projectId, language, projectDir, metadataDir, task_ids: [id], line: at.line })
      continue
    }
    if (known.projectDir !== projectDir || known.language !== language) {
      throw new IndexError(`${where}: record ${id} puts project ${projectId} at ${projectDir} (${language}), line ${known.line} at ${known.projectDir} (${known.language})`)
    }
    known.task_ids.push(id)
  }
  return [...projects.values()]
    .map(({ line: _line, ...p }) => ({ ...p, task_ids: p.task_ids.sort() }))
    .sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0))
}

function inside(dataDir: string, rel: string, what: string): string {
  const abs = resolve(dataDir, rel)
  if (isAbsolute(rel) || (abs !== dataDir && !abs.startsWith(dataDir + sep))) throw new IndexError(`${what} ${JSON.stringify(rel)} is not inside the data dir ${dataDir}`)
  return abs
}

/** specification.name of project_metadata.json, or null: the name is informative, never a reason to fail. */
function projectName(metadataDir: string): string | null {
  try {
    const name = (JSON.parse(readFileSync(join(metadataDir, 'project_metadata.json'), 'utf8')) as { specification?: { name?: unknown } }).specification?.name
    return typeof name === 'string' && name !== '' ? name : null
  } catch {
    return null
  }
}

/** What a built repository is, recorded per item (JSON): everything of its entry that the content decides. */
export interface RepoFacts {
  commit: string
  tree: string
  files: number
  lines: number
  bytes: number
  empty_dirs: string[]
  skipped: string[]
}

export interface IndexItem {
  /** The project id, which is also the repository's directory name under the index dir. */
  key: string
  projectDir: string
  /** The bare repository: <indexDir>/<project id>. */
  repoDir: string
  /** Changes exactly when the repository's commit would (content, modes, links, message, recipe). */
  inputHash: string
  /** The commit the content gives (what build() leaves at refs/heads/main). */
  commit: string
  /** Builds the repository (into `repoDir`, or `into` when given) unless it already holds `commit`. */
  build(into?: string, signal?: AbortSignal): Promise<RepoFacts & { changed: boolean }>
}

export interface IndexItemsOptions extends SelectionInputs {
  /** out/index/: repositories go to <indexDir>/<project id>. */
  indexDir: string
  /** Blob ids by file stats: only files whose stats moved are read. */
  cache?: StatCache
}

/** One item per project: the listing (stat-cached) is made now, so the input hash is known before any build. */
export function indexItem(project: SelectedProject, indexDir: string, cache?: StatCache): IndexItem {
  const listing: ProjectListing = listProject(project.projectDir, cache)
  const message = projectCommitMessage(project.project_id)
  const commit = commitId(listing.tree, message)
  const repoDir = join(resolve(indexDir), project.project_id)
  return {
    key: project.project_id,
    projectDir: project.projectDir,
    repoDir,
    commit,
    inputHash: sha256(`locobench-harbor index v${INDEX_RECIPE_VERSION}\n${commit}\n`),
    build: async (into?: string, signal?: AbortSignal) => {
      const built: ProjectRepo = await buildProjectRepo({ projectDir: project.projectDir, repoDir: into ?? repoDir, message, listing, signal })
      return { commit: built.commit, tree: built.tree, files: built.files, lines: built.lines, bytes: built.bytes, empty_dirs: built.emptyDirs, skipped: built.skipped, changed: built.changed }
    },
  }
}

export function indexItems(options: IndexItemsOptions): IndexItem[] {
  return selectedProjects(options).map((project) => indexItem(project, options.indexDir, options.cache))
}

/**
 * A project's projects_to_index.json entry: what the repository holds (its recorded facts) plus
 * what the current selection and config say (repository name, task ids, name). The latter are
 * never recorded with the item, so selecting one more task of a project updates the entry
 * without rebuilding the repository.
 */
export function projectEntry(project: SelectedProject, facts: RepoFacts, config: Pick<IndexConfig, 'org' | 'repo_name'>): ProjectToIndex {
  return {
    project_id: project.project_id,
    name: projectName(project.metadataDir),
    dir_name: basename(project.projectDir),
    language: project.language,
    files: facts.files,
    lines: facts.lines,
    bytes: facts.bytes,
    repo: repoName(config, project),
    repo_dir: project.project_id,
    branch: 'main',
    commit: facts.commit,
    tree: facts.tree,
    task_ids: project.task_ids,
    empty_dirs: facts.empty_dirs,
    skipped: facts.skipped,
  }
}

/**
 * The stage for the engine's per-item runner (ctx.items): the index dir is the tree, one entry
 * per project id, plus projects_to_index.json as a reserved name. prepare lists the project
 * (stat cache) and returns the input hash; build writes the repository into the staged entry and
 * returns its facts. After the run, write
 * `projects.map((p) => projectEntry(p, facts.get(p.project_id), config))` with writeProjectsToIndex.
 */
export function indexItemSpec(projects: readonly SelectedProject[], options: { cache?: StatCache; signal?: AbortSignal } = {}) {
  const byKey = new Map(projects.map((p) => [p.project_id, p]))
  return {
    keys: [...byKey.keys()],
    unit: 'projects',
    reserved: [PROJECTS_FILE],
    prepare(key: string): { hash: string; value: IndexItem } {
      const project = byKey.get(key)
      if (!project) throw new IndexError(`index: no selected project ${key}`)
      // The index dir is irrelevant here: build always gets the staged entry's path.
      const item = indexItem(project, '.', options.cache)
      return { hash: item.inputHash, value: item }
    },
    async build(key: string, item: IndexItem, dir: string | undefined): Promise<RepoFacts> {
      if (!dir) throw new IndexError(`index: no staging directory for ${key}`)
      const { changed: _changed, ...facts } = await item.build(dir, options.signal)
      return facts
    },
    /** Config and template errors stop the stage; a project that cannot be indexed fails only its item. */
    fatal: (error: unknown): boolean => error instanceof IndexError && error.exitCode === 2,
  }
}

export interface IndexRunResult {
  entries: ProjectToIndex[]
  built: string[]
  kept: string[]
  /** The path projects_to_index.json was written to. */
  file: string
}

export interface IndexProjectsOptions extends IndexItemsOptions {
  config: Pick<IndexConfig, 'org' | 'repo_name'>
  /** Where projects_to_index.json goes (default <indexDir>/projects_to_index.json; the engine passes a staging path). */
  outFile?: string
  /**
   * A stat cache file (e.g. out/.taskcache/index-stat-cache.json), loaded before and saved after
   * when it changed, so a rerun reads only files whose stats moved. Ignored when `cache` is given.
   */
  cacheFile?: string
  /** Repositories built at once (default 2): each build is two git processes and some file reads. */
  concurrency?: number
  signal?: AbortSignal
  log?(message: string): void
}

/**
 * The whole stage without the engine: every item built in place (a few at a time: each is mostly
 * waiting on git processes; an unchanged one starts nothing), then projects_to_index.json written
 * atomically to `outFile` (default <indexDir>/projects_to_index.json). Used by tests and as the
 * reference for the engine wiring (indexItemSpec).
 */
export async function indexProjects(options: IndexProjectsOptions): Promise<IndexRunResult> {
  const cache = options.cache ?? (options.cacheFile ? StatCache.load(options.cacheFile) : undefined)
  const projects = selectedProjects(options)
  const items = projects.map((project) => indexItem(project, options.indexDir, cache))
  if (cache && options.cacheFile && !options.cache) {
    cache.keepOnly(items.map((i) => i.projectDir))
    if (cache.dirty) cache.save(options.cacheFile)
  }
  const results: (RepoFacts & { changed: boolean })[] = new Array(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const at = next++
      options.signal?.throwIfAborted()
      results[at] = await items[at].build(undefined, options.signal)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, items.length)) }, worker))
  const entries = projects.map((project, i) => projectEntry(project, results[i], options.config))
  const file = options.outFile ?? join(options.indexDir, PROJECTS_FILE)
  writeProjectsToIndex(file, entries)
  for (const entry of entries) if (entry.empty_dirs.length) options.warn?.(`project ${entry.project_id}: ${entry.empty_dirs.length} empty director${entry.empty_dirs.length === 1 ? 'y' : 'ies'} the tasks ship cannot be in its repository: ${entry.empty_dirs.slice(0, 5).join(', ')}`)
  const built = projects.filter((_, i) => results[i].changed).map((p) => p.project_id)
  const kept = projects.filter((_, i) => !results[i].changed).map((p) => p.project_id)
  options.log?.(`${built.length} built, ${kept.length} kept (${entries.length} projects)`)
  return { entries, built, kept, file }
}

/** Writes projects_to_index.json atomically after checking it against its schema. */
export function writeProjectsToIndex(file: string, entries: readonly ProjectToIndex[]): void {
  writeFileAtomic(file, projectsToIndexJson(entries, file))
}

/**
 * Repositories in indexDir of projects no longer selected (project-id directories not in `keep`),
 * and leftovers of interrupted builds (`<id>.tmp-<pid>`, `.<id>.old-<pid>`): for the standalone
 * runner to remove (the engine removes items it no longer names itself). Nothing else in indexDir
 * is ever listed.
 */
export function strayRepos(indexDir: string, keep: ReadonlySet<string>): string[] {
  let names: string[]
  try {
    names = readdirSync(indexDir)
  } catch {
    return []
  }
  const project = /^[a-z0-9_]+_(easy|medium|hard|expert)_[0-9]{3}$/
  return names
    .filter((name) => {
      if (project.test(name)) return !keep.has(name)
      return /^[a-z0-9_]+\.tmp-\d+$/.test(name) || /^\.[a-z0-9_]+\.old-\d+$/.test(name)
    })
    .sort()
}
