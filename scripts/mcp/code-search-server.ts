// The code-search MCP server: the tools of code-search-tools.ts on the official SDK's McpServer,
// served over streamable HTTP (POST /mcp) with a plain GET /healthz for compose healthchecks.
// Stateless: every POST gets a fresh McpServer and transport (nothing to expire, any number of
// clients), while the repository and its definition index are shared. Bundled into the sidecar
// and run by Debian's Node 20, so Node 20 APIs only.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { HEALTH_PATH, MCP_PATH, SERVER_NAME, SERVER_VERSION, TOOL_NAMES } from './code-search-constants.ts'
import { Repo, ToolInputError, type CodeSearchLimits, type SearchEngine } from './code-search-tools.ts'

export { HEALTH_PATH, MCP_PATH, TOOL_NAMES }

/** A JSON-RPC request body larger than this is refused (tool arguments are a few hundred bytes). */
const MAX_BODY_BYTES = 1024 * 1024

export interface CodeSearchServerOptions {
  /** The repository to serve (read-only). */
  root: string
  /** Default 127.0.0.1; the sidecar listens on 0.0.0.0. */
  host?: string
  /** Default 0: any free port (the URL says which). */
  port?: number
  limits?: Partial<CodeSearchLimits>
  engine?: SearchEngine
  rg?: string
  ctags?: string
  /** One line per failed request (default: stderr). */
  log?: (line: string) => void
}

export interface RunningCodeSearchServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:8080/mcp. */
  url: string
  healthUrl: string
  host: string
  port: number
  repo: Repo
  close(): Promise<void>
}

const text = (body: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: body }], ...(isError ? { isError: true } : {}) })

/** Runs a tool body: a caller's mistake or any other failure becomes a tool error, never a crash. */
async function guarded(work: () => string | Promise<string>, log: (line: string) => void): Promise<CallToolResult> {
  try {
    return text(await work())
  } catch (error) {
    if (error instanceof ToolInputError) return text(error.message, true)
    log(`code-search: tool failed: ${(error as Error).stack ?? error}`)
    return text(`internal error: ${(error as Error).message}`, true)
  }
}

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

const pathArg = (what: string) => z.string().max(4096).describe(`${what}, relative to the repository root ("src/app", not "/src/app"); "." or omitted for the whole repository`)
const globArg = z.string().max(500).describe('Only paths matching this glob: "*.py" (a name at any depth), "src/**/*.ts" (a whole path), "{a,b}", "[ch]"')

/** One McpServer with the four read-only tools over `repo`. */
export function createCodeSearchMcpServer(repo: Repo, log: (line: string) => void = (line) => console.error(line)): McpServer {
  const server = new McpServer({ name: SERVER_NAME, version: SERVER_VERSION }, { instructions: 'Read-only search over one code repository. Paths are relative to the repository root. Start with list_files or search_code, then read_file the relevant lines; find_definitions locates where a symbol is defined.' })
  const limits = repo.limits

  server.registerTool(
    'list_files',
    {
      title: 'List files',
      description: `List the repository's files (sorted paths), optionally under a directory and/or matching a glob. At most ${limits.listDefault} paths unless max_results says otherwise (ceiling ${limits.listMax}); a longer list ends with a "[truncated: …]" line.`,
      inputSchema: {
        path: pathArg('Directory to list').optional(),
        glob: globArg.optional(),
        max_results: z.number().int().min(1).describe(`Most paths to return (default ${limits.listDefault}, at most ${limits.listMax})`).optional(),
      },
      annotations: READ_ONLY,
    },
    async (args) => guarded(() => repo.listFiles(args), log),
  )

  server.registerTool(
    'search_code',
    {
      title: 'Search code',
      description: `Search the repository's files for a text (default) or a regular expression (regex: true, ripgrep syntax). Case-insensitive unless the query has an upper-case letter or case_sensitive is set. Returns matching lines grouped by file ("path" then "  line: text"), at most ${limits.matchesDefault} unless max_results says otherwise (ceiling ${limits.matchesMax}); more end with a "[truncated: …]" line.`,
      inputSchema: {
        query: z.string().min(1).max(1000).describe('The text or regex to find'),
        regex: z.boolean().describe('Treat query as a regular expression (default false: literal text)').optional(),
        case_sensitive: z.boolean().describe('Force case-sensitive (true) or case-insensitive (false) matching').optional(),
        path: pathArg('Directory or file to search').optional(),
        glob: globArg.optional(),
        max_results: z.number().int().min(1).describe(`Most matching lines to return (default ${limits.matchesDefault}, at most ${limits.matchesMax})`).optional(),
      },
      annotations: READ_ONLY,
    },
    async (args) => guarded(() => repo.search(args), log),
  )

  server.registerTool(
    'read_file',
    {
      title: 'Read a file',
      description: `Read a text file, whole or a line range, with line numbers. At most ${limits.readLines} lines or ${limits.readBytes} bytes per call; the rest is announced by a "[truncated: …]" line naming the start_line to continue from.`,
      inputSchema: {
        path: pathArg('File to read').min(1),
        start_line: z.number().int().min(1).describe('First line (1-based, default 1)').optional(),
        end_line: z.number().int().min(1).describe('Last line, inclusive (default: the end of the file)').optional(),
      },
      annotations: READ_ONLY,
    },
    async (args) => guarded(() => repo.readFile(args), log),
  )

  server.registerTool(
    'find_definitions',
    {
      title: 'Find definitions',
      description: `Where a symbol (class, function, method, variable, type…) is defined, from a universal-ctags index of the repository. Exact name, or Class.member; falls back to a case-insensitive match. At most ${limits.definitionsDefault} unless max_results says otherwise (ceiling ${limits.definitionsMax}).`,
      inputSchema: {
        symbol: z.string().min(1).max(300).describe('The name to look up, e.g. "UserService" or "UserService.create"'),
        kind: z.string().max(50).describe('Only this kind of definition, as ctags names it: "class", "function", "method", "member", "variable"…').optional(),
        path: pathArg('Only definitions under this directory or in this file').optional(),
        max_results: z.number().int().min(1).describe(`Most definitions to return (default ${limits.definitionsDefault}, at most ${limits.definitionsMax})`).optional(),
      },
      annotations: READ_ONLY,
    },
    async (args) => guarded(() => repo.findDefinitions(args), log),
  )

  return server
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end()
  const payload = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) })
  res.end(payload)
}

const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null })

async function handleMcp(repo: Repo, req: IncomingMessage, res: ServerResponse, log: (line: string) => void): Promise<void> {
  // Stateless: no session to resume, so no SSE stream to open (GET) or session to end (DELETE).
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST')
    return sendJson(res, 405, rpcError(-32000, 'Method not allowed: this server is stateless; POST JSON-RPC requests to /mcp'))
  }
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > MAX_BODY_BYTES) return sendJson(res, 413, rpcError(-32600, `Request body too large (at most ${MAX_BODY_BYTES} bytes)`))
  const server = createCodeSearchMcpServer(repo, log)
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  res.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(req, res)
}

/** Starts the server; resolves once it listens. */
export async function startCodeSearchServer(options: CodeSearchServerOptions): Promise<RunningCodeSearchServer> {
  const log = options.log ?? ((line: string) => console.error(line))
  const repo = new Repo(options.root, { limits: options.limits, engine: options.engine, rg: options.rg, ctags: options.ctags })
  const http: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
      return sendJson(res, 200, { status: 'ok', server: SERVER_NAME, version: SERVER_VERSION, tools: TOOL_NAMES })
    }
    if (path === MCP_PATH) {
      handleMcp(repo, req, res, log).catch((error: unknown) => {
        log(`code-search: request failed: ${(error as Error).stack ?? error}`)
        sendJson(res, 500, rpcError(-32603, 'Internal server error'))
      })
      return
    }
    sendJson(res, 404, { error: `not found: ${path}; the MCP endpoint is ${MCP_PATH}, health is ${HEALTH_PATH}` })
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(options.port ?? 0, host, () => {
      http.off('error', reject)
      resolve()
    })
  })
  const port = (http.address() as AddressInfo).port
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  return {
    url: `http://${shown}:${port}${MCP_PATH}`,
    healthUrl: `http://${shown}:${port}${HEALTH_PATH}`,
    host,
    port,
    repo,
    close: () =>
      new Promise<void>((resolve) => {
        http.close(() => resolve())
        http.closeAllConnections()
      }),
  }
}
