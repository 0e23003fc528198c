// The checks that need more than one file (duplicate ids, the project tree, context files on
// disk) and the record line itself: a head built from the id, the text fragment as judged, and a
// tail with the resolved context files and project.
import { isCategory, parseScenarioId, type ScenarioId } from '../../lib/ids.ts'
import { resolveInRoot } from './context-paths.ts'
import type { Finding, ProjectCacheEntry, ProjectScan, RejectReason, ScenarioFacts, WarningCode } from './extract-types.ts'

export type Rejection = { kind: 'reject'; reason: RejectReason; pointer: string; message: string }
export type Decision = Rejection | { kind: 'accept'; tail: string; warnings: Finding<WarningCode>[] }

export const SCENARIO_DIR = 'output/scenarios'

const reject = (reason: RejectReason, message: string, pointer = ''): Rejection => ({ kind: 'reject', reason, pointer, message })

/**
 * Duplicate ids. A scenario's id must equal its file name, so a second file with the same id is
 * a copy under another name. The file named after the id is the original wherever it sorts;
 * among copies without one, the first in sorted order is the original.
 */
export class IdRegistry {
  readonly #stems: Set<string>
  readonly #firstCopy = new Map<string, string>()

  constructor(stems: Iterable<string>) {
    this.#stems = new Set(stems)
  }

  check(stem: string, id: string): Rejection | null {
    if (id === stem) return null
    if (this.#stems.has(id)) return reject('duplicate-id', `id "${id}" is already used by ${SCENARIO_DIR}/${id}.json`, '/id')
    const first = this.#firstCopy.get(id)
    if (first !== undefined) return reject('duplicate-id', `id "${id}" is already used by ${SCENARIO_DIR}/${first}.json`, '/id')
    this.#firstCopy.set(id, stem)
    return reject('id-mismatch', `id "${id}" does not match the file name "${stem}.json"`, '/id')
  }
}

/** Checks that need only the file and the id grammar; returns the parsed id or a rejection. */
export function checkIdentity(facts: ScenarioFacts): ScenarioId | Rejection {
  const parsed = parseScenarioId(facts.id)
  if (!parsed.ok) return reject('id-unparsable', parsed.reason, '/id')
  if (!isCategory(facts.category)) {
    return reject('unknown-category', `task_category "${facts.category}" is not one of the 8 LoCoBench categories`, '/task_category')
  }
  if (facts.category !== parsed.value.category) {
    return reject('unknown-category', `task_category "${facts.category}" disagrees with the id's category "${parsed.value.category}"`, '/task_category')
  }
  if (facts.unsafe) return reject('unsafe-path', facts.unsafe.message, `/context_files/${facts.unsafe.index}`)
  return parsed.value
}

/** A project's files by path relative to its root, for the context checks. */
export class ProjectView {
  readonly scan: ProjectScan
  readonly json: string
  readonly #chars = new Map<string, number>()

  constructor(scan: ProjectScan, entry: ProjectCacheEntry | null) {
    this.scan = scan
    const files = entry && entry.paths !== '' ? entry.paths.split('\n') : []
    const prefix = scan.wrapper === null ? 0 : scan.wrapper.length + 1
    for (let i = 0; i < files.length; i++) this.#chars.set(files[i].slice(prefix), entry!.chars[i])
    const root = scan.wrapper === null ? scan.dir : `${scan.dir}/${scan.wrapper}`
    this.json = JSON.stringify({ dir: scan.dir, root, wrapper: scan.wrapper, layout: scan.layout, file_count: scan.fileCount, total_chars: scan.totalChars })
  }

  has = (path: string): boolean => this.#chars.has(path)
  /** Code points of a project file, undefined when there is no such file. */
  chars = (path: string): number | undefined => this.#chars.get(path)
}

const list = (paths: string[], max = 5): string =>
  paths.slice(0, max).join(', ') + (paths.length > max ? `, … (${paths.length - max} more)` : '')

/**
 * The record's tail (context files resolved in the project, context length checked against the
 * files on disk, project, source) or the context-files-missing rejection. `context` is the
 * newline-joined normalised paths.
 */
export function assemble(facts: ScenarioFacts, context: string, project: ProjectView, file: string): Decision {
  const warnings = [...facts.warnings]
  const files: string[] = []
  const missing: string[] = []
  const seen = new Set<string>()
  let onDisk = 0
  const listed = context === '' ? [] : context.split('\n')
  for (const [index, path] of listed.entries()) {
    const resolved = resolveInRoot(path, project.scan.wrapper, project.has)
    if (seen.has(resolved)) {
      warnings.push({ code: 'duplicate-context-file', pointer: `/context_files/${index}`, message: `"${resolved}" is listed more than once; kept once` })
      continue
    }
    seen.add(resolved)
    files.push(resolved)
    const chars = project.chars(resolved)
    if (chars === undefined) missing.push(resolved)
    else onDisk += chars
  }
  const root = project.scan.wrapper === null ? project.scan.dir : `${project.scan.dir}/${project.scan.wrapper}`
  if (files.length > 0 && missing.length === files.length) {
    return reject('context-files-missing', `none of the ${files.length} context files exist under ${root}/ (${list(missing)})`, '/context_files')
  }
  if (missing.length) {
    warnings.push({ code: 'context-files-missing', pointer: '/context_files', message: `${missing.length} of ${files.length} context files do not exist under ${root}/: ${list(missing)}` })
  } else if (files.length && onDisk !== facts.contextLength) {
    warnings.push({ code: 'context-length-on-disk', pointer: '/context_length', message: `context_length is ${facts.contextLength} but the context files hold ${onDisk} code points` })
  }
  const tail = [
    `,"context_files":${JSON.stringify(files)}`,
    `"missing_context_files":${JSON.stringify(missing)}`,
    `"context_length":${facts.contextLength}`,
    `"files_count":${facts.filesCount}`,
    `"coverage":${JSON.stringify(facts.coverage)}`,
    `"project":${project.json}`,
    `"source":${JSON.stringify({ file, sha256: facts.sha256 })}}\n`,
  ].join(',')
  return { kind: 'accept', tail, warnings }
}

/** The record's head: everything the id and the file's own fields decide. */
export function recordHead(facts: ScenarioFacts, id: ScenarioId): string {
  return [
    `{"id":${JSON.stringify(facts.id)}`,
    `"project_id":${JSON.stringify(id.projectId)}`,
    `"language":${JSON.stringify(id.language)}`,
    `"domain":${JSON.stringify(id.domain)}`,
    `"project_complexity":${JSON.stringify(id.complexity)}`,
    `"project_number":${id.number}`,
    `"task_category":${JSON.stringify(id.category)}`,
    `"difficulty":${JSON.stringify(facts.difficulty)}`,
    `"id_difficulty":${JSON.stringify(id.difficulty)},`,
  ].join(',')
}
