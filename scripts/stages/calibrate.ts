// The `calibrate` stage: every generated task's own tests/verify.py scores the cheating answers
// built from only its instruction.md and project, and the correct variants of its oracle
// (scripts/verifier/calibration.ts); the margins of config `verifier.calibration` must hold. The
// tasks are the engine's items: a task is scored again exactly when its dir (its output_hash in
// tasks/manifest.json), the oracles it borrows, the margins or the calibration code change; the
// others keep their recorded scores. A task that breaks a margin is a failed item (the report is
// committed with it, the stage fails naming the task and the answer); a cheat whose median over
// the tasks breaks its margin fails the whole stage. calibrate/calibrate-stage.ts declares it.
// Peers are picked from the manifest (project_id) and a borrowed oracle enters the hash by its
// sha256, remembered per output_hash: a run that keeps every task reads no task dir.
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { codeHash } from '../engine/imports.ts'
import type { ItemsRunner } from '../engine/items.ts'
import { readTasksManifest } from '../contracts/tasks-manifest.ts'
import { ExitError } from '../lib/errors.ts'
import { canonicalJson, sha256 } from '../lib/hash.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { KINDS, type AnswerKind } from '../verifier/answers.ts'
import {
  CalibrationError, calibrateTask, calibrationReport, DEFAULT_MARGINS, pickPeers, readTask, taskProblems,
  type CalibrationReport, type Margins, type Peer, type TaskCalibration, type TaskDir,
} from '../verifier/calibration.ts'
import { writeCalibrationReport } from '../verifier/calibration-files.ts'

/** Bump when the facts recorded per task change shape: every task is then scored again. */
const FACTS_VERSION = 1
// The code a task's scores depend on: the answers, the scorer it is checked against, the margins.
const ROOT = join(import.meta.dirname, '..', '..')
const CALIBRATION_MODULE = join(ROOT, 'scripts', 'verifier', 'calibration.ts')

export interface CalibrateOptions {
  /** The generated tasks (holds manifest.json and one dir per task). */
  tasksDir: string
  /** The out dir: the report names the tasks dir relative to it. */
  outDir: string
  /** config `verifier.calibration`; missing keys take their defaults. */
  margins?: Partial<Margins>
  /** Where to write (staging paths from the engine). */
  outputs: { json: string; markdown: string; svg: string }
  items: ItemsRunner
  /** Seed of the shuffling attacks. */
  seed?: number
  python?: string
  signal?: AbortSignal
  /** Where the oracles' hashes are kept between runs (by output_hash); none: each is read. */
  cacheDir?: string
}

/** What the engine records per task: its result (without the margins it broke) and the time taken. */
interface TaskFacts {
  project_id: string
  scores: Partial<Record<AnswerKind, number>>
  borrowed: TaskCalibration['borrowed']
  seconds: number
}

/** A task whose scores break a margin: the message names the task, each answer and its score. */
export class CalibrationMarginError extends ExitError {}

export interface CalibrateResult {
  report: CalibrationReport
  built: number
  kept: number
  summaryLine: string
}

const round2 = (x: number) => Math.round(x * 100) / 100

export async function calibrate(options: CalibrateOptions): Promise<CalibrateResult> {
  const margins: Margins = { ...DEFAULT_MARGINS, ...options.margins }
  const manifest = readTasksManifest(options.tasksDir)
  const ids = Object.keys(manifest.tasks).sort()
  if (ids.length === 0) throw new CalibrationError(`${options.tasksDir}: no generated tasks to calibrate`)
  const tasks: Peer[] = ids.map((id) => ({ id, projectId: manifest.tasks[id].project_id }))
  const byId = new Map(tasks.map((t) => [t.id, t]))
  const code = codeHash(CALIBRATION_MODULE, ROOT)
  const oracles = new OracleHashes(options.cacheDir)
  const oracleHash = (task: Peer | undefined) => task && [task.id, oracles.of(options.tasksDir, task.id, manifest.tasks[task.id].output_hash)]
  const seed = options.seed ?? 1
  // Scores of tasks that broke a margin: a failed item keeps no facts, the report still shows them.
  const brokenScores = new Map<string, TaskFacts>()

  const run = await options.items<{ sameProject?: Peer; otherProject?: Peer }, TaskFacts>({
    keys: ids,
    unit: 'tasks',
    prepare: (id) => {
      const task = byId.get(id)!
      const peers = pickPeers(tasks, task)
      const hash = sha256(canonicalJson({
        v: FACTS_VERSION, code, margins, seed, python: options.python ?? 'python3',
        task: manifest.tasks[id].output_hash,
        // Borrowed oracles are answers too: a peer's new oracle (or another peer) rescores this task.
        other_question: oracleHash(peers.sameProject) ?? null,
        other_project: oracleHash(peers.otherProject) ?? null,
      }))
      return { hash, value: peers }
    },
    build: async (id, peers) => {
      const started = performance.now()
      const read = (peer: Peer | undefined): TaskDir | undefined => peer && readTask(options.tasksDir, peer.id)
      const task = readTask(options.tasksDir, id)
      const result = await calibrateTask(task, { sameProject: read(peers.sameProject), otherProject: read(peers.otherProject) }, { margins, seed, python: options.python, signal: options.signal })
      const facts: TaskFacts = { project_id: result.project_id, scores: result.scores, borrowed: result.borrowed, seconds: round2((performance.now() - started) / 1000) }
      if (result.broken.length) {
        brokenScores.set(id, facts)
        throw new CalibrationMarginError(`${id}: ${result.broken.map((b) => b.message.replace(`${id}: `, '')).join('; ')}`)
      }
      return facts
    },
    // No python3 fails every task the same way: say it once.
    fatal: (error) => (error as NodeJS.ErrnoException).code === 'ENOENT',
  })

  oracles.save()

  const results: TaskCalibration[] = []
  let seconds = 0
  for (const id of ids) {
    const facts = run.facts.get(id) ?? brokenScores.get(id)
    if (!facts) continue // failed before it was scored (verify.py crashed): the failure names it
    seconds += facts.seconds
    // Margins are checked again from the scores (a kept task's hash includes them, so they agree).
    results.push({ id, project_id: facts.project_id, scores: facts.scores, borrowed: facts.borrowed, broken: taskProblems(id, facts.scores, margins) })
  }
  const report = calibrationReport(relative(options.outDir, options.tasksDir) || '.', margins, results)
  // Tasks that broke a margin were scored too (their items failed after scoring).
  const built = run.built.length + brokenScores.size
  const kept = run.kept.length
  writeCalibrationReport(report, options.outputs)

  // A median is a margin over every task: no item to fail, so the stage fails (nothing committed).
  const overall = report.broken.filter((b) => b.task === '*')
  if (overall.length) throw new CalibrationMarginError(overall.map((b) => b.message).join('; '))
  const brokenTasks = new Set(report.broken.map((b) => b.task)).size
  const cheats = KINDS.filter((k) => report.summary[k]?.role === 'cheat').map((k) => report.summary[k]!.max)
  const summaryLine = `${results.length} tasks, ${built} scored, ${kept} kept (${round2(seconds)} s of scoring summed over tasks); oracle ≥ ${report.summary.oracle?.min ?? '-'}, ` +
    `cheats ≤ ${Math.max(0, ...cheats)}; ${brokenTasks ? `${brokenTasks} task(s) break a margin` : 'every margin holds'}`
  return { report, built, kept, summaryLine }
}

/**
 * sha256 of each task's oracle (solution/answer.md), remembered by task id and output_hash: the
 * output_hash covers every file of the task dir, so an equal one means an equal oracle. Kept in
 * cacheDir/oracles.json; a missing or unreadable file only means reading the oracles again.
 */
class OracleHashes {
  readonly #file: string | undefined
  readonly #previous: Record<string, [outputHash: string, oracle: string]> = {}
  readonly #next: Record<string, [string, string]> = {}
  #read = 0

  constructor(cacheDir: string | undefined) {
    this.#file = cacheDir && join(cacheDir, 'oracles.json')
    try {
      if (this.#file) Object.assign(this.#previous, JSON.parse(readFileSync(this.#file, 'utf8')))
    } catch {
      // none yet, or torn: every oracle is read
    }
  }

  of(tasksDir: string, id: string, outputHash: string): string {
    const known = this.#next[id] ?? this.#previous[id]
    if (Array.isArray(known) && known[0] === outputHash && typeof known[1] === 'string') return (this.#next[id] = known)[1]
    const hash = sha256(readFileSync(join(tasksDir, id, 'solution', 'answer.md'), 'utf8'))
    this.#read++
    this.#next[id] = [outputHash, hash]
    return hash
  }

  /** Writes what this run used (dropping tasks gone), when an oracle was read or a task left. */
  save(): void {
    if (this.#file && (this.#read > 0 || Object.keys(this.#next).length !== Object.keys(this.#previous).length)) writeFileAtomic(this.#file, JSON.stringify(this.#next))
  }
}
