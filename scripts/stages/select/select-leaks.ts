// selection.exclude_leaks: which records give their answer away in the scenario texts every
// instruction.md carries (the description and the task prompt), by generate's own rules
// (tasks.leak_check, scripts/verifier/leaks.ts). Without it select can pick a scenario that
// generate's leak check then fails, and one such scenario fails the whole generate stage.
//
// At least as strict as generate for those texts, whatever the selection:
// - the baseline is the n-grams shared with the other scenarios of the same project; generate's
//   is every scenario of every selected project, a superset, so what generate counts as shared
//   phrasing select counts too, or less;
// - no common terms: generate's come from the selected ground truths, which select has not
//   picked yet, and without them every content word counts as specific.
// The description and the prompt are matched as two texts, as instruction.md has them (under two
// headings). Generate's check stays the safety net for the instruction's other parts (title,
// expected approach and evaluation criteria when a config turns them on).
//
// Memory and time: records are read back whole one project at a time (by the offsets of the first
// pass, synchronously), only one project's texts and n-grams are held at once, and each record's
// n-grams are computed once for the baseline, the shared set and the check. A project whose lines
// have not changed since the last run reuses that run's verdicts (leak-cache.ts): it is keyed by
// the line hashes the first pass took (readScoringRows' hashLines), so its lines are not read again.
// The projects left to check are shared out between worker threads, one per core (leak-worker.ts):
// a cold check of 1,000 projects is most of a cold select.
import { hash } from 'node:crypto'
import { closeSync, fstatSync, openSync, type Stats } from 'node:fs'
import { availableParallelism } from 'node:os'
import type { Worker } from 'node:worker_threads'
import { leakRules, type Leak, type LeakCheckConfig, type LeakRules } from '../../verifier/leaks.ts'
import { LeakCache, type ProjectVerdicts } from './leak-cache.ts'
import { checkProject } from './leak-check.ts'
import { DatasetError, LineReader, type RecordRef } from '../../contracts/dataset.ts'
import { releaseMemory } from '../../lib/release-memory.ts'
import { startTsWorker } from '../../lib/ts-worker.ts'
import type { ScoringRow } from './select-read.ts'

/** A worker is started for at least this many projects to check (~4 ms each at full scale): for
 *  fewer, its start-up costs more than it saves. */
const MIN_PROJECTS_PER_THREAD = 32

/** The n-grams of one project live for milliseconds: a small young generation keeps a worker lean. */
const WORKER_YOUNG_GENERATION_MB = 8

export interface LeakScanOptions {
  signal?: AbortSignal
  /** Records checked so far, of all. */
  progress?: (done: number, total: number) => void
  /** Where the verdicts are kept between runs, per project (leak-cache.ts); none: check all. */
  cacheDir?: string
  /** Check every project, reusing no kept verdict (they are still stored for the next run). */
  recheck?: boolean
  /** The dataset's stat when its rows (and their line hashes) were read. */
  datasetStat?: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>
  /** Worker threads that check the projects while the main thread waits (default: one per core;
   *  0: the main thread checks them). */
  workers?: number
  log?: (message: string) => void
}

export interface LeakScan {
  /** Every record whose description or prompt leaks its ground truth, with the leaks found. */
  leaky: Map<string, Leak[]>
  /** Projects checked this run, and projects whose verdicts came from the cache. */
  checked: number
  reused: number
  /** Worker threads started for the check (0: the main thread checked alone). */
  threads: number
}

export interface LeakWorkerInput {
  dataset: string
  rules: LeakRules
  /** Each project's rows, sorted by offset. */
  projects: RecordRef[][]
}

type FileStat = Pick<Stats, 'size' | 'mtimeMs' | 'ino'>

/** `opened` comes first, before any verdict: what the worker's verdicts were read from.
 *  `stopped`: why the worker could not start its share (it says so itself: under load its 'exit'
 *  event can come before its 'error' event, while its messages always come first). */
export type LeakWorkerMessage =
  | { opened: FileStat }
  | { index: number; verdicts: ProjectVerdicts }
  | { index: number; error: string; dataset: boolean }
  | { stopped: string }
  | { done: true }

interface Todo {
  project: string
  key: string
  rows: ScoringRow[]
}

/** Every record whose description or prompt leaks its ground truth, with the leaks found. A
 *  project whose lines are unchanged since a run that kept its verdicts in `cacheDir` reuses them.
 *  The projects left to check are split into consecutive shares, one per worker; problems are
 *  reported in share order, so the error a run stops on is the one a check on one thread would
 *  have met first. */
export async function findLeakyRecords(dataset: string, rows: readonly ScoringRow[], check: LeakCheckConfig, options: LeakScanOptions = {}): Promise<LeakScan> {
  const rules = leakRules(check)
  const cache = new LeakCache(options.cacheDir, rules, !options.recheck)
  const byProject = new Map<string, ScoringRow[]>()
  for (const row of rows) {
    const group = byProject.get(row.project_id)
    if (group) group.push(row)
    else byProject.set(row.project_id, [row])
  }
  const leaky = new Map<string, Leak[]>()
  let done = 0
  const count = (records: number) => {
    done += records
    options.progress?.(done, rows.length)
  }
  const reader = new LineReader()
  const fd = openSync(dataset, 'r')
  // Workers open the file by its name: their verdicts count only if they found this very file.
  const opened = fstatSync(fd)
  const workers: Worker[] = []
  // The event loop gets a turn now and then, for progress, cancellation and the workers' news.
  const turn = async (n: number) => {
    if (n % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
    options.signal?.throwIfAborted()
  }
  try {
    const todo: Todo[] = []
    for (const [n, [project, group]] of [...byProject].entries()) {
      await turn(n)
      group.sort((a, b) => a.offset - b.offset) // one forward read through the project's lines
      // Rows read without hashLines: the lines are read here to learn their hashes.
      const unhashed = group.some((row) => row.sha256 === undefined) ? reader.read(fd, group) : undefined
      const key = LeakCache.key(group.map((row, i) => ({ id: row.id, length: row.length, sha256: row.sha256 ?? hash('sha256', unhashed![i]) })))
      const verdicts = cache.reuse(project, key)
      if (!verdicts) todo.push({ project, key, rows: group })
      else {
        for (const [id, leaks] of verdicts) leaky.set(id, leaks)
        count(group.length)
      }
    }
    // Workers with a small young generation check with less memory than the main thread would
    // (its heap grows by ~40 MB when the n-grams churn through it): with workers, it only waits.
    const wanted = Number.isFinite(options.workers) ? Math.floor(options.workers!) : availableParallelism()
    const threads = Math.max(0, Math.min(wanted, Math.floor(todo.length / MIN_PROJECTS_PER_THREAD)))
    const shares = Array.from({ length: threads }, (_, k) => todo.slice(Math.floor((k * todo.length) / threads), Math.floor(((k + 1) * todo.length) / threads)))
    const delivered = shares.map((share) => {
      const result = shareResult(share.length)
      workers.push(startShare(dataset, rules, share, result, opened, count))
      return result
    })
    // From here this thread only waits: what reading the rows left in its heap (a grown young
    // generation and garbage, ~40 MB at full scale) is given back while the workers start up,
    // before the process would otherwise peak.
    if (threads > 0) releaseMemory()
    const take = (item: Todo, verdicts: ProjectVerdicts) => {
      cache.store(item.project, item.key, verdicts)
      for (const [id, leaks] of verdicts) leaky.set(id, leaks)
    }
    const checkHere = async (items: readonly Todo[]) => {
      for (const [n, item] of items.entries()) {
        await turn(n)
        take(item, checkProject(fd, dataset, item.rows, rules, reader))
        count(item.rows.length)
      }
    }
    if (threads === 0) await checkHere(todo)
    for (const [k, result] of delivered.entries()) {
      const share = shares[k]
      options.signal?.throwIfAborted()
      await Promise.race([result.finished, aborted(options.signal)])
      // A worker that found another file under the name (replaced since this thread opened it)
      // read nothing that counts: its share is checked here, from this thread's file, as a check
      // on one thread would have done.
      if (!result.sameFile) {
        if (result.sameFile === false) options.log?.(`a leak check worker opened another file than ${dataset} (replaced during the check); the main thread checks its share`)
        else if (result.stopped) options.log?.(`a leak check worker stopped early (${result.stopped}); the main thread checks its share`)
        await checkHere(share)
        continue
      }
      const left: Todo[] = []
      for (const [i, item] of share.entries()) {
        const verdicts = result.verdicts[i]
        if (verdicts) take(item, verdicts)
        else if (result.error?.index === i) throw result.error.dataset ? new DatasetError(result.error.message) : new Error(result.error.message)
        else left.push(item)
      }
      // A worker that died only costs speed: its unfinished projects are checked here.
      if (left.length > 0) options.log?.(`a leak check worker stopped early (${result.stopped ?? 'no reason given'}); the main thread checks what it left`)
      await checkHere(left)
    }
    // Verdicts parsed now are stored under hashes the first pass took: the file must not have
    // moved in between (judged as the engine judges an input: size, mtime, inode).
    if (!sameFile(fstatSync(fd), options.datasetStat ?? opened)) throw new DatasetError(`${dataset}: changed while select was reading it`)
    cache.save()
    return { leaky, checked: todo.length, reused: byProject.size - todo.length, threads }
  } finally {
    closeSync(fd)
    await Promise.all(workers.map((w) => w.terminate()))
  }
}

const sameFile = (a: FileStat, b: FileStat): boolean => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino

interface ShareResult {
  /** Whether the file the worker opened, before it read anything, is this thread's (unset: it
   *  opened none). */
  sameFile?: boolean
  verdicts: (ProjectVerdicts | undefined)[]
  error?: { index: number; message: string; dataset: boolean }
  /** Why the worker ended before reporting done, if it did. */
  stopped?: string
  done?: boolean
  finished: Promise<void>
  finish(): void
}

function shareResult(length: number): ShareResult {
  const { promise, resolve } = Promise.withResolvers<void>()
  return { verdicts: new Array(length), finished: promise, finish: resolve }
}

function startShare(dataset: string, rules: LeakRules, share: Todo[], result: ShareResult, opened: FileStat, count: (records: number) => void): Worker {
  const input: LeakWorkerInput = { dataset, rules, projects: share.map((item) => item.rows.map(({ id, line, offset, length }) => ({ id, line, offset, length }))) }
  const worker = startTsWorker(new URL('./leak-worker.ts', import.meta.url), input, { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB })
  // The first reason stands: the events that follow it (the 'exit' after an 'error') say less.
  const stop = (why?: string) => {
    if (why && !result.done && !result.error) result.stopped ??= why
    result.finish()
  }
  worker.on('message', (message: LeakWorkerMessage) => {
    if ('done' in message) {
      result.done = true
      return stop()
    }
    if ('stopped' in message) stop(message.stopped)
    else if ('opened' in message) result.sameFile = sameFile(message.opened, opened)
    else if ('error' in message) result.error = { index: message.index, message: message.error, dataset: message.dataset }
    else {
      result.verdicts[message.index] = message.verdicts
      if (result.sameFile) count(share[message.index].rows.length)
    }
  })
  worker.on('error', (error) => stop(error.message))
  worker.on('exit', (code) => stop(code === 0 ? 'it exited' : `exit code ${code}`))
  return worker
}

const aborted = (signal: AbortSignal | undefined): Promise<never> =>
  new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }))
