// The code-search sidecar as files a task ships: its build context (environment/code-search/:
// Dockerfile, server.cjs, project/), the compose file that runs it beside the agent's `main`
// service, and the task.toml entry that tells the agent where it is.
//
// Debian trixie's nodejs (v20) cannot strip TypeScript types, and the build may only use Debian
// packages, so the server and its npm dependencies (the MCP SDK, zod…) are bundled by esbuild into
// one CommonJS file at generate time. That file is the same for every task, so the layers up to it
// are shared and the project is copied last.
import { createHash } from 'node:crypto'
import { constants, copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, resolve, sep } from 'node:path'
import { compileTemplate, type Template } from '../lib/render.ts'
import { DEFAULT_PORT, MCP_PATH } from './code-search-constants.ts'

export { DEFAULT_PORT }

const SCRIPTS_MCP = import.meta.dirname
const ROOT = join(SCRIPTS_MCP, '..', '..')
const TEMPLATE = join(ROOT, 'templates', 'code-search.Dockerfile.ejs')
const ENTRY = join(SCRIPTS_MCP, 'code-search-main.ts')

/** The compose service name, and the task-environment folder holding its build context. */
export const CODE_SEARCH_SERVICE = 'code-search'
export const CODE_SEARCH_CONTEXT_DIR = 'code-search'
/** Inside the build context: the project the sidecar serves (COPY'd to /srv/project). */
export const CODE_SEARCH_PROJECT_DIR = 'project'
export const CODE_SEARCH_BUNDLE = 'server.cjs'
/** Where the sidecar image keeps the project and the server. */
export const SIDECAR_PROJECT_ROOT = '/srv/project'
export const SIDECAR_SERVER = `/opt/code-search/${CODE_SEARCH_BUNDLE}`
export const DEFAULT_BASE_IMAGE = 'debian:trixie-slim'

export interface CodeSearchBundle {
  /** server.cjs: runs on Node ≥ 20 with no node_modules. */
  code: string
  sha256: string
}

let bundleMemo: Promise<CodeSearchBundle> | undefined

/**
 * Bundles the server (scripts/mcp/*.ts and the npm packages it imports) into one file for Node 20.
 * Deterministic for the same sources and lockfile (paths in it are relative to the project
 * root); computed once per process (about a second).
 */
export function bundleCodeSearchServer(): Promise<CodeSearchBundle> {
  bundleMemo ??= (async () => {
    const { build } = await import('esbuild')
    const result = await build({
      entryPoints: [ENTRY],
      absWorkingDir: ROOT,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      minify: true,
      keepNames: true,
      legalComments: 'eof',
      charset: 'utf8',
      write: false,
      logLevel: 'silent',
    })
    const code = result.outputFiles[0].text
    return { code, sha256: createHash('sha256').update(code).digest('hex') }
  })()
  bundleMemo.catch(() => (bundleMemo = undefined))
  return bundleMemo
}

/**
 * Files whose bytes decide what the sidecar context holds (besides the project): the server's
 * sources, the template, and the lockfile (the bundled packages' versions). For a stage recipe.
 */
export function codeSearchSources(): string[] {
  const own = readdirSync(SCRIPTS_MCP)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SCRIPTS_MCP, f))
  return [...own, TEMPLATE, join(ROOT, 'package-lock.json')].sort()
}

let templateMemo: Template | undefined

export interface DockerfileOptions {
  baseImage?: string
  port?: number
}

export function renderCodeSearchDockerfile(options: DockerfileOptions = {}): string {
  templateMemo ??= compileTemplate('code-search.Dockerfile.ejs', readFileSync(TEMPLATE, 'utf8'), 'dockerfile')
  return templateMemo.render({ baseImage: options.baseImage ?? DEFAULT_BASE_IMAGE, port: checkPort(options.port ?? DEFAULT_PORT) })
}

function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`not a TCP port: ${port}`)
  return port
}

export interface CodeSearchContextOptions extends DockerfileOptions {
  /**
   * The project tree to serve, placed into <dir>/project/. Leave it out when the caller places
   * the project itself (CODE_SEARCH_PROJECT_DIR).
   */
  projectDir?: string
  /**
   * `copy` (default): copies, cloned where the file system can, so a task never aliases the
   * data; `hardlink`: hard links, copies where linking fails (as `tasks.link: hardlink`).
   */
  link?: 'copy' | 'hardlink'
}

export interface CodeSearchContext {
  dir: string
  /** Paths written, relative to dir, sorted (project files included). */
  files: string[]
  bundleSha256: string
  /** Entries of the project left out, with the reason (symlinks leading out of it, sockets…). */
  skipped: string[]
}

/**
 * Writes a sidecar build context into `dir` (created; it should be new or empty): Dockerfile,
 * server.cjs and, given projectDir, project/. Building that folder alone, anywhere, yields an
 * image serving the project over MCP.
 */
export async function writeCodeSearchContext(dir: string, options: CodeSearchContextOptions = {}): Promise<CodeSearchContext> {
  const bundle = await bundleCodeSearchServer()
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'Dockerfile'), renderCodeSearchDockerfile(options))
  writeFileSync(join(dir, CODE_SEARCH_BUNDLE), bundle.code)
  const files = ['Dockerfile', CODE_SEARCH_BUNDLE]
  const skipped: string[] = []
  if (options.projectDir !== undefined) {
    const target = join(dir, CODE_SEARCH_PROJECT_DIR)
    placeTree(options.projectDir, target, options.link ?? 'copy', skipped)
    for (const rel of listTree(target)) files.push(`${CODE_SEARCH_PROJECT_DIR}/${rel}`)
  }
  return { dir, files: files.sort(), bundleSha256: bundle.sha256, skipped }
}

/** Mirrors a tree: files copied (or hard-linked), directories made, symlinks kept only when they stay inside. */
function placeTree(from: string, to: string, link: 'copy' | 'hardlink', skipped: string[]): void {
  const copy = (s: string, d: string) => copyFileSync(s, d, constants.COPYFILE_FICLONE)
  const root = realpathSync(from)
  const visit = (src: string, dst: string, rel: string) => {
    mkdirSync(dst, { recursive: true })
    for (const entry of readdirSync(src, { withFileTypes: true })) {
      const s = join(src, entry.name)
      const d = join(dst, entry.name)
      const r = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) visit(s, d, r)
      else if (entry.isFile()) {
        if (link === 'copy') copy(s, d)
        else {
          try {
            linkSync(s, d)
          } catch {
            copy(s, d)
          }
        }
      } else if (entry.isSymbolicLink()) {
        const link = readlinkSync(s)
        const lands = resolve(dirname(s), link)
        if (isAbsolute(link) || !(lands === root || lands.startsWith(root + sep))) skipped.push(`${r}: symbolic link leaving the project (${link})`)
        else symlinkSync(link, d)
      } else skipped.push(`${r}: not a file, directory or symbolic link`)
    }
  }
  visit(root, to, '')
}

function listTree(dir: string): string[] {
  const out: string[] = []
  const visit = (abs: string, rel: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) visit(join(abs, entry.name), r)
      else out.push(r)
    }
  }
  visit(dir, '')
  return out
}

/** sha256 over a build context (names, kinds, bytes, link targets): equal contexts build equal images. */
export function hashContext(dir: string): string {
  const hash = createHash('sha256')
  for (const rel of listTree(dir).sort()) {
    const abs = join(dir, rel)
    const stat = lstatSync(abs)
    if (stat.isSymbolicLink()) hash.update(`L\0${rel}\0${readlinkSync(abs)}\n`)
    else hash.update(`F\0${rel}\0${createHash('sha256').update(readFileSync(abs)).digest('hex')}\n`)
  }
  return hash.digest('hex')
}

// ---- compose and task.toml --------------------------------------------------------------------

export interface ComposeOptions {
  /** The port the sidecar listens on inside the task network (default 8080). */
  port?: number
}

/**
 * environment/docker-compose.yaml of an MCP task. Harbor merges it over its own base file, which
 * defines `main` (built from environment/Dockerfile, with the agent's command, volumes and
 * limits): this adds the sidecar, built from environment/code-search/, and makes `main` wait
 * until the sidecar's healthcheck passes. The agent reaches it as http://code-search:PORT/mcp on
 * the task's compose network.
 */
export function codeSearchComposeYaml(options: ComposeOptions = {}): string {
  const port = checkPort(options.port ?? DEFAULT_PORT)
  return `# Merged by Harbor over its base compose file (which defines \`main\`, the agent's container).
# The code-search sidecar serves the project read-only over MCP at http://${CODE_SEARCH_SERVICE}:${port}${MCP_PATH};
# the agent's container holds no copy of the project.
services:
  main:
    depends_on:
      ${CODE_SEARCH_SERVICE}:
        condition: service_healthy
  ${CODE_SEARCH_SERVICE}:
    build:
      context: ./${CODE_SEARCH_CONTEXT_DIR}
    environment:
      CODE_SEARCH_PORT: "${port}"
    expose:
      - "${port}"
    healthcheck:
      test: ["CMD", "node", "${SIDECAR_SERVER}", "--healthcheck"]
      interval: 2s
      timeout: 5s
      retries: 30
      start_period: 10s
`
}

/**
 * environment/.dockerignore of an MCP task. Harbor builds `main` from environment/, which now
 * holds the sidecar's folder and so a copy of the project: leaving it out of main's build
 * context keeps the project out of the agent's image whatever its Dockerfile says (and keeps the
 * context small). The sidecar's own context is environment/code-search/, which this file does
 * not govern.
 */
export function mainDockerignore(): string {
  return `# The agent's image must not see the code-search sidecar's copy of the project.\n${CODE_SEARCH_CONTEXT_DIR}/\n`
}

export interface McpServerEntry {
  name: string
  transport: 'streamable-http'
  url: string
}

/** The `[[environment.mcp_servers]]` entry of task.toml for the sidecar. */
export function codeSearchMcpServer(options: ComposeOptions = {}): McpServerEntry {
  return { name: CODE_SEARCH_SERVICE, transport: 'streamable-http', url: `http://${CODE_SEARCH_SERVICE}:${checkPort(options.port ?? DEFAULT_PORT)}${MCP_PATH}` }
}

/** The same entry as TOML text, for templates that take it whole. */
export function codeSearchMcpServerToml(options: ComposeOptions = {}): string {
  const e = codeSearchMcpServer(options)
  return `[[environment.mcp_servers]]\nname = ${JSON.stringify(e.name)}\ntransport = ${JSON.stringify(e.transport)}\nurl = ${JSON.stringify(e.url)}\n`
}

export interface McpEnvironmentOptions extends CodeSearchContextOptions, ComposeOptions {}

export interface McpEnvironment {
  /** Paths written under the environment folder, sorted (the sidecar's project included). */
  files: string[]
  bundleSha256: string
  skipped: string[]
  /** The task.toml entry to declare. */
  mcpServer: McpServerEntry
}

/**
 * Everything an MCP task's environment/ needs besides the agent's own Dockerfile: the sidecar's
 * build context (code-search/), docker-compose.yaml and .dockerignore. One call for generate.
 */
export async function writeMcpEnvironment(envDir: string, options: McpEnvironmentOptions = {}): Promise<McpEnvironment> {
  const context = await writeCodeSearchContext(join(envDir, CODE_SEARCH_CONTEXT_DIR), options)
  writeFileSync(join(envDir, 'docker-compose.yaml'), codeSearchComposeYaml(options))
  writeFileSync(join(envDir, '.dockerignore'), mainDockerignore())
  const files = ['.dockerignore', 'docker-compose.yaml', ...context.files.map((f) => `${CODE_SEARCH_CONTEXT_DIR}/${f}`)].sort()
  return { files, bundleSha256: context.bundleSha256, skipped: context.skipped, mcpServer: codeSearchMcpServer(options) }
}
