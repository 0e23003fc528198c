// out/index/projects_to_index.json: which repository and commit hold each selected project's code.
// Written by the index stage, read by its push command and by generate's mcp variant. Sorted by
// project id. Schema: schemas/projects-to-index.schema.json.
import { readFileSync } from 'node:fs'
import { ExitError } from '../lib/errors.ts'
import { toJson } from '../lib/fsx.ts'
import { check } from '../lib/schemas.ts'

export const PROJECTS_FILE = 'projects_to_index.json'
export const PROJECTS_SCHEMA = 'projects-to-index.schema.json'

/** The file is missing, not JSON or not the contract; or would not be, when written. */
export class ProjectsToIndexError extends ExitError {}

export interface ProjectToIndex {
  project_id: string
  name: string | null
  dir_name: string
  language: string
  files: number
  lines: number
  bytes: number
  repo: string
  repo_dir: string
  branch: 'main'
  commit: string
  tree: string
  task_ids: string[]
  empty_dirs: string[]
  skipped: string[]
}

/** projects_to_index.json's text: sorted by project id, checked against its schema before anyone can read it. */
export function projectsToIndexJson(entries: readonly ProjectToIndex[], file = PROJECTS_FILE): string {
  const sorted = [...entries].sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0))
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].project_id === sorted[i - 1].project_id) throw new ProjectsToIndexError(`${file}: project ${sorted[i].project_id} listed twice`)
  }
  const repos = new Map<string, string>()
  for (const entry of sorted) {
    const other = repos.get(entry.repo)
    if (other) throw new ProjectsToIndexError(`${file}: projects ${other} and ${entry.project_id} get the same repository name ${entry.repo} (index.repo_name must contain {project_id})`)
    repos.set(entry.repo, entry.project_id)
  }
  const issues = check(PROJECTS_SCHEMA, sorted)
  if (issues.length) throw new ProjectsToIndexError(`${file} does not match ${PROJECTS_SCHEMA}: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return toJson(sorted)
}

/** Reads and checks projects_to_index.json; errors name the file and the JSON pointer. */
export function readProjectsToIndex(path: string): ProjectToIndex[] {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    throw new ProjectsToIndexError(e.code === 'ENOENT' ? `${path} does not exist (run the index stage first)` : `${path}: ${e.message}`)
  }
  const issues = check(PROJECTS_SCHEMA, value)
  if (issues.length) throw new ProjectsToIndexError(`${path} does not match ${PROJECTS_SCHEMA}: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return value as ProjectToIndex[]
}
