// The `mcp` task variant: the same scenario as the baseline task, but the agent's container holds
// no copy of the project. The code is served by the code-search MCP server instead: a sidecar the
// task ships (environment/docker-compose.yaml + environment/code-search/, mode `sidecar`), or a
// configured server that indexes the repositories of the index stage (mode `remote`). Each task
// names the repository and commit holding its code (from out/index/projects_to_index.json, so
// results trace to the exact tree), in instruction.md and in tests/task_metadata.json.
//
// Everything here is additive: a baseline task never passes through this module, so its bytes do
// not depend on whether the mcp variant is generated too.
import { lstatSync, readFileSync, readlinkSync } from 'node:fs'
import { join } from 'node:path'
import { codeSearchMcpServer, codeSearchMcpServerToml, writeMcpEnvironment, bundleCodeSearchServer, CODE_SEARCH_CONTEXT_DIR, CODE_SEARCH_PROJECT_DIR, CODE_SEARCH_SERVICE } from '../../mcp/code-search-image.ts'
import { TOOL_NAMES, TOOL_SUMMARIES } from '../../mcp/code-search-constants.ts'
import { readProjectsToIndex } from '../../contracts/projects-to-index.ts'
import { sha256 } from '../../lib/hash.ts'
import { harborDigestOfDir } from '../../lib/harbor-digest.ts'
import { GenerateError, TaskError } from './generate-errors.ts'
import { filesUnder } from './kept.ts'
import { taskDigest } from './manifest.ts'
import { placeProject, type PlaceState, type ProjectTree } from './project.ts'
import type { TasksConfig } from './generate-types.ts'

export type Variant = 'baseline' | 'mcp'

/** What a variant adds to a task's short name and to the dataset's name. */
export const VARIANT_SUFFIX: Record<Variant, string> = { baseline: '', mcp: '-mcp' }

/** The tasks dir of a variant, relative to the out dir. */
export const variantTasksDir = (variant: Variant): string => `tasks${VARIANT_SUFFIX[variant]}`

/** config.tasks without the variant settings: the baseline's recipe must not see them. */
export function baselineTasksRecipe(tasks: TasksConfig): Omit<TasksConfig, 'variants' | 'mcp'> {
  const { variants: _variants, mcp: _mcp, ...rest } = tasks
  return rest
}

/** One project's entry of projects_to_index.json, as the mcp tasks use it. */
export interface IndexedProject {
  repository: string
  commit: string
}

/** What one mcp task says about where its code is (instruction, task.toml, metadata). */
export interface McpTaskInfo {
  mode: 'sidecar' | 'remote'
  server: string
  url: string
  repository: string
  commit: string
  /** The `[[environment.mcp_servers]]` block appended to task.toml. */
  toml: string
  tools: { name: string; summary: string }[]
}

/** projects_to_index.json (checked against its schema): project id → repository and commit. */
function indexedProjects(path: string): Map<string, IndexedProject> {
  const out = new Map<string, IndexedProject>()
  for (const p of readProjectsToIndex(path)) out.set(p.project_id, { repository: p.repo, commit: p.commit })
  return out
}

/**
 * The Dockerfile of an mcp task's `main` service: the language's Dockerfile without its last
 * instruction, the project copy (generate's Dockerfile check guarantees that is what it ends with).
 * Every earlier layer stays the baseline's, so both variants share their toolchain images.
 */
export function withoutProjectCopy(dockerfile: string): string {
  const lines = dockerfile.split('\n')
  let last = lines.length - 1
  while (last >= 0 && lines[last].trim() === '') last--
  if (last < 0 || !/^COPY\s+(--chown=\S+\s+)?project\s+\/app\/project\s*$/.test(lines[last])) {
    throw new GenerateError('the mcp variant expects the language Dockerfile to end with COPY project /app/project')
  }
  lines[last] = '# mcp variant: no project here; the code-search MCP server serves it (see instruction.md).'
  return lines.slice(0, last + 1).join('\n') + '\n'
}

export class McpVariant {
  readonly #config: TasksConfig['mcp']
  readonly #projects: Map<string, IndexedProject>
  /** sha256 of the bundled server (sidecar mode): part of every task's input hash. */
  readonly bundleSha256: string

  private constructor(tasks: TasksConfig, projects: Map<string, IndexedProject>, bundleSha256: string) {
    this.#config = tasks.mcp
    this.#projects = projects
    this.bundleSha256 = bundleSha256
  }

  static async load(tasks: TasksConfig, projectsToIndex: string | undefined): Promise<McpVariant> {
    if (!projectsToIndex) throw new GenerateError('the mcp variant needs projectsToIndex (the index stage\'s projects_to_index.json)', 2)
    if (tasks.mcp.mode === 'remote' && !tasks.mcp.url) throw new GenerateError('tasks.mcp.mode is "remote" but tasks.mcp.url is not set: name the MCP server that indexes the repositories', 2)
    const bundle = tasks.mcp.mode === 'sidecar' ? (await bundleCodeSearchServer()).sha256 : ''
    return new McpVariant(tasks, indexedProjects(projectsToIndex), bundle)
  }

  /** The settings every mcp task depends on, for the stage's recipe. */
  get recipe(): Record<string, unknown> {
    return { ...this.#config, bundle: this.bundleSha256 }
  }

  info(id: string, projectId: string): McpTaskInfo {
    const project = this.#projects.get(projectId)
    if (!project) throw new TaskError(id, `project ${projectId} is not in projects_to_index.json: rerun the index stage`)
    const tools = TOOL_NAMES.map((name) => ({ name, summary: TOOL_SUMMARIES[name] }))
    if (this.#config.mode === 'sidecar') {
      const entry = codeSearchMcpServer({ port: this.#config.port })
      return { mode: 'sidecar', server: entry.name, url: entry.url, ...project, toml: codeSearchMcpServerToml({ port: this.#config.port }), tools }
    }
    const url = (this.#config.url as string).replaceAll('{repo}', project.repository).replaceAll('{commit}', project.commit)
    const toml = `[[environment.mcp_servers]]\nname = ${JSON.stringify(CODE_SEARCH_SERVICE)}\ntransport = "streamable-http"\nurl = ${JSON.stringify(url)}\n`
    return { mode: 'remote', server: CODE_SEARCH_SERVICE, url, ...project, toml, tools }
  }

  /** The part of a task's input hash the baseline does not have. */
  hashPart(info: McpTaskInfo): string {
    return sha256(JSON.stringify({ ...this.#config, bundle: this.bundleSha256, repository: info.repository, commit: info.commit }))
  }

  /**
   * Sidecar mode: the code-search build context, compose file and .dockerignore under environment/.
   * The project goes in as the baseline places it, from the same scan (the index stage's rules):
   * the sidecar serves exactly the tree of the commit the task names, symlinks included.
   */
  async writeEnvironment(taskDir: string, tree: ProjectTree, place: PlaceState): Promise<void> {
    if (this.#config.mode !== 'sidecar') return
    const env = join(taskDir, 'environment')
    await writeMcpEnvironment(env, { port: this.#config.port })
    await placeProject(tree, join(env, CODE_SEARCH_CONTEXT_DIR, CODE_SEARCH_PROJECT_DIR), place)
  }
}

/**
 * The task digest (manifest output_hash) and Harbor's digest of a finished mcp task dir, read from
 * the dir itself: its project lives under environment/code-search/project/, not where the
 * baseline's precomputed project block says.
 */
export function mcpTaskDigests(dir: string): { output: string; harbor: string } {
  const records = filesUnder(dir).map((rel): [string, string] => {
    const abs = join(dir, rel)
    const stat = lstatSync(abs)
    return [rel, stat.isSymbolicLink() ? sha256(`symlink:${readlinkSync(abs)}`) : sha256(readFileSync(abs))]
  })
  return { output: taskDigest(records), harbor: harborDigestOfDir(dir) }
}
