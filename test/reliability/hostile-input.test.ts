// Hostile input end to end: a dataset holding every bad-input class of the extract stage, symlinks
// leaving a project (absolute, relative, to a file and to a directory) and a project file that is
// not UTF-8. `all` must end with exit 0, account for every bad file in rejects.jsonl with its
// reason, write nothing outside out/, copy nothing a symlink points at, and every task it generates
// must pass Harbor's task contract.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash, randomBytes } from 'node:crypto'
import { cpSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { assertRegistry, assertTaskContract, filesOf } from '../helpers/contract.ts'
import { diffSnapshots, place, SAMPLE, snapshot, workspace, writeConfig } from '../helpers/reliability-data.ts'
import { describeExit, run } from '../helpers/reliability-run.ts'

const P1 = 'c_api_gateway_easy_009' // wrapper folder CampusCraft
const P2 = 'c_web_portfolio_easy_041'
const WRAPPER = 'CampusCraft'
const GOOD = [`${P1}_architectural_understanding_expert_01`, `${P1}_cross_file_refactoring_expert_01`, `${P2}_architectural_understanding_expert_01`]
const PARTLY_MISSING = `${P1}_cross_file_refactoring_expert_01`
// Extracted, but select removes it (selection.exclude_leaks): with every other scenario of its
// project rejected, nothing shares the ground-truth sentence its description repeats, so generate
// would fail it. The other two are generated.
const LEAKY = `${P2}_architectural_understanding_expert_01`
const GENERATED = GOOD.filter((id) => id !== LEAKY)
const LATIN1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a, 0xff, 0xfe, 0x80, 0x0a]) // "caf\xe9\n" and bytes no UTF-8 allows

type Scenario = Record<string, unknown>
const scenarioPath = (data: string, name: string) => join(data, 'output', 'scenarios', name)
const sampleScenario = (id: string): Scenario => JSON.parse(readFileSync(join(SAMPLE, 'output', 'scenarios', `${id}.json`), 'utf8')) as Scenario
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`

/** A scenario of project P1 or P2 under another id and category, with overrides. */
function variant(project: string, category: string, suffix: string, over: Scenario = {}): [string, Scenario] {
  const base = sampleScenario(`${project}_architectural_understanding_expert_01`)
  const id = `${project}_${category}_expert_${suffix}`
  return [`${id}.json`, { ...base, id, task_category: category, ...over }]
}

interface BadFile {
  name: string
  content: string | Buffer
  reason: string
  pointer?: string
}

function badFiles(): BadFile[] {
  const bad: BadFile[] = []
  const add = ([name, s]: [string, Scenario], reason: string, pointer?: string, mangle?: (text: string) => string | Buffer) =>
    bad.push({ name, content: mangle ? mangle(json(s)) : json(s), reason, pointer })
  add(variant(P1, 'code_comprehension', '01'), 'invalid-json', '', (t) => t.slice(0, t.length / 2))
  add(variant(P1, 'feature_implementation', '01'), 'bom', '', (t) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(t)]))
  add(variant(P1, 'integration_testing', '01'), 'empty-file', '', () => '')
  add(variant(P1, 'multi_session_development', '01'), 'invalid-utf8', '', (t) => {
    const bytes = Buffer.from(t)
    bytes[bytes.indexOf('"title"') + 10] = 0xff
    return bytes
  })
  const [untitled, s] = variant(P1, 'security_analysis', '01')
  delete s.title
  add([untitled, s], 'schema', '/title')
  add(variant(P2, 'code_comprehension', '01', { context_length: 'long' }), 'schema', '/context_length')
  add(variant(P2, 'feature_implementation', '01', { metadata: null }), 'schema', '/metadata')
  const unparsable = 'c_no_such_domain_easy_009_code_comprehension_expert_01'
  add([`${unparsable}.json`, { ...sampleScenario(GOOD[0]), id: unparsable, task_category: 'code_comprehension' }], 'id-unparsable')
  add(variant(P2, 'integration_testing', '01', { task_category: 'code_golf' }), 'unknown-category', '/task_category')
  add([`${GOOD[0]}_copy.json`, sampleScenario(GOOD[0])], 'duplicate-id')
  add(variant(P2, 'multi_session_development', '01', { context_files: ['LexiSphere Suite//README.md', '/etc/passwd'] }), 'unsafe-path', '/context_files/1')
  add(variant(P2, 'security_analysis', '01', { context_files: [`LexiSphere Suite//..//..//..//canary//secret.txt`] }), 'unsafe-path', '/context_files/0')
  add(variant(P1, 'bug_investigation', '02', { context_files: [`${WRAPPER}//nope.c`, `${WRAPPER}//gone//x.c`] }), 'context-files-missing', '/context_files')
  const homeless = 'go_api_rest_hard_006_code_comprehension_expert_01'
  add([`${homeless}.json`, { ...sampleScenario(GOOD[0]), id: homeless, task_category: 'code_comprehension' }], 'project-missing')
  return bad
}

test('a dataset with every bad-input class, escaping symlinks and a non-UTF-8 file: exit 0, every reject named, nothing written or copied from outside', async () => {
  const ws = workspace('hostile')
  try {
    const data = ws.path('data')
    const canary = ws.path('canary')
    const secret = `CANARY-${randomBytes(8).toString('hex')}\n`
    mkdirSync(canary)
    writeFileSync(join(canary, 'secret.txt'), secret)

    for (const project of [P1, P2]) cpSync(join(SAMPLE, 'generated', project), join(data, 'generated', project), { recursive: true })
    mkdirSync(join(data, 'output', 'scenarios'), { recursive: true })
    for (const id of GOOD.filter((id) => id !== PARTLY_MISSING)) cpSync(join(SAMPLE, 'output', 'scenarios', `${id}.json`), scenarioPath(data, `${id}.json`))
    const partly = sampleScenario(PARTLY_MISSING)
    partly.context_files = [...(partly.context_files as string[]).slice(0, 3), `${WRAPPER}//services//gone.c`]
    writeFileSync(scenarioPath(data, `${PARTLY_MISSING}.json`), json(partly))
    const bad = badFiles()
    for (const b of bad) writeFileSync(scenarioPath(data, b.name), b.content)

    const project = join(data, 'generated', P1, WRAPPER)
    const links: Record<string, string> = {
      'escape-passwd': '/etc/passwd',
      'escape-canary': join(canary, 'secret.txt'),
      'escape-dir': canary,
      'services/escape-relative': relative(join(project, 'services'), join(canary, 'secret.txt')),
    }
    for (const [rel, target] of Object.entries(links)) symlinkSync(target, join(project, rel))
    mkdirSync(join(project, 'docs'))
    writeFileSync(join(project, 'docs', 'latin1.txt'), LATIN1)

    writeConfig(ws.path('config.json5'), { topN: 50, everything: true })
    const p = place(ws.dir)
    const passwd = readFileSync('/etc/passwd')
    const before = { data: snapshot(data), canary: snapshot(canary), top: readdirSync(ws.dir).sort(), passwd: lstatSync('/etc/passwd').mtimeMs }

    const exit = await run(p, ['all'])
    assert.is(exit.code, 0, describeExit(exit))

    // Every bad file is a reject with its reason (and pointer); the good ones are records.
    const rejects = readFileSync(join(p.out, 'rejects.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { file: string; reason: string; pointer: string; message: string })
    const expected = bad.map((b) => [`output/scenarios/${b.name}`, b.reason]).sort()
    assert.equal(rejects.map((r) => [r.file, r.reason]).sort(), expected)
    for (const b of bad.filter((b) => b.pointer !== undefined)) {
      const line = rejects.find((r) => r.file === `output/scenarios/${b.name}`)!
      assert.is(line.pointer, b.pointer, `${b.name}: ${line.message}`)
    }
    assert.not.ok(readFileSync(join(p.out, 'rejects.jsonl'), 'utf8').includes(ws.dir), 'no absolute path of this machine in rejects.jsonl')
    const summary = JSON.parse(readFileSync(join(p.out, 'extract-summary.json'), 'utf8')) as { read: number; accepted: number; rejected: number; warnings: { file: string; code: string }[] }
    assert.equal([summary.read, summary.accepted, summary.rejected], [GOOD.length + bad.length, GOOD.length, bad.length])
    const records = readFileSync(join(p.out, 'dataset.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; missing_context_files: string[] })
    assert.equal(records.map((r) => r.id), [...GOOD].sort())
    assert.equal(records.find((r) => r.id === PARTLY_MISSING)?.missing_context_files, ['services/gone.c'])
    assert.ok(summary.warnings.some((w) => w.code === 'context-files-missing' && w.file === `output/scenarios/${PARTLY_MISSING}.json`), 'partly missing context files are a warning')
    for (const rel of Object.keys(links)) {
      assert.ok(summary.warnings.some((w) => w.file === `generated/${P1}/${WRAPPER}/${rel}`), `the symlink ${rel} is reported: ${JSON.stringify(summary.warnings)}`)
    }

    // Nothing written outside out/ (the run's temp dir is left empty too), nothing read through a symlink.
    assert.equal(diffSnapshots(before.data, snapshot(data)), [], 'the data root is untouched')
    assert.equal(diffSnapshots(before.canary, snapshot(canary)), [], 'the dir outside the data root is untouched')
    assert.equal(readdirSync(ws.dir).sort(), [...before.top, 'out'].sort(), 'nothing new next to out/')
    assert.equal(readdirSync(p.tmp), [], 'the run left no temp files')
    assert.ok(readFileSync('/etc/passwd').equals(passwd) && lstatSync('/etc/passwd').mtimeMs === before.passwd, '/etc/passwd untouched')

    const scores = readFileSync(join(p.out, 'scores.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; removed_by: string[] })
    assert.equal(scores.map((s) => [s.id, s.removed_by]).sort(), GOOD.map((id) => [id, id === LEAKY ? ['exclude_leaks'] : []]).sort())
    const tasks = join(p.out, 'tasks')
    const ids = readdirSync(tasks).filter((n) => n !== 'manifest.json' && n !== 'dataset.toml').sort()
    assert.equal(ids, [...GENERATED].sort())
    for (const id of ids) {
      const projectCopy = join(tasks, id, 'environment', 'project')
      for (const rel of filesOf(projectCopy)) {
        const path = join(projectCopy, rel)
        const st = lstatSync(path)
        if (st.isSymbolicLink()) {
          const target = resolve(dirname(path), readlinkSync(path))
          assert.ok(target.startsWith(projectCopy + sep), `${id}: ${rel} links outside the project (${readlinkSync(path)})`)
          continue
        }
        const bytes = readFileSync(path)
        assert.not.ok(bytes.equals(passwd), `${id}: ${rel} holds /etc/passwd`)
        assert.not.ok(bytes.includes(secret.trim()), `${id}: ${rel} holds the canary outside the data root`)
      }
      if (id.startsWith(P1)) {
        assert.ok(readFileSync(join(projectCopy, 'docs', 'latin1.txt')).equals(LATIN1), `${id}: the non-UTF-8 file is copied byte for byte`)
        for (const rel of Object.keys(links)) assert.not.ok(lstatSync(join(projectCopy, rel), { throwIfNoEntry: false }), `${id}: ${rel} is not in the copy`)
      }
      assertTaskContract(join(tasks, id), id)
    }
    assertRegistry(tasks, join(tasks, 'dataset.toml'), ids)
    const smoke = JSON.parse(readFileSync(join(p.out, 'smoke', 'report.json'), 'utf8')) as { tasks: { id: string; status: string }[] }
    assert.equal(smoke.tasks.map((t) => [t.id, t.status]), ids.map((id) => [id, 'lint-only']))
    assert.ok(statSync(join(p.out, 'report', 'smoke.md')).isFile())
    assert.is(createHash('sha256').update(readFileSync(join(canary, 'secret.txt'))).digest('hex'), createHash('sha256').update(secret).digest('hex'))
  } finally {
    ws.dispose()
  }
})

test.run()
