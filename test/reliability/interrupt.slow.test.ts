// Ctrl-C (SIGINT) and SIGTERM during each stage: the run exits 130, every process it started is
// gone, no staging dir and no temp dir is left, the interrupted stage is stale, and the next run
// completes with artifacts byte-identical to a clean run's. With a Docker engine: SIGINT during an
// image build leaves no `docker build` process, no build container and no image; a trial container
// orphaned by kill -9 is removed by the next run.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { artifactTree, copySample, diffTrees, halfDone, place, sampleProjects, workspace, writeConfig, type Entry } from '../helpers/reliability-data.ts'
import { describeExit, describeStale, eventually, run, sleep, stageTimes, staleStages, startRun, status, taggedProcesses, unfinishedStages, type Exit, type LiveRun, type Place } from '../helpers/reliability-run.ts'

const STAGES = ['extract', 'select', 'generate', 'smoke']
const ws = workspace('interrupt')
let cleanTree: Map<string, Entry>

test.before(async () => {
  copySample(ws.path('data'), sampleProjects().slice(0, 2))
  writeConfig(ws.path('config.json5'), { topN: 2 })
  const clean = await run(place(ws.dir, 'out-clean'), ['all'])
  assert.is(clean.code, 0, describeExit(clean))
  cleanTree = artifactTree(ws.path('out-clean'))
})

test.after(() => ws.dispose())

interface Interrupted {
  live: LiveRun
  exit: Exit
  children: string[]
  exitMs: number
}

const isTrial = (x: { command: string }) => /^(bash|python3?) /.test(x.command)

/**
 * Starts `all` and sends `signals` as soon as `stage` has a staging dir (smoke: once its trial
 * processes, bash → python3, run); waits for the exit. A run whose signal landed after the stage
 * ended (or, in smoke, between two trials) is tried again in a fresh out dir.
 */
async function interrupt(p: Place, stage: string, signals: NodeJS.Signals[]): Promise<Interrupted> {
  for (let attempt = 1; ; attempt++) {
    rmSync(p.out, { recursive: true, force: true })
    const r = await interruptOnce(p, stage, signals)
    const failed = r.exit.events.some((e) => e.event.type === 'fail' && e.event.stage === stage)
    if ((failed && (stage !== 'smoke' || r.children.length > 0)) || attempt === 3) return r
  }
}

async function interruptOnce(p: Place, stage: string, signals: NodeJS.Signals[]): Promise<Interrupted> {
  const live = startRun(p, ['all'])
  // The stage's staging dir appears as it starts; events on stdout can lag behind a busy stage.
  const staging = join(p.out, '.taskcache', 'staging', `${stage}-${live.pid}`)
  await eventually(() => existsSync(staging), 60_000, 2)
  if (stage === 'smoke') await eventually(() => taggedProcesses(live.tag).some(isTrial), 10_000, 5)
  const children = taggedProcesses(live.tag).filter(isTrial).map((x) => x.command)
  const sent = performance.now()
  for (const [i, signal] of signals.entries()) {
    if (i) await sleep(30)
    live.child.kill(signal)
  }
  const exit = await live.exited
  return { live, exit, children, exitMs: Math.round(performance.now() - sent) }
}

/**
 * The engine notices a signal when the event loop next turns: a stage that finishes without
 * yielding commits first (consistently) and the next one is interrupted. Either is correct. Stages
 * the graph runs side by side (index beside generate, calibrate beside smoke) are interrupted too.
 */
async function assertStoppedCleanly(p: Place, stage: string, r: Interrupted, label: string): Promise<void> {
  assert.is(r.exit.code, 130, `${label}: exit code\n${describeExit(r.exit)}`)
  const failed = r.exit.events.flatMap((e) => (e.event.type === 'fail' ? [[e.event.stage, e.event.error]] : []))
  assert.ok(failed.length >= 1, `${label}: a stage fails: ${JSON.stringify(failed)}`)
  for (const [name, error] of failed) assert.is(error, 'interrupted', `${label}: ${name}`)
  const interrupted = failed.map(([name]) => name).join(', ')
  const started = [...stageTimes(r.exit).keys()]
  const atOrAfter = failed.some(([name]) => started.indexOf(name) >= started.indexOf(stage))
  assert.ok(atOrAfter, `${label}: only stages that started before ${stage} were interrupted (${interrupted})`)
  const left = () => taggedProcesses(r.live.tag)
  assert.ok(await eventually(() => left().length === 0, 2000), `${label}: processes left running: ${JSON.stringify(left())}`)
  assert.equal(halfDone(p.out), [], `${label}: staging or half-committed entries left`)
  assert.equal(readdirSync(p.tmp), [], `${label}: temp files left in TMPDIR`)
  const plans = await status(p)
  assert.equal(staleStages(plans), unfinishedStages(r.exit, plans), `${label}: the stages the run did not finish are stale, nothing else: ${describeStale(plans)}`)
  const rerun = await run(p, ['all'])
  assert.is(rerun.code, 0, `${label}: rerun\n${describeExit(rerun)}`)
  assert.equal(diffTrees(cleanTree, artifactTree(p.out)), [], `${label}: the rerun's artifacts differ from a clean run's`)
  assert.equal(describeStale(await status(p)), '', `${label}: stale after the rerun`)
  console.log(`  ${label}: ${interrupted} interrupted, exit 130 ${r.exitMs} ms after the signal; ${r.children.length} child process(es) were running: ${r.children.map((c) => c.split(' ').slice(0, 2).join(' ')).join('; ') || '-'}`)
}

for (const stage of STAGES) {
  test(`SIGINT while ${stage} runs: exit 130, no process or staging left, the interrupted stage stale, the rerun matches a clean run`, async () => {
    const p = place(ws.dir, `out-int-${stage}`)
    await assertStoppedCleanly(p, stage, await interrupt(p, stage, ['SIGINT']), `SIGINT in ${stage}`)
  })
}

test('a second SIGINT during smoke stops at once, and still nothing is left running or falsely fresh', async () => {
  const p = place(ws.dir, 'out-double')
  const r = await interrupt(p, 'smoke', ['SIGINT', 'SIGINT'])
  // The second Ctrl-C exits at once (130), or, once the engine has let go of the signal on its way
  // out, ends the process by SIGINT (a shell shows 130 too); staging left behind is the next run's to clear.
  assert.ok(r.exit.code === 130 || r.exit.signal === 'SIGINT', describeExit(r.exit))
  assert.ok(await eventually(() => taggedProcesses(r.live.tag).length === 0, 2000), JSON.stringify(taggedProcesses(r.live.tag)))
  assert.ok(staleStages(await status(p)).includes('smoke'))
  const rerun = await run(p, ['all'])
  assert.is(rerun.code, 0, describeExit(rerun))
  assert.equal(diffTrees(cleanTree, artifactTree(p.out)), [])
  assert.equal(halfDone(p.out), [])
})

test('SIGTERM during smoke is handled like SIGINT', async () => {
  const p = place(ws.dir, 'out-term')
  await assertStoppedCleanly(p, 'smoke', await interrupt(p, 'smoke', ['SIGTERM']), 'SIGTERM in smoke')
})

// ---- with a Docker engine ---------------------------------------------------------------------

const docker = (...args: string[]) => spawnSync('docker', args, { encoding: 'utf8', env: { ...process.env, DOCKER_HOST: '' } })
const engineAnswers = docker('info', '--format', '{{.ServerVersion}}')
const DOCKER_PROJECT = sampleProjects().find((p) => p.startsWith('python_'))!

function dockerPlace(name: string, config: Parameters<typeof writeConfig>[1]): Place {
  const p = place(ws.dir, `out-${name}`)
  const data = ws.path(`data-${name}`)
  copySample(data, [DOCKER_PROJECT])
  writeConfig(ws.path(`config-${name}.json5`), config)
  return { ...p, data, config: ws.path(`config-${name}.json5`) }
}

function removeImages(prefix: string): void {
  const ids = docker('images', '--quiet', '--filter', `reference=${prefix}*`).stdout.split('\n').filter(Boolean)
  if (ids.length) docker('rmi', '--force', ...new Set(ids))
}

if (engineAnswers.status !== 0) {
  console.log(`SKIP docker interrupt tests: no Docker engine answers (docker info: ${engineAnswers.stderr.trim().split('\n').pop()}); CI starts one with scripts/ci/docker-up.sh`)
} else {
  test('SIGINT during a docker build: exit 130, no docker build process, its build container gone, no image; the rerun completes', async () => {
    const prefix = `lbh-rel-${randomBytes(4).toString('hex')}/`
    // Two RUN steps this test's builds alone have: apt with an extra package (minutes the first
    // time, cached layers removed at the end) and useradd of a user named for this run (always new).
    const user = `rel${randomBytes(3).toString('hex')}`
    const p = dockerPlace('docker-build', {
      topN: 1,
      smoke: { engine: 'docker', image_prefix: prefix, concurrency: 1 },
      languages: { user: { name: user }, toolchains: { python: { packages: ['python3', 'jq'] } } },
    })
    try {
      const live = startRun(p, ['all'], { env: { DOCKER_HOST: '' } })
      if (!(await live.waitFor((e) => e.type === 'start' && e.stage === 'smoke'))) assert.unreachable(`smoke never started\n${describeExit(await live.exited)}`)
      let buildContainer = ''
      const ours = (line: string) => (line.includes('apt-get') && line.includes(' jq ')) || line.includes(`useradd --create-home --shell /bin/bash ${user}`)
      const inRunStep = await eventually(() => {
        const line = docker('ps', '--no-trunc', '--format', '{{.ID}}\t{{.Command}}').stdout.split('\n').find(ours)
        buildContainer = line?.split('\t')[0] ?? ''
        return buildContainer !== ''
      }, 120_000, 20)
      const builds = taggedProcesses(live.tag).filter((x) => x.command.startsWith('docker build'))
      const sent = performance.now()
      live.child.kill('SIGINT')
      const exit = await live.exited
      assert.ok(inRunStep, `the build reached a RUN step\n${describeExit(exit)}`)
      assert.ok(builds.length > 0, 'a docker build process was running')
      const exitMs = Math.round(performance.now() - sent)
      assert.is(exit.code, 130, describeExit(exit))
      assert.ok(await eventually(() => taggedProcesses(live.tag).length === 0, 2000), `left running: ${JSON.stringify(taggedProcesses(live.tag))}`)
      const gone = await eventually(() => docker('ps', '-aq', '--no-trunc', '--filter', `id=${buildContainer}`).stdout.trim() === '', 30_000, 200)
      assert.ok(gone, `the build container ${buildContainer} is still there: ${docker('ps', '-a', '--filter', `id=${buildContainer}`).stdout}`)
      assert.is(docker('images', '--quiet', '--filter', `reference=${prefix}*`).stdout.trim(), '', 'no image was tagged')
      assert.equal(halfDone(p.out), [])
      assert.ok(staleStages(await status(p)).includes('smoke'), 'smoke is stale')
      console.log(`  SIGINT in a docker build: exit 130 ${exitMs} ms after the signal; build container ${buildContainer.slice(0, 12)} removed`)

      const rerun = await run(p, ['all'], { env: { DOCKER_HOST: '' } })
      assert.is(rerun.code, 0, describeExit(rerun))
      const report = JSON.parse(readFileSync(join(p.out, 'smoke', 'report.json'), 'utf8')) as { engine: string; tasks: { status: string }[] }
      assert.equal([report.engine, report.tasks.map((t) => t.status)], ['docker', ['pass']])
      assert.equal(describeStale(await status(p)), '')
    } finally {
      removeImages(prefix)
    }
  })

  test('a trial container orphaned by kill -9 of its run is removed by the next run', async () => {
    const prefix = `lbh-rel-${randomBytes(4).toString('hex')}/`
    const p = dockerPlace('docker-trial', { topN: 1, smoke: { engine: 'docker', image_prefix: prefix, concurrency: 1 } })
    try {
      const live = startRun(p, ['all'], { env: { DOCKER_HOST: '' } })
      if (!(await live.waitFor((e) => e.type === 'start' && e.stage === 'smoke'))) assert.unreachable(`smoke never started\n${describeExit(await live.exited)}`)
      const task = JSON.parse(readFileSync(join(p.out, 'selected_tasks.json'), 'utf8')) as { tasks: { id: string }[] }
      const name = `locobench-smoke-${createHash('sha256').update(task.tasks[0].id).digest('hex').slice(0, 12)}-`
      // This run's trial containers carry its pid in their name.
      const mine = () => docker('ps', '--no-trunc', '--filter', `name=${name}`, '--format', '{{.ID}} {{.Names}}').stdout.split('\n').find((l) => l.includes(`-p${live.pid}-`))
      let container = ''
      assert.ok(await eventually(() => (container = mine()?.split(' ')[0] ?? '') !== '', 120_000, 100), 'a trial container started')
      live.child.kill('SIGKILL')
      await live.exited
      const rerun = await run(p, ['all'], { env: { DOCKER_HOST: '' } })
      assert.is(rerun.code, 0, describeExit(rerun))
      const left = docker('ps', '-a', '--no-trunc', '--filter', `id=${container}`, '--format', '{{.ID}} {{.Names}} {{.Status}}').stdout.trim()
      assert.is(left, '', `the orphaned trial container is still there after the next run: ${left}`)
    } finally {
      removeImages(prefix)
    }
  })
}

test.run()
