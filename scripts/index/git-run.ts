// Running real git. Two environments: a hermetic one for building repositories, where nothing of the
// user's setup may reach the objects (config files, templates, hooks, attributes, locale, time
// zone, GIT_* variables), and the user's own for pushing, which needs their credentials and SSH
// setup but still must not inherit a GIT_DIR or GIT_INDEX_FILE pointing somewhere else.
import { spawn } from 'node:child_process'
import { Readable } from 'node:stream'
import { IndexError } from './index-errors.ts'
import { INDEX_IDENTITY, type GitIdentity } from './git-objects.ts'

const iso = (time: number): string => `@${time} +0000`

/** The environment every building git command runs in: only PATH survives from the caller's. */
export function hermeticGitEnv(identity: GitIdentity = INDEX_IDENTITY): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    // No system, global or XDG config: core.autocrlf, init.templateDir, init.defaultObjectFormat,
    // commit.gpgSign, core.hooksPath and the like cannot apply.
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_ATTR_NOSYSTEM: '1',
    // HOME is where git would look for ~/.gitconfig if a git ignored GIT_CONFIG_GLOBAL; /nonexistent holds none.
    HOME: '/nonexistent',
    XDG_CONFIG_HOME: '/nonexistent',
    LC_ALL: 'C',
    LANG: 'C',
    TZ: 'UTC',
    GIT_TERMINAL_PROMPT: '0',
    GIT_AUTHOR_NAME: identity.name,
    GIT_AUTHOR_EMAIL: identity.email,
    GIT_AUTHOR_DATE: iso(identity.time),
    GIT_COMMITTER_NAME: identity.name,
    GIT_COMMITTER_EMAIL: identity.email,
    GIT_COMMITTER_DATE: iso(identity.time),
  }
}

// Variables that would redirect a git command to another repository, index or object store.
const REDIRECTS = /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|NAMESPACE|CEILING_DIRECTORIES|DISCOVERY_ACROSS_FILESYSTEM|QUARANTINE_PATH|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+)$/

/** The caller's environment for `git push` (credentials, SSH agent, proxies), minus anything that redirects git. */
export function pushGitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!REDIRECTS.test(key)) env[key] = value
  // A push must fail with a message, never wait for a password nobody will type.
  env.GIT_TERMINAL_PROMPT = '0'
  env.LC_ALL = 'C'
  return env
}

export interface GitRun {
  args: string[]
  env: NodeJS.ProcessEnv
  /** stdin: bytes, or chunks produced as git reads them (a throw in the producer fails the run). */
  input?: string | Uint8Array | Iterable<Uint8Array>
  cwd?: string
  /** What the command was for, named in errors (e.g. the project directory). */
  what: string
  signal?: AbortSignal
}

export interface GitOutput {
  stdout: string
  stderr: string
}

/** Runs git; a non-zero exit (or git missing) is an IndexError naming the command, the subject and git's message. */
export function runGit(run: GitRun): Promise<GitOutput> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', run.args, { env: run.env, cwd: run.cwd, stdio: ['pipe', 'pipe', 'pipe'], signal: run.signal })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'ENOENT' ? 'git is not installed (not found on PATH)' : error.message
      reject(new IndexError(`${run.what}: git ${run.args[0]}: ${why}`))
    })
    child.on('close', (code) => {
      if (producerError !== undefined) return reject(producerError)
      const stdout = Buffer.concat(out).toString('utf8')
      const stderr = Buffer.concat(err).toString('utf8')
      if (code === 0) resolvePromise({ stdout, stderr })
      else reject(new IndexError(`${run.what}: git ${run.args.filter((a) => !a.startsWith('--git-dir')).join(' ').slice(0, 200)} failed (exit ${code}): ${[stderr.trim(), stdout.trim()].filter(Boolean).join('\n') || 'no message'}`))
    })
    let producerError: unknown
    // EPIPE when git exits early is reported by 'close' with git's own message.
    child.stdin.on('error', () => {})
    const input = run.input ?? ''
    if (typeof input === 'string' || input instanceof Uint8Array) child.stdin.end(input)
    else {
      const source = Readable.from(input, { objectMode: false })
      source.on('error', (error) => {
        producerError = error
        child.kill()
      })
      source.pipe(child.stdin)
    }
  })
}
