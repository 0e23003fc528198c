// The real Taskfile refuses out dirs that would harm the user's data or the repository, and
// speaks plainly about mistakes on the command line (issue 13's out-dir and error-polish items).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const TASKFILE = join(ROOT, 'Taskfile.ts')
const taskfile = (args: string[], cwd = ROOT) =>
  spawnSync(process.execPath, [TASKFILE, ...args], { cwd, env: { ...process.env, CI: '1' }, encoding: 'utf8' })

test('--out inside the data root is refused with exit 2, one line, and nothing written', () => {
  const target = join(ROOT, 'data', 'sample', 'generated', 'x')
  const run = taskfile(['all', '--out', 'data/sample/generated/x'])
  assert.is(run.status, 2, run.stderr)
  assert.is(run.stderr.trim().split('\n').length, 1, run.stderr)
  assert.match(run.stderr, 'is inside the data root')
  assert.not.ok(existsSync(target))
})

test("--out over the repository's own folders or the repository itself is refused", () => {
  for (const out of ['scripts/out', 'templates', '.', '..']) {
    const run = taskfile(['status', '--out', out])
    assert.is(run.status, 2, `${out}: ${run.stderr}`)
    assert.match(run.stderr, /^--out .*: the out dir (is|is inside|contains) /)
  }
  assert.not.ok(existsSync(join(ROOT, 'scripts', 'out')))
})

test('--out naming a file is a usage error (exit 2), not a raw ENOTDIR', () => {
  using r = rig({ 'notes.txt': 'mine' }, 'lbh-trust-')
  const run = taskfile(['all', '--out', r.path('notes.txt')])
  assert.is(run.status, 2, run.stderr)
  assert.match(run.stderr, 'is a file, not a directory')
  assert.not.match(run.stderr, 'ENOTDIR')
  assert.is(r.read('notes.txt'), 'mine')
})

test.run()
