// The generate stage's manifest (tasks/manifest.json) is the list of tasks to smoke-test, with the
// hashes that decide what must be rebuilt; and the Dockerfile reading smoke needs.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readTasksManifest, TASKS_MANIFEST_FILE } from '../../contracts/tasks-manifest.ts'
import { ExitError } from '../../lib/errors.ts'

export interface SmokeTask {
  id: string
  language: string
  input_hash: string
  output_hash: string
  /** Absolute task directory. */
  dir: string
  /** Set for a task of the mcp dataset (its id then ends in -mcp: smoke/mcp-check.ts). */
  variant?: 'mcp'
}

export class SmokeInputError extends ExitError {}

/** The tasks to smoke-test: generate's manifest (checked against its contract), in id order. */
export function readManifest(tasksDir: string): SmokeTask[] {
  const { tasks } = readTasksManifest(tasksDir)
  const out: SmokeTask[] = []
  for (const [id, entry] of Object.entries(tasks)) {
    const dir = join(tasksDir, id)
    if (!existsSync(dir)) throw new SmokeInputError(`${join(tasksDir, TASKS_MANIFEST_FILE)}: /tasks/${id}: task directory ${dir} does not exist`)
    out.push({ id, language: entry.language, input_hash: entry.input_hash, output_hash: entry.output_hash, dir })
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * The mcp dataset's tasks (tasks-mcp/), as `<id>-mcp` (their Harbor names' short part), so their
 * items, images and report entries never collide with the baseline task of the same scenario.
 */
export function readVariantManifest(tasksDir: string, variant: 'mcp'): SmokeTask[] {
  return readManifest(tasksDir).map((t) => ({ ...t, id: `${t.id}-${variant}`, variant }))
}

/** One Dockerfile instruction: its text as written (continuation lines included) and normalised. */
export interface Instruction {
  raw: string
  norm: string
}

const normalise = (raw: string[]): string =>
  raw
    .filter((l) => !l.trim().startsWith('#'))
    .map((l) => l.trim().replace(/\\$/, ''))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()

/** Instructions in order; comments and blank lines between instructions are dropped. */
export function instructions(dockerfile: string): Instruction[] {
  const out: Instruction[] = []
  let raw: string[] = []
  let continuing = false
  for (const line of dockerfile.split(/\r?\n/)) {
    const text = line.trim()
    if (!raw.length && (text === '' || text.startsWith('#'))) continue
    raw.push(line)
    if (text.endsWith('\\')) continuing = true
    else if (continuing && (text === '' || text.startsWith('#'))) continue
    else {
      out.push({ raw: raw.join('\n'), norm: normalise(raw) })
      raw = []
      continuing = false
    }
  }
  if (raw.length) out.push({ raw: raw.join('\n'), norm: normalise(raw) })
  return out
}

export const isCopy = (i: Instruction): boolean => /^(COPY|ADD)\s/i.test(i.norm)

/**
 * The Dockerfile up to its trailing COPY/ADD instructions (the task's own files), and how many
 * those are (each adds one layer). Tasks with the same toolchain text share every toolchain layer,
 * so it groups builds and estimates shared layers when no engine can say.
 */
export function splitDockerfile(dockerfile: string): { toolchain: string; steps: Instruction[]; trailingCopies: number } {
  const steps = instructions(dockerfile)
  let trailingCopies = 0
  while (steps.length && isCopy(steps[steps.length - 1])) {
    steps.pop()
    trailingCopies++
  }
  return { toolchain: steps.map((i) => i.norm).join('\n'), steps, trailingCopies }
}

export function readDockerfile(task: SmokeTask): string | undefined {
  const file = join(task.dir, 'environment', 'Dockerfile')
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined
}
