// One new or changed scenario file read and judged from its bytes: plain data, plus the record
// fragment as text (encoded once, straight into the cache's records file with its record).
import { hash } from 'node:crypto'
import type { Rejection } from './assemble.ts'
import { describeError, readWhole, trustedMtime } from './read.ts'
import { judgeScenario } from './scenario.ts'
import type { ScenarioFacts } from './types.ts'
import type { Check } from './validator.ts'

export type FreshVerdict = Rejection | { kind: 'candidate'; scenario: Omit<ScenarioFacts, 'fragment' | 'context'> }

export type FreshFile =
  /** The bytes hash to the cached sha256: only the stat changed. */
  | { kind: 'same'; size: number; mtimeMs: number }
  | { kind: 'judged'; size: number; mtimeMs: number; sha256: string; verdict: FreshVerdict; fragment?: string; context?: string }

export const internal = (message: string): Rejection => ({ kind: 'reject', reason: 'internal', pointer: '', message })

/** Never throws: an unreadable file is an `internal` verdict with a size that never matches a stat. */
export function judgeFresh(path: string, dataDir: string, check: Check, cachedSha256?: string): FreshFile {
  let file: ReturnType<typeof readWhole>
  try {
    file = readWhole(path)
  } catch (error) {
    return { kind: 'judged', size: -1, mtimeMs: -1, sha256: '', verdict: internal(`cannot read the file: ${describeError(error, dataDir)}`) }
  }
  const mtimeMs = trustedMtime(file.mtimeMs, Date.now())
  const sha256 = hash('sha256', file.bytes)
  if (sha256 === cachedSha256) return { kind: 'same', size: file.size, mtimeMs }
  const base = { kind: 'judged' as const, size: file.size, mtimeMs, sha256 }
  try {
    const judged = judgeScenario(file.bytes, check)
    if (judged.kind === 'reject') return { ...base, verdict: judged }
    return { ...base, verdict: { kind: 'candidate', scenario: { ...judged.scenario, sha256 } }, fragment: judged.fragment, context: judged.context }
  } catch (error) {
    return { ...base, verdict: internal(`unexpected error: ${describeError(error, dataDir)}`) }
  }
}
