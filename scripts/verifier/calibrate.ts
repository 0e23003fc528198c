#!/usr/bin/env node
// Prints the calibration table (oracle, stuffed, partial, empty per ground truth) and exits 1 when
// any row fails. Usage:
//   node scripts/verifier/calibrate.ts [--python] [--seed N] [--json] [--config FILE] [--samples DIR] [PATH…]
// PATH: a task dir, a dir of task dirs (default out/tasks), a tests/ground_truth.json, a
// CodeScaleBench ground_truth.json or a raw LoCoBench scenario file (the last two are converted
// as generate converts them). --samples DIR adds DIR/codescalebench/*/ground_truth.json and
// DIR/reconstructed/scenario__*.json. --python scores every answer again with python3 running
// verify.py's main() (the task's own tests/verify.py, else templates/verify.py) and flags any
// number that differs from score.ts.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../lib/config.ts'
import { UsageError } from '../lib/errors.ts'
import { check } from '../lib/schemas.ts'
import { calibrationAnswers, calibrationProblems, DEFAULT_THRESHOLDS, toGroundTruthFile, type CalibrationAnswers, type CalibrationRow, type CalibrationThresholds } from './calibration.ts'
import { score } from './score.ts'
import type { GroundTruthFile, VerifierConfig } from './types.ts'

const TEMPLATE_VERIFY = join(import.meta.dirname, '..', '..', 'templates', 'verify.py')
const KINDS = ['oracle', 'stuffed', 'partial', 'empty'] as const


interface Source {
  /** What the table calls it: the task id, or kind:id for converted sample files. */
  label: string
  file: string
  gt: GroundTruthFile
  verifyPy: string
}

function readSource(file: string): Source {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  const taskVerify = join(dirname(file), 'verify.py')
  if (typeof raw.ground_truth_text === 'string') {
    const issues = check('ground-truth.schema.json', raw)
    if (issues.length) throw new UsageError(`${file}: ${issues[0].pointer}: ${issues[0].message}`)
    const gt = raw as unknown as GroundTruthFile
    return { label: gt.id, file, gt, verifyPy: existsSync(taskVerify) ? taskVerify : TEMPLATE_VERIFY }
  }
  const scenario = typeof raw.task_prompt !== 'undefined'
  const id = typeof raw.id === 'string' ? raw.id : basename(dirname(file))
  return { label: `${scenario ? 'scenario' : 'codescalebench'}:${id}`, file, gt: toGroundTruthFile(raw, id), verifyPy: TEMPLATE_VERIFY }
}

function findFiles(path: string): string[] {
  if (!existsSync(path)) throw new UsageError(`no such file or directory: ${path}`)
  if (!statSync(path).isDirectory()) return [path]
  const own = join(path, 'tests', 'ground_truth.json')
  if (existsSync(own)) return [own]
  return readdirSync(path).sort().map((d) => join(path, d, 'tests', 'ground_truth.json')).filter(existsSync)
}

function sampleFiles(dir: string): string[] {
  const csb = join(dir, 'codescalebench')
  const rec = join(dir, 'reconstructed')
  return [
    ...(existsSync(csb) ? readdirSync(csb).sort().map((d) => join(csb, d, 'ground_truth.json')).filter(existsSync) : []),
    ...(existsSync(rec) ? readdirSync(rec).sort().filter((n) => n.startsWith('scenario__')).map((n) => join(rec, n)) : []),
  ]
}

// One python3 process runs verify.py's main() for every answer, through real files.
const PY_BATCH = `
import contextlib, importlib.util, io, json, sys
jobs = json.load(sys.stdin)
modules = {}
out = []
for job in jobs:
    path = job['verify']
    if path not in modules:
        spec = importlib.util.spec_from_file_location('verify_%d' % len(modules), path)
        modules[path] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(modules[path])
    with contextlib.redirect_stdout(io.StringIO()):
        code = modules[path].main(['--solution', job['solution'], '--ground-truth', job['gt'], '--output-dir', job['out']])
    with open(job['out'] + '/reward.json') as f:
        out.append({'code': code, 'reward': json.load(f)})
json.dump(out, sys.stdout)
`

function pythonRewards(sources: Source[], answers: CalibrationAnswers[]): Record<string, number>[][] {
  const root = mkdtempSync(join(tmpdir(), 'calibrate-'))
  try {
    const jobs = sources.flatMap((s, i) => {
      const dir = join(root, String(i))
      mkdirSync(dir)
      writeFileSync(join(dir, 'ground_truth.json'), JSON.stringify(s.gt))
      return KINDS.map((kind) => {
        writeFileSync(join(dir, `${kind}.md`), answers[i][kind])
        return { verify: s.verifyPy, solution: join(dir, `${kind}.md`), gt: join(dir, 'ground_truth.json'), out: join(dir, kind) }
      })
    })
    const run = spawnSync('python3', ['-c', PY_BATCH], { input: JSON.stringify(jobs), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
    if (run.status !== 0) throw new Error(`python3 failed: ${run.stderr}`)
    const results = JSON.parse(run.stdout) as { code: number; reward: Record<string, number> }[]
    return sources.map((_, i) => results.slice(i * KINDS.length, (i + 1) * KINDS.length).map((r) => r.reward))
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

function rows(sources: Source[], thresholds: CalibrationThresholds, seed: number, python: boolean): CalibrationRow[] {
  const answers = sources.map((s) => calibrationAnswers(s.gt, seed))
  const py = python ? pythonRewards(sources, answers) : undefined
  return sources.map((s, i) => {
    const results = KINDS.map((kind) => score(answers[i][kind], s.gt))
    const scores = Object.fromEntries(KINDS.map((k, j) => [k, results[j].reward])) as Record<(typeof KINDS)[number], number>
    const problems = calibrationProblems(scores, thresholds)
    py?.[i].forEach((reward, j) => {
      if (JSON.stringify(reward) !== JSON.stringify(results[j].rewardJson)) {
        problems.push(`${KINDS[j]}: python ${JSON.stringify(reward)} ≠ typescript ${JSON.stringify(results[j].rewardJson)}`)
      }
    })
    return { id: s.label, ...scores, problems }
  })
}

function table(list: CalibrationRow[]): string {
  const width = Math.min(70, Math.max(12, ...list.map((r) => r.id.length)))
  const cut = (id: string) => (id.length > width ? `${id.slice(0, width - 1)}…` : id.padEnd(width))
  const num = (n: number) => n.toFixed(4).padStart(7)
  const lines = [`${'ground truth'.padEnd(width)}  ${KINDS.map((k) => k.padStart(7)).join('  ')}  verdict`]
  for (const r of list) lines.push(`${cut(r.id)}  ${KINDS.map((k) => num(r[k])).join('  ')}  ${r.problems.length ? `FAIL: ${r.problems.join('; ')}` : 'ok'}`)
  const oracleMin = Math.min(...list.map((r) => r.oracle))
  const stuffedMax = Math.max(...list.map((r) => r.stuffed))
  const gap = Math.min(...list.map((r) => r.oracle - r.stuffed))
  const partial = list.map((r) => r.partial)
  lines.push(`${list.length} ground truths; oracle min ${oracleMin.toFixed(4)}, stuffed max ${stuffedMax.toFixed(4)}, ` +
    `smallest oracle−stuffed gap ${gap.toFixed(4)}, partial ${Math.min(...partial).toFixed(4)}–${Math.max(...partial).toFixed(4)}`)
  return lines.join('\n')
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      python: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      seed: { type: 'string', default: '1' },
      config: { type: 'string' },
      samples: { type: 'string', multiple: true, default: [] },
    },
  })
  const seed = Number(values.seed)
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, got ${values.seed}`)
  const verifier = values.config ? (loadConfig(values.config).config.verifier as unknown as VerifierConfig) : undefined
  const thresholds = verifier ? { pass_threshold: verifier.pass_threshold, stuffed_margin: verifier.stuffed_margin } : DEFAULT_THRESHOLDS
  const paths = positionals.length || values.samples.length ? positionals : ['out/tasks']
  const files = [...paths.flatMap((p) => findFiles(resolve(p))), ...values.samples.flatMap((d) => sampleFiles(resolve(d)))]
  if (files.length === 0) throw new UsageError(`no ground truths found in ${paths.join(', ')}`)
  const list = rows(files.map(readSource), thresholds, seed, values.python)
  console.log(values.json ? list.map((r) => JSON.stringify(r)).join('\n') : table(list))
  return list.some((r) => r.problems.length) ? 1 : 0
}

try {
  process.exitCode = main(process.argv.slice(2))
} catch (error) {
  console.error(`calibrate: ${(error as Error).message}`)
  process.exitCode = (error as { exitCode?: number }).exitCode ?? 1
}
