// The calibrate stage in the engine on a few tasks generated from the bundled sample by the real
// Taskfile, each scored by its own tests/verify.py (python3): a rerun keeps every task, a task
// whose dir changed is the only one scored again, and a broken margin fails the stage naming the
// task and the answer while the report with it is committed.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runAll } from '../scripts/engine/run-all.ts'
import type { EngineEvent } from '../scripts/engine/types.ts'
import { sha256 } from '../scripts/lib/hash.ts'
import { check, SCHEMA_DIRS } from '../scripts/lib/schemas.ts'
import { loadConfig } from '../scripts/lib/config-loader.ts'
import { calibrateStage } from '../scripts/stages/calibrate/calibrate-stage.ts'
import { generateStage } from '../scripts/stages/generate/generate-stage.ts'
import type { CalibrationReport } from '../scripts/verifier/calibration.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const suite = rig({ 'config.json5': JSON.stringify({ selection: { top_n: 3, include: { languages: ['python'] } } }) }, 'lbh-calibrate-stage-')
const work = suite.dir
const out = join(work, 'out')
const tasks = join(out, 'tasks')
const configFile = join(work, 'config.json5')

test.before(() => {
  const run = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'generate', '--data', join(ROOT, 'data', 'sample'), '--out', out, '--config', configFile], {
    cwd: work, encoding: 'utf8', env: { ...process.env, CI: '1' },
  })
  assert.is(run.status, 0, run.stderr + run.stdout)
})
test.after(() => suite.dispose())

/** Only the calibrate stage, over the generated tasks (generate is not in this graph). */
async function calibrate(margins: Record<string, number> = {}) {
  const events: EngineEvent[] = []
  const summary = await runAll({
    stages: [calibrateStage({ outDir: out, tasks, margins })],
    root: ROOT, outDir: out, targets: ['calibrate'], schemaDirs: SCHEMA_DIRS, concurrency: 2,
    emit: (e) => events.push(e),
  })
  const done = events.find((e) => e.type === 'done') as Extract<EngineEvent, { type: 'done' }> | undefined
  const fail = events.find((e) => e.type === 'fail') as Extract<EngineEvent, { type: 'fail' }> | undefined
  const skip = events.find((e) => e.type === 'skip') as Extract<EngineEvent, { type: 'skip' }> | undefined
  const counts = /(\d+) scored, (\d+) kept/.exec(done?.summary ?? fail?.error ?? '')
  return { summary, done, fail, skip, scored: Number(counts?.[1]), kept: Number(counts?.[2]) }
}

const manifestFile = join(tasks, 'manifest.json')
const manifest = () => JSON.parse(readFileSync(manifestFile, 'utf8')) as { tasks: Record<string, { output_hash: string }> }
const ids = () => Object.keys(manifest().tasks).sort()
const report = () => JSON.parse(readFileSync(join(out, 'calibration', 'report.json'), 'utf8')) as CalibrationReport
/** A task dir changed by hand, and its output_hash with it (as generate would write it). */
function edit(id: string, rel: string, text: string) {
  writeFileSync(join(tasks, id, rel), text)
  const m = manifest()
  m.tasks[id].output_hash = sha256(`${id}\n${text}`)
  writeFileSync(manifestFile, JSON.stringify(m, null, 2))
}

test('every task is scored once; a rerun is fresh; a rerun for another reason keeps every task', async () => {
  assert.is(ids().length, 3)
  const first = await calibrate()
  assert.ok(first.done, first.fail?.error)
  assert.equal([first.scored, first.kept], [3, 0])
  const r = report()
  assert.equal(check('calibration-report.schema.json', r), [])
  assert.ok(r.ok, JSON.stringify(r.broken))
  assert.equal(r.tasks.map((t) => t.id), ids())
  assert.is(r.tasks_dir, 'tasks')
  assert.ok(r.tasks.every((t) => t.scores.oracle! >= 0.9 && t.scores.empty === 0 && t.scores.project_dump! <= 0.3))
  const md = readFileSync(join(out, 'report', 'calibration.md'), 'utf8')
  assert.match(md, '![calibration chart](calibration.svg)')
  assert.match(readFileSync(join(out, 'report', 'calibration.svg'), 'utf8'), /^<svg /)

  const again = await calibrate()
  assert.is(again.skip?.why, 'fresh')

  // The stage reruns (an output is gone) but no task changed: each keeps its recorded scores.
  rmSync(join(out, 'report', 'calibration.md'))
  // Every task kept: peers come from the manifest's project_id and the oracles' hashes from the
  // stage's cache, so no task dir is read (an oracle moved away for the run goes unnoticed).
  const oracle = join(tasks, ids()[0], 'solution', 'answer.md')
  renameSync(oracle, `${oracle}.away`)
  const rerun = await calibrate()
  renameSync(`${oracle}.away`, oracle)
  assert.ok(rerun.done, rerun.fail?.error)
  assert.equal([rerun.scored, rerun.kept], [0, 3])
  assert.equal(report().tasks, r.tasks)
  // No timing or run counts in the artifacts: rebuilt from kept scores, they are the same bytes.
  assert.is(readFileSync(join(out, 'report', 'calibration.md'), 'utf8'), md)
})

test('a task whose dir changed is the only one scored again; new margins rescore every task', async () => {
  const [, second] = ids()
  const instruction = readFileSync(join(tasks, second, 'instruction.md'), 'utf8')
  edit(second, 'instruction.md', `${instruction}\nName every file you rely on.\n`)
  const run = await calibrate()
  assert.ok(run.done, run.fail?.error)
  assert.equal([run.scored, run.kept], [1, 2])

  const margins = await calibrate({ paraphrase_min: 0.75 })
  assert.ok(margins.done, margins.fail?.error)
  assert.equal([margins.scored, margins.kept], [3, 0])
  assert.is(report().margins.paraphrase_min, 0.75)
})

test('a broken margin fails the stage naming the task and the answer; the report says so', async () => {
  const [first] = ids()
  // The "oracle" becomes a copy of the instruction: it must score far below oracle_min.
  edit(first, 'solution/answer.md', readFileSync(join(tasks, first, 'instruction.md'), 'utf8'))
  const run = await calibrate({ paraphrase_min: 0.75 })
  assert.ok(run.fail, 'the stage fails')
  assert.is(run.summary.outcomes.calibrate, 'failed')
  assert.match(run.fail!.error, new RegExp(`${first}: oracle 0(\\.\\d+)? < oracle_min 0\\.9`))
  // Committed with the failure in it, and the stage stays stale so the next run tries again.
  const r = report()
  assert.not.ok(r.ok)
  assert.ok(r.broken.some((b) => b.task === first && b.answer === 'oracle' && b.margin === 'oracle_min'))
  // A borrowed oracle is an answer too: the tasks that borrow this one are scored again with it.
  const borrowers = r.tasks.filter((t) => Object.values(t.borrowed).includes(first))
  assert.ok(borrowers.length > 0, JSON.stringify(r.tasks.map((t) => t.borrowed)))
  assert.equal([run.scored, run.kept], [1 + borrowers.length, 2 - borrowers.length])
  assert.match(readFileSync(join(out, 'report', 'calibration.md'), 'utf8'), `\`${first}\` × \`oracle\``)
  assert.not.ok(existsSync(join(out, '.taskcache', 'calibrate.json')), 'no record: the stage is stale')
  const retry = await calibrate({ paraphrase_min: 0.75 })
  assert.ok(retry.fail)
  assert.equal([retry.scored, retry.kept], [1, 2], 'only the failed task is scored again')
})

test('a new margin is the calibrate stage\'s alone: generate\'s recipe does not see it', () => {
  const { config } = loadConfig(configFile, ROOT)
  const recipe = (calibration: Record<string, number>) => {
    const c = { ...config, verifier: { ...config.verifier, calibration: { ...config.verifier.calibration, ...calibration } } }
    const paths = { dataset: 'd', dataDir: 'data', tasks: 't', registry: 't/dataset.toml' }
    return [generateStage({ ...paths, config: c }).recipe.values, calibrateStage({ outDir: 'o', tasks: 't', margins: calibration }).recipe.values]
  }
  const [generateA, calibrateA] = recipe({ other_question_max: 0.5 })
  const [generateB, calibrateB] = recipe({ other_question_max: 0.6 })
  assert.equal(generateA, generateB)
  assert.not.equal(calibrateA, calibrateB)
})

test.run()
