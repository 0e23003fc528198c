// The index section of the config and the repository name templates (the file the stage writes is
// contracts/projects-to-index.ts).
import type { IndexConfig } from '../contracts/config.ts'
import { compileSchema, schemaIssues } from '../lib/schemas.ts'
import { IndexError } from './index-errors.ts'

export const INDEX_CONFIG_SCHEMA = 'config/index.schema.json'

export type { IndexConfig } from '../contracts/config.ts'

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
