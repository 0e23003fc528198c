// replaceDir, the one way a built folder is swapped into place (fetchInto, the Harbor adapter kit,
// an indexed project's repository). Crashes are real: a child process runs replaceDir and is
// killed with SIGKILL right after a chosen step, then the next run's recoverDir must leave the
// old folder or the new one whole, and nothing else.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { recoverDir, replaceDir } from '../scripts/lib/fsx.ts'
import { rig, type Rig } from './helpers/rig.ts'

const fsx = join(import.meta.dirname, '../scripts/lib/fsx.ts')
const OLD = { 'a.txt': 'old a', 'sub/b.txt': 'old b', 'gone.txt': 'only in the old folder' }
const NEW = { 'a.txt': 'new a', 'sub/b.txt': 'new b', 'sub/c.txt': 'new c' }

const under = (prefix: string, tree: Record<string, string>) => Object.fromEntries(Object.entries(tree).map(([rel, text]) => [`${prefix}/${rel}`, text]))

/** The files under `dir` as a path → content literal. */
function readTree(dir: string): Record<string, string> {
  const tree: Record<string, string> = {}
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = join(dir, rel)
    if (statSync(full).isFile()) tree[relative(dir, full)] = readFileSync(full, 'utf8')
  }
  return tree
}

/**
 * Runs replaceDir in a child that stages `new/` at stagingFor(target) and is killed right after
 * its `crashAfter`-th rename, or in the middle of deleting the old folder ('delete'). Returns the
 * child's pid, which is dead by the time this returns.
 */
function crashingSwap(r: Rig, crashAfter: number | 'delete'): number {
  const child = `
    import fs from 'node:fs'
    import { join } from 'node:path'
    import { syncBuiltinESMExports } from 'node:module'
    const [fsx, from, target, crashAfter] = process.argv.slice(1)
    const { replaceDir, stagingFor } = await import(fsx)
    const staged = stagingFor(target)
    fs.renameSync(from, staged)
    const { renameSync, rmSync } = fs
    let renames = 0
    fs.renameSync = (a, b) => {
      renameSync(a, b)
      if (String(++renames) === crashAfter) process.kill(process.pid, 'SIGKILL')
    }
    fs.rmSync = (path, options) => {
      if (crashAfter === 'delete' && path === staged) {
        rmSync(join(path, 'a.txt'))
        process.kill(process.pid, 'SIGKILL')
      }
      rmSync(path, options)
    }
    syncBuiltinESMExports()
    replaceDir(staged, target)
  `
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', child, fsx, r.path('new'), r.path('data'), String(crashAfter)], { encoding: 'utf8' })
  assert.is(run.signal, 'SIGKILL', `the child should have been killed: ${run.stderr}`)
  return run.pid ?? NaN
}

test('replaceDir puts the staged folder in place of the old one and leaves only the target', () => {
  using r = rig({ ...under('data', OLD), ...under('data.tmp-1', NEW), 'neighbour/kept.txt': 'kept' })
  replaceDir(r.path('data.tmp-1'), r.path('data'))
  assert.equal(readTree(r.path('data')), NEW)
  assert.equal(readdirSync(r.dir).sort(), ['data', 'neighbour'])
})

test('replaceDir creates a missing target and its parents', () => {
  using r = rig(under('staged', NEW))
  replaceDir(r.path('staged'), r.path('out/deep/data'))
  assert.equal(readTree(r.path('out/deep/data')), NEW)
  assert.not.ok(existsSync(r.path('staged')))
})

test('a failed swap leaves the old folder in place', () => {
  using r = rig(under('data', OLD))
  assert.throws(() => replaceDir(r.path('never-staged'), r.path('data')), /ENOENT/)
  assert.equal(readTree(r.path('data')), OLD)
  assert.equal(readdirSync(r.dir), ['data'])
})

test('a crash after the old folder is moved aside leaves it whole, and the next run puts it back', () => {
  using r = rig({ ...under('data', OLD), ...under('new', NEW) })
  const pid = crashingSwap(r, 1)
  assert.equal(readTree(r.path(`.data.old-${pid}`)), OLD, 'the old folder is whole beside the target')
  recoverDir(r.path('data'))
  assert.equal(readTree(r.path('data')), OLD)
  assert.equal(readdirSync(r.dir), ['data'], 'the staged folder of the dead run is removed too')
})

test('a crash at any later step leaves the new folder, and the next run removes what is left', () => {
  for (const step of [2, 3, 'delete'] as const) {
    using r = rig({ ...under('data', OLD), ...under('new', NEW) })
    crashingSwap(r, step)
    assert.equal(readTree(r.path('data')), NEW, `crash at ${step}`)
    assert.ok(readdirSync(r.dir).length > 1, `crash at ${step} leaves the old folder behind`)
    recoverDir(r.path('data'))
    assert.equal(readTree(r.path('data')), NEW, `crash at ${step}`)
    assert.equal(readdirSync(r.dir), ['data'], `crash at ${step}`)
  }
})

test('a folder half deleted by a crash is never put back, even once the target is gone', () => {
  using r = rig({ ...under('data', OLD), ...under('new', NEW) })
  crashingSwap(r, 'delete')
  rmSync(r.path('data'), { recursive: true })
  recoverDir(r.path('data'))
  assert.equal(readdirSync(r.dir), [])
})

test('the next replaceDir recovers first: a crashed run is cleaned up and the new folder goes in', () => {
  using r = rig({ ...under('data', OLD), ...under('new', NEW), ...under('again', { 'x.txt': 'third' }) })
  crashingSwap(r, 1)
  replaceDir(r.path('again'), r.path('data'))
  assert.equal(readTree(r.path('data')), { 'x.txt': 'third' })
  assert.equal(readdirSync(r.dir), ['data'])
})

test('leftovers of another running process and unrelated siblings are left alone', () => {
  const live = process.ppid
  using r = rig({
    ...under('data', NEW),
    [`.data.old-${live}/a.txt`]: 'theirs',
    [`data.tmp-${live}/a.txt`]: 'theirs, being built',
    'data.tmp-x/a.txt': 'not a pid',
    '.datum.old-1/a.txt': 'another target',
    // A container gives every run the same pid: under our own it is an earlier run's leftover.
    [`data.tmp-${process.pid}/a.txt`]: 'an earlier run of the same pid',
  })
  recoverDir(r.path('data'))
  assert.equal(readdirSync(r.dir).sort(), ['.data.old-' + live, '.datum.old-1', 'data', 'data.tmp-' + live, 'data.tmp-x'].sort())
})

test.run()
