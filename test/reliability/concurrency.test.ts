// Two runs on one out dir: one runs, the other is refused with a message naming the owner, and
// the outputs are exactly what a lone run writes. Also two runs clearing the same stale lock (left
// by a killed run) at the same moment: still only one may hold it.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { artifactTree, copySample, diffTrees, place, sampleProjects, workspace, writeConfig } from '../helpers/reliability-data.ts'
import { describeExit, eventually, startRun, status } from '../helpers/reliability-run.ts'

const LOCK_HELPER = join(import.meta.dirname, '..', 'helpers', 'reliability-lock.ts')

test('two runs started at once on one out dir: one runs, the other exits 1 naming the owner, outputs match a lone run', async () => {
  const ws = workspace('concurrency')
  try {
    copySample(ws.path('data'), sampleProjects().slice(0, 1))
    writeConfig(ws.path('config.json5'), { topN: 1 })
    const shared = place(ws.dir, 'out')
    const alone = place(ws.dir, 'out-alone')
    const runs = [startRun(shared, ['all']), startRun(shared, ['all']), startRun(alone, ['all'])]
    const [a, b, lone] = await Promise.all(runs.map((r) => r.exited))
    assert.is(lone.code, 0, describeExit(lone))

    const codes = [a.code, b.code].sort()
    assert.equal(codes, [0, 1], `exit codes ${a.code} and ${b.code}\n${describeExit(a)}\n${describeExit(b)}`)
    const [winner, loser] = a.code === 0 ? [runs[0], b] : [runs[1], a]
    assert.match(loser.stderr, new RegExp(`another run \\(pid ${winner.pid} on ${hostname()}, started [^)]+\\) is using ${shared.out.replaceAll('/', '\\/')}`))
    assert.equal(loser.events.filter((e) => e.event.type === 'start'), [], 'the refused run started no stage')

    assert.equal(diffTrees(artifactTree(alone.out, { raw: true }), artifactTree(shared.out, { raw: true })), [], 'the shared out dir holds what a lone run writes')
    assert.equal((await status(shared)).filter((p) => !p.fresh), [], 'every stage fresh')
    assert.not.ok(existsSync(join(shared.out, '.taskcache', 'lock')), 'the lock is released')
  } finally {
    ws.dispose()
  }
})

test('two runs clearing the same stale lock at once: only one of them holds it', async () => {
  const ws = workspace('stale-lock')
  try {
    const out = ws.path('out')
    const signals = ws.path('signals')
    mkdirSync(join(out, '.taskcache'), { recursive: true })
    mkdirSync(signals)
    // The lock a SIGKILLed run leaves: its pid, which no longer runs.
    const dead = spawnSync(process.execPath, ['-e', '']).pid
    const lock = join(out, '.taskcache', 'lock')
    writeFileSync(lock, JSON.stringify({ pid: dead, host: hostname(), started: new Date(0).toISOString() }))

    // The first run sees the stale lock; just before it clears it, a second run clears it and takes the lock.
    const first = spawn(process.execPath, [LOCK_HELPER, 'race', lock, out, signals], { stdio: 'inherit' })
    // result-<pid> only: an answer's temp file (result-<pid>.tmp-<pid>) is not one yet.
    const results = () => readdirSync(signals).filter((n) => /^result-\d+$/.test(n))
    assert.ok(await eventually(() => results().length === 2, 20_000), `both processes answer; got ${results().join(', ')}`)
    const answers = results().map((n) => readFileSync(join(signals, n), 'utf8'))
    writeFileSync(join(signals, 'release'), '')
    await new Promise((resolve) => first.on('close', resolve))
    const held = answers.filter((a) => a === 'held').length
    assert.is(held, 1, `processes holding the lock at once: ${held}\n${answers.join('\n')}`)
    assert.ok(answers.some((a) => /^refused: another run \(pid \d+/.test(a)), answers.join('\n'))
  } finally {
    ws.dispose()
  }
})

test.run()
