// Shapes shared by the scorer, the oracle and the generate stage. GroundTruthFile mirrors
// schemas/ground-truth.schema.json; the reward shapes mirror schemas/reward*.schema.json.

export const METRICS = ['keyword_overlap', 'file_references', 'code_blocks', 'length_score'] as const
export type Metric = (typeof METRICS)[number]

export type Weights = Record<Metric, number>

export const DEFAULT_WEIGHTS: Readonly<Weights> = Object.freeze({
  keyword_overlap: 0.5,
  file_references: 0.2,
  code_blocks: 0.2,
  length_score: 0.1,
})

/** tests/ground_truth.json of a generated task. */
export interface GroundTruthFile {
  id: string
  task_category: string
  /** The scenario's ground truth (string or object) with paths named as in the container. */
  ground_truth: unknown
  /** A text rendering of ground_truth; the keyword metric reads this. */
  ground_truth_text: string
  /** Absolute container paths under /app/project/. */
  context_files: string[]
  evaluation_criteria: unknown[]
  weights: Weights
}

/** Config section `verifier` (schemas/config/verifier.schema.json), defaults filled in. */
export interface VerifierConfig {
  /** Copied into every task's ground_truth.json; verify.py reads them from there. */
  weights: Weights
  /** The oracle answer of every task must score at least this. */
  pass_threshold: number
  /** The keyword-stuffed answer must score at least this much below the oracle. */
  stuffed_margin: number
}

/** reward.json: what Harbor reads. Flat numbers only. */
export type RewardJson = { reward: number } & Record<Metric, number>

export interface KeywordDetails {
  applicable: boolean
  ground_truth_keywords: number
  matched_keywords: string[]
  missing_keywords: string[]
  keyword_recall: number
  ground_truth_pairs: number
  matched_pairs: number
  pair_recall: number
  missing_pairs_sample: string[]
}

export interface FileDetails {
  applicable: boolean
  context_files: number
  referenced: { file: string; mention: string }[]
  unreferenced: string[]
  ambiguous_mentions: string[]
}

export interface CodeDetails {
  fenced_blocks: number
  empty_fenced_blocks: number
  relevant_fenced_blocks: number
  inline_code_spans: number
}

export interface LengthDetails {
  words: number
  target_words: number
}

/** reward-details.json minus the `files` verify.py adds (which paths it read). */
export interface ScoreDetails {
  status: 'scored' | 'empty_answer'
  reward: number
  metrics: Record<Metric, number>
  weights: Weights
  effective_weights: Weights
  reasons: string[]
  keyword_overlap: KeywordDetails
  file_references: FileDetails
  code_blocks: CodeDetails
  length_score: LengthDetails
}

export interface ScoreResult {
  /** Rounded to 4 places, as in reward.json. */
  reward: number
  metrics: Record<Metric, number>
  /** Exactly what verify.py writes to reward.json. */
  rewardJson: RewardJson
  details: ScoreDetails
}
