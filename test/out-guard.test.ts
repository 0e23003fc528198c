import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { checkOutDir, type Guarded } from '../scripts/lib/out-guard.ts'
import { UsageError } from '../scripts/lib/errors.ts'
import { rig } from './helpers/rig.ts'

const refusal = (out: string, guarded: Guarded[]): string => {
  try {
    checkOutDir(out, guarded)
  } catch (error) {
    assert.instance(error, UsageError)
    assert.is((error as UsageError).exitCode, 2)
    return (error as Error).message
  }
  return ''
}

test('an out dir inside, equal to or around the data root is refused with both paths named', () => {
  const data = { path: '/x/data/sample', what: 'the data root' }
  assert.match(refusal('/x/data/sample/generated/p1', [data]), 'is inside the data root (/x/data/sample)')
  assert.match(refusal('/x/data/sample', [data]), 'the out dir is the data root')
  assert.match(refusal('/x/data', [data]), 'contains the data root')
  assert.is(refusal('/x/out', [data]), '')
  assert.is(refusal('/x/data/sample-out', [data]), '', 'a sibling sharing a name prefix is not inside')
})

test("the config's folder may hold the out dir but the out dir may not be or hold it", () => {
  const config = { path: '/repo', what: "the config's folder", allow: 'inside' as const }
  assert.is(refusal('/repo/out', [config]), '')
  assert.match(refusal('/repo', [config]), 'the out dir is')
  assert.match(refusal('/', [config]), 'contains')
})

test('an out dir naming a file is a usage error, not a raw ENOTDIR', () => {
  const dir = rig({ 'notes.txt': 'mine' })
  try {
    assert.match(refusal(dir.path('notes.txt'), []), 'is a file, not a directory')
    assert.is(dir.read('notes.txt'), 'mine')
  } finally {
    dir.dispose()
  }
})

test.run()
