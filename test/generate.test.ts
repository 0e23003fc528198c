// The generate stage's behaviour: planning, escaping, project placement (layouts, links, copies,
// symlinks), incremental rebuilds, removal, determinism, and the run-adapter CLI.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, readlinkSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import type { ItemsResult, ItemsSpec } from '../scripts/engine/items.ts'
import { runAll } from '../scripts/engine/run-all.ts'
import { SCHEMA_DIRS } from '../scripts/lib/schemas.ts'
import { generate, type GenerateOptions, type GenerateResult } from '../scripts/stages/generate.ts'
import { generateStage } from '../scripts/stages/generate/generate-stage.ts'
import { normalisePathsInText } from '../scripts/stages/generate/ground-truth.ts'
import { readSelectedIds } from '../scripts/contracts/selected-tasks.ts'
import { renderDockerfile } from '../scripts/stages/generate/task-files.ts'
import { computeBaselines } from '../scripts/stages/generate/baselines.ts'
import { indexRecords, readRecordAt } from '../scripts/contracts/dataset.ts'
import { leakTexts, TaskGrams } from '../scripts/verifier/leaks.ts'
import { filesUnder } from '../scripts/stages/generate/kept.ts'
import { harborDigestOfDir } from '../scripts/lib/harbor-digest.ts'
import { compileTemplate, mdBlock, mdInline, shellWord, tomlString, tomlValue } from '../scripts/lib/render.ts'
import { rig, type Rig } from './helpers/rig.ts'
import { FileHashes } from '../scripts/stages/generate/file-hashes.ts'
import type { RunContext } from '../scripts/engine/types.ts'
import { createHash } from 'node:crypto'
import { RecentMap } from '../scripts/lib/recent-map.ts'

const ROOT = join(import.meta.dirname, '..')
const TEMPLATES = join(ROOT, 'templates')

// ---- fixtures ---------------------------------------------------------------------------------

type Tree = Record<string, string>

function writeTree(root: string, tree: Tree): void {
  for (const [rel, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true })
    writeFileSync(join(root, rel), content)
  }
}

function listTree(root: string, rel = ''): string[] {
  return readdirSync(join(root, rel)).sort().flatMap((name) => {
    const path = rel ? `${rel}/${name}` : name
    return lstatSync(join(root, path)).isDirectory() ? [`${path}/`, ...listTree(root, path)] : [path]
  })
}

const LAYOUT_A: Tree = {
  'libs/sc_ipc/src/sc_ipc.c': 'int sc_ipc_send(void) { return 0; }\n',
  'api-gateway/src/services/service_client.c': '#include "sc_ipc.h"\nint client(void) { return sc_ipc_send(); }\n',
  'services/texture-service/src/main.c': 'int main(void) { return 0; }\n',
  'docs/architecture/data_flow.puml': '@startuml\nA -> B\n@enduml\n',
  'CMakeLists.txt': 'project(sc C)\n',
}
const LAYOUT_B: Tree = {
  'configs/app.json': '{"bus": "local"}\n',
  'flockdesk/__init__.py': '',
  'flockdesk/core/bus.py': 'class EventBus:\n    def publish(self, topic):\n        return topic\n',
  'tests/test_bus.py': 'from flockdesk.core.bus import EventBus\n',
}
const LAYOUT_C: Tree = {
  'src/module_1.txt': 'fn router() -> Router { Router::new() }\n',
  'src/module_15.txt': 'fn validate_jwt(token: &str) -> bool { !token.is_empty() }\n',
  'src/config.txt': 'NATS_URL=nats://localhost:4222\n',
  'tests/test_main.txt': 'fn test_main() {}\n',
  'package.json': '{"name": "social"}\n',
  '.gitignore': 'target/\n',
  'docs/api.md': '# API\n',
}

const ID_A = 'c_api_graphql_expert_079_architectural_understanding_expert_01'
const ID_A2 = 'c_api_graphql_expert_079_bug_investigation_expert_01'
const ID_B = 'python_desktop_development_expert_021_cross_file_refactoring_expert_01'
const ID_C = 'rust_web_social_expert_073_architectural_understanding_expert_01'

function record(id: string, layout: 'A' | 'B' | 'C', over: Record<string, unknown> = {}): Record<string, unknown> {
  const base = {
    A: { project_id: 'c_api_graphql_expert_079', language: 'c', domain: 'api_graphql', root: 'generated/c_api_graphql_expert_079/SynestheticCanvas', wrapper: 'SynestheticCanvas', tree: LAYOUT_A, context: ['libs/sc_ipc/src/sc_ipc.c', 'api-gateway/src/services/service_client.c', 'services/texture-service/src/main.c'], gt: 'The IPC library `SynestheticCanvas//libs//sc_ipc//src//sc_ipc.c` is called by api-gateway/src/services/service_client.c over raw TCP.' },
    B: { project_id: 'python_desktop_development_expert_021', language: 'python', domain: 'desktop_development', root: 'generated/python_desktop_development_expert_021', wrapper: null, tree: LAYOUT_B, context: ['flockdesk/core/bus.py', 'tests/test_bus.py', 'configs/app.json'], gt: { refactoring_target: 'flockdesk/core/bus.py', plan: ['Extract a Publisher protocol from EventBus', 'Update tests/test_bus.py'] } },
    C: { project_id: 'rust_web_social_expert_073', language: 'rust', domain: 'web_social', root: 'generated/rust_web_social_expert_073', wrapper: null, tree: LAYOUT_C, context: ['src/module_1.txt', 'src/module_15.txt', 'src/config.txt'], gt: 'The API gateway in `src/module_1.txt` authenticates through `src/module_15.txt`; `src/config.txt` defines NATS_URL.' },
  }[layout]
  const project = { dir: base.root.split('/').slice(0, 2).join('/'), root: base.root, wrapper: base.wrapper, layout, file_count: Object.keys(base.tree).length, total_chars: 1000 }
  const category = /_(architectural_understanding|cross_file_refactoring|bug_investigation)_/.exec(id)?.[1] ?? 'architectural_understanding'
  return {
    id, project_id: base.project_id, language: base.language, domain: base.domain, project_complexity: 'expert', project_number: Number(base.project_id.slice(-3)),
    task_category: category, difficulty: 'expert', id_difficulty: 'expert',
    title: `Analysis of ${id}`, description: 'A long-context analysis of a multi-service project.',
    task_prompt: 'Explain the communication path.', task_prompt_text: 'Explain the communication path between the components.',
    expected_approach: 'Start from the docs.', expected_approach_text: 'Start from the docs, then read the EXPECTED-APPROACH-MARKER files.',
    ground_truth: base.gt, evaluation_criteria: ['Names the CRITERIA-MARKER file'], evaluation_criteria_text: ['Names the CRITERIA-MARKER file'],
    context_files: base.context, missing_context_files: [], context_length: 900000, files_count: 84, coverage: 0.9,
    project, source: { file: `output/scenarios/${id}.json`, sha256: 'a'.repeat(64) },
    ...over,
  }
}

/** A rig laid out as generate expects it; `using ws = workspace(…)` removes it. */
interface Workspace extends Rig {
  base: string
  data: string
  dataset: string
  selected: string
  current: string
}

function workspace(records: Record<string, unknown>[], trees: Partial<Record<'A' | 'B' | 'C', Tree>> = { A: LAYOUT_A, B: LAYOUT_B, C: LAYOUT_C }): Workspace {
  const r = rig({}, 'generate-test-')
  const base = r.dir
  const data = join(base, 'data')
  const roots = { A: 'generated/c_api_graphql_expert_079/SynestheticCanvas', B: 'generated/python_desktop_development_expert_021', C: 'generated/rust_web_social_expert_073' }
  for (const [layout, tree] of Object.entries(trees)) writeTree(join(data, roots[layout as 'A']), tree as Tree)
  const ws = Object.assign(r, { base, data, dataset: join(base, 'dataset.jsonl'), selected: join(base, 'selected_tasks.json'), current: join(base, 'out', 'tasks') })
  writeRecords(ws, records)
  select(ws, records.map((r) => r.id as string))
  mkdirSync(ws.current, { recursive: true })
  return ws
}

const writeRecords = (ws: Workspace, records: Record<string, unknown>[]): void =>
  writeFileSync(ws.dataset, records.map((r) => `${JSON.stringify(r)}\n`).join(''))

const select = (ws: Workspace, ids: string[]): void =>
  writeFileSync(ws.selected, JSON.stringify({ selection_criteria: { top_n: ids.length }, statistics: { id: 'not-a-task' }, tasks: ids.map((id, rank) => ({ id, rank, project: { id: 'nested' } })) }, null, 2))

interface Run {
  result: Omit<GenerateResult, 'inputs'> & { inputs?: string[] }
  staging: string
  registry: string
  warnings: string[]
  /** The engine's `fail` message, when the stage failed. */
  error?: string
  /** The stage's info logs (engine runs only). */
  logs: string[]
}

let runCounter = 0

/**
 * commit: one run of the stage through the engine into ws.current, as the Taskfile runs it (the
 * items it built, kept and removed are read off ctx.items). Otherwise: generate alone, every task
 * built fresh into a staging dir.
 */
async function run(ws: Workspace, over: { config?: GenerateOptions['config']; templatesDir?: string; force?: boolean } = {}, commit = true): Promise<Run> {
  const warnings: string[] = []
  const logs: string[] = []
  if (!commit) {
    const staging = join(ws.base, `staging-${runCounter++}`)
    const registry = join(staging, '..', `registry-${runCounter}`, 'dataset.toml')
    const result = await generate({
      selected: ws.selected, dataset: ws.dataset, dataDir: ws.data, templatesDir: over.templatesDir ?? TEMPLATES,
      config: over.config ?? {}, outputs: { tasks: staging, registry }, warn: (m) => warnings.push(m),
    })
    return { result, staging, registry, warnings, logs }
  }
  // As the Taskfile has it: beside the task dirs, where `harbor sync` looks.
  const registry = join(ws.current, 'dataset.toml')
  const stage = generateStage({ selected: ws.selected, dataset: ws.dataset, dataDir: ws.data, config: over.config ?? {}, tasks: ws.current, registry, templatesDir: over.templatesDir })
  let items: ItemsResult<unknown> | undefined
  const watched = { ...stage, run: (ctx: Parameters<typeof stage.run>[0]) => stage.run({ ...ctx, items: <V, F>(spec: ItemsSpec<V, F>) => ctx.items(spec).then((r) => ((items = r as ItemsResult<unknown>), r)) }) }
  let error: string | undefined
  let summaryLine = ''
  await runAll({
    stages: [watched], root: ws.base, outDir: join(ws.base, 'out'), targets: ['generate'], schemaDirs: SCHEMA_DIRS, concurrency: 2,
    ...(over.force && { force: ['generate'] }),
    emit: (e) => {
      if (e.type === 'log' && e.level === 'warn') warnings.push(e.message)
      if (e.type === 'log' && e.level === 'info') logs.push(e.message)
      if (e.type === 'fail') error = e.error
      if (e.type === 'done') summaryLine = e.summary ?? ''
    },
  })
  const ran: Pick<ItemsResult<unknown>, 'built' | 'kept' | 'removed' | 'failed'> = items ?? { built: [], kept: [], removed: [], failed: [] }
  const result = {
    built: ran.built.map((b) => b.key).sort(), kept: [...ran.kept].sort(), removed: ran.removed,
    failed: ran.failed.map((f) => ({ id: f.key, error: (f.error as Error).message })), summaryLine,
  }
  return { result, staging: ws.current, registry, warnings, error, logs }
}

// ---- escaping ---------------------------------------------------------------------------------

test('TOML strings survive quotes, backslashes, newlines and control characters', () => {
  const nasty = 'a """ b \\ c \n d \t e \u0001 f \u007f g "q" \\u0041 ü 🎉 \ud800'
  const parsed = parseToml(`x = ${tomlString(nasty)}\ny = ${tomlValue([nasty, 1, 2.5, true, { 'a key': nasty, b: 1 }])}`)
  const expected = nasty.toWellFormed()
  assert.is(parsed.x, expected)
  assert.equal(JSON.parse(JSON.stringify(parsed.y)), [expected, 1, 2.5, true, { 'a key': expected, b: 1 }])
})

test('a shell word is one literal argument whatever it holds', () => {
  const nasty = `it's $(echo pwned) \`echo pwned\` "$HOME" \\ \n; exit 3`
  const out = spawnSync('bash', ['-c', `printf '%s' ${shellWord(nasty)}`], { encoding: 'utf8' })
  assert.is(out.status, 0)
  assert.is(out.stdout, nasty)
})

test('inline Markdown cannot open a block, and block Markdown cannot swallow what follows', () => {
  assert.is(mdInline('# Title\nwith ```fence\n<!-- x'), '\\# Title with ```fence \\<!-- x')
  assert.is(mdInline('1. first'), '1\\. first')
  assert.is(mdInline('- item'), '\\- item')
  const block = mdBlock('# Heading\n\ntext\n\n```c\nint x;\n# not a heading\n')
  assert.is(block, '### Heading\n\ntext\n\n```c\nint x;\n# not a heading\n```')
  assert.is(mdBlock('<!-- hidden\nrest'), '\\<!-- hidden\nrest')
})

test('a template that leaves a placeholder fails naming the template; the same text in a value passes', () => {
  const bad = compileTemplate('bad.md.ejs', 'Repo: {github_org}/<%= it.name %>\n', 'markdown')
  assert.throws(() => bad.render({ name: 'x' }), /bad\.md\.ejs: left placeholders in its output: \{github_org\}/)
  const good = compileTemplate('good.md.ejs', 'Prompt: <%= it.text %>\n', 'markdown')
  assert.is(good.render({ text: 'format!("{{}}") uses {name} and <% tags %>' }), 'Prompt: format!("{{}}") uses {name} and <% tags %>\n')
  assert.throws(() => good.render({}), /good\.md\.ejs: cannot insert a value: no text form for undefined/)
  assert.throws(() => compileTemplate('raw.ejs', '<%- it.x %>', 'shell'), /raw\.ejs: uses <%-/)
})

test('an unknown language fails naming the template and the config key to add', () => {
  const template = compileTemplate('Dockerfile.ejs', readFileSync(join(TEMPLATES, 'Dockerfile.ejs'), 'utf8'), 'dockerfile')
  const languages = { base_image: 'debian:trixie-slim', common_packages: ['python3'], user: null, toolchains: { c: { packages: ['gcc'] } } }
  assert.throws(() => renderDockerfile(template, 'kotlin', languages), /Dockerfile\.ejs: no toolchain for language "kotlin": add languages\.toolchains\.kotlin/)
})

// ---- selection file ---------------------------------------------------------------------------

test('selected ids are read in order from a large selection file without parsing it whole', () => {
  const big = 'x'.repeat(300_000)
  const tasks = Array.from({ length: 12 }, (_, i) => ({ score: i, ground_truth: `${big} "quoted" \\ {"id": "fake"}`, project: { id: 'nested' }, id: `task_${String(i).padStart(2, '0')}`, context_files: ['a'] }))
  using r = rig({ 's.json': JSON.stringify({ selection_criteria: { id: 'no' }, statistics: {}, tasks }, null, 2) }, 'generate-test-')
  assert.equal(readSelectedIds(r.path('s.json')), tasks.map((t) => t.id))
})

// ---- ground truth paths -----------------------------------------------------------------------

test('ground-truth paths are renamed as the agent sees them; prose, URLs and arithmetic are left alone', () => {
  const ctx = { wrapper: 'HoloCanvas', files: new Set(['services/ledger_core/src/block_builder.c', 'src/module_1.txt']) }
  assert.is(normalisePathsInText('See HoloCanvas//services//ledger_core//src//block_builder.c.', ctx), 'See /app/project/services/ledger_core/src/block_builder.c.')
  assert.is(normalisePathsInText('`src/module_1.txt` and src//module_1.txt', ctx), '`/app/project/src/module_1.txt` and /app/project/src/module_1.txt')
  assert.is(normalisePathsInText('other//dir//file.h stays a path', ctx), 'other/dir/file.h stays a path')
  assert.is(normalisePathsInText('http://host//x, a//b, // comment, HoloCanvas platform', ctx), 'http://host//x, a//b, // comment, HoloCanvas platform')
})

test('a RecentMap keeps the entries used last, makes a missing one once, and keeps nothing a failed make threw for', () => {
  const made: string[] = []
  const recent = new RecentMap<string, string>(2)
  const get = (key: string) => recent.get(key, (k) => (made.push(k), k.toUpperCase()))
  assert.equal(['a', 'b', 'a', 'c', 'a', 'b'].map(get), ['A', 'B', 'A', 'C', 'A', 'B'])
  // b was dropped when c came (a had been used since), c when b came back.
  assert.equal(made, ['a', 'b', 'c', 'b'])
  assert.throws(() => recent.get('d', () => { throw new Error('scan failed') }), /scan failed/)
  assert.is(get('d'), 'D')
  assert.equal(made, ['a', 'b', 'c', 'b', 'd'])
})

test('each project renames its own wrapper however many projects came before and in what order', () => {
  const projects = Array.from({ length: 20 }, (_, i) => ({ wrapper: `Proj${i}`, files: new Set([`src/m${i}.c`]) }))
  // More projects than patterns are kept, then back to ones whose pattern was dropped.
  for (const i of [...projects.keys(), 0, 19, 3, 0, 11, 2]) {
    const text = `Proj${i}//src//m${i}.c and Proj${(i + 1) % 20}//src//m${i}.c`
    assert.is(normalisePathsInText(text, projects[i]), `/app/project/src/m${i}.c and Proj${(i + 1) % 20}/src/m${i}.c`)
  }
})

// ---- context hint and leak check ---------------------------------------------------------------

test('context_hint: by default the instruction lists no relevant files; files lists the context files', async () => {
  using ws = workspace([record(ID_A, 'A')], { A: LAYOUT_A })
  const none = await run(ws, {}, false)
  const plain = readFileSync(join(none.staging, ID_A, 'instruction.md'), 'utf8')
  assert.not.match(plain, '## Files to start from')
  assert.not.match(plain, '/app/project/libs/sc_ipc/src/sc_ipc.c')
  const files = await run(ws, { config: { tasks: { context_hint: 'files' } } }, false)
  const hinted = readFileSync(join(files.staging, ID_A, 'instruction.md'), 'utf8')
  assert.match(hinted, '## Files to start from\n\n- `/app/project/api-gateway/src/services/service_client.c`\n- `/app/project/libs/sc_ipc/src/sc_ipc.c`\n- `/app/project/services/texture-service/src/main.c`\n')
})

test('a task whose instruction repeats a ground-truth sentence fails by name; leak_check off lets it through', async () => {
  const secret = 'The texture service drops every frame whose palette checksum mismatches because sc_ipc_send truncates payloads above sixty kilobytes.'
  const leaky = record(ID_A, 'A', { task_prompt_text: `Explain the communication path. ${secret}`, ground_truth: `${secret} Fix the framing in libs/sc_ipc/src/sc_ipc.c.` })
  using ws = workspace([leaky, record(ID_C, 'C')])
  const failed = await run(ws, {}, false)
  assert.equal(failed.result.built, [ID_C])
  assert.is(failed.result.failed.length, 1)
  assert.match(failed.result.failed[0].error, `${ID_A}: instruction.md gives the answer away (tasks.leak_check)`)
  assert.match(failed.result.failed[0].error, 'sc_ipc_send truncates payloads')
  const off = await run(ws, { config: { tasks: { leak_check: { enabled: false, min_run_words: 12, min_sentence_words: 8, min_specific_words: 3 } } } }, false)
  assert.equal(off.result.built, [ID_A, ID_C])
})

test('the leak baseline is made only for tasks.leak_check; the common vocabulary is the same without it', () => {
  const shared = 'Requests enter the gateway and are forwarded to the texture service over the shared IPC channel with retries.'
  using ws = workspace([record(ID_A, 'A', { ground_truth: `${shared} One.` }), record(ID_A2, 'A', { ground_truth: `${shared} Two.` }), record(ID_C, 'C')])
  const located = indexRecords(ws.dataset)
  const on = computeBaselines(ws.dataset, [ID_A, ID_C], located, true)
  const off = computeBaselines(ws.dataset, [ID_A, ID_C], located, false)
  const mine = on.leak?.sharedWith([`${shared} One.`])
  const grams = [...new TaskGrams([shared]).all]
  assert.ok(grams.length > 0 && grams.every((g) => mine?.has(g)), 'the peer task on project A shares the phrasing')
  assert.is(off.leak, undefined)
  assert.equal(off.common, on.common)
})

test('the leak baseline is kept between runs under its texts and code: read back while they hold, made anew when one changes or its files do not verify', () => {
  const shared = 'Requests enter the gateway and are forwarded to the texture service over the shared IPC channel with retries.'
  const records = (over: Record<string, unknown> = {}) => [
    record(ID_A, 'A', { ground_truth: `${shared} One.`, ...over }), record(ID_A2, 'A', { ground_truth: `${shared} Two.` }), record(ID_C, 'C'),
  ]
  using ws = workspace(records())
  const dir = ws.path('content')
  const compute = (ignore = false) => computeBaselines(ws.dataset, [ID_A, ID_C], indexRecords(ws.dataset), true, { dir, ignore, warn: (m) => assert.unreachable(m) })
  /** What the baseline answers for every n-gram of every text: the same answers, the same baseline. */
  const answers = (b: ReturnType<typeof compute>) => {
    const texts = indexRecords(ws.dataset)
    return [...texts.keys()].map((id) => {
      const own = leakTexts(readRecordAt(ws.dataset, texts.get(id)!).value)
      const asked = b.leak!.sharedWith(own)
      return [...new TaskGrams([...own, shared]).all].filter((g) => asked.has(g)).sort()
    })
  }
  const made = compute()
  assert.is(made.reused, false)
  const again = compute()
  assert.is(again.reused, true)
  assert.is(again.hash, made.hash)
  assert.equal(answers(again), answers(made))
  writeRecords(ws, records({ title: 'Retitled: no text of the baseline' }))
  assert.is(compute().reused, true, 'a title is not one of its texts')
  writeRecords(ws, records({ description: `Now the description says: ${shared}` }))
  const changed = compute()
  assert.is(changed.reused, false)
  assert.equal(answers(changed), answers(computeBaselines(ws.dataset, [ID_A, ID_C], indexRecords(ws.dataset), true)))
  assert.is(compute(true).reused, false, '--force makes it anew')
  const keys = join(dir, 'leak-baseline.keys')
  const bytes = readFileSync(keys)
  bytes[3] ^= 1
  writeFileSync(keys, bytes)
  const mended = compute()
  assert.is(mended.reused, false)
  assert.equal(answers(mended), answers(changed))
  assert.is(compute().reused, true)
})

test('phrasing another task of the same project shares is no leak', async () => {
  const shared = 'Requests enter the gateway and are forwarded to the texture service over the shared IPC channel with retries.'
  const a = record(ID_A, 'A', { task_prompt_text: `Explain the path. ${shared}`, ground_truth: `${shared} The client lives in api-gateway/src/services/service_client.c.` })
  const a2 = record(ID_A2, 'A', { ground_truth: `${shared} Nothing else.` })
  using ws = workspace([a, a2], { A: LAYOUT_A })
  const { result } = await run(ws, {}, false)
  assert.equal(result.failed, [])
  assert.equal(result.built, [ID_A, ID_A2])
})

// ---- project placement ------------------------------------------------------------------------

test('each layout lands complete at environment/project/ with its bytes, and context paths exist there', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_B, 'B'), record(ID_C, 'C')])
  const { result, staging } = await run(ws, {}, false)
  assert.equal(result.built, [ID_A, ID_B, ID_C])
  const roots: Record<string, [string, Tree]> = { [ID_A]: ['generated/c_api_graphql_expert_079/SynestheticCanvas', LAYOUT_A], [ID_B]: ['generated/python_desktop_development_expert_021', LAYOUT_B], [ID_C]: ['generated/rust_web_social_expert_073', LAYOUT_C] }
  for (const [id, [root, tree]] of Object.entries(roots)) {
    const project = join(staging, id, 'environment', 'project')
    assert.equal(listTree(project), listTree(join(ws.data, root)), id)
    for (const [rel, content] of Object.entries(tree)) assert.is(readFileSync(join(project, rel), 'utf8'), content, `${id} ${rel}`)
    const gt = JSON.parse(readFileSync(join(staging, id, 'tests', 'ground_truth.json'), 'utf8')) as { context_files: string[] }
    assert.ok(gt.context_files.length > 0)
    for (const path of gt.context_files) assert.ok(existsSync(join(project, path.slice('/app/project/'.length))), path)
  }
  assert.equal(result.inputs, Object.values(roots).map(([root]) => join(ws.data, root)).sort())
})

test('project files are copies by default and hard links with link: hardlink', async () => {
  using ws = workspace([record(ID_A, 'A')], { A: LAYOUT_A })
  writeFileSync(join(ws.data, 'generated/c_api_graphql_expert_079/SynestheticCanvas/build.sh'), '#!/bin/sh\n', { mode: 0o755 })
  const source = (rel: string) => statSync(join(ws.data, 'generated/c_api_graphql_expert_079/SynestheticCanvas', rel))
  const linked = await run(ws, { config: { tasks: { link: 'hardlink' } } }, false)
  const copied = await run(ws, {}, false)
  for (const rel of [...Object.keys(LAYOUT_A), 'build.sh']) {
    const l = statSync(join(linked.staging, ID_A, 'environment/project', rel))
    const c = statSync(join(copied.staging, ID_A, 'environment/project', rel))
    assert.is(l.ino, source(rel).ino, rel)
    assert.is.not(c.ino, source(rel).ino, rel)
    assert.is(c.mode, source(rel).mode, rel)
    assert.is(readFileSync(join(copied.staging, ID_A, 'environment/project', rel), 'utf8'), readFileSync(join(ws.data, 'generated/c_api_graphql_expert_079/SynestheticCanvas', rel), 'utf8'))
  }
  assert.match(linked.result.summaryLine, /6 linked, 0 copied/)
  assert.match(copied.result.summaryLine, /0 linked, 6 copied/)
})

test('files identical across tasks are written once per run and hard-linked only with link: hardlink', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_A2, 'A')], { A: LAYOUT_A })
  const linked = await run(ws, { config: { tasks: { link: 'hardlink' } } }, false)
  const copied = await run(ws, {}, false)
  for (const rel of ['tests/verify.py', 'tests/test.sh', 'solution/solve.sh', 'environment/Dockerfile']) {
    const [a, b] = [ID_A, ID_A2].map((id) => statSync(join(linked.staging, id, rel)))
    assert.is(a.ino, b.ino, rel)
    const [c, d] = [ID_A, ID_A2].map((id) => statSync(join(copied.staging, id, rel)))
    assert.is.not(c.ino, d.ino, rel)
    assert.is(c.mode, a.mode, rel)
  }
  const [x, y] = [ID_A, ID_A2].map((id) => statSync(join(linked.staging, id, 'instruction.md')))
  assert.is.not(x.ino, y.ino)
})

test('a symlink leaving the project is not followed and is reported; one inside is kept as a link', async () => {
  using ws = workspace([record(ID_C, 'C')], { C: LAYOUT_C })
  const root = join(ws.data, 'generated/rust_web_social_expert_073')
  writeFileSync(join(ws.base, 'secret.txt'), 'outside\n')
  symlinkSync(join(ws.base, 'secret.txt'), join(root, 'src', 'escape.txt'))
  symlinkSync(join(root, 'src', 'config.txt'), join(root, 'docs', 'config-link.txt'))
  const { staging, warnings } = await run(ws, {}, false)
  const project = join(staging, ID_C, 'environment', 'project')
  assert.not.ok(existsSync(join(project, 'src', 'escape.txt')))
  assert.ok(warnings.some((w) => w.includes('src/escape.txt') && w.includes('points outside the project')), warnings.join('\n'))
  assert.ok(lstatSync(join(project, 'docs', 'config-link.txt')).isSymbolicLink())
  assert.is(readlinkSync(join(project, 'docs', 'config-link.txt')), '../src/config.txt')
  assert.is(readFileSync(join(project, 'docs', 'config-link.txt'), 'utf8'), LAYOUT_C['src/config.txt'])
})

test('the files generate remembers writing into a task are exactly what its dir holds, links included', async () => {
  using ws = workspace([record(ID_C, 'C')], { C: LAYOUT_C })
  const root = join(ws.data, 'generated/rust_web_social_expert_073')
  symlinkSync(join(root, 'src', 'config.txt'), join(root, 'docs', 'config-link.txt'))
  const { result } = await run(ws)
  assert.equal(result.built, [ID_C])
  const listed = JSON.parse(readFileSync(join(ws.base, 'out', '.taskcache', 'cache', 'generate', 'written', `${ID_C}.json`), 'utf8')) as string[]
  const onDisk = filesUnder(join(ws.current, ID_C))
  assert.ok(onDisk.includes('environment/project/docs/config-link.txt') && onDisk.includes('task.toml'))
  assert.equal([...listed].sort(), [...onDisk].sort())
})

test('context files missing from the project are dropped from ground_truth.json with a warning', async () => {
  const rec = record(ID_C, 'C', { context_files: ['src/module_1.txt', 'src/module_99.txt'], missing_context_files: ['src/module_99.txt'] })
  using ws = workspace([rec], { C: LAYOUT_C })
  const { staging, warnings } = await run(ws, {}, false)
  const gt = JSON.parse(readFileSync(join(staging, ID_C, 'tests', 'ground_truth.json'), 'utf8')) as { context_files: string[] }
  assert.equal(gt.context_files, ['/app/project/src/module_1.txt'])
  assert.ok(warnings.some((w) => w.startsWith(`${ID_C}: 1 context file(s) not in the project`) && w.includes('src/module_99.txt')), warnings.join('\n'))
})

// ---- incremental ------------------------------------------------------------------------------

test('editing one record regenerates exactly that task', async () => {
  const records = [record(ID_A, 'A'), record(ID_B, 'B'), record(ID_C, 'C')]
  using ws = workspace(records)
  await run(ws)
  records[1] = { ...records[1], title: 'A new title' }
  writeRecords(ws, records)
  const second = await run(ws)
  assert.equal(second.result.built, [ID_B])
  assert.equal(second.result.kept, [ID_A, ID_C])
  assert.match(readFileSync(join(ws.current, ID_B, 'instruction.md'), 'utf8'), /^# A new title\n/)
})

test('changing a template regenerates every task', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
  const templates = join(ws.base, 'templates')
  mkdirSync(templates)
  for (const name of readdirSync(TEMPLATES)) if (statSync(join(TEMPLATES, name)).isFile()) writeFileSync(join(templates, name), readFileSync(join(TEMPLATES, name)))
  await run(ws, { templatesDir: templates })
  writeFileSync(join(templates, 'instruction.md.ejs'), `${readFileSync(join(templates, 'instruction.md.ejs'), 'utf8')}\nGood luck.\n`)
  const second = await run(ws, { templatesDir: templates })
  assert.equal(second.result.built, [ID_A, ID_C])
  assert.equal(second.result.kept, [])
  assert.match(readFileSync(join(ws.current, ID_C, 'instruction.md'), 'utf8'), /Good luck\.\n$/)
})

test('a project file edit regenerates the tasks of that project only', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_A2, 'A'), record(ID_C, 'C')])
  await run(ws)
  writeFileSync(join(ws.data, 'generated/c_api_graphql_expert_079/SynestheticCanvas/CMakeLists.txt'), 'project(sc C CXX)\n')
  const second = await run(ws)
  assert.equal(second.result.built, [ID_A, ID_A2])
  assert.equal(second.result.kept, [ID_C])
})

const filesLog = (r: Run) => r.logs.find((l) => / project files read, /.test(l))

test('project files are read once: later runs reuse their hashes until size, mtime, inode or ctime moves; --force reads them all', async () => {
  const racy = FileHashes.RACY_MS
  FileHashes.RACY_MS = -1e9 // the files were written a moment ago
  try {
    using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
    const files = Object.keys(LAYOUT_A).length + Object.keys(LAYOUT_C).length
    // Times a whole second, so setting them back restores them exactly.
    const cmake = join(ws.data, 'generated/c_api_graphql_expert_079/SynestheticCanvas/CMakeLists.txt')
    const second0 = Math.floor(Date.now() / 1000) - 60
    utimesSync(cmake, second0, second0)
    assert.is(filesLog(await run(ws)), `${files} project files read, 0 reused`)
    const retitle = (title: string) => writeRecords(ws, [record(ID_A, 'A'), record(ID_C, 'C', { title })])
    retitle('again')
    const second = await run(ws)
    assert.equal(second.result.built, [ID_C])
    assert.is(filesLog(second), `0 project files read, ${files} reused`)
    // Rewritten in place with the same size, its mtime set back: only its ctime tells.
    const before = statSync(cmake)
    writeFileSync(cmake, readFileSync(cmake, 'utf8').toUpperCase())
    utimesSync(cmake, second0, second0)
    const after = statSync(cmake)
    assert.equal([after.size, after.mtimeMs, after.ino], [before.size, before.mtimeMs, before.ino])
    retitle('once more')
    const third = await run(ws)
    assert.equal(third.result.built, [ID_A, ID_C])
    assert.is(filesLog(third), `1 project files read, ${files - 1} reused`)
    assert.is(readFileSync(join(ws.current, ID_A, 'environment/project/CMakeLists.txt'), 'utf8'), readFileSync(cmake, 'utf8'))
    const forced = await run(ws, { force: true })
    assert.is(filesLog(forced), `${files} project files read, 0 reused`)
    retitle('after force')
    assert.is(filesLog(await run(ws)), `0 project files read, ${files} reused`, 'what a forced run read is kept')
  } finally {
    FileHashes.RACY_MS = racy
  }
})

test('every project file hash, read or kept, is told to the engine with the stat it holds for', () => {
  using r = rig({ 'p/a.txt': 'alpha', 'p/b.txt': 'beta' }, 'file-hashes-')
  const racy = FileHashes.RACY_MS
  FileHashes.RACY_MS = -1e9
  try {
    const told: [string, number, number, number, string][] = []
    const tell: RunContext['knownHash'] = (path, { size, mtimeMs, ino }, sha256) => void told.push([path, size, mtimeMs, ino, sha256])
    const hashOf = (path: string) => ({ sha256: createHash('sha256').update(readFileSync(path)).digest('hex'), stat: statSync(path) })
    const expected = ['a.txt', 'b.txt'].map((name) => {
      const path = r.path('p', name)
      const st = statSync(path)
      return [path, st.size, st.mtimeMs, st.ino, hashOf(path).sha256]
    })
    const first = new FileHashes(r.path('cache'), false, tell)
    for (const [path] of expected) first.of(path as string, hashOf)
    first.save()
    assert.equal(told, expected)
    told.length = 0
    const second = new FileHashes(r.path('cache'), false, tell)
    for (const [path] of expected) second.of(path as string, () => assert.unreachable('kept hashes are not read') as never)
    assert.equal(second.counts, { read: 0, reused: 2 })
    assert.equal(told, expected)
  } finally {
    FileHashes.RACY_MS = racy
  }
})

test('content caches that cannot be written cost a warning each, not the tasks', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
  writeFileSync(ws.path('not-a-dir'), '')
  const warnings: string[] = []
  const result = await generate({
    selected: ws.selected, dataset: ws.dataset, dataDir: ws.data, templatesDir: TEMPLATES, config: {},
    outputs: { tasks: ws.path('tasks'), registry: ws.path('registry/dataset.toml') }, warn: (m) => warnings.push(m),
    contentCacheDir: ws.path('not-a-dir'),
  })
  assert.equal(result.built, [ID_A, ID_C])
  assert.equal(warnings.filter((w) => /could not be kept for the next run/.test(w)).length, 2, warnings.join('\n'))
})

test('a task no longer selected is removed; a foreign dir is kept with a warning', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
  await run(ws)
  mkdirSync(join(ws.current, 'my_notes'))
  select(ws, [ID_A])
  const second = await run(ws)
  assert.equal(second.result.removed, [ID_C])
  const book = JSON.parse(readFileSync(join(ws.base, 'out', '.taskcache', 'generate.items.json'), 'utf8')) as { items: Record<string, unknown> }
  assert.equal(Object.keys(book.items), [ID_A], 'the engine records only the selected task as ours')
  assert.not.ok(existsSync(join(ws.current, ID_C)))
  assert.ok(existsSync(join(ws.current, 'my_notes')))
  assert.ok(second.warnings.some((w) => w.includes('my_notes') && w.includes('not generated by this tool')), second.warnings.join('\n'))
  const manifest = JSON.parse(readFileSync(join(ws.current, 'manifest.json'), 'utf8')) as { tasks: Record<string, unknown> }
  assert.equal(Object.keys(manifest.tasks), [ID_A])
})

test('a hand-edited or deleted file in a kept task makes that task rebuild', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
  await run(ws)
  writeFileSync(join(ws.current, ID_A, 'instruction.md'), 'edited by hand\n')
  rmSync(join(ws.current, ID_C, 'environment', 'project', 'src', 'module_1.txt'))
  const second = await run(ws)
  assert.equal(second.result.built, [ID_A, ID_C])
  assert.match(readFileSync(join(ws.current, ID_A, 'instruction.md'), 'utf8'), /^# Analysis of/)
  assert.ok(existsSync(join(ws.current, ID_C, 'environment', 'project', 'src', 'module_1.txt')))
})

test('two runs over the same inputs write byte-identical outputs', async () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_B, 'B'), record(ID_C, 'C')])
  const first = await run(ws, {}, false)
  const second = await run(ws, {}, false)
  const files = listTree(first.staging)
  assert.equal(listTree(second.staging), files)
  for (const f of files.filter((f) => !f.endsWith('/'))) assert.ok(readFileSync(join(first.staging, f)).equals(readFileSync(join(second.staging, f))), f)
  assert.ok(readFileSync(first.registry).equals(readFileSync(second.registry)))
})

test('a task whose project is missing fails by name; the others are committed and the retry builds only it', async () => {
  const broken = record(ID_B, 'B', { project: { dir: 'generated/nowhere', root: 'generated/nowhere', wrapper: null, layout: 'B', file_count: 1, total_chars: 1 } })
  const records = [record(ID_A, 'A'), broken]
  using ws = workspace(records)
  const first = await run(ws)
  assert.equal(first.result.built, [ID_A])
  assert.equal(first.result.failed.map((f) => f.id), [ID_B])
  assert.match(first.result.failed[0].error, new RegExp(`^${ID_B}: project directory .*generated/nowhere`))
  assert.match(first.error ?? '', new RegExp(`^1 item\\(s\\) failed .*\\n {2}${ID_B}: project directory`))
  assert.ok(existsSync(join(ws.current, ID_A, 'task.toml')), 'the good task is committed')
  records[1] = record(ID_B, 'B')
  writeRecords(ws, records)
  const second = await run(ws)
  assert.equal(second.result.built, [ID_B])
  assert.equal(second.result.kept, [ID_A])
  assert.is(second.error, undefined)
})

// ---- CLI --------------------------------------------------------------------------------------

const CLI = join(ROOT, 'scripts', 'cli', 'run-adapter.ts')

function cli(ws: Workspace, args: string[]) {
  return spawnSync(process.execPath, [CLI, '--dataset_path', ws.dataset, '--data_dir', ws.data, ...args], { cwd: ws.base, encoding: 'utf8' })
}

test('run-adapter drops unknown ids with a warning and writes the rest straight into --output_dir', () => {
  using ws = workspace([record(ID_A, 'A'), record(ID_C, 'C')])
  const out = join(ws.base, 'tasks')
  const r = cli(ws, ['--output_dir', out, '--task_ids', 'no_such_task', ID_C])
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /1 selected id\(s\) have no record in dataset\.jsonl and are skipped: no_such_task/)
  assert.equal(readdirSync(out).sort(), ['.taskcache', 'dataset.toml', 'manifest.json', ID_C])
  const again = cli(ws, ['--output_dir', out, '--selected_tasks', ws.selected, '--limit', '1'])
  assert.is(again.status, 0, again.stderr)
  assert.equal(readdirSync(out).sort(), ['.taskcache', ID_A, 'dataset.toml', 'manifest.json'])
  const third = cli(ws, ['--output_dir', out, '--selected_tasks', ws.selected, '--limit', '1'])
  assert.is(third.stdout, '', 'nothing changed: the engine skips the stage')
})

test('run-adapter exits 1 when no id is left and 2 on a bad flag', () => {
  using ws = workspace([record(ID_C, 'C')], { C: LAYOUT_C })
  const none = cli(ws, ['--output_dir', join(ws.base, 'tasks'), '--task_ids', 'nope'])
  assert.is(none.status, 1)
  assert.match(none.stderr, /nothing to generate: none of the 1 selected id\(s\) has a record/)
  const bad = cli(ws, ['--output_dir', join(ws.base, 'tasks'), '--limit', 'zero'])
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /--limit must be a positive integer/)
})

test('run-adapter reports a failing task, commits the others and exits 1', () => {
  const broken = record(ID_B, 'B', { project: { dir: 'generated/nowhere', root: 'generated/nowhere', wrapper: null, layout: 'B', file_count: 1, total_chars: 1 } })
  using ws = workspace([record(ID_C, 'C'), broken])
  const out = join(ws.base, 'tasks')
  const r = cli(ws, ['--output_dir', out])
  assert.is(r.status, 1)
  assert.match(r.stderr, new RegExp(`\\n {2}${ID_B}: project directory`))
  assert.equal(readdirSync(out).sort(), ['.taskcache', 'dataset.toml', 'manifest.json', ID_C])
})

test("dataset.toml's digest is Harbor's: symlinked dirs skipped, caches ignored, file symlinks as their target", async () => {
  using ws = workspace([record(ID_C, 'C')], { C: LAYOUT_C })
  const root = join(ws.data, 'generated/rust_web_social_expert_073')
  symlinkSync('.', join(root, 'self_loop'))
  symlinkSync('../src/config.txt', join(root, 'docs', 'config-link.txt'))
  writeTree(root, { '__pycache__/x.pyc': 'compiled', 'src/.notes.txt~': 'editor backup' })
  const { registry, error } = await run(ws)
  assert.is(error, undefined)
  const taskDir = join(ws.current, ID_C)
  assert.ok(lstatSync(join(taskDir, 'environment', 'project', 'self_loop')).isSymbolicLink())
  assert.ok(existsSync(join(taskDir, 'environment', 'project', '__pycache__', 'x.pyc')))
  const toml = parseToml(readFileSync(registry, 'utf8')) as { tasks: { name: string; digest: string }[] }
  assert.equal(toml.tasks.map((t) => t.digest), [`sha256:${harborDigestOfDir(taskDir)}`])
  // The manifest keeps its own digest of every file (what smoke keys its images on).
  const manifest = JSON.parse(readFileSync(join(ws.current, 'manifest.json'), 'utf8'))
  assert.equal(Object.keys(manifest.tasks[ID_C]).sort(), ['input_hash', 'language', 'output_hash', 'project_id'])
})

test.run()
