import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { imageName, missingImages, probeEngine, smoke, type SmokeConfig, type SmokeReport, type SmokeResult } from '../scripts/stages/smoke.ts'
import { buildBaseImage, debianSuite, mirrorFromDeb822, mirrorFromSourcesList } from '../scripts/stages/smoke/base-image.ts'
import { bakeFile, renderBake } from '../scripts/stages/smoke/bake.ts'
import { smokeConfig } from '../scripts/stages/smoke/smoke-config.ts'
import { removeOrphanedTrials } from '../scripts/stages/smoke/container.ts'
import { detectEngine } from '../scripts/stages/smoke/engine.ts'
import { lintDockerfile } from '../scripts/stages/smoke/lint.ts'
import { instructions, splitDockerfile } from '../scripts/stages/smoke/smoke-manifest.ts'
import { sharedPrefixes } from '../scripts/stages/smoke/prefix.ts'
import { readReward } from '../scripts/stages/smoke/trial.ts'
import { rig, type Rig, type Tree } from './helpers/rig.ts'

// ---- a generated task, as the generate stage writes it, small ----------------------------------

const TOOLCHAIN = [
  'FROM debian:trixie-slim',
  'RUN apt-get update && apt-get install -y --no-install-recommends python3 && rm -rf /var/lib/apt/lists/*',
  'WORKDIR /app',
]
const DOCKERFILE = `${[...TOOLCHAIN, 'COPY project /app/project'].join('\n')}\n`

const TEST_SH = `#!/bin/bash
LOGS_DIR=\${LOGS_DIR:-/logs}
TESTS_DIR=\${TESTS_DIR:-/tests}
mkdir -p "$LOGS_DIR/verifier"
echo 0 > "$LOGS_DIR/verifier/reward.txt"
python3 "$TESTS_DIR/verify.py"
`
// Stand-in scorer: 1.0 when the agent left a non-empty solution.md, else 0.
const VERIFY_PY = `import json, os
logs = os.environ.get("LOGS_DIR", "/logs")
path = os.path.join(logs, "agent", "solution.md")
reward = 1.0 if os.path.exists(path) and open(path).read().strip() else 0.0
json.dump({"reward": reward}, open(os.path.join(logs, "verifier", "reward.json"), "w"))
open(os.path.join(logs, "verifier", "reward.txt"), "w").write(str(reward))
print("reward", reward)
`
const SOLVE_SH = `#!/bin/bash
mkdir -p "\${LOGS_DIR:-/logs}/agent"
cp "\${SOLUTION_DIR:-/solution}/answer.md" "\${LOGS_DIR:-/logs}/agent/solution.md"
`

function taskFiles(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'task.toml': 'schema_version = "1.3"\n',
    'instruction.md': 'Explain the architecture.\n',
    'environment/Dockerfile': DOCKERFILE,
    'environment/project/src/main.py': 'print("hi")\n',
    'tests/test.sh': TEST_SH,
    'tests/verify.py': VERIFY_PY,
    'tests/ground_truth.json': '{}\n',
    'solution/solve.sh': SOLVE_SH,
    'solution/answer.md': 'The answer names src/main.py.\n',
    ...overrides,
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** Writes out/tasks/<id>/… and out/tasks/manifest.json; the hashes follow the files. */
function writeTasks(r: Rig, tasks: Record<string, Record<string, string>>, language = 'python'): string {
  const tree: Tree = {}
  const manifest: { generator_version: string; tasks: Record<string, unknown> } = { generator_version: '0.1.0+000000000000', tasks: {} }
  for (const [id, files] of Object.entries(tasks)) {
    for (const [path, content] of Object.entries(files)) tree[`out/tasks/${id}/${path}`] = content
    const text = JSON.stringify(files)
    manifest.tasks[id] = { input_hash: sha(`in:${text}`), output_hash: sha(`out:${text}`), language, project_id: id }
  }
  tree['out/tasks/manifest.json'] = JSON.stringify(manifest)
  r.write(tree)
  return r.path('out/tasks')
}

interface Run {
  result: SmokeResult
  report: SmokeReport
  reportText: string
  warnings: string[]
}

async function runSmoke(r: Rig, config: Partial<SmokeConfig>, previous?: SmokeResult, signal?: AbortSignal): Promise<Run> {
  const warnings: string[] = []
  const outputs = { report: r.path('out/smoke/report.json'), reportMd: r.path('out/report/smoke.md'), bake: r.path('out/docker-bake.json') }
  const result = await smoke({
    tasksDir: r.path('out/tasks'),
    config,
    outputs,
    previousReport: outputs.report,
    previous: previous ? { images: previous.facts.images } : undefined,
    warn: (m) => warnings.push(m),
    signal,
  })
  const reportText = readFileSync(outputs.report, 'utf8')
  return { result, report: JSON.parse(reportText) as SmokeReport, reportText, warnings }
}

/** The report text with counts.built/reused (what a run did, by design not stable) blanked. */
const withoutRunCounts = (text: string) => text.replace(/"built": \d+,\n\s*"reused": \d+/, '"built": _, "reused": _')

const entry = (run: Run, id: string) => {
  const found = run.report.tasks.find((t) => t.id === id)
  assert.ok(found, `no report entry for ${id}`)
  return found
}

// ---- pure parts ---------------------------------------------------------------------------------

test('reward.json is read before reward.txt, and a flat object needs a reward key', () => {
  assert.equal(readReward('{"reward": 0.75, "f1": 0.5}', '0.1'), { ok: true, reward: 0.75 })
  assert.equal(readReward('{"score": 1}', undefined), { ok: true, reward: 1 })
  assert.equal(readReward(undefined, ' 0.5\n'), { ok: true, reward: 0.5 })
  assert.equal(readReward('{"a": 1, "b": 0}', undefined).ok, false)
  assert.equal(readReward('[1]', undefined).ok, false)
  assert.equal(readReward('{"reward": "1"}', undefined).ok, false)
  assert.equal(readReward(undefined, 'PASSED').ok, false)
  assert.equal(readReward(undefined, '').ok, false)
  assert.equal(readReward(undefined, undefined), { ok: false, problem: 'test.sh wrote no reward.json or reward.txt' })
})

test('image names: valid ids are kept, others are lower-cased and made unique', () => {
  const config = { image_prefix: 'locobench/' }
  const id = 'python_web_ecommerce_easy_001_code_comprehension_hard_01'
  assert.is(imageName(config, id), `locobench/${id}`)
  const upper = imageName(config, 'Task_A')
  const lower = imageName(config, 'task_a')
  assert.match(upper, /^locobench\/task_a-[0-9a-f]{8}$/)
  assert.is.not(upper, lower)
  assert.match(imageName(config, 'a..b__c'), /^locobench\/a-b__c-[0-9a-f]{8}$/)
  assert.is(imageName({ image_prefix: 'registry.example.com:5000/lb/' }, 'x1'), 'registry.example.com:5000/lb/x1')
})

test('the smoke config fills defaults and rejects a bad key with its name', () => {
  const config = smokeConfig({ concurrency: 3 })
  assert.is(config.concurrency, 3)
  assert.is(config.pass_threshold, 0.9)
  assert.is(config.base_image, 'debian:trixie-slim')
  assert.is(config.image_prefix, 'locobench/')
  assert.throws(() => smokeConfig({ pass_threshold: 2 }), /smoke\.pass_threshold/)
  assert.throws(() => smokeConfig({ image_prefix: 'Upper/' }), /smoke\.image_prefix/)
})

test('the base image suite comes from the tag; the mirror from the non-security apt source', () => {
  assert.is(debianSuite('debian:trixie-slim'), 'trixie')
  assert.is(debianSuite('docker.io/library/debian:bookworm'), 'bookworm')
  assert.is(debianSuite('debian:13-slim'), 'trixie')
  assert.is(debianSuite('ubuntu:24.04'), undefined)
  const deb822 = [
    'Types: deb',
    'URIs: http://security.example.org/debian-security',
    'Suites: trixie-security',
    '',
    'Types: deb-src',
    'URIs: http://src.example.org/debian',
    '',
    'Types: deb',
    'URIs: http://mirror.example.org/debian',
    'Suites: trixie trixie-updates',
  ].join('\n')
  assert.is(mirrorFromDeb822(deb822), 'http://mirror.example.org/debian')
  const list = '# comment\ndeb http://security.example.org/debian-security bookworm-security main\ndeb [arch=amd64] http://list.example.org/debian bookworm main\n'
  assert.is(mirrorFromSourcesList(list), 'http://list.example.org/debian')
})

test('the toolchain part of a Dockerfile is everything before its trailing COPY lines', () => {
  const a = splitDockerfile(DOCKERFILE)
  const b = splitDockerfile(`${TOOLCHAIN.join('\n')}\n\n# the project\nCOPY   project   /app/project\n`)
  assert.is(a.toolchain, b.toolchain)
  assert.is(a.trailingCopies, 1)
  assert.is.not(splitDockerfile(`${TOOLCHAIN.join('\n')}\nRUN true\nCOPY project /app/project\n`).toolchain, a.toolchain)
})

test('instructions keep their continuation lines; only shared prefixes without COPY are prebuilt, shortest first', () => {
  const text = 'FROM debian:trixie-slim\n# why\nENV A=1\nRUN apt-get update \\\n && apt-get install -y \\\n      gcc \\\n && true\nCOPY project /app/project\n'
  const steps = instructions(text)
  assert.equal(steps.map((s) => s.norm), ['FROM debian:trixie-slim', 'ENV A=1', 'RUN apt-get update && apt-get install -y gcc && true', 'COPY project /app/project'])
  assert.is(steps[2].raw, 'RUN apt-get update \\\n && apt-get install -y \\\n      gcc \\\n && true')
  const toolchain = (...lines: string[]) => instructions(lines.join('\n'))
  const c = toolchain('FROM d', 'ENV A=1', 'RUN gcc')
  const go = toolchain('FROM d', 'ENV A=1', 'RUN go')
  const goMore = toolchain('FROM d', 'ENV A=1', 'RUN go', 'RUN more')
  const other = toolchain('FROM e', 'ENV A=1', 'RUN gcc')
  const copying = toolchain('FROM d', 'COPY x /x', 'RUN a')
  const copying2 = toolchain('FROM d', 'COPY x /x', 'RUN b')
  const prefixes = sharedPrefixes([c, go, goMore, other, copying, copying2]).map((p) => p.map((s) => s.norm).join(' | '))
  assert.equal(prefixes, ['FROM d | ENV A=1', 'FROM d | ENV A=1 | RUN go'])
})

test('lint catches syntax errors, what the 20.10 builder cannot do, and missing COPY sources', () => {
  const r = rig({ 'env/project/a.txt': 'a' }, 'lbh-smoke-')
  try {
    assert.equal(lintDockerfile(DOCKERFILE, r.path('env')), [])
    const issues = lintDockerfile('FROOM debian:trixie-slim\nRUN <<EOT\necho hi\nEOT\nRUN --mount=type=cache,target=/x true\nCOPY nothere /app/\n', r.path('env'))
    const messages = issues.filter((i) => i.severity === 'error').map((i) => `${i.line}: ${i.message}`)
    assert.ok(messages.some((m) => m.startsWith('1: Unknown instruction: FROOM')), messages.join('\n'))
    assert.ok(messages.some((m) => m.startsWith('2: heredocs')), messages.join('\n'))
    assert.ok(messages.some((m) => m.startsWith('5: RUN flags need BuildKit')), messages.join('\n'))
    assert.ok(messages.some((m) => m.startsWith('6: COPY source nothere does not exist')), messages.join('\n'))
  } finally {
    r.dispose()
  }
})

test('docker-bake.json: sorted targets, contexts relative to the out dir, host network, push output on request', () => {
  const tasks = [
    { id: 'b_task', language: 'go', input_hash: sha('1'), output_hash: sha('2'), dir: '/x/out/tasks/b_task' },
    { id: 'a_task', language: 'go', input_hash: sha('3'), output_hash: sha('4'), dir: '/x/out/tasks/a_task' },
  ]
  const plain = bakeFile(tasks, smokeConfig({}), '/x/out')
  assert.equal(plain.group.default.targets, ['a_task', 'b_task'])
  assert.equal(plain.target.a_task, { context: 'tasks/a_task/environment', dockerfile: 'Dockerfile', tags: ['locobench/a_task'], network: 'host' })
  const text = renderBake(plain)
  assert.ok(text.indexOf('"a_task": {') < text.indexOf('"b_task": {'))
  assert.not.match(text, '/x/')
  const pushed = bakeFile(tasks, smokeConfig({ push: true, image_prefix: 'reg.example.com/lb/' }), '/x/out')
  assert.equal(pushed.target.b_task.output, ['type=registry'])
  assert.equal(pushed.target.b_task.tags, ['reg.example.com/lb/b_task'])
})

// ---- without an engine --------------------------------------------------------------------------

const NO_ENGINE: Partial<SmokeConfig> = { engine: 'docker', host: 'unix:///nonexistent.sock' }

test('probeEngine says none when the engine does not answer', async () => {
  assert.is(await probeEngine(NO_ENGINE), 'none')
  assert.equal(await missingImages({ t: { input_hash: sha('x'), image_id: sha('y') } }, NO_ENGINE), [])
})

test('without an engine: one line says so and how to get one, then lint and local oracle/empty checks pass as lint-only', async () => {
  const r = rig({}, 'lbh-smoke-')
  try {
    writeTasks(r, { good_task: taskFiles(), other_task: taskFiles({ 'solution/answer.md': 'Another answer.\n' }) })
    const run = await runSmoke(r, NO_ENGINE)
    assert.is(run.warnings.length, 1)
    assert.match(run.warnings[0], /no container engine is running/)
    assert.match(run.warnings[0], /base-image/)
    assert.match(run.warnings[0], /CONTAINER_ENGINE=podman/)
    assert.is(run.report.engine, 'none')
    assert.is(run.report.engine_version, null)
    assert.equal(run.result.facts, { engine: 'none', images: {} })
    const good = entry(run, 'good_task')
    assert.is(good.status, 'lint-only')
    assert.is(good.oracle_reward, 1)
    assert.is(good.empty_reward, 0)
    assert.equal(run.report.counts, { tasks: 2, built: 2, reused: 0, passed: 0, failed: 0, lint_only: 2 })
    assert.equal(run.report.toolchain_layers, { method: 'dockerfile-text', distinct: 1, tasks: 2 })
    assert.is(run.result.failed, 0)
    assert.match(r.read('out/report/smoke.md'), 'Engine: none')
  } finally {
    r.dispose()
  }
})

test('without an engine: a rerun carries every unchanged task over and writes the same bytes', async () => {
  const r = rig({}, 'lbh-smoke-')
  try {
    writeTasks(r, { good_task: taskFiles() })
    const first = await runSmoke(r, NO_ENGINE)
    const bake = r.read('out/docker-bake.json')
    const second = await runSmoke(r, NO_ENGINE, first.result)
    assert.is(second.report.counts.built, 0)
    assert.is(second.report.counts.reused, 1)
    assert.is(withoutRunCounts(second.reportText), withoutRunCounts(first.reportText))
    assert.is(r.read('out/docker-bake.json'), bake)
  } finally {
    r.dispose()
  }
})

test('without an engine: a Dockerfile error fails at lint, a verifier with no reward fails at verify', async () => {
  const r = rig({}, 'lbh-smoke-')
  try {
    writeTasks(r, {
      bad_docker: taskFiles({ 'environment/Dockerfile': 'FROOM debian:trixie-slim\nCOPY project /app/project\n' }),
      bad_verifier: taskFiles({ 'tests/test.sh': '#!/bin/bash\necho "verifier crashed early"\nexit 3\n' }),
      txt_garbage: taskFiles({ 'tests/test.sh': '#!/bin/bash\nmkdir -p "$LOGS_DIR/verifier"\necho PASSED > "$LOGS_DIR/verifier/reward.txt"\n' }),
    })
    const run = await runSmoke(r, NO_ENGINE)
    const lint = entry(run, 'bad_docker')
    assert.is(lint.status, 'fail')
    assert.is(lint.step, 'lint')
    assert.match(lint.reason ?? '', 'Unknown instruction: FROOM')
    const verify = entry(run, 'bad_verifier')
    assert.is(verify.status, 'fail')
    assert.is(verify.step, 'verify')
    assert.match(verify.reason ?? '', 'no reward.json or reward.txt')
    assert.match(verify.reason ?? '', 'verifier crashed early')
    assert.is(entry(run, 'txt_garbage').step, 'verify')
    assert.match(entry(run, 'txt_garbage').reason ?? '', 'not a number')
    assert.is(run.result.failed, 3)
  } finally {
    r.dispose()
  }
})

test('an empty answer that scores above 0 fails at empty; an oracle below the threshold fails at oracle', async () => {
  const r = rig({}, 'lbh-smoke-')
  try {
    const always = VERIFY_PY.replace(/^reward = .*$/m, 'reward = 1.0')
    writeTasks(r, {
      lenient: taskFiles({ 'tests/verify.py': always }),
      weak_oracle: taskFiles({ 'solution/answer.md': '   \n' }),
    })
    const run = await runSmoke(r, NO_ENGINE)
    assert.is(entry(run, 'lenient').step, 'empty')
    assert.match(entry(run, 'lenient').reason ?? '', 'empty answer scored 1, expected 0')
    assert.is(entry(run, 'weak_oracle').step, 'oracle')
    assert.match(entry(run, 'weak_oracle').reason ?? '', 'oracle reward 0 is below 0.9')
  } finally {
    r.dispose()
  }
})

// ---- with a real engine -------------------------------------------------------------------------

const PREFIX = `locobench-test-${process.pid}/`
const ENGINE: Partial<SmokeConfig> = { image_prefix: PREFIX }

const docker = (...args: string[]) => spawnSync('docker', args, { encoding: 'utf8' })

async function engineReady(): Promise<string | undefined> {
  const engine = await probeEngine({})
  if (engine === 'none') return 'no container engine answers (`docker info` fails); scripts/ci/docker-up.sh starts one'
  if (!engine.startsWith('docker')) return `the engine tests drive docker directly, found ${engine}`
  try {
    await buildBaseImage({ log: () => {} })
  } catch (error) {
    return `the base image cannot be made: ${(error as Error).message}`
  }
  // A tagged image of the toolchain keeps its layers cached between test runs.
  const r = rig({ Dockerfile: `${TOOLCHAIN.join('\n')}\n` }, 'lbh-smoke-')
  try {
    const built = docker('build', '--network', 'host', '-q', '-t', 'locobench-test-cache/python3', r.dir)
    if (built.status !== 0) return `the test toolchain image does not build: ${built.stderr.trim().split('\n').pop()}`
  } finally {
    r.dispose()
  }
  return undefined
}

const skipReason = await engineReady()

const containersOf = (id: string) => docker('ps', '-aq', '--filter', `name=locobench-smoke-${sha(id).slice(0, 12)}-`).stdout.trim()

if (skipReason) {
  console.log(`smoke.test.ts: engine tests not registered: ${skipReason}`)
} else {
  test.after(() => {
    const ids = docker('images', '-q', '--filter', `reference=${PREFIX}*`).stdout.split('\n').filter(Boolean)
    if (ids.length) docker('rmi', '-f', ...new Set(ids))
  })

  test('with docker: a task builds, its oracle passes and its empty answer scores 0; no container is left', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, { good_task: taskFiles() })
      const run = await runSmoke(r, ENGINE)
      const good = entry(run, 'good_task')
      assert.is(good.status, 'pass', good.reason ?? '')
      assert.is(good.oracle_reward, 1)
      assert.is(good.empty_reward, 0)
      // Tagged for this out dir and this content (smoke/tags.ts), never the machine-wide name.
      assert.match(good.image as string, new RegExp(`^${PREFIX}good_task:[0-9a-f]{16}$`))
      assert.is(run.report.engine, 'docker')
      assert.ok(good.image_id && docker('image', 'inspect', good.image_id).status === 0)
      assert.equal(run.result.facts.images, { good_task: { input_hash: good.input_hash, image_id: good.image_id, tag: good.image } })
      assert.match(run.result.facts.engine, /^docker \d/)
      assert.is(containersOf('good_task'), '')
      assert.is(run.warnings.length, 0, run.warnings.join('\n'))
    } finally {
      r.dispose()
    }
  })

  test('trial containers left by a dead run of this host are removed; those of a live run are kept', async () => {
    const dead = spawnSync('true').pid
    // A host label of its own: a smoke run of another test file cleans up this host's orphans too,
    // and could remove this test's orphan before the call under test.
    const host = `${hostname()}-orphantest-${process.pid}`
    const start = (pid: number) => docker('run', '-d', '--network', 'host', '--label', `org.locobench.smoke.host=${host}`, '--name', `locobench-smoke-orphantest-oracle-p${pid}-${pid.toString(16).padStart(6, '0').slice(-6)}`, '--entrypoint', 'sleep', 'debian:trixie-slim', '300').stdout.trim()
    const orphan = start(dead)
    const live = start(process.pid)
    try {
      assert.ok(orphan && live, 'test containers started')
      const { engine } = await detectEngine(smokeConfig({}))
      assert.is(await removeOrphanedTrials(engine!, host), 1, 'the orphan removed, and only it')
      const left = docker('ps', '-aq', '--no-trunc', '--filter', 'name=locobench-smoke-orphantest-').stdout.split('\n').filter(Boolean)
      assert.equal(left, [live])
    } finally {
      docker('rm', '-f', orphan, live)
    }
  })

  test('the engine seen is part of the recipe: `docker <version>` while it answers, none when it does not', async () => {
    const seen = await probeEngine({})
    assert.match(seen, /^docker \d+\.\d+/)
    assert.is.not(seen, await probeEngine(NO_ENGINE))
  })

  test('with docker: a broken Dockerfile fails at build with the build error in the reason', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, { broken_build: taskFiles({ 'environment/Dockerfile': 'FROM debian:trixie-slim\nRUN echo "about to fail" && false\nCOPY project /app/project\n' }) })
      const run = await runSmoke(r, ENGINE)
      const broken = entry(run, 'broken_build')
      assert.is(broken.status, 'fail')
      assert.is(broken.step, 'build')
      assert.is(broken.image_id, null)
      assert.match(broken.reason ?? '', /^broken_build: build: image build failed/)
      assert.match(broken.reason ?? '', 'about to fail')
      assert.match(broken.reason ?? '', 'returned a non-zero code: 1')
      assert.not.match(broken.reason ?? '', 'DEPRECATED')
      assert.equal(run.result.facts.images, {})
      assert.is(run.warnings.length, 1)
    } finally {
      r.dispose()
    }
  })

  test('with docker: a verifier that exits before writing a reward, or writes a bad one, fails instead of passing', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, {
        early_exit: taskFiles({ 'tests/test.sh': '#!/bin/bash\necho "verifier gave up"\nexit 3\n' }),
        bad_json: taskFiles({ 'tests/test.sh': '#!/bin/bash\nmkdir -p /logs/verifier\necho "[1]" > /logs/verifier/reward.json\n' }),
      })
      const run = await runSmoke(r, ENGINE)
      for (const id of ['early_exit', 'bad_json']) {
        assert.is(entry(run, id).status, 'fail')
        assert.is(entry(run, id).step, 'verify')
      }
      assert.match(entry(run, 'early_exit').reason ?? '', 'verifier gave up')
      assert.match(entry(run, 'bad_json').reason ?? '', 'reward.json is not an object')
      assert.equal(run.result.facts.images, {})
      assert.is(containersOf('early_exit'), '')
    } finally {
      r.dispose()
    }
  })

  test('with docker: unchanged tasks are not rebuilt; a deleted image makes only its task missing and rebuilt', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, { keep_me: taskFiles(), drop_me: taskFiles({ 'solution/answer.md': 'Other.\n' }) })
      const first = await runSmoke(r, ENGINE)
      assert.is(first.report.counts.built, 2)
      assert.equal(first.report.toolchain_layers, { method: 'image-layers', distinct: 1, tasks: 2 })

      const warm = await runSmoke(r, ENGINE, first.result)
      assert.equal([warm.report.counts.built, warm.report.counts.reused], [0, 2])
      assert.is(withoutRunCounts(warm.reportText), withoutRunCounts(first.reportText))
      assert.equal(await missingImages(warm.result.facts.images, ENGINE), [])

      const dropped = entry(first, 'drop_me').image_id as string
      assert.is(docker('rmi', '-f', dropped).status, 0)
      assert.equal(await missingImages(warm.result.facts.images, ENGINE), ['drop_me'])

      const again = await runSmoke(r, ENGINE, warm.result)
      assert.equal([again.report.counts.built, again.report.counts.reused], [1, 1])
      assert.equal(entry(again, 'keep_me'), entry(first, 'keep_me'))
      assert.is.not(entry(again, 'drop_me').image_id, dropped)
      assert.is(entry(again, 'drop_me').status, 'pass')
      assert.equal(await missingImages(again.result.facts.images, ENGINE), [])
    } finally {
      r.dispose()
    }
  })

  test('with docker: a changed input hash rebuilds only that task and removes its old image', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, { stays: taskFiles(), changes: taskFiles({ 'environment/project/src/main.py': 'v1\n' }) })
      const first = await runSmoke(r, ENGINE)
      const oldImage = entry(first, 'changes').image_id as string
      writeTasks(r, { stays: taskFiles(), changes: taskFiles({ 'environment/project/src/main.py': 'v2\n' }) })
      const second = await runSmoke(r, ENGINE, first.result)
      assert.equal([second.report.counts.built, second.report.counts.reused], [1, 1])
      assert.equal(entry(second, 'stays'), entry(first, 'stays'))
      assert.is.not(entry(second, 'changes').input_hash, entry(first, 'changes').input_hash)
      assert.is.not(docker('image', 'inspect', oldImage).status, 0)
    } finally {
      r.dispose()
    }
  })

  test('with docker: an abort stops the run and removes its containers', async () => {
    const r = rig({}, 'lbh-smoke-')
    try {
      writeTasks(r, { slow_task: taskFiles({ 'solution/solve.sh': '#!/bin/bash\nsleep 60\n' }) })
      const controller = new AbortController()
      const poll = setInterval(() => {
        if (containersOf('slow_task')) controller.abort()
      }, 200)
      try {
        await runSmoke(r, ENGINE, undefined, controller.signal)
        assert.unreachable('the run should have been aborted')
      } catch (error) {
        assert.is((error as Error).name, 'AbortError')
      } finally {
        clearInterval(poll)
      }
      assert.ok(controller.signal.aborted)
      assert.is(containersOf('slow_task'), '')
    } finally {
      r.dispose()
    }
  })
}

test.run()
