// The Harbor adapter kit on real generated tasks (the bundled sample through extract, select and
// run-adapter): its JSON files match their schemas, every number is a count of the tasks given,
// every task path in the job configs leads to a task, the README has Harbor's sections in order;
// and parity-fill computes mean +/- standard error from runs and from Harbor job folders.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { check } from '../scripts/lib/schemas.ts'
import { writeAdapterKit } from '../scripts/harbor/adapter-kit.ts'
import { pickTasks, readGeneratedTasks } from '../scripts/harbor/harbor-pick.ts'
import { fillParity, formatMeanSem, jobScore, meanSem } from '../scripts/harbor/parity-fill.ts'
import { toYaml } from '../scripts/harbor/harbor-yaml.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const FIXTURE = join(ROOT, 'test', 'fixtures', 'harbor-run')
const HEADINGS = [
  'LoCoBench-Agent → Harbor Adapter',
  'Overview',
  'What is LoCoBench-Agent?',
  'Adapter Features',
  'Generated Task Structure',
  'Run Evaluation / Harness',
  'Usage: Create Task Directories',
  'Comparison with Original Benchmark (Parity)',
  'Notes & Caveats',
  'Installation / Prerequisites',
  'Troubleshooting',
  'Citation',
  'Authors & Contributions',
  'Acknowledgement',
]

const suite = rig({}, 'harbor-kit-')
const root = suite.dir
let out = ''
let tasksDir = ''
let registryFile = ''
let selectedFile = ''

function cli(script: string, args: string[]): void {
  // In the temp dir, so the repository's own config does not apply.
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'cli', script), ...args], { encoding: 'utf8', cwd: root })
  if (r.status !== 0) {
    console.error(`${script} failed (${r.status}):\n${r.stdout}${r.stderr}`)
    throw new Error(`${script} failed (${r.status})`)
  }
}

test.before(() => {
  out = join(root, 'out')
  cli('extract-dataset.ts', ['--data', join(ROOT, 'data', 'sample'), '--output', out])
  selectedFile = join(out, 'selected_tasks.json')
  cli('select-tasks.ts', ['--dataset', join(out, 'dataset.jsonl'), '--output', selectedFile])
  tasksDir = join(out, 'tasks')
  registryFile = join(tasksDir, 'dataset.toml')
  cli('run-adapter.ts', ['--dataset_path', join(out, 'dataset.jsonl'), '--output_dir', tasksDir, '--selected_tasks', selectedFile, '--limit', '8', '--data_dir', join(ROOT, 'data', 'sample')])
})

test.after(() => suite.dispose())

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'))

/** The `path:` entries of a job config written by toYaml. */
const taskPaths = (yaml: string): string[] => [...yaml.matchAll(/^ {2}- path: (.+)$/gm)].map((m) => m[1])

test('the kit: four files, JSON valid against the schemas, sizes counted from the tasks given', () => {
  const result = writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: { harbor: { adapter: { builders: ['Ada Lovelace (ada@example.org)'] } }, verifier: { weights: { a: 0.7, b: 0.3 } } } })
  const dir = join(out, 'harbor', 'adapter')
  assert.is(result.dir, dir)
  assert.equal(readdirSync(dir).sort(), ['README.md', 'adapter_metadata.json', 'parity_experiment.json', 'run_locobench-agent.yaml'])
  assert.equal(result.files, readdirSync(dir).sort().map((f) => join(dir, f)))

  const ids = readGeneratedTasks(tasksDir).map((t) => t.id)
  assert.is(ids.length, 8)
  const dirs = readdirSync(tasksDir, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith('.')).map((d) => d.name).sort()
  assert.equal(dirs, ids, 'the manifest lists exactly the task folders')
  const registry = parseToml(readFileSync(registryFile, 'utf8')) as { tasks: { name: string }[] }
  const selected = readJson(selectedFile) as { statistics: { total_tasks: number; filtered_tasks: number } }

  const metadata = readJson(join(dir, 'adapter_metadata.json')) as Record<string, any>[]
  assert.equal(check('harbor-adapter-metadata.schema.json', metadata), [])
  assert.is(metadata[0].adapter_name, 'locobench-agent')
  assert.equal(metadata[0].adapter_builders, ['Ada Lovelace (ada@example.org)'])
  assert.is(metadata[0].original_benchmark[0].size, selected.statistics.total_tasks)
  assert.is(metadata[0].original_benchmark[0].size, 160)
  const harbor = metadata[0].harbor_adapter[0]
  assert.is(harbor.adapted_benchmark_size, dirs.length)
  assert.is(harbor.registry_benchmark_size, registry.tasks.length)
  assert.is(harbor.parity_benchmark_size, 8)
  assert.is(harbor.parity_sampling_rate, 1)

  const parity = readJson(join(dir, 'parity_experiment.json')) as Record<string, any>[]
  assert.equal(check('harbor-parity-experiment.schema.json', parity), [])
  assert.is(parity[0].adapted_benchmark_size, 8)
  assert.is(parity[0].parity_benchmark_size, 8)
  assert.is(parity[0].number_of_runs, 3)
  assert.equal(parity[0].metrics[0].original_runs, [])

  // Every task path of the job config leads, from the out dir, to a generated task.
  const yaml = readFileSync(join(dir, 'run_locobench-agent.yaml'), 'utf8')
  assert.equal(taskPaths(yaml), ids.map((id) => `tasks/${id}`))
  for (const p of taskPaths(yaml)) assert.ok(existsSync(join(out, p, 'task.toml')), p)
  assert.match(yaml, /^jobs_dir: harbor\/jobs\nn_concurrent_trials: 2\nenvironment:\n {2}type: docker\nagents:\n {2}- name: oracle\ntasks:\n/m)
  assert.match(yaml, /^# .*harbor run -c harbor\/adapter\/run_locobench-agent\.yaml$/m)

  // The same inputs give the same bytes (no dates, no machine paths): reruns leave it unchanged.
  const before = result.files.map((f) => readFileSync(f, 'utf8'))
  const again = writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: { harbor: { adapter: { builders: ['Ada Lovelace (ada@example.org)'] } }, verifier: { weights: { a: 0.7, b: 0.3 } } } })
  assert.equal(again.files.map((f) => readFileSync(f, 'utf8')), before)
  assert.not.ok(before.some((text) => text.includes(root)), 'no absolute path of this machine')
})

test('the README: Harbor\'s sections in order, the counts of the tasks, the citation', () => {
  writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: {} })
  const readme = readFileSync(join(out, 'harbor', 'adapter', 'README.md'), 'utf8')
  assert.equal([...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]), HEADINGS)
  const tasks = readGeneratedTasks(tasksDir)
  assert.match(readme, /- \*\*Tasks\*\*: 8 Harbor tasks \(dataset `locobench\/locobench-agent`, 8 listed in its `dataset\.toml`\)/)
  const byLanguage = new Map<string, number>()
  for (const t of tasks) byLanguage.set(t.language, (byLanguage.get(t.language) ?? 0) + 1)
  const tally = [...byLanguage.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${k} (${n})`).join(', ')
  assert.ok(readme.includes(`- **Languages**: ${tally}.`), tally)
  // 124: the 143 above the thresholds less the scenarios whose text gives the answer away (selection.exclude_leaks).
  assert.match(readme, /160 scenarios were read; 124 passed the filters/)
  const table = readme.split('\n').filter((l) => l.startsWith('| '))
  assert.is(table.length, 2)
  for (const row of table) assert.is(row.split('|').length - 2, 7, row)
  assert.match(readme, /@article\{qiu2025locobenchagent,[\s\S]*arXiv:2511\.13998[\s\S]*year {4}= \{2025\}/)
  assert.match(readme, /Fill in the adapter builders/)
  assert.not.match(readme, /\{\{|undefined|NaN|\[object/)
  // The parity section carries a code block with the commands (Harbor's review looks for one).
  const paritySection = readme.split('## Comparison with Original Benchmark (Parity)')[1].split('\n## ')[0]
  assert.match(paritySection, /```bash\n[\s\S]*parity-fill\.ts[\s\S]*```/)
})

test('a parity subset: its own job config, one task per language first; a later kit without it drops the file', () => {
  writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: { harbor: { adapter: { parity_tasks: 3, id: 'loco' } } } })
  const dir = join(out, 'harbor', 'adapter')
  assert.equal(readdirSync(dir).sort(), ['README.md', 'adapter_metadata.json', 'parity_experiment.json', 'run_loco-parity.yaml', 'run_loco.yaml'])
  const expected = pickTasks(readGeneratedTasks(tasksDir), 3).map((t) => `tasks/${t.id}`)
  assert.equal(taskPaths(readFileSync(join(dir, 'run_loco-parity.yaml'), 'utf8')), expected)
  const metadata = readJson(join(dir, 'adapter_metadata.json')) as Record<string, any>[]
  assert.is(metadata[0].harbor_adapter[0].parity_benchmark_size, 3)
  assert.is(metadata[0].harbor_adapter[0].parity_sampling_rate, 0.375)
  assert.is((readJson(join(dir, 'parity_experiment.json')) as Record<string, any>[])[0].parity_benchmark_size, 3)
  writeAdapterKit({ outDir: out, tasksDir, registryFile, config: {} })
  assert.equal(readdirSync(dir).sort(), ['README.md', 'adapter_metadata.json', 'parity_experiment.json', 'run_locobench-agent.yaml'])
  assert.equal(readdirSync(join(out, 'harbor')).sort(), ['adapter'], 'no staging folder left behind')
  const metadata2 = readJson(join(dir, 'adapter_metadata.json')) as Record<string, any>[]
  assert.is(metadata2[0].original_benchmark[0].size, null, 'without selected_tasks.json the original size is unknown')
})

test('a kit written elsewhere (a staging folder) still names the tasks from the out dir', () => {
  const staging = join(root, 'staging', 'adapter')
  const result = writeAdapterKit({ outDir: out, tasksDir, registryFile, config: {}, kitDir: staging })
  assert.is(result.dir, staging)
  const yaml = readFileSync(join(staging, 'run_locobench-agent.yaml'), 'utf8')
  assert.equal(taskPaths(yaml), readGeneratedTasks(tasksDir).map((t) => `tasks/${t.id}`))
})

test('inputs that disagree: errors naming the file and the entry', () => {
  const broken = join(root, 'broken-registry.toml')
  writeFileSync(broken, `${readFileSync(registryFile, 'utf8')}\n[[tasks]]\nname = "locobench/not_a_task_01"\ndigest = "sha256:${'0'.repeat(64)}"\n`)
  assert.throws(() => writeAdapterKit({ outDir: out, tasksDir, registryFile: broken, config: {} }), (e: Error) => e.message === `${broken}: [[tasks]] #9 name: locobench/not_a_task_01 is not a generated task (not in manifest.json)`)
  assert.throws(() => writeAdapterKit({ outDir: out, tasksDir, registryFile: join(root, 'none.toml'), config: {} }), /none\.toml: not found \(the dataset manifest written by generate\)/)
  const copy = join(root, 'tasks-copy')
  cpSync(tasksDir, copy, { recursive: true })
  const id = readGeneratedTasks(copy)[0].id
  const toml = join(copy, id, 'task.toml')
  writeFileSync(toml, readFileSync(toml, 'utf8').replace(/^category = .*$/m, ''))
  assert.throws(() => writeAdapterKit({ outDir: out, tasksDir: copy, registryFile, config: {} }), (e: Error) => e.message === `${toml}: [metadata].category: must be a non-empty string`)
  assert.throws(() => writeAdapterKit({ outDir: out, tasksDir, registryFile, config: { harbor: { adapter: { id: 'Bad Id' } } } }), /harbor\.adapter\.id: must match pattern/)
})

test('the YAML writer quotes what a YAML reader would take for something else', () => {
  const text = toYaml({ a: 'plain/path-1.0', b: 'yes', c: '1.0', d: 'a: b', e: '', f: 2, g: true, h: null, i: [], j: {}, k: [{ name: 'x', env: {} }, 'y'], l: { m: ['n'] } }, ['head', ''])
  assert.is(text, `# head
#
a: plain/path-1.0
b: "yes"
c: "1.0"
d: "a: b"
e: ""
f: 2
g: true
h: null
i: []
j: {}
k:
  - name: x
    env: {}
  - "y"
l:
  m:
    - "n"
`)
})

test('mean +/- sample standard error; a Harbor job\'s score is its mean reward', () => {
  assert.equal(meanSem([0.5, 0.6, 0.7]).mean.toFixed(10), '0.6000000000')
  assert.is(formatMeanSem([0.5, 0.6, 0.7], 4), '0.6000 +/- 0.0577')
  assert.is(formatMeanSem([72, 70, 71.9], 1), '71.3 +/- 0.7')
  assert.throws(() => meanSem([1]), /at least 2 runs, got 1/)
  assert.is(jobScore(join(FIXTURE, 'oracle-python')), 1)
  assert.is(jobScore(join(FIXTURE, 'nop-python')), 0)
})

test('parity-fill: the template says what is missing; runs fill the summaries; a complete record exits 0', () => {
  writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: {} })
  const file = join(out, 'harbor', 'adapter', 'parity_experiment.json')
  const first = fillParity(file)
  assert.equal(first.missing, [
    `${file}: /0/agent: not filled in`,
    `${file}: /0/model: not filled in`,
    `${file}: /0/date: not filled in`,
    `${file}: /0/original_parity_repo: not filled in`,
    `${file}: /0/metrics/0/original_runs: no runs yet`,
    `${file}: /0/metrics/0/harbor_runs: no runs yet`,
  ])
  const record = readJson(file) as Record<string, any>[]
  Object.assign(record[0], { agent: 'claude-code@2.0.14', model: 'anthropic/claude-sonnet-4-5-20250929', date: '2026-11-25', original_parity_repo: 'https://example.org/fork' })
  record[0].metrics[0].original_runs = [0.5, 0.6, 0.7]
  writeFileSync(file, JSON.stringify(record))
  // Harbor's side from three job folders, as Harbor wrote them: scores 1, 0, 1.
  const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'harbor', 'parity-fill.ts'), file, '--harbor-job', join(FIXTURE, 'oracle-python'), '--harbor-job', join(FIXTURE, 'nop-python'), '--harbor-job', join(FIXTURE, 'oracle-python')], { encoding: 'utf8' })
  assert.is(run.status, 0, run.stdout + run.stderr)
  assert.is(run.stdout.trim(), `${file}: complete`)
  const filled = readJson(file) as Record<string, any>[]
  assert.equal(check('harbor-parity-experiment.schema.json', filled), [])
  assert.equal(filled[0].metrics[0], { benchmark_name: 'LoCoBench-Agent', metric: 'mean reward', original: '0.6000 +/- 0.0577', harbor: '0.6667 +/- 0.3333', original_runs: [0.5, 0.6, 0.7], harbor_runs: [1, 0, 1] })
  // A new kit keeps what was filled in, and its README's parity table shows it.
  writeAdapterKit({ outDir: out, tasksDir, registryFile, selectedFile, config: {} })
  assert.equal(readJson(file), filled)
  const readme = readFileSync(join(out, 'harbor', 'adapter', 'README.md'), 'utf8')
  assert.ok(readme.includes('| claude-code@2.0.14 | anthropic/claude-sonnet-4-5-20250929 | mean reward | 3 | 8 tasks (100% of the adapted set) | 0.6000 ± 0.0577 | 0.6667 ± 0.3333 |'), readme)
  assert.match(readme, /Run 2026-11-25; the runs are in `parity_experiment\.json`\./)
  // Unequal sides are refused, naming the field.
  filled[0].metrics[0].original_runs = [0.5, 0.6]
  writeFileSync(file, JSON.stringify(filled))
  const unequal = spawnSync(process.execPath, [join(ROOT, 'scripts', 'harbor', 'parity-fill.ts'), file], { encoding: 'utf8' })
  assert.is(unequal.status, 1)
  assert.is(unequal.stderr.trim(), `parity-fill: ${file}: /0/metrics/0/original_runs: has 2 run(s), but number_of_runs is 3 (both sides run the same number)`)
  // A parity record the kit cannot read stops it rather than being overwritten.
  writeFileSync(file, '[{"agent": ')
  assert.throws(() => writeAdapterKit({ outDir: out, tasksDir, registryFile, config: {} }), (e: Error) => e.message.startsWith(`${file}: not valid JSON (fix or remove it; the kit keeps what was filled in there)`))
  rmSync(file)
  writeAdapterKit({ outDir: out, tasksDir, registryFile, config: {} })
  assert.is((readJson(file) as Record<string, any>[])[0].agent, null, 'removed: a fresh template')
})

test.run()
