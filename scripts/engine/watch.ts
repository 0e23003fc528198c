// --watch: run, then wait; when a file a stage declares as an input (or a recipe file, or a file
// the settings name in `watch`) changes, ask the settings hook again, and run the targets once
// more (only stale stages do any work). Changes are debounced, and a change made while a round
// runs starts another round right after it. Ctrl-C while waiting exits 0; Ctrl-C during a round
// aborts it the way a plain run is aborted (the running stage's record is already gone, so it
// stays stale) and exits 130; a second Ctrl-C exits at once.
//
// Node's fs.watch(dir, { recursive: true }) covers whole trees on Linux (Node 20+ watches each
// directory and follows new ones). Files are watched through their parent directory, because
// editors and atomic writers replace a file by renaming another over it.
import { watch as fsWatch, existsSync, statSync, type FSWatcher } from 'node:fs'
import { dirname, join, matchesGlob, relative, sep } from 'node:path'
import { IGNORED, isGlob } from './files.ts'
import { recipeFiles } from './plan.ts'
import { readRecord } from './record.ts'
import { closure, runAll, storeFor, type EngineOptions } from './run-all.ts'
import { collectSummary, printSummary, type RunSummaryReport, type SummaryOutput } from './run-summary.ts'
import type { Stage } from './types.ts'
import { jsonView, listrView, type View } from './view.ts'

export interface WatchSetup {
  options: EngineOptions
  /** Extra files from the settings (a config file). */
  watch: string[]
}

/** `watch` events (with --json, one line each): when rounds start and when the loop waits. */
export type WatchEvent =
  | { type: 'watch'; state: 'waiting'; paths: number; folders: number }
  | { type: 'watch'; state: 'change'; count: number; first: string[] }
  | { type: 'watch'; state: 'stopped'; exitCode: number }
  | { type: 'watch'; state: 'error'; message: string }

/** A path pattern the loop reacts to, and the folder to watch for it. */
interface Target {
  matches(path: string): boolean
  dir: string
  recursive: boolean
}

const under = (path: string, dir: string) => path === dir || path.startsWith(dir.endsWith(sep) ? dir : `${dir}${sep}`)

/** The folder part of a glob before its first wildcard segment. */
function globRoot(glob: string): string {
  const parts = glob.split(sep)
  const at = parts.findIndex((p) => isGlob(p))
  return parts.slice(0, at).join(sep) || sep
}

/** The nearest existing folder at or above a path (a data dir may not exist yet). */
function existingDir(path: string): string {
  let dir = path
  while (!existsSync(dir) || !statSync(dir).isDirectory()) {
    const up = dirname(dir)
    if (up === dir) return dir
    dir = up
  }
  return dir
}

/** What to watch for a graph: every stage's inputs (declared and dynamic), recipe files, extras. */
export function watchTargets(stages: Stage[], outDir: string, extra: string[]): Target[] {
  // Files one stage writes and another reads change during a round; the round itself handles them.
  const outputs = stages.flatMap((s) => s.outputs.map((o) => o.path))
  const produced = (path: string) => outputs.some((o) => under(path, o))
  const targets: Target[] = []
  // A folder that does not exist yet (a data dir before its download) is waited for from its
  // nearest existing parent, watched flat: any folder appearing on the way starts a round, and
  // that round watches what exists then. Never a recursive watch over some unrelated parent.
  const watchFor = (root: string, recursive: boolean, matches: (path: string) => boolean) => {
    const dir = existingDir(root)
    if (dir === root) targets.push({ matches, dir, recursive })
    else targets.push({ matches: (p) => (p !== dir && under(root, p)) || matches(p), dir, recursive: false })
  }
  const add = (spec: string) => {
    if (produced(spec)) return
    if (isGlob(spec)) {
      const root = globRoot(spec)
      watchFor(root, true, (p) => matchesGlob(p, spec) || [...globParents(p, root)].some((d) => matchesGlob(d, spec)))
    } else if (existsSync(spec) && statSync(spec).isDirectory()) {
      watchFor(spec, true, (p) => under(p, spec))
    } else {
      // A file (or a path not there yet), through its folder: editors replace files by renaming.
      watchFor(dirname(spec), false, (p) => under(p, spec))
    }
  }
  const store = storeFor(outDir)
  for (const stage of stages) {
    for (const spec of [...stage.inputs, ...(readRecord(store, stage.name)?.extraInputs ?? [])]) add(spec)
    for (const file of recipeFiles(stage)) add(file)
  }
  for (const file of extra) add(file)
  return targets
}

/** A glob may match a directory whose files are inputs: the path's folders below the glob's root. */
function* globParents(path: string, root: string): Generator<string> {
  for (let dir = dirname(path); under(dir, root) && dir !== root; dir = dirname(dir)) yield dir
}

/** One fs.watch per folder: a recursive watch covers the folders below it. */
function folders(targets: Target[]): { dir: string; recursive: boolean }[] {
  const recursive = [...new Set(targets.filter((t) => t.recursive).map((t) => t.dir))].sort()
  const roots = recursive.filter((d) => !recursive.some((o) => o !== d && under(d, o)))
  const flat = [...new Set(targets.filter((t) => !t.recursive).map((t) => t.dir))].filter((d) => !roots.some((r) => under(d, r)))
  return [...roots.map((dir) => ({ dir, recursive: true })), ...flat.map((dir) => ({ dir, recursive: false }))]
}

class Watchers {
  #open = new Map<string, FSWatcher>()
  #targets: Target[] = []
  onChange: (path: string) => void = () => {}
  onError: (message: string) => void = () => {}

  /** Installs the folders' watchers, keeping those already open; returns the counts shown. */
  update(targets: Target[]): { paths: number; folders: number } {
    this.#targets = targets
    const wanted = new Map(folders(targets).map((f) => [`${f.recursive ? 'r' : 'f'}:${f.dir}`, f]))
    for (const [key, watcher] of this.#open) if (!wanted.has(key)) watcher.close(), this.#open.delete(key)
    for (const [key, { dir, recursive }] of wanted) {
      if (this.#open.has(key)) continue
      try {
        const watcher = fsWatch(dir, { recursive }, (_event, name) => {
          // Without a name (an overflow) the whole folder may have changed.
          const path = name ? join(dir, name.toString()) : dir
          if (path.split(sep).some((part) => IGNORED.has(part))) return
          if (!name || this.#targets.some((t) => t.matches(path))) this.onChange(path)
        })
        watcher.on('error', (error) => {
          // A watched folder removed: drop it; the next round installs what exists then.
          watcher.close()
          this.#open.delete(key)
          this.onError(`${dir}: ${error.message}`)
          this.onChange(dir)
        })
        this.#open.set(key, watcher)
      } catch (error) {
        this.onError(`cannot watch ${dir}: ${(error as Error).message}`)
      }
    }
    return { paths: targets.length, folders: this.#open.size }
  }

  /** Whether a path still concerns the current targets. */
  relevant(path: string): boolean {
    return this.#targets.some((t) => t.matches(path))
  }

  close(): void {
    for (const watcher of this.#open.values()) watcher.close()
    this.#open.clear()
  }
}

export interface WatchOptions {
  /** Quiet time after the last change before a round starts. */
  debounceMs?: number
}

export async function watch(first: WatchSetup, rebuild: () => WatchSetup, output: SummaryOutput, { debounceMs = 300 }: WatchOptions = {}): Promise<number> {
  const say = (event: WatchEvent) => {
    if (output.json) return void process.stdout.write(`${JSON.stringify(event)}\n`)
    if (event.state === 'waiting') process.stderr.write(`watching ${event.paths} input and recipe paths in ${event.folders} folder(s); Ctrl-C stops\n`)
    else if (event.state === 'change') process.stderr.write(`changed: ${event.first.join(', ')}${event.count > event.first.length ? ` (+${event.count - event.first.length} more)` : ''}\n`)
    else if (event.state === 'error') process.stderr.write(`watch: ${event.message}\n`)
  }
  const watchers = new Watchers()
  const changes = new Set<string>()
  let timer: NodeJS.Timeout | undefined
  let ready = false
  let wake: (() => void) | undefined
  watchers.onChange = (path) => {
    changes.add(path)
    clearTimeout(timer)
    timer = setTimeout(() => {
      ready = true
      wake?.()
    }, debounceMs)
  }
  watchers.onError = (message) => say({ type: 'watch', state: 'error', message })

  let running: AbortController | undefined
  let stopping = false
  let interrupts = 0
  const onSignal = (signal: NodeJS.Signals) => {
    if (++interrupts > 1) process.exit(130)
    stopping = true
    if (running) {
      if (!output.json) process.stderr.write(`${signal}: stopping; nothing half-done will be kept\n`)
      running.abort(new Error(`interrupted by ${signal}`))
    } else wake?.()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)

  let setup = first
  let code = 0
  let counts = { paths: 0, folders: 0 }
  let again = true
  try {
    for (;;) {
      const { options } = setup
      if (again) {
        const stages = closure(options.stages, options.targets)
        counts = watchers.update(watchTargets(stages, options.outDir, setup.watch))
        running = new AbortController()
        try {
          await round(options, stages, output, running.signal)
        } catch (error) {
          // The out dir locked by another run, say: report it and wait for the next change.
          say({ type: 'watch', state: 'error', message: (error as Error).message })
        }
        const interrupted = running.signal.aborted
        running = undefined
        if (interrupted || stopping) {
          code = interrupted ? 130 : 0
          break
        }
        // The round may have made folders that were only waited for (the out dir on a first
        // run): watch them now, and forget events that only said they appeared.
        counts = watchers.update(watchTargets(stages, options.outDir, setup.watch))
        for (const path of changes) if (!watchers.relevant(path)) changes.delete(path)
        if (changes.size === 0) {
          clearTimeout(timer)
          ready = false
        }
      }
      say({ type: 'watch', state: 'waiting', ...counts })
      await new Promise<void>((resolve) => {
        wake = resolve
        if (ready || stopping) resolve()
      })
      wake = undefined
      ready = false
      if (stopping) break
      const changed = [...changes].map((p) => relative(options.root, p)).sort()
      changes.clear()
      say({ type: 'watch', state: 'change', count: changed.length, first: changed.slice(0, 5) })
      try {
        setup = rebuild()
        again = true
      } catch (error) {
        // A config being edited may be invalid for a moment: run nothing, wait for the next change.
        say({ type: 'watch', state: 'error', message: (error as Error).message })
        again = false
      }
    }
  } finally {
    clearTimeout(timer)
    watchers.close()
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
  say({ type: 'watch', state: 'stopped', exitCode: code })
  return code
}

async function round(options: EngineOptions, stages: Stage[], output: SummaryOutput, signal: AbortSignal): Promise<RunSummaryReport> {
  const view: View = output.json ? jsonView() : listrView(stages.map((s) => ({ name: s.name, title: s.title })))
  const digest = collectSummary(stages, options.outDir, options.targets)
  try {
    await runAll({ ...options, emit: (e) => (digest.add(e), view.emit(e)), signal })
  } finally {
    await view.close()
  }
  const report = digest.finish(signal.aborted)
  printSummary(report, output)
  return report
}
