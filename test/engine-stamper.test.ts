// Entry stamps taken on a thread while a stage's items build (engine/entry-stamper.ts) must be
// exactly the stamps the main thread takes of the committed entries, whoever took them.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { EntryStamper } from '../scripts/engine/entry-stamper.ts'
import { contentHash, inodeKey, type Stat } from '../scripts/engine/files.ts'
import { contentOf, entryStamp, observeOutputs } from '../scripts/engine/outputs.ts'
import { readStamps } from '../scripts/engine/record.ts'
import { runAll } from '../scripts/engine/run-all.ts'
import type { EngineEvent, EntryStamp, Stage } from '../scripts/engine/types.ts'
import { rig, type Rig } from './helpers/rig.ts'

const KEYS = ['a', 'b', 'c', 'd', 'e', 'f']

/** One entry per input: a written file, a hard link to the input in a nested dir, a symlink. */
function tasksStage(dir: string): Stage {
  const tree = join(dir, 'out', 'tasks')
  const input = (key: string) => join(dir, 'in', `${key}.txt`)
  return {
    name: 'tasks',
    title: 'entries with links',
    deps: [],
    inputs: [join(dir, 'in', '*.txt')],
    outputs: [{ path: tree, kind: 'tree' }],
    recipe: { files: [] },
    async run(ctx) {
      const result = await ctx.items({
        tree,
        keys: KEYS,
        prepare: (key) => ({ hash: readFileSync(input(key), 'utf8'), value: key }),
        build: async (key, _value, entry) => {
          appendBuilt(dir, key)
          mkdirSync(join(entry!, 'env', 'project'), { recursive: true })
          writeFileSync(join(entry!, 'instruction.md'), `task ${key}\n`)
          linkSync(input(key), join(entry!, 'env', 'project', 'input.txt'))
          // Not an input of the stage: as generate's project files are before its first run.
          linkSync(join(dir, 'data', 'shared.txt'), join(entry!, 'env', 'project', 'shared.txt'))
          symlinkSync('../instruction.md', join(entry!, 'env', 'instruction.md'))
          return {}
        },
      })
      return { summary: `${result.built.length} built` }
    },
  }
}

const appendBuilt = (dir: string, key: string) => writeFileSync(join(dir, 'built.log'), `${key}\n`, { flag: 'a' })

function project(): Rig {
  return rig({ ...Object.fromEntries(KEYS.map((k) => [`in/${k}.txt`, `input ${k}\n`])), 'data/shared.txt': 'shared\n' }, 'lbh-stamper-')
}

async function run(r: Rig): Promise<{ ok: boolean; built: string[] }> {
  writeFileSync(r.path('built.log'), '')
  const events: EngineEvent[] = []
  const summary = await runAll({ stages: [tasksStage(r.dir)], root: r.dir, outDir: r.path('out'), targets: ['tasks'], emit: (e) => events.push(e) })
  return { ok: summary.ok, built: r.read('built.log').split('\n').filter(Boolean) }
}

/** Every entry's stamp as the main thread takes it now, reading every file (or hashing as told). */
function stampsOnDisk(r: Rig, hash: (path: string, st: Stat) => string = contentHash): Record<string, EntryStamp> {
  const stamps: Record<string, EntryStamp> = {}
  observeOutputs([{ path: r.path('out/tasks'), kind: 'tree' }], undefined, (entry, state, files) => {
    stamps[entry] = entryStamp(state, contentOf(entry, files!, hash))
  })
  return stamps
}

const recorded = (r: Rig) => readStamps({ dir: r.path('out/.taskcache') }, 'tasks')?.entries

async function withStamper<T>(settings: { startAfter?: number; module?: URL }, body: () => Promise<T>): Promise<T> {
  const { START_AFTER, MODULE } = EntryStamper
  EntryStamper.START_AFTER = settings.startAfter ?? START_AFTER
  EntryStamper.MODULE = settings.module ?? MODULE
  try {
    return await body()
  } finally {
    EntryStamper.START_AFTER = START_AFTER
    EntryStamper.MODULE = MODULE
  }
}

test("the thread's stamps of staged entries are those of the entries renamed into place", async () => {
  using r = project()
  const stamper = new EntryStamper(() => [])
  const staged = (key: string) => r.path('staging', key)
  await withStamper({ startAfter: 1 }, async () => {
    for (const key of KEYS) {
      mkdirSync(join(staged(key), 'env'), { recursive: true })
      writeFileSync(join(staged(key), 'instruction.md'), `task ${key}\n`)
      linkSync(r.path('in', `${key}.txt`), join(staged(key), 'env', 'input.txt'))
      stamper.add(staged(key), `${r.path('out/tasks')}/${key}`)
    }
  })
  const early = await stamper.finish()
  mkdirSync(r.path('out/tasks'), { recursive: true })
  for (const key of KEYS) renameSync(staged(key), r.path('out/tasks', key))
  const onDisk = stampsOnDisk(r)
  assert.equal(Object.fromEntries([...early].map(([entry, s]) => [entry, entryStamp(s.state, s.content)])), onDisk)
})

test('inode hashes the stage tells after the thread started reach it with the entries sent after them', async () => {
  using r = project()
  const told: [string, string][] = []
  const stamper = new EntryStamper(() => [], () => told.splice(0))
  const staged = (key: string) => r.path('staging', key)
  const final = (key: string) => `${r.path('out/tasks')}/${key}`
  const build = (key: string) => {
    mkdirSync(staged(key), { recursive: true })
    linkSync(r.path('in', `${key}.txt`), join(staged(key), 'input.txt'))
    stamper.add(staged(key), final(key))
  }
  // A false hash makes it visible that the thread took the told one instead of reading the file.
  const lie = 'f'.repeat(64)
  const bKey = inodeKey(statSync(r.path('in/b.txt')))
  await withStamper({ startAfter: 1 }, async () => {
    build('a')
    told.push([bKey, lie])
    build('b')
  })
  const early = await stamper.finish()
  mkdirSync(r.path('out/tasks'), { recursive: true })
  for (const key of ['a', 'b']) renameSync(staged(key), r.path('out/tasks', key))
  const asTold = stampsOnDisk(r, (path, st) => (inodeKey(st) === bKey ? lie : contentHash(path, st)))
  assert.equal(Object.fromEntries([...early].map(([entry, s]) => [entry, entryStamp(s.state, s.content)])), asTold)
  assert.is.not(asTold[final('b')][2], stampsOnDisk(r)[final('b')][2], 'the told hash made a difference')
})

test('a hash the stage tells while its items build (ctx.knownHash) serves the thread for the entries built after it', async () => {
  using r = project()
  const lie = 'f'.repeat(64)
  const shared = r.path('data/shared.txt')
  const base = tasksStage(r.dir)
  const telling: Stage = {
    ...base,
    run: (ctx) => base.run({
      ...ctx,
      items: (spec) => ctx.items({
        ...spec,
        build: async (key, value, entry, previous) => {
          if (key === 'c') ctx.knownHash(shared, statSync(shared), lie)
          return spec.build(key, value, entry, previous)
        },
      }),
    }),
  }
  const summary = await withStamper({ startAfter: 1 }, () => runAll({ stages: [telling], root: r.dir, outDir: r.path('out'), targets: ['tasks'], emit: () => {} }))
  assert.ok(summary.ok)
  const sharedKey = inodeKey(statSync(shared))
  const asTold = stampsOnDisk(r, (path, st) => (inodeKey(st) === sharedKey ? lie : contentHash(path, st)))
  const entries = recorded(r)!
  const entry = (key: string) => `${r.path('out/tasks')}/${key}`
  assert.equal(['d', 'e', 'f'].map((k) => entries[entry(k)]), ['d', 'e', 'f'].map((k) => asTold[entry(k)]), 'built after the tell')
  assert.is.not(asTold[entry('f')][2], stampsOnDisk(r)[entry('f')][2], 'the told hash made a difference')
})

/** The real thread, logging each entry it is sent to `log`. */
function loggingThread(r: Rig, log: string): URL {
  const file = r.path('logging-stamper.mjs')
  writeFileSync(file, [
    `import { appendFileSync } from 'node:fs'`,
    `import { parentPort } from 'node:worker_threads'`,
    `parentPort.on('message', (m) => { for (const [, final] of m.entries ?? []) appendFileSync(${JSON.stringify(log)}, final + '\\n') })`,
    `await import(${JSON.stringify(EntryStamper.MODULE.href)})`,
  ].join('\n'))
  return pathToFileURL(file)
}

for (const [name, startAfter, threaded] of [['every entry', 1, KEYS], ['all but the first two entries', 3, KEYS.slice(2)], ['no entry (too few for a thread)', 100, []]] as const) {
  test(`stamps taken on the thread for ${name} equal the committed entries' own, and the next run keeps them all`, async () => {
    using r = project()
    const log = r.path('threaded.log')
    writeFileSync(log, '')
    const first = await withStamper({ startAfter, module: loggingThread(r, log) }, () => run(r))
    assert.ok(first.ok)
    assert.equal(first.built, KEYS)
    assert.equal(r.read('threaded.log').split('\n').filter(Boolean).sort(), threaded.map((k) => `${r.path('out/tasks')}/${k}`))
    assert.equal(recorded(r), stampsOnDisk(r))
    assert.is(Object.keys(recorded(r) ?? {}).length, KEYS.length)
    const second = await withStamper({ startAfter }, () => run(r))
    assert.equal(second.built, [])
  })
}

test('an entry changed after its run is built again, its stamp taken on the thread or not', async () => {
  using r = project()
  await withStamper({ startAfter: 1 }, () => run(r))
  writeFileSync(r.path('out/tasks/c/instruction.md'), 'edited by hand\n')
  const again = await withStamper({ startAfter: 1 }, () => run(r))
  assert.equal(again.built, ['c'])
  assert.equal(recorded(r), stampsOnDisk(r))
})

test("the thread takes a hard-linked file's hash from the hash cache, without reading it, even when the file is no input", async () => {
  using r = project()
  // A hash cache line for data/shared.txt with a hash its bytes do not have: only a stamp that
  // trusted the cache, as the plan does, can carry it.
  const shared = r.path('data/shared.txt')
  const st = statSync(shared)
  const cached = 'c'.repeat(64)
  mkdirSync(r.path('out/.taskcache'), { recursive: true })
  writeFileSync(r.path('out/.taskcache/hashes.tsv'), `${shared}\t${st.size}:${st.mtimeMs}:${st.ino}\t${cached}\n`)
  await withStamper({ startAfter: 1 }, () => run(r))
  const trusting = (path: string, s: Stat) => (path.endsWith('/shared.txt') ? cached : contentHash(path, s))
  const expected: Record<string, EntryStamp> = {}
  observeOutputs([{ path: r.path('out/tasks'), kind: 'tree' }], undefined, (entry, state, files) => {
    expected[entry] = entryStamp(state, contentOf(entry, files!, trusting))
  })
  assert.equal(recorded(r), expected)
})

test('a stamper thread that dies costs only speed: every entry is still stamped from disk', async () => {
  using r = project()
  const broken = new URL('data:text/javascript,throw new Error("stamper thread down")')
  const first = await withStamper({ startAfter: 1, module: broken }, () => run(r))
  assert.ok(first.ok)
  assert.equal(recorded(r), stampsOnDisk(r))
  assert.equal((await run(r)).built, [])
})

test.run()
