// The generate stage's manifest (tasks/manifest.json) is the list of tasks to smoke-test, with the
// hashes that decide what must be rebuilt.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ExitError } from '../../lib/errors.ts'

export interface SmokeTask {
  id: string
  language: string
  input_hash: string
  output_hash: string
  /** Absolute task directory. */
  dir: string
}

export class SmokeInputError extends ExitError {}

const HASH = /^[0-9a-f]{64}$/
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

export function readManifest(tasksDir: string): SmokeTask[] {
  const file = join(tasksDir, 'manifest.json')
  if (!existsSync(file)) throw new SmokeInputError(`${file}: not found (run the generate stage first)`)
  let manifest: unknown
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new SmokeInputError(`${file}: not valid JSON: ${(error as Error).message}`)
  }
  const tasks = (manifest as { tasks?: unknown } | null)?.tasks
  if (!tasks || typeof tasks !== 'object' || Array.isArray(tasks)) throw new SmokeInputError(`${file}: /tasks: must be an object`)
  const out: SmokeTask[] = []
  for (const [id, raw] of Object.entries(tasks as Record<string, unknown>)) {
    const entry = (raw ?? {}) as Record<string, unknown>
    const where = `${file}: /tasks/${id.replaceAll('~', '~0').replaceAll('/', '~1')}`
    if (!SAFE_ID.test(id) || id.includes('..')) throw new SmokeInputError(`${where}: not a safe task id`)
    for (const key of ['input_hash', 'output_hash'] as const) {
      if (typeof entry[key] !== 'string' || !HASH.test(entry[key])) throw new SmokeInputError(`${where}/${key}: must be a sha256 hex digest`)
    }
    if (typeof entry.language !== 'string' || !entry.language) throw new SmokeInputError(`${where}/language: must be a non-empty string`)
    const dir = join(tasksDir, id)
    if (!existsSync(dir)) throw new SmokeInputError(`${where}: task directory ${dir} does not exist`)
    out.push({ id, language: entry.language, input_hash: entry.input_hash as string, output_hash: entry.output_hash as string, dir })
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
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
