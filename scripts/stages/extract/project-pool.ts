// Project scans shared between the main thread and worker threads without a message round trip
// per project: a shared array marks who took each project. Everyone goes through the list in the
// order the sorted scenarios need it. Workers take the next free project. The main thread scans a
// project itself when a scenario needs one nobody has taken yet, and when it would have to wait
// for a worker it first scans the next free project instead of idling. So the scanning splits by
// how busy the main thread is with the scenarios themselves. A worker that dies only costs speed:
// whatever it left unfinished is scanned on the main thread.
import { Worker } from 'node:worker_threads'
import { scanProject } from './project-scan.ts'
import { parseProjectEntry } from './cache.ts'
import type { ProjectScan } from './types.ts'

const FREE = 0
const MAIN = 1
const WORKER = 2

export interface PoolOptions {
  dataDir: string
  /** Sorted, unique. */
  projectIds: string[]
  /** Previous scans as cache text, parsed only for the projects scanned on this thread. */
  previous: Map<string, string>
  workers: number
  cacheDir: string
  codeHash: string
  warn: (message: string) => void
  /** Called on the main thread with every scan as it arrives (before anyone waits for it). */
  onScan?: (scan: ProjectScan) => void
}

export interface WorkerInput {
  dataDir: string
  projectIds: string[]
  status: Int32Array
  next: Int32Array
  cacheDir: string
  codeHash: string
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
  readonly #waiters = new Map<number, (scan: ProjectScan) => void>()
  readonly #workers: Worker[] = []
  #running = 0
  #closing = false

  constructor(options: PoolOptions) {
    this.#options = options
    this.#index = new Map(options.projectIds.map((id, i) => [id, i]))
    this.#status = new Int32Array(new SharedArrayBuffer(4 * Math.max(1, options.projectIds.length)))
    this.#next = new Int32Array(new SharedArrayBuffer(4))
    for (let k = 0; k < options.workers; k++) this.#start({ ...pick(options), status: this.#status, next: this.#next })
  }

  #start(input: WorkerInput): void {
    const worker = new Worker(new URL('./project-worker.ts', import.meta.url), { workerData: input })
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
      this.#waiters.get(message.index)?.(message.scan)
      this.#waiters.delete(message.index)
    })
    worker.on('error', (error) => finish(error.message))
    worker.on('exit', (code) => finish(code === 0 ? undefined : `exit code ${code}`))
    this.#workers.push(worker)
  }

  /** Projects a dead worker had taken but never delivered. */
  #drainOrphans(): void {
    for (const [index, resolve] of this.#waiters) {
      this.#waiters.delete(index)
      resolve(this.#scanHere(index))
    }
  }

  #scan(projectId: string): ProjectScan {
    const scan = scanProject(this.#options.dataDir, projectId, parseProjectEntry(this.#options.previous.get(projectId)))
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
    return new Promise((resolve) => this.#waiters.set(index, resolve))
  }

  /** Work instead of waiting: scan the next project no worker has taken. */
  #scanNextFree(): void {
    for (;;) {
      const index = Atomics.add(this.#next, 0, 1)
      if (index >= this.#options.projectIds.length) return
      if (Atomics.compareExchange(this.#status, index, FREE, MAIN) === FREE) return void this.#scanHere(index)
    }
  }

  /** Every scan finished so far (for the cache). */
  scans(): ProjectScan[] {
    return [...this.#results.values(), ...this.#extra.values()]
  }

  async close(): Promise<void> {
    this.#closing = true
    await Promise.all(this.#workers.map((w) => w.terminate()))
  }
}

const pick = ({ dataDir, projectIds, cacheDir, codeHash }: PoolOptions) => ({ dataDir, projectIds, cacheDir, codeHash })

export { FREE, WORKER }
