// Runs one process for the harbor target: its whole output goes to a log file (a Harbor run with an
// image build prints a lot, and the file is what a user reads after a failure), the last lines are
// kept for the failure reason. The child gets its own process group, so a timeout or Ctrl-C also
// ends what it started (harbor → docker compose).
import { spawn } from 'node:child_process'
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'

export interface ProcessResult {
  /** Exit code, or null when it could not start, timed out or was aborted. */
  code: number | null
  timedOut: boolean
  aborted: boolean
  startError?: string
  /** The last lines of stdout and stderr interleaved. */
  tail: string
  stdout: string
}

export interface ProcessOptions {
  cwd?: string
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
  signal?: AbortSignal
  /** Append the whole output here. */
  logFile?: string
  /** Keep stdout (small outputs such as `--version`). */
  keepStdout?: boolean
}

const TAIL_CHARS = 8 * 1024

export function runProcess(argv: string[], options: ProcessOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const result: ProcessResult = { code: null, timedOut: false, aborted: false, tail: '', stdout: '' }
    if (options.signal?.aborted) {
      result.aborted = true
      resolve(result)
      return
    }
    let log: number | undefined
    if (options.logFile) {
      mkdirSync(dirname(options.logFile), { recursive: true })
      log = openSync(options.logFile, 'a')
      writeSync(log, `$ ${argv.join(' ')}\n`)
    }
    const child = spawn(argv[0], argv.slice(1), { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let tail = ''
    const stdout: Buffer[] = []
    const take = (chunk: Buffer) => {
      if (log !== undefined) writeSync(log, chunk)
      tail += chunk.toString('utf8')
      if (tail.length > TAIL_CHARS * 2) tail = tail.slice(-TAIL_CHARS)
    }
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.keepStdout) stdout.push(chunk)
      take(chunk)
    })
    child.stderr.on('data', take)
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
      result.code = result.timedOut || result.aborted || result.startError ? null : code
      result.tail = tail.length > TAIL_CHARS ? tail.slice(-TAIL_CHARS) : tail
      result.stdout = Buffer.concat(stdout).toString('utf8')
      if (log !== undefined) {
        const end = result.startError ? `could not start: ${result.startError}` : result.timedOut ? 'timed out' : result.aborted ? 'aborted' : `exit ${code}`
        writeSync(log, `\n[${end}]\n`)
        closeSync(log)
      }
      resolve(result)
    })
  })
}

/** The last `n` non-empty lines of a process's output. */
export function lastLines(text: string, n: number): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd())
    .filter(Boolean)
    .slice(-n)
    .join('\n')
}

/** What went wrong with a process, in a few words. */
export function describeEnd(r: ProcessResult, timeoutSec?: number): string {
  if (r.startError) return `could not start: ${r.startError}`
  if (r.timedOut) return `timed out after ${timeoutSec ?? '?'} s`
  if (r.aborted) return 'aborted'
  return `exit ${r.code}`
}
