// kill -9 at seeded random moments spread over every stage (while it runs, as it renames its
// outputs into place, as it writes its record); after each, nothing may look fresh that is not
// exactly what a clean run wrote, and a normal run must finish with artifacts byte-identical to a
// clean run's. Quick by default: 2 kills, 1 project, 1 task, fresh out dirs. RELIABILITY=full: 20
// kills on the whole sample (12 tasks), in fresh out dirs and in a reused one, where the killed
// run is a --force-all run with an edited config (every task.toml changes, so generate swaps every
// task dir over the committed one) and the run after it goes back to the original config.
// RELIABILITY_SEED replays a sequence; RELIABILITY_KILLS sets the count.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, rmSync, watch, type FSWatcher } from 'node:fs'
import { join, relative } from 'node:path'
import type { StampFile } from '../../scripts/engine/types.ts'
import { artifactTree, copySample, diffTrees, FULL, place, prng, sampleProjects, subtree, suiteSeed, workspace, writeConfig, type Entry } from '../helpers/reliability-data.ts'
import { describeExit, describeStale, run, sleep, stageTimes, startRun, status, type Exit, type LiveRun, type Place } from '../helpers/reliability-run.ts'

const STAGES = ['extract', 'select', 'generate', 'smoke'] as const
type StageName = (typeof STAGES)[number]
/** run: a delay after the stage's start event; commit: an output renamed into place; record: its stamps being written. */
type Moment = 'run' | 'commit' | 'record'
type Mode = 'fresh' | 'reused'

const KILLS = Number(process.env.RELIABILITY_KILLS ?? (FULL ? 20 : 2))
const SEED = suiteSeed()

interface Kill {
  stage: StageName
  moment: Moment
  mode: Mode
  fraction: number
}

/** Each stage gets three kills while it runs, one at commit and one at its record; then shuffled. */
function plan(random: () => number, count: number, reusedAllowed: boolean): Kill[] {
  const moments: Moment[] = ['run', 'commit', 'record', 'run', 'run']
  // A commit over committed outputs (rename aside, rename in, drop the old) is the long, risky one.
  const mode = (moment: Moment): Mode => (reusedAllowed && (random() < 0.5 || moment === 'commit') ? 'reused' : 'fresh')
  const all: Kill[] = moments.flatMap((moment) => STAGES.map((stage) => ({ stage, moment, mode: mode(moment), fraction: 0.05 + 0.85 * random() })))
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[all[i], all[j]] = [all[j], all[i]]
  }
  return Array.from({ length: count }, (_, i) => all[i % all.length])
}

/** Output paths (relative to the out dir) a stage's record vouches for. */
function stampedOutputs(p: Place, stage: string): string[] {
  const stamps = JSON.parse(readFileSync(join(p.out, '.taskcache', `${stage}.stamps.json`), 'utf8')) as StampFile & { entries?: Record<string, unknown> }
  // A tree output (generate's tasks/) is stamped by its entries: their renames are its commit.
  return [...Object.keys(stamps.outputs), ...Object.keys(stamps.entries ?? {})].map((path) => relative(p.out, path))
}

/**
 * Watches the directories a stage commits into and calls `fire` at the first rename there: during
 * the run a stage writes only into staging, so any change there is the commit.
 */
function watchCommit(p: Place, outputs: string[], fire: (what: string) => void): FSWatcher[] {
  const names = new Map<string, Set<string>>()
  const add = (dir: string, name: string) => (names.get(dir) ?? names.set(dir, new Set()).get(dir)!).add(name)
  for (const rel of outputs) {
    const [first, second] = rel.split('/')
    add('', first)
    if (second !== undefined) add(first, second)
  }
  const watchers: FSWatcher[] = []
  for (const [dir, wanted] of names) {
    const path = join(p.out, dir)
    if (!existsSync(path)) continue
    watchers.push(watch(path, (_kind, name) => name && wanted.has(name) && fire(join(dir, name))))
  }
  return watchers
}

function watchRecord(p: Place, stage: string, fire: (what: string) => void): FSWatcher[] {
  const dir = join(p.out, '.taskcache')
  if (!existsSync(dir)) return []
  return [watch(dir, (_kind, name) => name?.startsWith(`${stage}.stamps.json`) && fire(`.taskcache/${name}`))]
}

/** The same place with the edited config (see the header). */
const edited = (p: Place): Place => ({ ...p, config: p.config.replace(/\.json5$/, '.edited.json5') })

interface Killed {
  pid: number
  exit: Exit
  trigger: string
  atMs: number
}

/** Starts `all` and SIGKILLs it at the planned moment; undefined if the run ended first. */
async function killAt(p: Place, kill: Kill, fraction: number, durations: Map<string, number>, outputs: Map<string, string[]>): Promise<Killed | undefined> {
  const live: LiveRun = startRun(kill.mode === 'reused' ? edited(p) : p, ['all'], { extra: kill.mode === 'reused' ? ['--force-all'] : [] })
  let trigger = ''
  let atMs = 0
  const fire = (what: string) => {
    if (trigger) return
    trigger = what
    atMs = performance.now()
    try {
      process.kill(live.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  const started = performance.now()
  const watchers: FSWatcher[] = []
  const begun = await live.waitFor((e) => e.type === 'start' && e.stage === kill.stage)
  if (begun) {
    if (kill.moment === 'run') {
      await sleep(fraction * (durations.get(kill.stage) ?? 0))
      fire(`${Math.round(fraction * 100)}% into ${kill.stage}`)
    } else if (kill.moment === 'commit') {
      watchers.push(...watchCommit(p, outputs.get(kill.stage) ?? [], (what) => fire(`rename of ${what}`)))
    } else {
      watchers.push(...watchRecord(p, kill.stage, (what) => fire(`write of ${what}`)))
    }
  }
  const exit = await live.exited
  for (const w of watchers) w.close()
  if (exit.signal !== 'SIGKILL') return undefined
  return { pid: live.pid, exit, trigger, atMs: Math.round(atMs - started) }
}

test(`SIGKILL at ${KILLS} seeded moments across every stage, then a normal run matches a clean run byte for byte (seed ${SEED})`, async () => {
  console.log(`crash: seed ${SEED} (replay: RELIABILITY_SEED=${SEED}${FULL ? ' RELIABILITY=full' : ''}), ${KILLS} kills`)
  const ws = workspace('crash')
  try {
    const random = prng(SEED)
    copySample(join(ws.dir, 'data'), FULL ? undefined : sampleProjects().slice(0, 1))
    const topN = FULL ? 12 : 1
    writeConfig(join(ws.dir, 'config.json5'), { topN })
    writeConfig(join(ws.dir, 'config.edited.json5'), { topN, sections: { tasks: { agent_timeout_sec: 1801 } } })

    const clean = place(ws.dir, 'out-clean')
    const first = await run(clean, ['all'])
    assert.is(first.code, 0, describeExit(first))
    const cleanTree = artifactTree(clean.out)
    const outputs = new Map(STAGES.map((s) => [s, stampedOutputs(clean, s)]))
    const durations: Record<Mode, Map<string, number>> = { fresh: durationsOf(first), reused: new Map() }

    const reused = place(ws.dir, 'out-reused')
    if (FULL) {
      assert.is((await run(reused, ['all'])).code, 0)
      const forced = await run(edited(reused), ['all'], { extra: ['--force-all'] })
      assert.is(forced.code, 0, describeExit(forced))
      durations.reused = durationsOf(forced)
      assert.is((await run(reused, ['all'])).code, 0)
    }

    const landed = new Map<StageName, number>()
    const problems: string[] = []
    const kills = plan(random, KILLS, FULL)
    for (const [i, kill] of kills.entries()) {
      const label = `kill ${i + 1}/${KILLS} ${kill.stage}/${kill.moment} (${kill.mode})`
      const p = kill.mode === 'reused' ? reused : place(ws.dir, `out-${i}`)
      const found = await killAndRecover(p, kill, label, { cleanTree, outputs, durations: durations[kill.mode], landed })
      problems.push(...found)
      if (kill.mode === 'fresh') rmSync(p.out, { recursive: true, force: true })
      else if (found.length) {
        // Start the next reused kill from a sound out dir, so one failure is not counted again.
        rmSync(p.out, { recursive: true, force: true })
        assert.is((await run(p, ['all'])).code, 0)
      }
    }
    console.log(`  kills that left their stage stale: ${STAGES.map((s) => `${s} ${landed.get(s) ?? 0}`).join(', ')}`)
    if (KILLS >= 20) for (const stage of STAGES) if (!landed.get(stage)) problems.push(`no kill landed inside ${stage}`)
    assert.equal(problems, [], `seed ${SEED}: ${problems.length} problem(s)`)
  } finally {
    ws.dispose()
  }
})

interface Reference {
  cleanTree: Map<string, Entry>
  outputs: Map<string, string[]>
  durations: Map<string, number>
  landed: Map<StageName, number>
}

/** One kill and the run after it; returns what went wrong (nothing when all held). */
async function killAndRecover(p: Place, kill: Kill, label: string, ref: Reference): Promise<string[]> {
  let killed: Killed | undefined
  let fraction = kill.fraction
  for (let attempt = 0; attempt < 4 && !killed; attempt++, fraction /= 2) {
    if (kill.mode === 'fresh') rmSync(p.out, { recursive: true, force: true })
    else if (attempt > 0) await run(p, ['all']) // the missed run finished with the edited config: back to the original
    killed = await killAt(p, kill, fraction, ref.durations, ref.outputs)
  }
  if (!killed) return [`${label}: the run always finished before the kill moment`]
  const { pid, exit, trigger, atMs } = killed
  const problems: string[] = []

  // Nothing falsely fresh: every stage the plan calls fresh vouches only for clean bytes.
  const plans = await status(p)
  const now = artifactTree(p.out)
  for (const plan of plans.filter((pl) => pl.fresh)) {
    const rels = stampedOutputs(p, plan.stage)
    const diff = diffTrees(files(subtree(ref.cleanTree, rels)), files(subtree(now, rels)))
    if (diff.length) problems.push(`${label}: ${plan.stage} is fresh but its outputs differ from a clean run's: ${diff.join('; ')}`)
  }
  const stale = plans.filter((pl) => !pl.fresh).map((pl) => pl.stage)
  const running = [...stageTimes(exit)].filter(([, t]) => t.end === undefined).map(([s]) => s)
  if (stale.includes(kill.stage)) ref.landed.set(kill.stage, (ref.landed.get(kill.stage) ?? 0) + 1)

  // A kill that lands after the run let go of its lock (on its way out) leaves no lock to clear.
  const locked = existsSync(join(p.out, '.taskcache', 'lock'))
  const rerun = await run(p, ['all'])
  if (rerun.code !== 0) return [...problems, `${label}: the run after the kill failed\n${describeExit(rerun)}`]
  if (locked && !rerun.events.some((e) => e.event.type === 'log' && e.event.level === 'warn' && e.event.message.includes(`stale lock left by pid ${pid} `))) {
    problems.push(`${label}: the run after the kill did not report clearing the killed run's lock`)
  }
  const diff = diffTrees(ref.cleanTree, artifactTree(p.out))
  if (diff.length) problems.push(`${label}: after the rerun the artifacts differ from a clean run's: ${diff.join('; ')}`)
  const staging = join(p.out, '.taskcache', 'staging')
  const staged = existsSync(staging) ? readdirSync(staging) : []
  if (staged.length) problems.push(`${label}: staging left behind: ${staged.join(', ')}`)
  const after = describeStale(await status(p))
  if (after) problems.push(`${label}: stale after the rerun: ${after}`)
  const litter = readdirSync(join(p.out, '.taskcache')).filter((n) => n.includes('.tmp-'))
  console.log(
    `  ${label}: killed at ${atMs} ms on ${trigger}; running ${running.join(',') || '-'}; stale ${stale.join(',') || '-'}; rerun ${Math.round(rerun.ms)} ms` +
      (litter.length ? `; .taskcache litter: ${litter.join(', ')}` : '') +
      (problems.length ? `; ${problems.length} PROBLEM(S)` : ''),
  )
  return problems
}

function durationsOf(exit: Exit): Map<string, number> {
  return new Map([...stageTimes(exit)].map(([stage, t]) => [stage, (t.end ?? t.start) - t.start]))
}

/** Only files: directories a stage creates on the way (report/) may be shared with another stage. */
function files(tree: Map<string, Entry>): Map<string, Entry> {
  return new Map([...tree].filter(([, e]) => e.kind !== 'dir'))
}

test.run()
