// Every generated task honours Harbor's task contract: the files Harbor requires, a task.toml the
// strict schema accepts, executable LF bash scripts, no leftover placeholders, no answer in the
// instruction by default, a dataset.toml whose digests match the dirs, and an oracle that scores
// high when solve.sh and test.sh run for real (bash + python3) — also for hostile task text.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { validate as lintDockerfile } from 'dockerfile-utils'
import { generate, type GenerateOptions } from '../scripts/stages/generate.ts'
import { check } from '../scripts/lib/schemas.ts'
import { harborDigestOfDir } from '../scripts/lib/harbor-digest.ts'
import { findLeftovers } from '../scripts/lib/render.ts'
import { filesOf, runTrial } from './helpers/contract.ts'
import { lineHash, normaliseCodeLine } from '../scripts/verifier/score.ts'
import { rig, type Rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const TEMPLATES = join(ROOT, 'templates')
const PASS = 0.9

// ---- fixtures ---------------------------------------------------------------------------------

const PROJECTS = {
  holo: {
    root: 'generated/c_blockchain_nft_expert_071/HoloCanvas',
    tree: {
      'services/ledger_core/src/block_builder.c': 'size_t add(tx_t *t) { current_block_size += sizeof(t->payload); return current_block_size; }\n',
      'services/ledger_core/src/strategies/pos_strategy.c': 'int validate(block_t *b) { return 1; }\n',
      'services/ledger_core/src/strategies/da_strategy.c': 'int validate(block_t *b) { return b->size <= MAX_BLOCK_SIZE; }\n',
      'services/ledger_core/include/transaction.h': 'typedef struct { void *payload; size_t payload_size; } tx_t;\n',
      'ARCHITECTURE.md': '# HoloCanvas\n',
    },
  },
  flock: {
    root: 'generated/python_desktop_development_expert_021',
    tree: {
      'flockdesk/__init__.py': '',
      'flockdesk/core/bus.py': 'class EventBus:\n    def publish(self, topic):\n        return topic\n',
      'tests/test_bus.py': 'from flockdesk.core.bus import EventBus\n',
      'configs/app.json': '{"bus": "local"}\n',
    },
  },
  social: {
    root: 'generated/rust_web_social_expert_073',
    tree: {
      'src/module_1.txt': 'fn router() -> Router { Router::new() }\n',
      'src/module_15.txt': 'fn validate_jwt(token: &str) -> bool { !token.is_empty() }\n',
      'src/config.txt': 'NATS_URL=nats://localhost:4222\n',
      'package.json': '{"name": "social"}\n',
    },
  },
}

type ProjectKey = keyof typeof PROJECTS

const HOLO_GT = {
  vulnerable_file: 'HoloCanvas//services//ledger_core//src//block_builder.c',
  bug_description: 'In `block_builder.c` the block size grows by `sizeof(transaction->payload)`, the size of a pointer, instead of `transaction->payload_size`, so blocks exceed the protocol maximum.',
  secondary_issue_file: 'HoloCanvas//services//ledger_core//src//strategies//pos_strategy.c',
  key_files_for_analysis: ['HoloCanvas//services//ledger_core//src//block_builder.c', 'HoloCanvas//services//ledger_core//include//transaction.h'],
}

function record(id: string, key: ProjectKey, over: Record<string, unknown> = {}): Record<string, unknown> {
  const p = PROJECTS[key]
  const projectId = p.root.split('/')[1]
  const language = projectId.split('_')[0]
  const category = /_(architectural_understanding|cross_file_refactoring|bug_investigation|feature_implementation)_expert_\d\d$/.exec(id)?.[1] as string
  const files = Object.keys(p.tree).filter((f) => f.endsWith('.c') || f.endsWith('.h') || f.endsWith('.py') || f.endsWith('.txt'))
  return {
    id, project_id: projectId, language, domain: 'x', project_complexity: 'expert', project_number: Number(projectId.slice(-3)),
    task_category: category, difficulty: 'expert', id_difficulty: 'expert',
    title: `Investigate ${projectId}`, description: 'The system misbehaves under load.\n\n# Background\n\nSee the docs.',
    task_prompt: 'Find the root cause.', task_prompt_text: `Find the root cause and explain it.${key === 'holo' ? ' Start from HoloCanvas//services//ledger_core//src//block_builder.c.' : ''}\n\n\`\`\`\nerror: block too large\n`,
    expected_approach: 'Trace it.', expected_approach_text: 'EXPECTED-APPROACH-MARKER: trace the block builder.',
    ground_truth: key === 'holo' ? HOLO_GT : key === 'flock' ? { target: 'flockdesk//core//bus.py', steps: ['Extract a Publisher protocol from EventBus', 'Update tests//test_bus.py'] } : 'The gateway `src/module_1.txt` authenticates via `src/module_15.txt`; `src/config.txt` defines NATS_URL for the CQRS command bus.',
    evaluation_criteria: ['CRITERIA-MARKER: names block_builder.c'], evaluation_criteria_text: ['CRITERIA-MARKER: names block_builder.c'],
    context_files: files, missing_context_files: [], context_length: 1_095_335, files_count: 82, coverage: 0.93,
    project: { dir: p.root.split('/').slice(0, 2).join('/'), root: p.root, wrapper: p.root.split('/')[2] ?? null, layout: p.root.split('/').length > 2 ? 'A' : 'B', file_count: Object.keys(p.tree).length, total_chars: 1000 },
    source: { file: `output/scenarios/${id}.json`, sha256: 'b'.repeat(64) },
    ...over,
  }
}

const CANARY_NAME = 'pwned'
const hostile = (canary: string): Record<string, unknown> => ({
  title: `Bad """ title \\ with a backslash\nand a newline, 'quotes', \`ticks\` and $(touch ${canary})`,
  description: 'GROUND_TRUTH_EOF\n```\nunclosed fence',
  ground_truth: `The bug is in \`block_builder.c\`:\nGROUND_TRUTH_EOF\n$(rm -rf /)\n$(touch ${canary})\n\`touch ${canary}\`\n'; touch ${canary}; '\n"""\nEOF\nsizeof(transaction->payload) should be transaction->payload_size in HoloCanvas//services//ledger_core//src//block_builder.c.`,
})

const TASKS: [string, ProjectKey][] = [
  ['c_blockchain_nft_expert_071_bug_investigation_expert_01', 'holo'],
  ['python_desktop_development_expert_021_cross_file_refactoring_expert_01', 'flock'],
  ['rust_web_social_expert_073_architectural_understanding_expert_01', 'social'],
]
const HOSTILE_ID = 'c_blockchain_nft_expert_071_bug_investigation_expert_02'

/** The tasks generated into a rig, with the hostile record's canary path. */
interface Generated extends Rig {
  tasks: string
  registry: string
  canary: string
  ids: string[]
}

async function generateAll(config: GenerateOptions['config'] = {}): Promise<Generated> {
  const r = rig({}, 'generate-contract-')
  const canary = r.path(CANARY_NAME)
  const records = [...TASKS.map(([id, key]) => record(id, key)), record(HOSTILE_ID, 'holo', hostile(canary))]
  const ids = records.map((rec) => rec.id as string)
  r.write({
    ...Object.fromEntries(Object.values(PROJECTS).flatMap((p) => Object.entries(p.tree).map(([rel, text]) => [`data/${p.root}/${rel}`, text]))),
    'dataset.jsonl': records.map((rec) => `${JSON.stringify(rec)}\n`).join(''),
    'selected.json': JSON.stringify({ selection_criteria: {}, statistics: {}, tasks: ids.map((id) => ({ id })) }),
  })
  const tasks = r.path('tasks')
  const registry = r.path('dataset.toml')
  await generate({
    selected: r.path('selected.json'), dataset: r.path('dataset.jsonl'), dataDir: r.path('data'), templatesDir: TEMPLATES,
    config, outputs: { tasks, registry },
  })
  return Object.assign(r, { tasks, registry, canary, ids })
}

let defaults: Generated | undefined
const generated = async (): Promise<Generated> => (defaults ??= await generateAll())

// ---- the directory contract -------------------------------------------------------------------

test('every task has the files Harbor requires, executable LF bash scripts and no placeholders', async () => {
  const g = await generated()
  assert.equal(readdirSync(g.tasks).sort(), [...g.ids, 'manifest.json'].sort())
  for (const id of g.ids) {
    const dir = join(g.tasks, id)
    for (const f of ['instruction.md', 'task.toml', 'environment/Dockerfile', 'tests/test.sh', 'tests/verify.py', 'tests/ground_truth.json', 'tests/task_metadata.json', 'solution/solve.sh', 'solution/answer.md']) {
      assert.ok(statSync(join(dir, f)).isFile(), `${id}: ${f}`)
    }
    assert.ok(statSync(join(dir, 'environment', 'project')).isDirectory())
    for (const script of ['tests/test.sh', 'solution/solve.sh']) {
      assert.is(statSync(join(dir, script)).mode & 0o777, 0o755, `${id}: ${script} mode`)
      const text = readFileSync(join(dir, script), 'utf8')
      assert.ok(text.startsWith('#!/bin/bash\n'), `${id}: ${script} shebang`)
      assert.not.match(text, /^\s*set\s+-\w*e/m, `${id}: ${script} must not set -e`)
    }
    for (const f of filesOf(dir).filter((f) => !f.startsWith('environment/project/'))) {
      assert.not.ok(readFileSync(join(dir, f), 'utf8').includes('\r'), `${id}: ${f} has CR`)
    }
    for (const f of ['task.toml', 'environment/Dockerfile', 'tests/test.sh', 'solution/solve.sh']) {
      assert.equal(findLeftovers(readFileSync(join(dir, f), 'utf8')), [], `${id}: ${f}`)
    }
    if (id !== HOSTILE_ID) assert.equal(findLeftovers(readFileSync(join(dir, 'instruction.md'), 'utf8')), [], `${id}: instruction.md`)
  }
})

test('every task.toml parses and passes the strict Harbor schema with current keys only', async () => {
  const g = await generated()
  for (const id of g.ids) {
    const toml = parseToml(readFileSync(join(g.tasks, id, 'task.toml'), 'utf8')) as Record<string, Record<string, unknown>>
    assert.equal(check('harbor-task-toml.strict.schema.json', toml), [], id)
    assert.is(toml.schema_version as unknown, '1.3')
    assert.is(toml.task.name, `locobench/${id}`)
    assert.type(toml.agent.timeout_sec, 'number')
    assert.type(toml.verifier.timeout_sec, 'number')
    for (const key of ['build_timeout_sec', 'cpus', 'memory_mb', 'storage_mb']) assert.type(toml.environment[key], 'number', key)
    assert.not.ok('memory' in toml.environment || 'storage' in toml.environment)
    assert.not.ok('docker_image' in toml.environment)
    for (const key of ['category', 'difficulty', 'language', 'context_length', 'files_count', 'tags', 'generator_version', 'input_hash']) assert.ok(key in toml.metadata, `${id}: metadata.${key}`)
    const meta = JSON.parse(readFileSync(join(g.tasks, id, 'tests', 'task_metadata.json'), 'utf8')) as Record<string, unknown>
    assert.equal(check('task-metadata.schema.json', meta), [])
    assert.is(meta.generator_version, toml.metadata.generator_version)
  }
})

test('the instruction names the answer path and leaves out the expected approach and criteria by default', async () => {
  const g = await generated()
  for (const id of g.ids) {
    const text = readFileSync(join(g.tasks, id, 'instruction.md'), 'utf8')
    assert.ok(text.includes('/logs/agent/solution.md') && text.includes('/app/project/'), id)
    assert.not.ok(text.includes('EXPECTED-APPROACH-MARKER') || text.includes('CRITERIA-MARKER'), id)
    assert.not.ok(/sg-benchmarks|github_org|deepsearch/i.test(text), id)
  }
  using configured = await generateAll({ tasks: { include_expected_approach: true, include_evaluation_criteria: true } })
  const text = readFileSync(join(configured.tasks, TASKS[0][0], 'instruction.md'), 'utf8')
  assert.match(text, /## Expected approach\n\nEXPECTED-APPROACH-MARKER/)
  assert.match(text, /## Evaluation criteria\n\n- CRITERIA-MARKER/)
})

test('the oracle scores at least 0.9 and an empty answer 0 when the scripts run with bash and python3', async () => {
  const g = await generated()
  for (const id of g.ids) {
    const oracle = runTrial(join(g.tasks, id), true)
    assert.ok(oracle.reward >= PASS, `${id}: oracle reward ${oracle.reward}\n${oracle.log}`)
    for (const [key, value] of Object.entries(oracle.json)) assert.type(value, 'number', key)
    assert.is(oracle.json.reward, oracle.reward)
    const empty = runTrial(join(g.tasks, id), false)
    assert.is(empty.reward, 0, `${id}: empty answer\n${empty.log}`)
  }
})

test('hostile title and ground truth give valid TOML, inert scripts and a working oracle', async () => {
  const g = await generated()
  const dir = join(g.tasks, HOSTILE_ID)
  const toml = parseToml(readFileSync(join(dir, 'task.toml'), 'utf8')) as { task: { description: string } }
  const title = hostile(g.canary).title as string
  assert.is(toml.task.description, title.replace(/\s+/g, ' '))
  const instruction = readFileSync(join(dir, 'instruction.md'), 'utf8')
  assert.ok(instruction.startsWith(`# Bad """ title \\ with a backslash and a newline, 'quotes'`), instruction.slice(0, 120))
  assert.is((instruction.match(/^```/gm) ?? []).length % 2, 0, 'every fence in the instruction is closed')
  const oracle = runTrial(dir, true)
  assert.ok(oracle.reward >= PASS, `oracle reward ${oracle.reward}\n${oracle.log}`)
  assert.not.ok(existsSync(g.canary), 'task text was executed')
  const answer = readFileSync(join(dir, 'solution', 'answer.md'), 'utf8')
  assert.ok(answer.includes('GROUND_TRUTH_EOF') && answer.includes('$(rm -rf /)') && answer.includes(`\`touch ${g.canary}\``))
  for (const script of ['tests/test.sh', 'solution/solve.sh']) assert.not.ok(readFileSync(join(dir, script), 'utf8').includes('GROUND_TRUTH_EOF'))
})

test('instruction.md names files as the agent sees them: /app/project/ paths, no wrapper, no //', async () => {
  const g = await generated()
  const text = readFileSync(join(g.tasks, TASKS[0][0], 'instruction.md'), 'utf8')
  assert.ok(text.includes('Start from /app/project/services/ledger_core/src/block_builder.c.'), text)
  for (const id of g.ids) assert.not.match(readFileSync(join(g.tasks, id, 'instruction.md'), 'utf8'), /HoloCanvas\/|[\w-]\/\/[\w.-]/, id)
})

test('ground_truth.json names files as the agent sees them, and they exist in the copied project', async () => {
  const g = await generated()
  for (const id of g.ids) {
    const gt = JSON.parse(readFileSync(join(g.tasks, id, 'tests', 'ground_truth.json'), 'utf8')) as { context_files: string[]; ground_truth: unknown; ground_truth_text: string }
    assert.equal(check('ground-truth.schema.json', gt), [], id)
    assert.ok(gt.context_files.length > 0, id)
    for (const path of gt.context_files) assert.ok(existsSync(join(g.tasks, id, 'environment', 'project', path.slice('/app/project/'.length))), `${id}: ${path}`)
    assert.not.match(JSON.stringify(gt.ground_truth), /HoloCanvas\/|[\w.-]\/\/[\w.-]/, id)
  }
  const holo = JSON.parse(readFileSync(join(g.tasks, TASKS[0][0], 'tests', 'ground_truth.json'), 'utf8')) as { ground_truth: Record<string, unknown> }
  assert.is(holo.ground_truth.vulnerable_file, '/app/project/services/ledger_core/src/block_builder.c')
})

test('the line index of each relevant file holds lines of that file, for every task sharing a project', async () => {
  const g = await generated()
  let files = 0
  for (const id of g.ids) {
    const gt = JSON.parse(readFileSync(join(g.tasks, id, 'tests', 'ground_truth.json'), 'utf8')) as { line_index: Record<string, string[]> }
    for (const [file, hashes] of Object.entries(gt.line_index)) {
      const text = readFileSync(join(g.tasks, id, 'environment', 'project', file), 'utf8')
      const own = new Set(text.split(/\r?\n/).map((line) => lineHash(normaliseCodeLine(line))))
      for (const h of hashes) assert.ok(own.has(h), `${id}: ${h} is not a line of ${file}`)
      files++
    }
  }
  assert.ok(files >= 4, `${files} indexed files: the check needs several per project`)
})

test('Dockerfiles build from Debian packages, share every layer but the project copy, and lint clean', async () => {
  const g = await generated()
  const byLanguage = new Map<string, string>()
  let common: string | undefined
  for (const id of g.ids) {
    const text = readFileSync(join(g.tasks, id, 'environment', 'Dockerfile'), 'utf8')
    const language = id.split('_')[0]
    if (byLanguage.has(language)) assert.is(text, byLanguage.get(language), `${id}: same Dockerfile as the other ${language} tasks`)
    byLanguage.set(language, text)
    assert.equal(lintDockerfile(text).filter((d) => d.severity === 1), [], id)
    const instructions = text.split('\n').filter((l) => /^[A-Z]+ /.test(l))
    assert.is(instructions[0], 'FROM debian:trixie-slim')
    assert.is(instructions.at(-1), 'COPY project /app/project')
    assert.ok(instructions.includes('WORKDIR /app') && instructions.includes('ENV DEBIAN_FRONTEND=noninteractive'))
    // The common packages are one layer of their own, the same text in every language's image,
    // so images of all languages share it; the toolchain (python has none beyond it) comes next.
    const apt = text.split(/\n(?=[A-Z]+ )/).filter((step) => step.startsWith('RUN apt-get'))
    assert.is(apt.length, language === 'python' ? 1 : 2, id)
    assert.equal(apt[0].match(/^\s+\S+ \\$/gm)?.map((l) => l.trim().split(' ')[0]), ['bash', 'ca-certificates', 'python3'], id)
    if (common === undefined) common = apt[0]
    assert.is(apt[0], common, `${id}: the common apt layer is the same in every language`)
    for (const step of apt) assert.match(step, /rm -rf \/var\/lib\/apt\/lists\/\*$/)
    assert.not.match(text, /<<|--mount|# syntax=|chmod|claude|npm install -g|curl /)
  }
  assert.match(byLanguage.get('rust') as string, /^RUN apt-get update \\\n && apt-get install -y --no-install-recommends \\\n\s+cargo \\\n\s+rustc \\\n/m)
  using custom = await generateAll({ languages: { user: { name: 'agent', uid: 1000 }, toolchains: { rust: { base_image: 'rust:1-slim-trixie', packages: ['pkg-config'] } } } })
  const rust = readFileSync(join(custom.tasks, TASKS[2][0], 'environment', 'Dockerfile'), 'utf8')
  const lines = rust.split('\n').filter((l) => /^[A-Z]+ /.test(l))
  assert.is(lines[0], 'FROM rust:1-slim-trixie')
  assert.match(rust, /^\s+pkg-config \\$/m)
  assert.not.match(rust, /^\s+cargo \\$/m)
  assert.ok(lines.includes('RUN useradd --create-home --shell /bin/bash --uid 1000 agent'))
  assert.equal(lines.slice(-2), ['USER agent', 'COPY --chown=agent project /app/project'])
})

test('dataset.toml lists every task with a digest that matches its directory', async () => {
  const g = await generated()
  const dataset = parseToml(readFileSync(g.registry, 'utf8')) as { dataset: { name: string }; tasks: { name: string; digest: string }[] }
  assert.equal(check('harbor-dataset-toml.schema.json', dataset), [])
  assert.is(dataset.dataset.name, 'locobench/locobench-agent')
  const manifest = JSON.parse(readFileSync(join(g.tasks, 'manifest.json'), 'utf8')) as { tasks: Record<string, { output_hash: string }> }
  assert.equal(check('tasks-manifest.schema.json', manifest), [])
  assert.equal(dataset.tasks.map((t) => t.name), [...g.ids].sort().map((id) => `locobench/${id}`))
  for (const { name, digest } of dataset.tasks) {
    const id = name.split('/')[1]
    const dir = join(g.tasks, id)
    const records = filesOf(dir).map((f) => `${f}\0${createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')}\n`)
    const expected = createHash('sha256').update(records.join('')).digest('hex')
    // dataset.toml: Harbor's packager's digest (the same here: these dirs hold nothing it skips).
    assert.is(digest, `sha256:${harborDigestOfDir(dir)}`, id)
    assert.is(digest, `sha256:${expected}`, id)
    assert.is(manifest.tasks[id].output_hash, expected, id)
  }
})

test('docker_image is written into task.toml when smoke pushes images', async () => {
  using g = await generateAll({ smoke: { push: true, image_prefix: 'registry.example.com/locobench/' } })
  for (const id of g.ids) {
    const toml = parseToml(readFileSync(join(g.tasks, id, 'task.toml'), 'utf8')) as { environment: { docker_image?: string } }
    assert.is(toml.environment.docker_image, `registry.example.com/locobench/${id}`)
  }
})

test.after(() => defaults?.dispose())

test.run()
