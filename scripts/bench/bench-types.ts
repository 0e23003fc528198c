// The shape of bench/results.json. Everything the Markdown report shows is read from here, so a
// report can be re-rendered (with the lead's reasons added) without measuring again.
import type { Stat } from './stats.ts'

export const RESULTS_FORMAT = 1

export interface Machine {
  cores: number
  cpuModel: string
  memoryMiB: number
  node: string
  kernel: string
  platform: string
  /** 1, 5 and 15 minute load averages when the benchmark started and when it ended. */
  loadAverage: { start: number[]; end: number[] }
  /** NODE_OPTIONS of every measured run ('' for none; absent in results of older runs). */
  nodeOptions?: string
}

export interface CodeState {
  /** HEAD of the project repository, or null outside a git checkout. */
  commit: string | null
  /** Paths (relative to the repository) with uncommitted changes: the code measured includes them. */
  uncommitted: string[]
}

export interface DataInfo {
  source: 'synthesized' | 'given'
  /** Projects asked of the synthesizer (null for a given dataset). */
  projects: number | null
  seed: string | null
  /** Scenario files extract read and accepted on the cold run. */
  scenarios: number | null
  accepted: number | null
  /** du -sk of the data root. */
  diskKiB: number
  /** Whether data and out share a file system (hard links need it). */
  sameFileSystem: boolean
}

export interface Measurement {
  id: string
  title: string
  /** The Taskfile command line of one timed run, with symbolic paths. */
  command: string
  /** What is done before each timed run (not timed). */
  setup: string
  runs: number
  /** Untimed runs of the same case before the timed ones. */
  warmups: number
  wallMs: Stat
  /** Stage durations from the engine's done events, for the stages that ran. */
  stageMs: Record<string, Stat>
  /** Peak resident set of the child process as the OS reports it (GNU time %M). */
  maxRssKiB?: Stat
  /** Other per-run figures (tasks built, files parsed, one process's wall…). */
  figures: Record<string, Stat>
  /** What the events must show for a run to count as the intended case, and whether they did. */
  checks: { expectation: string; passed: boolean; detail: string }[]
  /** 1-minute load average when the measurement began. */
  load1: number
}

export interface DiskMeasurement {
  id: string
  title: string
  tasks: number
  link: 'auto' | 'copy'
  /** Project files generate hard-linked and copied (from its log line). */
  linked: number | null
  copied: number | null
  /** du -sk out/tasks alone (a hard-linked file counts in full). */
  tasksKiB: number
  /** du -sk data out/tasks minus du -sk data, in one du call: what the tasks add beyond the data. */
  extraKiB: number
}

export interface Budget {
  id: string
  title: string
  /** What is compared, in words, e.g. "median wall of no-op all". */
  basis: string
  /** null: a budget with no figure to compare (not measurable here). */
  limit: number | null
  unit: 'ms' | 'bytes' | 'count'
  measured: number | null
  /** null: not measured in this run. */
  met: boolean | null
  /** The original Python adapter's figure on the same machine, when docs/budgets.md §3 gives one. */
  original?: string
  /** Why it was missed (filled in by hand or by the benchmark when it knows). */
  reason?: string
}

export interface Results {
  format: number
  command: string
  startedAt: string
  durationSec: number
  machine: Machine
  code: CodeState
  data: DataInfo
  settings: { runs: number; runsSlow: number; runs8000: number; smokeEnv: Record<string, string>; warmups: boolean; skipped: string[] }
  measurements: Measurement[]
  disk: DiskMeasurement[]
  budgets: Budget[]
}
