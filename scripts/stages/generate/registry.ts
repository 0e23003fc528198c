// The Harbor dataset entry for the generated set: dataset.toml (Harbor 0.3+ package registry).
// No legacy registry.json entry: that format needs the git URL and commit the tasks will be
// published at, which only the publisher knows.
import { parse as parseToml } from 'smol-toml'
import { RenderError, type Template } from '../../lib/render.ts'
import { check } from '../../lib/schemas.ts'
import { GenerateError } from './generate-errors.ts'
import type { TasksConfig } from './generate-types.ts'

export interface RegistryTask {
  name: string
  /** Harbor's packager's digest of the task dir (harbor-task-digest.ts), hex. */
  digest: string
}

export function renderDatasetToml(template: Template, config: TasksConfig, tasks: RegistryTask[]): string {
  let text: string
  try {
    text = template.render({
      name: `${config.org}/${config.dataset_name}`,
      description: config.dataset_description,
      authors: config.authors.map((a) => (a.email ? { name: a.name, email: a.email } : { name: a.name })),
      keywords: config.keywords,
      tasks: tasks.map((t) => ({ name: t.name, digest: `sha256:${t.digest}` })),
    })
  } catch (error) {
    if (error instanceof RenderError) throw new GenerateError(`dataset.toml: ${error.message}`)
    throw error
  }
  let parsed: unknown
  try {
    parsed = parseToml(text)
  } catch (error) {
    throw new GenerateError(`dataset.toml.ejs rendered invalid TOML: ${(error as Error).message}`)
  }
  const issues = check('harbor-dataset-toml.schema.json', parsed)
  if (issues.length) throw new GenerateError(`dataset.toml.ejs rendered a dataset.toml Harbor would not accept: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return text
}
