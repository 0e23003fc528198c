// The index section of the config, the name templates, and out/index/projects_to_index.json: the
// one file that says which repository and commit hold each selected project's code.
import { readFileSync } from 'node:fs'
import { toJson } from '../lib/fsx.ts'
import { check, compileSchema, schemaIssues } from '../lib/schemas.ts'
import { IndexError } from './index-errors.ts'

export const PROJECTS_FILE = 'projects_to_index.json'
export const PROJECTS_SCHEMA = 'projects-to-index.schema.json'
export const INDEX_CONFIG_SCHEMA = 'config/index.schema.json'

export interface IndexConfig {
  org: string
  repo_name: string
  remote: string
  force_push: boolean
  create_local_remotes: boolean
  push_concurrency: number
}

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

/** The index section with schema defaults filled in (into a copy); a bad value is a config error (exit 2) naming index.<key>. */
export function completeIndexConfig(raw: unknown): IndexConfig {
  const copy = structuredClone(raw ?? {})
  const validate = compileSchema(INDEX_CONFIG_SCHEMA, true)
  if (!validate(copy)) {
    const issues = schemaIssues(validate.errors).map((i) => `index${i.pointer === '/' ? '' : i.pointer.replaceAll('/', '.')}: ${i.message}`)
    throw new IndexError(`invalid config: ${issues.join('; ')}`, 2)
  }
  const config = copy as IndexConfig
  // Templates are checked now, against a probe project, so a typo fails before any repository is built.
  repoName(config, { project_id: 'probe_web_app_easy_000', language: 'python' })
  remoteUrl(config, { project_id: 'probe_web_app_easy_000', language: 'python', repo: 'probe/probe' })
  return config
}

const PLACEHOLDER = /\{([^{}]*)\}/g

/** Replaces {name} placeholders; an unknown or unclosed one is a config error naming `key`. */
export function fillTemplate(template: string, values: Record<string, string>, key: string): string {
  const filled = template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) throw new IndexError(`invalid config: ${key}: unknown placeholder ${whole} in ${JSON.stringify(template)} (known: ${Object.keys(values).map((k) => `{${k}}`).join(', ')})`, 2)
    return values[name]
  })
  if (/[{}]/.test(filled)) throw new IndexError(`invalid config: ${key}: unbalanced brace in ${JSON.stringify(template)}`, 2)
  return filled
}

const REPO_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/

export function repoName(config: Pick<IndexConfig, 'org' | 'repo_name'>, project: { project_id: string; language: string }): string {
  const name = fillTemplate(config.repo_name, { org: config.org, project_id: project.project_id, language: project.language }, 'index.repo_name')
  // `.` / `..` parts would escape a file:// remote's root; hosts refuse them anyway.
  if (!REPO_NAME.test(name) || name.split('/').some((part) => part === '.' || part === '..')) {
    throw new IndexError(`invalid config: index.repo_name: ${JSON.stringify(config.repo_name)} gives ${JSON.stringify(name)} for ${project.project_id}, not a repository name (slash-separated letters, digits, '.', '_', '-')`, 2)
  }
  return name
}

export function remoteUrl(config: Pick<IndexConfig, 'org' | 'remote'>, project: { project_id: string; language: string; repo: string }): string {
  return fillTemplate(config.remote, { org: config.org, project_id: project.project_id, language: project.language, repo: project.repo }, 'index.remote')
}

/** projects_to_index.json's text: sorted by project id, checked against its schema before anyone can read it. */
export function projectsToIndexJson(entries: readonly ProjectToIndex[], file = PROJECTS_FILE): string {
  const sorted = [...entries].sort((a, b) => (a.project_id < b.project_id ? -1 : a.project_id > b.project_id ? 1 : 0))
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i].project_id === sorted[i - 1].project_id) throw new IndexError(`${file}: project ${sorted[i].project_id} listed twice`)
  }
  const repos = new Map<string, string>()
  for (const entry of sorted) {
    const other = repos.get(entry.repo)
    if (other) throw new IndexError(`${file}: projects ${other} and ${entry.project_id} get the same repository name ${entry.repo} (index.repo_name must contain {project_id})`)
    repos.set(entry.repo, entry.project_id)
  }
  const issues = check(PROJECTS_SCHEMA, sorted)
  if (issues.length) throw new IndexError(`${file} does not match ${PROJECTS_SCHEMA}: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return toJson(sorted)
}

/** Reads and checks projects_to_index.json; errors name the file and the JSON pointer. */
export function readProjectsToIndex(path: string): ProjectToIndex[] {
  let value: unknown
  try {
    value = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    throw new IndexError(e.code === 'ENOENT' ? `${path} does not exist (run the index stage first)` : `${path}: ${e.message}`)
  }
  const issues = check(PROJECTS_SCHEMA, value)
  if (issues.length) throw new IndexError(`${path} does not match ${PROJECTS_SCHEMA}: ${issues.slice(0, 5).map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return value as ProjectToIndex[]
}
