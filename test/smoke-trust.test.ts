// Smoke with the real Docker engine and the real CLI, on the bundled sample: image tags belong to
// one out dir and one content (two out dirs never retag each other's images, and `status` notices
// a tag that moved), `clean smoke` removes this out dir's images and only those, an interrupted
// run resumes where it was, and `--force smoke` really checks again.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EngineEvent, StagePlan } from '../scripts/engine/types.ts'
import { journalPath } from '../scripts/engine/items.ts'
import { itemsPath } from '../scripts/engine/record.ts'
import type { SmokeReport } from '../scripts/stages/smoke.ts'
import { OUT_LABEL, outScope } from '../scripts/stages/smoke/tags.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const DATA = join(ROOT, 'data', 'sample')
const suite = rig({}, 'lbh-smoke-trust-')
const work = suite.dir

const docker = (...args: string[]) => spawnSync('docker', args, { encoding: 'utf8' })

function engineReady(): string | undefined {
  const version = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8' })
  if (version.error || version.status !== 0) return `no engine answers (${(version.stderr || String(version.error ?? '')).trim().split('\n').pop()})`
  if (docker('image', 'inspect', 'debian:trixie-slim').status !== 0) return 'debian:trixie-slim is missing (run `npx zx Taskfile.ts base-image`)'
  return undefined
}

const args = (out: string, topN: number) => {
  const config = `${out}.config.json5`
  writeFileSync(config, JSON.stringify({ selection: { top_n: topN } }))
  return ['--json', '--data', DATA, '--out', out, '--config', config]
}

interface Run {
  status: number | null
  events: EngineEvent[]
  text: string
}

function taskfile(targets: string[], out: string, topN: number, extra: string[] = []): Run {
  const r = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), ...targets, ...args(out, topN), ...extra], { encoding: 'utf8' })
  const events = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as EngineEvent)
  return { status: r.status, events, text: r.stdout + r.stderr }
}

const summaryOf = (run: Run, stage: string) => (run.events.find((e) => e.type === 'done' && e.stage === stage) as Extract<EngineEvent, { type: 'done' }> | undefined)?.summary ?? ''
const counts = (run: Run) => {
  const m = /(\d+) tasks, (\d+) built, (\d+) reused/.exec(summaryOf(run, 'smoke'))
  assert.ok(m, `smoke did not finish: ${run.text.slice(-2000)}`)
  return { tasks: Number(m[1]), built: Number(m[2]), reused: Number(m[3]) }
}
const report = (out: string) => JSON.parse(readFileSync(join(out, 'smoke', 'report.json'), 'utf8')) as SmokeReport
const tagTarget = (tag: string) => {
  const r = docker('image', 'inspect', '--format', '{{.Id}}', tag)
  return r.status === 0 ? r.stdout.trim().replace(/^sha256:/, '') : undefined
}
/** The report is true: each image it names is what its tag points to now. */
function assertTrue(out: string): void {
  for (const t of report(out).tasks) {
    assert.is(t.status, 'pass', t.reason ?? '')
    assert.is(tagTarget(t.image as string), t.image_id, `${out}: ${t.image}`)
  }
}
const smokePlan = (out: string, topN: number) => {
  const r = taskfile(['status'], out, topN)
  const plan = r.events.find((e) => e.type === 'plan') as Extract<EngineEvent, { type: 'plan' }>
  return plan.plans.find((p) => p.stage === 'smoke') as StagePlan
}

const skipReason = engineReady()
if (skipReason) {
  console.log(`smoke-trust.test.ts: engine tests not registered: ${skipReason}`)
} else {
  test('two out dirs keep their own image tags: both reports stay true; a moved tag is noticed; clean smoke removes only its own', () => {
    const a = join(work, 'a')
    const b = join(work, 'b')
    try {
      assert.is(taskfile(['smoke'], a, 2).status, 0)
      const second = taskfile(['smoke'], b, 2)
      assert.is(second.status, 0, second.text.slice(-2000))
      assertTrue(a)
      assertTrue(b)
      const [ta, tb] = [report(a).tasks, report(b).tasks]
      assert.equal(ta.map((t) => t.id), tb.map((t) => t.id))
      for (let i = 0; i < ta.length; i++) {
        assert.is.not(ta[i].image, tb[i].image, 'each out dir has its own tag')
        assert.match(ta[i].image as string, /^locobench\/[a-z0-9_.-]+:[0-9a-f]{16}$/)
      }
      // No image of the first out dir was lost or retagged by the second run. (Only the image check
      // is asserted: a recipe edit elsewhere in a working tree may make the plan stale for other reasons.)
      const after = smokePlan(a, 2)
      assert.not.ok(after.reasons.some((r) => r.kind === 'check-failed'), JSON.stringify(after.reasons))

      // Something retags a's image: status says so, and the next smoke rebuilds that task only.
      assert.is(docker('tag', tb[0].image_id as string, ta[0].image as string).status, 0)
      const plan = smokePlan(a, 2)
      assert.not.ok(plan.fresh)
      assert.ok(plan.reasons.some((r) => r.kind === 'check-failed' && r.message.includes('tag moved') && r.message.includes(ta[0].id)), JSON.stringify(plan.reasons))
      const again = taskfile(['smoke'], a, 2)
      assert.equal(counts(again), { tasks: 2, built: 1, reused: 1 })
      assertTrue(a)
      assertTrue(b)

      // An image of this out dir with no tag left (its tag moved away, the smoke run that would
      // remove it killed): clean must find it by its id.
      const untagged = spawnSync('docker', ['build', '--quiet', '--label', `${OUT_LABEL}=${outScope(a)}`, '-'], { input: 'FROM debian:trixie-slim\n', encoding: 'utf8' })
      assert.is(untagged.status, 0, untagged.stderr)
      const cleaned = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'clean', 'smoke', ...args(a, 2).slice(1)], { encoding: 'utf8' })
      assert.is(cleaned.status, 0, cleaned.stderr)
      assert.match(cleaned.stdout, /removed \d+ image\(s\) this out dir built/)
      for (const t of report(b).tasks) assert.is(tagTarget(t.image as string), t.image_id, 'the other out dir keeps its images')
      for (const t of ta) assert.is(tagTarget(t.image as string), undefined, `${t.image} was removed`)
      assert.is(docker('images', '--all', '--quiet', '--filter', `label=${OUT_LABEL}=${outScope(a)}`).stdout.trim(), '', 'no image of the cleaned out dir is left')
      assertTrue(b)
    } finally {
      for (const out of [a, b]) if (existsSync(join(out, '.taskcache'))) spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'clean', 'smoke', ...args(out, 2).slice(1)])
    }
  })

  test('an interrupted smoke resumes with only the unfinished tasks; --force smoke checks every task again', async () => {
    const out = join(work, 'resume')
    try {
      // Everything before smoke first, so the interrupt lands inside smoke.
      assert.is(taskfile(['generate'], out, 4).status, 0)
      const child = spawn(process.execPath, [join(ROOT, 'Taskfile.ts'), 'smoke', ...args(out, 4), '--concurrency', '1'], { stdio: ['ignore', 'pipe', 'pipe'] })
      let buffer = ''
      let interrupted = false
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString()
        const lines = buffer.split('\n')
        buffer = lines.pop() as string
        for (const line of lines) {
          const event = JSON.parse(line) as EngineEvent
          if (event.type === 'progress' && event.stage === 'smoke' && event.done >= 1 && !interrupted) {
            interrupted = true
            child.kill('SIGINT')
          }
        }
      })
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
      // With an engine smoke keeps two tasks in flight per unit: the one beside the first may
      // also finish before the interrupt lands. What counts is what the run recorded.
      const journal = journalPath(itemsPath({ dir: join(out, '.taskcache') }, 'smoke'))
      const finished = new Set(readFileSync(journal, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { key: string }).key)).size
      assert.ok(finished >= 1 && finished < 4, `some tasks finished before the interrupt, not all (${finished})`)
      assert.is(code, 130)
      assert.not.ok(existsSync(join(out, 'smoke', 'report.json')), 'nothing was committed')

      const resumed = taskfile(['smoke'], out, 4, ['--concurrency', '1'])
      assert.equal(resumed.events.filter((e) => e.type === 'start').map((e) => (e as { stage: string }).stage), ['smoke'])
      assert.equal(counts(resumed), { tasks: 4, built: 4 - finished, reused: finished })
      assertTrue(out)

      const forced = taskfile(['smoke'], out, 4, ['--force', 'smoke'])
      assert.equal(counts(forced), { tasks: 4, built: 4, reused: 0 })
      assertTrue(out)
    } finally {
      if (existsSync(join(out, '.taskcache'))) spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'clean', 'smoke', ...args(out, 4).slice(1)])
    }
  })
}

test.after(() => suite.dispose())

test.run()
