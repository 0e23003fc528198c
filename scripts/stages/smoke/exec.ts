// Runs one process with a time limit and an abort signal. The child gets its own process group so
// a timeout or Ctrl-C also ends what it started (bash → python3). Only the tail of the combined
// output is kept: failure reasons show the last lines, and memory stays flat for long builds.
import { spawn } from 'node:child_process'

export interface ExecOptions {
  env?: NodeJS.ProcessEnv
  cwd?: string
  signal?: AbortSignal
  timeoutMs?: number
  /** Keep stdout whole (for listings); otherwise only the combined tail is kept. */
  stdout?: boolean
  tailBytes?: number
}

export interface ExecResult {
  /** Exit code, or null when the process could not start or was killed. */
  code: number | null
  stdout: string
  /** The last `tailBytes` of stdout and stderr interleaved. */
  output: string
  timedOut: boolean
  aborted: boolean
  /** Why the process did not start (ENOENT …). */
  startError?: string
}

export const ok = (r: ExecResult): boolean => r.code === 0

export function exec(bin: string, args: string[], options: ExecOptions = {}): Promise<ExecResult> {
  const tailBytes = options.tailBytes ?? 64 * 1024
  return new Promise((resolve) => {
    const result: ExecResult = { code: null, stdout: '', output: '', timedOut: false, aborted: false }
    if (options.signal?.aborted) {
      result.aborted = true
      resolve(result)
      return
    }
    const child = spawn(bin, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    const stdout: Buffer[] = []
    let tail = ''
    const keep = (chunk: Buffer) => {
      tail += chunk.toString('utf8')
      if (tail.length > tailBytes * 2) tail = tail.slice(-tailBytes)
    }
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.stdout !== false) stdout.push(chunk)
      keep(chunk)
    })
    child.stderr.on('data', keep)

    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    const onAbort = () => {
      result.aborted = true
      kill()
    }
    options.signal?.addEventListener('abort', onAbort, { once: true })
    const timer = options.timeoutMs
      ? setTimeout(() => {
          result.timedOut = true
          kill()
        }, options.timeoutMs)
      : undefined

    child.on('error', (error) => {
      result.startError = error.message
    })
    child.on('close', (code) => {
      if (timer) clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      result.code = result.timedOut || result.aborted ? null : code
      result.stdout = Buffer.concat(stdout).toString('utf8')
      result.output = tail.length > tailBytes ? tail.slice(-tailBytes) : tail
      resolve(result)
    })
  })
}

const HEX_ID = /\b(?:sha256:)?[0-9a-f]{12,64}\b/g

/**
 * The last `n` non-empty lines, with engine ids (containers, layers) masked so a failure reason
 * reads the same on every run.
 */
export function lastLines(text: string, n: number): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''))
    .filter((l) => l !== '')
  return lines
    .slice(-n)
    .map((l) => l.replace(HEX_ID, '<id>'))
    .join('\n')
}

/** What went wrong with a process, in a few words, for a failure reason. */
export function describeExit(r: ExecResult, timeoutSec?: number): string {
  if (r.startError) return `could not start: ${r.startError}`
  if (r.timedOut) return `timed out after ${timeoutSec ?? '?'} s`
  if (r.aborted) return 'aborted'
  return `exit ${r.code}`
}
