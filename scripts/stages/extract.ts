// The `extract` stage: <data>/output/scenarios/*.json → dataset.jsonl (one self-contained record
// per accepted scenario, sorted by id), rejects.jsonl (every other file with its reason) and
// extract-summary.json (read = accepted + rejected, counts, warnings).
//
// Two sets of the engine's items: the project dirs first (extract/project-items.ts: worker threads
// scan those not taken as recorded), then the scenario files (extract/records.ts): a file whose
// content and project are unchanged keeps its verdict and its record's line without being read;
// the others are judged. Then the cross-file checks run and the lines are written in file order.
// Given the engine's list of changed inputs, files and projects outside it are taken as recorded
// without being looked at (extract/changes.ts).
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { factItems } from '../engine/items.ts'
import type { ItemsRunner, RunContext } from '../engine/types.ts'
import type { ExtractConfig } from '../contracts/config.ts'
import { toJson, writeFileAtomic } from '../lib/fsx.ts'
import { SCENARIO_DIR } from './extract/assemble.ts'
import { LineStore } from './extract/line-store.ts'
import { dropProjectIndex, ProjectIndex, projectFilesKey, saveProjectIndex } from './extract/project-index.ts'
import { changesUnder, trustedScenario } from './extract/changes.ts'
import { runProjectItems } from './extract/project-items.ts'
import { settleMetadata } from './extract/metadata.ts'
import { loadedValidator, loadValidator } from './extract/validator.ts'
import { streamRecords } from './extract/records.ts'
import { listProjects } from './extract/project-scan.ts'
import type { ProjectPool } from './extract/project-pool.ts'
import type { ExtractSummary } from './extract/extract-summary.ts'
import type { ProjectScan } from './extract/extract-types.ts'
import { ExitError } from '../lib/errors.ts'
import { largeFileWarnings } from './extract/file-limits.ts'
import { extractProblems, fileLimits, warningLine } from './extract/screen.ts'

export type { ExtractSummary } from './extract/extract-summary.ts'
export type { Reject, RejectReason, Warning, WarningCode } from './extract/extract-types.ts'
export { REJECT_REASONS, WARNING_CODES } from './extract/extract-types.ts'

export type { ExtractConfig } from '../contracts/config.ts'

export interface ExtractOutputs {
  dataset: string
  rejects: string
  summary: string
}

export interface ExtractOptions {
  /** Absolute data root holding generated/ and output/. */
  dataDir: string
  /** Absolute file paths to write (the engine passes staging paths). */
  outputs: ExtractOutputs
  /** Absolute directory kept between runs: the record lines' store (and by default the project file lists). */
  cacheDir: string
  /**
   * Where the project file lists with their code points are kept (the engine's contentCacheDir,
   * which `clean` keeps: they are keyed by each file's path, size, mtime, inode and ctime and by
   * the scan code, not by the stage's records). Default: cacheDir.
   */
  filesCacheDir?: string
  /** Count every project file again (--force): the file lists are not used, only written anew. */
  recount?: boolean
  /** Told the sha256 of every project file a scan read or took from its list (the engine's
   *  ctx.knownHash), so stamping extract's inputs need not read 857 MB a second time. */
  knownHash?: RunContext['knownHash']
  /**
   * Runs the scenario files and the project dirs as items (the engine's `ctx.items`; the projects
   * are its item set `projects`). Default: items recorded in `cacheDir/items.json` and
   * `cacheDir/projects.items.json`, for a run outside the graph.
   */
  items?: ItemsRunner
  /**
   * What every file's outcome depends on besides the file and its project: the stage's code and
   * schemas (the engine's recipe). A different salt judges every file again. Default ''.
   */
  salt?: string
  config?: ExtractConfig
  progress?: (done: number, total: number, unit: string) => void
  log?: (message: string) => void
  warn?: (message: string) => void
  signal?: AbortSignal
  /** Threads to use; the main thread counts as one. Default: the machine's available parallelism. */
  concurrency?: number
  /**
   * Absolute paths of the inputs added, removed or changed since the run that last recorded the
   * items (the graph engine's `ctx.changedInputs`: it is undefined unless the previous run
   * succeeded, and that run recorded them). Scenario files and projects it does not name are
   * taken as recorded without being looked at, except what the engine cannot see (symbolic
   * links, dot-files, folders it does not walk, a project dir's own entries, checked by stat).
   * Undefined when unknown: every file is checked by stat. Without usable caches it is not used.
   */
  changed?: ReadonlySet<string>
}

export interface ExtractResult {
  read: number
  accepted: number
  rejected: number
  /** Scenario files parsed this run. */
  parsed: number
  /** Scenario files whose recorded verdict was kept. */
  reused: number
  /** Scenario files checked by stat or read for want of a record (the rest were vouched for by `changed`). */
  checked: number
  /** Project dirs scanned this run (the rest were taken as recorded, unseen). */
  projectsScanned: number
  /** Project files read this run (the rest were known by size and mtime). */
  projectFilesRead: number
  summaryLine: string
  /** Rejects by reason and warnings by code (the stage's problems, for --strict). */
  problems: Record<string, number>
}

export class ExtractError extends ExitError {
  constructor(message: string) {
    super(message)
    this.name = 'ExtractError'
  }
}

export const DEFAULT_MAX_WARNINGS = 1000
/** Sorted `*.json` names in the scenarios dir; a missing or empty dir is a run failure. */
export function listScenarioFiles(dataDir: string): string[] {
  return listScenarios(dataDir).names
}

/** The names, and which of them are symbolic links. */
function listScenarios(dataDir: string): { names: string[]; links: Set<string> } {
  const dir = join(dataDir, SCENARIO_DIR)
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) throw new ExtractError(`no scenarios directory: ${dir}`)
  const links = new Set<string>()
  const names: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    // Regular files, and symlinks (a broken one becomes an `internal` reject); never a FIFO that would block.
    if (!e.name.endsWith('.json') || !(e.isFile() || e.isSymbolicLink())) continue
    names.push(e.name)
    if (e.isSymbolicLink()) links.add(e.name)
  }
  if (names.length === 0) throw new ExtractError(`no *.json scenario files in ${dir}`)
  return { names: names.sort(), links }
}

/** Files besides its code whose bytes define what extract writes (also its engine recipe). */
export const EXTRACT_FILES = ['raw-scenario.schema.json', 'raw-project-metadata.schema.json'].map((f) =>
  join(import.meta.dirname, '..', '..', 'schemas', f),
)

export async function extract(options: ExtractOptions): Promise<ExtractResult> {
  const { dataDir, outputs, cacheDir, signal } = options
  const progress = options.progress ?? (() => {})
  const log = options.log ?? (() => {})
  const warn = options.warn ?? (() => {})
  const salt = options.salt ?? ''
  const { names, links } = listScenarios(dataDir)
  const total = names.length
  const filesCacheDir = options.filesCacheDir ?? cacheDir
  for (const dir of new Set([cacheDir, filesCacheDir])) mkdirSync(dir, { recursive: true })
  const concurrency = Math.max(1, options.concurrency ?? availableParallelism())
  const items: ItemsRunner = options.items ?? ((spec) => factItems(join(cacheDir, spec.name ? `${spec.name}.items.json` : 'items.json'), { concurrency, signal, progress })(spec))
  const changes = options.changed && changesUnder(dataDir, options.changed)
  const trusted = changes && trustedScenario(changes, links)

  const store = new LineStore(cacheDir)
  let pool: ProjectPool | undefined
  const onAbort = () => void pool?.close()
  signal?.addEventListener('abort', onAbort, { once: true })
  try {
    const projectIds = listProjects(dataDir)
    const filesKey = projectFilesKey()
    const index = options.recount ? new ProjectIndex() : ProjectIndex.load(filesCacheDir, filesKey)
    // Where the lists lived before they were a content cache.
    if (filesCacheDir !== cacheDir) dropProjectIndex(cacheDir)
    // A changed project_metadata.json is checked as its scan arrives when the validator is loaded
    // anyway (scenarios were parsed), else once at the end.
    const onScan = (scan: ProjectScan) => {
      const check = loadedValidator()
      if (check) settleMetadata(scan, check)
    }
    const { pool: scans, reused: unseen } = await runProjectItems({
      dataDir, projectIds, items, index, changes, salt, indexDir: filesCacheDir, concurrency, warn, onScan, signal, started: (started) => void (pool = started),
    })
    const limits = fileLimits(options.config)
    const { summary, parsed, checked } = await streamRecords({ dataDir, names, items, store, pool: scans, outputs, trusted, salt, signal, limits })

    const scanned = scans.scanned()
    const fresh = [...scanned, ...scans.rescanned()]
    if (options.knownHash) for (const scan of fresh) tellHashes(dataDir, scan, options.knownHash)
    if (fresh.some((scan) => scan.metadataValue !== undefined)) {
      const check = await loadValidator()
      for (const scan of fresh) settleMetadata(scan, check)
    }
    for (const scan of [...scanned, ...unseen.values()]) {
      if (summary.hasProject(scan.projectId)) for (const w of [...scan.warnings, ...largeFileWarnings(scan, limits)]) summary.warn(w)
    }
    const report = summary.build(options.config?.maxWarnings ?? DEFAULT_MAX_WARNINGS)
    rmSync(outputs.summary, { force: true }) // see BufferedWriter.create
    writeFileAtomic(outputs.summary, toJson(report))

    // The project scans last: a failure above leaves the previous ones in place.
    saveProjectIndex(filesCacheDir, filesKey, projectIds, new Map(fresh.map((s) => [s.projectId, s])), index)

    const reused = total - parsed
    const projectFilesRead = scanned.reduce((sum, s) => sum + s.read, 0)
    progress(total, total, 'files')
    log(`${parsed} scenario files parsed, ${reused} reused; ${scanned.length} projects scanned, ${projectFilesRead} project files read`)
    if (summary.rejected) warn(`${summary.rejected} scenario files rejected (${reasonList(report)}); see rejects.jsonl`)
    const warned = warningLine(report)
    if (warned) warn(warned)
    return {
      read: summary.read,
      accepted: summary.accepted,
      rejected: summary.rejected,
      parsed,
      reused,
      checked,
      projectsScanned: scanned.length,
      projectFilesRead,
      summaryLine: `${summary.read} read, ${summary.accepted} accepted, ${summary.rejected} rejected; ${parsed} parsed, ${reused} reused`,
      problems: extractProblems(report),
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
    store.close()
    await pool?.close()
  }
}

const reasonList = (report: ExtractSummary): string =>
  Object.entries(report.rejected_by_reason).map(([reason, n]) => `${reason} ${n}`).join(', ')

/** What a scan knows of its files' bytes, told as the engine's walk names them. A file changed
 *  within the racy margin of its scan (its mtime kept as -1) is left for the engine to read. */
function tellHashes(dataDir: string, scan: ProjectScan, knownHash: RunContext['knownHash']): void {
  const entry = scan.cache
  if (!entry || entry.paths === '') return
  const root = join(dataDir, scan.dir)
  entry.paths.split('\n').forEach((path, i) => {
    if (entry.mtimes[i] !== -1) knownHash(`${root}/${path}`, { size: entry.sizes[i], mtimeMs: entry.mtimes[i], ino: entry.inos[i] }, entry.hashes[i])
  })
}
