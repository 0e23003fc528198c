// releaseMemory (scripts/lib/release-memory.ts): V8's memory-reducing collection, asked for from
// a program that was not started with --expose-gc. Each case runs in a child process of its own,
// so the heap it measures and the flags it sets are that child's.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const module = join(import.meta.dirname, '../scripts/lib/release-memory.ts')

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
  assert.is(gc[0], 'function')
  assert.ok(released <= grown / 4, `new space ${grown / MB} MB before the release, ${released / MB} MB after`)
})

test.run()
