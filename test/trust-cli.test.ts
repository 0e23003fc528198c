// The real Taskfile refuses out dirs that would harm the user's data or the repository, and
// speaks plainly about mistakes on the command line (issue 13's out-dir and error-polish items).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
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

test('the reason a run could not start (the lock is held) comes before any line about the stages', () => {
  using r = rig({}, 'lbh-trust-')
  mkdirSync(r.path('out/.taskcache'), { recursive: true })
  // This test's own pid: alive, on this host, so the lock is really held.
  writeFileSync(r.path('out/.taskcache/lock'), JSON.stringify({ pid: process.pid, host: hostname(), started: 'now' }))
  const both = spawnSync('sh', ['-c', `"${process.execPath}" "${TASKFILE}" generate --out "${r.path('out')}" 2>&1`], { cwd: ROOT, env: { ...process.env, CI: '1' }, encoding: 'utf8' })
  assert.is(both.status, 1, both.stdout)
  const lines = both.stdout.trim().split('\n')
  assert.match(lines[0], `another run (pid ${process.pid}`)
  assert.not.match(both.stdout, 'a dependency failed')
  assert.is(lines.filter((l) => l.includes('another run')).length, 1, 'said once')
})

test('--help lists every target: stages, commands, the engine\'s own and fetch with what it needs', () => {
  const run = taskfile(['--help'])
  assert.is(run.status, 0, run.stderr)
  const targets = run.stdout.slice(run.stdout.indexOf('\ntargets:\n'))
  for (const name of ['extract', 'select', 'generate', 'smoke', 'index', 'base-image', 'harbor', 'push', 'status', 'clean']) {
    assert.match(targets, new RegExp(`^  ${name} `, 'm'), name)
  }
  assert.match(targets, /^ {2}fetch .*fetch\.url or fetch\.path/m)
})

test('an unknown target lists every target, commands included; fetch says what it needs', () => {
  const run = taskfile(['bogus'])
  assert.is(run.status, 2)
  for (const name of ['extract', 'generate', 'base-image', 'harbor', 'push', 'status', 'clean']) assert.match(run.stderr, new RegExp(`\\b${name}\\b`), name)
  const fetch = taskfile(['fetch'])
  assert.is(fetch.status, 2)
  assert.match(fetch.stderr, 'needs fetch.url or fetch.path in the config')
  assert.not.match(fetch.stderr, 'unknown')
})

test('the unknown-flag message has balanced quotes', () => {
  const run = taskfile(['--bogus'])
  assert.is(run.status, 2)
  const first = run.stderr.split('\n')[0]
  assert.match(first, 'unknown flag "--bogus"')
  assert.is((first.match(/"/g) ?? []).length % 2, 0, first)
  assert.is((first.match(/'/g) ?? []).length % 2, 0, first)
})

test.run()
