// The vocabulary shared by the extract modules: reject reasons, warnings, per-file verdicts and
// project scans. Everything here is plain data so it can cross a worker boundary and be cached.

export const REJECT_REASONS = [
  'invalid-json', 'bom', 'empty-file', 'invalid-utf8', 'schema', 'id-mismatch', 'id-unparsable',
  'unknown-category', 'duplicate-id', 'unsafe-path', 'context-files-missing', 'project-missing', 'project-file-too-large', 'internal',
] as const
export type RejectReason = (typeof REJECT_REASONS)[number]

export const WARNING_CODES = [
  'files-count-mismatch', 'context-length-mismatch', 'context-length-on-disk', 'context-files-missing',
  'duplicate-context-file', 'empty-context-files', 'empty-field', 'project-metadata-missing',
  'project-metadata-invalid', 'project-metadata-mismatch', 'project-file-not-utf8', 'project-entry-skipped', 'project-file-large',
] as const
export type WarningCode = (typeof WARNING_CODES)[number]

export interface Reject {
  /** Relative to the data root, `/`-separated. */
  file: string
  reason: RejectReason
  /** JSON pointer into the file; "" for the whole file. */
  pointer: string
  message: string
}

export interface Warning {
  file: string
  pointer: string
  code: WarningCode
  message: string
}

/** A per-file finding before the file name is attached (the cache stores these). */
export type Finding<C extends string> = { code: C; pointer: string; message: string }

export type Layout = 'A' | 'B' | 'C'

/** A byte range in a store file. */
export type BlobRef = [offset: number, length: number]

/** What one scenario file says on its own, independent of every other file and of the project tree. */
export interface ScenarioFacts {
  id: string
  /** The task_category field as written. */
  category: string
  /** The difficulty field, lower-cased and checked. */
  difficulty: string
  /** The first unsafe context path, if any: decided per file, reported after the id checks. */
  unsafe: { index: number; message: string } | null
  contextLength: number
  filesCount: number
  coverage: number | null
  warnings: Finding<WarningCode>[]
  /** sha256 of the file's bytes. */
  sha256: string
}

/**
 * A project tree as the cache keeps it: parallel lists over its files (paths relative to the
 * project dir, newline-joined, sorted), compact to store and quick to parse.
 */
export interface ProjectCacheEntry {
  paths: string
  sizes: number[]
  mtimes: number[]
  /** With size and mtime, what a file's count is reused by. A file replaced by another of the same
   *  size and mtime is a new inode; one rewritten in place with its mtime set back (an archive
   *  unpacked over the data, `touch -r`) has a new ctime, which nothing can set back. */
  inos: number[]
  ctimes: number[]
  chars: number[]
  /** sha256 of each file's bytes (hex), for the engine's stamps of extract's inputs. */
  hashes: string[]
  /** Indices of files that are not valid UTF-8. */
  invalid: number[]
  /** Every directory walked (relative, newline-joined, '' = the project dir): its listing is reused while its mtime and ctime are unchanged (an mtime of -1 never matches). */
  dirs: string
  dirMtimes: number[]
  /** A listing is reused while both its directory's mtime and ctime are unchanged. */
  dirCtimes: number[]
  /** project_metadata.json: its stat and the warnings it produced (they depend on its bytes only). */
  metadata: { size: number; mtimeMs: number; ino: number; ctimeMs: number; warnings: Finding<WarningCode>[] } | null
}

/** What a scan found, as a project item records it: enough to reuse a project without looking at it. */
export interface ProjectSummary {
  exists: boolean
  /** Set when scanning failed unexpectedly; the project's scenarios are rejected as `internal`. */
  error?: string
  layout: Layout
  wrapper: string | null
  fileCount: number
  totalChars: number
  /** Warnings about the project, file relative to the data root. */
  warnings: Warning[]
  /** Digest of everything a record takes from the project (layout, files, their code points). */
  stamp: string
  /** The project dir's mtime, or -1 when too recent to trust (see trustedMtime). */
  root: number
  /**
   * The scan met something a list of changed files may not show (a skipped entry, a name the
   * engine does not walk): the project is checked on every run.
   */
  verify: boolean
  /** Files at or above LARGE_FILE_FLOOR (file-limits.ts), for the size limits of the config. */
  large?: [path: string, bytes: number, chars: number][]
}

export interface ProjectScan extends ProjectSummary {
  projectId: string
  /** Relative to the data root. */
  dir: string
  /**
   * The files and their code points (paths relative to the project dir); null when missing or
   * failed; undefined for a project taken as recorded, unseen (loaded when a record needs it).
   */
  cache: ProjectCacheEntry | null | undefined
  /** A freshly parsed project_metadata.json still to be checked on the main thread (settleMetadata). */
  metadataValue?: unknown
  /** How many project files were read (the rest were known by their last file list). */
  read: number
}
