// out/smoke/report.json: per task, its image, the oracle's and the empty answer's rewards, and what
// failed. Written by smoke (and read back by the next run), read by the report page. Deterministic
// except build_seconds: tasks sorted by id, keys in schema order, engine ids masked in failure
// output. Schema: schemas/smoke-report.schema.json.
import { existsSync, readFileSync } from 'node:fs'
import { check } from '../lib/schemas.ts'

export const SMOKE_REPORT_FILE = 'smoke/report.json'
export const SMOKE_REPORT_SCHEMA = 'smoke-report.schema.json'

/** The smoke step a task failed at. */
export type Step = 'lint' | 'build' | 'mcp' | 'oracle' | 'verify' | 'empty' | 'push'

/** What smoke/report.json records about an mcp task's server (schemas/smoke-report.schema.json). */
export interface McpEntry {
  /** answered: the sidecar returned the expected file; failed: it did not (see step, message);
   *  remote: the task names a configured server and ships no sidecar (nothing to start);
   *  not-run: no container engine, or the image build failed first. */
  status: 'answered' | 'failed' | 'remote' | 'not-run'
  expected_file: string | null
  identifier: string | null
  /** Whether the search results held expected_file. */
  found_expected: boolean
  /** How many files the search returned. */
  files_found: number
  tools: string[]
  /** Whether `main` reached the sidecar by its service name, as the agent will. */
  main_reached: boolean | null
  step: string | null
  message: string | null
  seconds: number | null
}

export interface TaskEntry {
  id: string
  language: string
  input_hash: string
  output_hash: string
  /** The image tag, or null without an engine. */
  image: string | null
  image_id: string | null
  build_seconds: number | null
  oracle_reward: number | null
  empty_reward: number | null
  status: 'pass' | 'fail' | 'lint-only'
  step: Step | null
  reason: string | null
  /** mcp dataset only (baseline entries carry neither key, so their bytes stay as they were). */
  variant?: 'mcp'
  mcp?: McpEntry
}

export interface SmokeReport {
  engine: 'docker' | 'podman' | 'none'
  engine_version: string | null
  base_image: string
  pass_threshold: number
  counts: { tasks: number; built: number; reused: number; passed: number; failed: number; lint_only: number }
  toolchain_layers: { method: 'image-layers' | 'dockerfile-text'; distinct: number; tasks: number }
  tasks: TaskEntry[]
}

/** The last committed report, or undefined when there is none or it does not match its schema. */
export function readPreviousReport(path: string | undefined): SmokeReport | undefined {
  if (!path || !existsSync(path)) return undefined
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as unknown
    return check(SMOKE_REPORT_SCHEMA, report).length === 0 ? (report as SmokeReport) : undefined
  } catch {
    return undefined
  }
}

/** The entry with its keys in schema order, so every writer produces the same bytes. */
export function orderEntry(e: TaskEntry): TaskEntry {
  return {
    id: e.id,
    language: e.language,
    input_hash: e.input_hash,
    output_hash: e.output_hash,
    image: e.image,
    image_id: e.image_id,
    build_seconds: e.build_seconds,
    oracle_reward: e.oracle_reward,
    empty_reward: e.empty_reward,
    status: e.status,
    step: e.step,
    reason: e.reason,
    ...(e.variant && { variant: e.variant }),
    ...(e.mcp && { mcp: e.mcp }),
  }
}
