// A full or read-only out dir, on a small tmpfs this test mounts (root only): the run fails with
// an error naming a path under the out dir and a non-zero exit, the failing stage keeps no record
// (status: stale), nothing half-committed is left, and once space is freed (or the file system is
// writable again) the next run succeeds with the artifacts of a clean run.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { artifactTree, copySample, diffTrees, halfDone, place, sampleProjects, workspace, writeConfig, type Entry } from '../helpers/reliability-data.ts'
import { describeExit, describeStale, run, stageTimes, startRun, status, unfinishedStages, type Exit, type Place } from '../helpers/reliability-run.ts'

// Every stage of the graph, in an order its dependencies allow: the reference is built one at a time.
const STAGES = ['extract', 'select', 'generate', 'calibrate', 'index', 'smoke', 'adapter', 'report']
const ws = workspace('storage')
const mnt = ws.path('mnt')
const SIZE = 64 * 2 ** 20

function sh(cmd: string, ...args: string[]): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' })
  return { ok: r.status === 0, out: `${r.stdout}${r.stderr}`.trim() }
}

const usedKb = (): number => {
  const fs = statfsSync(mnt)
  return Math.round(((fs.blocks - fs.bfree) * fs.bsize) / 1024)
}
const mount = (size: number) => sh('mount', '-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', mnt)
const remount = (options: string) => sh('mount', '-o', `remount,${options}`, mnt)
const unmount = () => {
  if (sh('mountpoint', '-q', mnt).ok) sh('umount', '-l', mnt)
}

mkdirSync(mnt)
const probe = mount(SIZE)
unmount()
const skip = process.getuid?.() !== 0 ? 'not running as root' : !probe.ok ? `mount -t tmpfs failed: ${probe.out}` : ''

let reference: Map<string, Entry>
/** Free space (KB) that runs out half-way through each stage's writes and just before each stage ends. */
let fillLevels: number[] = []
const onTmpfs = (): Place => ({ ...place(ws.dir), out: join(mnt, 'out') })

/** Everything a run said about what went wrong: stderr and its fail events. */
const complaint = (exit: Exit): string =>
  [exit.stderr, ...exit.events.map((e) => (e.event.type === 'fail' ? `${e.event.stage}: ${e.event.error}\n${e.event.details ?? ''}` : ''))].join('\n')

const failedStage = (exit: Exit): string | undefined => exit.events.map((e) => e.event).find((e) => e.type === 'fail')?.stage

if (skip) {
  console.log(`SKIP storage tests (full and read-only out dir): ${skip}`)
  ws.dispose()
} else {
  test.before(async () => {
    copySample(ws.path('data'), sampleProjects().slice(0, 2))
    writeConfig(ws.path('config.json5'), { topN: 2 })
    assert.ok(mount(SIZE).ok)
    try {
      // Built stage by stage, to learn how much each one needs on this file system.
      const used = [usedKb()]
      for (const stage of STAGES) {
        const clean = await run(onTmpfs(), [stage])
        assert.is(clean.code, 0, describeExit(clean))
        used.push(usedKb())
      }
      reference = artifactTree(onTmpfs().out)
      for (let i = 1; i < used.length; i++) fillLevels.push(Math.round((used[i - 1] + used[i]) / 2), used[i] - 8)
      fillLevels = [...new Set([8, ...fillLevels.filter((kb) => kb > 8)])].sort((a, b) => a - b)
      console.log(`  used after ${['start', ...STAGES].map((s, i) => `${s} ${used[i]} KB`).join(', ')}; free space levels: ${fillLevels.join(', ')} KB`)
    } finally {
      unmount()
    }
  })

  test.after(() => {
    unmount()
    ws.dispose()
  })

  test('a full out dir, filled to run out in every stage: exit 1, the error names the out dir, the failing stage has no record; freeing space fixes it', async () => {
    const p = onTmpfs()
    const problems: string[] = []
    const seen = new Set<string>()
    for (const freeKb of fillLevels) {
      assert.ok(mount(SIZE).ok)
      try {
        writeFileSync(join(mnt, 'filler'), Buffer.alloc(SIZE - freeKb * 1024))
        const exit = await run(p, ['all'])
        if (exit.code === 0) {
          console.log(`  ${freeKb} KB free: the run fits`)
          continue
        }
        const unfinished = [...stageTimes(exit)].find(([, t]) => t.end === undefined)?.[0]
        const stage = failedStage(exit) ?? unfinished ?? '(no stage)'
        seen.add(stage)
        const said = complaint(exit)
        const label = `${freeKb} KB free, ${stage}`
        if (!failedStage(exit)) problems.push(`${label}: no fail event: the error escaped the stage${unfinished ? ` (${unfinished} started and never ended)` : ''}`)
        console.log(`  ${label}: exit ${exit.code}: ${said.trim().replace(/\s*\n\s*/g, ' | ').slice(0, 240)}`)
        if (exit.code !== 1) problems.push(`${label}: exit ${exit.code} instead of 1`)
        if (!said.includes(p.out) && !said.includes(mnt)) problems.push(`${label}: the error does not name the out dir (${p.out}): ${said.trim().slice(0, 300)}`)
        if (STAGES.includes(stage)) {
          if (existsSync(join(p.out, '.taskcache', `${stage}.json`))) problems.push(`${label}: a record was written for the failed stage`)
          const plans = await status(p)
          if (plans.find((pl) => pl.stage === stage)?.fresh) problems.push(`${label}: status calls the failed stage fresh`)
        }
        const half = halfDone(p.out)
        if (half.length) problems.push(`${label}: half-done entries left: ${half.join(', ')}`)

        rmSync(join(mnt, 'filler'))
        const fixed = await run(p, ['all'])
        if (fixed.code !== 0) problems.push(`${label}: the run after freeing space failed\n${describeExit(fixed)}`)
        else {
          const diff = diffTrees(reference, artifactTree(p.out))
          if (diff.length) problems.push(`${label}: after freeing space the artifacts differ from a clean run's: ${diff.join('; ')}`)
          const stale = describeStale(await status(p))
          if (stale) problems.push(`${label}: stale after the fixed run: ${stale}`)
        }
      } finally {
        unmount()
      }
    }
    console.log(`  stages that hit a full disk: ${[...seen].join(', ')}`)
    assert.equal(problems, [])
  })

  test('a read-only out dir: exit 1 naming the path, committed outputs untouched, the stale stage still stale; writable again, the run succeeds', async () => {
    const p = onTmpfs()
    assert.ok(mount(SIZE).ok)
    try {
      assert.is((await run(p, ['all'])).code, 0)
      // One scenario edited: extract and everything after it are stale now.
      const scenarios = join(p.data, 'output', 'scenarios')
      const name = readdirSync(scenarios).sort()[0]
      const original = readFileSync(join(scenarios, name), 'utf8')
      writeFileSync(join(scenarios, name), original.replace(/"title": "/, '"title": "Edited: '))
      try {
        const before = artifactTree(p.out, { raw: true })
        assert.ok(remount('ro').ok)
        const exit = await run(p, ['all'])
        assert.is(exit.code, 1, describeExit(exit))
        assert.ok(complaint(exit).includes(p.out), `the error names a path under the out dir: ${complaint(exit)}`)
        assert.equal(diffTrees(before, artifactTree(p.out, { raw: true })), [], 'committed outputs untouched')
        assert.is((await status(p)).find((pl) => pl.stage === 'extract')?.fresh, false, 'extract is still stale')
        assert.ok(remount('rw').ok)
        const fixed = await run(p, ['all'])
        assert.is(fixed.code, 0, describeExit(fixed))
        assert.ok(readFileSync(join(p.out, 'dataset.jsonl'), 'utf8').includes('Edited: '), 'the edit reached dataset.jsonl')
        assert.equal((await status(p)).filter((pl) => !pl.fresh), [])
      } finally {
        writeFileSync(join(scenarios, name), original)
      }
    } finally {
      unmount()
    }
  })

  test('the out dir turning read-only during generate: exit 1 naming the path, generate stale; writable again, the run matches a clean run', async () => {
    const p = onTmpfs()
    assert.ok(mount(SIZE).ok)
    try {
      const live = startRun(p, ['all'])
      await live.waitFor((e) => e.type === 'start' && e.stage === 'generate')
      assert.ok(remount('ro').ok)
      const exit = await live.exited
      assert.is(exit.code, 1, describeExit(exit))
      assert.ok(complaint(exit).includes(mnt), `the error names a path under the out dir: ${complaint(exit)}`)
      assert.ok(remount('rw').ok)
      const plans = await status(p)
      const stale = plans.filter((pl) => !pl.fresh).map((pl) => pl.stage)
      assert.ok(stale.includes('generate'), JSON.stringify(plans))
      assert.equal(stale, unfinishedStages(exit, plans), JSON.stringify(plans))
      const fixed = await run(p, ['all'])
      assert.is(fixed.code, 0, describeExit(fixed))
      assert.equal(diffTrees(reference, artifactTree(p.out)), [])
      assert.equal(halfDone(p.out), [])
    } finally {
      unmount()
    }
  })
}

test.run()
