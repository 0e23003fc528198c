// The code-search sidecar with the real engine: a build context generated for a small project is
// built and brought up by compose, the SDK's client connects from the host and searches, `main`
// reaches the sidecar by its service name, and everything is torn down, also when the check fails.
// Skipped, with the reason printed, only when no container engine answers.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeSearchComposeYaml, writeCodeSearchContext, writeMcpEnvironment } from '../scripts/mcp/code-search-image.ts'
import { detectCompose, smokeCodeSearchCompose, type ComposeEngine, type McpSmokeResult } from '../scripts/mcp/code-search-smoke.ts'
import { rig } from './helpers/rig.ts'

function findEngine(): { engine?: ComposeEngine; why: string } {
  const why: string[] = []
  for (const kind of ['docker', 'podman'] as const) {
    const r = spawnSync(kind, ['info', '--format', '{{json .}}'], { encoding: 'utf8', timeout: 30_000 })
    if (r.status === 0) return { engine: { kind }, why: '' }
    why.push(`${kind}: ${r.error ? 'not installed' : (r.stderr || r.stdout).trim().split('\n').pop()}`)
  }
  return { why: why.join('; ') }
}

const { engine, why } = findEngine()
const suite = rig(
  {
    'project/src/settlement/ledger_service.py': 'class SettlementLedgerService:\n    """Reconciles the ledger each night."""\n\n    def reconcile(self, entries):\n        return sorted(entries)\n',
    'project/src/app.py': 'from settlement.ledger_service import SettlementLedgerService\n\nSettlementLedgerService().reconcile([])\n',
    'project/README.md': '# Ledger\n',
    // This run's own image (the tag is the context's hash): removing it at the end cannot pull the
    // image from under a concurrent run of this suite (two `npm test` at once on one engine).
    'project/docs/run.txt': `run ${process.pid} ${Date.now()}\n`,
  },
  'mcp-docker-test-',
)
const base = suite.dir
const envDir = join(base, 'environment')
const project = join(base, 'project')
const EXPECTED = 'src/settlement/ledger_service.py'

const leftovers = (project: string): string[] => {
  if (!engine) return []
  const containers = spawnSync(engine.kind, ['ps', '-aq', '--filter', `label=com.docker.compose.project=${project}`], { encoding: 'utf8' }).stdout.trim()
  const networks = spawnSync(engine.kind, ['network', 'ls', '-q', '--filter', `label=com.docker.compose.project=${project}`], { encoding: 'utf8' }).stdout.trim()
  return [containers, networks].filter(Boolean)
}

const show = (label: string, r: McpSmokeResult) =>
  console.log(`  ${label}: ok=${r.ok} ${r.compose} built=${r.built} network=${r.network} identifier=${r.identifier} timings(ms)=${JSON.stringify(r.timings)}${r.failure ? ` failure=${r.failure.step}: ${r.failure.message}` : ''}`)

test.after(() => suite.dispose())

if (!engine) {
  console.log(`mcp-docker: skipped, no container engine answers (${why})`)
  test.skip('the sidecar builds, answers the MCP client from the host and main by name, and is torn down', () => {})
} else {
  test.before(async () => {
    await writeMcpEnvironment(envDir, { projectDir: project })
    const compose = await detectCompose(engine)
    assert.ok(!('why' in compose), 'why' in compose ? compose.why : '')
  })

  test('published port: the sidecar builds, answers the MCP client from the host and main by its service name, then is torn down', async () => {
    const r = await smokeCodeSearchCompose({ envDir, expectedFile: EXPECTED, engine, network: 'publish', mainImage: 'debian:trixie-slim' })
    show('publish', r)
    assert.is(r.ok, true, JSON.stringify(r.failure))
    assert.is(r.identifier, 'Reconciles', 'the longest of the names found in no other file')
    assert.equal([...r.tools].sort(), ['find_definitions', 'list_files', 'read_file', 'search_code'])
    assert.equal(r.found, [EXPECTED])
    assert.is(r.mainReached, true)
    assert.match(r.url ?? '', /^http:\/\/127\.0\.0\.1:\d+\/mcp$/)
    assert.is(r.teardown.ok, true)
    assert.equal(leftovers(r.project), [])
  })

  test('host network: the same image is reused and answers on a free host port', async () => {
    const r = await smokeCodeSearchCompose({ envDir, expectedFile: EXPECTED, engine, network: 'host', identifier: 'reconcile' })
    show('host', r)
    assert.is(r.ok, true, JSON.stringify(r.failure))
    assert.is(r.built, false)
    assert.equal(r.found, ['src/app.py', EXPECTED])
    assert.equal(r.definedIn, [EXPECTED], 'universal-ctags in the image indexed the method')
    assert.equal(leftovers(r.project), [])
  })

  test('a sidecar that cannot start fails at the health step with its log, and is torn down', async () => {
    // The same build context (so the same image), run with a repository root that does not exist.
    const broken = join(base, 'broken-environment')
    await writeCodeSearchContext(join(broken, 'code-search'), { projectDir: project })
    writeFileSync(join(broken, 'docker-compose.yaml'), codeSearchComposeYaml().replace('CODE_SEARCH_PORT: "8080"', 'CODE_SEARCH_PORT: "8080"\n      CODE_SEARCH_ROOT: /nonexistent'))
    const r = await smokeCodeSearchCompose({ envDir: broken, expectedFile: EXPECTED, engine, timeouts: { healthyMs: 60_000 } })
    show('broken', r)
    assert.is(r.ok, false)
    assert.is(r.built, false, 'the image of an identical context is reused')
    assert.is(r.failure?.step, 'health')
    assert.match(r.failure!.message, /the sidecar stopped \(exit code 1\)/)
    assert.match(r.failure!.tail, /repository root \/nonexistent/)
    assert.equal(leftovers(r.project), [])
  })

  test("main's build context (environment/) leaves the sidecar's copy of the project out", () => {
    // The .dockerignore is writeMcpEnvironment's.
    writeFileSync(join(envDir, 'Dockerfile'), 'FROM debian:trixie-slim\nCOPY . /context\nRUN test -f /context/Dockerfile && test ! -e /context/code-search\n')
    const tag = `locobench-mcp-test-main:${process.pid}`
    const built = spawnSync(engine.kind, ['build', '--network', 'host', '-t', tag, envDir], { encoding: 'utf8', timeout: 300_000 })
    spawnSync(engine.kind, ['rmi', '-f', tag])
    assert.is(built.status, 0, built.stderr || built.stdout)
  })

  test('a search that misses the file fails at the search step, and still tears everything down', async () => {
    const r = await smokeCodeSearchCompose({ envDir, expectedFile: EXPECTED, engine, identifier: 'NoSuchIdentifierAnywhere', removeImage: true })
    show('miss', r)
    assert.is(r.ok, false)
    assert.is(r.failure?.step, 'search')
    assert.match(r.failure!.message, /did not list src\/settlement\/ledger_service\.py \(found: nothing\)/)
    assert.match(r.failure!.tail, /No match/)
    assert.equal(leftovers(r.project), [])
    assert.is(spawnSync(engine.kind, ['image', 'inspect', r.image]).status, 1, 'removeImage removed the image')
  })

  test('an incomplete task environment fails before touching the engine', async () => {
    const r = await smokeCodeSearchCompose({ envDir: join(base, 'nowhere'), expectedFile: EXPECTED, engine })
    assert.is(r.failure?.step, 'setup')
    assert.match(r.failure!.message, /incomplete/)
    const absolute = await smokeCodeSearchCompose({ envDir, expectedFile: `/app/project/${EXPECTED}`, engine })
    assert.is(absolute.failure?.step, 'setup')
    assert.match(absolute.failure!.message, /must be relative to the project root/)
  })
}

test.run()
