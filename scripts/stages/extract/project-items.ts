// Every project dir is one of the engine's items (a second item set beside the scenario files),
// keyed by its id. Its input hash is what its scan found (the summary a record takes from it) and
// the code (a salt); its facts are that summary. A project the engine's list of changed inputs
// does not name is taken as recorded without being looked at when its last scan met nothing the
// list may not show, its dir still has the mtime that scan saw, and its file list is at hand: its
// hash then comes from its record, as the engine's `prepare` allows. The others are scanned (by
// the pool's worker threads ahead of the main thread), and the engine keeps those whose scan
// hashes as recorded and records the rest.
import { hash } from 'node:crypto'
import { statSync } from 'node:fs'
import type { ItemsRunner } from '../../engine/types.ts'
import type { Changes } from './changes.ts'
import { summaryOf, type ProjectIndex } from './project-index.ts'
import { ProjectPool, CacheDamagedError, type PoolOptions } from './project-pool.ts'
import { PROJECTS_DIR } from './project-scan.ts'
import { settleMetadata } from './metadata.ts'
import { loadValidator } from './validator.ts'
import type { ProjectScan, ProjectSummary } from './extract-types.ts'

/** Fewer projects than this are scanned on the main thread: a worker costs ~0.1 s to start. */
const WORKER_MIN_PROJECTS = 64

export interface ProjectItemsInput {
  dataDir: string
  projectIds: string[]
  items: ItemsRunner
  index: ProjectIndex
  changes: Changes | undefined
  salt: string
  /** Where the project file lists are (dropped there when found damaged). */
  indexDir: string
  concurrency: number
  warn: (message: string) => void
  onScan: PoolOptions['onScan']
  /** Called with the pool once it exists (so an abort can close it). */
  started: (pool: ProjectPool) => void
  signal?: AbortSignal
}

export interface ProjectItemsResult {
  pool: ProjectPool
  /** Projects taken as recorded, unseen, by id. */
  reused: Map<string, ProjectScan>
}

/** A project item's input hash: its scan's summary and the code. */
export const projectHash = (summary: ProjectSummary, salt: string): string =>
  hash('sha256', `${JSON.stringify(summary)}\n${salt}`)

/** Whether recorded facts have the shape this code writes (a hand-edited book costs a rescan). */
function sound(s: ProjectSummary | undefined): s is ProjectSummary {
  return typeof s?.exists === 'boolean' && typeof s.stamp === 'string' && typeof s.root === 'number' && typeof s.verify === 'boolean' &&
    Array.isArray(s.warnings) && Number.isInteger(s.fileCount) && Number.isInteger(s.totalChars) && ['A', 'B', 'C'].includes(s.layout)
}

export async function runProjectItems(input: ProjectItemsInput): Promise<ProjectItemsResult> {
  const { dataDir, projectIds, index, changes, salt, signal } = input
  const reused = new Map<string, ProjectScan>()
  /** This run's hash of each project, as prepared. */
  const hashes = new Map<string, string>()
  let pool: ProjectPool | undefined
  const base = `${dataDir}/${PROJECTS_DIR}`
  const scanOf = async (projectId: string): Promise<ProjectScan> => {
    const got = pool!.get(projectId)
    const scan = got instanceof Promise ? await got : got
    // Its warnings are part of what is recorded: a freshly read project_metadata.json is checked now.
    if (scan.metadataValue !== undefined) settleMetadata(scan, await loadValidator())
    return scan
  }
  const ran = await input.items<ProjectScan, ProjectSummary>({
    name: 'projects',
    keys: projectIds,
    unit: 'projects',
    // Scans come from the pool in list order; the main thread scans too while it would wait.
    limit: 1,
    fatal: (error) => error instanceof CacheDamagedError,
    survey: (previous) => {
      for (const projectId of projectIds) {
        if (!changes || changes.projects.has(projectId)) continue
        const last = previous.get(projectId)
        const s = last?.facts
        if (!sound(s) || !s.exists || s.error !== undefined || s.verify || s.root === -1) continue
        if (last!.hash !== projectHash(s, salt) || !index.holds(projectId, s.stamp)) continue
        const st = statSync(`${base}/${projectId}`, { throwIfNoEntry: false })
        if (!st?.isDirectory() || st.mtimeMs !== s.root) continue
        reused.set(projectId, { ...s, projectId, dir: `${PROJECTS_DIR}/${projectId}`, cache: undefined, read: 0 })
        hashes.set(projectId, last!.hash)
      }
      const scan = projectIds.filter((id) => !reused.has(id))
      const workers = scan.length >= WORKER_MIN_PROJECTS ? Math.min(input.concurrency - 1, 4) : 0
      pool = new ProjectPool({ dataDir, projectIds: scan, reused, index, indexDir: input.indexDir, workers, warn: input.warn, onScan: input.onScan })
      input.started(pool)
    },
    prepare: async (projectId) => {
      signal?.throwIfAborted()
      const unseen = reused.get(projectId)
      if (unseen) return { hash: hashes.get(projectId)!, value: unseen }
      const scan = await scanOf(projectId)
      const hashed = projectHash(summaryOf(scan), salt)
      hashes.set(projectId, hashed)
      return { hash: hashed, value: scan }
    },
    // Facts that are not what the kept hash was made of (a hand-edited book) rebuild the item;
    // those of a project taken unseen were checked so before it was.
    present: (projectId, facts) => reused.has(projectId) || (sound(facts) && projectHash(facts, salt) === hashes.get(projectId)),
    build: async (projectId, scan) => {
      // A project taken unseen is kept by its record's own hash; should the engine build it all
      // the same, it is scanned, not recorded from what it was.
      return summaryOf(reused.delete(projectId) ? await scanOf(projectId) : scan)
    },
  })
  const failed = ran.failed[0]
  if (failed) throw failed.error
  return { pool: pool!, reused }
}
