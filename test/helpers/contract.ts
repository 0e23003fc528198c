// Harbor's task contract as checks any test can run on a generated task directory: the files Harbor
// requires, executable LF bash scripts without `set -e`, no leftover placeholders, a task.toml the
// strict schema accepts, agent-side paths in ground_truth.json that exist in the copied project, a
// lint-clean Dockerfile with the project copied last, a dataset.toml whose digests match the dirs,
// and an oracle that scores high while an empty answer scores 0 (bash + python3, for real).
// Tasks of the mcp variant (tasks-mcp/) have no environment/project/: assertMcpTaskContract checks
// them with the project where they ship it (the sidecar's copy, or none in remote mode).
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { validate as lintDockerfile } from 'dockerfile-utils'
import { rig } from './rig.ts'
import { check } from '../../scripts/lib/schemas.ts'
import { harborDigestOfDir } from '../../scripts/lib/harbor-digest.ts'
import { findLeftovers } from '../../scripts/lib/render.ts'

export const REQUIRED_FILES = [
  'instruction.md',
  'task.toml',
  'environment/Dockerfile',
  'tests/test.sh',
  'tests/verify.py',
  'tests/ground_truth.json',
  'tests/task_metadata.json',
  'solution/solve.sh',
  'solution/answer.md',
]
export const PASS = 0.9
const AGENT_PROJECT = '/app/project/'

/** Every file under `dir` (posix, relative, sorted); directories are walked, not listed. */
export function filesOf(dir: string, rel = ''): string[] {
  return readdirSync(join(dir, rel))
    .sort()
    .flatMap((name) => {
      const path = rel ? `${rel}/${name}` : name
      return lstatSync(join(dir, path)).isDirectory() ? filesOf(dir, path) : [path]
    })
}

/** The files Harbor requires, bash scripts it can run, no CR and no unrendered placeholders.
 *  `project`: where the task ships the project, relative to the task dir (null: nowhere). */
export function assertTaskFiles(taskDir: string, id: string, options: { checkInstructionLeftovers?: boolean; project?: string | null } = {}): void {
  const project = options.project === undefined ? 'environment/project' : options.project
  for (const f of REQUIRED_FILES) assert.ok(existsSync(join(taskDir, f)) && statSync(join(taskDir, f)).isFile(), `${id}: ${f}`)
  if (project) assert.ok(statSync(join(taskDir, project)).isDirectory(), `${id}: ${project}`)
  for (const script of ['tests/test.sh', 'solution/solve.sh']) {
    assert.is(statSync(join(taskDir, script)).mode & 0o777, 0o755, `${id}: ${script} mode`)
    const text = readFileSync(join(taskDir, script), 'utf8')
    assert.ok(text.startsWith('#!/bin/bash\n'), `${id}: ${script} shebang`)
    assert.not.match(text, /^\s*set\s+-\w*e/m, `${id}: ${script} must not set -e`)
  }
  for (const f of filesOf(taskDir).filter((f) => !project || !f.startsWith(`${project}/`))) {
    assert.not.ok(readFileSync(join(taskDir, f), 'utf8').includes('\r'), `${id}: ${f} has CR`)
  }
  const templated = ['task.toml', 'environment/Dockerfile', 'tests/test.sh', 'solution/solve.sh', ...(options.checkInstructionLeftovers === false ? [] : ['instruction.md'])]
  for (const f of templated) assert.equal(findLeftovers(readFileSync(join(taskDir, f), 'utf8')), [], `${id}: ${f}`)
}

/** task.toml passes the strict Harbor schema with numeric limits and the metadata we promise. */
export function assertTaskToml(taskDir: string, id: string, org = 'locobench'): void {
  const toml = parseToml(readFileSync(join(taskDir, 'task.toml'), 'utf8')) as Record<string, Record<string, unknown>>
  assert.equal(check('harbor-task-toml.strict.schema.json', toml), [], `${id}: task.toml`)
  assert.is(toml.task.name, `${org}/${id}`)
  assert.type(toml.agent.timeout_sec, 'number')
  assert.type(toml.verifier.timeout_sec, 'number')
  for (const key of ['build_timeout_sec', 'cpus', 'memory_mb', 'storage_mb']) assert.type(toml.environment[key], 'number', `${id}: environment.${key}`)
  for (const key of ['category', 'difficulty', 'language', 'context_length', 'files_count', 'tags', 'generator_version', 'input_hash']) assert.ok(key in toml.metadata, `${id}: metadata.${key}`)
  const meta = JSON.parse(readFileSync(join(taskDir, 'tests', 'task_metadata.json'), 'utf8')) as Record<string, unknown>
  assert.equal(check('task-metadata.schema.json', meta), [], `${id}: task_metadata.json`)
  assert.is(meta.generator_version, toml.metadata.generator_version)
}

/** The instruction names the answer file and the project as the agent sees them. */
export function assertInstruction(taskDir: string, id: string): void {
  const text = readFileSync(join(taskDir, 'instruction.md'), 'utf8')
  assert.ok(text.includes('/logs/agent/solution.md') && text.includes(AGENT_PROJECT), `${id}: instruction names the answer path and the project`)
  assert.is((text.match(/^```/gm) ?? []).length % 2, 0, `${id}: every fence in the instruction is closed`)
}

/** ground_truth.json: valid, names files as /app/project/… that exist in the copied project
 *  (`projectDir`: where that copy is, by default the task's environment/project/). */
export function assertGroundTruth(taskDir: string, id: string, projectDir = join(taskDir, 'environment', 'project')): void {
  const gt = JSON.parse(readFileSync(join(taskDir, 'tests', 'ground_truth.json'), 'utf8')) as { context_files: string[]; ground_truth: unknown }
  assert.equal(check('ground-truth.schema.json', gt), [], `${id}: ground_truth.json`)
  assert.ok(gt.context_files.length > 0, `${id}: context files`)
  for (const path of gt.context_files) {
    assert.ok(path.startsWith(AGENT_PROJECT), `${id}: ${path} is an agent-side path`)
    assert.ok(existsSync(join(projectDir, path.slice(AGENT_PROJECT.length))), `${id}: ${path} exists in the copied project`)
  }
  assert.not.match(JSON.stringify(gt.ground_truth), /[\w.-]\/\/[\w.-]/, `${id}: no // paths in the ground truth`)
}

/** The Dockerfile lints without errors, starts FROM and copies the project last (withProject
 *  false, the mcp variant: copies no project at all). */
export function assertDockerfile(taskDir: string, id: string, withProject = true): void {
  const text = readFileSync(join(taskDir, 'environment', 'Dockerfile'), 'utf8')
  assert.equal(lintDockerfile(text).filter((d) => d.severity === 1), [], `${id}: Dockerfile lint errors`)
  const instructions = text.split('\n').filter((l) => /^[A-Z]+ /.test(l))
  assert.match(instructions[0], /^FROM /, `${id}: FROM first`)
  if (withProject) assert.match(instructions.at(-1) ?? '', /^COPY (--chown=\S+ )?project \/app\/project$/, `${id}: project copied last`)
  else assert.not.ok(instructions.some((l) => /^(COPY|ADD) .*project/.test(l)), `${id}: the agent's image gets no project`)
  assert.not.match(text, /<<|--mount|# syntax=/, `${id}: only what the legacy builder understands`)
}

export interface Trial {
  reward: number
  json: Record<string, unknown>
  log: string
}

/** Runs solve.sh (with the answer) then test.sh the way Harbor does, outside a container. */
export function runTrial(taskDir: string, withAnswer: boolean): Trial {
  using trial = rig({}, 'contract-trial-')
  const logs = trial.dir
  const env = { ...process.env, LOGS_DIR: logs, TESTS_DIR: join(taskDir, 'tests'), SOLUTION_DIR: join(taskDir, 'solution') }
  let log = ''
  if (withAnswer) {
    const solve = spawnSync('bash', [join(taskDir, 'solution', 'solve.sh')], { env, encoding: 'utf8', cwd: logs })
    assert.is(solve.status, 0, solve.stderr)
    log += `${solve.stdout}${solve.stderr}`
  }
  const verify = spawnSync('bash', [join(taskDir, 'tests', 'test.sh')], { env, encoding: 'utf8', cwd: logs })
  log += `${verify.stdout}${verify.stderr}`
  const reward = Number(readFileSync(join(logs, 'verifier', 'reward.txt'), 'utf8'))
  return { reward, json: JSON.parse(readFileSync(join(logs, 'verifier', 'reward.json'), 'utf8')) as Record<string, unknown>, log }
}

/** The oracle reaches PASS with a flat numeric reward.json; an empty answer scores exactly 0. */
export function assertOracle(taskDir: string, id: string): void {
  const oracle = runTrial(taskDir, true)
  assert.ok(oracle.reward >= PASS, `${id}: oracle reward ${oracle.reward}\n${oracle.log}`)
  for (const [key, value] of Object.entries(oracle.json)) assert.type(value, 'number', `${id}: reward.json ${key}`)
  assert.is(oracle.json.reward, oracle.reward)
  const empty = runTrial(taskDir, false)
  assert.is(empty.reward, 0, `${id}: empty answer\n${empty.log}`)
}

/** Every check above on one task. */
export function assertTaskContract(taskDir: string, id: string, org = 'locobench'): void {
  assertTaskFiles(taskDir, id)
  assertTaskToml(taskDir, id, org)
  assertInstruction(taskDir, id)
  assertGroundTruth(taskDir, id)
  assertDockerfile(taskDir, id)
  assertOracle(taskDir, id)
}

/**
 * The contract of a task of the mcp variant (tasks-mcp/<id>/, named `<org>/<id>-mcp`): the same
 * checks, with the project where the task ships it: the sidecar's build context, or (remote mode,
 * no project in the task) `projectDir`, for example the baseline twin's environment/project/.
 */
export function assertMcpTaskContract(taskDir: string, id: string, options: { org?: string; projectDir?: string } = {}): void {
  const sidecar = 'environment/code-search/project'
  const shipped = existsSync(join(taskDir, sidecar))
  assert.not.ok(existsSync(join(taskDir, 'environment', 'project')), `${id}: no environment/project in an mcp task`)
  assertTaskFiles(taskDir, id, { project: shipped ? sidecar : null })
  assertTaskToml(taskDir, `${id}-mcp`, options.org)
  assertInstruction(taskDir, id)
  const projectDir = shipped ? join(taskDir, sidecar) : options.projectDir
  assert.ok(projectDir, `${id}: a remote-mode task ships no project: pass projectDir`)
  assertGroundTruth(taskDir, id, projectDir)
  assertDockerfile(taskDir, id, false)
  assertOracle(taskDir, id)
}

/** manifest.json and dataset.toml list exactly `ids`, with digests that match the directories.
 *  `suffix`: what the dataset's task names add to the ids (the mcp variant's `-mcp`). */
export function assertRegistry(tasksDir: string, registry: string, ids: string[], org = 'locobench', suffix = ''): void {
  const dataset = parseToml(readFileSync(registry, 'utf8')) as { tasks: { name: string; digest: string }[] }
  assert.equal(check('harbor-dataset-toml.schema.json', dataset), [], 'dataset.toml')
  const manifest = JSON.parse(readFileSync(join(tasksDir, 'manifest.json'), 'utf8')) as { tasks: Record<string, { output_hash: string }> }
  assert.equal(check('tasks-manifest.schema.json', manifest), [], 'manifest.json')
  assert.equal(dataset.tasks.map((t) => t.name), [...ids].sort().map((id) => `${org}/${id}${suffix}`))
  assert.equal(Object.keys(manifest.tasks).sort(), [...ids].sort())
  for (const { name, digest } of dataset.tasks) {
    const id = name.slice(org.length + 1, name.length - suffix.length)
    const dir = join(tasksDir, id)
    const lines = filesOf(dir).map((f) => `${f}\0${createHash('sha256').update(readFileSync(join(dir, f))).digest('hex')}\n`)
    const expected = createHash('sha256').update(lines.join('')).digest('hex')
    // dataset.toml carries Harbor's packager's digest; the manifest, ours over every file.
    assert.is(digest, `sha256:${harborDigestOfDir(dir)}`, `${id}: dataset.toml digest`)
    assert.is(manifest.tasks[id].output_hash, expected, `${id}: manifest output_hash`)
  }
}
