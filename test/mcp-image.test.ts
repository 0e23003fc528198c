// The sidecar's build context without an engine: the Dockerfile (Debian packages only, the
// project copied last, clean lint), the bundled server (self-contained: it runs from a folder with
// no node_modules and answers a real MCP client), the compose file and the task.toml entry.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { bundleCodeSearchServer, codeSearchComposeYaml, mainDockerignore, writeMcpEnvironment, codeSearchMcpServer, codeSearchMcpServerToml, codeSearchSources, hashContext, renderCodeSearchDockerfile, writeCodeSearchContext } from '../scripts/mcp/code-search-image.ts'
import { pickIdentifier, searchResultFiles } from '../scripts/mcp/code-search-smoke.ts'
import { TOOL_NAMES, TOOL_SUMMARIES } from '../scripts/mcp/code-search-constants.ts'
import { lintDockerfile } from '../scripts/stages/smoke/lint.ts'
import { rig } from './helpers/rig.ts'

const suite = rig(
  {
    'project/src/ledger.py': 'class LedgerReconciler:\n    def settle(self):\n        return "settled"\n',
    'project/src/main.py': 'from ledger import LedgerReconciler\n\nprint(LedgerReconciler().settle())\n',
    'project/README.md': 'A ledger.\n',
  },
  'mcp-image-test-',
)
const base = suite.dir
const project = join(base, 'project')
symlinkSync('/etc/hostname', join(project, 'outside-link'))
symlinkSync('README.md', join(project, 'inside-link'))

test.after(() => suite.dispose())

test('the Dockerfile uses Debian packages only, shares every layer but the project, and lints clean', () => {
  const text = renderCodeSearchDockerfile()
  const instructions = text.split('\n').filter((l) => /^[A-Z]+ /.test(l))
  assert.is(instructions[0], 'FROM debian:trixie-slim')
  assert.match(text, /apt-get install -y --no-install-recommends nodejs ripgrep universal-ctags/)
  assert.is(instructions.at(-1), 'COPY --chown=codesearch:codesearch project /srv/project')
  assert.not.match(text, /curl|wget|npm |npx |ADD /)
  assert.equal(lintDockerfile(text).filter((i) => i.severity === 'error'), [])
  assert.match(renderCodeSearchDockerfile({ baseImage: 'registry.example/debian:trixie-slim', port: 9000 }), /FROM registry\.example\/debian:trixie-slim\n[\s\S]*CODE_SEARCH_PORT=9000\nEXPOSE 9000/)
  assert.throws(() => renderCodeSearchDockerfile({ baseImage: 'debian; rm -rf /' }), /not a safe Dockerfile word/)
  assert.throws(() => renderCodeSearchDockerfile({ port: 0 }), /not a TCP port/)
})

test('writeCodeSearchContext writes Dockerfile, server.cjs and the project; equal inputs give equal contexts', async () => {
  const a = await writeCodeSearchContext(join(base, 'a'), { projectDir: project, link: 'hardlink' })
  const b = await writeCodeSearchContext(join(base, 'b'), { projectDir: project })
  assert.equal(a.files, ['Dockerfile', 'project/README.md', 'project/inside-link', 'project/src/ledger.py', 'project/src/main.py', 'server.cjs'])
  assert.equal(a.skipped, ['outside-link: symbolic link leaving the project (/etc/hostname)'])
  assert.is(hashContext(a.dir), hashContext(b.dir))
  assert.is(statSync(join(a.dir, 'project/src/ledger.py')).ino, statSync(join(project, 'src/ledger.py')).ino, 'hard-linked when asked')
  assert.is.not(statSync(join(b.dir, 'project/src/ledger.py')).ino, statSync(join(project, 'src/ledger.py')).ino, 'copied by default: the task never aliases the data')
  const bare = await writeCodeSearchContext(join(base, 'bare'))
  assert.equal(bare.files, ['Dockerfile', 'server.cjs'])
  assert.is(bare.bundleSha256, a.bundleSha256)
  const size = statSync(join(a.dir, 'server.cjs')).size
  assert.ok(size > 100_000 && size < 3_000_000, `server.cjs is ${size} bytes`)
  assert.ok(codeSearchSources().some((f) => f.endsWith('templates/code-search.Dockerfile.ejs')))
  assert.ok(codeSearchSources().some((f) => f.endsWith('package-lock.json')))
})

function nodesToTry(): string[] {
  // The sidecar runs Debian's Node 20: when a Node 20 is on this machine, the bundle must run there too.
  const found = [process.execPath]
  for (const candidate of ['/usr/bin/node', 'nodejs']) {
    const r = spawnSync(candidate, ['--version'], { encoding: 'utf8' })
    if (r.status === 0 && /^v20\./.test(r.stdout)) {
      found.push(candidate)
      break
    }
  }
  return found
}

test('the bundled server runs alone (no node_modules) and answers a real MCP client', async () => {
  using r = rig({ 'server.cjs': (await bundleCodeSearchServer()).code }, 'mcp-bundle-alone-')
  const dir = r.dir
  for (const node of nodesToTry()) {
    const child = spawn(node, [join(dir, 'server.cjs'), '--root', project, '--host', '127.0.0.1', '--port', '0'], { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = ''
        child.stderr.on('data', (d: Buffer) => {
          err += d
          const m = /at (http:\/\/\S+\/mcp)/.exec(err)
          if (m) resolve(m[1])
        })
        child.on('exit', (code) => reject(new Error(`${node} server.cjs exited ${code}: ${err}`)))
      })
      const client = new Client({ name: 'bundle-test', version: '0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(url)))
      assert.equal((await client.listTools()).tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort())
      assert.equal(Object.keys(TOOL_SUMMARIES).sort(), [...TOOL_NAMES].sort())
      const reply = await client.callTool({ name: 'search_code', arguments: { query: 'LedgerReconciler' } })
      const text = (reply.content as { text: string }[])[0].text
      assert.equal(searchResultFiles(text), ['src/ledger.py', 'src/main.py'], `${node}: ${text}`)
      const defs = await client.callTool({ name: 'find_definitions', arguments: { symbol: 'LedgerReconciler' } })
      assert.match((defs.content as { text: string }[])[0].text, /src\/ledger\.py:1 class/)
      await client.close()
      const port = new URL(url).port
      const hc = spawnSync(node, [join(dir, 'server.cjs'), '--healthcheck', '--port', port])
      assert.is(hc.status, 0, `${node}: healthcheck`)
    } finally {
      child.kill()
    }
  }
  const dead = spawnSync(process.execPath, [join(dir, 'server.cjs'), '--healthcheck', '--port', '1'])
  assert.is(dead.status, 1, 'a healthcheck with no server fails')
  const bad = spawnSync(process.execPath, [join(dir, 'server.cjs'), '--bogus'], { encoding: 'utf8' })
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /unknown argument --bogus/)
})

test('the compose file adds a healthchecked sidecar that main waits for; task.toml gets a streamable-http entry', () => {
  const yaml = codeSearchComposeYaml()
  assert.match(yaml, /\nservices:\n {2}main:\n {4}depends_on:\n {6}code-search:\n {8}condition: service_healthy\n/)
  assert.match(yaml, /\n {2}code-search:\n {4}build:\n {6}context: \.\/code-search\n/)
  assert.match(yaml, /healthcheck:\n {6}test: \["CMD", "node", "\/opt\/code-search\/server\.cjs", "--healthcheck"\]/)
  assert.not.match(yaml, /ports:|network_mode/, 'nothing published: only the agent reaches it')
  assert.equal(codeSearchMcpServer(), { name: 'code-search', transport: 'streamable-http', url: 'http://code-search:8080/mcp' })
  const toml = parseToml(codeSearchMcpServerToml({ port: 9000 })) as { environment: { mcp_servers: unknown[] } }
  assert.equal(JSON.parse(JSON.stringify(toml.environment.mcp_servers)), [{ name: 'code-search', transport: 'streamable-http', url: 'http://code-search:9000/mcp' }])
  // Harbor's own rules for an MCP server entry (the strict task.toml schema's definition).
  const strict = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'schemas', 'harbor-task-toml.strict.schema.json'), 'utf8')) as { $defs: Record<string, unknown> }
  const entryValid = new Ajv2020({ strict: false }).compile({ $defs: strict.$defs, $ref: '#/$defs/MCPServerConfig' })
  assert.ok(entryValid(codeSearchMcpServer()), JSON.stringify(entryValid.errors))
  assert.match(mainDockerignore(), /\ncode-search\/\n$/)
  assert.match(codeSearchComposeYaml({ port: 9000 }), /CODE_SEARCH_PORT: "9000"\n {4}expose:\n {6}- "9000"/)
})

test('writeMcpEnvironment writes the sidecar context, the compose file and the .dockerignore in one call', async () => {
  const env = join(base, 'env')
  const written = await writeMcpEnvironment(env, { projectDir: project, port: 9100 })
  assert.equal(written.files, ['.dockerignore', 'code-search/Dockerfile', 'code-search/project/README.md', 'code-search/project/inside-link', 'code-search/project/src/ledger.py', 'code-search/project/src/main.py', 'code-search/server.cjs', 'docker-compose.yaml'])
  assert.is(readFileSync(join(env, 'docker-compose.yaml'), 'utf8'), codeSearchComposeYaml({ port: 9100 }))
  assert.is(readFileSync(join(env, '.dockerignore'), 'utf8'), mainDockerignore())
  assert.match(readFileSync(join(env, 'code-search/Dockerfile'), 'utf8'), /EXPOSE 9100/)
  assert.equal(written.mcpServer, { name: 'code-search', transport: 'streamable-http', url: 'http://code-search:9100/mcp' })
})

test('pickIdentifier takes the rarest distinctive name of the file', () => {
  assert.is(pickIdentifier(project, 'src/ledger.py'), 'settled')
  writeFileSync(join(project, 'src/empty.py'), 'x = 1\n')
  assert.is(pickIdentifier(project, 'src/empty.py'), undefined)
  assert.throws(() => pickIdentifier(project, 'src/missing.py'))
  rmSync(join(project, 'src/empty.py'))
  assert.is(readFileSync(join(project, 'README.md'), 'utf8'), 'A ledger.\n')
})

test.run()
