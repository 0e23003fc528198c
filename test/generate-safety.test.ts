// Generate never harms the user's data, through the real CLI on a copy of the bundled sample:
// task dirs hold copies by default (editing one leaves the data byte-identical), hard links only
// when `tasks.link: hardlink` asks; files a user adds inside a task dir are moved aside to
// out/kept/ and named, never deleted, when generate rebuilds or removes that task.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { appendFileSync, chmodSync, existsSync, linkSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import { filesUnder } from '../scripts/stages/generate/kept.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const suite = rig({}, 'lbh-generate-safety-')
const work = suite.dir
// A copy: with hard links the test writes through a task into "the data".
const data = suite.copy(join(ROOT, 'data', 'sample'), 'data')

interface Run {
  status: number | null
  events: EngineEvent[]
  warnings: string[]
  stderr: string
}

function generate(out: string, config: Record<string, unknown>): Run {
  const file = `${out}.config.json5`
  writeFileSync(file, JSON.stringify({ selection: { top_n: 2 }, ...config }))
  const run = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'generate', '--json', '--data', data, '--out', out, '--config', file], { encoding: 'utf8' })
  const events = run.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as EngineEvent)
  const warnings = events.flatMap((e) => (e.type === 'log' && e.level === 'warn' ? [e.message] : []))
  assert.is(run.status, 0, run.stderr + run.stdout)
  return { status: run.status, events, warnings, stderr: run.stderr }
}

const taskIds = (out: string) => readdirSync(join(out, 'tasks')).filter((n) => n !== 'manifest.json').sort()

/** The data file behind a task's project file (the record's project.root under the data dir). */
function dataFile(out: string, id: string, rel: string): string {
  const line = readFileSync(join(out, 'dataset.jsonl'), 'utf8').split('\n').find((l) => l.startsWith(`{"id":${JSON.stringify(id)},`)) as string
  const record = JSON.parse(line) as { project: { root: string } }
  return join(data, record.project.root, rel)
}

test('by default a task\'s project files are copies: appending to one leaves the data byte-identical', () => {
  const out = join(work, 'copy')
  const run = generate(out, {})
  const id = taskIds(out)[0]
  const project = join(out, 'tasks', id, 'environment', 'project')
  const files = filesUnder(project)
  assert.ok(files.length > 5, files.join(','))
  const before = new Map(files.map((rel) => [rel, readFileSync(dataFile(out, id, rel))]))
  for (const rel of files) assert.is.not(statSync(join(project, rel)).ino, statSync(dataFile(out, id, rel)).ino, rel)
  for (const rel of files) appendFileSync(join(project, rel), '\n// edited inside the task\n')
  for (const rel of files) assert.ok(readFileSync(dataFile(out, id, rel)).equals(before.get(rel) as Buffer), `${rel} changed in the data`)
  const done = run.events.find((e) => e.type === 'done' && e.stage === 'generate') as Extract<EngineEvent, { type: 'done' }>
  assert.match(done.summary ?? '', / 0 linked, \d+ copied/)
  // Rendered files many tasks share are not hard-linked to each other either.
  const [a, b] = taskIds(out)
  assert.is.not(statSync(join(out, 'tasks', a, 'tests', 'verify.py')).ino, statSync(join(out, 'tasks', b, 'tests', 'verify.py')).ino)
})

test('tasks.link: hardlink shares the data\'s inodes (the documented, opt-in aliasing)', () => {
  const out = join(work, 'hardlink')
  generate(out, { tasks: { link: 'hardlink' } })
  const id = taskIds(out)[0]
  const project = join(out, 'tasks', id, 'environment', 'project')
  for (const rel of filesUnder(project)) assert.is(statSync(join(project, rel)).ino, statSync(dataFile(out, id, rel)).ino, rel)
})

test("a rebuild on unchanged project bytes takes over the last build's copies, never the data's inodes", () => {
  const out = join(work, 'reuse')
  const first = generate(out, {})
  const [a, b] = taskIds(out)
  const projectOf = (id: string) => join(out, 'tasks', id, 'environment', 'project')
  const inodes = (id: string) => new Map(filesUnder(projectOf(id)).map((rel) => [rel, statSync(join(projectOf(id), rel)).ino]))
  const before = { a: inodes(a), b: inodes(b) }
  const summaryOf = (run: Run) => (run.events.find((e) => e.type === 'done' && e.stage === 'generate') as Extract<EngineEvent, { type: 'done' }>).summary ?? ''
  const copied = Number(/ (\d+) copied/.exec(summaryOf(first))?.[1])
  // One task's project file edited by hand: that task is copied from the data again.
  const edited = [...before.b.keys()][0]
  appendFileSync(join(projectOf(b), edited), '\n// edited inside the task\n')
  // In the other, one file made a hard link to the data (a dedup tool would) and one chmod-ed:
  // the bytes are the same, but neither may be taken over.
  const [deduped, chmodded] = [...before.a.keys()].slice(1, 3)
  rmSync(join(projectOf(a), deduped))
  linkSync(dataFile(out, a, deduped), join(projectOf(a), deduped))
  chmodSync(join(projectOf(a), chmodded), 0o600)

  // Every task rebuilds (task.toml changes); the project bytes do not.
  const rerun = generate(out, { tasks: { agent_timeout_sec: 1200 } })
  assert.match(summaryOf(rerun), new RegExp(`0 linked, ${before.b.size + 2} copied, ${copied - before.b.size - 2} copies reused`))
  for (const [rel, ino] of before.a) {
    const st = statSync(join(projectOf(a), rel))
    // The deduped file's inode was the data's: the check below that it is not covers it.
    if (rel === chmodded) assert.is.not(st.ino, ino, `${rel}: a fresh copy`)
    else if (rel !== deduped) assert.is(st.ino, ino, `${rel}: the last build's copy`)
    assert.is(st.mode & 0o7777, statSync(dataFile(out, a, rel)).mode & 0o7777, `${rel}: the data's mode`)
    assert.is(st.nlink, 1, `${rel}: the old task dir is gone, so the copy is the task's alone`)
    assert.is.not(st.ino, statSync(dataFile(out, a, rel)).ino)
    assert.ok(readFileSync(join(projectOf(a), rel)).equals(readFileSync(dataFile(out, a, rel))), rel)
  }
  for (const [rel, ino] of before.b) {
    assert.is.not(statSync(join(projectOf(b), rel)).ino, ino, `${rel}: a fresh copy`)
    assert.ok(readFileSync(join(projectOf(b), rel)).equals(readFileSync(dataFile(out, b, rel))), rel)
  }

  // New project bytes in the data: none of that project's copies is taken over.
  const reused = inodes(a)
  appendFileSync(dataFile(out, a, [...reused.keys()][0]), '\n// a new line in the data\n')
  const third = generate(out, { tasks: { agent_timeout_sec: 1200 } })
  assert.not.match(summaryOf(third), /reused/)
  for (const [rel, ino] of reused) {
    assert.is.not(statSync(join(projectOf(a), rel)).ino, ino, `${rel}: a fresh copy`)
    assert.ok(readFileSync(join(projectOf(a), rel)).equals(readFileSync(dataFile(out, a, rel))), rel)
  }

  // Hard links to the data are never taken over by a copy build.
  const linked = join(work, 'reuse-after-links')
  generate(linked, { tasks: { link: 'hardlink' } })
  const copies = generate(linked, { tasks: { link: 'copy' } })
  assert.match(summaryOf(copies), / 0 linked, \d+ copied\)/)
  for (const id of taskIds(linked)) {
    const project = join(linked, 'tasks', id, 'environment', 'project')
    for (const rel of filesUnder(project)) assert.is.not(statSync(join(project, rel)).ino, statSync(dataFile(linked, id, rel)).ino, `${id}/${rel}`)
  }
})

test('files a user added inside a task dir are moved to out/kept/ and named when generate rebuilds or removes the task', () => {
  const out = join(work, 'kept')
  generate(out, {})
  const [first, second] = taskIds(out)
  const task = (id: string, rel: string) => join(out, 'tasks', id, rel)
  writeFileSync(task(first, 'notes.txt'), 'my notes\n')
  writeFileSync(task(first, 'environment/extra.txt'), 'extra\n')
  // A link to a folder is one file of the user's, not a folder to look into.
  symlinkSync('tests', task(first, 'tests-link'))
  // A project file the data no longer has was the tool's: it goes without being "kept".
  const project = filesUnder(task(first, 'environment/project'))
  const dropped = project[project.length - 1]
  rmSync(dataFile(out, first, dropped))

  const rerun = generate(out, {})
  assert.not.ok(existsSync(task(first, 'notes.txt')))
  assert.not.ok(existsSync(task(first, `environment/project/${dropped}`)))
  const kept = join(out, 'kept')
  const [stamp] = readdirSync(kept)
  assert.is(readFileSync(join(kept, stamp, first, 'notes.txt'), 'utf8'), 'my notes\n')
  assert.is(readFileSync(join(kept, stamp, first, 'environment/extra.txt'), 'utf8'), 'extra\n')
  assert.equal(filesUnder(join(kept, stamp)), [`${first}/environment/extra.txt`, `${first}/notes.txt`, `${first}/tests-link`])
  assert.is(readlinkSync(join(kept, stamp, first, 'tests-link')), 'tests')
  const warning = rerun.warnings.find((w) => w.includes(first) && w.includes('not written by generate'))
  assert.ok(warning && warning.includes('notes.txt') && warning.includes('environment/extra.txt') && warning.includes(join(kept, stamp)), rerun.warnings.join('\n'))

  // The second task leaves the selection: its dir goes, the user's file in it does not.
  writeFileSync(task(second, 'solution/my-try.md'), 'my attempt\n')
  const narrowed = generate(out, { selection: { top_n: 1 } })
  assert.not.ok(existsSync(join(out, 'tasks', second)))
  const stamps = readdirSync(kept).sort()
  assert.is(stamps.length, 2)
  assert.is(readFileSync(join(kept, stamps[1], second, 'solution/my-try.md'), 'utf8'), 'my attempt\n')
  assert.ok(narrowed.warnings.some((w) => w.includes(second) && w.includes('solution/my-try.md')), narrowed.warnings.join('\n'))
})

test.after(() => suite.dispose())

test.run()
