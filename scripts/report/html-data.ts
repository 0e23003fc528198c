// What each section of report/index.html shows, read from the artifacts the stages commit. Every
// reader returns undefined when its stage has not produced its artifact yet (the page then says
// so), and an Unreadable when the artifact is there but cannot be parsed or fails its schema, so
// one damaged file costs one section, never the page. Links are out-dir-relative paths, listed only
// when the file exists, so the page never points at nothing.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { check, schemaPath } from '../lib/schemas.ts'
import { DATASET_FILE } from '../contracts/dataset.ts'
import { SCORES_FILE, SCORES_LINE_SCHEMA, type ScoresLine } from '../contracts/scores.ts'
import { SELECTED_TASKS_FILE } from '../contracts/selected-tasks.ts'
import { CALIBRATION_REPORT_FILE, CALIBRATION_REPORT_SCHEMA } from '../contracts/calibration-report.ts'
import { SMOKE_REPORT_FILE, SMOKE_REPORT_SCHEMA, type SmokeReport } from '../contracts/smoke-report.ts'
import { TASKS_MANIFEST_SCHEMA, type TasksManifest } from '../contracts/tasks-manifest.ts'

export const SECTION_NAMES = ['dataset', 'selection', 'tasks', 'smoke', 'calibration'] as const
export type SectionName = (typeof SECTION_NAMES)[number]

/** Out-dir-relative paths of everything the page reads or links to. */
export const ARTIFACTS = {
  dataset: DATASET_FILE,
  rejects: 'rejects.jsonl',
  extractSummary: 'extract-summary.json',
  scores: SCORES_FILE,
  selected: SELECTED_TASKS_FILE,
  selectionMd: 'report/selection.md',
  charts: [
    { file: 'report/selected-by-language.svg', title: 'Selected tasks by language' },
    { file: 'report/selected-by-category.svg', title: 'Selected tasks by task category' },
    { file: 'report/score-histogram.svg', title: 'Scores of the records that passed' },
  ],
  manifest: 'tasks/manifest.json',
  registry: 'tasks/dataset.toml',
  smokeReport: SMOKE_REPORT_FILE,
  smokeMd: 'report/smoke.md',
  bake: 'docker-bake.json',
  calibrationReport: CALIBRATION_REPORT_FILE,
  calibrationMd: 'report/calibration.md',
  calibrationSchema: CALIBRATION_REPORT_SCHEMA,
  index: 'report/index.html',
} as const

/**
 * The files each section reads (out-dir-relative), and the stage that writes them: a stage that
 * rewrites any of these should rewrite the page. Links also need the linked files to exist
 * (report/selection.md, report/smoke.md, tasks/<id>/instruction.md …), which the same stages write.
 */
export const SECTION_INPUTS: Record<SectionName, { stage: string; files: readonly string[] }> = {
  dataset: { stage: 'extract', files: [ARTIFACTS.extractSummary, ARTIFACTS.rejects] },
  selection: { stage: 'select', files: [ARTIFACTS.scores, ...ARTIFACTS.charts.map((c) => c.file)] },
  tasks: { stage: 'generate', files: [ARTIFACTS.manifest] },
  smoke: { stage: 'smoke', files: [ARTIFACTS.smokeReport] },
  calibration: { stage: 'calibrate', files: [ARTIFACTS.calibrationReport] },
}

/** Rows shown in the long tables before "…and N more" (the linked artifacts hold them all). */
export const LIMITS = { rejects: 50, warnings: 50, ranked: 100 } as const

/** A file to link to: out-dir-relative path and what to call it. */
export interface FileLink {
  path: string
  label: string
}

/** An artifact that exists but could not be read; its section shows why. */
export interface Unreadable {
  unreadable: string
  path: string
}

export const isUnreadable = (value: unknown): value is Unreadable => typeof value === 'object' && value !== null && 'unreadable' in value

/** Where an out-dir-relative path is right now: the out dir itself, or a stage's staging copy. */
export type Locate = (outRel: string) => string

export interface ExtractSummary {
  read: number
  accepted: number
  rejected: number
  rejected_by_reason: Record<string, number>
  by_language: Record<string, number>
  by_category: Record<string, number>
  by_difficulty: Record<string, number>
  layouts: Record<string, number>
  projects: number
  warnings_by_code: Record<string, number>
  warnings_omitted: number
  warnings: { file: string; pointer: string; code: string; message: string }[]
}

export interface RejectLine {
  file: string
  reason: string
  pointer: string
  message: string
}

export interface DatasetData {
  summary: ExtractSummary
  /** The first LIMITS.rejects lines of rejects.jsonl. */
  rejects: RejectLine[]
  files: FileLink[]
}

export interface SelectionData {
  read: number
  passed: number
  selected: number
  /** Records each threshold or filter removed (a record failing several counts on each). */
  removedBy: Record<string, number>
  skippedByQuota: number
  /** The first LIMITS.ranked records that passed, in rank order. */
  ranked: ScoresLine[]
  charts: { path: string; title: string; svg: string }[]
  files: FileLink[]
}

export interface TaskRow {
  id: string
  /** The instruction's first heading (the scenario title), when the file has one. */
  title: string | null
  language: string
  category: string | null
  difficulty: string | null
  rank: number | null
  parts: { context: number; files: number; category: number; total: number } | null
  /** Out-dir-relative paths, present only when the file exists. */
  instruction: string | null
  taskToml: string | null
}

export interface TasksData {
  generatorVersion: string
  tasks: TaskRow[]
  files: FileLink[]
}

export interface SmokeData {
  report: SmokeReport
  /** Ids that have a task row on the page (for in-page links). */
  files: FileLink[]
}

export interface CalibrationTask {
  id: string
  /** Answer kind → score (null when the report gives something that is not a number). */
  scores: [kind: string, score: number | null][]
  /** Answer kinds whose score broke a margin for this task (their cells are marked). */
  flagged: string[]
  problems: string[]
  /** pass / fail / ok when the report says, else derived from its problems when it lists them. */
  verdict: string | null
}

export interface CalibrationData {
  /** Top-level scalar facts of the report (margins, seconds, ok …), as found. */
  facts: [key: string, value: string][]
  /** Every answer kind seen, in first-seen order: the table's columns. */
  kinds: string[]
  /** Role of an answer kind (correct, cheat …) when the report's summary names it. */
  roles: Record<string, string>
  /** The per-kind summary (min, median, max …) when the report has one: kind → column → value. */
  summary: { columns: string[]; rows: [kind: string, values: Record<string, string>][] }
  tasks: CalibrationTask[]
  /** Broken margins over all tasks (a median, say), not tied to one task. */
  broken: string[]
  /** What did not fit the expected shape or failed the schema (shown, never fatal). */
  notes: string[]
  /** Charts the calibration stage left in report/ (calibration*.svg), inlined like the selection charts. */
  charts: { path: string; title: string; svg: string }[]
  files: FileLink[]
}

export interface ReportData {
  dataset?: DatasetData | Unreadable
  selection?: SelectionData | Unreadable
  tasks?: TasksData | Unreadable
  smoke?: SmokeData | Unreadable
  calibration?: CalibrationData | Unreadable
}

export interface ReadOptions {
  outDir: string
  /** Defaults to the path under outDir; a stage passes its staging paths for its own outputs. */
  locate?: Locate
}

const locator = ({ outDir, locate }: ReadOptions): Locate => locate ?? ((rel) => join(outDir, rel))

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'))
}

function readJsonLines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown
      } catch (error) {
        throw new Error(`line ${i + 1}: ${message(error)}`)
      }
    })
}

/** Schema issues as one line, or undefined when the value is valid. */
function schemaProblem(schema: string, value: unknown): string | undefined {
  const issues = check(schema, value)
  return issues.length ? `does not match ${schema}: ${issues[0].pointer || '/'} ${issues[0].message}` : undefined
}

const existing = (at: Locate, links: FileLink[]): FileLink[] => links.filter((l) => existsSync(at(l.path)))

/** Reads one artifact; a parse or schema failure becomes an Unreadable naming the file. */
function guarded<T>(path: string, read: () => T): T | Unreadable {
  try {
    return read()
  } catch (error) {
    // An error may name the artifact it came from when that is not the one the section starts at.
    const artifact = (error as { artifact?: unknown }).artifact
    return { unreadable: message(error), path: typeof artifact === 'string' ? artifact : path }
  }
}

export function readDatasetData(options: ReadOptions): DatasetData | Unreadable | undefined {
  const at = locator(options)
  if (!existsSync(at(ARTIFACTS.extractSummary))) return undefined
  return guarded(ARTIFACTS.extractSummary, () => {
    const summary = readJson(at(ARTIFACTS.extractSummary))
    const problem = schemaProblem('extract-summary.schema.json', summary)
    if (problem) throw new Error(problem)
    const rejects = guarded(ARTIFACTS.rejects, () => (existsSync(at(ARTIFACTS.rejects)) ? (readJsonLines(at(ARTIFACTS.rejects)).slice(0, LIMITS.rejects) as RejectLine[]) : []))
    // A damaged rejects.jsonl is named as such, not blamed on the summary.
    if (isUnreadable(rejects)) throw Object.assign(new Error(rejects.unreadable), { artifact: rejects.path })
    return {
      summary: summary as ExtractSummary,
      rejects,
      files: existing(at, [
        { path: ARTIFACTS.extractSummary, label: 'extract-summary.json' },
        { path: ARTIFACTS.dataset, label: 'dataset.jsonl' },
        { path: ARTIFACTS.rejects, label: 'rejects.jsonl' },
      ]),
    }
  })
}

/** scores.jsonl, schema-checked line by line; read once and shared by the selection and tasks sections. */
export function readScores(options: ReadOptions): ScoresLine[] | Unreadable | undefined {
  const at = locator(options)
  if (!existsSync(at(ARTIFACTS.scores))) return undefined
  return guarded(ARTIFACTS.scores, () =>
    readJsonLines(at(ARTIFACTS.scores)).map((line, i) => {
      const problem = schemaProblem(SCORES_LINE_SCHEMA, line)
      if (problem) throw new Error(`line ${i + 1} ${problem}`)
      return line as ScoresLine
    }),
  )
}

export function readSelectionData(options: ReadOptions, scores = readScores(options)): SelectionData | Unreadable | undefined {
  if (scores === undefined || isUnreadable(scores)) return scores
  const at = locator(options)
  const removedBy: Record<string, number> = {}
  for (const line of scores) for (const reason of line.removed_by) removedBy[reason] = (removedBy[reason] ?? 0) + 1
  const passed = scores.filter((l) => l.passed).sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity))
  const charts = ARTIFACTS.charts.filter((c) => existsSync(at(c.file))).map((c) => ({ path: c.file, title: c.title, svg: readFileSync(at(c.file), 'utf8') }))
  return {
    read: scores.length,
    passed: passed.length,
    selected: scores.filter((l) => l.selected).length,
    removedBy,
    skippedByQuota: scores.filter((l) => l.skipped_by_quota.length > 0).length,
    ranked: passed.slice(0, LIMITS.ranked),
    charts,
    files: existing(at, [
      { path: ARTIFACTS.selectionMd, label: 'selection.md' },
      { path: ARTIFACTS.scores, label: 'scores.jsonl' },
      { path: ARTIFACTS.selected, label: 'selected_tasks.json' },
      ...charts.map((c) => ({ path: c.path, label: c.path.slice('report/'.length) })),
    ]),
  }
}

/** The first `# ` heading within the first 4 KiB of a Markdown file, without reading the rest. */
function firstHeading(path: string): string | null {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(4096)
    const text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8')
    return /^# (.+)$/m.exec(text)?.[1].trim() ?? null
  } finally {
    closeSync(fd)
  }
}

export function readTasksData(options: ReadOptions, scores = readScores(options)): TasksData | Unreadable | undefined {
  const at = locator(options)
  if (!existsSync(at(ARTIFACTS.manifest))) return undefined
  return guarded(ARTIFACTS.manifest, () => {
    const manifest = readJson(at(ARTIFACTS.manifest))
    const problem = schemaProblem(TASKS_MANIFEST_SCHEMA, manifest)
    if (problem) throw new Error(problem)
    const { generator_version, tasks } = manifest as TasksManifest
    // Without readable scores the tasks still list, with their language from the manifest.
    const byId = new Map(Array.isArray(scores) ? scores.map((l) => [l.id, l]) : [])
    const rows = Object.entries(tasks).map(([id, entry]): TaskRow => {
      const line = byId.get(id)
      const instruction = `tasks/${id}/instruction.md`
      const taskToml = `tasks/${id}/task.toml`
      const hasInstruction = existsSync(at(instruction))
      const parts =
        line && line.total !== null
          ? { context: line.context_part ?? 0, files: line.files_part ?? 0, category: line.category_part ?? 0, total: line.total }
          : null
      return {
        id,
        title: hasInstruction ? firstHeading(at(instruction)) : null,
        language: entry.language,
        category: line?.task_category ?? null,
        difficulty: line?.difficulty ?? null,
        rank: line?.rank ?? null,
        parts,
        instruction: hasInstruction ? instruction : null,
        taskToml: existsSync(at(taskToml)) ? taskToml : null,
      }
    })
    // Rank order when the selection is known (the order the tasks were chosen in), then id.
    rows.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    return {
      generatorVersion: generator_version,
      tasks: rows,
      files: existing(at, [
        { path: ARTIFACTS.manifest, label: 'tasks/manifest.json' },
        { path: ARTIFACTS.registry, label: 'tasks/dataset.toml' },
      ]),
    }
  })
}

export function readSmokeData(options: ReadOptions): SmokeData | Unreadable | undefined {
  const at = locator(options)
  if (!existsSync(at(ARTIFACTS.smokeReport))) return undefined
  return guarded(ARTIFACTS.smokeReport, () => {
    const report = readJson(at(ARTIFACTS.smokeReport))
    const problem = schemaProblem(SMOKE_REPORT_SCHEMA, report)
    if (problem) throw new Error(problem)
    return {
      report: report as SmokeReport,
      files: existing(at, [
        { path: ARTIFACTS.smokeMd, label: 'smoke.md' },
        { path: ARTIFACTS.smokeReport, label: 'smoke/report.json' },
        { path: ARTIFACTS.bake, label: 'docker-bake.json' },
      ]),
    }
  })
}

// ---- calibration ------------------------------------------------------------------------------
// The calibration report's schema was being written alongside this reader, so it reads whatever
// reasonable shape it finds: a list of per-task entries (the report itself, or under
// tasks/rows/results/entries, as an array or as an id-keyed object), each with an id and
// answer-kind scores either as top-level numbers or under scores/answers/kinds/rewards (a number,
// or an object holding reward/score); problems as strings (`problems`) or objects with a message
// (`broken`, naming the answer kind); and an optional per-kind `summary` object.

const TASK_LIST_KEYS = ['tasks', 'rows', 'results', 'entries', 'ground_truths']
const SCORE_MAP_KEYS = ['scores', 'answers', 'kinds', 'rewards']
const ID_KEYS = ['id', 'task_id', 'task', 'label', 'name']
const PROBLEM_KEYS = ['problems', 'broken', 'failures']
/** Numeric entry fields that are facts about the task, not scores of an answer kind. */
const NOT_KINDS = new Set(['rank', 'seed', 'files_count', 'context_length', 'context_files', 'index', 'line', 'seconds'])

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function scoreOf(value: unknown): number | null | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (isRecord(value)) {
    for (const key of ['reward', 'score', 'value']) if (typeof value[key] === 'number') return value[key] as number
    return null
  }
  return undefined
}

const problemText = (p: unknown): string =>
  typeof p === 'string' ? p : isRecord(p) && typeof p.message === 'string' ? p.message : JSON.stringify(p)

const problemKind = (p: unknown): string | undefined =>
  isRecord(p) ? (['answer', 'kind'].map((k) => p[k]).find((v) => typeof v === 'string') as string | undefined) : undefined

function calibrationTask(raw: unknown, fallbackId: string, notes: string[]): CalibrationTask | undefined {
  if (!isRecord(raw)) {
    notes.push(`entry ${fallbackId} is not an object; skipped`)
    return undefined
  }
  const idKey = ID_KEYS.find((k) => typeof raw[k] === 'string')
  const id = idKey ? (raw[idKey] as string) : fallbackId
  const scores: [string, number | null][] = []
  const mapKey = SCORE_MAP_KEYS.find((k) => isRecord(raw[k]))
  if (mapKey) {
    for (const [kind, value] of Object.entries(raw[mapKey] as Record<string, unknown>)) {
      const s = scoreOf(value)
      if (s !== undefined) scores.push([kind, s])
    }
  } else {
    for (const [key, value] of Object.entries(raw)) {
      if (typeof value === 'number' && !NOT_KINDS.has(key)) scores.push([key, Number.isFinite(value) ? value : null])
    }
  }
  const problemKey = PROBLEM_KEYS.find((k) => Array.isArray(raw[k]))
  const listed = problemKey ? (raw[problemKey] as unknown[]) : []
  const problems = listed.map(problemText)
  const flagged = [...new Set(listed.map(problemKind).filter((k): k is string => k !== undefined))]
  const verdictKey = ['verdict', 'status', 'result'].find((k) => typeof raw[k] === 'string')
  const passFlag = ['pass', 'passed', 'ok'].map((k) => raw[k]).find((v) => typeof v === 'boolean') as boolean | undefined
  const verdict = verdictKey
    ? (raw[verdictKey] as string)
    : passFlag !== undefined
      ? passFlag ? 'pass' : 'fail'
      : problemKey ? (problems.length ? 'fail' : 'ok') : null
  return { id, scores, flagged, problems, verdict }
}

/** Reads a calibration report of any reasonable shape; see the comment above. */
export function calibrationFromJson(report: unknown): Omit<CalibrationData, 'files' | 'charts'> {
  const notes: string[] = []
  let list: unknown = report
  let listKey: string | undefined
  if (isRecord(report)) {
    listKey = TASK_LIST_KEYS.find((k) => Array.isArray(report[k]) || isRecord(report[k]))
    list = listKey ? report[listKey] : undefined
  }
  const entries: [string, unknown][] = Array.isArray(list) ? list.map((v, i) => [`#${i + 1}`, v]) : isRecord(list) ? Object.entries(list) : []
  if (list === undefined) notes.push(`no per-task list found (looked for ${TASK_LIST_KEYS.join(', ')})`)
  const tasks = entries.map(([key, v]) => calibrationTask(v, key, notes)).filter((t): t is CalibrationTask => t !== undefined)
  const kinds: string[] = []
  for (const t of tasks) for (const [kind] of t.scores) if (!kinds.includes(kind)) kinds.push(kind)

  // The per-kind summary: an object of objects (kind → { role, n, min, median, max … }).
  const roles: Record<string, string> = {}
  const summary: CalibrationData['summary'] = { columns: [], rows: [] }
  const rawSummary = isRecord(report) && isRecord(report.summary) && Object.values(report.summary).every(isRecord) ? (report.summary as Record<string, Record<string, unknown>>) : undefined
  // A column holding any fraction is a score column: all its numbers get 4 places (1 → 1.0000),
  // while count columns (n) stay whole.
  const entriesOf = Object.entries(rawSummary ?? {})
  const fractional = new Set(entriesOf.flatMap(([, values]) => Object.entries(values).filter(([, v]) => typeof v === 'number' && !Number.isInteger(v)).map(([c]) => c)))
  for (const [kind, values] of entriesOf) {
    if (typeof values.role === 'string') roles[kind] = values.role
    const cells: Record<string, string> = {}
    for (const [column, v] of Object.entries(values)) {
      if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') continue
      if (!summary.columns.includes(column)) summary.columns.push(column)
      cells[column] = typeof v === 'number' && fractional.has(column) ? v.toFixed(4) : String(v)
    }
    summary.rows.push([kind, cells])
  }

  // Broken margins not tied to one task listed on the page (the per-task ones show in its row).
  const taskIds = new Set(tasks.map((t) => t.id))
  const globalProblems = isRecord(report) ? PROBLEM_KEYS.map((k) => report[k]).find(Array.isArray) : undefined
  const broken = (globalProblems ?? []).filter((p) => !(isRecord(p) && typeof p.task === 'string' && taskIds.has(p.task))).map(problemText)

  const facts: [string, string][] = []
  const consumed = new Set([listKey, rawSummary ? 'summary' : undefined, ...PROBLEM_KEYS])
  const addFacts = (value: Record<string, unknown>, prefix: string): void => {
    for (const [key, v] of Object.entries(value)) {
      if (prefix === '' && consumed.has(key)) continue
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') facts.push([prefix + key, String(v)])
      else if (isRecord(v) && prefix === '') addFacts(v, `${key}.`)
    }
  }
  if (isRecord(report)) addFacts(report, '')
  return { facts, kinds, roles, summary, tasks, broken, notes }
}

export function readCalibrationData(options: ReadOptions): CalibrationData | Unreadable | undefined {
  const at = locator(options)
  if (!existsSync(at(ARTIFACTS.calibrationReport))) return undefined
  return guarded(ARTIFACTS.calibrationReport, () => {
    const report = readJson(at(ARTIFACTS.calibrationReport))
    const data = calibrationFromJson(report)
    // Checked only once the schema exists; a mismatch is shown, the report still rendered.
    if (existsSync(schemaPath(ARTIFACTS.calibrationSchema))) {
      try {
        const problem = schemaProblem(ARTIFACTS.calibrationSchema, report)
        if (problem) data.notes.unshift(problem)
      } catch (error) {
        data.notes.unshift(`${ARTIFACTS.calibrationSchema} could not be used: ${message(error)}`)
      }
    }
    const reportDir = at('report')
    const chartNames = existsSync(reportDir) ? readdirSync(reportDir).filter((n) => /^calibration[\w.-]*\.svg$/.test(n)).sort() : []
    const charts = chartNames.map((name) => ({ path: `report/${name}`, title: `Calibration chart ${name}`, svg: readFileSync(join(reportDir, name), 'utf8') }))
    return {
      ...data,
      charts,
      files: existing(at, [
        { path: ARTIFACTS.calibrationMd, label: 'calibration.md' },
        { path: ARTIFACTS.calibrationReport, label: 'calibration/report.json' },
        ...charts.map((c) => ({ path: c.path, label: c.path.slice('report/'.length) })),
      ]),
    }
  })
}

/** Every section's data, read from the out dir (or where `locate` says); `given` wins over reading. */
export function readReportData(options: ReadOptions, given: ReportData = {}): ReportData {
  const needScores = !('selection' in given) || !('tasks' in given)
  const scores = needScores ? readScores(options) : undefined
  return {
    dataset: 'dataset' in given ? given.dataset : readDatasetData(options),
    selection: 'selection' in given ? given.selection : readSelectionData(options, scores),
    tasks: 'tasks' in given ? given.tasks : readTasksData(options, scores),
    smoke: 'smoke' in given ? given.smoke : readSmokeData(options),
    calibration: 'calibration' in given ? given.calibration : readCalibrationData(options),
  }
}
