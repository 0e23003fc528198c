import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { appendFileSync, existsSync, globSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { stripVTControlCharacters as plain } from 'node:util'
import { outputHasher, runAll, planAll, type EngineOptions } from '../scripts/engine/run-all.ts'
import { clean } from '../scripts/engine/clean.ts'
import { decideItem, readBook, runItems, strayEntries, writeBook } from '../scripts/engine/items.ts'
import { forEachLimited } from '../scripts/engine/limit.ts'
import type { EngineEvent, FileStamp, Stage, StampFile } from '../scripts/engine/types.ts'
import { DELTA, stampText } from '../scripts/engine/record.ts'
import { describeReason } from '../scripts/engine/types.ts'
import { rig, type Rig } from './helpers/rig.ts'
import { LineCache, streamableArrays, validateFile } from '../scripts/engine/validate.ts'
import { sha256, sha256File } from '../scripts/lib/hash.ts'
import { createHash } from 'node:crypto'
import { DEMO_SCHEMAS, demoFiles, demoGraph, lettersStage } from './fixtures/engine-taskfile/graph.ts'
import { schemaSet } from '../scripts/engine/schema-set.ts'
import { expand, globIn, HashCache, Listings, specDigest, specStats, statDigest, WalkLog } from '../scripts/engine/files.ts'
import { entryContent } from '../scripts/engine/outputs.ts'

const TASKFILE = join(import.meta.dirname, 'fixtures', 'engine-taskfile', 'Taskfile.ts')

function demo(): Rig {
  return rig(demoFiles, 'lbh-engine-')
}

async function build(r: Rig, extra: Partial<EngineOptions> = {}) {
  const events: EngineEvent[] = []
  writeFileSync(r.path('runs.log'), '')
  const summary = await runAll({
    stages: demoGraph(r.dir),
    root: r.dir,
    outDir: r.path('out'),
    targets: ['count'],
    schemaDirs: [r.path(DEMO_SCHEMAS)],
    emit: (e) => events.push(e),
    ...extra,
  })
  const ran = r.read('runs.log').split('\n').filter(Boolean)
  const reasons = Object.fromEntries(
    events.filter((e) => e.type === 'start').map((e) => [e.stage, (e as Extract<EngineEvent, { type: 'start' }>).reasons.map(describeReason)]),
  )
  return { summary, ran, events, reasons }
}

function cli(r: Rig, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [TASKFILE, ...args], { env: { ...process.env, DEMO_DIR: r.dir, CI: '1', ...env }, encoding: 'utf8' })
}

const later = (path: string, seconds: number) => {
  const st = statSync(path)
  utimesSync(path, st.atime, new Date(st.mtimeMs + seconds * 1000))
}

test('a first run builds every stage, a second run builds nothing', async () => {
  using r = demo()
  const first = await build(r)
  assert.equal(first.ran, ['upper', 'count'])
  assert.equal(first.reasons.upper, ['no-record'])
  assert.equal(JSON.parse(r.read('out/count.json')), { label: 'chars', chars: 11 })
  const second = await build(r)
  assert.equal(second.ran, [])
  assert.ok(second.summary.ok)
})

test('touching an input without changing its content reruns nothing', async () => {
  using r = demo()
  await build(r)
  later(r.path('in/a.txt'), 60)
  later(r.path('src/upper.txt'), 60)
  const { ran } = await build(r)
  assert.equal(ran, [])
})

test('changing an input reruns that stage and its dependents only', async () => {
  using r = demo()
  await build(r)
  r.write({ 'in/b.txt': 'there' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['upper', 'count'])
  assert.equal(reasons.upper, ['input-changed in/b.txt'])
  assert.equal(reasons.count, ['dependency-ran upper'])
  assert.equal(JSON.parse(r.read('out/count.json')).chars, 11)
})

test('an upstream stage that rewrites identical bytes leaves its dependents fresh', async () => {
  using r = demo()
  await build(r)
  // A new input file whose text is empty changes upper's inputs but not its output.
  r.write({ 'in/c.txt': '' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['upper'])
  assert.equal(reasons.upper, ['input-changed in/c.txt'])
})

test('a config subtree change reruns the stage that reads it and no other', async () => {
  using r = demo()
  await build(r)
  r.write({ 'demo.json': JSON.stringify({ count: { label: 'letters' } }) })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['count'])
  assert.equal(reasons.count, ['recipe-changed value:count'])
})

test('a change to a stage source file reruns that stage', async () => {
  using r = demo()
  await build(r)
  r.write({ 'src/upper.txt': 'upper v2' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['upper'])
  assert.equal(reasons.upper, ['recipe-changed file:src/upper.txt'])
})

test('an output edited by hand reruns its stage with reason output-modified', async () => {
  using r = demo()
  await build(r)
  r.write({ 'out/count.json': '{"label":"x","chars":1}' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['count'])
  assert.equal(reasons.count, ['output-modified out/count.json'])
  assert.equal(JSON.parse(r.read('out/count.json')).chars, 11)
})

test('a deleted output reruns its stage with reason output-missing', async () => {
  using r = demo()
  await build(r)
  rmSync(r.path('out/tree/a.txt'))
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['count'])
  assert.equal(reasons.count, ['output-missing out/tree/a.txt'])
  assert.ok(existsSync(r.path('out/tree/a.txt')))
})

test('a tree output is checked per entry: an edit inside one entry reruns, a touch does not', async () => {
  using r = demo()
  await build(r)
  later(r.path('out/tree/dir/b.txt'), 60)
  assert.equal((await build(r)).ran, [])
  r.write({ 'out/tree/dir/b.txt': 'xyz' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['count'])
  assert.equal(reasons.count, ['output-modified out/tree/dir'])
  assert.is(r.read('out/tree/dir/b.txt'), 'LO ')
})

test('an input whose mtime moves into the past with new content reruns (equality, not order)', async () => {
  using r = demo()
  await build(r)
  const before = statSync(r.path('in/a.txt'))
  r.write({ 'in/a.txt': 'HOWDY ' })
  utimesSync(r.path('in/a.txt'), before.atime, new Date(before.mtimeMs - 3600_000))
  const { ran } = await build(r)
  assert.equal(ran, ['upper', 'count'])
})

test('--force reruns only the named stage; its unchanged output cuts off dependents', async () => {
  using r = demo()
  await build(r)
  const { ran, reasons } = await build(r, { force: ['upper'] })
  assert.equal(ran, ['upper'])
  assert.equal(reasons.upper, ['forced'])
})

test('a schema failure commits nothing and exits 1 naming the file and the pointer', async () => {
  using r = demo()
  cli(r, ['all'])
  const before = r.read('out/count.json')
  r.write({ 'demo.json': JSON.stringify({ count: { broken: true } }) })
  const run = cli(r, ['all'])
  assert.is(run.status, 1)
  assert.match(run.stderr, /out\/count\.json/)
  assert.match(run.stderr, /\/chars: must be integer/)
  assert.is(r.read('out/count.json'), before)
  assert.ok(existsSync(r.path('out/.taskcache/failed/count/count.json')), 'the invalid artifact is kept for inspection')
  // Still stale: nothing claimed the broken run as fresh.
  const again = cli(r, ['status'])
  assert.match(again.stdout, /count\s+stale: no-record/)
})

test('status and --dry-run change no byte and no mtime under the project', async () => {
  using r = demo()
  await build(r)
  r.write({ 'in/b.txt': 'changed', 'out/tree/foreign.txt': 'mine' })
  later(r.path('in/a.txt'), 30)
  const before = r.snapshot()
  const status = cli(r, ['status'])
  assert.is(status.status, 0)
  assert.match(status.stdout, /upper\s+stale: input-changed in\/b\.txt/)
  assert.match(status.stdout, /count\s+stale: dependency-ran upper/)
  const dry = cli(r, ['all', '--dry-run'])
  assert.is(dry.status, 0)
  assert.match(dry.stdout, /run {2}upper: input-changed in\/b\.txt/)
  assert.equal(r.snapshot(), before)
})

test('kill -9 in the middle of a stage leaves it stale; the next run completes it', async () => {
  using r = demo()
  cli(r, ['all'])
  r.write({ 'in/b.txt': 'again!' })
  const child = spawn(process.execPath, [TASKFILE, 'all', '--json'], { env: { ...process.env, DEMO_DIR: r.dir, DEMO_SLOW: '5000' }, stdio: 'ignore' })
  for (let i = 0; i < 200 && !existsSync(r.path('count-started')); i++) await new Promise((res) => setTimeout(res, 25))
  assert.ok(existsSync(r.path('count-started')), 'the count stage started')
  child.kill('SIGKILL')
  await new Promise((res) => child.once('exit', res))
  const status = cli(r, ['status'])
  assert.match(status.stdout, /count\s+stale: no-record/)
  const run = cli(r, ['all', '--json'])
  assert.is(run.status, 0, run.stderr)
  assert.match(run.stderr + run.stdout, /stale lock|"type":"done","stage":"count"/)
  assert.equal(JSON.parse(r.read('out/count.json')), { label: 'chars', chars: 12 })
  assert.equal(readdirSync(r.path('out/.taskcache')).includes('staging') ? readdirSync(r.path('out/.taskcache/staging')) : [], [])
})

test('a second run is refused with a clear message while the first holds the lock', async () => {
  using r = demo()
  cli(r, ['all'])
  r.write({ 'in/b.txt': 'slowly' })
  const first = spawn(process.execPath, [TASKFILE, 'all', '--json'], { env: { ...process.env, DEMO_DIR: r.dir, DEMO_SLOW: '4000' }, stdio: 'ignore' })
  // A loaded machine can take seconds to start a process: wait until the first holds the lock.
  for (let i = 0; i < 1200 && !existsSync(r.path('count-started')); i++) await new Promise((res) => setTimeout(res, 25))
  assert.ok(existsSync(r.path('count-started')), 'the first run reached its slow stage')
  const second = cli(r, ['all'])
  assert.is(second.status, 1)
  assert.match(second.stderr, /another run \(pid \d+/)
  const code = await new Promise((res) => first.once('exit', res))
  assert.is(code, 0)
  assert.equal(JSON.parse(r.read('out/count.json')).chars, 12)
})

test('clean removes what the stage produced and nothing it did not produce', async () => {
  using r = demo()
  await build(r)
  r.write({ 'out/tree/notes.txt': 'my notes', 'out/readme.txt': 'keep me' })
  const run = cli(r, ['clean'])
  assert.is(run.status, 0, run.stderr)
  assert.ok(!existsSync(r.path('out/count.json')))
  assert.ok(!existsSync(r.path('out/upper.txt')))
  assert.ok(!existsSync(r.path('out/tree/a.txt')))
  assert.ok(!existsSync(r.path('out/tree/dir')))
  assert.is(r.read('out/tree/notes.txt'), 'my notes')
  assert.is(r.read('out/readme.txt'), 'keep me')
  const status = cli(r, ['status'])
  assert.match(status.stdout, /upper\s+stale: no-record/)
})

test('clean drops a stage\'s own caches but keeps its content caches, which make nothing fresh', async () => {
  using r = demo()
  const dirs: Record<string, string> = {}
  const stages = demoGraph(r.dir).map((s) => (s.name !== 'upper' ? s : {
    ...s,
    run: async (ctx: Parameters<typeof s.run>[0]) => {
      Object.assign(dirs, { cache: ctx.cacheDir, content: ctx.contentCacheDir })
      for (const dir of [ctx.cacheDir, ctx.contentCacheDir]) {
        mkdirSync(dir, { recursive: true })
        appendFileSync(join(dir, 'runs.txt'), 'ran\n')
      }
      return s.run(ctx)
    },
  }))
  await build(r, { stages })
  assert.is(await clean(stages, r.path('out'), ['upper'], () => {}), 0)
  assert.ok(!existsSync(dirs.cache), 'the stage cache went')
  assert.is(readFileSync(join(dirs.content, 'runs.txt'), 'utf8'), 'ran\n')
  const again = await build(r, { stages })
  assert.equal(again.ran, ['upper'], 'upper rebuilds; count stays fresh, its input rewritten with the same bytes')
  assert.equal(again.reasons.upper, ['no-record'])
  assert.is(readFileSync(join(dirs.content, 'runs.txt'), 'utf8'), 'ran\nran\n')
})

/** The demo with 80 more inputs for upper, and deltas written over as few as 16 stamps until the
 *  rig is disposed. */
function manyInputs(): Rig {
  const files: Record<string, string> = { ...demoFiles }
  for (let i = 0; i < 80; i++) files[`in/f${String(i).padStart(2, '0')}.txt`] = 'x'
  const r = rig(files, 'lbh-engine-')
  const minStamps = DELTA.minStamps
  DELTA.minStamps = 16
  const dispose = r[Symbol.dispose].bind(r)
  return Object.assign(r, { [Symbol.dispose]: () => ((DELTA.minStamps = minStamps), dispose()) })
}

const DELTA_FILE = 'out/.taskcache/upper.stamps.delta.json'
/** upper's stamps file, as bytes and mtime. */
const stampsFile = (r: Rig) => r.snapshot('out/.taskcache').get('out/.taskcache/upper.stamps.json')!
const deltaPaths = (r: Rig) => (JSON.parse(r.read(DELTA_FILE)) as { inputs: [string, unknown][] }).inputs.map(([path]) => relative(r.dir, path))

test('a run that changes few of many inputs writes only the stamps that differ, and later plans read them as stamps', async () => {
  using r = manyInputs()
  await build(r)
  assert.not.ok(existsSync(r.path(DELTA_FILE)), 'a first run writes the whole stamps file')
  const whole = stampsFile(r)
  assert.ok(whole)
  r.write({ 'in/f05.txt': 'y' })
  const edited = await build(r)
  assert.equal(edited.reasons.upper, ['input-changed in/f05.txt'])
  assert.is(stampsFile(r), whole, 'the stamps file is left as it was')
  assert.equal(deltaPaths(r), ['in/f05.txt'])
  // A touched input makes the plan compare content hashes: f05's must come from the delta.
  later(r.path('in/f01.txt'), 60)
  assert.equal((await build(r)).ran, [])
  assert.equal(deltaPaths(r), ['in/f01.txt', 'in/f05.txt'], 'the refreshed record keeps the delta, with the new stat')
  r.write({ 'in/f06.txt': 'z' })
  const next = await build(r)
  assert.equal(next.reasons.upper, ['input-changed in/f06.txt'])
  assert.is(r.read('out/upper.txt'), `HELLO WORLDXXXXXYZ${'X'.repeat(73)}`)
})

test('past a sixteenth of the stamps changed, the whole stamps file is written again and the delta goes', async () => {
  using r = manyInputs()
  await build(r)
  r.write({ 'in/f05.txt': 'y' })
  await build(r)
  assert.ok(existsSync(r.path(DELTA_FILE)))
  const before = stampsFile(r)
  const edits: Record<string, string> = {}
  for (let i = 10; i < 15; i++) edits[`in/f${i}.txt`] = 'y'
  r.write(edits)
  assert.equal((await build(r)).ran, ['upper', 'count'])
  assert.not.ok(existsSync(r.path(DELTA_FILE)))
  assert.is.not(stampsFile(r), before)
  later(r.path('in/f05.txt'), 60)
  assert.equal((await build(r)).ran, [], 'the new stamps file holds every change, the delta\'s too')
})

test('a delta its record does not name reads as no record: the stage reruns', async () => {
  using r = manyInputs()
  await build(r)
  r.write({ 'in/f05.txt': 'y' })
  await build(r)
  const delta = r.read(DELTA_FILE)
  r.write({ [DELTA_FILE]: delta.replace('"inputs":[', '"inputs":[["elsewhere",[1,2,"3"]],'), 'in/f07.txt': 'y' })
  assert.equal((await build(r)).reasons.upper, ['no-record'])
  r.write({ 'in/f08.txt': 'y' })
  assert.equal((await build(r)).reasons.upper, ['input-changed in/f08.txt'])
  rmSync(r.path(DELTA_FILE))
  r.write({ 'in/f09.txt': 'y' })
  assert.equal((await build(r)).reasons.upper, ['no-record'])
})

/** A stage writing one tree entry per input (in/*.txt) it has no entry for yet: its owned
 *  entries follow its inputs. */
function perInput(dir: string): Stage {
  const tree = join(dir, 'out', 'per')
  return {
    name: 'per', title: 'one entry per input', deps: [], inputs: [join(dir, 'in', '*.txt')],
    outputs: [{ path: tree, kind: 'tree' }], recipe: { files: [], values: {} },
    async run(ctx) {
      const names = readdirSync(join(dir, 'in')).filter((n) => n.endsWith('.txt'))
      for (const name of names) if (!existsSync(join(tree, name))) writeFileSync(join(ctx.out(tree), name), readFileSync(join(dir, 'in', name)))
      return { owned: { [tree]: names } }
    },
  }
}

/** `per` run twice, the second time for one new input, whose entry only a delta of the stamps names. */
async function perWithDelta(r: Rig): Promise<Stage[]> {
  const stages = [perInput(r.dir)]
  await build(r, { stages, targets: ['per'] })
  r.write({ 'in/new.txt': 'n' })
  await build(r, { stages, targets: ['per'] })
  assert.ok(existsSync(r.path('out/.taskcache/per.stamps.delta.json')), 'the new entry was stamped in a delta')
  return stages
}

test('clean removes an entry only a delta of the stamps names', async () => {
  using r = manyInputs()
  const stages = await perWithDelta(r)
  r.write({ 'out/per/mine.txt': 'a note' })
  assert.is(await clean(stages, r.path('out'), ['per'], () => {}), 0)
  assert.equal(readdirSync(r.path('out/per')), ['mine.txt'])
})

test("a hash a stage tells for an input at its stat is that input's stamp, unread and for this run only; one told for another stat is not taken", async () => {
  using r = demo()
  const racy = HashCache.RACY_MS
  HashCache.RACY_MS = -1
  try {
    // A false hash makes it visible that the engine did not read the file itself.
    const told = 'f'.repeat(64)
    const stages = demoGraph(r.dir).map((s) => (s.name !== 'upper' ? s : {
      ...s,
      run: async (ctx: Parameters<typeof s.run>[0]) => {
        const [a, b] = [statSync(r.path('in/a.txt')), statSync(r.path('in/b.txt'))]
        ctx.knownHash(r.path('in/a.txt'), a, told)
        ctx.knownHash(r.path('in/b.txt'), { size: b.size, mtimeMs: b.mtimeMs + 1, ino: b.ino }, told)
        return s.run(ctx)
      },
    }))
    await build(r, { stages })
    const inputs = (JSON.parse(r.read('out/.taskcache/upper.stamps.json')) as StampFile).inputs
    assert.is(inputs[r.path('in/a.txt')][2], told)
    assert.is(inputs[r.path('in/b.txt')][2], sha256('world'))
    const remembered = r.read('out/.taskcache/hashes.tsv').split('\n').map((line) => line.split('\t')[0])
    assert.ok(remembered.includes(r.path('in/b.txt')), 'read by the engine: kept for later runs')
    assert.not.ok(remembered.includes(r.path('in/a.txt')), 'told by the stage: this run only')
  } finally {
    HashCache.RACY_MS = racy
  }
})

test('a whole stamps file that cannot be written leaves the last delta readable: clean still removes what only it names', async () => {
  using r = manyInputs()
  const stages = await perWithDelta(r)
  // Enough new inputs for a whole stamps file, whose write then fails (as on a full disk): its
  // temp file is made a link into nowhere while the stage runs (the engine clears older ones).
  r.write(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`in/g${i}.txt`, 'g'])))
  const blocked = r.path(`out/.taskcache/per.stamps.json.tmp-${process.pid}`)
  const blocking = stages.map((s) => ({ ...s, run: (ctx: Parameters<typeof s.run>[0]) => (symlinkSync(r.path('nowhere/stamps'), blocked), s.run(ctx)) }))
  const ok = await build(r, { stages: blocking, targets: ['per'] }).then((b) => b.summary.ok, () => false)
  assert.is(ok, false)
  rmSync(blocked, { force: true })
  assert.is(await clean(stages, r.path('out'), ['per'], () => {}), 0)
  assert.not.ok(existsSync(r.path('out/per/new.txt')), 'the entry only the delta named')
})

test('a record without a stamps hash (edited by hand) reads as no record', async () => {
  using r = demo()
  await build(r)
  const record = JSON.parse(r.read('out/.taskcache/upper.json')) as Record<string, unknown>
  delete record.stamps
  r.write({ 'out/.taskcache/upper.json': JSON.stringify(record), 'in/b.txt': 'there' })
  const { reasons } = await build(r)
  assert.equal(reasons.upper, ['no-record'])
})

test('a pure plan names a fresh graph fresh', async () => {
  using r = demo()
  await build(r)
  const plans = await planAll({ stages: demoGraph(r.dir), root: r.dir, outDir: r.path('out'), targets: ['count'], emit: () => {} })
  assert.equal(plans.map((p) => [p.stage, p.fresh]), [['upper', true], ['count', true]])
})

test('the plain progress view shows each stage ran with its reason, then fresh; a failure prints its error after the list', () => {
  using r = demo()
  const first = cli(r, ['all'])
  assert.is(first.status, 0, first.stderr)
  assert.match(plain(first.stdout), /✔ upper: upper-case the inputs: ran in [\d.]+s \(no-record\)/)
  assert.match(plain(first.stdout), /✔ count: count the characters: ran in [\d.]+s \(no-record\) — 11 chars/)
  const second = cli(r, ['all'])
  assert.match(plain(second.stdout), /↓ upper: upper-case the inputs \[SKIPPED: fresh\]/)
  r.write({ 'demo.json': JSON.stringify({ count: { broken: true } }) })
  const failed = cli(r, ['all'])
  assert.match(plain(failed.stdout + failed.stderr), /✖ count: count the characters \[FAILED: failed after [\d.]+s: .*count\.json does not match count\.schema\.json/)
  assert.match(plain(failed.stderr), /── count failed ──\n[^]*\/chars: must be integer/)
})

test('an unknown target is a usage error (exit 2)', () => {
  using r = demo()
  const run = cli(r, ['nope'])
  assert.is(run.status, 2)
  assert.match(run.stderr, /unknown target "nope"/)
})

test('a directory listing remembered by mtime still sees a file added later', async () => {
  using r = demo()
  // Listings are remembered only for directories unchanged for a while: age the input dir.
  const old = new Date(Date.now() - 60_000)
  utimesSync(r.path('in'), old, old)
  await build(r)
  assert.ok(r.read('out/.taskcache/listings.json').includes(r.path('in')), 'the listing was remembered')
  r.write({ 'in/c.txt': '!' })
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['upper', 'count'])
  assert.equal(reasons.upper, ['input-changed in/c.txt'])
})

test('a file added to a remembered directory whose mtime is then set back is still seen (its ctime moved)', async () => {
  using r = demo()
  const old = new Date(Date.now() - 60_000)
  utimesSync(r.path('in'), old, old)
  await build(r)
  r.write({ 'in/c.txt': '!' })
  utimesSync(r.path('in'), old, old)
  assert.is(statSync(r.path('in')).mtimeMs, old.getTime())
  const { ran, reasons } = await build(r)
  assert.equal(ran, ['upper', 'count'])
  assert.equal(reasons.upper, ['input-changed in/c.txt'])
})

test('the Taskfile hands the engine its own flags, settings and commands', () => {
  using r = demo()
  const help = cli(r, ['--help'])
  assert.match(help.stdout, /--label TEXT\s+the label count\.json carries/)
  assert.match(help.stdout, /--concurrency N/)
  const run = cli(r, ['all', '--label', 'letters', '--out', r.path('elsewhere')])
  assert.is(run.status, 0, run.stderr)
  assert.equal(JSON.parse(r.read('elsewhere/count.json')), { label: 'letters', chars: 11 })
  const again = cli(r, ['status', '--label', 'letters', '--out', r.path('elsewhere')])
  assert.match(again.stdout, /count\s+fresh/)
  const changed = cli(r, ['status', '--out', r.path('elsewhere')])
  assert.match(changed.stdout, /count\s+stale: recipe-changed value:count/)
  const hello = cli(r, ['hello', '--out', r.path('elsewhere')])
  assert.is(hello.status, 0, hello.stderr)
  assert.match(hello.stderr, new RegExp(`hello from ${r.path('elsewhere')}`))
  assert.is(cli(r, ['hello', 'upper']).status, 2, 'a command takes no further targets')
  assert.is(cli(r, ['all', '--concurrency', '0']).status, 2)
})

test('a stage\'s own concurrency limit caps --concurrency', async () => {
  using r = demo()
  const seen: number[] = []
  const stages = demoGraph(r.dir).map((s) => ({ ...s, concurrency: s.name === 'count' ? 2 : undefined, run: async (ctx: Parameters<typeof s.run>[0]) => (seen.push(ctx.concurrency), s.run(ctx)) }))
  await build(r, { stages, concurrency: 5 })
  assert.equal(seen, [5, 2])
})

test('a recipe module brings in what it imports, followed to the end, and nothing commented out', async () => {
  using r = demo()
  r.write({
    'code/stage.ts': "// reads in/*.json and out/*.txt\nimport {\n  helper,\n} from './helper.ts'\n// import './dead.ts'\nexport const run = helper\n",
    'code/helper.ts': "import type { T } from './types.ts'\nexport const worker = new URL('./worker.ts', import.meta.url)\nexport const helper = (t: T) => t\n",
    'code/types.ts': 'export type T = number\n',
    'code/worker.ts': "export * from './types.ts'\n",
    'code/dead.ts': '',
  })
  const withCode = () => demoGraph(r.dir).map((s) => (s.name === 'upper' ? { ...s, recipe: { ...s.recipe, modules: [r.path('code/stage.ts')] } } : s))
  const first = await build(r, { stages: withCode() })
  assert.equal(first.ran, ['upper', 'count'])
  const record = JSON.parse(r.read('out/.taskcache/upper.json'))
  assert.equal(Object.keys(record.recipe.parts).filter((k) => k.startsWith('file:code/')).sort(), ['file:code/helper.ts', 'file:code/stage.ts', 'file:code/types.ts', 'file:code/worker.ts'])
  r.write({ 'code/dead.ts': 'changed' })
  assert.equal((await build(r, { stages: withCode() })).ran, [])
  r.write({ 'code/worker.ts': "export * from './types.ts' // changed\n" })
  // A new process would see the new graph; this one memoises it, which is all a run needs.
  const again = await build(r, { stages: withCode() })
  assert.equal(again.reasons.upper, ['recipe-changed file:code/worker.ts'])
})

test('items: kept while their hash and entry hold, rebuilt one by one, removed only when recorded', async () => {
  using r = demo()
  const letters = () => build(r, { stages: [lettersStage(r.dir)], targets: ['letters'] })
  const summary = (run: Awaited<ReturnType<typeof letters>>) => (run.events.find((e) => e.type === 'done') as { summary?: string } | undefined)?.summary
  const first = await letters()
  assert.equal(first.ran, ['letters:a', 'letters:b'])
  assert.is(summary(first), '2 built, 0 kept, 0 removed, 0 failed; a=6 b=5')
  assert.is(r.read('out/letters/a/upper.txt'), 'HELLO ')
  // A new input: only it is built; the others' facts come from their records.
  r.write({ 'in/c.txt': 'again', 'out/letters/notes.md': 'mine' })
  const second = await letters()
  assert.equal(second.ran, ['letters:c'])
  assert.is(summary(second), '1 built, 2 kept, 0 removed, 0 failed; a=6 b=5 c=5')
  // A hand-edited entry is rebuilt; a touched one (same bytes) is not.
  r.write({ 'out/letters/b/upper.txt': 'tampered' })
  later(r.path('out/letters/a/upper.txt'), 30)
  later(r.path('in/a.txt'), 30)
  const third = await letters()
  assert.equal(third.ran, ['letters:b'])
  assert.is(r.read('out/letters/b/upper.txt'), 'WORLD')
  // A dropped input's entry goes; the foreign note stays. A failing item is a result: the rest is
  // committed, the stage fails (exit 1) and stays stale, so the next run retries just that item.
  rmSync(r.path('in/a.txt'))
  r.write({ 'in/c.txt': 'fail now' })
  const fourth = await letters()
  assert.not.ok(fourth.summary.ok)
  const fail = fourth.events.find((e) => e.type === 'fail') as { error: string }
  assert.match(fail.error, /^1 item\(s\) failed \(0 built, 1 kept, 1 removed, 1 failed; b=5; the rest is committed\):\n {2}c: refuses to build$/)
  assert.not.ok(existsSync(r.path('out/letters/a')))
  assert.is(r.read('out/letters/notes.md'), 'mine')
  assert.is(r.read('out/letters/c/upper.txt'), 'AGAIN', 'the failed item keeps its last good entry')
  r.write({ 'in/c.txt': 'fine' })
  const fifth = await letters()
  assert.equal(fifth.ran, ['letters:c'])
  assert.is(r.read('out/letters/c/upper.txt'), 'FINE')
  const book = JSON.parse(r.read('out/.taskcache/letters.items.json'))
  assert.equal(Object.keys(book.items).sort(), ['b', 'c'])
  // clean removes the items and their records, never the foreign note.
  assert.is(await clean([lettersStage(r.dir)], r.path('out'), ['letters'], () => {}), 0)
  assert.equal(readdirSync(r.path('out/letters')), ['notes.md'])
  assert.not.ok(existsSync(r.path('out/.taskcache/letters.items.json')))
})

/**
 * The letters stage plus a second, named item set over the same inputs (facts only: each word's
 * length), with its own book. `in/crash` makes the stage throw after both sets ran.
 */
function twoSets(dir: string) {
  const stage = lettersStage(dir)
  const inputs = join(dir, 'in')
  return {
    ...stage,
    async run(ctx: Parameters<typeof stage.run>[0]) {
      const letters = await stage.run(ctx)
      const names = readdirSync(inputs).filter((n) => n.endsWith('.txt')).map((n) => n.slice(0, -4)).sort()
      const words = await ctx.items({
        name: 'words',
        keys: names,
        prepare: (key) => ({ hash: readFileSync(join(inputs, `${key}.txt`), 'utf8'), value: key }),
        build: async (key) => {
          appendFileSync(join(dir, 'runs.log'), `words:${key}\n`)
          return { length: readFileSync(join(inputs, `${key}.txt`), 'utf8').length }
        },
      })
      if (existsSync(join(inputs, 'crash'))) throw new Error('crashed after its items')
      const facts = [...words.facts].map(([key, f]) => `${key}=${f.length}`).join(' ')
      return { summary: `${letters?.summary} | ${words.built.length} built, ${words.kept.length} kept, ${words.removed.length} removed; ${facts}` }
    },
  }
}

test('a stage runs several item sets, each judged against its own book: reuse, rebuild, removal', async () => {
  using r = demo()
  const run = () => build(r, { stages: [twoSets(r.dir)], targets: ['letters'] })
  const summary = (done: Awaited<ReturnType<typeof run>>) => (done.events.find((e) => e.type === 'done') as { summary?: string } | undefined)?.summary
  const first = await run()
  assert.equal(first.ran, ['letters:a', 'letters:b', 'words:a', 'words:b'])
  const words = () => JSON.parse(r.read('out/.taskcache/letters.words.items.json')) as { items: Record<string, { hash: string; facts: unknown }> }
  assert.equal(words().items.a, { hash: 'hello ', facts: { length: 6 } })
  assert.equal(Object.keys(JSON.parse(r.read('out/.taskcache/letters.items.json')).items), ['a', 'b'], 'the unnamed set keeps its own book')
  // One input changed, one added: each set builds just those and keeps the rest from its records.
  r.write({ 'in/b.txt': 'world, again', 'in/c.txt': 'new' })
  const second = await run()
  assert.equal(second.ran, ['letters:b', 'letters:c', 'words:b', 'words:c'])
  assert.is(summary(second), '2 built, 1 kept, 0 removed, 0 failed; a=6 b=12 c=3 | 2 built, 1 kept, 0 removed; a=6 b=12 c=3')
  // A removed input leaves both books.
  rmSync(r.path('in/a.txt'))
  const third = await run()
  assert.equal(third.ran, [])
  assert.match(summary(third) ?? '', /\| 0 built, 2 kept, 1 removed; b=12 c=3$/)
  assert.equal(Object.keys(words().items), ['b', 'c'])
  // A book of the one set edited by hand costs that set alone its reuse.
  writeFileSync(r.path('out/.taskcache/letters.words.items.json'), '{"torn')
  r.write({ 'in/b.txt': 'world' })
  const fourth = await run()
  assert.equal(fourth.ran, ['letters:b', 'words:b', 'words:c'])
  // clean forgets every set: a later run builds them all again. A stage whose name starts the
  // same (letters-extra) keeps its own book.
  writeFileSync(r.path('out/.taskcache/letters-extra.items.json'), '{}')
  assert.is(await clean([twoSets(r.dir)], r.path('out'), ['letters'], () => {}), 0)
  assert.equal(readdirSync(r.path('out/.taskcache')).filter((n) => n.includes('.items.json')), ['letters-extra.items.json'])
})

test('item sets: a stage that fails after its sets ran records neither book; facts-only items resume from their journal', async () => {
  using r = demo()
  const run = () => build(r, { stages: [twoSets(r.dir)], targets: ['letters'] })
  await run()
  const before = r.read('out/.taskcache/letters.words.items.json')
  r.write({ 'in/c.txt': 'new', 'in/crash': '' })
  const crashed = await run()
  assert.not.ok(crashed.summary.ok)
  assert.equal(crashed.ran, ['letters:c', 'words:c'])
  assert.is(r.read('out/.taskcache/letters.words.items.json'), before, 'the named book is written only at commit')
  assert.equal(Object.keys(JSON.parse(r.read('out/.taskcache/letters.items.json')).items), ['a', 'b'])
  assert.ok(existsSync(r.path('out/.taskcache/letters.words.items.json.journal')), 'the facts-only set journals beside its own book')
  rmSync(r.path('in/crash'))
  const resumed = await run()
  assert.ok(resumed.summary.ok)
  // The tree set's entry died with staging and is built again; the facts-only item was journalled.
  assert.equal(resumed.ran, ['letters:c'])
  assert.equal(Object.keys(JSON.parse(r.read('out/.taskcache/letters.words.items.json')).items), ['a', 'b', 'c'])
  assert.not.ok(existsSync(r.path('out/.taskcache/letters.words.items.json.journal')))
})

test('item sets: a set run twice, a name that is no plain word, or two sets on one tree fail the stage naming it', async () => {
  const attempt = async (second: (ctx: Parameters<Stage['run']>[0], tree: string) => Promise<unknown>) => {
    using r = demo()
    const stage = lettersStage(r.dir)
    const tree = r.path('out/letters')
    const run = await build(r, { stages: [{ ...stage, run: async (ctx) => (await stage.run(ctx), await second(ctx, tree), undefined) }], targets: ['letters'] })
    return (run.events.find((e) => e.type === 'fail') as { error: string } | undefined)?.error ?? 'no failure'
  }
  const spec = { keys: ['x'], prepare: () => ({ hash: 'h', value: null }), build: async () => null }
  assert.match(await attempt((ctx) => ctx.items(spec)), /stage letters ran its items twice/)
  assert.match(await attempt(async (ctx) => (await ctx.items({ ...spec, name: 'w' }), ctx.items({ ...spec, name: 'w' }))), /stage letters ran its item set "w" twice/)
  assert.match(await attempt((ctx) => ctx.items({ ...spec, name: '../w' })), /set name "\.\.\/w" of stage letters must match/)
  assert.match(await attempt((ctx, tree) => ctx.items({ ...spec, name: 'w', tree })), /two item sets of stage letters claim the tree/)
})

test('an item failing on a full disk names where it was being written, under the out dir', async () => {
  using r = demo()
  r.write({ 'in/c.txt': 'full disk' })
  const run = await build(r, { stages: [lettersStage(r.dir)], targets: ['letters'] })
  const fail = run.events.find((e) => e.type === 'fail') as { error: string }
  assert.match(fail.error, /\n {2}c: ENOSPC: no space left on device, write \(writing under \S+\/letters\/c\)$/)
  assert.ok(fail.error.includes(r.path('out/.taskcache/staging')), fail.error)
})

test('the item verdicts: new, changed, failed before, entry changed or missing; strays by record', () => {
  const record = (hash: string) => ({ hash, facts: null })
  assert.is(decideItem(undefined, 'h', 'same'), 'new')
  assert.is(decideItem(record('h'), 'h', 'same'), 'keep')
  assert.is(decideItem(record('h'), 'h', undefined), 'keep', 'an item without an entry is judged by its hash')
  assert.is(decideItem(record('old'), 'h', 'same'), 'changed')
  assert.is(decideItem(record(''), 'h', 'same'), 'failed-before')
  assert.is(decideItem(record('h'), 'h', 'changed'), 'entry-changed')
  assert.is(decideItem(record('h'), 'h', 'missing'), 'entry-missing')
  const book = { items: { same: record('h'), gone: record('h'), 'deleted-by-hand': record('h') } }
  const stray = strayEntries(new Set(['same', 'squatted']), book, ['same', 'gone', 'squatted', 'notes', 'manifest.json', '.staging-1'], ['manifest.json'])
  assert.equal(stray, { remove: ['gone', 'deleted-by-hand'], foreign: ['notes'] })
})

test("a rebuilt item is shown its committed entry only while that entry is intact and the build is not forced", async () => {
  using r = rig({ 'in/version': '1', 'in/a.txt': 'alpha', 'in/b.txt': 'beta', 'in/c.txt': 'gamma' }, 'lbh-previous-')
  const tree = r.path('out', 'entries')
  const shown: Record<string, string> = {}
  const stage: Stage = {
    name: 'entries', title: 'entries that look back', deps: [], inputs: [r.path('in')], outputs: [{ path: tree, kind: 'tree' }], recipe: { files: [] },
    async run(ctx) {
      const version = r.read('in/version')
      const result = await ctx.items<string, { version: string }>({
        tree,
        keys: ['a', 'b', 'c'],
        prepare: (key) => ({ hash: `${version}:${r.read(`in/${key}.txt`)}`, value: key }),
        build: async (key, _value, dir, previous) => {
          // What the previous entry held, read while it is still in place.
          shown[key] = previous ? `${previous.facts.version}:${readFileSync(join(previous.dir, 'out.txt'), 'utf8')}:${previous.dir === join(tree, key)}` : 'none'
          if (previous && existsSync(r.path('in/intrude')) && r.read('in/intrude') === key) appendFileSync(join(previous.dir, 'out.txt'), ' and more')
          mkdirSync(dir!, { recursive: true })
          writeFileSync(join(dir!, 'out.txt'), `${key} at ${version}`)
          return { version }
        },
      })
      return { summary: `${result.built.length} built` }
    },
  }
  const run = async (options: Partial<EngineOptions> = {}) => {
    for (const key of Object.keys(shown)) delete shown[key]
    const summary = await runAll({ stages: [stage], root: r.dir, outDir: r.path('out'), targets: ['entries'], emit: () => {}, ...options })
    assert.ok(summary.ok)
    return { ...shown }
  }
  assert.equal(await run(), { a: 'none', b: 'none', c: 'none' }, 'new items have no previous entry')
  r.write({ 'in/version': '2', 'out/entries/b/out.txt': 'edited by hand' })
  rmSync(r.path('out/entries/c'), { recursive: true })
  assert.equal(await run(), { a: '1:a at 1:true', b: 'none', c: 'none' }, 'an edited or missing entry is not offered')
  assert.is(r.read('out/entries/a/out.txt'), 'a at 2')
  r.write({ 'in/version': '3' })
  assert.equal(await run({ force: ['entries'] }), { a: 'none', b: 'none', c: 'none' }, 'a forced build trusts nothing it made before')
  r.write({ 'in/version': '4' })
  assert.equal(await run(), { a: '3:a at 3:true', b: '3:b at 3:true', c: '3:c at 3:true' })

  // A committed entry written to while a build reads from it (here by the build itself, standing
  // in for another process): the stage fails before its commit, and the next run builds afresh.
  r.write({ 'in/version': '5', 'in/intrude': 'a' })
  const events: EngineEvent[] = []
  const failed = await runAll({ stages: [stage], root: r.dir, outDir: r.path('out'), targets: ['entries'], emit: (e) => events.push(e) })
  assert.not.ok(failed.ok)
  const fail = events.find((e) => e.type === 'fail') as { error: string }
  assert.match(fail.error, new RegExp(`^nothing is committed: 1 committed entry this run rebuilt from changed meanwhile .*; run again to rebuild afresh: ${tree}/a`))
  assert.is(r.read('out/entries/b/out.txt'), 'b at 4', 'nothing is committed')
  rmSync(r.path('in/intrude'))
  assert.equal(await run(), { a: 'none', b: '4:b at 4:true', c: '4:c at 4:true' })
  assert.is(r.read('out/entries/a/out.txt'), 'a at 5')
})

test('items: prepare sees the last good record, revise replaces facts before they are recorded', async () => {
  using r = rig()
  const file = r.path('stage.items.json')
  const seen: Record<string, unknown> = {}
  let surveyed: string[] = []
  const run = async (keys: string[], hashes: Record<string, string>, revise?: (facts: ReadonlyMap<string, { v: string }>) => Map<string, { v: string }> | undefined) => {
    const ran = await runItems<string, { v: string }>({
      keys,
      prepare: (key, previous) => ((seen[key] = previous), { hash: hashes[key], value: key }),
      build: async (key) => {
        if (hashes[key] === 'bad') throw new Error('refused')
        return { v: `built ${key}` }
      },
      revise,
      survey: (previous) => void (surveyed = [...previous.keys()]),
    }, { book: readBook(file), bookFile: file, existing: () => [], remove: () => {}, concurrency: 1 })
    writeBook(file, ran.book)
    return ran.result
  }
  await run(['a', 'b'], { a: '1', b: 'bad' })
  assert.equal(seen, { a: undefined, b: undefined })
  // b failed before: its record carries no hash to trust, so prepare is not shown one.
  const second = await run(['a', 'b'], { a: '1', b: '2' }, (facts) => new Map([['a', { v: `moved ${facts.get('a')!.v}` }], ['zz', { v: 'not an item' }]]))
  assert.equal(seen, { a: { hash: '1', facts: { v: 'built a' } }, b: undefined })
  assert.equal(surveyed, ['a'], 'survey is shown the good records before any prepare')
  assert.equal(second.kept, ['a'])
  assert.equal([...second.facts], [['a', { v: 'moved built a' }], ['b', { v: 'built b' }]], 'the result holds the revised facts')
  assert.equal(Object.keys(readBook(file)!.items).sort(), ['a', 'b'], 'a key revise names that is no item is not recorded')
  await run(['a', 'b'], { a: '1', b: '2' })
  assert.equal(seen.a, { hash: '1', facts: { v: 'moved built a' } }, 'the revised facts are what was recorded')
})

test('a stage run sees its recipe as planned, whose parts move with the code and values they name', async () => {
  using r = demo()
  const recipes: { hash: string; parts: Record<string, string> }[] = []
  const stage = lettersStage(r.dir)
  const spy = { ...stage, run: (ctx: Parameters<typeof stage.run>[0]) => (recipes.push(ctx.recipe), stage.run(ctx)) }
  await build(r, { stages: [spy], targets: ['letters'] })
  await build(r, { stages: [{ ...spy, recipe: { ...spy.recipe, values: { ...spy.recipe.values, extra: 1 } } }], targets: ['letters'] })
  assert.is(recipes.length, 2)
  assert.not.equal(recipes[0].hash, recipes[1].hash)
  assert.ok(Object.keys(recipes[0].parts).some((k) => k.startsWith('file:')), Object.keys(recipes[0].parts).join(' '))
  const moved = Object.keys(recipes[1].parts).filter((k) => recipes[0].parts[k] !== recipes[1].parts[k])
  assert.equal(moved, ['value:extra'])
})

test('items build at most --concurrency at once, in order, through the one limiter', async () => {
  using r = demo()
  r.write(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`in/n${i}.txt`, `n${i}`])))
  let active = 0
  let peak = 0
  const stage = lettersStage(r.dir)
  const slow = { ...stage, run: (ctx: Parameters<typeof stage.run>[0]) => stage.run({ ...ctx, items: (spec) => ctx.items({ ...spec, build: async (key, value, dir) => {
    peak = Math.max(peak, ++active)
    await new Promise((res) => setTimeout(res, 20))
    active--
    return spec.build(key, value, dir)
  } }) }) }
  const run = await build(r, { stages: [slow], targets: ['letters'], concurrency: 3 })
  assert.is(peak, 3)
  assert.equal(run.ran.sort(), ['letters:a', 'letters:b', ...Array.from({ length: 9 }, (_, i) => `letters:n${i}`)])
})

test('dynamic inputs a run no longer reports leave the stamps: the next run is fresh', async () => {
  using r = demo()
  r.write({ 'list.txt': 'in/a.txt' })
  const stage: Stage = {
    name: 'dyn', title: 'reads the file list.txt names', deps: [], inputs: [r.path('list.txt')],
    outputs: [{ path: r.path('out/dyn.txt'), kind: 'file' }], recipe: { files: [] },
    async run(ctx) {
      appendFileSync(r.path('runs.log'), 'dyn\n')
      const named = r.path(r.read('list.txt'))
      writeFileSync(ctx.out(r.path('out/dyn.txt')), readFileSync(named))
      return { inputs: [named] }
    },
  }
  const dyn = () => build(r, { stages: [stage], targets: ['dyn'] })
  assert.equal((await dyn()).ran, ['dyn'])
  r.write({ 'in/a.txt': 'changed' })
  assert.equal((await dyn()).reasons.dyn, ['input-changed in/a.txt'], 'a dynamic input is watched')
  r.write({ 'list.txt': 'in/b.txt' })
  assert.equal((await dyn()).ran, ['dyn'])
  assert.equal((await dyn()).ran, [], 'in/a.txt is no longer an input')
  r.write({ 'in/a.txt': 'changed again' })
  assert.equal((await dyn()).ran, [])
})

test('an input edited while its stage runs for the first time is stale on the next run', async () => {
  using r = demo()
  r.write({ 'in/a.txt': 'before' })
  const stage: Stage = {
    name: 'copy', title: 'copies in/a.txt, which someone edits meanwhile', deps: [], inputs: [r.path('in/a.txt')],
    outputs: [{ path: r.path('out/copy.txt'), kind: 'file' }], recipe: { files: [] },
    async run(ctx) {
      appendFileSync(r.path('runs.log'), 'copy\n')
      writeFileSync(ctx.out(r.path('out/copy.txt')), readFileSync(r.path('in/a.txt')))
      if (r.read('in/a.txt') === 'before') r.write({ 'in/a.txt': 'edited meanwhile' })
    },
  }
  const copy = () => build(r, { stages: [stage], targets: ['copy'] })
  assert.equal((await copy()).ran, ['copy'])
  assert.equal((await copy()).reasons.copy, ['input-changed in/a.txt'], 'the record must not vouch for bytes the run never read')
  assert.equal(r.read('out/copy.txt'), 'edited meanwhile')
})

test('the stamps file is the JSON of the stamps, written in pieces, whatever characters a path holds', () => {
  const odd = ['/plain/a.txt', '/q"uote', '/back\\slash', '/new\nline', '/tab\there', '/é/ü', '/pair/\ud83d\ude00', '/lone/\ud83d', '/ctl\u0001']
  const stamps: StampFile = {
    inputs: Object.fromEntries(odd.map((p, i) => [p, [i, 1795874732122.949 + i, 'ab'.repeat(32)] as FileStamp])),
    outputs: { '/out/x.json': [0, 0, ''] },
    entries: { '/out/tree/t"1': [3, 'st\\ats', 'c'] },
  }
  assert.is([...stampText(stamps)].join(''), JSON.stringify(stamps))
})

test('overlapping inputs (a dir and a file in it) digest as expand sees them, so a no-op plan stops at the digest', () => {
  using r = demo()
  r.write({ 'in/p/a.txt': 'a', 'in/p/meta.json': '{}', 'in/q-x/b.txt': 'b', 'in/q/c.txt': 'c' })
  const overlapping = [r.path('in/p'), r.path('in/p/meta.json'), r.path('in/q-x'), r.path('in/q'), r.path('in/q/')]
  const expanded = expand(overlapping)
  assert.is(expanded.size, 4)
  assert.is(specDigest(overlapping), statDigest(expanded))
  const apart = [r.path('in/p'), r.path('in/q-x'), r.path('in/q')]
  assert.is(specDigest(apart), statDigest(expand(apart)))
  // A glob overlaps what is below the directory its glob starts in, and nothing else.
  for (const specs of [
    [r.path('in/p'), r.path('in/p/*.txt')],
    [r.path('in/*/a.txt'), r.path('in/p')],
    [r.path('in/p/*.txt'), r.path('in/p/a*')],
    [r.path('in/q/c.txt'), r.path('in/q*/*.txt')],
  ]) {
    const seen = expand(specs)
    assert.ok(seen.size < [...specs].reduce((n, spec) => n + expand([spec]).size, 0), specs.join(' '))
    assert.is(specDigest(specs), statDigest(seen), specs.join(' '))
  }
  const globApart = [r.path('in/q/*.txt'), r.path('in/p')]
  assert.is(specDigest(globApart), statDigest(expand(globApart)))
})

test('the digest walk keeps what expand would see (links, inodes, overlapping specs once), so a plan that finds a change needs no second walk', () => {
  using r = demo()
  r.write({ 'in/p/a.txt': 'a', 'in/p/meta.json': '{}', 'in/q/c.txt': 'cc' })
  symlinkSync('a.txt', r.path('in/p/to-a'))
  linkSync(r.path('in/q/c.txt'), r.path('in/q/c-again.txt'))
  for (const specs of [[r.path('in')], [r.path('in/p'), r.path('in/p/meta.json'), r.path('in/q/*.txt')]]) {
    const log = new WalkLog()
    const { digest } = specStats(specs, undefined, log)
    const walked = log.toMap()
    assert.equal(walked, expand(specs), specs.join(' '))
    assert.is(walked.get(r.path('in/p/to-a'))?.link, 'a.txt')
    assert.is(walked.get(r.path('in/q/c-again.txt'))?.ino, walked.get(r.path('in/q/c.txt'))?.ino)
    assert.is(digest, statDigest(walked))
  }
})

test('a walk without a listing cache (typed listings) sees the same files, in the same order, as one with it', () => {
  using r = demo()
  // libuv lists names in byte order; the walk's order is JavaScript's (UTF-16), which differs
  // between a fullwidth letter and an emoji.
  r.write({ 'w/B.txt': 'b', 'w/a.txt': 'a', 'w/é.txt': 'e', 'w/Ａ.txt': 'A', 'w/😀.txt': 's', 'w/_x/z.txt': 'z', 'w/_x/deep/y.txt': 'y', 'w/.git/HEAD': 'h', 'w/node_modules/m.js': 'm', 'w/10/x': '1', 'w/9/x': '9' })
  symlinkSync('_x', r.path('w/dir-link'))
  symlinkSync('a.txt', r.path('w/file-link'))
  linkSync(r.path('w/a.txt'), r.path('w/_x/a-again.txt'))
  const cached = expand([r.path('w')], new Map(), new Listings(r.path('listings.json')))
  const typed = expand([r.path('w')], new Map(), new Listings())
  assert.equal([...typed], [...cached])
  assert.equal([...typed.keys()].map((p) => relative(r.path('w'), p)), ['10/x', '9/x', 'B.txt', '_x/a-again.txt', '_x/deep/y.txt', '_x/z.txt', 'a.txt', 'dir-link', 'file-link', 'é.txt', '😀.txt', 'Ａ.txt'])
  assert.is(typed.get(r.path('w/dir-link'))?.link, '_x')
})

test("a tree entry's content stamp names each file by its path inside the entry, however the entry is spelled", () => {
  using r = demo()
  r.write({ 'tasks/t1/instruction.md': 'i', 'tasks/t1/environment/project/src/a.c': 'a', 'tasks/t1/tests/verify.py': 'v' })
  const entry = r.path('tasks/t1')
  const hashOf = (path: string) => sha256(readFileSync(path))
  // The stamp's form is what records of earlier runs hold: a change here would rebuild every task.
  const expected = createHash('sha256')
  for (const path of expand([entry]).keys()) expected.update(`${relative(entry, path)}\0${hashOf(path)}\n`)
  const digest = expected.digest('hex')
  for (const spelled of [entry, `${entry}/`, r.path('tasks/./t1'), r.path('tasks/t1/../t1')]) assert.is(entryContent(spelled, hashOf), digest, spelled)
})

test('the limiter: a group leader finishes before its followers start, within the bound', async () => {
  const events: string[] = []
  let running = 0
  let peak = 0
  const items = ['a1', 'a2', 'a3', 'b1', 'b2', 'c1']
  await forEachLimited(items, 2, async (item) => {
    running++
    peak = Math.max(peak, running)
    events.push(`start ${item}`)
    await new Promise((resolve) => setTimeout(resolve, item.endsWith('1') ? 15 : 2))
    events.push(`end ${item}`)
    running--
  }, (item) => item[0])
  assert.ok(peak <= 2, `peak ${peak}`)
  for (const follower of ['a2', 'a3', 'b2']) {
    assert.ok(events.indexOf(`start ${follower}`) > events.indexOf(`end ${follower[0]}1`), events.join(', '))
  }
  assert.is(events.filter((e) => e.startsWith('end')).length, items.length)
})

test('JSONL validation checks only lines not proven valid before, and still names a bad line', () => {
  using r = rig({ 'line.schema.json': JSON.stringify({ type: 'object', required: ['reward'], properties: { reward: { type: 'number' } } }) })
  const schema = r.path('line.schema.json')
  const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ reward: i / 10 }))
  r.write({ 'a.jsonl': `${lines.join('\n')}\n` })
  const cache = new LineCache(r.path('validated'), schemaSet([]))
  const digest = validateFile(schemaSet([]), r.path('a.jsonl'), schema, 'out/a.jsonl', cache)
  assert.is(digest, sha256(r.read('a.jsonl')), 'the pass also hashes the artifact for the record')
  cache.save()
  // A line the cache vouches for is not parsed again: plant a vouched-for invalid line to see it.
  const [file] = readdirSync(r.path('validated'))
  const known = JSON.parse(r.read(`validated/${file}`)) as string[]
  assert.is(known.length, 5)
  r.write({ [`validated/${file}`]: JSON.stringify([...known, createHash('sha1').update('{"planted": true}').digest('hex')]) })
  r.write({ 'b.jsonl': `${lines.join('\n')}\n{"planted": true}\n` })
  const again = new LineCache(r.path('validated'), schemaSet([]))
  validateFile(schemaSet([]), r.path('b.jsonl'), schema, 'out/a.jsonl', again)
  r.write({ 'c.jsonl': `${lines.join('\n')}\n{"score": 1}\n` })
  assert.throws(() => validateFile(schemaSet([]), r.path('c.jsonl'), schema, 'out/a.jsonl', again), (e: Error) => /out\/a\.jsonl:6: .*\/reward: is required/s.test(e.message))
})

test('a file hashes to its bytes\' sha256 at every size around the 1 MiB read chunk', () => {
  using r = rig()
  const mib = 1 << 20
  for (const size of [0, 1, mib - 1, mib, mib + 1, 3 * mib + 5]) {
    const bytes = Buffer.alloc(size, size % 251)
    if (size) bytes[size - 1] = 7
    r.write({ [`f${size}`]: bytes })
    assert.is(sha256File(r.path(`f${size}`)), createHash('sha256').update(bytes).digest('hex'), `${size} bytes`)
  }
})

test('the staged files a tree output declares schemas for are the ones node\'s glob finds', () => {
  using r = rig({
    'manifest.json': '{}', '.hidden/task.toml': '', 'a/task.toml': '', 'a/tests/g.json': '', 'b/other': '', 'f': '',
    'c/real/g.json': '', 'e/tests/g.json/inside': '', '.x.json': '', 'h/tests/keep': '', 'd/x': '',
  })
  symlinkSync('a', r.path('to-a'))
  symlinkSync('real', r.path('c/tests'))
  symlinkSync('/nonexistent', r.path('d/tests'))
  symlinkSync('/nonexistent', r.path('h/tests/g.json'))
  const patterns = ['manifest.json', 'missing.json', '*/task.toml', '*/tests/g.json', '*/nope', 'f/x', '.hidden/task.toml', 'a/tests/g.json', 'c/tests/g.json', '*.json', '*/*', '{a,b}/*', 'a/../manifest.json']
  for (const pattern of patterns) assert.equal(globIn(r.dir, pattern), globSync(pattern, { cwd: r.dir }).sort(), pattern)
  assert.equal(globIn(r.dir, '*/tests/g.json'), ['a/tests/g.json', 'c/tests/g.json', 'e/tests/g.json', 'h/tests/g.json'])
  assert.equal(globIn(r.path('missing'), '*/task.toml'), [])
})

test('a large JSON document is checked one array item at a time, accepting and refusing what a parse in one piece would', () => {
  const schemaDoc = {
    $id: 'https://lbh.test/doc.schema.json', type: 'object', additionalProperties: false, required: ['head', 'tasks'],
    properties: { head: { type: 'object' }, 'tasks': { type: 'array', items: { $ref: '#/$defs/task' } } },
    $defs: { task: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
  }
  using r = rig({ 'schemas/doc.schema.json': JSON.stringify(schemaDoc) })
  const set = schemaSet([r.path('schemas')])
  assert.equal([...streamableArrays(set, 'doc.schema.json')], ['tasks'])
  const check = (text: string) => {
    r.write({ 'doc.json': text })
    const piecewise = (() => { try { return validateFile(set, r.path('doc.json'), 'doc.schema.json', 'out/doc.json', undefined, 0) } catch (e) { return (e as Error).message } })()
    const inOne = (() => { try { return validateFile(set, r.path('doc.json'), 'doc.schema.json', 'out/doc.json') } catch (e) { return (e as Error).message } })()
    return { piecewise, inOne }
  }
  const big = { head: { 'x": [': '[,]' }, tasks: Array.from({ length: 2500 }, (_, i) => ({ id: `t${i}`, text: `say "]", {[ \\ ${'é'.repeat(i % 997)}` })) }
  const good = check(JSON.stringify(big, null, 2))
  assert.ok(statSync(r.path('doc.json')).size > 2 << 20, 'read in several chunks')
  assert.is(good.piecewise, sha256(r.read('doc.json')), 'valid: same digest as the whole-file pass')
  assert.is(good.inOne, good.piecewise)
  for (const text of ['{"head": {}, "tasks": []}', '{"head": {}, "tasks": [ ]}', '{"tasks": [{"id": "a"}], "head": {}}']) {
    const { piecewise, inOne } = check(text)
    assert.is(piecewise, sha256(text), text)
    assert.is(inOne, piecewise)
  }
  const bad = ['{"head": {}, "tasks": [{"id": "a"},]}', '{"head": {}, "tasks": [,]}', '{"head": {}, "tasks": [{"id": "a"} {"id": "b"}]}',
    '{"head": {}, "tasks": [{"id": "a"}]', '{"head": {}, "tasks": [{"id": "a"}}}', '{"head": {}, "tasks": [{"id": "a"}]} x', '{"head": {}, "tasks": [{"id": 1}]}',
    '{"tasks": [{"id": "a"}]}', '{"head": {}, "tasks": [{"id": "a"}], "more": 1}', '{"head": {}, "tasks": {"id": "a"}}', '{"head": {}, "tasks": [{"id": "a"}], "tasks": [{}]}']
  for (const text of bad) {
    const { piecewise } = check(text)
    assert.ok(piecewise.includes('does not match doc.schema.json'), `${text}: ${piecewise}`)
  }
  assert.match(check('{"head": {}, "tasks": [{"id": "a"}, {"id": 2}]}').piecewise, 'out/doc.json: /tasks/1/id: must be string')
})

test('a run keeps the input hashes it learnt in .taskcache/hashes.tsv, for a later process', async () => {
  using r = demo()
  const racy = HashCache.RACY_MS
  HashCache.RACY_MS = -1 // the rig's files were written just now
  try {
    await build(r)
  } finally {
    HashCache.RACY_MS = racy
  }
  const lines = r.read('out/.taskcache/hashes.tsv').trim().split('\n').map((l) => l.split('\t'))
  const a = r.path('in/a.txt')
  const st = statSync(a)
  assert.equal(lines.find(([path]) => path === a), [a, `${st.size}:${st.mtimeMs}:${st.ino}`, sha256('hello ')])
})

test('caches that cannot be saved after every stage committed cost a warning naming the file, not the run', async () => {
  using r = demo()
  const racy = HashCache.RACY_MS
  HashCache.RACY_MS = -1 // the rig's files were written just now, so there are hashes to save
  let events: EngineEvent[]
  try {
    // A directory where each cache file goes: every write of it fails, as on a full disk.
    mkdirSync(r.path('out/.taskcache/hashes.tsv'), { recursive: true })
    mkdirSync(r.path('out/.taskcache/listings.json'), { recursive: true })
    const first = await build(r)
    assert.ok(first.summary.ok)
    events = first.events
  } finally {
    HashCache.RACY_MS = racy
  }
  const warnings = events.flatMap((e) => (e.type === 'log' && e.level === 'warn' ? [e.message] : []))
  const file = r.path('out/.taskcache/hashes.tsv')
  assert.ok(warnings.some((w) => w.startsWith(`could not save ${file} (`)), warnings.join('\n'))
  const again = await build(r)
  assert.equal(again.ran, [])
})

test('a plan looks up an input whose stat moved in .taskcache/hashes.tsv before reading its bytes', async () => {
  using r = demo()
  await build(r)
  later(r.path('in/a.txt'), 60)
  const a = r.path('in/a.txt')
  const st = statSync(a)
  // A planted hash under the touched file's exact key: trusted, it says the content changed (the
  // bytes, read instead, would say it did not).
  writeFileSync(r.path('out/.taskcache/hashes.tsv'), `${a}\t${st.size}:${st.mtimeMs}:${st.ino}\t${sha256('planted')}\n`)
  const loadAfter = HashCache.LOAD_AFTER
  HashCache.LOAD_AFTER = 0
  try {
    assert.equal((await planAll({ stages: demoGraph(r.dir), root: r.dir, outDir: r.path('out'), targets: ['count'], emit: () => {} }))[0].reasons.map(describeReason), ['input-changed in/a.txt'])
    const { ran, reasons } = await build(r)
    assert.equal(ran[0], 'upper')
    assert.equal(reasons.upper, ['input-changed in/a.txt'])
  } finally {
    HashCache.LOAD_AFTER = loadAfter
  }
})

test('a file bigger than hashes.tsv is looked up there on the first miss, its last line winning; a smaller one is read', () => {
  const bytes = 'x'.repeat(4096)
  using r = rig({ 'in/big.txt': bytes, 'in/other.txt': bytes, 'in/first.txt': bytes, 'in/small.txt': 'small' }, 'lbh-hashes-big-')
  const stats = expand([r.path('in')])
  const [big, other, first, small] = ['big', 'other', 'first', 'small'].map((name) => r.path(`in/${name}.txt`))
  const line = (path: string, hash: string, mtimeMs = stats.get(path)!.mtimeMs) => `${path}\t${stats.get(path)!.size}:${mtimeMs}:${stats.get(path)!.ino}\t${hash}\n`
  // Planted hashes: what the bytes, read instead, would never give.
  const table = r.path('hashes.tsv')
  // The last line names a path that ends like big's: only a whole first field is big's line.
  const elsewhere = `${r.path('in')}/x${big}`
  const lookalike = `${elsewhere}\t${stats.get(big)!.size}:${stats.get(big)!.mtimeMs}:${stats.get(big)!.ino}\t${sha256('lookalike')}\n`
  writeFileSync(table, line(big, sha256('stale'), 1) + line(small, sha256('planted small')) + line(big, sha256('planted big')) + lookalike)
  assert.ok(statSync(table).size < bytes.length)
  const cache = new HashCache(table)
  assert.is(cache.hash(big, stats.get(big)!), sha256('planted big'))
  // A first miss on a file smaller than the table does not read the table.
  assert.is(cache.hash(small, stats.get(small)!), sha256('small'))
  writeFileSync(table, line(small, sha256('planted small')) + line(other, sha256('planted other')) + line(other, sha256('stale'), 1))
  assert.is(new HashCache(table).hash(other, stats.get(other)!), sha256(bytes))
  // The table's first line is found too.
  writeFileSync(table, line(first, sha256('planted first')) + line(small, sha256('planted small')))
  assert.is(new HashCache(table).hash(first, stats.get(first)!), sha256('planted first'))
})

test("an output hard-linked to an input is stamped with the input's hash unread; one whose inode number alone matches an input's is read", () => {
  using r = rig({ 'in/a.txt': 'input a', 'in/b.txt': 'input b', 'out/c.txt': 'another file' }, 'lbh-linked-')
  const inputs = expand([r.path('in')])
  // Hashes no read could give: a stamp taken from them proves the output was not read.
  const recorded = (path: string) => sha256(`recorded ${path}`)
  const stamps = Object.fromEntries([...inputs].map(([path, st]): [string, FileStamp] => [path, [st.size, st.mtimeMs, recorded(path)]]))
  const hashOf = outputHasher(inputs, stamps, new Map())
  linkSync(r.path('in/a.txt'), r.path('out/a.txt'))
  const a = r.path('out/a.txt')
  assert.is(hashOf(a, expand([a]).get(a)!), recorded(r.path('in/a.txt')))
  // An inode of the same number on another file system (the data on disk, the tasks on tmpfs).
  const c = r.path('out/c.txt')
  const sameNumber = { ...expand([c]).get(c)!, ino: inputs.get(r.path('in/b.txt'))!.ino }
  assert.is(hashOf(c, sameNumber), sha256(readFileSync(c)))
})

test('input hashes are remembered across runs by path, size, mtime and inode, and a file replaced under the same size and mtime is not trusted', () => {
  using r = rig({}, 'lbh-hashes-')
  const [racy, loadAfter] = [HashCache.RACY_MS, HashCache.LOAD_AFTER]
  HashCache.RACY_MS = -1
  HashCache.LOAD_AFTER = 0
  try {
    r.write(Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`in/f${i}.txt`, `file ${i}`])))
    const stats = expand([r.path('in')])
    const learnt = new HashCache(r.path('hashes.tsv'))
    for (const [path, st] of stats) assert.is(learnt.hash(path, st), sha256(readFileSync(path)))
    learnt.save()
    assert.is(r.read('hashes.tsv').trim().split('\n').length, 5)
    // Files this process never hashed (so its memo cannot answer): a planted entry with their exact
    // key is what a later run reads instead of the bytes.
    r.write({ 'more/g.txt': 'content g', 'more/h.txt': 'content h' })
    for (const name of ['g', 'h']) utimesSync(r.path(`more/${name}.txt`), 1_700_000_000, 1_700_000_000)
    const more = expand([r.path('more')])
    const planted = (path: string) => sha256(`planted ${path}`)
    writeFileSync(r.path('hashes.tsv'), [...more].map(([path, st]) => `${path}\t${st.size}:${st.mtimeMs}:${st.ino}\t${planted(path)}\n`).join(''))
    const g = r.path('more/g.txt')
    assert.is(new HashCache(r.path('hashes.tsv')).hash(g, more.get(g)!), planted(g))
    // Same size, mtime set back, written through a rename (as editors and the bench do): a new
    // inode, so the remembered hash is not used.
    const h = r.path('more/h.txt')
    writeFileSync(`${h}.tmp`, 'CONTENT h')
    renameSync(`${h}.tmp`, h)
    utimesSync(h, 1_700_000_000, 1_700_000_000)
    const now = expand([h]).get(h)!
    assert.is(now.size, more.get(h)!.size)
    assert.is(now.mtimeMs, more.get(h)!.mtimeMs)
    assert.is(new HashCache(r.path('hashes.tsv')).hash(h, now), sha256('CONTENT h'))
    // A run that hashed only a few files appends them without loading the rest; the last line wins.
    HashCache.LOAD_AFTER = 32
    r.write({ 'more/i.txt': 'content i' })
    utimesSync(r.path('more/i.txt'), 1_700_000_000, 1_700_000_000)
    const i = r.path('more/i.txt')
    const iStat = expand([i]).get(i)!
    const few = new HashCache(r.path('hashes.tsv'))
    assert.is(few.hash(i, iStat), sha256('content i'))
    few.save()
    assert.is(r.read('hashes.tsv').trim().split('\n').length, 3)
    assert.ok(r.read('hashes.tsv').endsWith(`${i}\t${iStat.size}:${iStat.mtimeMs}:${iStat.ino}\t${sha256('content i')}\n`))
    HashCache.LOAD_AFTER = 0
    r.write({ 'more/j.txt': 'content j' })
    utimesSync(r.path('more/j.txt'), 1_700_000_000, 1_700_000_000)
    const j = r.path('more/j.txt')
    const jStat = expand([j]).get(j)!
    const jLine = (hash: string) => `${j}\t${jStat.size}:${jStat.mtimeMs}:${jStat.ino}\t${hash}\n`
    writeFileSync(r.path('hashes.tsv'), jLine(sha256('first')) + jLine(sha256('last')))
    assert.is(new HashCache(r.path('hashes.tsv')).hash(j, jStat), sha256('last'), 'the last line of a path wins')
  } finally {
    HashCache.RACY_MS = racy
    HashCache.LOAD_AFTER = loadAfter
  }
})

test.run()
