// The index stage and the push target through the real CLI (Taskfile.ts) on a copy of the bundled
// sample, with real git: one repository per project behind the selected tasks, each holding what
// its generated tasks ship, a no-op rerun, one edited project file rebuilding one repository, and
// push to file:// remotes (with --dry-run touching nothing). One out dir serves the whole suite.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, cpSync, existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import type { ProjectToIndex } from '../scripts/contracts/projects-to-index.ts'
import { check } from '../scripts/lib/schemas.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const TASKFILE = join(ROOT, 'Taskfile.ts')

const r = rig({}, 'lbh-index-stage-')
const data = r.path('data')
const out = r.path('out')
const remotes = r.path('remotes')
cpSync(join(ROOT, 'data', 'sample'), data, { recursive: true })
const CONFIG = { index: { remote: `file://${remotes}/{repo}.git` } }
r.write({
  'config.json5': JSON.stringify(CONFIG),
  'bad.json5': JSON.stringify({ index: { ...CONFIG.index, repo_name: '{org}/{project}' } }),
  'bad-remote.json5': JSON.stringify({ index: { remote: 'file:///srv/{repository}.git' } }),
  'push-only.json5': JSON.stringify({ index: { remote: 'https://example.invalid/{repo}.git', force_push: true, push_concurrency: 1 } }),
})

test.after(() => r.dispose())

interface Run {
  status: number | null
  stdout: string
  stderr: string
  events: EngineEvent[]
}

function cli(args: string[], config = 'config.json5'): Run {
  const run = spawnSync(process.execPath, [TASKFILE, ...args, '--data', data, '--out', out, '--config', r.path(config)], { encoding: 'utf8' })
  const events = args.includes('--json') ? run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as EngineEvent) : []
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, events }
}

const ran = (run: Run): string[] => run.events.flatMap((e) => (e.type === 'start' ? [e.stage] : []))
const doneOf = (run: Run, stage: string) => run.events.find((e): e is Extract<EngineEvent, { type: 'done' }> => e.type === 'done' && e.stage === stage)

// ---- trees compared by git object ids, computed here from the bytes (not by the library) -------

const blobId = (bytes: Buffer): string => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex')

/** path → "<mode> <blob id>" of what a directory holds: regular files (exec bit) and symlinks. */
function dirTree(dir: string, rel = '', into = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(join(dir, rel)).sort()) {
    const path = rel ? `${rel}/${name}` : name
    const st = lstatSync(join(dir, path))
    if (st.isDirectory()) dirTree(dir, path, into)
    else if (st.isSymbolicLink()) into.set(path, `120000 ${blobId(Buffer.from(readlinkSync(join(dir, path))))}`)
    else if (st.isFile()) into.set(path, `${st.mode & 0o100 ? '100755' : '100644'} ${blobId(readFileSync(join(dir, path)))}`)
  }
  return into
}

function git(gitDir: string, args: string[]): string {
  const run = spawnSync('git', [`--git-dir=${gitDir}`, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null' } })
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} in ${gitDir}: ${run.stderr}`)
  return run.stdout
}

/** The same view of refs/heads/main of a bare repository. */
function repoTree(gitDir: string): Map<string, string> {
  const into = new Map<string, string>()
  for (const line of git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', 'refs/heads/main']).split('\0').filter(Boolean)) {
    const tab = line.indexOf('\t')
    const [mode, , oid] = line.slice(0, tab).split(' ')
    into.set(line.slice(tab + 1), `${mode} ${oid}`)
  }
  return new Map([...into].sort(([a], [b]) => (a < b ? -1 : 1)))
}

const readEntries = (): ProjectToIndex[] => JSON.parse(readFileSync(join(out, 'index', 'projects_to_index.json'), 'utf8')) as ProjectToIndex[]
const commits = (): Record<string, string> => Object.fromEntries(readEntries().map((e) => [e.project_id, git(join(out, 'index', e.repo_dir), ['rev-parse', 'refs/heads/main']).trim()]))
let firstCommits: Record<string, string> = {}

/** The data dir of an indexed project and one of its regular files (relative to it). */
function aProjectFile(entry: ProjectToIndex): { projectDir: string; file: string } {
  const record = readFileSync(join(out, 'dataset.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { project_id: string; project: { root: string } }).find((x) => x.project_id === entry.project_id)
  assert.ok(record, entry.project_id)
  const projectDir = join(data, record.project.root)
  const file = [...dirTree(projectDir)].find(([, v]) => v.startsWith('100644'))?.[0]
  assert.ok(file)
  return { projectDir, file }
}

test('all runs index after select by default; push is never part of it', () => {
  const plan = cli(['all', '--dry-run', '--json'])
  assert.is(plan.status, 0, plan.stderr)
  const stages = plan.events.flatMap((e) => (e.type === 'plan' ? e.plans.map((p) => p.stage) : []))
  assert.ok(stages.indexOf('index') > stages.indexOf('select'), stages.join(' '))
  assert.not.ok(stages.includes('push'))
})

test('index writes one repository per project behind the selected tasks, each exactly environment/project/ of its tasks', () => {
  const run = cli(['generate', 'index', '--json'])
  assert.is(run.status, 0, run.stderr)
  assert.ok(ran(run).includes('index'))
  console.log(`  index cold on the sample: ${doneOf(run, 'index')?.durationMs} ms (${doneOf(run, 'index')?.summary})`)

  const entries = readEntries()
  assert.equal(check('projects-to-index.schema.json', entries), [])
  const selected = (JSON.parse(readFileSync(join(out, 'selected_tasks.json'), 'utf8')) as { tasks: { id: string; project_id?: string }[] }).tasks.map((t) => t.id)
  const tasks = readdirSync(join(out, 'tasks')).filter((n) => existsSync(join(out, 'tasks', n, 'task.toml')))
  assert.equal(entries.flatMap((e) => e.task_ids).sort(), [...selected].sort(), 'every selected task belongs to exactly one listed project')
  assert.equal([...tasks].sort(), [...selected].sort())
  // Nothing in the index dir but the listed repositories and the list itself.
  assert.equal(readdirSync(join(out, 'index')).sort(), [...entries.map((e) => e.repo_dir), 'projects_to_index.json'].sort())
  for (const entry of entries) {
    const inRepo = [...repoTree(join(out, 'index', entry.repo_dir))]
    assert.is(inRepo.length, entry.files, entry.project_id)
    for (const id of entry.task_ids) assert.equal(inRepo, [...dirTree(join(out, 'tasks', id, 'environment', 'project'))], `${entry.project_id} vs task ${id}`)
    assert.is(entry.repo, `locobench/locobench-${entry.project_id}`)
  }
  firstCommits = commits()
  assert.equal(Object.values(firstCommits), entries.map((e) => e.commit))
})

test('a second run finds index fresh and leaves every commit id as it was', () => {
  const started = performance.now()
  const run = cli(['index', '--json'])
  console.log(`  no-op run of index (whole CLI): ${Math.round(performance.now() - started)} ms`)
  assert.is(run.status, 0, run.stderr)
  // Only index is asserted: other stages' recipes are their source files, which may be edited meanwhile.
  assert.not.ok(ran(run).includes('index'), JSON.stringify(run.events.find((e) => e.type === 'start' && e.stage === 'index')))
  assert.ok(run.events.some((e) => e.type === 'skip' && e.stage === 'index' && e.why === 'fresh'))
  assert.equal(commits(), firstCommits)
  // Push settings are not part of the stage's recipe.
  const status = cli(['status'], 'push-only.json5')
  assert.is(status.status, 0, status.stderr)
  assert.ok(/^index\s+fresh$/m.test(status.stdout), status.stdout)
})

test('a bad repository name template fails the stage naming index.repo_name; the next good run rebuilds nothing', () => {
  const bad = cli(['index', '--json'], 'bad.json5')
  assert.is(bad.status, 1)
  const fail = bad.events.find((e) => e.type === 'fail' && e.stage === 'index')
  assert.match(fail && 'error' in fail ? fail.error : '', /index\.repo_name: unknown placeholder \{project\}/)
  const good = cli(['index', '--json'])
  assert.is(good.status, 0, good.stderr)
  assert.match(doneOf(good, 'index')?.summary ?? '', /^0 built, \d+ kept/)
  assert.equal(commits(), firstCommits)
})

test('editing one project file rebuilds exactly that project\'s repository', () => {
  const entry = readEntries()[0]
  const { projectDir, file } = aProjectFile(entry)
  appendFileSync(join(projectDir, file), '\n// edited by the index stage test\n')

  const run = cli(['index', '--json'])
  assert.is(run.status, 0, run.stderr)
  assert.ok(ran(run).includes('index'))
  const done = doneOf(run, 'index')
  assert.match(done?.summary ?? '', new RegExp(`^1 built, ${readEntries().length - 1} kept, 0 removed`))
  assert.equal(done?.changed.map((p) => p.split('/index/')[1]).sort(), [entry.project_id, 'projects_to_index.json'])
  const now = commits()
  assert.is.not(now[entry.project_id], firstCommits[entry.project_id])
  assert.equal({ ...now, [entry.project_id]: '' }, { ...firstCommits, [entry.project_id]: '' })
  assert.equal([...repoTree(join(out, 'index', entry.repo_dir))], [...dirTree(projectDir)])
  firstCommits = now
})

test('--force index trusts no stat cache: a file rewritten in place, its size kept and its mtime set back, is what the repository holds', () => {
  const entry = readEntries()[1]
  const { projectDir, file } = aProjectFile(entry)
  const path = join(projectDir, file)
  const then = new Date(1_700_000_000_000)
  utimesSync(path, then, then)
  // A touch alone leaves index fresh: forced, it lists the file and remembers its blob id by size, mtime and inode.
  assert.is(cli(['index', '--json', '--force', 'index']).status, 0)
  const bytes = readFileSync(path)
  bytes[0] = bytes[0] === 0x41 ? 0x42 : 0x41
  writeFileSync(path, bytes)
  utimesSync(path, then, then)
  const forced = cli(['index', '--json', '--force', 'index'])
  assert.is(forced.status, 0, forced.stderr)
  assert.equal([...repoTree(join(out, 'index', entry.repo_dir))], [...dirTree(projectDir)])
  firstCommits = commits()
})

test('push --dry-run prints the plan and pushes nothing; push sends every repository to its file:// remote', () => {
  const dry = cli(['push', '--dry-run'])
  assert.is(dry.status, 0, dry.stderr)
  const entries = readEntries()
  assert.is(dry.stderr.split('\n').filter((l) => l.includes('would push')).length, entries.length, dry.stderr)
  assert.match(dry.stderr, `${entries[0].commit.slice(0, 12)} → file://${remotes}/locobench/locobench-${entries[0].project_id}.git`)
  assert.not.ok(existsSync(remotes), 'a dry run creates no remote')

  const real = cli(['push'])
  assert.is(real.status, 0, real.stderr)
  assert.match(real.stderr, `${entries.length} pushed, 0 up to date`)
  for (const e of entries) assert.is(git(join(remotes, `${e.repo}.git`), ['rev-parse', 'refs/heads/main']).trim(), e.commit, e.project_id)
  const again = cli(['push'])
  assert.match(again.stderr, `0 pushed, ${entries.length} up to date`)
})

test('push with a bad remote template is a config error naming index.remote', () => {
  const run = cli(['push', '--dry-run'], 'bad-remote.json5')
  assert.is(run.status, 2)
  assert.match(run.stderr, /index\.remote: unknown placeholder \{repository\}/)
})

test.run()
