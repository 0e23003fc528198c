// A generation worker: asks the parent for the next project, generates it, reports its stats.
import { parentPort, workerData } from 'node:worker_threads'
import { runJobs, type GenerateOptions, type Job, type ProjectStats } from './synth-generate.ts'

type FromParent = { job: Job | null }
const port = parentPort!
const { root, options } = workerData as { root: string; options: GenerateOptions }

const next = (): Promise<Job | null> => new Promise((resolve) => {
  port.once('message', (m: FromParent) => resolve(m.job))
  port.postMessage({ type: 'next' })
})

runJobs(root, options, next, (stats: ProjectStats) => port.postMessage({ type: 'done', stats }))
  .then(() => port.postMessage({ type: 'finished' }))
  .catch((error: unknown) => port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) }))
