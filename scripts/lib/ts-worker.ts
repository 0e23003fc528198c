// Starting a worker thread on a .ts module.
import { getCompileCacheDir } from 'node:module'
import { dirname } from 'node:path'
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads'

/**
 * Type stripping is a worker's largest start-up cost in time and memory (each thread loads its
 * own compiler): when the main thread keeps a compile cache, the worker uses the same one.
 */
export function startTsWorker(module: URL, workerData: unknown, resourceLimits?: ResourceLimits, transferList?: Transferable[]): Worker {
  const url = JSON.stringify(module.href)
  const cacheDir = getCompileCacheDir()
  const boot = cacheDir === undefined
    ? `import(${url})`
    : `require('node:module').enableCompileCache(${JSON.stringify(dirname(cacheDir))}); import(${url})`
  return new Worker(boot, { eval: true, workerData, resourceLimits, transferList })
}
