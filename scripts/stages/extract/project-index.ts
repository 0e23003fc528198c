// The project index: per project what its last scan found (a summary enough to reuse it unseen)
// and its files with their sizes, mtimes and code points (to scan it again cheaply).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { asBuffer, INDEX_VERSION, Lines, writeIndex } from './index-file.ts'
import type { ProjectCacheEntry, ProjectScan, ProjectSummary } from './extract-types.ts'

const PROJECT_INDEX = 'projects.jsonl'

/**
 * The previous project scans, one line per project: key, summary, file entry. The bytes live in
 * shared memory; summaries are parsed when a project is reused, entries when it is scanned again
 * or a record needs its files (worker threads read entries straight from the shared bytes).
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

  summary(projectId: string): ProjectSummary | undefined {
    const text = this.#lines.text(projectId, 1)
    if (text === undefined) return undefined
    try {
      const s = JSON.parse(text) as ProjectSummary
      const sane = s?.exists === true && typeof s.stamp === 'string' && typeof s.root === 'number' && typeof s.verify === 'boolean' &&
        Array.isArray(s.warnings) && Number.isInteger(s.fileCount) && Number.isInteger(s.totalChars) && ['A', 'B', 'C'].includes(s.layout)
      return sane ? s : undefined
    } catch {
      return undefined
    }
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
    const sane = n >= 0 && [e.sizes, e.mtimes, e.chars].every((list) => Array.isArray(list) && list.length === n) &&
      Array.isArray(e.invalid) && typeof e.dirs === 'string' && Array.isArray(e.dirMtimes)
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
 * Writes the project index for `ids`: a fresh line for each project scanned this run, the
 * previous line as it was for each one reused. Skipped when that would write the same lines.
 */
export function saveProjectIndex(cacheDir: string, codeHash: string, ids: string[], scanned: Map<string, ProjectScan>, previous: ProjectIndex): void {
  // Missing and failed projects are not kept: they are looked at again next time.
  const kept = ids.filter((id) => (scanned.has(id) ? Boolean(scanned.get(id)!.cache) : previous.has(id)))
  if (kept.every((id) => !scanned.has(id)) && kept.length === previous.size) return
  writeIndex(join(cacheDir, PROJECT_INDEX), { version: INDEX_VERSION, codeHash }, kept.length, (writer) => {
    for (const id of kept) {
      const scan = scanned.get(id)
      if (scan) writer.write(`${JSON.stringify(id)}\t${JSON.stringify(summaryOf(scan))}\t${JSON.stringify(scan.cache)}\n`)
      else writer.writeBytes(previous.line(id)!)
    }
  })
}

/** Removes the project index, for a reader that found it damaged. */
export function dropProjectIndex(cacheDir: string): void {
  rmSync(join(cacheDir, PROJECT_INDEX), { force: true })
}
