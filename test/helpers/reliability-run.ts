// Real runs of the Taskfile for the reliability suite: `node Taskfile.ts … --json` as a child
// process, its event stream read line by line as it comes, and the processes it left behind found
// by a tag in their environment (every descendant inherits it, even after the run is gone).
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describeReason, type EngineEvent, type StagePlan } from '../../scripts/engine/types.ts'

export const ROOT = join(import.meta.dirname, '..', '..')
export const TASKFILE = join(ROOT, 'Taskfile.ts')
const TAG_VAR = 'LOCOBENCH_RELIABILITY_TAG'

export interface Place {
  data: string
  out: string
  config: string
  /** TMPDIR of the run: the temp dirs stages make (and a killed run leaves) land here. */
  tmp: string
}

export interface TimedEvent {
  /** ms since the spawn. */
  at: number
  event: EngineEvent
}

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  events: TimedEvent[]
  ms: number
}

export interface LiveRun {
  child: ChildProcess
  pid: number
  /** Marks every process this run starts (see taggedProcesses). */
  tag: string
  events: TimedEvent[]
  /** Called for each event as it arrives. */
  onEvent(listener: (e: TimedEvent) => void): void
  /** The first event (already seen or to come) that matches; undefined if the run ends first. */
  waitFor(match: (e: EngineEvent) => boolean): Promise<TimedEvent | undefined>
  exited: Promise<Exit>
}

export function runArgs(place: Place, targets: string[], extra: string[] = []): string[] {
  return [TASKFILE, ...targets, '--json', '--data', place.data, '--out', place.out, '--config', place.config, ...extra]
}

function runEnv(place: Place, tag: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    ...process.env,
    // Taskfile.ts keeps its compile cache under the temp dir: point it at the usual one.
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? join(tmpdir(), 'node-compile-cache'),
    TMPDIR: place.tmp,
    FORCE_COLOR: '0',
    CI: '1',
    [TAG_VAR]: tag,
  }
  // The config decides the engine in these runs; an inherited CONTAINER_ENGINE would override it.
  delete base.CONTAINER_ENGINE
  delete base.DOCKER_HOST
  return { ...base, ...env }
}

/** Starts `node Taskfile.ts <targets> --json …`; nothing is awaited. */
export function startRun(place: Place, targets: string[], options: { extra?: string[]; env?: NodeJS.ProcessEnv } = {}): LiveRun {
  const tag = randomBytes(6).toString('hex')
  const started = performance.now()
  const child = spawn(process.execPath, runArgs(place, targets, options.extra), { cwd: ROOT, env: runEnv(place, tag, options.env), stdio: ['ignore', 'pipe', 'pipe'] })
  const events: TimedEvent[] = []
  const listeners: ((e: TimedEvent) => void)[] = []
  let stdout = ''
  let stderr = ''
  let pending = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    pending += chunk
    let nl: number
    while ((nl = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, nl)
      pending = pending.slice(nl + 1)
      if (!line.trim()) continue
      let event: EngineEvent
      try {
        event = JSON.parse(line) as EngineEvent
      } catch {
        continue // not an event (a stage printing on stdout would show in the assertion output)
      }
      const timed = { at: performance.now() - started, event }
      events.push(timed)
      for (const listener of [...listeners]) listener(timed)
    }
  })
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<Exit>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr, events, ms: performance.now() - started }))
  })
  const onEvent = (listener: (e: TimedEvent) => void) => listeners.push(listener)
  const waitFor = (match: (e: EngineEvent) => boolean) =>
    new Promise<TimedEvent | undefined>((resolve) => {
      const seen = events.find((e) => match(e.event))
      if (seen) return resolve(seen)
      const listener = (e: TimedEvent) => {
        if (!match(e.event)) return
        listeners.splice(listeners.indexOf(listener), 1)
        resolve(e)
      }
      listeners.push(listener)
      void exited.then(() => resolve(undefined))
    })
  return { child, pid: child.pid!, tag, events, onEvent, waitFor, exited }
}

/** Runs to the end. */
export function run(place: Place, targets: string[], options: { extra?: string[]; env?: NodeJS.ProcessEnv } = {}): Promise<Exit> {
  return startRun(place, targets, options).exited
}

/** `status --json`: the plan of every stage, changing nothing. */
export async function status(place: Place): Promise<StagePlan[]> {
  const exit = await run(place, ['status'])
  const plan = exit.events.find((e) => e.event.type === 'plan')?.event
  if (exit.code !== 0 || plan?.type !== 'plan') throw new Error(`status failed (exit ${exit.code}):\n${exit.stderr}${exit.stdout}`)
  return plan.plans
}

export const staleStages = (plans: StagePlan[]): string[] => plans.filter((p) => !p.fresh).map((p) => p.stage)

/** Stale stages with their reasons, for assertion messages. */
export const describeStale = (plans: StagePlan[]): string =>
  plans
    .filter((p) => !p.fresh)
    .map((p) => `${p.stage} (${p.reasons.map(describeReason).join(', ')})`)
    .join('; ')

/** A run's output for an assertion message: its exit, stderr and the events that are not progress. */
export function describeExit(exit: Exit): string {
  const events = exit.events.filter((e) => e.event.type !== 'progress').map((e) => `${Math.round(e.at)}ms ${JSON.stringify(e.event).slice(0, 400)}`)
  return `exit ${exit.code} signal ${exit.signal}\n--- stderr\n${exit.stderr.slice(-4000)}\n--- events\n${events.join('\n')}`
}

/**
 * The stages a run from an empty out dir left stale: every stage it did not finish (interrupted,
 * failed, skipped or never started), in the plan's order. Stages run side by side where the graph
 * allows, so which of them finished depends on timing; the engine must still call exactly these stale.
 */
export function unfinishedStages(exit: Exit, plans: StagePlan[]): string[] {
  const done = new Set(exit.events.flatMap((e) => (e.event.type === 'done' ? [e.event.stage] : [])))
  return plans.map((p) => p.stage).filter((stage) => !done.has(stage))
}

/** Stages in the order they started, with their start and done times. */
export function stageTimes(exit: Exit): Map<string, { start: number; end?: number }> {
  const times = new Map<string, { start: number; end?: number }>()
  for (const { at, event } of exit.events) {
    if (event.type === 'start') times.set(event.stage, { start: at })
    if ((event.type === 'done' || event.type === 'fail') && times.has(event.stage)) times.get(event.stage)!.end = at
  }
  return times
}

export interface TaggedProcess {
  pid: number
  command: string
}

/** Every live process carrying the run's tag in its environment (zombies have none and are left out). */
export function taggedProcesses(tag: string): TaggedProcess[] {
  const needle = `${TAG_VAR}=${tag}`
  const found: TaggedProcess[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'latin1')
      if (!environ.split('\0').includes(needle)) continue
      const command = readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').join(' ').trim()
      found.push({ pid: Number(name), command })
    } catch {
      // gone while we looked
    }
  }
  return found
}

/** Polls until `check` returns true or `ms` passed; returns the last answer. */
export async function eventually(check: () => boolean | Promise<boolean>, ms: number, every = 50): Promise<boolean> {
  const until = performance.now() + ms
  for (;;) {
    if (await check()) return true
    if (performance.now() > until) return false
    await sleep(every)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
