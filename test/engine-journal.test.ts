// The items journal: a facts-only item is recorded the moment it finishes, so a run that dies
// resumes where it was; items with tree entries (staged until commit) are never journalled; a
// torn last line costs only that item; writing the book retires the journal.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { journalPath, readBook, runItems, writeBook, type ItemsEnv } from '../scripts/engine/items.ts'
import { rig } from './helpers/rig.ts'

const env = (file: string, over: Partial<ItemsEnv> = {}): ItemsEnv => ({ book: readBook(file), bookFile: file, existing: () => [], remove: () => {}, concurrency: 1, ...over })

test('facts-only items are journalled as they finish; a run that dies after two resumes with the third', async () => {
  using r = rig()
  const file = r.path('cache/stage.items.json')
  const built: string[] = []
  const controller = new AbortController()
  let interrupting = true
  const spec = {
    keys: ['a', 'b', 'c'],
    prepare: (key: string) => ({ hash: `h-${key}`, value: key }),
    build: async (key: string) => {
      if (key === 'c' && interrupting) {
        controller.abort(new Error('interrupted'))
        controller.signal.throwIfAborted()
      }
      built.push(key)
      return { made: key }
    },
  }
  await runItems(spec, env(file, { signal: controller.signal })).then(
    () => assert.unreachable('the run was interrupted'),
    (error: Error) => assert.match(error.message, /interrupted/),
  )
  assert.not.ok(existsSync(file), 'no book was written: the run never committed')
  assert.is(readFileSync(journalPath(file), 'utf8').trim().split('\n').length, 2)
  appendFileSync(journalPath(file), '{"v":1,"key":"c","rec') // a kill mid-append

  interrupting = false
  built.length = 0
  const resumed = await runItems(spec, env(file))
  assert.equal(built, ['c'])
  assert.equal(resumed.result.kept, ['a', 'b'])
  assert.equal(resumed.result.facts.get('a'), { made: 'a' })

  writeBook(file, resumed.book)
  assert.not.ok(existsSync(journalPath(file)), 'the book holds it all now')
  assert.equal(Object.keys(readBook(file)?.items ?? {}), ['a', 'b', 'c'])

  built.length = 0
  const forced = await runItems(spec, env(file, { force: true }))
  assert.equal(built, ['a', 'b', 'c'])
  assert.equal(forced.result.built.map((b) => b.reason), ['forced', 'forced', 'forced'])
})

test('items with tree entries are never journalled (their entries die with staging)', async () => {
  using r = rig()
  const file = r.path('stage.items.json')
  const staging = r.path('staging')
  mkdirSync(staging)
  await runItems({
    tree: r.path('tree'),
    keys: ['x'],
    prepare: () => ({ hash: 'h', value: null }),
    build: async (_key, _value, dir) => {
      mkdirSync(dir as string)
      return null
    },
  }, env(file, { current: r.path('tree'), staging }))
  assert.ok(existsSync(join(staging, 'x')))
  assert.not.ok(existsSync(journalPath(file)))
})

test.run()
