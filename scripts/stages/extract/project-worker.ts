// A project scan worker: takes the next project nobody has taken from the shared list, in list
// order, posting each scan as it finishes.
import { parentPort, workerData } from 'node:worker_threads'
import { loadProjectCache, parseProjectEntry } from './cache.ts'
import { FREE, WORKER, type WorkerInput, type WorkerMessage } from './project-pool.ts'
import { scanProject } from './project-scan.ts'

const input = workerData as WorkerInput
const previous = loadProjectCache(input.cacheDir, input.codeHash)
const post = (message: WorkerMessage) => parentPort!.postMessage(message)

for (;;) {
  const index = Atomics.add(input.next, 0, 1)
  if (index >= input.projectIds.length) break
  if (Atomics.compareExchange(input.status, index, FREE, WORKER) !== FREE) continue
  const id = input.projectIds[index]
  post({ index, scan: scanProject(input.dataDir, id, parseProjectEntry(previous.get(id))) })
}
post({ done: true })
