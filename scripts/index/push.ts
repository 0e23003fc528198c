// The `push` target: each project repository's commit to refs/heads/main of its remote (from the
// index.remote template), with real `git push`. planPush is pure, so `--dry-run` can print exactly
// what a push would do; push with dryRun prints that plan and starts nothing.
import { existsSync } from 'node:fs'
import { isAbsolute, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { INDEX_IDENTITY } from './git-objects.ts'
import { hermeticGitEnv, pushGitEnv, runGit } from './git-run.ts'
import { IndexError } from './index-errors.ts'
import { MAIN_REF, readRepoCommit } from './project-repo.ts'
import { PROJECTS_FILE, readProjectsToIndex, type ProjectToIndex } from '../contracts/projects-to-index.ts'
import { remoteUrl, type IndexConfig } from './projects-file.ts'

export interface PushStep {
  project_id: string
  repo: string
  /** The local bare repository (absolute). */
  source: string
  commit: string
  /** The URL from the remote template. */
  remote: string
  ref: typeof MAIN_REF
}

export interface PushOutcome {
  project_id: string
  remote: string
  commit: string
  status: 'pushed' | 'up-to-date' | 'would-push' | 'failed'
  detail: string
}

/** What would be pushed where: one step per entry, in entry order. Pure (reads nothing). */
export function planPush(entries: readonly ProjectToIndex[], remoteTemplate: string, options: { indexDir: string; org: string }): PushStep[] {
  const seen = new Map<string, string>()
  return entries.map((entry) => {
    const remote = remoteUrl({ org: options.org, remote: remoteTemplate }, entry)
    const other = seen.get(remote)
    if (other) throw new IndexError(`invalid config: index.remote: projects ${other} and ${entry.project_id} would both push to ${remote}`, 2)
    seen.set(remote, entry.project_id)
    return { project_id: entry.project_id, repo: entry.repo, source: resolve(options.indexDir, entry.repo_dir), commit: entry.commit, remote, ref: MAIN_REF }
  })
}

export const describeStep = (step: PushStep): string => `${step.project_id}: ${step.commit.slice(0, 12)} → ${step.remote} ${step.ref}`

export interface PushOptions {
  /** Print the plan; start no process and write nothing. */
  dryRun?: boolean
  log?(message: string): void
  /** Replace a remote main that is not an ancestor (every changed project, since commits are parentless). */
  force?: boolean
  /** Create a missing file:// (or absolute path) remote as a bare repository first. */
  createLocalRemotes?: boolean
  concurrency?: number
  signal?: AbortSignal
}

/** Thrown after every step was tried, when some failed; `outcomes` has all of them. */
export class PushFailedError extends IndexError {
  readonly outcomes: PushOutcome[]
  constructor(outcomes: PushOutcome[]) {
    const failed = outcomes.filter((o) => o.status === 'failed')
    super(`${failed.length} of ${outcomes.length} push(es) failed:\n${failed.map((o) => `  ${o.project_id} → ${o.remote}: ${o.detail}`).join('\n')}`)
    this.outcomes = outcomes
  }
}

export async function push(plan: readonly PushStep[], options: PushOptions = {}): Promise<PushOutcome[]> {
  const log = options.log ?? (() => {})
  // The local side is checked before anything is sent: pushing a stale or missing repository would publish the wrong code.
  for (const step of plan) {
    const local = readRepoCommit(step.source)
    if (local !== step.commit) {
      throw new IndexError(`${step.source}: ${local ? `${MAIN_REF} is ${local}` : 'no repository (or no main branch)'}, but projects_to_index.json says ${step.commit} for ${step.project_id}; run the index stage first`)
    }
  }
  if (options.dryRun) {
    log(`dry run: ${plan.length} repositor${plan.length === 1 ? 'y' : 'ies'} would be pushed${options.force ? ' (forced)' : ''}`)
    for (const step of plan) log(`  would push ${describeStep(step)}`)
    return plan.map((step) => ({ project_id: step.project_id, remote: step.remote, commit: step.commit, status: 'would-push', detail: 'dry run' }))
  }
  const outcomes: PushOutcome[] = new Array(plan.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < plan.length) {
      const at = next++
      options.signal?.throwIfAborted()
      outcomes[at] = await pushOne(plan[at], options)
      log(`${outcomes[at].status} ${describeStep(plan[at])}${outcomes[at].status === 'failed' ? `: ${outcomes[at].detail}` : ''}`)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 4, plan.length)) }, worker))
  if (outcomes.some((o) => o.status === 'failed')) throw new PushFailedError(outcomes)
  return outcomes
}

/** The directory of a local remote (file:// URL or absolute path), else undefined. */
export function localRemotePath(remote: string): string | undefined {
  if (remote.startsWith('file://')) return fileURLToPath(remote)
  return isAbsolute(remote) ? remote : undefined
}

async function pushOne(step: PushStep, options: PushOptions): Promise<PushOutcome> {
  const base = { project_id: step.project_id, remote: step.remote, commit: step.commit }
  try {
    const local = localRemotePath(step.remote)
    if (local !== undefined && !existsSync(join(local, 'HEAD')) && options.createLocalRemotes) {
      await runGit({ args: ['init', '--bare', '--quiet', '--template=', '--object-format=sha1', '--initial-branch=main', local], env: hermeticGitEnv(INDEX_IDENTITY), what: `creating remote ${local}`, signal: options.signal })
    }
    // The advice hints talk of pulling and merging, which never applies to snapshot commits.
    const args = [`--git-dir=${step.source}`, '-c', 'advice.pushUpdateRejected=false', 'push', '--porcelain', ...(options.force ? ['--force'] : []), step.remote, `${step.commit}:${step.ref}`]
    const { stdout } = await runGit({ args, env: pushGitEnv(), what: `pushing ${step.project_id}`, signal: options.signal })
    // --porcelain: one line per ref, "<flag>\t<from>:<to>\t<summary>"; '=' means the remote had it already.
    const line = stdout.split('\n').find((l) => l.includes(`:${step.ref}\t`)) ?? ''
    return { ...base, status: line.startsWith('=') ? 'up-to-date' : 'pushed', detail: line.split('\t')[2] ?? '' }
  } catch (error) {
    if (options.signal?.aborted) throw error
    let detail = (error as Error).message
    if (/non-fast-forward|\[rejected\]|fetch first/.test(detail) && !options.force) detail += ' (the remote main holds another snapshot; set index.force_push to replace it)'
    return { ...base, status: 'failed', detail }
  }
}

/**
 * The push target in one call: reads <indexDir>/projects_to_index.json, plans with index.remote
 * and pushes with the section's force, local-remote and concurrency settings.
 */
export async function pushIndex(options: { indexDir: string; config: IndexConfig; dryRun?: boolean; log?(message: string): void; signal?: AbortSignal }): Promise<PushOutcome[]> {
  const entries = readProjectsToIndex(join(options.indexDir, PROJECTS_FILE))
  const plan = planPush(entries, options.config.remote, { indexDir: options.indexDir, org: options.config.org })
  return push(plan, {
    dryRun: options.dryRun,
    log: options.log,
    force: options.config.force_push,
    createLocalRemotes: options.config.create_local_remotes,
    concurrency: options.config.push_concurrency,
    signal: options.signal,
  })
}
