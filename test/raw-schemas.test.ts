// The raw LoCoBench input schemas: every real shape passes (the samples in test/fixtures/locobench/samples, and
// scenarios built around the real CodeScaleBench ground truths); broken copies fail naming the field.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { assertValid, check, SchemaError } from '../scripts/lib/schemas.ts'

const SAMPLES = join(import.meta.dirname, 'fixtures', 'locobench', 'samples')
const read = (...parts: string[]) => JSON.parse(readFileSync(join(SAMPLES, ...parts), 'utf8'))
const reconstructed = (prefix: string) => {
  const name = readdirSync(join(SAMPLES, 'reconstructed')).find((f) => f.startsWith(prefix))
  assert.ok(name, `a reconstructed ${prefix} sample exists`)
  return read('reconstructed', name!)
}

const SCENARIO = 'raw-scenario.schema.json'
const METADATA = 'raw-project-metadata.schema.json'
const SUITE = 'raw-validation-suite.schema.json'
const AGENT = 'raw-agent-scenario.schema.json'

const scenario = () => reconstructed('scenario__')
const metadata = () => reconstructed('project_metadata__')
const suite = () => reconstructed('validation_test_suites__')
const agent = () => reconstructed('agent_scenario_skeleton__')

/** The reconstructed scenario re-dressed with a real CodeScaleBench task's ground truth, criteria and context. */
function scenarioFromCodeScaleBench(dir: string): Record<string, unknown> {
  const truth = read('codescalebench', dir, 'ground_truth.json')
  const meta = read('codescalebench', dir, 'task_metadata.json')
  const base = scenario()
  return {
    ...base,
    id: meta.task_id, task_category: truth.task_category, difficulty: meta.difficulty, title: meta.title,
    context_files: truth.context_files, context_length: meta.context_length, ground_truth: truth.ground_truth,
    evaluation_criteria: truth.evaluation_criteria,
    metadata: { ...base.metadata, context_length: meta.context_length, files_count: meta.files_count },
  }
}

/** Asserts `value` fails `schema`, and that both the issue list and the thrown message name `pointer`. */
function rejects(schema: string, value: unknown, pointer: string): void {
  const issues = check(schema, value)
  assert.ok(issues.some((i) => i.pointer === pointer), `expected an issue at ${pointer}, got ${JSON.stringify(issues)}`)
  try {
    assertValid(schema, value, 'sample.json')
    assert.unreachable('assertValid should throw')
  } catch (error) {
    assert.instance(error, SchemaError)
    assert.ok((error as Error).message.includes(`sample.json: ${pointer}:`), (error as Error).message)
  }
}

test('the reconstructed real samples pass their schemas', () => {
  assert.equal(check(SCENARIO, scenario()), [])
  assert.equal(check(METADATA, metadata()), [])
  assert.equal(check(SUITE, suite()), [])
  assert.equal(check(AGENT, agent()), [])
})

test('scenarios carrying the real CodeScaleBench ground truths pass, string and object alike', () => {
  const dirs = readdirSync(join(SAMPLES, 'codescalebench'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  assert.ok(dirs.length >= 3)
  const shapes = new Set<string>()
  for (const dir of dirs) {
    const s = scenarioFromCodeScaleBench(dir)
    shapes.add(typeof s.ground_truth)
    assert.equal(check(SCENARIO, s), [], dir)
  }
  assert.equal([...shapes].sort(), ['object', 'string'])
})

test('every polymorphic shape of docs/locobench-format.md §4 is accepted', () => {
  const base = scenario()
  const shapes: Record<string, unknown>[] = [
    { task_prompt: { session_1: 'Plan the work.', session_2: 'Build it.' } },
    { task_prompt: ['Session one.', 'Session two.'] },
    { expected_approach: { step_1: 'Read main.c' } },
    { ground_truth: '' },
    { ground_truth: ['first insight', 'second insight'] },
    { ground_truth: { root_cause_summary: 'x', culprit_files: [{ file_path: 'A//src//a.c', description: 'y', line_number: 12 }] } },
    { evaluation_criteria: [] },
    { evaluation_criteria: [{ criterion: 'c', metric: 'm', expected_value: 'v' }, { name: 'n', description: 'd', weight: 30 }, 'plain text'] },
    { context_files: ['Root//src//main.c', 'src/module_1.txt'] },
  ]
  for (const shape of shapes) assert.equal(check(SCENARIO, { ...base, ...shape }), [], JSON.stringify(shape))
})

test('a scenario without an id is rejected naming /id', () => {
  const s = scenario()
  delete s.id
  rejects(SCENARIO, s, '/id')
})

test('scenario fields of the wrong type are rejected naming the field', () => {
  rejects(SCENARIO, { ...scenario(), id: 79 }, '/id')
  rejects(SCENARIO, { ...scenario(), context_files: 'SynestheticCanvas//src//main.c' }, '/context_files')
  rejects(SCENARIO, { ...scenario(), context_files: ['ok', 7] }, '/context_files/1')
  rejects(SCENARIO, { ...scenario(), context_length: '1002187' }, '/context_length')
  rejects(SCENARIO, { ...scenario(), evaluation_criteria: ['ok', 3] }, '/evaluation_criteria/1')
  rejects(SCENARIO, { ...scenario(), ground_truth: 42 }, '/ground_truth')
})

test('a task_prompt that is a number, null or empty is rejected naming /task_prompt', () => {
  for (const task_prompt of [17, null, '', {}, []]) rejects(SCENARIO, { ...scenario(), task_prompt }, '/task_prompt')
})

test('metadata that is null, a string or an array is rejected naming /metadata', () => {
  for (const metadata of [null, 'files: 84', [84]]) rejects(SCENARIO, { ...scenario(), metadata }, '/metadata')
})

test('metadata without files_count, or with a fractional one, is rejected naming the nested field', () => {
  const s = scenario()
  delete s.metadata.files_count
  rejects(SCENARIO, s, '/metadata/files_count')
  rejects(SCENARIO, { ...scenario(), metadata: { ...scenario().metadata, files_count: 8.5 } }, '/metadata/files_count')
  rejects(SCENARIO, { ...scenario(), metadata: { ...scenario().metadata, coverage_range: [0.8] } }, '/metadata/coverage_range')
})

test('broken project metadata is rejected naming the field', () => {
  const noId = metadata()
  delete noId.specification.unique_id
  rejects(METADATA, noId, '/specification/unique_id')
  rejects(METADATA, { ...metadata(), specification: null }, '/specification')
  rejects(METADATA, { ...metadata(), files: { path: 'a' } }, '/files')
  const noPath = metadata()
  delete noPath.files[3].path
  rejects(METADATA, noPath, '/files/3/path')
  const badType = metadata()
  badType.files[0].type = 'binary'
  rejects(METADATA, badType, '/files/0/type')
  rejects(METADATA, { ...metadata(), generated_stats: { ...metadata().generated_stats, lines_count: '34227' } }, '/generated_stats/lines_count')
})

test('broken validation suites are rejected naming the field', () => {
  const noId = suite()
  delete noId.scenario_id
  rejects(SUITE, noId, '/scenario_id')
  rejects(SUITE, { ...suite(), tests: [] }, '/tests')
  const s = suite()
  s.tests.unit[0].weight = '0.25'
  rejects(SUITE, s, '/tests/unit/0/weight')
  const t = suite()
  delete t.tests.security[2].name
  rejects(SUITE, t, '/tests/security/2/name')
  rejects(SUITE, { ...suite(), tests: { ...suite().tests, compilation: 'syntax_validation' } }, '/tests/compilation')
})

test('broken agent scenarios are rejected naming the field', () => {
  const noId = agent()
  delete noId.scenario_id
  rejects(AGENT, noId, '/scenario_id')
  rejects(AGENT, { ...agent(), conversation_phases: { phase_id: 'exploration' } }, '/conversation_phases')
  rejects(AGENT, { ...agent(), max_turns: '50' }, '/max_turns')
  const a = agent()
  a.project_files[1].content = null
  rejects(AGENT, a, '/project_files/1/content')
  const b = agent()
  delete b.conversation_phases[0].phase_id
  rejects(AGENT, b, '/conversation_phases/0/phase_id')
  rejects(AGENT, { ...agent(), original_scenario: 'see scenarios/' }, '/original_scenario')
})

test('extra keys from newer generator versions are tolerated everywhere', () => {
  assert.equal(check(SCENARIO, { ...scenario(), rubric_version: 2 }), [])
  assert.equal(check(METADATA, { ...metadata(), phase_2_complete: true }), [])
  assert.equal(check(SUITE, { ...suite(), tests: { ...suite().tests, accessibility: [] } }), [])
  assert.equal(check(AGENT, { ...agent(), evaluation_hints: ['x'] }), [])
})

test.run()
