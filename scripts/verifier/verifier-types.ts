// Shapes shared by the scorer, the oracle and the generate stage. GroundTruthFile mirrors
// schemas/ground-truth.schema.json; the reward shapes mirror schemas/reward*.schema.json.

export const METRICS = ['content_words', 'identifiers', 'file_references', 'code_grounding'] as const
export type Metric = (typeof METRICS)[number]

export type Weights = Record<Metric, number>

export const DEFAULT_WEIGHTS: Readonly<Weights> = Object.freeze({
  content_words: 0.3,
  identifiers: 0.25,
  file_references: 0.15,
  code_grounding: 0.3,
})

/** How much of an answer is read and how precision and the instruction count. */
export interface Limits {
  answer_words_ratio: number
  answer_words_min: number
  precision_full_at: number
  instruction_term_weight: number
  code_files_for_full_credit: number
  code_precision_full_at: number
  /** Code credit is scaled by min(1, best prose F1 / this); 0: off. */
  code_prose_gate: number
  /** The file gate: a cited-file precision at or above this costs nothing; 0: off. */
  file_precision_gate: number
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  answer_words_ratio: 3,
  answer_words_min: 400,
  precision_full_at: 0.5,
  instruction_term_weight: 0,
  code_files_for_full_credit: 3,
  code_precision_full_at: 0.8,
  code_prose_gate: 0.5,
  file_precision_gate: 0.5,
})

/** The rubric judge's settings as ground_truth.json carries them (prompt included). */
export interface JudgeSettings {
  weight: number
  max_answer_chars: number
  max_tokens: number
  timeout_sec: number
  retries: number
  backoff_sec: number
  system_prompt: string
  rubric: string
}

export const DEFAULT_JUDGE: Readonly<JudgeSettings> = Object.freeze({
  weight: 0.5, max_answer_chars: 24000, max_tokens: 300, timeout_sec: 60, retries: 3, backoff_sec: 2, system_prompt: '', rubric: '',
})

/** tests/ground_truth.json of a generated task. */
export interface GroundTruthFile {
  id: string
  task_category: string
  /** The scenario's ground truth (string or object) with paths named as in the container. */
  ground_truth: unknown
  /** A text rendering of ground_truth; the word and identifier metrics read this. */
  ground_truth_text: string
  /** Absolute container paths under /app/project/. */
  context_files: string[]
  evaluation_criteria: unknown[]
  weights: Weights
  /** Every file of the project, relative to /app/project (file mentions resolve against it). */
  project_files?: string[]
  /** Container paths of the files the ground truth relies on. */
  relevant_files?: string[]
  /** Relative path → line hashes of its lines that carry a ground-truth identifier. */
  line_index?: Record<string, string[]>
  /** Whether line_index holds lines with identifiers the instruction does not name. */
  line_index_novel?: boolean
  /** Content tokens of the instruction: what the agent was told counts less. */
  instruction_terms?: string[]
  /** Content words most tasks' ground truths share (the cross-task baseline): they count as given. */
  common_terms?: string[]
  /** Container paths of the project files the instruction names. */
  instruction_files?: string[]
  /** Words of the reference answer (solution/answer.md); the word limit scales with it. */
  reference_words?: number | null
  limits?: Limits
  /** Binary mode: reward 1 at or above this score, else 0. null: the continuous score. */
  pass_threshold?: number | null
  judge?: JudgeSettings
}

/** Config section `verifier` (schemas/config/verifier.schema.json), defaults filled in. */
export interface VerifierConfig {
  weights: Weights
  limits: Limits
  pass_threshold: number | null
  judge: Omit<JudgeSettings, 'system_prompt' | 'rubric'>
}

/** reward.json: what Harbor reads. Exactly one key. */
export interface RewardJson {
  reward: number
}

export interface TermDetails {
  applicable: boolean
  ground_truth_terms: number
  answer_terms: number
  matched: string[]
  missing_sample: string[]
  /** Ground-truth terms the instruction names or most tasks share (they count instruction_term_weight). */
  given: number
  precision: number
  recall: number
}

export interface FileDetails {
  applicable: boolean
  relevant_files: number
  cited_files: number
  matched: string[]
  missed: string[]
  extra_sample: string[]
  fabricated_sample: string[]
  precision: number
  recall: number
}

export interface CodeDetails {
  applicable: boolean
  fenced_blocks: number
  quoted_lines: number
  grounded_lines: number
  unattributed_blocks: number
  relevant_files_quoted: string[]
  files_for_full_credit: number
  precision: number
  recall: number
  /** min(1, best prose F1 / code_prose_gate): how much of the code credit the prose earns. */
  prose_factor?: number
}

/** The file gate: on the share of the file metric the instruction gives away (which earns no
 *  credit), files cited that the ground truth does not rely on still cost. It multiplies the
 *  deterministic score. */
export interface FileGateDetails {
  /** 1 - given x (1 - min(1, precision / full_at)); 1 when the answer cites no counted file. */
  value: number
  full_at: number
  /** The share of the file metric the instruction gives away (1 - its novelty; 0 when it does not apply). */
  given: number
  /** Files named in the prose (outside fenced code) plus container paths naming no project file;
   *  files the instruction names that the ground truth does not rely on are neutral, not counted. */
  cited_files: number
  /** Of those, the files the ground truth relies on. */
  relied_on: number
  /** relied_on / cited_files (1 when nothing is counted). */
  precision: number
}

/** What the judge did (status off: none configured or not needed; failed: no score, no credit). */
export interface JudgeOutcome {
  status: 'off' | 'scored' | 'failed'
  reason?: string
  score?: number
  model?: string
  attempts?: number
  raw?: string
}

export interface JudgeDetails extends JudgeOutcome {
  weight: number
  reason: string
}

/** reward-details.json minus the `files` verify.py adds (which paths it read). */
export interface ScoreDetails {
  status: 'scored' | 'empty_answer'
  reward: number
  score: number
  deterministic: number
  pass_threshold: number | null
  metrics: Record<Metric, number>
  weights: Weights
  novelty: Record<Metric, number>
  effective_weights: Weights
  file_gate: FileGateDetails
  judge: JudgeDetails
  answer_words: number
  words_read: number
  word_limit: number
  reasons: string[]
  content_words: TermDetails
  identifiers: TermDetails
  file_references: FileDetails
  code_grounding: CodeDetails
}

export interface ScoreResult {
  /** Rounded to 4 places, as in reward.json. */
  reward: number
  metrics: Record<Metric, number>
  /** Exactly what verify.py writes to reward.json. */
  rewardJson: RewardJson
  details: ScoreDetails
}
