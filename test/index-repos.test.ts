// The index stage's library: project repositories built with real git (exact trees, reproducible
// commit ids whatever the machine's git setup, no-op reruns), projects_to_index.json, the push
// target against real local remotes, errors on bad input, and the repositories compared with what
// the generate stage really ships for the bundled sample.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rig, type Rig } from './helpers/rig.ts'
import { scanProject } from '../scripts/stages/generate/project.ts'
import { check } from '../scripts/lib/schemas.ts'
import { loadConfig } from '../scripts/lib/config-loader.ts'
import { IndexError } from '../scripts/index/index-errors.ts'
import { listProject, StatCache } from '../scripts/index/project-listing.ts'
import { buildProjectRepo, projectCommitMessage, readRepoCommit } from '../scripts/index/project-repo.ts'
import { indexItems, indexItemSpec, indexProjects, projectEntry, selectedProjects, strayRepos } from '../scripts/index/index-items.ts'
import { readProjectsToIndex } from '../scripts/contracts/projects-to-index.ts'
import { completeIndexConfig, repoName } from '../scripts/index/projects-file.ts'
import { planPush, push, pushIndex, PushFailedError } from '../scripts/index/push.ts'

const ROOT = join(import.meta.dirname, '..')
const SAMPLE = join(ROOT, 'data', 'sample')
const MESSAGE = projectCommitMessage('c_api_gateway_easy_009')

// ---- reading repositories back with plain git (the test's own view, not the library's) ------

const READ_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', LC_ALL: 'C' }

function gitRead(gitDir: string, args: string[], input?: string): Buffer {
  const r = spawnSync('git', [`--git-dir=${gitDir}`, ...args], { env: READ_ENV, input, maxBuffer: 1 << 28 })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} in ${gitDir}: ${r.stderr}`)
  return r.stdout
}

interface Entry {
  mode: string
  content: string
}

/** path → mode and content (base64; a symlink's content is its target) of the tree at refs/heads/main. */
function repoEntries(gitDir: string): Map<string, Entry> {
  const listing = gitRead(gitDir, ['ls-tree', '-r', '-z', '--full-tree', 'refs/heads/main']).toString('utf8').split('\0').filter(Boolean)
  const rows = listing.map((line) => {
    const tab = line.indexOf('\t')
    const [mode, , oid] = line.slice(0, tab).split(' ')
    return { mode, oid, path: line.slice(tab + 1) }
  })
  const batch = gitRead(gitDir, ['cat-file', '--batch'], rows.map((r) => `${r.oid}\n`).join(''))
  const out = new Map<string, Entry>()
  let at = 0
  for (const row of rows) {
    const headerEnd = batch.indexOf(0x0a, at)
    const size = Number(batch.toString('utf8', at, headerEnd).split(' ')[2])
    out.set(row.path, { mode: row.mode, content: batch.subarray(headerEnd + 1, headerEnd + 1 + size).toString('base64') })
    at = headerEnd + 1 + size + 1
  }
  return out
}

/** The same view of a directory on disk: regular files (exec bit → 100755) and symlinks; directories only through their files. */
function dirEntries(dir: string, rel = '', out = new Map<string, Entry>()): Map<string, Entry> {
  for (const name of readdirSync(join(dir, rel))) {
    const path = rel ? `${rel}/${name}` : name
    const st = lstatSync(join(dir, path))
    if (st.isDirectory()) dirEntries(dir, path, out)
    else if (st.isSymbolicLink()) out.set(path, { mode: '120000', content: Buffer.from(readlinkSync(join(dir, path))).toString('base64') })
    else if (st.isFile()) out.set(path, { mode: st.mode & 0o100 ? '100755' : '100644', content: readFileSync(join(dir, path)).toString('base64') })
  }
  return out
}

const sorted = (m: Map<string, Entry>): [string, Entry][] => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

// ---- a project that tries hard to be mangled -------------------------------------------------

const BINARY = Buffer.from(Array.from({ length: 256 }, (_, i) => i))

/** Files a .gitignore hides, attributes that would rewrite line endings, odd names, exec bits, links in and out, an empty dir, a fifo. */
function hostileProject(r: Rig, sub = 'project'): string {
  r.write({
    [`${sub}/.gitignore`]: '*\n!.gitignore\n',
    [`${sub}/.gitattributes`]: '* text=auto eol=crlf\n*.c filter=lfs diff=lfs merge=lfs -text ident\n',
    [`${sub}/app.log`]: 'log line\n',
    [`${sub}/build/out.o`]: BINARY,
    [`${sub}/secret.txt`]: 'no newline at the end',
    [`${sub}/src/main.c`]: 'int main(void) {\r\n  return 0; /* $Id$ */\n}\n',
    [`${sub}/scripts/run.sh`]: '#!/bin/sh\necho run\n',
    [`${sub}/docs/My Notes ü.md`]: 'unicode name\n',
    [`${sub}/empty.txt`]: '',
    [`${sub}/a.c`]: 'a.c sorts before the directory a\n',
    [`${sub}/a/b.c`]: 'in a/\n',
    [`${sub}/a-b`]: 'a-b sorts before a/ too\n',
    [`${sub}/docs/odd "quote" back\\slash\nnew\tline.txt`]: 'a name that needs quoting in a fast-import stream\n',
  })
  const p = r.path(sub)
  chmodSync(join(p, 'scripts/run.sh'), 0o755)
  symlinkSync('src/main.c', join(p, 'link-to-main'))
  symlinkSync('../scripts', join(p, 'docs/scripts-dir'))
  symlinkSync('/etc/hostname', join(p, 'outside'))
  symlinkSync('missing-target', join(p, 'dangling'))
  mkdirSync(join(p, 'var/empty'), { recursive: true })
  spawnSync('mkfifo', [join(p, 'pipe')])
  return p
}

// ---- the repository's content -----------------------------------------------------------------

test('the repository holds the project byte for byte: ignored files, exec bits, CRLF, links as a task gets them', async () => {
  using r = rig({}, 'index-tree-')
  const project = hostileProject(r)
  const repo = r.path('out/p.git')
  const built = await buildProjectRepo({ projectDir: project, repoDir: repo, message: MESSAGE })
  assert.ok(built.changed)
  assert.is(readRepoCommit(repo), built.commit)

  const inRepo = repoEntries(repo)
  // What the task ships: the generate stage's own scan of the same project.
  const shipped = scanProject(project)
  assert.equal([...inRepo.keys()].sort(), [...shipped.files.keys()].sort())
  assert.ok(inRepo.has('app.log') && inRepo.has('build/out.o') && inRepo.has('secret.txt'), 'files the .gitignore hides are in the tree')
  assert.is(inRepo.get('src/main.c')?.content, Buffer.from('int main(void) {\r\n  return 0; /* $Id$ */\n}\n').toString('base64'), 'no eol, ident or filter rewriting')
  assert.is(inRepo.get('build/out.o')?.content, BINARY.toString('base64'))
  assert.is(inRepo.get('scripts/run.sh')?.mode, '100755')
  assert.is(inRepo.get('secret.txt')?.mode, '100644')
  assert.equal(inRepo.get('link-to-main'), { mode: '120000', content: Buffer.from('src/main.c').toString('base64') })
  assert.equal(inRepo.get('docs/scripts-dir'), { mode: '120000', content: Buffer.from('../scripts').toString('base64') })
  for (const path of ['outside', 'dangling', 'pipe']) assert.not.ok(inRepo.has(path), `${path} is left out, as generate leaves it out`)
  assert.equal(built.skipped.sort(), [...shipped.skipped].sort())
  assert.equal(built.emptyDirs, ['var', 'var/empty'])

  // The whole tree against the directory, minus what the task does not ship either.
  const onDisk = dirEntries(project)
  for (const gone of ['outside', 'dangling']) onDisk.delete(gone)
  assert.equal(sorted(inRepo), sorted(onDisk))

  const files = [...onDisk.values()].filter((e) => e.mode !== '120000')
  assert.is(built.files, onDisk.size)
  assert.is(built.bytes, files.reduce((n, e) => n + Buffer.from(e.content, 'base64').length, 0))
  // Lines: newlines, plus one for a last line without one (secret.txt); the binary file has one newline byte (0x0a).
  const expectedLines = files.reduce((n, e) => {
    const b = Buffer.from(e.content, 'base64')
    return n + b.filter((x) => x === 0x0a).length + (b.length && b[b.length - 1] !== 0x0a ? 1 : 0)
  }, 0)
  assert.is(built.lines, expectedLines)

  const log = gitRead(repo, ['cat-file', 'commit', 'refs/heads/main']).toString('utf8')
  assert.match(log, /^tree [0-9a-f]{40}\nauthor locobench-harbor <index@locobench-harbor\.invalid> 1735689600 \+0000\ncommitter locobench-harbor <index@locobench-harbor\.invalid> 1735689600 \+0000\n\nLoCoBench-Agent project c_api_gateway_easy_009\n/)
  assert.is(gitRead(repo, ['rev-list', '--count', 'refs/heads/main']).toString().trim(), '1')
  assert.is(gitRead(repo, ['symbolic-ref', 'HEAD']).toString().trim(), 'refs/heads/main')
  gitRead(repo, ['fsck', '--strict', '--no-dangling'])
  assert.not.ok(existsSync(join(repo, 'hooks')), 'no hooks from any template')
  assert.ok(inRepo.has('docs/odd "quote" back\\slash\nnew\tline.txt'))

  // A project with nothing but empty directories is an empty tree, not an error.
  mkdirSync(r.path('hollow/a/b'), { recursive: true })
  const hollow = await buildProjectRepo({ projectDir: r.path('hollow'), repoDir: r.path('out/hollow.git'), message: MESSAGE })
  assert.is(hollow.tree, '4b825dc642cb6eb9a060e54bf8d69288fbee4904')
  assert.is(hollow.files, 0)
  assert.equal(hollow.emptyDirs, ['a', 'a/b'])
  assert.is(readRepoCommit(r.path('out/hollow.git')), hollow.commit)
})

// ---- reproducible ids -------------------------------------------------------------------------

// Pinned: the same three files must give this commit on any machine, with any git setup. A change
// here means every published repository would move (bump INDEX_RECIPE_VERSION and say why).
const GOLDEN = { 'README.md': 'hello\n', 'bin/run.sh': '#!/bin/sh\necho hi\n', 'src/a.c': 'int a;\n' }
const GOLDEN_COMMIT = '1ff923278ec7393fd7cbbd610680cf477922bdee'

function goldenProject(r: Rig, sub: string): string {
  r.write(Object.fromEntries(Object.entries(GOLDEN).map(([k, v]) => [`${sub}/${k}`, v])))
  chmodSync(r.path(`${sub}/bin/run.sh`), 0o755)
  return r.path(sub)
}

/** A HOME, XDG dir, system config and environment that set everything that could change a commit. */
function hostileGitSetup(r: Rig): NodeJS.ProcessEnv {
  const template = r.path('template')
  r.write({
    'template/hooks/pre-commit': '#!/bin/sh\nexit 1\n',
    'template/info/exclude': '*\n',
    'excludes': '*\n',
    'hooks/pre-commit': '#!/bin/sh\nexit 1\n',
  })
  const config = [
    '[user]\n\tname = Mallory\n\temail = mallory@example.com\n',
    '[core]\n\tautocrlf = true\n\tfileMode = false\n\tsymlinks = false\n',
    `\texcludesFile = ${r.path('excludes')}\n\thooksPath = ${r.path('hooks')}\n\tattributesFile = ${r.path('excludes')}\n`,
    `[init]\n\ttemplateDir = ${template}\n\tdefaultBranch = trunk\n\tdefaultObjectFormat = sha256\n`,
    '[commit]\n\tgpgSign = true\n',
    '[i18n]\n\tcommitEncoding = ISO-8859-1\n',
  ].join('')
  r.write({ 'home/.gitconfig': config, 'xdg/git/config': config, 'system-gitconfig': config })
  return {
    PATH: process.env.PATH,
    HOME: r.path('home'),
    XDG_CONFIG_HOME: r.path('xdg'),
    GIT_CONFIG_SYSTEM: r.path('system-gitconfig'),
    GIT_CONFIG_PARAMETERS: "'core.autocrlf'='true'",
    GIT_AUTHOR_NAME: 'Mallory',
    GIT_AUTHOR_DATE: '2001-02-03T04:05:06+0900',
    GIT_COMMITTER_NAME: 'Mallory',
    GIT_COMMITTER_DATE: '2001-02-03T04:05:06+0900',
    GIT_DEFAULT_HASH: 'sha256',
    GIT_DIR: r.path('nowhere'),
    GIT_INDEX_FILE: r.path('nowhere/index'),
    TZ: 'Asia/Tokyo',
    LC_ALL: 'C.UTF-8',
  }
}

test('the commit id depends on the content alone: pinned id, another directory, a hostile git setup and umask', async () => {
  using r = rig({}, 'index-repro-')
  const first = await buildProjectRepo({ projectDir: goldenProject(r, 'one'), repoDir: r.path('one.git'), message: MESSAGE })
  assert.is(first.commit, GOLDEN_COMMIT)

  // The same content elsewhere, built by a child process whose environment sets every knob.
  const other = goldenProject(r, 'elsewhere/deeper/two')
  const script = [
    `process.umask(0o077)`,
    `const { buildProjectRepo } = await import(${JSON.stringify(join(ROOT, 'scripts/index/project-repo.ts'))})`,
    `const built = await buildProjectRepo({ projectDir: ${JSON.stringify(other)}, repoDir: ${JSON.stringify(r.path('two.git'))}, message: ${JSON.stringify(MESSAGE)} })`,
    `process.stdout.write(built.commit)`,
  ].join('\n')
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: hostileGitSetup(r), encoding: 'utf8' })
  assert.is(child.status, 0, child.stderr)
  assert.is(child.stdout, GOLDEN_COMMIT)
  assert.is(readRepoCommit(r.path('two.git')), GOLDEN_COMMIT)
  assert.equal(sorted(repoEntries(r.path('two.git'))), sorted(repoEntries(r.path('one.git'))))
  assert.not.ok(existsSync(r.path('nowhere')), 'the inherited GIT_DIR was not used')

  // Another project id is another message and so another commit, even for the same tree.
  const renamed = await buildProjectRepo({ projectDir: other, repoDir: r.path('three.git'), message: projectCommitMessage('c_api_gateway_easy_010') })
  assert.is(renamed.tree, first.tree)
  assert.is.not(renamed.commit, first.commit)
})

test('every change to what a task ships moves the commit, and the stat cache never hides one', async () => {
  using r = rig({}, 'index-change-')
  const project = goldenProject(r, 'p')
  const repo = r.path('p.git')
  const cache = new StatCache()
  // Old mtimes, so the cache trusts these entries (recent ones are re-read: the racy-stat guard).
  const old = new Date('2020-01-01T00:00:00Z')
  for (const f of Object.keys(GOLDEN)) utimesSync(join(project, f), old, old)
  const ids = new Set<string>()
  const build = async () => {
    const b = await buildProjectRepo({ projectDir: project, repoDir: repo, message: MESSAGE, cache })
    assert.is(readRepoCommit(repo), b.commit)
    assert.equal(sorted(repoEntries(repo)), sorted(dirEntries(project)))
    return b
  }
  ids.add((await build()).commit)
  assert.is(cache.size, 3)

  writeFileSync(join(project, 'src/a.c'), 'int b;\n') // same size, new mtime
  ids.add((await build()).commit)
  chmodSync(join(project, 'README.md'), 0o755) // a chmod does not move the mtime
  ids.add((await build()).commit)
  writeFileSync(join(project, 'src/new.c'), 'int c;\n')
  ids.add((await build()).commit)
  rmSync(join(project, 'src/new.c'))
  rmSync(join(project, 'bin/run.sh'))
  ids.add((await build()).commit)
  assert.is(ids.size, 5, 'five contents, five commits')

  // Back to the original content: back to the original commit.
  writeFileSync(join(project, 'src/a.c'), 'int a;\n')
  chmodSync(join(project, 'README.md'), 0o644)
  r.write({ 'p/bin/run.sh': GOLDEN['bin/run.sh'] })
  chmodSync(join(project, 'bin/run.sh'), 0o755)
  assert.is((await build()).commit, GOLDEN_COMMIT)
  // Replaced repositories leave nothing beside them.
  assert.equal(readdirSync(r.dir).sort(), ['p', 'p.git'])
})

test('a rerun with unchanged content writes nothing; a touched file keeps the commit', async () => {
  using r = rig({}, 'index-noop-')
  const project = hostileProject(r)
  const repo = r.path('p.git')
  const cacheFile = r.path('stat-cache.json')
  const cache = StatCache.load(cacheFile)
  const first = await buildProjectRepo({ projectDir: project, repoDir: repo, message: MESSAGE, cache })
  cache.save(cacheFile)
  const snapshot = r.snapshot('p.git')
  const refStat = statSync(join(repo, 'refs/heads/main'))

  const again = await buildProjectRepo({ projectDir: project, repoDir: repo, message: MESSAGE, cache: StatCache.load(cacheFile) })
  assert.not.ok(again.changed)
  assert.is(again.commit, first.commit)
  assert.equal(r.snapshot('p.git'), snapshot, 'no file of the repository was written')
  assert.is(statSync(join(repo, 'refs/heads/main')).mtimeMs, refStat.mtimeMs)

  const later = new Date(Date.now() + 60_000)
  utimesSync(join(project, 'src/main.c'), later, later)
  const touched = await buildProjectRepo({ projectDir: project, repoDir: repo, message: MESSAGE, cache: StatCache.load(cacheFile) })
  assert.not.ok(touched.changed)
  assert.is(touched.commit, first.commit)
  assert.equal(r.snapshot('p.git'), snapshot)
})

// ---- bad input --------------------------------------------------------------------------------

test('bad input fails with an error naming the path, field or key', async () => {
  using r = rig({}, 'index-bad-')
  const missing = r.path('no/such/project')
  const error = await buildProjectRepo({ projectDir: missing, repoDir: r.path('x.git'), message: MESSAGE }).then(() => undefined, (e: unknown) => e)
  assert.instance(error, IndexError)
  assert.match((error as Error).message, `project directory ${missing} does not exist`)
  assert.not.ok(existsSync(r.path('x.git')))

  r.write({ 'file-not-dir': 'x' })
  assert.throws(() => listProject(r.path('file-not-dir')), (e: Error) => e instanceof IndexError && e.message.includes(`${r.path('file-not-dir')} is not a directory`))

  r.write({ 'withgit/.git/HEAD': 'ref: refs/heads/main\n', 'withgit/a.txt': 'a\n' })
  assert.throws(() => listProject(r.path('withgit')), (e: Error) => e.message.includes('contains .git'))

  // A file edited between the listing (which fixed the expected commit) and the build fails the build; nothing is left.
  const listed = listProject(goldenProject(r, 'moving'))
  r.write({ 'moving/src/a.c': 'int moved;\n' })
  const moved = await buildProjectRepo({ projectDir: r.path('moving'), repoDir: r.path('moving.git'), message: MESSAGE, listing: listed }).then(() => undefined, (e: unknown) => e)
  assert.instance(moved, IndexError)
  assert.match((moved as Error).message, `${r.path('moving')}/src/a.c changed while the project was indexed`)
  assert.not.ok(existsSync(r.path('moving.git')))
  assert.equal(readdirSync(r.dir).filter((n) => n.includes('moving.git')), [], 'no temp repository left behind')

  // Something that is not a repository is never replaced.
  goldenProject(r, 'ok')
  r.write({ 'occupied/notes.txt': 'mine\n' })
  const occupied = await buildProjectRepo({ projectDir: r.path('ok'), repoDir: r.path('occupied'), message: MESSAGE }).then(() => undefined, (e: unknown) => e)
  assert.match((occupied as Error).message, `${r.path('occupied')} exists and is not a bare git repository`)
  assert.is(r.read('occupied/notes.txt'), 'mine\n')

  // A record whose project leaves the data dir; a record whose project dir is gone.
  const data = r.path('data')
  r.write({
    'selected.json': JSON.stringify({ selection_criteria: {}, statistics: {}, tasks: [{ id: 'c_api_gateway_easy_009_bug_investigation_easy_01' }] }),
    'dataset.jsonl': `${JSON.stringify({ id: 'c_api_gateway_easy_009_bug_investigation_easy_01', project_id: 'c_api_gateway_easy_009', language: 'c', project: { dir: 'generated/c_api_gateway_easy_009', root: '../../etc' } })}\n`,
  })
  const inputs = { selected: r.path('selected.json'), dataset: r.path('dataset.jsonl'), dataDir: data }
  assert.throws(() => selectedProjects(inputs), (e: Error) => e.message.includes(`${r.path('dataset.jsonl')}:1: project.root "../../etc" is not inside the data dir`))
  r.write({ 'dataset.jsonl': `${JSON.stringify({ id: 'c_api_gateway_easy_009_bug_investigation_easy_01', project_id: 'c_api_gateway_easy_009', language: 'c', project: { dir: 'generated/c_api_gateway_easy_009', root: 'generated/c_api_gateway_easy_009/Gone' } })}\n` })
  const config = completeIndexConfig({})
  assert.throws(() => indexItems({ ...inputs, indexDir: r.path('index') }), (e: Error) => e.message.includes(`project directory ${join(data, 'generated/c_api_gateway_easy_009/Gone')} does not exist`))
  r.write({ 'dataset.jsonl': `${JSON.stringify({ id: 'c_api_gateway_easy_009_bug_investigation_easy_01', project_id: 7, language: 'c', project: {} })}\n` })
  assert.throws(() => selectedProjects(inputs), (e: Error) => e.message.includes(`${r.path('dataset.jsonl')}:1: project_id must be a non-empty string`))

  // The push target before any index run names the file it needs.
  const noIndex = await pushIndex({ indexDir: r.path('never-indexed'), config: completeIndexConfig({}), dryRun: true }).then(() => undefined, (e: unknown) => e)
  assert.match((noIndex as Error).message, `${join(r.path('never-indexed'), 'projects_to_index.json')} does not exist (run the index stage first)`)

  // Config: schema errors and template typos name the key.
  assert.throws(() => completeIndexConfig({ org: 'has space' }), (e: Error) => e.message.includes('index.org'))
  assert.throws(() => completeIndexConfig({ repo_name: '{org}/{project}' }), (e: Error) => e.message.includes('index.repo_name: unknown placeholder {project}'))
  assert.throws(() => completeIndexConfig({ remote: 'git@github.com:{repo.git' }), (e: Error) => e.message.includes('index.remote'))
  assert.throws(() => completeIndexConfig({ repo_name: '{org}/../{project_id}' }), (e: Error) => e.message.includes('index.repo_name'))
  assert.throws(() => completeIndexConfig({ pushh: true }), (e: Error) => e.message.includes('index.pushh: is not allowed here'))
  assert.is(repoName(config, { project_id: 'c_api_gateway_easy_009', language: 'c' }), 'locobench/locobench-c_api_gateway_easy_009')

  // The section through the project's config file: defaults filled in, a bad key named.
  r.write({ 'cfg/ok.json5': '{ index: { org: "acme", remote: "file:///srv/git/{repo}.git" } }', 'cfg/bad.json5': '{ index: { force: true } }' })
  const loaded = loadConfig(r.path('cfg/ok.json5')).config.index
  assert.equal(completeIndexConfig(loaded), { org: 'acme', repo_name: '{org}/locobench-{project_id}', remote: 'file:///srv/git/{repo}.git', force_push: false, create_local_remotes: true, push_concurrency: 4 })
  assert.throws(() => loadConfig(r.path('cfg/bad.json5')), (e: Error) => e.message.includes('index.force: is not allowed here'))
})

// ---- projects_to_index.json and the stage as items --------------------------------------------

/** A tiny data dir in the real layout: two projects (one wrapped), three selected tasks. */
function miniData(r: Rig): { selected: string; dataset: string; dataDir: string } {
  r.write({
    'data/generated/c_api_gateway_easy_009/project_metadata.json': JSON.stringify({ specification: { name: 'CampusCraft Service Mesh' } }),
    'data/generated/c_api_gateway_easy_009/CampusCraft/src/main.c': 'int main(void) { return 0; }\n',
    'data/generated/c_api_gateway_easy_009/CampusCraft/.gitignore': '*.c\n',
    'data/generated/python_web_blog_medium_004/app.py': 'print("hi")\n',
    'data/generated/python_web_blog_medium_004/README.md': '# blog\n',
  })
  const rec = (id: string, projectId: string, language: string, root: string) =>
    JSON.stringify({ id, project_id: projectId, language, project: { dir: `generated/${projectId}`, root } })
  const ids = ['c_api_gateway_easy_009_bug_investigation_easy_01', 'c_api_gateway_easy_009_code_comprehension_easy_02', 'python_web_blog_medium_004_security_analysis_medium_01']
  r.write({
    'out/dataset.jsonl': [
      rec(ids[0], 'c_api_gateway_easy_009', 'c', 'generated/c_api_gateway_easy_009/CampusCraft'),
      rec(ids[1], 'c_api_gateway_easy_009', 'c', 'generated/c_api_gateway_easy_009/CampusCraft'),
      rec('python_web_blog_medium_004_cross_file_refactoring_medium_02', 'python_web_blog_medium_004', 'python', 'generated/python_web_blog_medium_004'),
      rec(ids[2], 'python_web_blog_medium_004', 'python', 'generated/python_web_blog_medium_004'),
    ].join('\n') + '\n',
    'out/selected_tasks.json': JSON.stringify({ selection_criteria: {}, statistics: {}, tasks: [ids[2], ids[1], ids[0], 'not_in_dataset_easy_01'].map((id) => ({ id })) }),
  })
  return { selected: r.path('out/selected_tasks.json'), dataset: r.path('out/dataset.jsonl'), dataDir: r.path('data') }
}

test('projects_to_index.json lists each selected project with its repository, commit, counts and tasks, and matches its schema', async () => {
  using r = rig({}, 'index-items-')
  const inputs = miniData(r)
  const warnings: string[] = []
  const indexDir = r.path('out/index')
  const config = completeIndexConfig({ org: 'acme' })
  const items = indexItems({ ...inputs, indexDir, warn: (m) => warnings.push(m) })
  assert.equal(items.map((i) => i.key), ['c_api_gateway_easy_009', 'python_web_blog_medium_004'])
  assert.match(warnings.join('\n'), 'not_in_dataset_easy_01')
  for (const item of items) assert.match(item.inputHash, /^[0-9a-f]{64}$/)

  const run = await indexProjects({ ...inputs, indexDir, config })
  assert.equal(run.built, ['c_api_gateway_easy_009', 'python_web_blog_medium_004'])
  const written = readProjectsToIndex(join(indexDir, 'projects_to_index.json'))
  assert.equal(check('projects-to-index.schema.json', written), [])
  assert.equal(written, run.entries)
  const [c, py] = written
  assert.equal(c, {
    project_id: 'c_api_gateway_easy_009', name: 'CampusCraft Service Mesh', dir_name: 'CampusCraft', language: 'c',
    files: 2, lines: 2, bytes: 33, repo: 'acme/locobench-c_api_gateway_easy_009', repo_dir: 'c_api_gateway_easy_009', branch: 'main',
    commit: items[0].commit, tree: c.tree, task_ids: ['c_api_gateway_easy_009_bug_investigation_easy_01', 'c_api_gateway_easy_009_code_comprehension_easy_02'],
    empty_dirs: [], skipped: [],
  })
  assert.is(py.name, null, 'no project_metadata.json: no name')
  assert.equal(py.task_ids, ['python_web_blog_medium_004_security_analysis_medium_01'], 'only selected tasks')
  assert.is(readRepoCommit(join(indexDir, py.repo_dir)), py.commit)
  assert.equal([...repoEntries(join(indexDir, c.repo_dir)).keys()], ['.gitignore', 'src/main.c'])

  // Input hashes follow content: the same on a rerun, moved by an edit in one project only.
  const before = indexItems({ ...inputs, indexDir })
  r.write({ 'data/generated/python_web_blog_medium_004/app.py': 'print("bye")\n' })
  const after = indexItems({ ...inputs, indexDir })
  assert.is(after[0].inputHash, before[0].inputHash)
  assert.is.not(after[1].inputHash, before[1].inputHash)
  assert.equal(before.map((i) => i.inputHash), items.map((i) => i.inputHash))
  const rerun = await indexProjects({ ...inputs, indexDir, config })
  assert.equal(rerun.built, ['python_web_blog_medium_004'])
  assert.equal(rerun.kept, ['c_api_gateway_easy_009'])

  // The engine's per-item contract: prepare gives the hash without building, build writes the
  // staged entry and returns JSON facts, and the entry assembled from facts is the runner's entry.
  const projects = selectedProjects(inputs)
  const spec = indexItemSpec(projects)
  assert.equal(spec.keys, ['c_api_gateway_easy_009', 'python_web_blog_medium_004'])
  assert.equal(spec.reserved, ['projects_to_index.json'])
  const prepared = spec.prepare('c_api_gateway_easy_009')
  assert.is(prepared.hash, after[0].inputHash)
  assert.not.ok(existsSync(r.path('staging')), 'prepare builds nothing')
  const facts = await spec.build('c_api_gateway_easy_009', prepared.value, r.path('staging/c_api_gateway_easy_009'))
  assert.equal(JSON.parse(JSON.stringify(facts)), facts)
  assert.is(readRepoCommit(r.path('staging/c_api_gateway_easy_009')), facts.commit)
  assert.equal(projectEntry(projects[0], facts, config), rerun.entries[0])
  assert.ok(spec.fatal(new IndexError('bad config', 2)))
  assert.not.ok(spec.fatal(new IndexError('one project failed')))

  // A schema violation in the file is reported with the file and pointer.
  const broken = JSON.parse(readFileSync(join(indexDir, 'projects_to_index.json'), 'utf8'))
  broken[1].commit = 'not-a-sha'
  writeFileSync(r.path('broken.json'), JSON.stringify(broken))
  assert.throws(() => readProjectsToIndex(r.path('broken.json')), (e: Error) => e.message.includes(`${r.path('broken.json')} does not match projects-to-index.schema.json: /1/commit:`))

  // Repositories of projects no longer selected, and leftovers of interrupted builds, are listed for removal; nothing else.
  mkdirSync(join(indexDir, 'java_old_project_easy_001'))
  mkdirSync(join(indexDir, 'c_api_gateway_easy_009.tmp-12345'))
  mkdirSync(join(indexDir, 'notes'))
  assert.equal(strayRepos(indexDir, new Set(items.map((i) => i.key))), ['c_api_gateway_easy_009.tmp-12345', 'java_old_project_easy_001'])
})

// ---- push -------------------------------------------------------------------------------------

test('push sends each commit to main of its remote; a dry run starts nothing; a changed project needs force', async () => {
  using r = rig({}, 'index-push-')
  const inputs = miniData(r)
  const indexDir = r.path('out/index')
  const config = completeIndexConfig({ org: 'acme', remote: `file://${r.path('remotes')}/{repo}.git` })
  const { entries } = await indexProjects({ ...inputs, indexDir, config })
  const plan = planPush(entries, config.remote, { indexDir, org: config.org })
  assert.equal(plan.map((s) => [s.project_id, s.remote, s.ref]), [
    ['c_api_gateway_easy_009', `file://${r.path('remotes')}/acme/locobench-c_api_gateway_easy_009.git`, 'refs/heads/main'],
    ['python_web_blog_medium_004', `file://${r.path('remotes')}/acme/locobench-python_web_blog_medium_004.git`, 'refs/heads/main'],
  ])
  const remoteOf = (id: string) => r.path(`remotes/acme/locobench-${id}.git`)

  const lines: string[] = []
  const dry = await pushIndex({ indexDir, config, dryRun: true, log: (m) => lines.push(m) })
  assert.equal(dry.map((o) => o.status), ['would-push', 'would-push'])
  assert.match(lines.join('\n'), `would push c_api_gateway_easy_009: ${entries[0].commit.slice(0, 12)} → file://`)
  assert.not.ok(existsSync(r.path('remotes')), 'a dry run creates no remote')

  const pushed = await push(plan, { createLocalRemotes: true, concurrency: 2 })
  assert.equal(pushed.map((o) => o.status), ['pushed', 'pushed'])
  for (const entry of entries) {
    assert.is(readRepoCommit(remoteOf(entry.project_id)), entry.commit)
    assert.equal(sorted(repoEntries(remoteOf(entry.project_id))), sorted(repoEntries(join(indexDir, entry.repo_dir))))
  }
  assert.equal((await push(plan, { createLocalRemotes: true })).map((o) => o.status), ['up-to-date', 'up-to-date'])

  // New content is a new parentless commit: not a fast-forward of what the remote holds.
  r.write({ 'data/generated/python_web_blog_medium_004/app.py': 'print("changed")\n' })
  const next = await indexProjects({ ...inputs, indexDir, config })
  const nextPlan = planPush(next.entries, config.remote, { indexDir, org: config.org })
  const refused = await push(nextPlan, { createLocalRemotes: true }).then(() => undefined, (e: unknown) => e)
  assert.instance(refused, PushFailedError)
  assert.match((refused as Error).message, /python_web_blog_medium_004 → file:\/\/.*index\.force_push/s)
  assert.equal((refused as PushFailedError).outcomes.map((o) => o.status), ['up-to-date', 'failed'])
  assert.is(readRepoCommit(remoteOf('python_web_blog_medium_004')), entries[1].commit, 'the refused remote kept its commit')
  const forced = await push(nextPlan, { createLocalRemotes: true, force: true })
  assert.equal(forced.map((o) => o.status), ['up-to-date', 'pushed'])
  assert.is(readRepoCommit(remoteOf('python_web_blog_medium_004')), next.entries[1].commit)

  // A stale local repository is never pushed; without create_local_remotes a missing remote is an error from git.
  const stale = planPush(entries, config.remote, { indexDir, org: config.org })
  await push(stale, { dryRun: true }).then(() => assert.unreachable('stale plan pushed'), (e: Error) => assert.match(e.message, 'run the index stage first'))
  const elsewhere = planPush(next.entries, `file://${r.path('absent')}/{repo}.git`, { indexDir, org: config.org })
  const missing = await push(elsewhere, { createLocalRemotes: false }).then(() => undefined, (e: unknown) => e)
  assert.instance(missing, PushFailedError)
  assert.not.ok(existsSync(r.path('absent')))
  assert.throws(() => planPush(entries, 'file:///srv/{org}.git', { indexDir, org: 'acme' }), (e: Error) => e.message.includes('would both push to file:///srv/acme.git'))
})

// ---- against the real generate output ---------------------------------------------------------

test('on the bundled sample, each repository holds exactly environment/project/ of every task of its project', async () => {
  using r = rig({}, 'index-sample-')
  const out = r.path('out')
  // The generate stage's output through its stable entry points (the original adapter's three commands).
  const run = (script: string, args: string[]) => {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'cli', script), ...args], { encoding: 'utf8' })
    assert.is(result.status, 0, `${script}: ${result.stderr}`)
  }
  run('extract-dataset.ts', ['--data', SAMPLE, '--output', out])
  run('select-tasks.ts', ['--dataset', join(out, 'dataset.jsonl'), '--output', join(out, 'selected_tasks.json')])
  run('run-adapter.ts', ['--dataset_path', join(out, 'dataset.jsonl'), '--output_dir', join(out, 'tasks'), '--selected_tasks', join(out, 'selected_tasks.json'), '--data_dir', SAMPLE])

  const inputs = { selected: join(out, 'selected_tasks.json'), dataset: join(out, 'dataset.jsonl'), dataDir: SAMPLE }
  const indexDir = join(out, 'index')
  const config = completeIndexConfig({})
  const cacheFile = join(out, '.taskcache', 'index-stat-cache.json')
  const started = performance.now()
  const cold = await indexProjects({ ...inputs, indexDir, config, cacheFile })
  const coldMs = performance.now() - started
  const warmStart = performance.now()
  const warm = await indexProjects({ ...inputs, indexDir, config, cacheFile })
  const warmMs = performance.now() - warmStart
  console.log(`  index on the sample: ${cold.entries.length} projects, ${cold.entries.reduce((n, e) => n + e.files, 0)} files: cold ${coldMs.toFixed(0)} ms, rerun ${warmMs.toFixed(0)} ms`)
  assert.equal(warm.built, [])
  assert.equal(warm.entries, cold.entries)
  // Every regular file older than the racy-stat window when the cold run started is in the cache, so the rerun read none of them.
  const trusted = selectedProjects(inputs).flatMap((p) => listProject(p.projectDir).files.filter((f) => f.kind === 'file').map((f) => join(p.projectDir, f.path)))
    .filter((path) => statSync(path).mtimeMs < Date.now() - (performance.now() - started) - 2000)
  assert.ok(trusted.length > 0)
  assert.is(StatCache.load(cacheFile).size, trusted.length)

  const taskDirs = readdirSync(join(out, 'tasks')).filter((n) => existsSync(join(out, 'tasks', n, 'task.toml')))
  assert.is(taskDirs.length, 50)
  assert.equal(cold.entries.flatMap((e) => e.task_ids).sort(), taskDirs.sort(), 'every generated task belongs to exactly one indexed project')
  for (const entry of cold.entries) {
    const inRepo = sorted(repoEntries(join(indexDir, entry.repo_dir)))
    assert.is(inRepo.length, entry.files)
    for (const id of entry.task_ids) assert.equal(inRepo, sorted(dirEntries(join(out, 'tasks', id, 'environment', 'project'))), `${entry.project_id} vs ${id}`)
  }
  assert.equal(check('projects-to-index.schema.json', readProjectsToIndex(join(indexDir, 'projects_to_index.json'))), [])
})

test.run()
