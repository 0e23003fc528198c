// out/selected_tasks.json (`{ selection_criteria, statistics, config_hash, tasks: [{ id, ... }] }`):
// the selected records in selection order, each a whole dataset record plus its score. Written by
// select, read by generate, index and run-adapter. Schema: schemas/selected-tasks.schema.json.
//
// At full scale the file is far too big to JSON.parse under the memory budget, so it is written one
// task at a time, and readers take the ids with a small streaming scanner that picks out
// `/tasks/<n>/id` and skips everything else, jumping over string contents with a regex.
import { closeSync, mkdirSync, openSync, readSync, renameSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { dirname } from 'node:path'
import { StringDecoder } from 'node:string_decoder'
import { ExitError } from '../lib/errors.ts'
import { toJson } from '../lib/fsx.ts'

export const SELECTED_TASKS_FILE = 'selected_tasks.json'
export const SELECTED_TASKS_SCHEMA = 'selected-tasks.schema.json'

/** selected_tasks.json is truncated or not JSON. */
export class SelectedTasksError extends ExitError {}

export interface SelectedTask extends Record<string, unknown> {
  id: string
  /** round(total, 4), as the original stores it. */
  score: number
  score_parts: { context: number; files: number; category: number; total: number }
  rank: number
}

export interface SelectedTasksDoc {
  selection_criteria: Record<string, unknown>
  statistics: { total_tasks: number; filtered_tasks: number; selected_tasks: number }
  config_hash: string
  tasks: SelectedTask[]
}

export type SelectedTasksHead = Omit<SelectedTasksDoc, 'tasks'>

interface Frame {
  kind: 'object' | 'array'
  key?: string
}

const STRUCTURAL = /[{}[\]",:]/g
const STRING_END = /["\\]/g

/** The ids of the selected tasks, in selection order. */
export function readSelectedIds(path: string): string[] {
  const ids: string[] = []
  const stack: Frame[] = []
  let expectKey = false
  let inString = false
  let stringIsKey = false
  let capture = false
  let escaped = false
  let buffer = ''

  const atIdValue = (): boolean =>
    stack.length === 3 && stack[0].kind === 'object' && stack[0].key === 'tasks' && stack[1].kind === 'array' && stack[2].kind === 'object' && stack[2].key === 'id'

  const endString = (): void => {
    inString = false
    if (!capture) return
    let text: string
    try {
      text = JSON.parse(`"${buffer}"`) as string
    } catch {
      throw new SelectedTasksError(`${path}: not valid JSON (bad string escape)`)
    }
    if (stringIsKey) stack[stack.length - 1].key = text
    else ids.push(text)
  }

  const scan = (chunk: string): void => {
    let i = 0
    while (i < chunk.length) {
      if (inString) {
        if (escaped) {
          if (capture) buffer += chunk[i]
          escaped = false
          i++
          continue
        }
        STRING_END.lastIndex = i
        const m = STRING_END.exec(chunk)
        const stop = m ? m.index : chunk.length
        if (capture) buffer += chunk.slice(i, stop)
        if (!m) return
        if (m[0] === '\\') {
          if (capture) buffer += '\\'
          escaped = true
          i = stop + 1
          continue
        }
        endString()
        i = stop + 1
        continue
      }
      STRUCTURAL.lastIndex = i
      const m = STRUCTURAL.exec(chunk)
      if (!m) return
      i = m.index + 1
      switch (m[0]) {
        case '{':
          stack.push({ kind: 'object' })
          expectKey = true
          break
        case '[':
          stack.push({ kind: 'array' })
          expectKey = false
          break
        case '}':
        case ']':
          stack.pop()
          expectKey = false
          break
        case ',':
          expectKey = stack[stack.length - 1]?.kind === 'object'
          break
        case ':':
          expectKey = false
          break
        case '"':
          inString = true
          stringIsKey = expectKey && stack[stack.length - 1]?.kind === 'object'
          capture = stringIsKey || atIdValue()
          buffer = ''
          break
      }
    }
  }

  const fd = openSync(path, 'r')
  const decoder = new StringDecoder('utf8')
  const chunk = Buffer.allocUnsafe(1 << 20)
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null)
      if (n === 0) break
      scan(decoder.write(chunk.subarray(0, n)))
    }
    scan(decoder.end())
  } finally {
    closeSync(fd)
  }
  if (stack.length !== 0 || inString) throw new SelectedTasksError(`${path}: not valid JSON (truncated)`)
  return ids
}

/**
 * Writes toJson({ ...head, tasks }) one task at a time, so a large top_n never holds every record:
 * a task is indented like the array item it is (JSON strings hold no raw newline, so re-indenting
 * line by line is exact).
 */
export async function writeSelectedTasks(path: string, head: SelectedTasksHead, tasks: AsyncIterable<SelectedTask>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  const handle = await open(tmp, 'w')
  try {
    const tail = '[]\n}\n'
    let pending = toJson({ ...head, tasks: [] }).slice(0, -tail.length)
    let first = true
    for await (const task of tasks) {
      pending += `${first ? '[\n' : ',\n'}    ${JSON.stringify(task, null, 2).replaceAll('\n', '\n    ')}`
      first = false
      if (pending.length > 1 << 20) {
        await handle.write(pending)
        pending = ''
      }
    }
    await handle.write(pending + (first ? tail : '\n  ]\n}\n'))
    await handle.close()
    renameSync(tmp, path)
  } catch (error) {
    await handle.close().catch(() => {})
    rmSync(tmp, { force: true })
    throw error
  }
}
