// The engine refuses, before anything runs, an out dir that is or sits inside a stage's declared
// input: the demo graph (no LoCoBench code) through the real CLI.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { demoFiles } from './fixtures/engine-taskfile/graph.ts'
import { globBase } from '../scripts/engine/out-overlap.ts'
import { rig, type Rig } from './helpers/rig.ts'

const TASKFILE = join(import.meta.dirname, 'fixtures', 'engine-taskfile', 'Taskfile.ts')
const cli = (r: Rig, args: string[]) =>
  spawnSync(process.execPath, [TASKFILE, ...args], { env: { ...process.env, DEMO_DIR: r.dir, CI: '1' }, encoding: 'utf8' })

test('a glob input overlaps the out dir through its base, the part before the first wildcard', () => {
  assert.is(globBase('/d/in/*.txt'), '/d/in')
  assert.is(globBase('/d/**/x.json'), '/d')
  assert.is(globBase('/d/in'), '/d/in')
})

test('an out dir inside a stage input (a glob base) is refused with exit 2 and nothing written', () => {
  using r = rig(demoFiles, 'lbh-overlap-')
  const run = cli(r, ['all', '--out', r.path('in/out')])
  assert.is(run.status, 2, run.stderr)
  assert.match(run.stderr, `the out dir is inside ${r.path('in')}, which stage upper reads`)
  assert.is(run.stderr.trim().split('\n').length, 1, 'one clear line')
  assert.not.ok(existsSync(r.path('in/out')))
  assert.not.ok(existsSync(r.path('runs.log')), 'no stage ran')
  const same = cli(r, ['status', '--out', r.path('in')])
  assert.is(same.status, 2)
  assert.match(same.stderr, 'the out dir is ')
})

test('an out dir holding the graph\'s own inputs (one stage reads what another wrote) is fine', () => {
  using r = rig(demoFiles, 'lbh-overlap-')
  const run = cli(r, ['all', '--out', r.path('elsewhere')])
  assert.is(run.status, 0, run.stderr)
})

test('--out naming a file is a usage error (exit 2), not a raw ENOTDIR', () => {
  using r = rig({ ...demoFiles, 'notes.txt': 'mine' }, 'lbh-overlap-')
  const run = cli(r, ['all', '--out', r.path('notes.txt')])
  assert.is(run.status, 2, run.stderr)
  assert.match(run.stderr, 'is a file, not a directory')
  assert.not.match(run.stderr, 'ENOTDIR')
  assert.is(r.read('notes.txt'), 'mine')
})

test.run()
