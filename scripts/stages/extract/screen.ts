// What extract says on screen about the data besides its summary line: one line of warning
// counts by code (the details stay in extract-summary.json), and the same counts, with the
// rejects by reason, as the stage's problems (which `--strict` fails on).
import type { ExtractSummary } from './extract-summary.ts'
import type { FileLimits } from './file-limits.ts'
import { DEFAULT_FILE_LIMITS } from './file-limits.ts'
import type { ExtractConfig } from '../../contracts/config.ts'

const byCount = (counts: Record<string, number | undefined>): [string, number][] =>
  Object.entries(counts)
    .filter((e): e is [string, number] => (e[1] ?? 0) > 0)
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))

/** `3 project-file-not-utf8, 1 context-length-mismatch; details in extract-summary.json`, or undefined. */
export function warningLine(report: Pick<ExtractSummary, 'warnings_by_code'>): string | undefined {
  const counts = byCount(report.warnings_by_code)
  if (!counts.length) return undefined
  return `${counts.map(([code, n]) => `${n} ${code}`).join(', ')}; details in extract-summary.json`
}

/** Rejects as `rejected (<reason>)` and warnings by code: the stage's problems. */
export function extractProblems(report: Pick<ExtractSummary, 'warnings_by_code' | 'rejected_by_reason'>): Record<string, number> {
  return Object.fromEntries([
    ...byCount(report.rejected_by_reason).map(([reason, n]): [string, number] => [`rejected (${reason})`, n]),
    ...byCount(report.warnings_by_code),
  ])
}

/** The config's size limits (snake_case keys, defaults from the schema) in the scanner's terms. */
export function fileLimits(config: ExtractConfig | undefined): FileLimits {
  return {
    warnChars: config?.max_file_chars ?? DEFAULT_FILE_LIMITS.warnChars,
    maxBytes: config?.max_file_bytes ?? DEFAULT_FILE_LIMITS.maxBytes,
  }
}
