// The mcp task variant through the real Taskfile on the bundled sample, with no container engine
// (only the generate stages, and smoke's local checks): both datasets side by side, each mcp task
// declaring its server and naming the repository and commit of projects_to_index.json with no
// project in the agent's container; the baseline byte for byte as without the variant; remote
// mode shipping no sidecar; a no-op rerun fresh and an edited project file rebuilding only the
// mcp tasks of its project. The sidecar under a real engine is test/mcp-docker.test.ts.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import type { EngineEvent } from '../scripts/engine/types.ts'
import type { ProjectToIndex } from '../scripts/contracts/projects-to-index.ts'
import { check } from '../scripts/lib/schemas.ts'
import { assertMcpTaskContract, assertRegistry, filesOf } from './helpers/contract.ts'
import { rig, type Rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const SAMPLE = join(ROOT, 'data', 'sample')
// No engine answers: smoke lints and runs the oracle and empty-answer checks locally.
const NO_ENGINE = { DOCKER_HOST: 'unix:///nonexistent/docker.sock', CONTAINER_ENGINE: 'docker', CI: '1' }
// Three tasks from two projects, so one project's edit leaves the other's tasks alone.
const SELECTION = { top_n: 3, quotas: { max_per_project: 2 } }
const BOTH = { selection: SELECTION, tasks: { variants: ['baseline', 'mcp'] } }
const REMOTE_URL = 'https://search.example/mcp?repo={repo}&commit={commit}'

interface Run {
  status: number | null
  stdout: string
  stderr: string
  events: EngineEvent[]
}

/** The Taskfile as a process on `r`'s out/ with `config` written to r/config.json5. */
function taskfile(r: Rig, config: object, args: string[], data = SAMPLE): Run {
  r.write({ 'config.json5': JSON.stringify(config) })
  const run = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), ...args, '--json', '--data', data, '--out', r.path('out'), '--config', r.path('config.json5')], {
    cwd: r.dir,
    encoding: 'utf8',
    env: { ...process.env, ...NO_ENGINE },
  })
  const events = run.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as EngineEvent)
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, events }
}

const ran = (run: Run): string[] => run.events.flatMap((e) => (e.type === 'start' ? [e.stage] : []))
const fresh = (run: Run, stage: string): boolean => run.events.some((e) => e.type === 'skip' && e.stage === stage && e.why === 'fresh')
const doneOf = (run: Run, stage: string) => run.events.find((e): e is Extract<EngineEvent, { type: 'done' }> => e.type === 'done' && e.stage === stage)

const taskIds = (tasksDir: string): string[] => readdirSync(tasksDir).filter((n) => existsSync(join(tasksDir, n, 'task.toml'))).sort()
const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T
const projectsToIndex = (r: Rig): ProjectToIndex[] => readJson(r.path('out/index/projects_to_index.json'))
const projectOf = (r: Rig, tasksDir: string, id: string): string => readJson<{ project_id: string }>(join(r.path(tasksDir), id, 'tests', 'task_metadata.json')).project_id
/** path → bytes (base64) of every file under `dir`: equal trees, equal maps. */
const contents = (dir: string): Map<string, string> => new Map(filesOf(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]))

type Toml = { task: { name: string }; environment: { mcp_servers?: { name: string; transport: string; url: string }[] } }
// Through JSON: smol-toml tables have no prototype, which uvu's equal tells apart.
const taskToml = (dir: string): Toml => JSON.parse(JSON.stringify(parseToml(readFileSync(join(dir, 'task.toml'), 'utf8')))) as Toml

/** The block of a top-level compose service (its lines indented under `  <name>:`), or undefined. */
function composeService(yaml: string, name: string): string | undefined {
  const lines = yaml.split('\n')
  const services = lines.indexOf('services:')
  if (services < 0) return undefined
  const start = lines.findIndex((l, i) => i > services && l === `  ${name}:`)
  if (start < 0) return undefined
  const end = lines.findIndex((l, i) => i > start && /^ {0,2}\S/.test(l))
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** What every mcp task has whatever the mode: its name, its repository and commit, no project. */
function assertMcpTask(r: Rig, id: string, index: Map<string, ProjectToIndex>, url: string, twin = true): void {
  const dir = r.path(`out/tasks-mcp/${id}`)
  const entry = index.get(projectOf(r, 'out/tasks-mcp', id))
  assert.ok(entry, `${id}: its project is in projects_to_index.json`)
  const toml = taskToml(dir)
  assert.equal(check('harbor-task-toml.strict.schema.json', toml), [], `${id}: task.toml`)
  assert.is(toml.task.name, `locobench/${id}-mcp`)
  assert.equal(toml.environment.mcp_servers, [{ name: 'code-search', transport: 'streamable-http', url }], `${id}: the server declared`)

  const instruction = readFileSync(join(dir, 'instruction.md'), 'utf8')
  assert.ok(instruction.includes('`code-search`') && instruction.includes(url), `${id}: the instruction names the server`)
  assert.ok(instruction.includes(`repository \`${entry.repo}\` at commit \`${entry.commit}\``), `${id}: the instruction names ${entry.repo} at ${entry.commit}`)
  assert.not.ok(instruction.includes('environment/project'), `${id}: no environment/project in the instruction`)
  assert.not.ok(existsSync(join(dir, 'environment', 'project')), `${id}: no project in the agent's container`)

  const meta = readJson<Record<string, unknown>>(join(dir, 'tests', 'task_metadata.json'))
  assert.equal([meta.variant, meta.repository, meta.commit, meta.mcp_server_url], ['mcp', entry.repo, entry.commit, url], `${id}: metadata`)
  // The same scenario as its baseline twin: the same verifier, oracle answer and scripts.
  if (twin) for (const f of ['tests/verify.py', 'tests/test.sh', 'solution/solve.sh', 'solution/answer.md']) {
    assert.is(readFileSync(join(dir, f), 'utf8'), readFileSync(r.path(`out/tasks/${id}/${f}`), 'utf8'), `${id}: ${f} as in the baseline`)
  }
}

test('variants [baseline, mcp]: two datasets, mcp tasks served by a sidecar, the baseline byte for byte as without mcp', () => {
  const both = rig({}, 'lbh-mcp-variant-')
  const alone = rig({}, 'lbh-mcp-variant-baseline-')
  try {
    const run = taskfile(both, BOTH, ['generate', 'generate-mcp', 'smoke'])
    assert.is(run.status, 0, run.stderr)
    assert.ok(ran(run).includes('generate-mcp'), ran(run).join(' '))
    const ids = taskIds(both.path('out/tasks'))
    assert.is(ids.length, 3)
    assert.equal(taskIds(both.path('out/tasks-mcp')), ids, 'the same scenarios in both datasets, as dirs named by id')
    assertRegistry(both.path('out/tasks'), both.path('out/tasks/dataset.toml'), ids)
    assertRegistry(both.path('out/tasks-mcp'), both.path('out/tasks-mcp/dataset.toml'), ids, 'locobench', '-mcp')
    assert.is((parseToml(both.read('out/tasks-mcp/dataset.toml')) as { dataset: { name: string } }).dataset.name, 'locobench/locobench-agent-mcp')

    const index = new Map(projectsToIndex(both).map((p) => [p.project_id, p]))
    assert.is(index.size, 2, 'two projects behind the three tasks')
    for (const id of ids) {
      assertMcpTask(both, id, index, 'http://code-search:8080/mcp')
      const env = both.path(`out/tasks-mcp/${id}/environment`)
      const sidecar = composeService(readFileSync(join(env, 'docker-compose.yaml'), 'utf8'), 'code-search')
      assert.ok(sidecar, `${id}: a code-search service`)
      assert.match(sidecar, /^ {4}healthcheck:\n {6}test: \[/m, `${id}: the sidecar has a healthcheck`)
      assert.match(composeService(readFileSync(join(env, 'docker-compose.yaml'), 'utf8'), 'main') ?? '', /code-search:\n\s+condition: service_healthy/, `${id}: main waits for it`)
      assert.match(readFileSync(join(env, '.dockerignore'), 'utf8'), /^code-search\/$/m, `${id}: main's build context leaves the sidecar's project out`)
      // The sidecar serves exactly what the baseline task ships (and the index repository holds).
      assert.equal(contents(join(env, 'code-search', 'project')), contents(both.path(`out/tasks/${id}/environment/project`)), `${id}: the sidecar's project`)
      assertMcpTaskContract(both.path(`out/tasks-mcp/${id}`), id)
    }

    // Smoke without an engine: each mcp task is `<id>-mcp`, checked locally, its sidecar not run.
    type Entry = { id: string; status: string; oracle_reward: number; empty_reward: number; variant?: string; mcp?: { status: string } }
    const report = readJson<{ tasks: Entry[] }>(both.path('out/smoke/report.json'))
    const mcpEntries = report.tasks.filter((t) => t.variant === 'mcp')
    assert.equal(mcpEntries.map((t) => t.id), ids.map((id) => `${id}-mcp`))
    for (const t of mcpEntries) assert.equal([t.status, t.oracle_reward, t.empty_reward, t.mcp?.status], ['lint-only', 1, 0, 'not-run'], t.id)
    assert.equal(report.tasks.filter((t) => !t.variant).map((t) => t.id), ids)

    // The baseline without the mcp variant: the same bytes; and adding mcp there reruns nothing of it.
    const baselineOnly = { selection: SELECTION, tasks: { variants: ['baseline'] } }
    const first = taskfile(alone, baselineOnly, ['generate'])
    assert.is(first.status, 0, first.stderr)
    assert.not.ok(existsSync(alone.path('out/tasks-mcp')))
    assert.equal(contents(alone.path('out/tasks')), contents(both.path('out/tasks')), 'out/tasks byte for byte')
    const before = alone.snapshot('out/tasks')
    const added = taskfile(alone, BOTH, ['generate', 'generate-mcp'])
    assert.is(added.status, 0, added.stderr)
    assert.ok(fresh(added, 'generate'), `generate reran: ${JSON.stringify(added.events.find((e) => e.type === 'start' && e.stage === 'generate'))}`)
    assert.ok(ran(added).includes('generate-mcp'))
    assert.equal(alone.snapshot('out/tasks'), before, 'out/tasks untouched (bytes and mtimes)')
  } finally {
    both.dispose()
    alone.dispose()
  }
})

test('mode remote: no sidecar, no compose file; task.toml, instruction and metadata name the configured URL', () => {
  const r = rig({}, 'lbh-mcp-variant-remote-')
  try {
    const config = { ...BOTH, tasks: { ...BOTH.tasks, mcp: { mode: 'remote', url: REMOTE_URL } } }
    const run = taskfile(r, config, ['generate', 'generate-mcp', 'smoke'])
    assert.is(run.status, 0, run.stderr)
    const ids = taskIds(r.path('out/tasks-mcp'))
    assert.is(ids.length, 3)
    assertRegistry(r.path('out/tasks-mcp'), r.path('out/tasks-mcp/dataset.toml'), ids, 'locobench', '-mcp')
    const index = new Map(projectsToIndex(r).map((p) => [p.project_id, p]))
    for (const id of ids) {
      const entry = index.get(projectOf(r, 'out/tasks-mcp', id)) as ProjectToIndex
      const url = REMOTE_URL.replace('{repo}', entry.repo).replace('{commit}', entry.commit)
      assertMcpTask(r, id, index, url)
      assert.equal(readdirSync(r.path(`out/tasks-mcp/${id}/environment`)), ['Dockerfile'], `${id}: only the agent's Dockerfile`)
      assert.is(readJson<{ mcp_mode: string }>(r.path(`out/tasks-mcp/${id}/tests/task_metadata.json`)).mcp_mode, 'remote')
      assertMcpTaskContract(r.path(`out/tasks-mcp/${id}`), id, { projectDir: r.path(`out/tasks/${id}/environment/project`) })
    }
    type Entry = { id: string; status: string; variant?: string; mcp?: { status: string } }
    const smoked = readJson<{ tasks: Entry[] }>(r.path('out/smoke/report.json')).tasks.filter((t) => t.variant === 'mcp')
    assert.equal(smoked.map((t) => [t.id, t.status, t.mcp?.status]), ids.map((id) => [`${id}-mcp`, 'lint-only', 'remote']))

    // Remote mode without a URL names the missing setting and writes no mcp dataset.
    const r2 = rig({}, 'lbh-mcp-variant-nourl-')
    try {
      const bad = taskfile(r2, { ...BOTH, tasks: { ...BOTH.tasks, mcp: { mode: 'remote' } } }, ['generate-mcp'])
      assert.is.not(bad.status, 0)
      assert.match(bad.stdout + bad.stderr, /tasks\.mcp\.url is not set/)
      assert.not.ok(existsSync(r2.path('out/tasks-mcp/dataset.toml')))
    } finally {
      r2.dispose()
    }
  } finally {
    r.dispose()
  }
})

test('a no-op rerun keeps generate-mcp fresh; an edited project file rebuilds the mcp tasks of that project only', () => {
  const r = rig({}, 'lbh-mcp-variant-rerun-')
  try {
    const data = r.path('data')
    cpSync(SAMPLE, data, { recursive: true })
    const first = taskfile(r, BOTH, ['generate-mcp'], data)
    assert.is(first.status, 0, first.stderr)
    const again = taskfile(r, BOTH, ['generate-mcp'], data)
    assert.is(again.status, 0, again.stderr)
    assert.equal(ran(again), [], 'nothing reran')
    assert.ok(fresh(again, 'generate-mcp'))

    const ids = taskIds(r.path('out/tasks-mcp'))
    const [edited, other] = projectsToIndex(r)
    const affected = ids.filter((id) => projectOf(r, 'out/tasks-mcp', id) === edited.project_id)
    const untouched = ids.filter((id) => !affected.includes(id))
    assert.ok(affected.length > 0 && untouched.length > 0, `${affected} / ${untouched}`)
    const kept = new Map(untouched.map((id) => [id, r.snapshot(`out/tasks-mcp/${id}`)]))

    const record = readFileSync(r.path('out/dataset.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { project_id: string; project: { root: string } }).find((x) => x.project_id === edited.project_id)
    assert.ok(record, edited.project_id)
    const projectDir = join(data, record.project.root)
    const file = filesOf(projectDir).find((f) => /\.(c|cc|cpp|h|hpp|py|js|ts|go|rs|java|cs|php)$/.test(f))
    assert.ok(file, `a source file in ${projectDir}`)
    appendFileSync(join(projectDir, file), '\n// edited by the mcp variant test\n')

    const rebuilt = taskfile(r, BOTH, ['generate-mcp'], data)
    assert.is(rebuilt.status, 0, rebuilt.stderr)
    assert.ok(ran(rebuilt).includes('index') && ran(rebuilt).includes('generate-mcp'), ran(rebuilt).join(' '))
    assert.match(doneOf(rebuilt, 'generate-mcp')?.summary ?? '', new RegExp(`^${affected.length} built, ${untouched.length} kept, 0 removed`))
    const now = new Map(projectsToIndex(r).map((p) => [p.project_id, p]))
    assert.is.not(now.get(edited.project_id)?.commit, edited.commit, 'the edit gave the project a new commit')
    assert.is(now.get(other.project_id)?.commit, other.commit)
    for (const id of affected) {
      assertMcpTask(r, id, now, 'http://code-search:8080/mcp', false)
      assert.ok(readFileSync(r.path(`out/tasks-mcp/${id}/environment/code-search/project/${file}`), 'utf8').endsWith('// edited by the mcp variant test\n'), `${id}: the sidecar serves the edit`)
    }
    for (const [id, snapshot] of kept) assert.equal(r.snapshot(`out/tasks-mcp/${id}`), snapshot, `${id} was kept as it was`)

    const last = taskfile(r, BOTH, ['generate-mcp'], data)
    assert.equal(ran(last), [])
  } finally {
    r.dispose()
  }
})

/** path → `<git mode> <blob id>` of a directory's files and symlinks (links not followed): git's view. */
function gitView(dir: string, rel = '', into = new Map<string, string>()): Map<string, string> {
  const blob = (bytes: Buffer) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name
    const st = lstatSync(join(dir, path))
    if (st.isDirectory()) gitView(dir, path, into)
    else if (st.isSymbolicLink()) into.set(path, `120000 ${blob(Buffer.from(readlinkSync(join(dir, path))))}`)
    else into.set(path, `${st.mode & 0o100 ? '100755' : '100644'} ${blob(readFileSync(join(dir, path)))}`)
  }
  return into
}

test('the sidecar serves the tree of the commit the task names, symlinks included (as the baseline ships it)', () => {
  const r = rig({}, 'lbh-mcp-variant-links-')
  try {
    const data = r.path('data')
    cpSync(SAMPLE, data, { recursive: true })
    const config = { selection: { top_n: 1 }, tasks: { variants: ['baseline', 'mcp'] } }
    assert.is(taskfile(r, config, ['select'], data).status, 0)
    const id = readJson<{ tasks: { id: string }[] }>(r.path('out/selected_tasks.json')).tasks[0].id
    const record = readFileSync(r.path('out/dataset.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { id: string; project: { root: string } }).find((x) => x.id === id)
    const projectDir = join(data, (record as { project: { root: string } }).project.root)
    const file = filesOf(projectDir)[0]
    // An absolute link into the project and an unnormalised one are kept as relative links; a
    // dangling one is left out: by generate's scan and by the index's alike.
    symlinkSync(join(projectDir, file), join(projectDir, 'absolute_inside_link'))
    symlinkSync(`./no_such_dir/../${file}`, join(projectDir, 'unnormalised_link'))
    symlinkSync('no-such-file', join(projectDir, 'dangling_link'))

    const run = taskfile(r, config, ['generate', 'generate-mcp'], data)
    assert.is(run.status, 0, run.stderr)
    const shipped = gitView(r.path(`out/tasks/${id}/environment/project`))
    assert.ok(shipped.has('absolute_inside_link') && !shipped.has('dangling_link'), [...shipped.keys()].join(' '))
    const [entry] = projectsToIndex(r)
    const inRepo = spawnSync('git', [`--git-dir=${r.path(`out/index/${entry.repo_dir}`)}`, 'ls-tree', '-r', '-z', '--full-tree', entry.commit], { encoding: 'utf8' })
    assert.is(inRepo.status, 0, inRepo.stderr)
    const committed = new Map(inRepo.stdout.split('\0').filter(Boolean).map((l) => [l.slice(l.indexOf('\t') + 1), l.slice(0, l.indexOf('\t')).replace(' blob ', ' ')]))
    assert.equal([...committed].sort(), [...shipped].sort(), 'the index commit holds what the baseline ships')
    assert.equal([...gitView(r.path(`out/tasks-mcp/${id}/environment/code-search/project`))].sort(), [...shipped].sort(), `the sidecar serves commit ${entry.commit}`)
  } finally {
    r.dispose()
  }
})

test.run()
