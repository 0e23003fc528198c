// One timed child process: wall time from spawn to exit, the OS's peak resident set (GNU time's
// %M, which covers the process's worker threads), and the engine's JSON events from stdout.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const GNU_TIME = '/usr/bin/time'

/** The subset of the engine's events the benchmark reads (scripts/engine/types.ts EngineEvent). */
export interface Event {
  type: string
  stage?: string
  durationMs?: number
  summary?: string
  message?: string
  changedCount?: number
  error?: string
  details?: string
  why?: string
}

export interface ChildResult {
  wallMs: number
  exitCode: number | null
  signal: NodeJS.Signals | null
  maxRssKiB: number | null
  events: Event[]
  stderr: string
}

export interface ChildOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  /** Measure peak memory through GNU time (default: when it is installed). */
  measureMemory?: boolean
}

/** Last number GNU time wrote: it prefixes "Command exited with non-zero status N" on failure. */
export function parseTimeOutput(text: string): number | null {
  const last = text.trim().split('\n').pop()?.trim() ?? ''
  return /^\d+$/.test(last) ? Number(last) : null
}

export function parseEvents(stdout: string): Event[] {
  const events: Event[] = []
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue
    try {
      events.push(JSON.parse(line) as Event)
    } catch {
      // Not an event (a stage printing JSON-looking text); the engine's own lines always parse.
    }
  }
  return events
}

export async function runChild(command: string, args: string[], options: ChildOptions): Promise<ChildResult> {
  const memory = (options.measureMemory ?? true) && existsSync(GNU_TIME)
  const timeDir = memory ? mkdtempSync(join(tmpdir(), 'bench-time-')) : undefined
  const timeFile = timeDir && join(timeDir, 'rss')
  const [bin, argv] = timeFile ? [GNU_TIME, ['-f', '%M', '-o', timeFile, command, ...args]] : [command, args]
  const stdout: Buffer[] = []
  const stderr: Buffer[] = []
  const started = performance.now()
  try {
    const { exitCode, signal } = await new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
      const child = spawn(bin, argv, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] })
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk))
      child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk))
      child.on('error', reject)
      child.on('close', (code, sig) => resolve({ exitCode: code, signal: sig }))
    })
    const wallMs = performance.now() - started
    const maxRssKiB = timeFile && existsSync(timeFile) ? parseTimeOutput(readFileSync(timeFile, 'utf8')) : null
    return { wallMs, exitCode, signal, maxRssKiB, events: parseEvents(Buffer.concat(stdout).toString('utf8')), stderr: Buffer.concat(stderr).toString('utf8') }
  } finally {
    if (timeDir) rmSync(timeDir, { recursive: true, force: true })
  }
}
