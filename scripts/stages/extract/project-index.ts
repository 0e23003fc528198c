// The project scans' file lists: per project its files with their sizes, mtimes, inodes, ctimes
// and code points, so a scan made again reads only the files that changed, and a project the
// engine kept has its files at hand for the records that need them. Which scans are reused is the
// engine's decision (extract/project-items.ts); each line carries the stamp of the scan it came
// from, so a list is only ever taken for the scan it belongs to. The lists are a content cache:
// valid for the code that scans (projectFilesKey), not for a record, so `clean extract` keeps them
// and an extract made cold, or rerun by other extract code, counts no unchanged file's code points
// again; `--force extract` counts every file again.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { codeHash } from '../../engine/imports.ts'
import { sha256 } from '../../lib/hash.ts'
import { asBuffer, INDEX_VERSION, Lines, writeIndex } from './index-file.ts'
import type { ProjectCacheEntry, ProjectScan, ProjectSummary } from './extract-types.ts'

const PROJECT_INDEX = 'projects.jsonl'

/**
 * What the file lists are valid for: the code that walks a project, counts its code points and
 * checks its project_metadata.json (with that schema and the packages it uses), and Node.
 */
export function projectFilesKey(): string {
  const root = join(import.meta.dirname, '..', '..', '..')
  const extra = [join(root, 'schemas', 'raw-project-metadata.schema.json'), join(root, 'package.json')]
  const code = codeHash(join(import.meta.dirname, 'project-pool.ts'), root, extra)
  return sha256(`${code}\n${codeHash(join(import.meta.dirname, 'metadata.ts'), root)}\n${process.version}`)
}

/**
 * The last scans' file lists, one line per project: key, stamp, file entry. The bytes live in
 * shared memory; entries are parsed when a project is scanned again or a record needs its files
 * (worker threads read entries straight from the shared bytes). Keyed by the code hash: code
 * points counted by other code are not reused.
 */
export class ProjectIndex {
  readonly #lines: Lines

  constructor(lines: Lines = Lines.empty(3)) {
    this.#lines = lines
  }

  static load(cacheDir: string, codeHash: string): ProjectIndex {
    return new ProjectIndex(Lines.read(join(cacheDir, PROJECT_INDEX), codeHash, 3)?.lines)
  }

  get bytes(): Uint8Array {
    return this.#lines.bytes
  }

  get size(): number {
    return this.#lines.size
  }

  has(projectId: string): boolean {
    return this.#lines.has(projectId)
  }

  /** Whether the project's file list is the one of the scan with this stamp. */
  holds(projectId: string, stamp: string): boolean {
    return this.#lines.text(projectId, 1) === JSON.stringify(stamp)
  }

  /** Byte range of a project's file entry in `bytes`, or [-1, -1]. */
  entryRange(projectId: string): [number, number] {
    return this.#lines.range(projectId, 2) ?? [-1, -1]
  }

  entry(projectId: string): ProjectCacheEntry | undefined {
    const [start, end] = this.entryRange(projectId)
    return readEntryAt(this.bytes, start, end)
  }

  /** The project's whole line, to write back unchanged. */
  line(projectId: string): Uint8Array | undefined {
    return this.#lines.line(projectId)
  }
}

export function readEntryAt(bytes: Uint8Array, start: number, end: number): ProjectCacheEntry | undefined {
  if (start < 0) return undefined
  try {
    const e = JSON.parse(asBuffer(bytes).toString('utf8', start, end)) as ProjectCacheEntry
    const n = typeof e?.paths === 'string' ? (e.paths === '' ? 0 : e.paths.split('\n').length) : -1
    const sane = n >= 0 && [e.sizes, e.mtimes, e.inos, e.ctimes, e.chars, e.hashes].every((list) => Array.isArray(list) && list.length === n) &&
      Array.isArray(e.invalid) && typeof e.dirs === 'string' && Array.isArray(e.dirMtimes) && Array.isArray(e.dirCtimes)
    return sane ? e : undefined
  } catch {
    return undefined
  }
}

export function summaryOf(scan: ProjectScan): ProjectSummary {
  const { exists, error, layout, wrapper, fileCount, totalChars, warnings, stamp, root, verify, large } = scan
  return { exists, error, layout, wrapper, fileCount, totalChars, warnings, stamp, root, verify, large }
}

/**
 * Writes the file lists of `ids`: a fresh line for each project scanned this run, the previous
 * line as it was for each one reused. Skipped when that would write the same lines.
 */
export function saveProjectIndex(cacheDir: string, codeHash: string, ids: string[], scanned: Map<string, ProjectScan>, previous: ProjectIndex): void {
  // Missing and failed projects have no files to keep.
  const kept = ids.filter((id) => (scanned.has(id) ? Boolean(scanned.get(id)!.cache) : previous.has(id)))
  // A list keeps the metadata's warnings for reuse: they must be complete (settleMetadata ran).
  const unsettled = kept.find((id) => scanned.get(id)?.metadataValue !== undefined)
  if (unsettled) throw new Error(`internal: the project_metadata.json of ${unsettled} was not checked before its file list was saved`)
  if (kept.every((id) => !scanned.has(id)) && kept.length === previous.size) return
  writeIndex(join(cacheDir, PROJECT_INDEX), { version: INDEX_VERSION, codeHash }, kept.length, (writer) => {
    for (const id of kept) {
      const scan = scanned.get(id)
      if (scan) writer.write(`${JSON.stringify(id)}\t${JSON.stringify(scan.stamp)}\t${JSON.stringify(scan.cache)}\n`)
      else writer.writeBytes(previous.line(id)!)
    }
  })
}

/** Removes the file lists, for a reader that found one damaged. */
export function dropProjectIndex(cacheDir: string): void {
  rmSync(join(cacheDir, PROJECT_INDEX), { force: true })
}
