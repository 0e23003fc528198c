// The code-search server's command line, the sidecar's entry point (bundled to server.cjs).
//   node server.cjs [--root DIR] [--host H] [--port N]    serve DIR over MCP until SIGTERM/SIGINT
//   node server.cjs --healthcheck [--port N]              exit 0 when the local server answers /healthz
// Flags override CODE_SEARCH_ROOT, CODE_SEARCH_HOST and CODE_SEARCH_PORT (defaults: the current
// directory, 0.0.0.0, 8080). The healthcheck reads the same port setting, so a compose file that
// moves the port through the environment keeps a working healthcheck.
import { DEFAULT_PORT, HEALTH_PATH } from './code-search-constants.ts'
import { startCodeSearchServer } from './code-search-server.ts'

interface Cli {
  root: string
  host: string
  port: number
  healthcheck: boolean
}

function parse(argv: string[], env: NodeJS.ProcessEnv): Cli {
  const cli: Cli = { root: env.CODE_SEARCH_ROOT || process.cwd(), host: env.CODE_SEARCH_HOST || '0.0.0.0', port: Number(env.CODE_SEARCH_PORT || DEFAULT_PORT), healthcheck: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${flag} needs a value`)
      return v
    }
    if (flag === '--root') cli.root = value()
    else if (flag === '--host') cli.host = value()
    else if (flag === '--port') cli.port = Number(value())
    else if (flag === '--healthcheck') cli.healthcheck = true
    else throw new Error(`unknown argument ${flag}; usage: server.cjs [--root DIR] [--host H] [--port N] | --healthcheck [--port N]`)
  }
  if (!Number.isInteger(cli.port) || cli.port < 0 || cli.port > 65535) throw new Error(`not a port: ${cli.port}`)
  return cli
}

async function healthcheck(port: number): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${HEALTH_PATH}`, { signal: AbortSignal.timeout(4000) })
    return res.ok ? 0 : 1
  } catch {
    return 1
  }
}

async function main(): Promise<void> {
  let cli: Cli
  try {
    cli = parse(process.argv.slice(2), process.env)
  } catch (error) {
    console.error(`code-search: ${(error as Error).message}`)
    process.exit(2)
  }
  if (cli.healthcheck) process.exit(await healthcheck(cli.port))
  const server = await startCodeSearchServer({ root: cli.root, host: cli.host, port: cli.port })
  console.error(`code-search: serving ${server.repo.root} at http://${cli.host}:${server.port}/mcp`)
  // As PID 1 in a container Node gets no default signal handling: stop on request, at once.
  const stop = () => {
    void server.close().then(() => process.exit(0))
    setTimeout(() => process.exit(0), 2000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(`code-search: ${(error as Error).message}`)
  process.exit(1)
})
