// Limits on single project files. Real LoCoBench project files are at most about 23,000
// characters, so a file far above that is not source code a task should ship (a 50 MB blob was
// once copied silently into 8 task images of 750 MB each). Above `max_file_chars` extract warns;
// above `max_file_bytes` it rejects every scenario of the project (`project-file-too-large`)
// rather than dropping the file: a project missing a file its scenario was written against would
// make a task whose ground truth may name what the agent cannot see.
import type { ProjectSummary, RejectReason, Warning } from './extract-types.ts'

/** The scan remembers every file at least this big (bytes); the limits cannot go below it. */
export const LARGE_FILE_FLOOR = 10_000

export interface FileLimits {
  /** Warn above this many characters (code points). */
  warnChars: number
  /** Reject the project's scenarios above this many bytes. */
  maxBytes: number
}

export const DEFAULT_FILE_LIMITS: FileLimits = { warnChars: 100_000, maxBytes: 1_000_000 }

/** [path relative to the project dir, bytes, code points] of every file at or above the floor. */
export type LargeFile = [path: string, bytes: number, chars: number]

export function largeFiles(paths: readonly string[], sizes: readonly number[], chars: readonly number[]): LargeFile[] {
  const large: LargeFile[] = []
  paths.forEach((path, i) => {
    if (sizes[i] >= LARGE_FILE_FLOOR || chars[i] >= LARGE_FILE_FLOOR) large.push([path, sizes[i], chars[i]])
  })
  return large
}

/** The reject for a project holding a file above the hard limit, or undefined. */
export function tooLarge(scan: Pick<ProjectSummary, 'large'> & { dir: string }, limits: FileLimits): { kind: 'reject'; reason: RejectReason; pointer: string; message: string } | undefined {
  const over = (scan.large ?? []).filter(([, bytes]) => bytes > limits.maxBytes)
  if (!over.length) return undefined
  const [path, bytes] = over[0]
  const more = over.length > 1 ? ` (and ${over.length - 1} more)` : ''
  return {
    kind: 'reject', reason: 'project-file-too-large', pointer: '',
    message: `${scan.dir}/${path} is ${bytes} bytes, above extract.max_file_bytes (${limits.maxBytes})${more}`,
  }
}

/** One warning per file above the warn threshold (and within the hard limit). */
export function largeFileWarnings(scan: Pick<ProjectSummary, 'large'> & { dir: string }, limits: FileLimits): Warning[] {
  return (scan.large ?? [])
    .filter(([, bytes, chars]) => chars > limits.warnChars && bytes <= limits.maxBytes)
    .map(([path, , chars]) => ({
      file: `${scan.dir}/${path}`, pointer: '', code: 'project-file-large' as const,
      message: `${chars} characters, above extract.max_file_chars (${limits.warnChars}); real project files are at most about 23,000`,
    }))
}
