// A leak check worker: checks its share of the projects in order, posting each project's verdicts
// as it finishes, and stops at the first record it cannot read (select-leaks.ts reports it).
import { closeSync, fstatSync, openSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { DatasetError, LineReader } from '../../contracts/dataset.ts'
import { checkProject } from './leak-check.ts'
import type { LeakWorkerInput, LeakWorkerMessage } from './select-leaks.ts'

const input = workerData as LeakWorkerInput
const post = (message: LeakWorkerMessage) => parentPort!.postMessage(message)
const reader = new LineReader()

function checkShare(): void {
  let fd: number
  try {
    fd = openSync(input.dataset, 'r')
  } catch (error) {
    return post({ stopped: (error as Error).message })
  }
  const { size, mtimeMs, ino } = fstatSync(fd)
  post({ opened: { size, mtimeMs, ino } })
  let index = 0
  try {
    for (; index < input.projects.length; index++) post({ index, verdicts: checkProject(fd, input.dataset, input.projects[index], input.rules, reader) })
  } catch (error) {
    post({ index, error: (error as Error).message, dataset: error instanceof DatasetError })
  }
  closeSync(fd)
  post({ done: true })
}

checkShare()
