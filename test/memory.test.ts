// V8's heap from inside the process: releaseMemory (scripts/lib/release-memory.ts), its
// memory-reducing collection asked for by a program not started with --expose-gc, and
// holdYoungGeneration (scripts/lib/young-generation.ts), which stops the young generation growing
// while a stage runs; and what the engine keeps of a stage's items until commit. Each case runs in
// a child process of its own, so the heap it measures and the flags it sets are that child's.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const module = join(import.meta.dirname, '../scripts/lib/release-memory.ts')
const youngGeneration = join(import.meta.dirname, '../scripts/lib/young-generation.ts')

/** Grows the young generation the way a stage does (objects that survive a while), drops them,
 *  releases, and reports the new space's size before and after and whether gc is visible. */
const CHILD = `
  const { getHeapSpaceStatistics } = await import('node:v8')
  const { releaseMemory } = await import(process.argv[1])
  const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
  let kept = []
  for (let i = 0; i < 3e6; i++) {
    const record = { i, text: 'record ' + i }
    if (i % 3 === 0) kept.push(record)
  }
  kept = null
  const grown = newSpace()
  releaseMemory()
  const { runInNewContext } = await import('node:vm')
  const { Worker } = await import('node:worker_threads')
  const worker = new Worker('import("node:worker_threads").then((w) => w.parentPort.postMessage(typeof gc))', { eval: true })
  const inWorker = await new Promise((resolve) => worker.once('message', resolve))
  console.log(JSON.stringify({ grown, released: newSpace(), gc: [typeof globalThis.gc, runInNewContext('typeof gc'), inWorker] }))
`

/** `gc`: its type in the program, in a context made after the release, in a worker started after it. */
function run(nodeFlags: string[] = []): { grown: number; released: number; gc: string[] } {
  const child = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', CHILD, module], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  assert.is(child.status, 0, child.stderr)
  return JSON.parse(child.stdout)
}

const MB = 1 << 20

test('releaseMemory gives back the young generation that surviving objects grew', () => {
  const { grown, released } = run()
  assert.ok(grown >= 16 * MB, `the child grew its new space to ${grown / MB} MB only; nothing to release`)
  assert.ok(released <= grown / 4, `new space ${grown / MB} MB before the release, ${released / MB} MB after`)
})

test('releaseMemory does not leave gc exposed to the program, its later contexts or workers', () => {
  assert.equal(run().gc, ['undefined', 'undefined', 'undefined'])
})

test('releaseMemory uses the gc that node --expose-gc gave the program, and leaves it there', () => {
  const { grown, released, gc } = run(['--expose-gc'])
  assert.equal(gc, ['function', 'function', 'function'])
  assert.ok(released <= grown / 4, `new space ${grown / MB} MB before the release, ${released / MB} MB after`)
})

test('under node --expose-gc-as releaseMemory does nothing, and gc keeps the name the user gave it in later contexts and workers', () => {
  const child = spawnSync(process.execPath, ['--expose-gc-as=collectGarbage', '--input-type=module', '-e', `
    const { releaseMemory } = await import(process.argv[1])
    releaseMemory()
    const { runInNewContext } = await import('node:vm')
    const { Worker } = await import('node:worker_threads')
    const worker = new Worker('import("node:worker_threads").then((w) => w.parentPort.postMessage(typeof collectGarbage))', { eval: true })
    const inWorker = await new Promise((resolve) => worker.once('message', resolve))
    console.log(JSON.stringify([typeof globalThis.gc, typeof globalThis.collectGarbage, runInNewContext('typeof collectGarbage'), inWorker]))
  `, module], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  assert.is(child.status, 0, child.stderr)
  assert.equal(JSON.parse(child.stdout), ['undefined', 'function', 'function', 'function'])
})

/** Objects that survive a while, as a stage's records do: what makes V8 grow the young generation.
 *  Between rounds the event loop turns (unless told not to), so GC events reach their observers. */
const GROW = `
  const { getHeapSpaceStatistics } = await import('node:v8')
  const { holdYoungGeneration } = await import(process.argv[1])
  const { releaseMemory } = await import(process.argv[2])
  const MB = 1 << 20
  const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / MB
  let kept = []
  async function grow(rounds, turns = true) {
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < 1e5; i++) {
        const record = { i, text: 'record ' + i }
        if (i % 3 === 0) kept.push(record)
      }
      if (kept.length > 2e6) kept = []
      if (turns) await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const sizes = {}
`

/** V8 sizes the young generation's limit from the machine's memory; a heap of 4 GB makes it 64 MB
 *  per semi-space (128 MB in all) on any machine, above the 32 MB a hold keeps. */
function young(steps: string): Record<string, number> {
  const child = spawnSync(process.execPath, ['--max-heap-size=4096', '--input-type=module', '-e', `${GROW}${steps}\nconsole.log(JSON.stringify(sizes))`, youngGeneration, module], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  assert.is(child.status, 0, child.stderr)
  return JSON.parse(child.stdout)
}

test('a held young generation at the floor (32 MB) or above stays at its size however much survives, even before the event loop turns', () => {
  const sizes = young(`
    while (newSpace() < 32) await grow(1)
    sizes.held = newSpace()
    const letGo = holdYoungGeneration()
    await grow(40, false)
    sizes.after = newSpace()
    letGo()
  `)
  assert.ok(sizes.held >= 32, JSON.stringify(sizes))
  assert.is(sizes.after, sizes.held, JSON.stringify(sizes))
})

test('a held young generation below the floor grows to it and stops', () => {
  const sizes = young(`
    sizes.held = newSpace()
    const letGo = holdYoungGeneration()
    await grow(40)
    sizes.after = newSpace()
    letGo()
  `)
  assert.ok(sizes.held < 32, JSON.stringify(sizes))
  assert.ok(sizes.after >= 32 && sizes.after <= 64, JSON.stringify(sizes))
})

test('a hold is let go once however often its function is called; the young generation grows again when every hold is', () => {
  const sizes = young(`
    while (newSpace() < 32) await grow(1)
    const first = holdYoungGeneration()
    const second = holdYoungGeneration()
    second()
    second()
    await grow(40)
    sizes.stillHeld = newSpace()
    first()
    await grow(40)
    sizes.free = newSpace()
  `)
  assert.ok(sizes.stillHeld <= 64, JSON.stringify(sizes))
  assert.ok(sizes.free > sizes.stillHeld, JSON.stringify(sizes))
})

test('a held young generation that releaseMemory shrank may grow back at once, before the event loop turns', () => {
  const sizes = young(`
    while (newSpace() < 32) await grow(1)
    const letGo = holdYoungGeneration()
    releaseMemory()
    sizes.released = newSpace()
    await grow(20, false)
    sizes.after = newSpace()
    letGo()
  `)
  assert.ok(sizes.released < 32, JSON.stringify(sizes))
  assert.ok(sizes.after >= 32, JSON.stringify(sizes))
})

test('the check runItems leaves for commit time holds its lent entries only, not what the run prepared', () => {
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', `
    const { runItems } = await import(process.argv[1])
    const { releaseMemory } = await import(process.argv[2])
    const specOver = (prepared) => ({ keys: ['a', 'b'], prepare: (key) => ({ hash: key, value: prepared }), build: async () => ({}) })
    let spec = specOver({ rows: new Array(1e5).fill('row') })
    const prepared = new WeakRef(spec.prepare('a').value)
    const ran = await runItems(spec, { existing: () => [], remove: () => {}, concurrency: 1 })
    spec = undefined
    await new Promise((resolve) => setImmediate(resolve))
    releaseMemory()
    console.log(JSON.stringify({ kept: prepared.deref() !== undefined, moved: ran.moved() }))
  `, join(import.meta.dirname, '../scripts/engine/items.ts'), module], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })
  assert.is(child.status, 0, child.stderr)
  assert.equal(JSON.parse(child.stdout), { kept: false, moved: [] })
})

test.run()
