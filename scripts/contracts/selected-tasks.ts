// The ids of selected_tasks.json (`{ selection_criteria, statistics, tasks: [{ id, ... }] }`) in
// selection order. Each task there is a whole dataset record, so at full scale the file is far
// too big to JSON.parse under the memory budget: a small streaming scanner picks out
// `/tasks/<n>/id` and skips everything else, jumping over string contents with a regex.
import { closeSync, openSync, readSync } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { ExitError } from '../lib/errors.ts'

export const SELECTED_TASKS_FILE = 'selected_tasks.json'
export const SELECTED_TASKS_SCHEMA = 'selected-tasks.schema.json'

/** selected_tasks.json is truncated or not JSON. */
export class SelectedTasksError extends ExitError {}

interface Frame {
  kind: 'object' | 'array'
  key?: string
}

const STRUCTURAL = /[{}[\]",:]/g
const STRING_END = /["\\]/g

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
