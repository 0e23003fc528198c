// Project scans shared between the main thread and worker threads without a message round trip
// per project: a shared array marks who took each project. Everyone goes through the list in the
// order the sorted scenarios need it. Workers take the next free project. The main thread scans a
// project itself when a scenario needs one nobody has taken yet, and when it would have to wait
// for a worker it first scans the next free project instead of idling. So the scanning splits by
// how busy the main thread is with the scenarios themselves. A worker that dies only costs speed:
// whatever it left unfinished is scanned on the main thread. Projects their item records vouch for
// are not in the list at all: their scans come from those records.
import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../../lib/ts-worker.ts'
import { scanProject } from './project-scan.ts'
import { ExitError } from '../../lib/errors.ts'
import { dropProjectIndex, readEntryAt, type ProjectIndex } from './project-index.ts'
import type { ProjectCacheEntry, ProjectScan } from './extract-types.ts'

const FREE = 0
const MAIN = 1
const WORKER = 2

/**
 * A scan worker allocates little that lives long: a small young generation keeps its memory
 * flat at no measurable cost in speed (the default lets it grow to tens of MB).
 */
const WORKER_YOUNG_GENERATION_MB = 4

export interface PoolOptions {
  dataDir: string
  /** Projects to scan, sorted, unique. */
  projectIds: string[]
  /** Projects taken as recorded, unseen, by id (the engine keeps their items). */
  reused: Map<string, ProjectScan>
  /** The last scans' file lists: a scan skips unchanged directories and files. */
  index: ProjectIndex
  /** Where `index` was read from. */
  indexDir: string
  workers: number
  warn: (message: string) => void
  /** Called on the main thread with every scan as it arrives (before anyone waits for it). */
  onScan?: (scan: ProjectScan) => void
}

export interface WorkerInput {
  dataDir: string
  projectIds: string[]
  status: Int32Array
  next: Int32Array
  /** The previous project index as shared bytes, and each listed project's entry range in it. */
  index: Uint8Array
  ranges: Int32Array
}

export type WorkerMessage = { index: number; scan: ProjectScan } | { done: true }

export class ProjectPool {
  readonly #options: PoolOptions
  readonly #index: Map<string, number>
  readonly #status: Int32Array
  /** The next project index nobody has taken yet (shared with the workers). */
  readonly #next: Int32Array
  readonly #results = new Map<number, ProjectScan>()
  /** Scans of projects outside the list (not expected: listed ids come from the file names). */
  readonly #extra = new Map<string, ProjectScan>()
  /** Several files of one project may be waiting for its scan at once. */
  readonly #waiters = new Map<number, PromiseWithResolvers<ProjectScan>>()
  readonly #workers: Worker[] = []
  #running = 0
  #closing = false
  /** Projects taken as recorded but scanned again for their files (their file list was damaged). */
  readonly #rescanned = new Map<string, ProjectScan>()

  constructor(options: PoolOptions) {
    this.#options = options
    const ids = options.projectIds
    this.#index = new Map(ids.map((id, i) => [id, i]))
    this.#status = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, ids.length)))
    this.#next = new Int32Array(new SharedArrayBuffer(4))
    if (options.workers === 0) return
    const ranges = new Int32Array(new SharedArrayBuffer(8 * Math.max(1, ids.length)))
    ids.forEach((id, i) => ranges.set(options.index.entryRange(id), 2 * i))
    const input: WorkerInput = { dataDir: options.dataDir, projectIds: ids, status: this.#status, next: this.#next, index: options.index.bytes, ranges }
    for (let k = 0; k < options.workers; k++) this.#start(input)
  }

  #start(input: WorkerInput): void {
    const worker = startWorker(input)
    this.#running++
    let finished = false
    const finish = (problem?: string) => {
      if (finished) return
      finished = true
      this.#running--
      if (problem && !this.#closing) this.#options.warn(`a project scan worker stopped early (${problem}); the main thread scans what it left`)
      if (this.#running === 0) this.#drainOrphans()
    }
    worker.on('message', (message: WorkerMessage) => {
      if ('done' in message) return finish()
      this.#options.onScan?.(message.scan)
      this.#results.set(message.index, message.scan)
      this.#waiters.get(message.index)?.resolve(message.scan)
      this.#waiters.delete(message.index)
    })
    worker.on('error', (error) => finish(error.message))
    worker.on('exit', (code) => finish(code === 0 ? undefined : `exit code ${code}`))
    this.#workers.push(worker)
  }

  /** Projects a dead worker had taken but never delivered. */
  #drainOrphans(): void {
    for (const [index, waiting] of this.#waiters) {
      this.#waiters.delete(index)
      waiting.resolve(this.#scanHere(index))
    }
  }

  #scan(projectId: string): ProjectScan {
    const scan = scanProject(this.#options.dataDir, projectId, this.#options.index.entry(projectId))
    this.#options.onScan?.(scan)
    return scan
  }

  #scanHere(index: number): ProjectScan {
    const scan = this.#scan(this.#options.projectIds[index])
    this.#results.set(index, scan)
    return scan
  }

  /** The scan of a project; on the main thread when nobody has taken it yet. */
  get(projectId: string): ProjectScan | Promise<ProjectScan> {
    const reused = this.#options.reused.get(projectId)
    if (reused) return reused
    const index = this.#index.get(projectId)
    if (index === undefined) {
      let scan = this.#extra.get(projectId)
      if (!scan) this.#extra.set(projectId, (scan = this.#scan(projectId)))
      return scan
    }
    const done = this.#results.get(index)
    if (done) return done
    if (Atomics.compareExchange(this.#status, index, FREE, MAIN) === FREE || this.#running === 0) return this.#scanHere(index)
    this.#scanNextFree()
    let waiting = this.#waiters.get(index)
    if (!waiting) this.#waiters.set(index, (waiting = Promise.withResolvers<ProjectScan>()))
    return waiting.promise
  }

  /** Work instead of waiting: scan the next project no worker has taken. */
  #scanNextFree(): void {
    for (;;) {
      const index = Atomics.add(this.#next, 0, 1)
      if (index >= this.#options.projectIds.length) return
      if (Atomics.compareExchange(this.#status, index, FREE, MAIN) === FREE) return void this.#scanHere(index)
    }
  }

  /**
   * A project's files, for assembling a record. A project reused unseen has them in the index; an
   * index that lost them is read past by scanning the project again. Should that scan disagree
   * with the stamp its record vouched for, records may already have been kept on its word: the
   * index goes and the run fails, so the next one scans every project it lost.
   */
  files(scan: ProjectScan): ProjectCacheEntry | null {
    if (scan.cache !== undefined) return scan.cache
    const entry = this.#options.index.holds(scan.projectId, scan.stamp) ? this.#options.index.entry(scan.projectId) : undefined
    if (entry) return (scan.cache = entry)
    const fresh = scanProject(this.#options.dataDir, scan.projectId, undefined)
    if (fresh.stamp !== scan.stamp || !fresh.cache) {
      dropProjectIndex(this.#options.indexDir)
      throw new CacheDamagedError(`the record of ${scan.projectId} vouched for it but its file list is damaged, and the project differs; the file lists are dropped, run again`)
    }
    this.#rescanned.set(scan.projectId, fresh)
    return (scan.cache = fresh.cache)
  }

  /** Every scan made this run (fresh ones only: not the reused). */
  scanned(): ProjectScan[] {
    return [...this.#results.values(), ...this.#extra.values()]
  }

  /** Scans made again for a cache that lost a project's files (the project itself is reused). */
  rescanned(): ProjectScan[] {
    return [...this.#rescanned.values()]
  }

  async close(): Promise<void> {
    this.#closing = true
    await Promise.all(this.#workers.map((w) => w.terminate()))
  }
}

const startWorker = (input: WorkerInput): Worker =>
  startTsWorker(new URL('./project-worker.ts', import.meta.url), input, { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB })

/** A worker's view of one listed project's previous entry. */
export const previousEntry = (input: WorkerInput, index: number): ProjectCacheEntry | undefined =>
  readEntryAt(input.index, input.ranges[2 * index], input.ranges[2 * index + 1])

export { FREE, WORKER }

/** A cache that vouched for something it cannot produce. */
export class CacheDamagedError extends ExitError {
  constructor(message: string) {
    super(message)
    this.name = 'CacheDamagedError'
  }
}
