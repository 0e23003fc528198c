// Calibration: on one ground truth, the oracle must pass, the empty answer must score 0, the
// keyword-stuffed attack must stay well below the oracle and a partial answer must land between.
// Also converts the real samples' formats (CodeScaleBench ground_truth.json, raw scenario files)
// into our GroundTruthFile, the way generate does: `/` separators, wrapper folder stripped,
// paths as the agent sees them under /app/project/.
import { groundTruthText } from './ground-truth-text.ts'
import { emptyAnswer, oracleAnswer, partialAnswer, stuffedAnswer } from './oracle.ts'
import { CONTAINER_ROOT, round4, score } from './score.ts'
import { DEFAULT_WEIGHTS, type GroundTruthFile } from './types.ts'

export interface CalibrationThresholds {
  pass_threshold: number
  stuffed_margin: number
}

export const DEFAULT_THRESHOLDS: Readonly<CalibrationThresholds> = Object.freeze({ pass_threshold: 0.9, stuffed_margin: 0.15 })

export interface CalibrationAnswers {
  oracle: string
  stuffed: string
  partial: string
  empty: string
}

export type CalibrationScores = Record<keyof CalibrationAnswers, number>

export interface CalibrationRow extends CalibrationScores {
  id: string
  problems: string[]
}

export const calibrationAnswers = (gt: GroundTruthFile, seed = 1): CalibrationAnswers => ({
  oracle: oracleAnswer(gt),
  stuffed: stuffedAnswer(gt, seed),
  partial: partialAnswer(gt),
  empty: emptyAnswer(),
})

/** What is wrong with a set of scores (empty when calibrated). */
export function calibrationProblems(s: CalibrationScores, t: CalibrationThresholds = DEFAULT_THRESHOLDS): string[] {
  const problems: string[] = []
  if (s.oracle < t.pass_threshold) problems.push(`oracle ${s.oracle} < pass threshold ${t.pass_threshold}`)
  if (s.empty !== 0) problems.push(`empty answer scores ${s.empty}, not 0`)
  if (round4(s.oracle - s.stuffed) < t.stuffed_margin) problems.push(`stuffed ${s.stuffed} is within ${t.stuffed_margin} of the oracle ${s.oracle}`)
  if (!(s.partial > s.empty && s.partial < s.oracle)) problems.push(`partial ${s.partial} is not between empty ${s.empty} and oracle ${s.oracle}`)
  return problems
}

export function calibrate(gt: GroundTruthFile, thresholds: CalibrationThresholds = DEFAULT_THRESHOLDS, seed = 1): CalibrationRow {
  const answers = calibrationAnswers(gt, seed)
  const scores: CalibrationScores = {
    oracle: score(answers.oracle, gt).reward,
    stuffed: score(answers.stuffed, gt).reward,
    partial: score(answers.partial, gt).reward,
    empty: score(answers.empty, gt).reward,
  }
  return { id: gt.id, ...scores, problems: calibrationProblems(scores, thresholds) }
}

// ---------------------------------------------------------------------------------------------
// Real sample formats → GroundTruthFile

const slashes = (path: string): string => path.replace(/(?<!:)\/\/+/g, '/')

/** The single folder every context path starts with, if there is one (the project wrapper). */
export function wrapperFolder(paths: string[]): string | undefined {
  const firsts = new Set(paths.map((p) => (slashes(p).includes('/') ? slashes(p).split('/')[0] : '')))
  const [only] = firsts
  return firsts.size === 1 && only ? only : undefined
}

function toContainer(path: string, wrapper: string | undefined): string {
  const p = slashes(path).replace(/^\/+/, '')
  return CONTAINER_ROOT + (wrapper && p.startsWith(`${wrapper}/`) ? p.slice(wrapper.length + 1) : p)
}

/** Rewrites wrapper-prefixed paths inside ground-truth strings to container paths. */
function containerPathsIn(value: unknown, wrapper: string | undefined): unknown {
  if (typeof value === 'string') {
    const s = slashes(value)
    if (!wrapper) return s
    const escaped = wrapper.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return s.replace(new RegExp(`(?<![\\w./-])${escaped}/`, 'g'), CONTAINER_ROOT)
  }
  if (Array.isArray(value)) return value.map((v) => containerPathsIn(v, wrapper))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, containerPathsIn(v, wrapper)]))
  }
  return value
}

interface RawGroundTruthSource {
  id?: string
  task_id?: string
  task_category?: string
  ground_truth?: unknown
  context_files?: unknown
  evaluation_criteria?: unknown
}

/** A CodeScaleBench tests/ground_truth.json or a raw LoCoBench scenario file, as generate would
 *  write it for our tasks. */
export function toGroundTruthFile(raw: RawGroundTruthSource, id = raw.id ?? raw.task_id ?? 'unnamed'): GroundTruthFile {
  const files = Array.isArray(raw.context_files) ? raw.context_files.filter((f): f is string => typeof f === 'string') : []
  const wrapper = wrapperFolder(files)
  const groundTruth = containerPathsIn(raw.ground_truth ?? '', wrapper)
  return {
    id,
    task_category: raw.task_category ?? 'unknown',
    ground_truth: groundTruth,
    ground_truth_text: groundTruthText(groundTruth),
    context_files: files.map((f) => toContainer(f, wrapper)),
    evaluation_criteria: Array.isArray(raw.evaluation_criteria) ? raw.evaluation_criteria : [],
    weights: { ...DEFAULT_WEIGHTS },
  }
}
