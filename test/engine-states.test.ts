// A plan's view of a large tree (engine/entry-states.ts): walked on two threads, the same states.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { entryStates, ParallelStates, stateOf } from '../scripts/engine/entry-states.ts'
import { Listings } from '../scripts/engine/files.ts'
import { observeOutputs } from '../scripts/engine/outputs.ts'
import { rig, type Rig } from './helpers/rig.ts'

const KEYS = Array.from({ length: 9 }, (_, i) => `task-${i}`)

function tree(): Rig {
  return rig(Object.fromEntries(KEYS.flatMap((k, i) => [[`tasks/${k}/instruction.md`, `task ${i}\n`], [`tasks/${k}/env/project/src/main.c`, 'x'.repeat(i)]])), 'lbh-states-')
}

const entriesOf = (r: Rig) => KEYS.map((k) => r.path('tasks', k))

/** A thread module written into the rig: `body` runs instead of the real thread. */
function fakeThread(r: Rig, body: string): URL {
  writeFileSync(r.path('fake-states.mjs'), body)
  return pathToFileURL(r.path('fake-states.mjs'))
}

function withStates<T>(settings: Partial<typeof ParallelStates>, body: () => T): T {
  const saved = { ...ParallelStates }
  Object.assign(ParallelStates, settings)
  try {
    return body()
  } finally {
    Object.assign(ParallelStates, saved)
  }
}

const oneThread = (r: Rig) => entriesOf(r).map((e) => stateOf(e, new Listings()))

test('a tree walked on two threads has the states of a walk on one, in entry order', () => {
  using r = tree()
  const expected = oneThread(r)
  assert.equal(new Set(expected.map((s) => s.stats)).size, KEYS.length, 'every entry differs')
  assert.equal(withStates({ from: 2 }, () => entryStates(entriesOf(r), new Listings())), expected)
  // Through observeOutputs, as a plan calls it: the same digest as a walk on one thread.
  const spec = [{ path: r.path('tasks'), kind: 'tree' as const }]
  assert.equal(withStates({ from: 2 }, () => observeOutputs(spec)), withStates({ from: Infinity }, () => observeOutputs(spec)))
})

test('the thread walks the second half: what it answers is what the plan sees', () => {
  using r = tree()
  // A thread that answers states of its own making proves the answer is used, not walked again.
  const module = fakeThread(r, [
    `import { workerData } from 'node:worker_threads'`,
    `const { entries, port, signal } = workerData`,
    `port.postMessage({ states: entries.map((e) => ({ files: 0, stats: 'from the thread ' + e.split('/').pop() })) })`,
    `Atomics.store(signal, 0, 1); Atomics.notify(signal, 0)`,
  ].join('\n'))
  const states = withStates({ from: 2, module }, () => entryStates(entriesOf(r), new Listings()))
  const expected = oneThread(r)
  assert.equal(states.slice(0, 5), expected.slice(0, 5))
  assert.equal(states.slice(5).map((s) => s.stats), KEYS.slice(5).map((k) => `from the thread ${k}`))
})

test('a thread that fails to start, fails, or never answers costs only time: the main thread walks its half', () => {
  using r = tree()
  const expected = oneThread(r)
  const broken = new URL('data:text/javascript,throw new Error("no thread today")')
  assert.equal(withStates({ from: 2, module: broken, graceMs: 200 }, () => entryStates(entriesOf(r), new Listings())), expected)
  const silent = fakeThread(r, 'setTimeout(() => {}, 60_000)')
  assert.equal(withStates({ from: 2, module: silent, graceMs: 200 }, () => entryStates(entriesOf(r), new Listings())), expected)
  const failing = fakeThread(r, [
    `import { workerData } from 'node:worker_threads'`,
    `workerData.port.postMessage({ failed: 'disk gone' })`,
    `Atomics.store(workerData.signal, 0, 1); Atomics.notify(workerData.signal, 0)`,
  ].join('\n'))
  assert.equal(withStates({ from: 2, module: failing }, () => entryStates(entriesOf(r), new Listings())), expected)
})

test.run()
