// What one run of a task (oracle or empty answer) yields, and how the two runs decide pass/fail.
// Rewards are read the way Harbor reads them (docs/harbor-tasks.md §4): reward.json first,
// a flat object of numbers; else reward.txt, one number; else the trial has no reward at all.

import type { Step } from '../../contracts/smoke-report.ts'

export interface StepFailure {
  step: Step
  message: string
  /** The last lines of the failing step's output. */
  tail: string
}

export interface TrialOutcome {
  reward?: number
  failure?: StepFailure
  /** The last lines test.sh printed, shown when the reward itself is wrong. */
  verifyTail: string
}

export type RewardRead = { ok: true; reward: number } | { ok: false; problem: string }

export function readReward(json: string | undefined, txt: string | undefined): RewardRead {
  if (json !== undefined) return rewardFromJson(json)
  if (txt !== undefined) {
    const text = txt.trim()
    const value = Number(text)
    if (text === '') return { ok: false, problem: 'reward.txt is empty' }
    if (!Number.isFinite(value)) return { ok: false, problem: `reward.txt is not a number: ${JSON.stringify(text.slice(0, 60))}` }
    return { ok: true, reward: value }
  }
  return { ok: false, problem: 'test.sh wrote no reward.json or reward.txt' }
}

function rewardFromJson(text: string): RewardRead {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, problem: `reward.json is not valid JSON: ${JSON.stringify(text.slice(0, 60))}` }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problem: 'reward.json is not an object' }
  const entries = Object.entries(value as Record<string, unknown>)
  const bad = entries.find(([, v]) => typeof v !== 'number' && typeof v !== 'boolean')
  if (bad) return { ok: false, problem: `reward.json: ${bad[0]} is not a number` }
  const numbers = new Map(entries.map(([k, v]) => [k, Number(v)]))
  const reward = numbers.get('reward') ?? (numbers.size === 1 ? [...numbers.values()][0] : undefined)
  if (reward === undefined) return { ok: false, problem: 'reward.json has no "reward" key' }
  if (!Number.isFinite(reward)) return { ok: false, problem: 'reward.json: reward is not finite' }
  return { ok: true, reward }
}

export interface Verdict {
  status: 'pass' | 'fail'
  step: Step | null
  reason: string | null
  oracle_reward: number | null
  empty_reward: number | null
}

const show = (failure: StepFailure): string => (failure.tail ? `${failure.step}: ${failure.message}\n${failure.tail}` : `${failure.step}: ${failure.message}`)

/** Pass = the oracle reaches the threshold and the empty answer scores exactly 0. */
export function judge(id: string, oracle: TrialOutcome, empty: TrialOutcome, threshold: number): Verdict {
  const failures: StepFailure[] = []
  if (oracle.failure) failures.push(oracle.failure)
  else if ((oracle.reward ?? 0) < threshold) {
    failures.push({ step: 'oracle', message: `oracle reward ${oracle.reward} is below ${threshold}`, tail: oracle.verifyTail })
  }
  if (empty.failure) failures.push({ ...empty.failure, message: `empty answer: ${empty.failure.message}` })
  else if (empty.reward !== 0) {
    failures.push({ step: 'empty', message: `empty answer scored ${empty.reward}, expected 0`, tail: empty.verifyTail })
  }
  return {
    status: failures.length ? 'fail' : 'pass',
    step: failures[0]?.step ?? null,
    reason: failures.length ? `${id}: ${failures.map(show).join('\n\n')}` : null,
    oracle_reward: oracle.reward ?? null,
    empty_reward: empty.reward ?? null,
  }
}

export function failed(id: string, failure: StepFailure): Verdict {
  return { status: 'fail', step: failure.step, reason: `${id}: ${show(failure)}`, oracle_reward: null, empty_reward: null }
}
