// The smoke check of an MCP task's compose environment: bring the code-search sidecar up with the
// engine's compose tool, wait for its healthcheck, connect the MCP SDK's real client from this
// host, list the tools, search for an identifier taken from a known project file and require that
// file among the results, ask where it is defined (which must answer: ctags works); optionally start the agent's `main` service too and check that it
// reaches the sidecar by its service name, as the agent will. Everything is torn down at the end,
// whatever happened.
//
// Reaching the sidecar from the host: the task's own compose file publishes nothing (Harbor's
// agent reaches it on the compose network), so an extra compose file, written to a temporary
// folder, either publishes the port on 127.0.0.1 at a random host port (`publish`, the default,
// which keeps the task's network exactly as Harbor runs it) or puts the sidecar on the host's
// network at a free port (`host`, for engines that cannot make bridge networks). Builds always use
// the host network: an engine started with --bridge=none has no default bridge to build on.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { DEFAULT_PORT, HEALTH_PATH, MCP_PATH, TOOL_NAMES } from './code-search-constants.ts'
import { CODE_SEARCH_CONTEXT_DIR, CODE_SEARCH_PROJECT_DIR, CODE_SEARCH_SERVICE, hashContext } from './code-search-image.ts'

export type EngineKind = 'docker' | 'podman'

/** The container engine; structurally compatible with the smoke stage's Engine. */
export interface ComposeEngine {
  kind: EngineKind
  /** The engine's CLI (default: `docker` or `podman`). */
  bin?: string
  /** Arguments every engine command starts with (Podman's --storage-driver); not given to compose. */
  baseArgs?: string[]
  env?: NodeJS.ProcessEnv
}

export interface ComposeTool {
  /** The command that runs compose, e.g. ['docker', 'compose'] or ['docker-compose']. */
  argv: string[]
  /** e.g. `docker compose 2.29.1`, `docker-compose 1.29.2`. */
  describe: string
}

export type McpSmokeStep = 'setup' | 'compose' | 'build' | 'up' | 'health' | 'connect' | 'tools' | 'search' | 'definitions' | 'main'

export interface McpSmokeOptions {
  /** A task's environment/ folder: docker-compose.yaml and code-search/ (with project/). */
  envDir: string
  /** A file the search must find, relative to the project root (e.g. a ground-truth file). */
  expectedFile: string
  /** What to search for; default: the identifier of expectedFile found in the fewest project files. */
  identifier?: string
  engine?: ComposeEngine
  /** How the host reaches the sidecar (see the top of this file). Default `publish`. */
  network?: 'publish' | 'host'
  /** The sidecar's port inside its container (default 8080, as the compose file sets it). */
  port?: number
  /** Also start `main` from this (already built) image and check it reaches the sidecar by name. */
  mainImage?: string
  /** Remove the sidecar image afterwards (default false: the next run reuses it). */
  removeImage?: boolean
  /** Build even when an image for this exact context exists. */
  rebuild?: boolean
  timeouts?: { buildMs?: number; healthyMs?: number; requestMs?: number }
  signal?: AbortSignal
  /** Progress lines (default: none). */
  log?: (line: string) => void
}

export interface McpSmokeResult {
  ok: boolean
  failure?: { step: McpSmokeStep; message: string; tail: string }
  /** The compose project name (unique per run). */
  project: string
  compose: string
  /** The sidecar image: locobench-code-search:<hash of its build context>. */
  image: string
  built: boolean
  network: 'publish' | 'host'
  /** The MCP endpoint as the host reached it. */
  url?: string
  tools: string[]
  identifier?: string
  expectedFile: string
  /** Files in the search results (the expected one must be among them). */
  found: string[]
  /**
   * Files where find_definitions places the identifier (may be empty: not every name is defined);
   * the call must answer without a tool error, which proves ctags works in the image.
   */
  definedIn: string[]
  /** Whether `main` reached the sidecar by its service name (undefined when main was not started). */
  mainReached?: boolean
  timings: { buildMs: number; upMs: number; healthyMs: number; mcpMs: number; downMs: number; totalMs: number }
  teardown: { ok: boolean; message?: string }
}

// ---- processes --------------------------------------------------------------------------------

interface Ran {
  code: number | null
  output: string
  stdout: string
  timedOut: boolean
  startError?: string
}

const OUTPUT_CAP = 2 * 1024 * 1024

function runCommand(argv: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; signal?: AbortSignal } = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(argv[0], argv.slice(1), { env: options.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    let stdout = ''
    let timedOut = false
    const add = (chunk: Buffer, isOut: boolean) => {
      const text = chunk.toString('utf8')
      if (output.length < OUTPUT_CAP) output += text
      if (isOut && stdout.length < OUTPUT_CAP) stdout += text
    }
    child.stdout.on('data', (c: Buffer) => add(c, true))
    child.stderr.on('data', (c: Buffer) => add(c, false))
    const kill = () => child.kill('SIGKILL')
    const timer = options.timeoutMs ? setTimeout(() => ((timedOut = true), kill()), options.timeoutMs) : undefined
    options.signal?.addEventListener('abort', kill, { once: true })
    child.on('error', (error) => {
      clearTimeout(timer)
      resolve({ code: null, output: error.message, stdout: '', timedOut, startError: error.message })
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', kill)
      resolve({ code, output, stdout, timedOut })
    })
  })
}

const tailOf = (text: string, lines = 30): string => text.trimEnd().split('\n').slice(-lines).join('\n')
const said = (r: Ran): string => (r.startError ? r.startError : r.timedOut ? 'timed out' : `exit ${r.code}: ${tailOf(r.output, 1)}`)

// ---- compose ----------------------------------------------------------------------------------

const engineBin = (engine: ComposeEngine): string => engine.bin ?? engine.kind

/**
 * The compose tool for an engine: Docker's plugin (`docker compose`), else the standalone
 * `docker-compose` (Debian's package); for Podman `podman compose`, else `podman-compose`.
 */
// Asked once per engine and process: a smoke run checks many tasks, and docker-compose (Python)
// takes seconds to start.
const composeMemo = new Map<string, Promise<ComposeTool | { why: string }>>()

export function detectCompose(engine: ComposeEngine = { kind: 'docker' }): Promise<ComposeTool | { why: string }> {
  const key = `${engine.kind}\0${engineBin(engine)}`
  let found = composeMemo.get(key)
  if (!found) {
    composeMemo.set(key, (found = askCompose(engine)))
    void found.then((r) => 'why' in r && composeMemo.delete(key))
  }
  return found
}

async function askCompose(engine: ComposeEngine): Promise<ComposeTool | { why: string }> {
  const bin = engineBin(engine)
  const candidates: [string[], string][] = engine.kind === 'docker' ? [[[bin, 'compose'], `${bin} compose`], [['docker-compose'], 'docker-compose']] : [[[bin, 'compose'], `${bin} compose`], [['podman-compose'], 'podman-compose']]
  const why: string[] = []
  for (const [argv, name] of candidates) {
    const r = await runCommand([...argv, 'version'], { env: engine.env, timeoutMs: 30_000 })
    const version = /(\d+\.\d+\.\d+)/.exec(r.output)?.[1]
    if (r.code === 0 && version) return { argv, describe: `${name} ${version}` }
    why.push(`${name}: ${said(r)}`)
  }
  return { why: `no compose tool answers (${why.join('; ')}); install Docker's compose plugin or Debian's docker-compose (podman-compose for Podman)` }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number }
      srv.close(() => resolve(port))
    })
  })
}

// ---- the identifier ---------------------------------------------------------------------------

const COMMON = new Set(
  'function return const class import export default public private protected static final void string number boolean interface extends implements package struct typedef include define return async await yield lambda self this super null none true false undefined while break continue switch case object module require from with except finally raise throws throw catch try else elif then where select insert update delete create table values println printf console error value values result results data index items item list dict name names type types args kwargs param params config options settings test tests assert expect should'.split(' '),
)

function projectTexts(dir: string): string[] {
  const out: string[] = []
  const visit = (abs: string) => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name)
      if (entry.isDirectory()) {
        if (entry.name !== '.git') visit(path)
      } else if (entry.isFile() && statSync(path).size < 2 * 1024 * 1024) {
        const bytes = readFileSync(path)
        if (!bytes.subarray(0, 8000).includes(0)) out.push(bytes.toString('utf8'))
      }
    }
  }
  visit(dir)
  return out
}

/**
 * A distinctive identifier of `relFile`: a name of at least 6 characters (no keyword or everyday
 * word) found in the fewest files of the project, longer first, so that a capped search still
 * lists the file. Undefined when the file has no such name.
 */
export function pickIdentifier(projectDir: string, relFile: string): string | undefined {
  const text = readFileSync(join(projectDir, relFile), 'utf8')
  const candidates = [...new Set(text.match(/[A-Za-z_][A-Za-z0-9_]{5,63}/g) ?? [])].filter((w) => !COMMON.has(w.toLowerCase()) && /[a-z]/i.test(w))
  if (candidates.length === 0) return undefined
  const texts = projectTexts(projectDir)
  const scored = candidates.map((w, order) => ({ w, order, files: texts.reduce((n, t) => n + (t.includes(w) ? 1 : 0), 0) }))
  scored.sort((a, b) => a.files - b.files || b.w.length - a.w.length || a.order - b.order)
  return scored[0].w
}

/** File paths in a search_code answer: the lines that are not the header, a match or a note. */
export function searchResultFiles(text: string): string[] {
  return text
    .split('\n')
    .slice(1)
    .filter((line) => line !== '' && !line.startsWith('  ') && !line.startsWith('['))
}

// ---- the check --------------------------------------------------------------------------------

export async function smokeCodeSearchCompose(options: McpSmokeOptions): Promise<McpSmokeResult> {
  const started = Date.now()
  const engine = options.engine ?? { kind: 'docker' as const }
  const bin = engineBin(engine)
  const network = options.network ?? 'publish'
  const innerPort = options.port ?? DEFAULT_PORT
  const log = options.log ?? (() => {})
  const timeouts = { buildMs: 20 * 60_000, healthyMs: 180_000, requestMs: 60_000, ...options.timeouts }
  const project = `locobench-mcp-${process.pid}-${randomBytes(4).toString('hex')}`
  const contextDir = join(options.envDir, CODE_SEARCH_CONTEXT_DIR)
  const result: McpSmokeResult = {
    ok: false,
    project,
    compose: '',
    image: '',
    built: false,
    network,
    tools: [],
    expectedFile: options.expectedFile,
    found: [],
    definedIn: [],
    timings: { buildMs: 0, upMs: 0, healthyMs: 0, mcpMs: 0, downMs: 0, totalMs: 0 },
    teardown: { ok: true },
  }
  const fail = (step: McpSmokeStep, message: string, tail = ''): McpSmokeResult => {
    result.failure = { step, message, tail }
    return result
  }
  const baseArgs = engine.baseArgs ?? []
  const engineRun = (args: string[], timeoutMs = 120_000) => runCommand([bin, ...baseArgs, ...args], { env: engine.env, timeoutMs, signal: options.signal })

  // Everything that needs no engine first: a broken task fails here with a clear reason.
  if (options.expectedFile.startsWith('/') || options.expectedFile.split('/').includes('..')) {
    return finish(fail('setup', `expectedFile must be relative to the project root (e.g. src/app.py, not /app/project/src/app.py): ${options.expectedFile}`))
  }
  let identifier = options.identifier
  try {
    statSync(join(options.envDir, 'docker-compose.yaml'))
    statSync(join(contextDir, 'Dockerfile'))
    identifier ??= pickIdentifier(join(contextDir, CODE_SEARCH_PROJECT_DIR), options.expectedFile)
    result.image = `locobench-code-search:${hashContext(contextDir).slice(0, 16)}`
  } catch (error) {
    return finish(fail('setup', `the task environment is incomplete: ${(error as Error).message}`))
  }
  if (!identifier) return finish(fail('setup', `${options.expectedFile} holds no identifier to search for`))
  result.identifier = identifier

  const compose = await detectCompose(engine)
  if ('why' in compose) return finish(fail('compose', compose.why))
  result.compose = compose.describe

  const hostPort = network === 'host' ? await freePort() : 0
  const work = mkdtempSync(join(tmpdir(), 'locobench-mcp-smoke-'))
  const sidecar: Record<string, unknown> = { image: result.image, build: { context: contextDir, network: 'host' } }
  if (network === 'host') Object.assign(sidecar, { network_mode: 'host', environment: { CODE_SEARCH_PORT: String(hostPort), CODE_SEARCH_HOST: '127.0.0.1' } })
  else sidecar.ports = [`127.0.0.1::${innerPort}`]
  // `main` gets an image so the merged file is complete; it only starts when one was given.
  const main: Record<string, unknown> = { image: options.mainImage ?? result.image, command: ['sleep', '600'], healthcheck: { disable: true } }
  if (network === 'host') main.network_mode = 'host'
  const extraFile = join(work, 'compose.smoke.yaml')
  // JSON is YAML: no YAML writer needed, and every value is quoted exactly.
  writeFileSync(extraFile, `${JSON.stringify({ services: { main, [CODE_SEARCH_SERVICE]: sidecar } }, null, 2)}\n`)
  // The project directory is the first file's (environment/), so relative paths resolve as under
  // Harbor. Compose itself only builds, starts and stops; containers are then found by compose's
  // labels and asked through the engine (ps, inspect, port, logs, exec), which every compose
  // tool's containers answer the same way, podman-compose 1.0 (no `port`) included.
  const composeArgs = [...compose.argv, '--project-name', project, '-f', join(options.envDir, 'docker-compose.yaml'), '-f', extraFile]
  const composeRun = (args: string[], timeoutMs: number) => runCommand([...composeArgs, ...args], { env: engine.env, timeoutMs, signal: options.signal })
  const containerOf = async (service: string): Promise<string | undefined> => {
    const ps = await engineRun(['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`, '--filter', `label=com.docker.compose.service=${service}`], 60_000)
    return ps.stdout.trim().split('\n').filter(Boolean)[0]
  }
  const logsOf = async (service: string): Promise<string> => {
    const id = await containerOf(service)
    return id ? (await engineRun(['logs', '--tail', '50', id], 60_000)).output : `(no ${service} container)`
  }
  let upCalled = false

  try {
    // Build only what is missing: the tag is the context's hash, so an existing image is this one.
    const present = options.rebuild ? false : (await engineRun(['image', 'inspect', '--format', '{{.Id}}', result.image])).code === 0
    if (!present) {
      log(`building ${result.image}`)
      const t = Date.now()
      const built = await composeRun(['build', CODE_SEARCH_SERVICE], timeouts.buildMs)
      result.timings.buildMs = Date.now() - t
      if (built.code !== 0) return fail('build', `building the sidecar failed (${said(built)})`, tailOf(built.output))
      result.built = true
    }

    const services = options.mainImage ? ['main', CODE_SEARCH_SERVICE] : [CODE_SEARCH_SERVICE]
    let t = Date.now()
    upCalled = true
    // `main` waits for the sidecar's healthcheck (depends_on: service_healthy), as under Harbor.
    // No --no-build: should another run have removed the image meanwhile, up builds it again.
    const up = await composeRun(['up', '-d', ...(options.mainImage ? [] : ['--no-deps']), ...services], timeouts.buildMs + timeouts.healthyMs)
    result.timings.upMs = Date.now() - t
    if (up.code !== 0) {
      // With main, up itself waits for the healthcheck: an unhealthy sidecar fails here, so its log goes along.
      return fail('up', `compose up failed (${said(up)})`, tailOf(`${up.output}\n${await logsOf(CODE_SEARCH_SERVICE)}`))
    }

    t = Date.now()
    const health = await waitHealthy(() => containerOf(CODE_SEARCH_SERVICE), engineRun, timeouts.healthyMs, options.signal)
    result.timings.healthyMs = Date.now() - t
    if (!health.ok) {
      return fail('health', health.message, tailOf(`${health.detail}\n${await logsOf(CODE_SEARCH_SERVICE)}`))
    }

    let base: string
    if (network === 'host') base = `http://127.0.0.1:${hostPort}`
    else {
      const port = await engineRun(['port', (await containerOf(CODE_SEARCH_SERVICE)) ?? CODE_SEARCH_SERVICE, `${innerPort}/tcp`], 60_000)
      const m = /^(\d+\.\d+\.\d+\.\d+|\[[0-9a-f:]+\]):(\d+)\s*$/m.exec(port.stdout.trim())
      if (port.code !== 0 || !m) return fail('connect', `the engine could not say which host port the sidecar is published on (${said(port)})`, tailOf(port.output))
      base = `http://${m[1] === '0.0.0.0' ? '127.0.0.1' : m[1]}:${m[2]}`
    }
    result.url = `${base}${MCP_PATH}`

    t = Date.now()
    const mcp = await askSidecar(result.url, `${base}${HEALTH_PATH}`, identifier, timeouts.requestMs)
    result.timings.mcpMs = Date.now() - t
    result.tools = mcp.tools
    result.found = mcp.found
    result.definedIn = mcp.definedIn
    if (mcp.failure) return fail(mcp.failure.step, mcp.failure.message, mcp.failure.tail)
    const missingTools = TOOL_NAMES.filter((name) => !mcp.tools.includes(name))
    if (missingTools.length) return fail('tools', `the sidecar does not offer ${missingTools.join(', ')} (it lists ${mcp.tools.join(', ') || 'nothing'})`)
    if (!mcp.found.includes(options.expectedFile)) {
      return fail('search', `searching for ${JSON.stringify(identifier)} did not list ${options.expectedFile} (found: ${mcp.found.slice(0, 10).join(', ') || 'nothing'})`, tailOf(mcp.answer))
    }

    if (options.mainImage) {
      // The agent's view: the sidecar by its service name on the task network (bash's /dev/tcp:
      // every Debian image has bash, not every one has curl or python).
      const address = network === 'host' ? `127.0.0.1/${hostPort}` : `${CODE_SEARCH_SERVICE}/${innerPort}`
      const probe = `exec 3<>/dev/tcp/${address} && printf 'GET ${HEALTH_PATH} HTTP/1.0\\r\\nHost: ${CODE_SEARCH_SERVICE}\\r\\n\\r\\n' >&3 && timeout 10 cat <&3`
      const reached = await engineRun(['exec', (await containerOf('main')) ?? 'main', 'bash', '-c', probe], 60_000)
      result.mainReached = reached.code === 0 && /^HTTP\/1\.[01] 200/.test(reached.stdout) && reached.stdout.includes('"status":"ok"')
      if (!result.mainReached) return fail('main', `main could not reach the sidecar at ${address.replace('/', ':')} (${said(reached)})`, tailOf(reached.output))
    }
    result.ok = true
    return result
  } finally {
    const t = Date.now()
    if (upCalled) {
      const down = await runCommand([...composeArgs, 'down', '--volumes', '--remove-orphans', '--timeout', '1'], { env: engine.env, timeoutMs: 180_000 })
      if (down.code !== 0) {
        // compose could not clean up: remove the project's containers directly, then say so.
        const ids = await runCommand([bin, ...baseArgs, 'ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`], { env: engine.env, timeoutMs: 60_000 })
        const list = ids.stdout.split('\n').filter(Boolean)
        if (list.length) await runCommand([bin, ...baseArgs, 'rm', '-f', ...list], { env: engine.env, timeoutMs: 120_000 })
        result.teardown = { ok: false, message: `compose down failed (${said(down)}); removed ${list.length} container(s) directly` }
      }
    }
    if (options.removeImage && result.image) await runCommand([bin, ...baseArgs, 'rmi', '-f', result.image], { env: engine.env, timeoutMs: 120_000 })
    rmSync(work, { recursive: true, force: true })
    result.timings.downMs = Date.now() - t
    finish(result)
  }

  function finish(r: McpSmokeResult): McpSmokeResult {
    r.timings.totalMs = Date.now() - started
    return r
  }
}

type EngineRunner = (args: string[], timeoutMs?: number) => Promise<Ran>

/** Polls the sidecar container's state until its healthcheck passes, it fails, it exits, or time runs out. */
async function waitHealthy(container: () => Promise<string | undefined>, engineRun: EngineRunner, timeoutMs: number, signal?: AbortSignal): Promise<{ ok: boolean; message: string; detail: string }> {
  const deadline = Date.now() + timeoutMs
  let last = 'no container yet'
  while (Date.now() < deadline && !signal?.aborted) {
    const id = await container()
    if (id) {
      const inspect = await engineRun(['inspect', '--format', '{{json .State}}', id], 60_000)
      try {
        const state = JSON.parse(inspect.stdout) as { Status?: string; ExitCode?: number; Health?: { Status?: string; Log?: { Output?: string }[] } }
        const health = state.Health?.Status
        if (health === 'healthy') return { ok: true, message: '', detail: '' }
        const lastCheck = state.Health?.Log?.at(-1)?.Output?.trim() ?? ''
        // A stopped container is reported as such (its health may read unhealthy too, but says less).
        if (state.Status === 'exited' || state.Status === 'dead') return { ok: false, message: `the sidecar stopped (exit code ${state.ExitCode})`, detail: lastCheck }
        if (health === 'unhealthy') return { ok: false, message: 'the sidecar reported unhealthy', detail: lastCheck }
        last = `${state.Status ?? '?'}, health ${health ?? 'not reported'}`
      } catch {
        last = `inspect failed (${said(inspect)})`
      }
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  return { ok: false, message: `the sidecar was not healthy within ${Math.round(timeoutMs / 1000)} s (last: ${last})`, detail: '' }
}

interface Asked {
  tools: string[]
  found: string[]
  definedIn: string[]
  answer: string
  failure?: { step: McpSmokeStep; message: string; tail: string }
}

/** The MCP part, through the SDK's client: connect, list the tools, search for the identifier. */
async function askSidecar(url: string, healthUrl: string, identifier: string, requestMs: number): Promise<Asked> {
  const asked: Asked = { tools: [], found: [], definedIn: [], answer: '' }
  // The published port can lag the container's own healthcheck by a moment (the proxy starts).
  const until = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(healthUrl, { signal: AbortSignal.timeout(5000) })).ok) break
    } catch {
      // not yet
    }
    if (Date.now() > until) return { ...asked, failure: { step: 'connect', message: `${healthUrl} does not answer from the host`, tail: '' } }
    await new Promise((r) => setTimeout(r, 500))
  }
  const client = new Client({ name: 'locobench-smoke', version: '1.0.0' })
  try {
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(url)), { timeout: requestMs })
    } catch (error) {
      return { ...asked, failure: { step: 'connect', message: `the MCP client could not connect to ${url}: ${(error as Error).message}`, tail: '' } }
    }
    try {
      asked.tools = (await client.listTools(undefined, { timeout: requestMs })).tools.map((t) => t.name)
    } catch (error) {
      return { ...asked, failure: { step: 'tools', message: `listing the tools failed: ${(error as Error).message}`, tail: '' } }
    }
    try {
      const reply = await client.callTool({ name: 'search_code', arguments: { query: identifier, case_sensitive: true, max_results: 1000 } }, undefined, { timeout: requestMs })
      asked.answer = (reply.content as { type: string; text?: string }[]).map((p) => p.text ?? '').join('\n')
      if (reply.isError) return { ...asked, failure: { step: 'search', message: `search_code answered with an error: ${asked.answer}`, tail: '' } }
      asked.found = searchResultFiles(asked.answer)
    } catch (error) {
      return { ...asked, failure: { step: 'search', message: `search_code failed: ${(error as Error).message}`, tail: '' } }
    }
    try {
      const reply = await client.callTool({ name: 'find_definitions', arguments: { symbol: identifier } }, undefined, { timeout: requestMs })
      const text = (reply.content as { type: string; text?: string }[]).map((p) => p.text ?? '').join('\n')
      if (reply.isError) return { ...asked, failure: { step: 'definitions', message: `find_definitions answered with an error: ${text}`, tail: '' } }
      asked.definedIn = [...new Set(text.split('\n').slice(1).flatMap((line) => /^(.+?):\d+ /.exec(line)?.[1] ?? []))]
    } catch (error) {
      return { ...asked, failure: { step: 'definitions', message: `find_definitions failed: ${(error as Error).message}`, tail: '' } }
    }
    return asked
  } finally {
    await client.close().catch(() => {})
  }
}
