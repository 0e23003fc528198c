// A project scan worker: takes the next project nobody has taken from the shared list, in list
// order, posting each scan as it finishes.
import { parentPort, workerData } from 'node:worker_threads'
import { FREE, previousEntry, WORKER, type WorkerInput, type WorkerMessage } from './project-pool.ts'
import { scanProject } from './project-scan.ts'

const input = workerData as WorkerInput
const post = (message: WorkerMessage) => parentPort!.postMessage(message)

for (;;) {
  const index = Atomics.add(input.next, 0, 1)
  if (index >= input.projectIds.length) break
  if (Atomics.compareExchange(input.status, index, FREE, WORKER) !== FREE) continue
  post({ index, scan: scanProject(input.dataDir, input.projectIds[index], previousEntry(input, index)) })
}
post({ done: true })
