// Which generated tasks the harbor target runs. Deterministic, so two runs on the same tasks check
// the same ones: languages in alphabetical order, the smallest id of each first (one task per
// language), then the next id of each language, until the count is reached.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { assertValid } from '../lib/schemas.ts'
import { ExitError } from '../lib/errors.ts'
import { HarborConfigError } from './harbor-config.ts'

export class HarborInputError extends ExitError {}

export interface GeneratedTask {
  id: string
  language: string
  /** Absolute task directory. */
  dir: string
}

/** The tasks generate wrote, from <tasksDir>/manifest.json, sorted by id. */
export function readGeneratedTasks(tasksDir: string): GeneratedTask[] {
  const file = join(tasksDir, 'manifest.json')
  if (!existsSync(file)) throw new HarborInputError(`${file}: not found (run the generate stage first)`)
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new HarborInputError(`${file}: not valid JSON: ${(error as Error).message}`)
  }
  try {
    assertValid('tasks-manifest.schema.json', manifest, file)
  } catch (error) {
    throw new HarborInputError((error as Error).message)
  }
  const tasks = (manifest as { tasks: Record<string, { language: string }> }).tasks
  return Object.keys(tasks)
    .sort()
    .map((id) => ({ id, language: tasks[id].language, dir: join(tasksDir, id) }))
}

/** Round-robin over languages (alphabetical), smallest id first within each. */
export function pickTasks(tasks: GeneratedTask[], count: number): GeneratedTask[] {
  const byLanguage = new Map<string, GeneratedTask[]>()
  for (const task of [...tasks].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const list = byLanguage.get(task.language) ?? []
    list.push(task)
    byLanguage.set(task.language, list)
  }
  const languages = [...byLanguage.keys()].sort()
  const picked: GeneratedTask[] = []
  for (let round = 0; picked.length < count; round++) {
    let added = false
    for (const language of languages) {
      const task = byLanguage.get(language)?.[round]
      if (!task) continue
      picked.push(task)
      added = true
      if (picked.length === count) break
    }
    if (!added) break
  }
  return picked
}

/** The tasks to run: the configured ids (each must exist) or a pick of `count`. */
export function chooseTasks(tasksDir: string, count: number, ids: string[]): GeneratedTask[] {
  const tasks = readGeneratedTasks(tasksDir)
  let chosen: GeneratedTask[]
  if (ids.length) {
    const known = new Map(tasks.map((t) => [t.id, t]))
    const missing = ids.filter((id) => !known.has(id))
    if (missing.length) throw new HarborConfigError(`harbor.task_ids: not generated tasks (not in ${join(tasksDir, 'manifest.json')}): ${missing.join(', ')}`)
    chosen = ids.map((id) => known.get(id) as GeneratedTask)
  } else {
    chosen = pickTasks(tasks, count)
  }
  if (!chosen.length) throw new HarborInputError(`${join(tasksDir, 'manifest.json')}: lists no tasks to run`)
  for (const task of chosen) {
    if (!existsSync(task.dir) || !statSync(task.dir).isDirectory()) throw new HarborInputError(`${task.dir}: task directory listed in manifest.json does not exist`)
  }
  return chosen
}
