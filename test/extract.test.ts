import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { execFile, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { extract, type ExtractOptions, type ExtractResult, type ExtractSummary } from '../scripts/stages/extract.ts'
import { check } from '../scripts/lib/schemas.ts'
import { CATEGORIES } from '../scripts/lib/ids.ts'
import { findJsonError } from '../scripts/stages/extract/json-error.ts'
import { normaliseContextPath } from '../scripts/stages/extract/context-paths.ts'
import { ProjectPool } from '../scripts/stages/extract/project-pool.ts'
import { codeSalt } from '../scripts/stages/extract/extract-stage.ts'
import { ProjectIndex, projectFilesKey } from '../scripts/stages/extract/project-index.ts'
import { scanProject } from '../scripts/stages/extract/project-scan.ts'
import type { ProjectScan } from '../scripts/stages/extract/extract-types.ts'
import { rig, type Rig, type Tree } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const KNOWN_IDS = join(ROOT, 'test', 'fixtures', 'locobench', 'known_real_scenario_ids.txt')

// ---- fixtures --------------------------------------------------------------------------------

/** Three projects, one per layout, with small real-looking files (one holds emoji and a dash). */
const A = 'python_web_ecommerce_easy_000'
const B = 'cpp_system_security_expert_064'
const C = 'rust_web_social_expert_073'
/** A fourth project, left out of the default data: for projects that come and go. */
const D = 'go_api_rest_hard_006'
const WRAPPER = 'Shop Front-2'

const FILES: Record<string, Record<string, string>> = {
  [A]: {
    [`${WRAPPER}/shop/app.py`]: 'def main():\n    print("ℹ️ ready 🎉 — go")\n',
    [`${WRAPPER}/shop/util.py`]: 'X = 1\n',
    [`${WRAPPER}/README.md`]: '# Shop\n',
  },
  [B]: {
    'src/main.cpp': 'int main() { return 0; }\n',
    'include/main.h': '#pragma once\n',
    'tests/test_main.cpp': '// “tests” • here\n',
  },
  [C]: {
    'src/utils.txt': 'fn utils() {}\n',
    'src/config.txt': 'fn config() {}\n',
    'src/constants.txt': 'const X: u8 = 1;\n',
    'src/module_1.txt': 'fn module_1() {}\n',
    'tests/test_main.txt': 'fn test_main() {}\n',
    'tests/test_utils.txt': 'fn test_utils() {}\n',
    'README.md': '# readme\n',
    'package.json': '{}\n',
    '.gitignore': 'target\n',
    Dockerfile: 'FROM scratch\n',
    'docs/api.md': '# api\n',
  },
  [D]: {
    'src/module_1.txt': 'package one\n',
    'src/utils.txt': 'package utils // ✓\n',
  },
}

/** Code points the way the test sees them (JS string iteration), independent of the stage's byte counting. */
const codePoints = (text: string) => [...text].length

const LANGUAGE: Record<string, string> = { [A]: 'python', [B]: 'cpp', [C]: 'rust', [D]: 'go' }

function metadata(project: string): string {
  const files = Object.keys(FILES[project]).map((path) => ({ path: path.replaceAll('/', '//'), type: 'source' }))
  return JSON.stringify({ specification: { unique_id: project, name: 'Demo', language: LANGUAGE[project] }, files }, null, 2)
}

function projectTree(project: string): Tree {
  const tree: Tree = { [`generated/${project}/project_metadata.json`]: metadata(project) }
  for (const [path, text] of Object.entries(FILES[project])) tree[`generated/${project}/${path}`] = text
  return tree
}

type Scenario = Record<string, unknown>

/** A scenario in LoCoBench's shape; context paths as LoCoBench writes them (`//`, wrapper first). */
function scenario(project: string, category: string, over: Scenario = {}): Scenario {
  const context = over.context_files as string[] | undefined ?? defaultContext(project)
  const length = context.reduce((sum, raw) => sum + codePoints(fileText(project, raw) ?? ''), 0)
  return {
    id: `${project}_${category}_expert_01`,
    task_category: category,
    difficulty: 'expert',
    title: `About ${category}`,
    description: `Background for ${category}.`,
    context_files: context,
    context_length: length,
    task_prompt: 'Explain the design.',
    expected_approach: 'Read the code.',
    ground_truth: 'The answer.',
    evaluation_criteria: ['**Correctness (50%):** right', 'clarity: clear'],
    metadata: { context_length: length, files_count: context.length, information_coverage: 0.5, coverage_range: [0.4, 0.6], generation_timestamp: '2025-08-05T15:07:11.561371' },
    ...over,
  }
}

function defaultContext(project: string): string[] {
  if (project === A) return [`${WRAPPER}//shop//app.py`, `${WRAPPER}//README.md`]
  if (project === B) return ['src//main.cpp', 'include//main.h']
  return ['src/module_1.txt', 'src/utils.txt']
}

function fileText(project: string, raw: string): string | undefined {
  const path = raw.split(/[\\/]+/).filter(Boolean).join('/')
  return FILES[project][path] ?? FILES[project][`${WRAPPER}/${path}`]
}

const scenarioPath = (s: Scenario) => `output/scenarios/${s.id as string}.json`
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}`

/** Two good scenarios per project: the baseline every bad-input test adds one file to. */
function goodScenarios(): Scenario[] {
  return [A, B, C].flatMap((p) => [scenario(p, 'architectural_understanding'), scenario(p, 'bug_investigation')])
}

function dataTree(scenarios: Scenario[] = goodScenarios(), extra: Tree = {}): Tree {
  const tree: Tree = { ...projectTree(A), ...projectTree(B), ...projectTree(C) }
  for (const s of scenarios) tree[scenarioPath(s)] = json(s)
  return { ...tree, ...extra }
}

interface Run {
  result: ExtractResult
  records: Record<string, any>[]
  rejects: { file: string; reason: string; pointer: string; message: string }[]
  summary: ExtractSummary
  bytes: { dataset: string; rejects: string; summary: string }
}

async function run(r: Rig, options: Partial<ExtractOptions> = {}, out = 'out'): Promise<Run> {
  const outputs = { dataset: r.path(`${out}/dataset.jsonl`), rejects: r.path(`${out}/rejects.jsonl`), summary: r.path(`${out}/extract-summary.json`) }
  const result = await extract({ dataDir: r.path('data'), outputs, cacheDir: r.path('cache'), concurrency: 1, ...options })
  const bytes = { dataset: readFileSync(outputs.dataset, 'utf8'), rejects: readFileSync(outputs.rejects, 'utf8'), summary: readFileSync(outputs.summary, 'utf8') }
  const lines = (text: string) => text.split('\n').filter(Boolean).map((l) => JSON.parse(l))
  return { result, records: lines(bytes.dataset), rejects: lines(bytes.rejects), summary: JSON.parse(bytes.summary), bytes }
}

/** Fixture data, every file and directory dated an hour back, as downloaded data would be. */
function dataRig(tree: Tree): Rig {
  const r = rig(Object.fromEntries(Object.entries(tree).map(([k, v]) => [`data/${k}`, v])), 'extract-')
  const past = new Date(Date.now() - 3600_000)
  const age = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) age(join(path, entry.name))
      else if (entry.isFile()) utimesSync(join(path, entry.name), past, past)
    }
    utimesSync(path, past, past)
  }
  age(r.path('data'))
  return r
}

function assertArtifactsValid(out: Run): void {
  for (const record of out.records) assert.equal(check('dataset-record.schema.json', record), [], `record ${record.id}`)
  for (const line of out.rejects) assert.equal(check('extract-rejects.schema.json', line), [], line.file)
  assert.equal(check('extract-summary.schema.json', out.summary), [])
  assert.is(out.summary.read, out.summary.accepted + out.summary.rejected)
  assert.is(out.summary.accepted, out.records.length)
  assert.is(out.summary.rejected, out.rejects.length)
}

/**
 * Runs the baseline and the baseline plus one bad file; the bad file must be the only reject,
 * with the expected reason, and the dataset must be byte-identical to the baseline's.
 */
async function rejectsAlone(name: string, content: string | Buffer, reason: string, extra: Tree = {}) {
  const clean = dataRig(dataTree(goodScenarios(), extra))
  const dirty = dataRig(dataTree(goodScenarios(), { ...extra, [`output/scenarios/${name}`]: content }))
  try {
    const before = await run(clean)
    const after = await run(dirty)
    assertArtifactsValid(after)
    assert.is(after.rejects.length, 1, JSON.stringify(after.rejects))
    const [line] = after.rejects
    assert.is(line.file, `output/scenarios/${name}`)
    assert.is(line.reason, reason, line.message)
    assert.is(after.bytes.dataset, before.bytes.dataset, 'the other records are unaffected')
    assert.is(after.summary.rejected_by_reason[reason as 'schema'], 1)
    return line
  } finally {
    clean.dispose()
    dirty.dispose()
  }
}

const goodText = (over: Scenario = {}) => json(scenario(A, 'code_comprehension', over))
const ID = `${A}_code_comprehension_expert_01`

// ---- records ---------------------------------------------------------------------------------

test('a clean dataset gives one schema-valid record per scenario, sorted by id, and no rejects', async () => {
  using r = dataRig(dataTree())
  const out = await run(r)
  assertArtifactsValid(out)
  assert.is(out.records.length, 6)
  assert.is(out.rejects.length, 0)
  const ids = out.records.map((rec) => rec.id)
  assert.equal(ids, [...ids].sort())
  assert.equal(out.result, { ...out.result, read: 6, accepted: 6, rejected: 0, parsed: 6, reused: 0 })
  const record = out.records.find((rec) => rec.id === `${A}_bug_investigation_expert_01`)!
  assert.equal(Object.keys(record), [
    'id', 'project_id', 'language', 'domain', 'project_complexity', 'project_number', 'task_category', 'difficulty', 'id_difficulty',
    'title', 'description', 'task_prompt', 'task_prompt_text', 'expected_approach', 'expected_approach_text', 'ground_truth',
    'evaluation_criteria', 'evaluation_criteria_text', 'context_files', 'missing_context_files', 'context_length', 'files_count',
    'coverage', 'project', 'source',
  ])
  assert.is(record.project_id, A)
  assert.is(record.language, 'python')
  assert.is(record.domain, 'web_ecommerce')
  assert.is(record.project_complexity, 'easy')
  assert.is(record.project_number, 0)
  assert.is(record.id_difficulty, 'expert')
  const raw = readFileSync(r.path(`data/output/scenarios/${record.id}.json`))
  const sha = spawnSync('sha256sum', [r.path(`data/output/scenarios/${record.id}.json`)], { encoding: 'utf8' }).stdout.split(' ')[0]
  assert.equal(record.source, { file: `output/scenarios/${record.id}.json`, sha256: sha })
  assert.ok(raw.length > 0)
})

test('object and array fields are kept as given, with text renderings next to them', async () => {
  const prompt = { session_1: 'Plan the change.', session_2: 'Implement it.' }
  const criteria = ['plain', { name: 'Depth', description: 'goes deep', weight: 3 }, { criterion: 'Files', metric: 'recall', expected_value: 0.8 }]
  const truth = { explanation: 'off by one', files: ['src//main.cpp'] }
  const s = scenario(B, 'multi_session_development', { task_prompt: prompt, evaluation_criteria: criteria, ground_truth: truth, expected_approach: ['look', 'fix'] })
  using r = dataRig(dataTree([s]))
  const [record] = (await run(r)).records
  assert.equal(record.task_prompt, prompt)
  assert.is(record.task_prompt_text, 'session_1:\nPlan the change.\n\nsession_2:\nImplement it.')
  assert.equal(record.ground_truth, truth)
  assert.equal(record.expected_approach, ['look', 'fix'])
  assert.is(record.expected_approach_text, 'look\n\nfix')
  assert.equal(record.evaluation_criteria, criteria)
  assert.equal(record.evaluation_criteria_text, ['plain', 'Depth: goes deep (weight: 3)', 'Files: recall (expected_value: 0.8)'])
})

// ---- one fixture per bad-input class ----------------------------------------------------------

test('unparsable JSON is rejected as invalid-json with line and column', async () => {
  const line = await rejectsAlone(`${ID}.json`, '{\n  "id": "x",\n  "title" 1\n}\n', 'invalid-json')
  assert.match(line.message, /^line 3 column 11: /)
  assert.is(line.pointer, '')
})

test('a trailing comma deep in the file is located too', async () => {
  const text = goodText().replace('"Read the code."', '"Read the code.",,')
  const lineNo = text.split('\n').findIndex((l) => l.includes('Read the code.')) + 1
  const column = text.split('\n')[lineNo - 1].indexOf(',,') + 2
  const line = await rejectsAlone(`${ID}.json`, text, 'invalid-json')
  assert.match(line.message, new RegExp(`^line ${lineNo} column ${column}: `))
})

test('the JSON error locator agrees with JSON.parse on 3,000 seeded corruptions of a real scenario', () => {
  const base = readFileSync(join(ROOT, 'test', 'fixtures', 'locobench', 'samples', 'reconstructed', 'scenario__c_api_graphql_expert_079_architectural_understanding_expert_01.json'), 'utf8')
  let seed = 7
  const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n)
  const alphabet = ['{', '}', '[', ']', ',', ':', '"', '\\', ' ', '\n', 'a', '1', '-', '.', 'e', 'n', 'u', '\u0001']
  for (let i = 0; i < 3000; i++) {
    let text = base
    for (let k = 1 + pick(3); k > 0; k--) {
      const at = pick(text.length)
      const op = pick(3)
      text = text.slice(0, at) + (op === 0 ? '' : alphabet[pick(alphabet.length)]) + text.slice(op === 1 ? at : at + 1)
    }
    let valid = true
    try {
      JSON.parse(text)
    } catch {
      valid = false
    }
    assert.is(findJsonError(text) === null, valid, `case ${i}`)
  }
})

test('a file starting with a byte order mark is rejected as bom', async () => {
  await rejectsAlone(`${ID}.json`, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(goodText())]), 'bom')
})

test('an empty file and a whitespace-only file are rejected as empty-file', async () => {
  await rejectsAlone(`${ID}.json`, '', 'empty-file')
  await rejectsAlone(`${ID}.json`, ' \n\t\n', 'empty-file')
})

test('bytes that are not UTF-8 are rejected as invalid-utf8 with the offset', async () => {
  const text = Buffer.from(goodText())
  const at = text.indexOf('Read the code')
  text[at] = 0xff
  const line = await rejectsAlone(`${ID}.json`, text, 'invalid-utf8')
  assert.match(line.message, new RegExp(`offset ${at}\\b`))
})

test('a missing required field is rejected as schema, the pointer naming the field', async () => {
  const s = scenario(A, 'code_comprehension')
  delete s.title
  const line = await rejectsAlone(`${ID}.json`, json(s), 'schema')
  assert.is(line.pointer, '/title')
})

test('a mistyped field is rejected as schema, the pointer naming the field', async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ context_length: '120' }), 'schema')
  assert.is(line.pointer, '/context_length')
})

test('metadata null is rejected as schema with pointer /metadata', async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ metadata: null }), 'schema')
  assert.is(line.pointer, '/metadata')
})

test('an unknown difficulty is rejected as schema; a capitalised one is lower-cased', async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ difficulty: 'legendary' }), 'schema')
  assert.is(line.pointer, '/difficulty')
  using r = dataRig(dataTree([scenario(A, 'code_comprehension', { difficulty: 'Hard' })]))
  assert.is((await run(r)).records[0].difficulty, 'hard')
})

test('an id that differs from the file name is rejected as id-mismatch', async () => {
  const line = await rejectsAlone(`${A}_code_comprehension_expert_02.json`, goodText(), 'id-mismatch')
  assert.is(line.pointer, '/id')
})

test('an id that does not follow the grammar is rejected as id-unparsable', async () => {
  const id = 'python_no_such_domain_easy_000_code_comprehension_expert_01'
  const line = await rejectsAlone(`${id}.json`, goodText({ id }), 'id-unparsable')
  assert.match(line.message, /no_such_domain|domain/)
})

test('a task_category outside the 8 is rejected as unknown-category', async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ task_category: 'code_golf' }), 'unknown-category')
  assert.is(line.pointer, '/task_category')
})

test("a task_category that disagrees with the id's category is rejected as unknown-category", async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ task_category: 'bug_investigation' }), 'unknown-category')
  assert.match(line.message, /disagrees/)
})

test('a copy of a scenario under another name is rejected as duplicate-id, naming the original', async () => {
  const original = scenario(A, 'architectural_understanding')
  const line = await rejectsAlone(`${original.id as string}_copy.json`, json(original), 'duplicate-id')
  assert.ok(line.message.includes(`output/scenarios/${original.id as string}.json`), line.message)
})

test('of two misnamed files with one id, the later in sorted order is the duplicate-id', async () => {
  const s = scenario(A, 'code_comprehension')
  using r = dataRig(dataTree([...goodScenarios()], { 'output/scenarios/x_first.json': json(s), 'output/scenarios/x_second.json': json(s) }))
  const out = await run(r)
  assertArtifactsValid(out)
  assert.equal(out.rejects.map((l) => [l.file, l.reason]), [['output/scenarios/x_first.json', 'id-mismatch'], ['output/scenarios/x_second.json', 'duplicate-id']])
  assert.ok(out.rejects[1].message.includes('output/scenarios/x_first.json'))
})

for (const [label, path, index] of [
  ['an absolute path', '/etc/passwd', 1],
  ['a drive letter', 'C:\\Users\\x\\app.py', 0],
  ['a backslash-absolute path', '\\\\server\\share\\app.py', 0],
  ['a parent segment', `${WRAPPER}//shop//..//..//..//secret.txt`, 1],
] as const) {
  test(`a context path with ${label} is rejected as unsafe-path at its index`, async () => {
    const context = index === 0 ? [path, `${WRAPPER}//README.md`] : [`${WRAPPER}//README.md`, path]
    const line = await rejectsAlone(`${ID}.json`, goodText({ context_files: context }), 'unsafe-path')
    assert.is(line.pointer, `/context_files/${index}`)
  })
}

test('a scenario none of whose context files exist is rejected as context-files-missing', async () => {
  const line = await rejectsAlone(`${ID}.json`, goodText({ context_files: [`${WRAPPER}//nope.py`, 'gone//x.py'] }), 'context-files-missing')
  assert.is(line.pointer, '/context_files')
})

test('a scenario whose project directory is absent is rejected as project-missing', async () => {
  const id = 'go_api_rest_hard_006_code_comprehension_expert_01'
  const line = await rejectsAlone(`${id}.json`, goodText({ id }), 'project-missing')
  assert.match(line.message, /generated\/go_api_rest_hard_006\//)
})

test('a scenario file that cannot be read is rejected as internal, with the error', async () => {
  const clean = dataRig(dataTree())
  const dirty = dataRig(dataTree())
  try {
    symlinkSync(dirty.path('data/nowhere'), dirty.path(`data/output/scenarios/${ID}.json`))
    const before = await run(clean)
    const after = await run(dirty)
    assertArtifactsValid(after)
    assert.equal(after.rejects.map((l) => l.reason), ['internal'])
    assert.match(after.rejects[0].message, /ENOENT/)
    assert.not.ok(after.bytes.rejects.includes(dirty.dir), 'no absolute path in the message')
    assert.is(after.bytes.dataset, before.bytes.dataset)
  } finally {
    clean.dispose()
    dirty.dispose()
  }
})

test('some missing context files keep the record, listing them, with a warning', async () => {
  const context = [`${WRAPPER}//shop//app.py`, `${WRAPPER}//shop//gone.py`]
  using r = dataRig(dataTree([scenario(A, 'code_comprehension', { context_files: context })]))
  const out = await run(r)
  assertArtifactsValid(out)
  const [record] = out.records
  assert.equal(record.context_files, ['shop/app.py', 'shop/gone.py'])
  assert.equal(record.missing_context_files, ['shop/gone.py'])
  assert.equal(out.summary.warnings.filter((w) => w.code === 'context-files-missing').map((w) => w.file), [`output/scenarios/${ID}.json`])
})

test('read = accepted + rejected on a dataset mixing every kind of bad input', async () => {
  const bad: Tree = {
    [`output/scenarios/${A}_code_comprehension_expert_01.json`]: '{"id": ',
    [`output/scenarios/${A}_feature_implementation_expert_01.json`]: '',
    [`output/scenarios/${A}_integration_testing_expert_01.json`]: goodText({ id: `${A}_integration_testing_expert_01`, task_category: 'integration_testing', metadata: null }),
    [`output/scenarios/${B}_code_comprehension_expert_01.json`]: json(scenario(B, 'code_comprehension', { context_files: ['/abs.cpp'] })),
    [`output/scenarios/${C}_code_comprehension_expert_01.json`]: json(scenario(C, 'code_comprehension', { context_files: ['nope.txt'] })),
    'output/scenarios/go_api_rest_hard_006_code_comprehension_expert_01.json': json({ ...scenario(A, 'code_comprehension'), id: 'go_api_rest_hard_006_code_comprehension_expert_01' }),
    'output/scenarios/copy.json': json(scenario(B, 'architectural_understanding')),
    'output/scenarios/notes.txt': 'not a scenario',
  }
  using r = dataRig(dataTree(goodScenarios(), bad))
  const out = await run(r)
  assertArtifactsValid(out)
  assert.is(out.summary.read, 13)
  assert.is(out.summary.accepted, 6)
  assert.is(out.summary.rejected, 7)
  const names = readdirSync(r.path('data/output/scenarios')).filter((n) => n.endsWith('.json')).map((n) => `output/scenarios/${n}`).sort()
  const seen = [...out.records.map((rec) => rec.source.file), ...out.rejects.map((l) => l.file)].sort()
  assert.equal(seen, names, 'every file read is accounted for exactly once')
  assert.equal(out.summary.rejected_by_reason, {
    'context-files-missing': 1, 'duplicate-id': 1, 'empty-file': 1, 'invalid-json': 1, 'project-missing': 1, schema: 1, 'unsafe-path': 1,
  })
  assert.equal({ read: out.result.read, accepted: out.result.accepted, rejected: out.result.rejected }, { read: 13, accepted: 6, rejected: 7 })
})

// ---- ids -------------------------------------------------------------------------------------

test('every known real scenario id parses, its project id being the prefix before the category', async () => {
  const ids = readFileSync(KNOWN_IDS, 'utf8').split('\n').filter(Boolean)
  assert.ok(ids.length >= 200)
  const tree: Tree = {}
  for (const id of ids) {
    const category = CATEGORIES.find((c) => id.includes(`_${c}_`))!
    const project = id.slice(0, id.lastIndexOf(`_${category}_`))
    tree[`generated/${project}/src/main.txt`] = 'main\n'
    const s: Scenario = { ...scenario(B, category, { context_files: ['src/main.txt'], context_length: 5, metadata: { files_count: 1 } }), id }
    s.difficulty = id.split('_').at(-2)!
    tree[`output/scenarios/${id}.json`] = json(s)
  }
  using r = dataRig(tree)
  // More than 64 projects: a worker thread scans part of them; the bytes must not depend on it.
  const out = await run(r, { concurrency: 2 })
  const alone = await run(r, { concurrency: 1, cacheDir: r.path('cache-alone') }, 'out-alone')
  assert.equal(alone.bytes, out.bytes)
  assertArtifactsValid(out)
  assert.equal(out.rejects, [])
  assert.is(out.records.length, ids.length)
  for (const record of out.records) {
    const prefix = record.id.slice(0, record.id.lastIndexOf(`_${record.task_category}_`))
    assert.is(record.project_id, prefix, record.id)
    assert.ok(record.id.startsWith(`${record.language}_${record.domain}_${record.project_complexity}_`), record.id)
  }
})

test('a domain holding a category word (system_security + security_analysis) maps to the right project', async () => {
  using r = dataRig(dataTree([scenario(B, 'security_analysis'), scenario(B, 'architectural_understanding')]))
  const out = await run(r)
  assert.equal(out.records.map((rec) => [rec.id, rec.project_id, rec.domain]), [
    [`${B}_architectural_understanding_expert_01`, B, 'system_security'],
    [`${B}_security_analysis_expert_01`, B, 'system_security'],
  ])
})

// ---- projects --------------------------------------------------------------------------------

test('the three layouts: wrapper stripped for A, none for B and C, every file counted', async () => {
  using r = dataRig(dataTree())
  const out = await run(r)
  const project = (id: string) => out.records.find((rec) => rec.project_id === id)!
  const total = (p: string) => Object.values(FILES[p]).reduce((sum, text) => sum + codePoints(text), 0)
  assert.equal(project(A).project, { dir: `generated/${A}`, root: `generated/${A}/${WRAPPER}`, wrapper: WRAPPER, layout: 'A', file_count: 3, total_chars: total(A) })
  assert.equal(project(B).project, { dir: `generated/${B}`, root: `generated/${B}`, wrapper: null, layout: 'B', file_count: 3, total_chars: total(B) })
  assert.equal(project(C).project, { dir: `generated/${C}`, root: `generated/${C}`, wrapper: null, layout: 'C', file_count: 11, total_chars: total(C) })
  assert.equal(project(A).context_files, ['shop/app.py', 'README.md'])
  assert.equal(project(B).context_files, ['src/main.cpp', 'include/main.h'])
  assert.equal(out.summary.layouts, { A: 1, B: 1, C: 1 })
  assert.is(out.summary.projects, 3)
})

test('a symlink inside a project is reported and not followed or counted', async () => {
  const clean = dataRig(dataTree())
  const linked = dataRig(dataTree())
  try {
    symlinkSync('/etc/hostname', linked.path(`data/generated/${B}/src/escape.txt`))
    const before = await run(clean)
    const after = await run(linked)
    assert.is(after.bytes.dataset, before.bytes.dataset)
    assert.equal(after.summary.warnings.map((w) => [w.file, w.code]), [[`generated/${B}/src/escape.txt`, 'project-entry-skipped']])
  } finally {
    clean.dispose()
    linked.dispose()
  }
})

test('context paths: // and backslashes collapse, the wrapper prefix is optional, order is kept, repeats dropped', async () => {
  const context = [`${WRAPPER}\\shop\\util.py`, 'README.md', `${WRAPPER}//shop//./app.py`, `shop/util.py`]
  const unique = ['shop/util.py', 'README.md', 'shop/app.py'].reduce((sum, p) => sum + codePoints(FILES[A][`${WRAPPER}/${p}`]), 0)
  using r = dataRig(dataTree([scenario(A, 'code_comprehension', { context_files: context, context_length: unique, metadata: { files_count: 4 } })]))
  const out = await run(r)
  const [record] = out.records
  assert.equal(record.context_files, ['shop/util.py', 'README.md', 'shop/app.py'])
  assert.equal(record.missing_context_files, [])
  assert.is(record.files_count, 4)
  assert.equal(out.summary.warnings.map((w) => [w.code, w.pointer]), [['duplicate-context-file', '/context_files/3']])
})

test('path normalisation agrees with a plain segment-by-segment reading on 5,000 random paths', () => {
  const reference = (raw: string): string | null => {
    if (/^[/\\]/.test(raw) || /[\u0000-\u001f\u007f]/.test(raw)) return null
    const segments = raw.split(/[\\/]/).filter((s) => s !== '' && s !== '.')
    if (segments.length === 0 || segments.some((s) => s === '..' || /^[A-Za-z]:/.test(s))) return null
    return segments.join('/')
  }
  let seed = 11
  const pick = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % n)
  const pieces = ['a', 'Wrap Dir', 'src', '.', '..', '.git', '...', '/', '//', '///', '\\', 'C:', 'x:y', 'f.py', '\u0007', '-']
  for (let i = 0; i < 5000; i++) {
    const raw = Array.from({ length: 1 + pick(6) }, () => pieces[pick(pieces.length)]).join('')
    const got = normaliseContextPath(raw)
    assert.is(got.ok ? got.path : null, reference(raw), JSON.stringify(raw))
  }
})

test('files_count comes from metadata, with a warning when it disagrees with the list', async () => {
  const s = scenario(B, 'code_comprehension')
  ;(s.metadata as Record<string, unknown>).files_count = 9
  using r = dataRig(dataTree([s]))
  const out = await run(r)
  assert.is(out.records[0].files_count, 9)
  assert.equal(out.summary.warnings.map((w) => [w.code, w.pointer]), [['files-count-mismatch', '/metadata/files_count']])
})

test('a context_length that is not the code points of the context files is a warning', async () => {
  using r = dataRig(dataTree([scenario(A, 'code_comprehension', { context_length: 3 })]))
  const out = await run(r)
  assert.equal(out.summary.warnings_by_code, { 'context-length-mismatch': 1, 'context-length-on-disk': 1 })
  assert.is(out.records[0].context_length, 3)
})

/** Python's own count: len() of each file decoded with errors='replace'. */
const pythonLens = (...paths: string[]): number[] =>
  spawnSync('python3', ['-c', "import sys\nfor p in sys.argv[1:]: print(len(open(p, 'rb').read().decode('utf-8', 'replace')))", ...paths], { encoding: 'utf8' })
    .stdout.split('\n').filter(Boolean).map(Number)

test("total_chars counts code points as Python's len does (an emoji is 1), also for invalid UTF-8", async () => {
  const text = 'ok ℹ️ 🎉🎉 — “q” 𝄞 done\n'.repeat(40)
  const broken = Buffer.concat([Buffer.from('abc '), Buffer.from([0xf0, 0x9f, 0x8e]), Buffer.from(' x '), Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xff]), Buffer.from(' 🎉 end')])
  const project = 'go_web_cms_medium_002'
  const tree: Tree = {
    [`generated/${project}/main.go`]: text,
    [`generated/${project}/bad.go`]: broken,
    [`generated/${project}/ascii.go`]: 'package main\n',
  }
  const s = { ...scenario(B, 'code_comprehension', { context_files: ['main.go'], context_length: codePoints(text), metadata: { files_count: 1 } }), id: `${project}_code_comprehension_expert_01` }
  tree[`output/scenarios/${s.id}.json`] = json(s)
  using r = dataRig(tree)
  const out = await run(r)
  assertArtifactsValid(out)
  const [record] = out.records
  const lens = pythonLens(...['main.go', 'bad.go', 'ascii.go'].map((f) => r.path(`data/generated/${project}/${f}`)))
  assert.is(lens.length, 3)
  const expected = lens.reduce((a, b) => a + b, 0)
  assert.is(record.project.total_chars, expected)
  assert.ok(expected < Buffer.byteLength(text) + broken.length, 'counts code points, not bytes')
  assert.is(lens[0], codePoints(text))
  assert.equal(out.summary.warnings_by_code, { 'project-file-not-utf8': 1, 'project-metadata-missing': 1 })
  assert.is(out.summary.warnings.find((w) => w.code === 'project-file-not-utf8')!.file, `generated/${project}/bad.go`)
})

test('project_metadata.json that is invalid or names another language gives warnings, not rejects', async () => {
  using r = dataRig(dataTree(goodScenarios(), {
    [`generated/${A}/project_metadata.json`]: JSON.stringify({ specification: { unique_id: A, name: 'x', language: 'ruby' }, files: [] }),
    [`generated/${B}/project_metadata.json`]: JSON.stringify({ files: 3 }),
  }))
  const out = await run(r)
  assertArtifactsValid(out)
  assert.is(out.summary.accepted, 6)
  const about = (p: string) => out.summary.warnings.filter((w) => w.file === `generated/${p}/project_metadata.json`).map((w) => [w.code, w.pointer])
  assert.equal(about(A), [['project-metadata-mismatch', '/specification/language']])
  assert.equal(about(B).map(([code]) => code), ['project-metadata-invalid', 'project-metadata-invalid'])
})

// ---- incremental and deterministic -------------------------------------------------------------

test('a rerun after editing one scenario parses exactly that file and changes only its record', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const target = `${B}_bug_investigation_expert_01`
  const s = scenario(B, 'bug_investigation', { title: 'A new title' })
  writeFileSync(r.path(`data/output/scenarios/${target}.json`), json(s))
  const second = await run(r)
  assert.is(second.result.parsed, 1)
  assert.is(second.result.reused, 5)
  assert.is(second.records.find((rec) => rec.id === target)!.title, 'A new title')
  assert.equal(second.records.filter((rec) => rec.id !== target), first.records.filter((rec) => rec.id !== target))
  assert.is(second.result.projectFilesRead, 0, 'unchanged project files are not read again')
})

test('a same-size edit that keeps a just-written mtime is still noticed (racy stamps are not trusted)', async () => {
  using r = dataRig(dataTree())
  const path = r.path(`data/output/scenarios/${A}_bug_investigation_expert_01.json`)
  writeFileSync(path, json(scenario(A, 'bug_investigation', { title: 'Title one' })))
  const { mtime } = statSync(path)
  await run(r)
  writeFileSync(path, json(scenario(A, 'bug_investigation', { title: 'Title two' })))
  utimesSync(path, mtime, mtime)
  const second = await run(r)
  assert.is(second.records.find((rec) => rec.id === `${A}_bug_investigation_expert_01`)!.title, 'Title two')
  assert.is(second.result.parsed, 1)
})

test('touching a file without changing it reuses its verdict', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const later = new Date(Date.now() + 5000)
  utimesSync(r.path(`data/output/scenarios/${A}_bug_investigation_expert_01.json`), later, later)
  const second = await run(r)
  assert.is(second.result.parsed, 0)
  assert.is(second.bytes.dataset, first.bytes.dataset)
})

test('an edited project file is read again and its count updated', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  writeFileSync(r.path(`data/generated/${B}/tests/test_main.cpp`), '// 🎉\n')
  const second = await run(r)
  assert.is(second.result.projectFilesRead, 1)
  const totalOf = (out: Run) => out.records.find((rec) => rec.project_id === B)!.project.total_chars
  assert.is(totalOf(second), totalOf(first) - codePoints(FILES[B]['tests/test_main.cpp']) + codePoints('// 🎉\n'))
})

test('files added to or removed from a project show on a rerun, though no scenario changed', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  writeFileSync(r.path(`data/generated/${A}/${WRAPPER}/shop/new.py`), 'Y = 2\n')
  rmSync(r.path(`data/generated/${A}/${WRAPPER}/README.md`))
  const second = await run(r)
  assert.is(second.result.parsed, first.records.filter((rec) => rec.project_id === A).length, 'only the changed project\'s scenarios are judged again')
  assert.is(second.result.projectFilesRead, 1)
  const record = (out: Run) => out.records.find((rec) => rec.id === `${A}_bug_investigation_expert_01`)!
  assert.is(record(second).project.file_count, record(first).project.file_count)
  assert.is(record(second).project.total_chars, record(first).project.total_chars - codePoints('# Shop\n') + codePoints('Y = 2\n'))
  assert.equal(record(second).missing_context_files, ['README.md'])
  assert.equal(second.summary.warnings_by_code, { 'context-files-missing': 2 })
  const others = (out: Run) => out.records.filter((rec) => rec.project_id !== A)
  assert.equal(others(second), others(first))
})

test('outputs are byte-identical across runs: cold, warm, other thread counts, other cache dirs', async () => {
  using r = dataRig(dataTree(goodScenarios(), { 'output/scenarios/broken.json': '{' }))
  const cold = await run(r, {}, 'out1')
  const warm = await run(r, {}, 'out2')
  const threads = await run(r, { concurrency: 4, cacheDir: r.path('cache2') }, 'out3')
  assert.is(warm.result.parsed, 0)
  for (const other of [warm, threads]) assert.equal(other.bytes, cold.bytes)
  for (const text of Object.values(cold.bytes)) assert.not.ok(text.includes(r.dir), 'no absolute paths in artifacts')
})

test('the line store is compacted once most of it is dead, and stays correct', async () => {
  const big = (n: number) => `${'Long background. '.repeat(25_000)}version ${n}`
  const target = `${C}_bug_investigation_expert_01`
  using r = dataRig(dataTree())
  const blobs = () => readdirSync(r.path('cache')).filter((f) => f.startsWith('lines-'))
  const firstBlobs: string[] = []
  let out: Run | undefined
  for (let n = 1; n <= 6; n++) {
    writeFileSync(r.path(`data/output/scenarios/${target}.json`), json(scenario(C, 'bug_investigation', { description: big(n) })))
    out = await run(r)
    if (n === 1) firstBlobs.push(...blobs())
    assert.is(out.records.find((rec) => rec.id === target)!.description, big(n))
  }
  assert.equal(blobs().length, 1)
  assert.not.equal(blobs(), firstBlobs, 'a compaction moved the live lines to a new file')
  const size = statSync(r.path(`cache/${blobs()[0]}`)).size
  assert.ok(size < 3 * Buffer.byteLength(big(6)), `blob holds ${size} bytes`)
  const again = await run(r, {}, 'out-again')
  assert.is(again.result.parsed, 0)
  assert.equal(again.bytes, out!.bytes)
})

test('an aborted run stops with the abort reason and leaves the cache usable', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  writeFileSync(r.path(`data/output/scenarios/${A}_bug_investigation_expert_01.json`), json(scenario(A, 'bug_investigation', { title: 'Edited' })))
  const controller = new AbortController()
  const reason = new Error('stop here')
  try {
    await run(r, { signal: controller.signal, progress: () => controller.abort(reason) }, 'out-aborted')
    assert.unreachable('should have been aborted')
  } catch (error) {
    assert.is(error, reason)
  }
  const after = await run(r)
  assert.is(after.result.parsed, 1)
  assert.equal(after.records.filter((rec) => rec.title !== 'Edited'), first.records.filter((rec) => rec.id !== `${A}_bug_investigation_expert_01`))
})

test('a torn or unreadable cache is ignored and rebuilt', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  for (const name of readdirSync(r.path('cache'))) {
    const path = r.path(`cache/${name}`)
    writeFileSync(path, readFileSync(path).subarray(0, 40))
  }
  const second = await run(r)
  assert.is(second.result.parsed, 6)
  assert.equal(second.bytes, first.bytes)
  rmSync(r.path('cache'), { recursive: true })
  const third = await run(r)
  assert.is(third.result.parsed, 6)
  assert.equal(third.bytes, first.bytes)
})

test('a line store that lost lines (removed, or cut short) has those records judged again; the outputs stay right', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const stores = () => readdirSync(r.path('cache')).filter((f) => f.startsWith('lines-'))
  const [store] = stores()
  writeFileSync(r.path(`cache/${store}`), readFileSync(r.path(`cache/${store}`)).subarray(0, 100))
  const cut = await run(r, {}, 'out2')
  assert.is(cut.result.parsed, first.records.length, 'every record past the cut')
  assert.equal(cut.bytes, first.bytes)
  for (const name of stores()) rmSync(r.path(`cache/${name}`))
  const gone = await run(r, {}, 'out3')
  assert.is(gone.result.parsed, first.records.length)
  assert.equal(gone.bytes, first.bytes)
  const again = await run(r, {}, 'out4')
  assert.is(again.result.parsed, 0)
  assert.equal(again.bytes, first.bytes)
})

test('item facts edited by hand that cannot stand for their file are judged again, not trusted', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const book = JSON.parse(readFileSync(r.path('cache/items.json'), 'utf8'))
  const names = Object.keys(book.items)
  book.items[names[0]].facts = { h: book.items[names[0]].facts.h, s: book.items[names[0]].facts.s, p: 1 }
  book.items[names[1]].facts = { ...book.items[names[1]].facts, l: undefined, id: names[1].slice(0, -'.json'.length) }
  book.items[names[2]].facts = { h: 1 }
  writeFileSync(r.path('cache/items.json'), JSON.stringify(book))
  const second = await run(r, {}, 'out2')
  assert.is(second.result.parsed, 3)
  assert.equal(second.bytes, first.bytes)
})

test('another salt (the stage\'s code) judges every file again, and only once', async () => {
  using r = dataRig(dataTree())
  const first = await run(r, { salt: 'code-1' })
  const second = await run(r, { salt: 'code-2' }, 'out2')
  const third = await run(r, { salt: 'code-2' }, 'out3')
  assert.equal([first.result.parsed, second.result.parsed, third.result.parsed], [6, 6, 0])
  assert.equal(second.bytes, first.bytes)
  const parts = { 'file:scripts/stages/extract.ts': 'a', node: 'v24', 'value:extract': 'x' }
  assert.is(codeSalt({ ...parts, 'value:extract': 'y' }), codeSalt(parts), 'the config section is applied after the items')
  assert.not.equal(codeSalt({ ...parts, 'file:scripts/stages/extract.ts': 'b' }), codeSalt(parts))
})

test('progress reaches the file total; a missing scenarios dir is an error with exit code 1', async () => {
  using r = dataRig(dataTree())
  const seen: [number, number, string][] = []
  await run(r, { progress: (done, total, unit) => seen.push([done, total, unit]) })
  assert.equal(seen.at(-1), [6, 6, 'files'])
  // The project dirs come first, as their own count.
  assert.equal(seen.filter((s) => s[2] === 'projects').at(-1), [3, 3, 'projects'])
  assert.ok(seen.findLastIndex((s) => s[2] === 'projects') < seen.findIndex((s) => s[2] === 'files'))
  for (let i = 1; i < seen.length; i++) if (seen[i][2] === seen[i - 1][2]) assert.ok(seen[i][0] >= seen[i - 1][0])
  rmSync(r.path('data/output'), { recursive: true })
  try {
    await run(r)
    assert.unreachable('should have thrown')
  } catch (error) {
    assert.is((error as { exitCode?: number }).exitCode, 1)
    assert.match((error as Error).message, /scenarios/)
  }
})

// ---- given the engine's list of changed inputs ------------------------------------------------

/** The changed-inputs option naming these data files (absolute paths, as the engine gives them). */
const changedOf = (r: Rig, ...rel: string[]): Partial<ExtractOptions> => ({ changed: new Set(rel.map((p) => r.path(`data/${p}`))) })

/** What a cold run (fresh cache, every file checked) makes of the data as it is now. */
const coldRun = (r: Rig, name: string) => run(r, { cacheDir: r.path(`cache-${name}`) }, `out-${name}`)

const scenarioFile = (project: string, category: string) => `output/scenarios/${project}_${category}_expert_01.json`

test('given an empty list of changes, no file is checked, scanned or parsed, and the outputs are identical', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const second = await run(r, { changed: new Set(['/somewhere/else/x.json']) }, 'out2')
  assert.equal(
    [second.result.checked, second.result.projectsScanned, second.result.parsed, second.result.projectFilesRead],
    [0, 0, 0, 0],
  )
  assert.equal(second.bytes, first.bytes)
})

test('given a list, a change it does not name is not looked for (the list is trusted)', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  writeFileSync(r.path(`data/${scenarioFile(B, 'bug_investigation')}`), json(scenario(B, 'bug_investigation', { title: 'Unlisted edit' })))
  const trusting = await run(r, { changed: new Set() }, 'out2')
  assert.equal(trusting.bytes, first.bytes)
  const checking = await run(r, {}, 'out3')
  assert.is(checking.records.find((rec) => rec.id === `${B}_bug_investigation_expert_01`)!.title, 'Unlisted edit')
})

test('a project file named in the list rescans that project only, and its total_chars follows', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  writeFileSync(r.path(`data/generated/${B}/tests/test_main.cpp`), '// 🎉\n')
  const second = await run(r, changedOf(r, `generated/${B}/tests/test_main.cpp`), 'out2')
  const ofB = first.records.filter((rec) => rec.project_id === B).length
  assert.equal([second.result.projectsScanned, second.result.projectFilesRead, second.result.checked, second.result.parsed], [1, 1, 0, ofB])
  const totalOf = (out: Run) => out.records.find((rec) => rec.project_id === B)!.project.total_chars
  assert.is(totalOf(second), totalOf(first) - codePoints(FILES[B]['tests/test_main.cpp']) + codePoints('// 🎉\n'))
  const others = (out: Run) => out.records.filter((rec) => rec.project_id !== B)
  assert.equal(others(second), others(first))
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

/** Whole seconds long past: a file given them later carries exactly the same mtime, and it is not racy. */
const SET_BACK = 1_700_000_000
const setTimesBack = (...paths: string[]) => {
  for (const path of paths) utimesSync(path, SET_BACK, SET_BACK)
}

test('every project file a scan reads or takes from its list is told with its stat and sha256, unless changed too recently to trust', async () => {
  using r = dataRig(dataTree())
  const told = new Map<string, unknown[]>()
  const knownHash: ExtractOptions['knownHash'] = (path, { size, mtimeMs, ino }, sha256) => void told.set(path, [size, mtimeMs, ino, sha256])
  /** Every project file but project_metadata.json, as the engine would stamp it. */
  const onDisk = (project?: string) => {
    const out = new Map<string, unknown[]>()
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = `${dir}/${e.name}`
        if (e.isDirectory()) walk(path)
        else if (e.isFile() && e.name !== 'project_metadata.json') {
          const st = statSync(path)
          out.set(path, [st.size, st.mtimeMs, st.ino, createHash('sha256').update(readFileSync(path)).digest('hex')])
        }
      }
    }
    walk(join(r.path('data/generated'), project ?? ''))
    return out
  }
  const sorted = (m: Map<string, unknown[]>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1))
  await run(r, { knownHash })
  assert.ok(told.size > 10)
  assert.equal(sorted(told), sorted(onDisk()))
  // One file of B edited (aged, so trusted), one added just now: B is scanned again, the edited
  // file read, the others taken from the list; the new one is too recent to vouch for.
  told.clear()
  const edited = r.path(`data/generated/${B}/src/main.cpp`)
  writeFileSync(edited, `${readFileSync(edited, 'utf8')}// more\n`)
  setTimesBack(edited)
  r.write({ [`data/generated/${B}/src/new.cpp`]: 'int n;\n' })
  const second = await run(r, { ...changedOf(r, `generated/${B}/src/main.cpp`, `generated/${B}/src/new.cpp`), knownHash }, 'out2')
  assert.equal([second.result.projectsScanned, second.result.projectFilesRead], [1, 2])
  const expected = onDisk(B)
  expected.delete(r.path(`data/generated/${B}/src/new.cpp`))
  assert.equal(sorted(told), sorted(expected))
})

test('project files replaced by others of the same size and mtime (new inodes) are read again: code points and metadata', async () => {
  using r = dataRig(dataTree())
  const file = r.path(`data/generated/${B}/src/main.cpp`)
  const meta = r.path(`data/generated/${B}/project_metadata.json`)
  setTimesBack(file, meta)
  const first = await run(r)
  const size = statSync(file).size
  const replace = (path: string, text: string) => {
    writeFileSync(r.path('replacement'), text)
    setTimesBack(r.path('replacement'))
    const before = statSync(path)
    renameSync(r.path('replacement'), path)
    const after = statSync(path)
    assert.equal([after.size, after.mtimeMs], [before.size, before.mtimeMs])
    assert.is.not(after.ino, before.ino)
  }
  // As many bytes, one code point fewer: 'é' is two bytes.
  replace(file, `// é${'x'.repeat(size - 6)}\n`)
  // As many bytes, another language than the project id's.
  replace(meta, readFileSync(meta, 'utf8').replace('"language": "cpp"', '"language": "cxx"'))
  const second = await run(r, changedOf(r, `generated/${B}/src/main.cpp`, `generated/${B}/project_metadata.json`), 'out2')
  assert.equal([second.result.projectsScanned, second.result.projectFilesRead], [1, 1])
  const totalOf = (out: Run) => out.records.find((rec) => rec.project_id === B)!.project.total_chars
  assert.is(totalOf(second), totalOf(first) - 1)
  assert.ok(second.summary.warnings.some((w) => w.file === `generated/${B}/project_metadata.json` && w.code === 'project-metadata-mismatch'))
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

test('a file rewritten in place and a directory given a file, each with its mtime set back, are read again (their ctime moved)', async () => {
  using r = dataRig(dataTree())
  const file = r.path(`data/generated/${B}/src/main.cpp`)
  const dir = r.path(`data/generated/${B}/src`)
  setTimesBack(file, dir)
  const first = await run(r)
  const before = statSync(file)
  // As many bytes, one code point fewer ('é' is two bytes), into the same inode, mtime set back.
  writeFileSync(file, `// é${'x'.repeat(before.size - 6)}\n`)
  r.write({ [`data/generated/${B}/src/extra.cpp`]: 'int extra() { return 1; }\n' })
  setTimesBack(file, dir)
  const after = statSync(file)
  assert.equal([after.ino, after.size, after.mtimeMs, statSync(dir).mtimeMs], [before.ino, before.size, before.mtimeMs, SET_BACK * 1000])
  const second = await run(r, changedOf(r, `generated/${B}/src/main.cpp`, `generated/${B}/src/extra.cpp`), 'out2')
  const ofB = (out: Run) => out.records.find((rec) => rec.project_id === B)!.project
  assert.equal([second.result.projectsScanned, second.result.projectFilesRead], [1, 2])
  assert.equal([ofB(second).file_count, ofB(second).total_chars], [ofB(first).file_count + 1, ofB(first).total_chars - 1 + codePoints('int extra() { return 1; }\n')])
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

test('a directory holding a skipped entry (a symlink) keeps its files on every later scan', async () => {
  using r = dataRig(dataTree())
  symlinkSync('main.cpp', r.path(`data/generated/${B}/src/link.cpp`))
  // Old enough times: the listings are remembered, not taken as racy.
  setTimesBack(...['', '/src', '/include', '/tests'].map((dir) => r.path(`data/generated/${B}${dir}`)))
  const first = await run(r)
  const cold = first.bytes
  assert.ok(first.summary.warnings.some((w) => w.file === `generated/${B}/src/link.cpp` && w.code === 'project-entry-skipped'))
  for (const out of ['out2', 'out3']) assert.equal((await run(r, {}, out)).bytes, cold, `${out}: every project scanned again with its last file list`)
})

test('recount (--force extract) reads every project file again and leaves the same outputs', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const again = await run(r, { recount: true }, 'out2')
  assert.equal([again.result.projectsScanned, again.result.projectFilesRead], [3, first.result.projectFilesRead])
  assert.equal(again.bytes, first.bytes)
  const after = await run(r, {}, 'out3')
  assert.is(after.result.projectFilesRead, 0, 'the lists written by the recount serve the next run')
})

test('an edited scenario named in the list is the only file checked and parsed', async () => {
  using r = dataRig(dataTree())
  await run(r)
  const target = scenarioFile(C, 'architectural_understanding')
  writeFileSync(r.path(`data/${target}`), json(scenario(C, 'architectural_understanding', { title: 'Listed edit' })))
  const second = await run(r, changedOf(r, target), 'out2')
  assert.equal([second.result.checked, second.result.parsed, second.result.projectsScanned], [1, 1, 0])
  assert.is(second.records.find((rec) => rec.id === `${C}_architectural_understanding_expert_01`)!.title, 'Listed edit')
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

test('a project dir that appears or disappears is picked up from the list', async () => {
  const target = scenario(D, 'code_comprehension')
  using r = dataRig(dataTree([...goodScenarios(), target]))
  const files = Object.keys(FILES[D]).map((path) => `generated/${D}/${path}`)
  const missing = await run(r)
  assert.equal(missing.rejects.map((l) => l.reason), ['project-missing'])
  r.write(Object.fromEntries(files.map((path) => [`data/${path}`, FILES[D][path.slice(`generated/${D}/`.length)]])))
  const appeared = await run(r, changedOf(r, ...files), 'out2')
  assert.is(appeared.result.projectsScanned, 1)
  assert.equal(appeared.rejects, [])
  assert.equal(appeared.records.find((rec) => rec.id === target.id)!.project.file_count, 2)
  assert.equal(appeared.bytes, (await coldRun(r, 'cold-1')).bytes)
  rmSync(r.path(`data/generated/${D}`), { recursive: true })
  const gone = await run(r, changedOf(r, ...files), 'out3')
  assert.equal(gone.rejects.map((l) => l.reason), ['project-missing'])
  assert.equal(gone.bytes, missing.bytes)
})

test('scenario files added and removed are picked up from the list', async () => {
  using r = dataRig(dataTree())
  await run(r)
  const added = scenarioFile(C, 'code_comprehension')
  const removed = scenarioFile(A, 'bug_investigation')
  writeFileSync(r.path(`data/${added}`), json(scenario(C, 'code_comprehension')))
  rmSync(r.path(`data/${removed}`))
  const second = await run(r, changedOf(r, added, removed), 'out2')
  assert.equal([second.summary.read, second.result.checked, second.result.parsed], [6, 1, 1])
  assert.ok(second.records.some((rec) => rec.id === `${C}_code_comprehension_expert_01`))
  assert.not.ok(second.records.some((rec) => rec.id === `${A}_bug_investigation_expert_01`))
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

test('an empty folder added at the top of a project, which no list of changed files names, is still noticed', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  assert.is(first.records.find((rec) => rec.project_id === A)!.project.layout, 'A')
  mkdirSync(r.path(`data/generated/${A}/extra`))
  const second = await run(r, { changed: new Set() }, 'out2')
  assert.is(second.result.projectsScanned, 1)
  assert.is(second.records.find((rec) => rec.project_id === A)!.project.layout, 'B')
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
})

test('a scenario file that is a symbolic link is checked by stat though the list does not name it', async () => {
  using r = dataRig(dataTree())
  const target = scenarioFile(A, 'bug_investigation')
  const real = r.path('data/kept-elsewhere.json')
  renameSync(r.path(`data/${target}`), real)
  symlinkSync(real, r.path(`data/${target}`))
  await run(r)
  writeFileSync(real, json(scenario(A, 'bug_investigation', { title: 'Behind a link' })))
  const second = await run(r, { changed: new Set() }, 'out2')
  assert.equal([second.result.checked, second.result.parsed], [1, 1])
  assert.is(second.records.find((rec) => rec.id === `${A}_bug_investigation_expert_01`)!.title, 'Behind a link')
})

test('a project holding a folder the engine does not walk (node_modules) is checked on every run', async () => {
  using r = dataRig(dataTree([...goodScenarios()], { [`generated/${B}/node_modules/dep.js`]: 'x\n' }))
  const first = await run(r)
  writeFileSync(r.path(`data/generated/${B}/node_modules/dep.js`), 'a longer file\n')
  const second = await run(r, { changed: new Set() }, 'out2')
  assert.is(second.result.projectsScanned, 1)
  const totalOf = (out: Run) => out.records.find((rec) => rec.project_id === B)!.project.total_chars
  assert.is(totalOf(second), totalOf(first) - codePoints('x\n') + codePoints('a longer file\n'))
})

test('without a usable cache a list of changes is not relied on: every file is checked', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  rmSync(r.path('cache'), { recursive: true })
  const second = await run(r, { changed: new Set() }, 'out2')
  assert.equal([second.result.parsed, second.result.checked, second.result.projectsScanned], [6, 6, 3])
  assert.equal(second.bytes, first.bytes)
})

test('a project cache that vouches for a project but lost its file list has it scanned again, and the outputs stay right', async () => {
  using r = dataRig(dataTree())
  await run(r)
  const index = r.path('cache/projects.jsonl')
  writeFileSync(index, readFileSync(index, 'utf8').replaceAll('{"paths":', '{"pathz":'))
  const target = scenarioFile(B, 'bug_investigation')
  writeFileSync(r.path(`data/${target}`), json(scenario(B, 'bug_investigation', { title: 'After damage' })))
  const second = await run(r, changedOf(r, target), 'out2')
  assert.equal([second.result.checked, second.result.parsed], [1, 1])
  assert.equal(second.bytes, (await coldRun(r, 'cold')).bytes)
  const third = await run(r, changedOf(r, target), 'out3')
  assert.equal([third.result.checked, third.result.projectsScanned], [1, 0], 'the rebuilt cache is trusted again')
})

test('a damaged file list behind a project that changed unlisted fails the run once; the next run scans it', async () => {
  using r = dataRig(dataTree())
  await run(r)
  const index = r.path('cache/projects.jsonl')
  writeFileSync(index, readFileSync(index, 'utf8').replaceAll('{"paths":', '{"pathz":'))
  writeFileSync(r.path(`data/generated/${B}/src/main.cpp`), 'int main() { return 22; } // longer\n')
  const target = scenarioFile(B, 'bug_investigation')
  writeFileSync(r.path(`data/${target}`), json(scenario(B, 'bug_investigation', { title: 'After damage' })))
  try {
    await run(r, changedOf(r, target), 'out2')
    assert.unreachable('the record vouched for a project that differs')
  } catch (error) {
    assert.match((error as Error).message, new RegExp(`record of ${B} vouched for it`))
  }
  const again = await run(r, changedOf(r, target), 'out3')
  assert.equal(again.bytes, (await coldRun(r, 'cold')).bytes)
})

/** Scans of `ids` made by one worker thread: nothing is asked of the pool until every scan has arrived. */
async function workerScans(r: Rig, ids: string[], index: ProjectIndex): Promise<ProjectScan[]> {
  const problems: string[] = []
  let pool: ProjectPool | undefined
  await new Promise<void>((done) => {
    let arrived = 0
    pool = new ProjectPool({
      dataDir: r.path('data'), projectIds: ids, reused: new Map(), index, indexDir: r.path('cache'), workers: 1,
      warn: (message) => (problems.push(message), done()),
      onScan: () => ++arrived === ids.length && done(),
    })
  })
  try {
    assert.equal(problems, [])
    return await Promise.all(ids.map((id) => pool!.get(id)))
  } finally {
    await pool!.close()
  }
}

test('project scans made by a worker thread equal those made on the main thread, with and without the last file lists', async () => {
  using r = dataRig(dataTree())
  const ids = [A, B, C]
  const fresh = await workerScans(r, ids, new ProjectIndex())
  assert.equal(fresh, ids.map((id) => scanProject(r.path('data'), id)))
  assert.equal(fresh.map((s) => s.read), ids.map((id) => Object.keys(FILES[id]).length), 'every file read')
  // A run leaves the file lists of its scans behind, each for the scan it came from.
  await run(r)
  const index = ProjectIndex.load(r.path('cache'), projectFilesKey())
  assert.equal(ids.map((id, i) => index.holds(id, fresh[i].stamp)), [true, true, true])
  writeFileSync(r.path(`data/generated/${B}/src/main.cpp`), 'int main() { return 1; }\n')
  const again = await workerScans(r, ids, index)
  assert.equal(again, ids.map((id) => scanProject(r.path('data'), id, index.entry(id))))
  assert.equal(again.map((s) => s.read), [0, 1, 0])
})

// ---- the project dirs as items ----------------------------------------------------------------

/** The engine's records of the project dirs (a run outside the graph keeps them in the cache dir). */
const projectBook = (r: Rig) => JSON.parse(readFileSync(r.path('cache/projects.items.json'), 'utf8')) as { items: Record<string, { hash: string; facts: { stamp: string } }> }

test('each project dir is an item with its own record: a project removed leaves the records, one added joins them', async () => {
  using r = dataRig(dataTree())
  await run(r)
  assert.equal(Object.keys(projectBook(r).items).sort(), [A, B, C].sort())
  rmSync(r.path(`data/generated/${C}`), { recursive: true })
  const gone = await run(r, changedOf(r, `generated/${C}/README.md`), 'out2')
  assert.equal(Object.keys(projectBook(r).items).sort(), [A, B].sort())
  assert.equal(gone.bytes, (await coldRun(r, 'cold-1')).bytes)
  r.write(Object.fromEntries(Object.entries(FILES[D]).map(([path, text]) => [`data/generated/${D}/${path}`, text])))
  const added = await run(r, changedOf(r, ...Object.keys(FILES[D]).map((path) => `generated/${D}/${path}`)), 'out3')
  assert.is(added.result.projectsScanned, 2, 'D, and C (missing) that scenarios still name; A and B are taken as recorded')
  assert.equal(Object.keys(projectBook(r).items).sort(), [A, B, D].sort())
  assert.equal(added.bytes, (await coldRun(r, 'cold-2')).bytes)
})

test('a project is taken unseen only on a record made by this code, with its file list at hand', async () => {
  using r = dataRig(dataTree())
  const first = await run(r, { salt: 'code v1' })
  const same = await run(r, { salt: 'code v1', changed: new Set() }, 'out2')
  assert.is(same.result.projectsScanned, 0)
  // Other code: every project is scanned again though the list names none of them, but the
  // scan code is the same, so no unchanged file is read for its code points.
  const other = await run(r, { salt: 'code v2', changed: new Set() }, 'out3')
  assert.equal([other.result.projectsScanned, other.result.projectFilesRead], [3, 0])
  assert.equal(other.bytes, same.bytes)
  // Other scan code: every file is read again.
  const index = r.path('cache/projects.jsonl')
  writeFileSync(index, readFileSync(index, 'utf8').replace(projectFilesKey(), 'other scan code'))
  const rescanned = await run(r, { salt: 'code v2', changed: new Set() }, 'out3b')
  assert.equal([rescanned.result.projectsScanned, rescanned.result.projectFilesRead], [3, first.result.projectFilesRead], 'no code points of other scan code are reused')
  assert.equal(rescanned.bytes, same.bytes)
  // File lists lost: the projects they were for are scanned, not taken on their records' word.
  rmSync(r.path('cache/projects.jsonl'))
  const lost = await run(r, { salt: 'code v2', changed: new Set() }, 'out4')
  assert.is(lost.result.projectsScanned, 3)
  assert.equal(lost.bytes, same.bytes)
})

test('a hand-edited project record is not trusted: the project is scanned and its record rebuilt', async () => {
  using r = dataRig(dataTree())
  const first = await run(r)
  const book = readFileSync(r.path('cache/projects.items.json'), 'utf8')
  const stamp = projectBook(r).items[B].facts.stamp
  writeFileSync(r.path('cache/projects.items.json'), book.replace(`"stamp":"${stamp}"`, '"stamp":"forged"').replace('"layout":"A"', '"layout":7'))
  const second = await run(r, { changed: new Set() }, 'out2')
  assert.is(second.result.projectsScanned, 2)
  assert.equal(second.bytes, first.bytes)
  assert.is(projectBook(r).items[B].facts.stamp, stamp)
  const third = await run(r, { changed: new Set() }, 'out3')
  assert.is(third.result.projectsScanned, 0, 'the rebuilt records are trusted again')
})

// ---- CLI and generated data ------------------------------------------------------------------

const cli = (...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    execFile(process.execPath, [join(ROOT, 'scripts/cli/extract-dataset.ts'), ...args], { cwd: ROOT }, (error, stdout, stderr) => {
      done({ status: error ? (error.code as number) : 0, stdout, stderr })
    })
  })

test('the extract-dataset CLI writes the three artifacts, prints the summary and keeps the exit codes', async () => {
  using r = dataRig(dataTree(goodScenarios(), { 'output/scenarios/broken.json': '[' }))
  const [ok, noData, unknownFlag, noScenarios] = await Promise.all([
    cli('--data', r.path('data'), '--output', r.path('cli-out')),
    cli('--output', r.path('x')),
    cli('--data', r.path('data'), '--output', r.path('x'), '--nope'),
    cli('--data', r.path('nothing-here'), '--output', r.path('x')),
  ])
  assert.is(ok.status, 0, ok.stderr)
  assert.match(ok.stdout, /Found 7 scenario files/)
  assert.match(ok.stdout, /Extracted 6 scenarios to /)
  assert.match(ok.stdout, /Encountered 1 errors/)
  assert.match(ok.stdout, /  python: 2/)
  assert.equal(readdirSync(r.path('cli-out')).sort(), ['dataset.jsonl', 'extract-summary.json', 'rejects.jsonl'])
  const direct = await run(r)
  assert.is(readFileSync(r.path('cli-out/dataset.jsonl'), 'utf8'), direct.bytes.dataset)
  assert.is(noData.status, 2)
  assert.match(noData.stderr, /--data DIR is required/)
  assert.is(unknownFlag.status, 2)
  assert.is(noScenarios.status, 1)
  assert.match(noScenarios.stderr, /no scenarios directory/)
})

test('data from the synthetic generator extracts with no rejects and exact context lengths', async () => {
  using r = rig({}, 'extract-synth-')
  const made = spawnSync(process.execPath, [join(ROOT, 'scripts/synth.ts'), '--out', r.path('data'), '--projects', '12', '--scale', '0.05'], { encoding: 'utf8' })
  assert.is(made.status, 0, made.stderr)
  const out = await run(r)
  assertArtifactsValid(out)
  assert.is(out.summary.read, 96)
  assert.is(out.summary.rejected, 0)
  assert.is(out.summary.warnings_by_code['context-length-on-disk'], undefined)
  assert.is(out.summary.layouts.A + out.summary.layouts.B + out.summary.layouts.C, 12)
})

test.run()
