// The calibration kit: for each generated task dir, build the cheating answers (from only its
// instruction.md and environment/project) and the correct variants (from its oracle), score them
// all with the task's REAL tests/verify.py (one python3 process per task, --batch mode, judge
// off), and check the margins of config `verifier.calibration`. The result names the task and the
// answer of every broken margin. writeCalibrationReport (calibration-report.ts) renders it.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ExitError } from '../lib/errors.ts'
import { ANSWER_KINDS, cheatAnswers, KINDS, paraphrase, reorderSections, type AnswerKind, type ProjectFileText } from './answers.ts'

export interface Margins {
  oracle_min: number
  empty_max: number
  cheat_max: number
  cheat_median_max: number
  paraphrase_min: number
  other_question_max: number
}

export const DEFAULT_MARGINS: Readonly<Margins> = Object.freeze({
  oracle_min: 0.9, empty_max: 0, cheat_max: 0.3, cheat_median_max: 0.15, paraphrase_min: 0.8, other_question_max: 0.5,
})

export interface BrokenMargin {
  /** The task id, or `*` for a margin over all tasks (a median). */
  task: string
  answer: AnswerKind
  score: number
  margin: keyof Margins | 'paraphrase_above_cheats'
  limit: number
  message: string
}

export interface TaskCalibration {
  id: string
  project_id: string
  /** Reward per answer kind; a kind that cannot be built for this task (no other question on
   *  the project in the set) is absent. */
  scores: Partial<Record<AnswerKind, number>>
  /** Which task each borrowed oracle came from. */
  borrowed: { other_question_oracle?: string; other_project_oracle?: string }
  broken: BrokenMargin[]
}

export interface KindSummary {
  role: string
  n: number
  min: number
  median: number
  max: number
}

export interface CalibrationReport {
  tasks_dir: string
  margins: Margins
  tasks: TaskCalibration[]
  summary: Partial<Record<AnswerKind, KindSummary>>
  broken: BrokenMargin[]
  ok: boolean
}

export interface CalibrateOptions {
  tasksDir: string
  /** Default: every task dir under tasksDir (a dir with tests/ground_truth.json). */
  taskIds?: string[]
  margins?: Partial<Margins>
  /** python3 processes at a time (default 2). */
  concurrency?: number
  signal?: AbortSignal
  progress?: (done: number, total: number, id: string) => void
  /** Seed of the shuffling attacks. */
  seed?: number
  python?: string
}

/** A task dir or verify.py run calibration cannot use: exit 1, naming the file. */
export class CalibrationError extends ExitError {}

// Files larger than this, or with NUL bytes, are not text an agent would paste.
const MAX_FILE_BYTES = 1024 * 1024

function walk(root: string, rel = '', out: ProjectFileText[] = []): ProjectFileText[] {
  for (const name of readdirSync(join(root, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name
    const st = statSync(join(root, path))
    if (st.isDirectory()) walk(root, path, out)
    else if (st.isFile() && st.size <= MAX_FILE_BYTES) {
      const bytes = readFileSync(join(root, path))
      if (!bytes.includes(0)) out.push({ rel: path, text: bytes.toString('utf8') })
    }
  }
  return out
}

export interface TaskDir {
  id: string
  dir: string
  projectId: string
  oracle: string
}

/** A generated task dir's id, project and oracle; throws CalibrationError when a file is missing. */
export function readTask(tasksDir: string, id: string): TaskDir {
  const dir = join(tasksDir, id)
  for (const f of ['instruction.md', 'tests/verify.py', 'tests/ground_truth.json', 'solution/answer.md', 'environment/project']) {
    if (!existsSync(join(dir, f))) throw new CalibrationError(`${join(dir, f)}: missing; calibration needs a generated task dir`)
  }
  let projectId = id
  const meta = join(dir, 'tests', 'task_metadata.json')
  if (existsSync(meta)) {
    const parsed = JSON.parse(readFileSync(meta, 'utf8')) as { project_id?: unknown }
    if (typeof parsed.project_id !== 'string') throw new CalibrationError(`${meta}: /project_id must be a string`)
    projectId = parsed.project_id
  }
  return { id, dir, projectId, oracle: readFileSync(join(dir, 'solution', 'answer.md'), 'utf8') }
}

/** Every answer kind for one task (the borrowed oracles from the peers given). */
export function taskAnswers(task: { dir: string; oracle: string }, peers: { sameProject?: TaskDir; otherProject?: TaskDir }, seed = 1): Partial<Record<AnswerKind, string>> {
  const sources = { instruction: readFileSync(join(task.dir, 'instruction.md'), 'utf8'), project: walk(join(task.dir, 'environment', 'project')) }
  const answers: Partial<Record<AnswerKind, string>> = {
    oracle: task.oracle,
    oracle_reordered: reorderSections(task.oracle),
    oracle_paraphrased: paraphrase(task.oracle),
    empty: '',
    ...(cheatAnswers(sources, seed) as Partial<Record<AnswerKind, string>>),
  }
  if (peers.sameProject) answers.other_question_oracle = peers.sameProject.oracle
  if (peers.otherProject) answers.other_project_oracle = peers.otherProject.oracle
  return answers
}

/** Scores answers with a task's own verify.py in one python3 process (--batch, no judge). */
export async function scoreWithVerifier(taskDir: string, answers: Partial<Record<AnswerKind, string>>, python = 'python3', signal?: AbortSignal): Promise<Partial<Record<AnswerKind, number>>> {
  const work = mkdtempSync(join(tmpdir(), 'calibrate-'))
  try {
    const jobs = Object.entries(answers).map(([kind, text]) => {
      const file = join(work, `${kind}.md`)
      writeFileSync(file, text)
      return { id: kind, answer_file: file }
    })
    writeFileSync(join(work, 'jobs.json'), JSON.stringify(jobs))
    const args = [join(taskDir, 'tests', 'verify.py'), '--batch', join(work, 'jobs.json'), '--ground-truth', join(taskDir, 'tests', 'ground_truth.json')]
    const { code, stdout, stderr } = await run(python, args, signal)
    if (code !== 0) throw new CalibrationError(`${join(taskDir, 'tests', 'verify.py')} --batch exited ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`)
    const out: Partial<Record<AnswerKind, number>> = {}
    for (const line of stdout.split('\n')) {
      if (line.trim() === '') continue
      const r = JSON.parse(line) as { id: AnswerKind; reward: number }
      out[r.id] = r.reward
    }
    for (const kind of Object.keys(answers)) {
      if (out[kind as AnswerKind] === undefined) throw new CalibrationError(`${taskDir}: verify.py --batch gave no score for ${kind}`)
    }
    return out
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function run(cmd: string, args: string[], signal?: AbortSignal): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], signal, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d))
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const round4 = (x: number): number => Math.round(x * 10000) / 10000

export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b)
  if (s.length === 0) return 0
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : round4((s[mid - 1] + s[mid]) / 2)
}

/** Margins broken by one task's scores. */
export function taskProblems(id: string, scores: Partial<Record<AnswerKind, number>>, m: Margins): BrokenMargin[] {
  const out: BrokenMargin[] = []
  const add = (answer: AnswerKind, margin: BrokenMargin['margin'], limit: number, message: string) =>
    out.push({ task: id, answer, score: scores[answer]!, margin, limit, message: `${id}: ${answer} ${scores[answer]} ${message}` })
  const cheats = KINDS.filter((k) => ANSWER_KINDS[k] === 'cheat' && scores[k] !== undefined)
  const topCheat = Math.max(0, ...cheats.map((k) => scores[k]!))
  if (scores.oracle !== undefined && scores.oracle < m.oracle_min) add('oracle', 'oracle_min', m.oracle_min, `< oracle_min ${m.oracle_min}`)
  if (scores.empty !== undefined && scores.empty > m.empty_max) add('empty', 'empty_max', m.empty_max, `> empty_max ${m.empty_max}`)
  for (const k of cheats) if (scores[k]! > m.cheat_max) add(k, 'cheat_max', m.cheat_max, `> cheat_max ${m.cheat_max}`)
  for (const k of ['oracle_reordered', 'oracle_paraphrased'] as const) {
    if (scores[k] === undefined) continue
    if (scores[k]! < m.paraphrase_min) add(k, 'paraphrase_min', m.paraphrase_min, `< paraphrase_min ${m.paraphrase_min}`)
    if (scores[k]! <= topCheat) add(k, 'paraphrase_above_cheats', topCheat, `is not above the best cheat (${topCheat})`)
  }
  if (scores.other_question_oracle !== undefined && scores.other_question_oracle > m.other_question_max) {
    add('other_question_oracle', 'other_question_max', m.other_question_max, `> other_question_max ${m.other_question_max}`)
  }
  return out
}

/** min / median / max per kind over the tasks. */
export function summarise(tasks: TaskCalibration[]): Partial<Record<AnswerKind, KindSummary>> {
  const out: Partial<Record<AnswerKind, KindSummary>> = {}
  for (const kind of KINDS) {
    const values = tasks.map((t) => t.scores[kind]).filter((v): v is number => v !== undefined)
    if (values.length === 0) continue
    out[kind] = { role: ANSWER_KINDS[kind], n: values.length, min: Math.min(...values), median: median(values), max: Math.max(...values) }
  }
  return out
}

function listTasks(tasksDir: string): string[] {
  if (!existsSync(tasksDir)) throw new CalibrationError(`${tasksDir}: no such directory`)
  return readdirSync(tasksDir).filter((d) => existsSync(join(tasksDir, d, 'tests', 'ground_truth.json'))).sort()
}

/**
 * The tasks whose oracles a task borrows: the first other question on its project (in `all`'s
 * order), and the next task after it (wrapping round) on another project.
 */
export function pickPeers<T extends Peer>(all: readonly T[], task: T): { sameProject?: T; otherProject?: T } {
  const { position, byProject } = peerIndex(all)
  const sameProject = byProject.get(task.projectId)?.find((t) => t.id !== task.id)
  const at = position.get(task.id) ?? -1
  let otherProject: T | undefined
  for (let k = 1, n = at === -1 ? all.length : all.length - 1; k <= n && !otherProject; k++) {
    const t = all[(at + k) % all.length]
    if (t.projectId !== task.projectId) otherProject = t
  }
  return { sameProject, otherProject }
}

// calibrate picks peers for every task of one list: indexed once per list (which must not change
// after), not searched per task (two O(n) scans and an n-task copy each: 0.6 s at 8,000 tasks).
/** What picking peers needs of a task. */
export type Peer = Pick<TaskDir, 'id' | 'projectId'>
const peerIndexes = new WeakMap<readonly Peer[], { position: Map<string, number>; byProject: Map<string, Peer[]> }>()
function peerIndex<T extends Peer>(all: readonly T[]): { position: Map<string, number>; byProject: Map<string, T[]> } {
  let index = peerIndexes.get(all) as { position: Map<string, number>; byProject: Map<string, T[]> } | undefined
  if (!index) {
    index = { position: new Map(), byProject: new Map() }
    for (const [i, t] of all.entries()) {
      if (!index.position.has(t.id)) index.position.set(t.id, i)
      const group = index.byProject.get(t.projectId)
      if (!group) index.byProject.set(t.projectId, [t])
      else if (group.length < 2) group.push(t) // the first two are enough: one of them is not the task
    }
    peerIndexes.set(all, index as { position: Map<string, number>; byProject: Map<string, Peer[]> })
  }
  return index
}

export interface CalibrateTaskOptions {
  margins: Margins
  seed?: number
  python?: string
  signal?: AbortSignal
}

/** One task: its answers built, scored by its own verify.py, checked against the margins. */
export async function calibrateTask(task: TaskDir, peers: { sameProject?: TaskDir; otherProject?: TaskDir }, options: CalibrateTaskOptions): Promise<TaskCalibration> {
  const { sameProject, otherProject } = peers
  const answers = taskAnswers(task, peers, options.seed ?? 1)
  const scores = await scoreWithVerifier(task.dir, answers, options.python, options.signal)
  return {
    id: task.id, project_id: task.projectId, scores,
    borrowed: { ...(sameProject && { other_question_oracle: sameProject.id }), ...(otherProject && { other_project_oracle: otherProject.id }) },
    broken: taskProblems(task.id, scores, options.margins),
  }
}

/** The report over the tasks' results: the summary per kind, the margins over all tasks (the
 *  cheat medians) added to each task's broken margins. */
// No timing in the report: it is an artifact, the same bytes for the same tasks on every run.
export function calibrationReport(tasksDir: string, margins: Margins, results: TaskCalibration[]): CalibrationReport {
  const summary = summarise(results)
  const broken = results.flatMap((t) => t.broken)
  for (const [kind, s] of Object.entries(summary) as [AnswerKind, KindSummary][]) {
    if (s.role === 'cheat' && s.median > margins.cheat_median_max) {
      broken.push({ task: '*', answer: kind, score: s.median, margin: 'cheat_median_max', limit: margins.cheat_median_max, message: `median of ${kind} over ${s.n} tasks is ${s.median} > cheat_median_max ${margins.cheat_median_max}` })
    }
  }
  return { tasks_dir: tasksDir, margins, tasks: results, summary, broken, ok: broken.length === 0 }
}

/** Calibrates every task (or taskIds) of a tasks dir against the margins. Never throws for a
 *  broken margin (it is in the report); throws CalibrationError for unreadable task dirs. */
export async function calibrateTasks(options: CalibrateOptions): Promise<CalibrationReport> {
  const margins: Margins = { ...DEFAULT_MARGINS, ...options.margins }
  const ids = options.taskIds ?? listTasks(options.tasksDir)
  if (ids.length === 0) throw new CalibrationError(`${options.tasksDir}: no generated task dirs to calibrate`)
  // Peers come from every task in the dir, so a subset still borrows realistic oracles.
  const all = listTasks(options.tasksDir)
  const infos = new Map(all.map((id) => [id, readTask(options.tasksDir, id)]))
  for (const id of ids) if (!infos.has(id)) infos.set(id, readTask(options.tasksDir, id))
  const everyTask = all.map((id) => infos.get(id)!)
  const results: TaskCalibration[] = new Array(ids.length)
  let next = 0
  let done = 0
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const index = next++
      options.signal?.throwIfAborted()
      const task = infos.get(ids[index])!
      results[index] = await calibrateTask(task, pickPeers(everyTask, task), { margins, seed: options.seed, python: options.python, signal: options.signal })
      options.progress?.(++done, ids.length, task.id)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 2, ids.length)) }, worker))
  return calibrationReport(options.tasksDir, margins, results)
}
