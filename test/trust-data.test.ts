// Problems in the data are never hidden: extract says on screen how many warnings of each code it
// raised, refuses projects holding an oversized file, and --strict fails a run (exit 1) that had
// rejects or warnings, also when the stage was fresh. Real CLI runs on a copy of the sample.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const TASKFILE = join(ROOT, 'Taskfile.ts')

interface Run {
  status: number | null
  events: EngineEvent[]
  stderr: string
}

function taskfile(dir: string, args: string[], config: Record<string, unknown> = {}): Run {
  writeFileSync(join(dir, 'config.json5'), JSON.stringify(config))
  const run = spawnSync(process.execPath, [TASKFILE, ...args, '--json', '--data', join(dir, 'data'), '--out', join(dir, 'out'), '--config', join(dir, 'config.json5')], { encoding: 'utf8' })
  return { status: run.status, stderr: run.stderr, events: run.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as EngineEvent) }
}

const warnings = (run: Run) => run.events.filter((e): e is Extract<EngineEvent, { type: 'log' }> => e.type === 'log' && e.level === 'warn').map((e) => e.message)

/** The sample, with one file of `chars` characters added inside the given project's tree. */
function withFile(dir: string, project: string, chars: number): string {
  const projectDir = join(dir, 'data', 'generated', project)
  const sub = readdirSync(projectDir, { withFileTypes: true }).find((e) => e.isDirectory())!.name
  writeFileSync(join(projectDir, sub, 'blob.txt'), 'x'.repeat(chars))
  return `generated/${project}/${sub}/blob.txt`
}

test('extract warns on screen with a count per code, rejects a project holding a file above the hard limit, and --strict fails on both', () => {
  using r = rig({}, 'lbh-trust-data-')
  cpSync(join(ROOT, 'data', 'sample'), r.path('data'), { recursive: true })
  const [large, huge] = readdirSync(r.path('data/generated')).sort()
  const largeFile = withFile(r.dir, large, 150_000)
  const hugeFile = withFile(r.dir, huge, 1_200_000)
  const hugeScenarios = readdirSync(r.path('data/output/scenarios')).filter((n) => n.startsWith(`${huge}_`)).length

  const plain = taskfile(r.dir, ['extract'])
  assert.is(plain.status, 0, plain.stderr)
  const said = warnings(plain)
  assert.ok(said.includes(`1 project-file-large; details in extract-summary.json`), said.join('\n'))
  assert.ok(said.some((w) => w.startsWith(`${hugeScenarios} scenario files rejected (project-file-too-large ${hugeScenarios})`)), said.join('\n'))
  const summary = JSON.parse(r.read('out/extract-summary.json'))
  assert.equal(summary.warnings_by_code, { 'project-file-large': 1 })
  assert.is(summary.warnings[0].file, largeFile)
  const rejects = r.read('out/rejects.jsonl').trim().split('\n').map((l) => JSON.parse(l))
  assert.is(rejects.length, hugeScenarios)
  assert.ok(rejects.every((j) => j.reason === 'project-file-too-large' && j.message.startsWith(`${hugeFile} is 1200000 bytes, above extract.max_file_bytes (1000000)`)), rejects[0].message)
  assert.not.ok(r.read('out/dataset.jsonl').includes(`"project_id":"${huge}"`))

  // --strict: the stage is fresh now, its problems come from its record; exit 1 and one line.
  const strict = taskfile(r.dir, ['extract', '--strict'])
  assert.is(strict.status, 1, strict.stderr)
  assert.equal(strict.events.filter((e) => e.type === 'start'), [])
  assert.is(strict.stderr.trim(), `--strict: failing on the problems the stages reported: extract: 1 project-file-large, ${hugeScenarios} rejected (project-file-too-large)`)

  // Limits from the config: a higher hard limit turns the reject into a warning.
  const relaxed = taskfile(r.dir, ['extract', '--strict'], { extract: { max_file_bytes: 2_000_000 } })
  assert.is(relaxed.status, 1)
  assert.ok(warnings(relaxed).includes('2 project-file-large; details in extract-summary.json'), warnings(relaxed).join('\n'))
  assert.not.ok(readFileSync(r.path('out/rejects.jsonl'), 'utf8').trim())

  // Clean data: --strict passes.
  const roomy = taskfile(r.dir, ['extract', '--strict'], { extract: { max_file_bytes: 2_000_000, max_file_chars: 2_000_000 } })
  assert.is(roomy.status, 0, roomy.stderr)
  assert.equal(warnings(roomy), [])
})

test.run()
