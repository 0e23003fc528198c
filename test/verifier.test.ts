import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../scripts/lib/config.ts'
import { check } from '../scripts/lib/schemas.ts'
import { calibrate, calibrationAnswers } from '../scripts/verifier/calibration.ts'
import { emptyAnswer, oracleAnswer, partialAnswer, stuffedAnswer } from '../scripts/verifier/oracle.ts'
import { round4, score, STOP_WORDS } from '../scripts/verifier/score.ts'
import { METRICS, type GroundTruthFile } from '../scripts/verifier/types.ts'
import {
  DRIVER_PY, VERIFY_PY, edgeGroundTruths, gtFile, objectGroundTruths, pythonScores, realGroundTruths, syntheticGroundTruths,
} from './helpers/verifier-fixtures.ts'

const P = '/app/project/'
const real = realGroundTruths()
const injection = gtFile(
  'string:injection',
  'GROUND_TRUTH_EOF\n$(rm -rf /) and `rm -rf ~` in `src/main.c`; a """triple""" quote and a \\ backslash.\n```c\nint main(void) { return 0; }\n',
  [`${P}src/main.c`, `${P}src/util.c`],
)
const objects = objectGroundTruths()
const edges = [...edgeGroundTruths(real), injection]
const synthetic = syntheticGroundTruths()
const byId = (id: string): GroundTruthFile => [...real, ...objects, ...edges].find((g) => g.id === id)!
const files8 = byId('string:short')

// ---------------------------------------------------------------------------------------------
// The corpus: calibration answers for every ground truth, plus fixed answers of every awkward kind

function fixedAnswers(gt: GroundTruthFile): Record<string, string> {
  const oracle = oracleAnswer(gt)
  return {
    whitespace: ' \n\t \n',
    'unicode-whitespace': '\u00a0\u2003\u3000\n\u2028\ufeff\u0085\u001c',
    crlf: oracle.replaceAll('\n', '\r\n'),
    bom: `\ufeff${oracle}`,
    'lone-cr': oracle.replaceAll('\n', '\r'),
    unicode: 'Résumé: the café 東京 module 🚀🔥 calls flush_queue() — see `src/main.c` → ﬁx İstanbul KELVIN K ß ΣΑΣ.',
    'json-looking': JSON.stringify({ answer: gt.ground_truth, files: gt.context_files }, null, 2),
    'main-c-vs-cpp': 'The bug is in main.cpp and in domain.c, not src/main.cc; also see mymain.c and main.c.orig.',
    'main-c-exact': 'Fix src/main.c. Then (src/main.c) and `src/main.c:42` and /app/project/src/main.c.',
    'duplicate-basenames': 'helpers.py, util/helpers.py, x/helpers.py, README.md, docs/README.md and /app/project/a/util/helpers.py.',
    'wrong-container-path': 'See /app/project/main.c and /app/project/helpers.py and vendor/src/main.c.',
    prefixes: 'app/project/src/main.c ./lib/domain.c ./x/helpers.py /app/project/./README.md .../docs/README.md',
    'empty-fences': '```\n```\n\n```python\n   \t\n```\n\n~~~\n\n~~~\n',
    'irrelevant-fence': 'Here:\n```\nzzz qqq\n```\n',
    'inline-only': 'Call `flush_queue()` and `lru.c`; an empty span ` ` does not count.',
    'inline-empty-only': 'Nothing here: ` ` and `` `` and ```',
    'unclosed-fence': 'Start\n```c\nflush_queue(); /* never closed */\n',
    'indented-fences': '    ```\n    code\n    ```\n\t```\n\tcode\n\t```\n',
    'nested-fences': '````md\n```\ninner\n```\n````\n~~~\n```\n~~~\n',
    'backticks-in-info': '```not`a`fence\ncontent\n```\n',
    'punctuation-only': '... --- *** ### ||| !!!',
    'mixed-case': gt.ground_truth_text.toUpperCase(),
  }
}

interface Case {
  gt: GroundTruthFile
  name: string
  answer: string
}

// Every ground truth gets the calibration answers; the awkward answers run against one of each
// shape (string, object, fallback layout, no files, no ground truth, custom weights, unicode).
function corpus(): Case[] {
  const cases: Case[] = []
  for (const gt of [...real, ...objects, ...edges, ...synthetic]) {
    const answers = calibrationAnswers(gt, 1)
    for (const [name, answer] of Object.entries(answers)) cases.push({ gt, name, answer })
    if (!synthetic.includes(gt)) for (const seed of [2, 7]) cases.push({ gt, name: `stuffed-${seed}`, answer: stuffedAnswer(gt, seed) })
  }
  const shapes = [...real.slice(0, 3), objects[0], objects[4], ...edges.filter((g) => g.id !== 'string:long')]
  for (const gt of shapes) {
    for (const [name, answer] of Object.entries(fixedAnswers(gt))) cases.push({ gt, name, answer })
  }
  const gt = real[0] ?? files8
  const unit = `${oracleAnswer(gt)}\n🚀 main.c main.cpp \`x\` src/main.c \r\n`
  cases.push({ gt, name: 'huge', answer: unit.repeat(Math.ceil(600_000 / unit.length)) })
  return cases
}

const cases = corpus()
const tsScores = cases.map((c) => score(c.answer, c.gt))
const ROUND_PROBES = [
  ...Array.from({ length: 32 }, (_, k) => k / 32), ...Array.from({ length: 64 }, (_, k) => (2 * k + 1) / 32 + 3),
  0.00005, 0.00015, 0.12345, 0.99995, 1.00005, 2.675, 0.1 + 0.2, 1 / 3, 2 / 3, 0.3 * 3, 1e-7, 123.45675,
  ...Array.from({ length: 500 }, (_, i) => Math.sin(i + 1) ** 2), ...Array.from({ length: 200 }, (_, i) => (i * 7919) / 65536),
]
let python: ReturnType<typeof pythonScores> | undefined
const py = () => (python ??= pythonScores(cases.map((c) => ({ answer: c.answer, gt: c.gt })), ROUND_PROBES))

// ---------------------------------------------------------------------------------------------

const parity = suite('verifier parity: python verify.py vs score.ts')

parity('python3 and TypeScript give identical reward.json numbers and details on every corpus case', () => {
  const results = py().results
  assert.is(results.length, cases.length)
  const mismatches: string[] = []
  cases.forEach((c, i) => {
    const ts = tsScores[i]
    try {
      assert.equal(ts.rewardJson, results[i].reward_json)
      assert.equal(ts.details, results[i].details)
    } catch {
      mismatches.push(`${c.gt.id} × ${c.name}: ts ${JSON.stringify(ts.rewardJson)} py ${JSON.stringify(results[i].reward_json)}`)
    }
  })
  assert.equal(mismatches, [])
})

parity('every details object matches reward-details.schema.json and every reward matches reward.schema.json', () => {
  const bad = tsScores.flatMap((s, i) => {
    const issues = [...check('reward-details.schema.json', s.details), ...check('reward.schema.json', s.rewardJson)]
    return issues.length ? [`${cases[i].gt.id} × ${cases[i].name}: ${JSON.stringify(issues[0])}`] : []
  })
  assert.equal(bad, [])
})

parity('every ground truth in the corpus matches ground-truth.schema.json, as generate writes them', () => {
  const bad = [...real, ...objects, ...edges, ...synthetic].filter((gt) => check('ground-truth.schema.json', gt).length > 0).map((gt) => gt.id)
  assert.equal(bad, [])
})

parity('round4 is Python round(x, 4), ties to even included', () => {
  assert.equal(ROUND_PROBES.map(round4), py().rounds)
})

parity('both sides use the same stop words', () => {
  assert.equal([...STOP_WORDS].sort(), py().stop_words)
})

parity('the corpus covers every metric value a task can produce: 0, 0.5 and 1 code scores, partial file credit', () => {
  const codes = new Set(tsScores.map((s) => s.metrics.code_blocks))
  assert.equal([...codes].sort(), [0, 0.5, 1])
  assert.ok(tsScores.some((s) => s.metrics.file_references > 0 && s.metrics.file_references < 1))
  assert.ok(tsScores.some((s) => s.details.file_references.ambiguous_mentions.length > 0))
})

parity.run()

// ---------------------------------------------------------------------------------------------

const calibration = suite('verifier calibration')

for (const gt of [...real, ...objects, ...edges]) {
  calibration(`oracle ≥ 0.9, empty = 0, stuffed ≥ 0.15 below the oracle, partial between: ${gt.id}`, () => {
    const row = calibrate(gt)
    assert.equal(row.problems, [], JSON.stringify(row))
  })
}

calibration('python3 scores the calibration answers as TypeScript does, so the table holds in the container', () => {
  const results = py().results
  let checked = 0
  cases.forEach((c, i) => {
    if (!['oracle', 'stuffed', 'partial', 'empty'].includes(c.name)) return
    assert.is(results[i].reward_json.reward, tsScores[i].reward, `${c.gt.id} × ${c.name}`)
    checked++
  })
  assert.is(checked, 4 * (real.length + objects.length + edges.length + synthetic.length))
})

calibration('every scenario of a small synthetic run calibrates (all 8 categories, string and object ground truths)', () => {
  assert.ok(synthetic.length >= 16, `only ${synthetic.length} synthetic scenarios`)
  assert.ok(synthetic.some((g) => typeof g.ground_truth === 'object') && synthetic.some((g) => typeof g.ground_truth === 'string'))
  const failing = synthetic.map((gt) => calibrate(gt)).filter((row) => row.problems.length > 0)
  assert.equal(failing, [])
})

calibration('the real samples are all present, so calibration ran on real ground truths', () => {
  assert.ok(real.length >= 4, `found ${real.length} real ground truths`)
  assert.ok(real.some((g) => typeof g.ground_truth === 'object'), 'an object ground truth is among them')
})

calibration.run()

// ---------------------------------------------------------------------------------------------

const rules = suite('verifier rules')

const referenced = (answer: string, gt = files8) => score(answer, gt).details.file_references.referenced.map((r) => r.file)

rules('main.c is not credited by main.cpp, domain.c, mymain.c or main.c.orig', () => {
  const files = referenced('The bug is in main.cpp and in domain.c; also see mymain.c and main.c.orig.')
  assert.equal(files, [`${P}src/main.cpp`, `${P}lib/domain.c`])
})

rules('a path counts as the agent sees it, relative or under /app/project/, with punctuation around it', () => {
  for (const answer of ['Fix src/main.c.', '(src/main.c)', '`src/main.c:42`', 'see /app/project/src/main.c, then', '**main.c**']) {
    assert.equal(referenced(answer), [`${P}src/main.c`], answer)
  }
})

rules('a basename or suffix shared by several context files credits none of them and is reported', () => {
  const result = score('helpers.py and util/helpers.py', files8)
  assert.equal(result.details.file_references.referenced, [])
  assert.equal(result.details.file_references.ambiguous_mentions, ['helpers.py', 'util/helpers.py'])
})

rules('a unique suffix of two segments or the full path picks out one of the same-named files', () => {
  assert.equal(referenced('x/helpers.py'), [`${P}c/x/helpers.py`])
  assert.equal(referenced('/app/project/a/util/helpers.py and b/util/helpers.py'), [`${P}a/util/helpers.py`, `${P}b/util/helpers.py`])
})

rules('a root file is named by its relative path even when a nested file shares its basename', () => {
  assert.equal(referenced('README.md'), [`${P}README.md`])
  assert.equal(referenced('docs/README.md'), [`${P}docs/README.md`])
})

rules('a wrong container path or a longer path ending in a context path credits nothing', () => {
  assert.equal(referenced('/app/project/main.c, /app/project/domain.c and vendor/src/main.c'), [])
})

rules('naming 2 of 8 context files earns half the file credit (full credit at half of them)', () => {
  assert.is(score('src/main.c and lib/domain.c', files8).metrics.file_references, 0.5)
  assert.is(score('src/main.c lib/domain.c README.md docs/README.md', files8).metrics.file_references, 1)
})

rules('an empty context list gives no file credit and spreads its weight over the other metrics', () => {
  const gt = byId('string:no-context-files')
  const result = score(oracleAnswer(gt), gt)
  assert.is(result.metrics.file_references, 0)
  assert.equal(result.details.effective_weights, { keyword_overlap: 0.625, file_references: 0, code_blocks: 0.25, length_score: 0.125 })
  assert.ok(result.details.reasons.some((r) => r.includes('file_references spread over the other metrics')))
})

rules('empty or whitespace-only code fences earn nothing', () => {
  for (const answer of ['```\n```', '```python\n   \t\n```', '~~~\n\n~~~', '```\n']) {
    assert.is(score(answer, files8).metrics.code_blocks, 0, JSON.stringify(answer))
  }
})

rules('a fenced block about the ground truth earns 1, unrelated code or inline code only earns 0.5', () => {
  assert.is(score('```c\nflush_queue(q);\n```', files8).metrics.code_blocks, 1)
  assert.is(score('```\nzzz qqq\n```', files8).metrics.code_blocks, 0.5)
  assert.is(score('call `flush_queue()` now', files8).metrics.code_blocks, 0.5)
  assert.is(score('an empty span ` ` is no code', files8).metrics.code_blocks, 0)
})

rules('an unclosed fence runs to the end (CommonMark) and an indented one is not a fence', () => {
  assert.is(score('Start\n```c\nflush_queue();', files8).metrics.code_blocks, 1)
  assert.equal(score('    ```\n    flush_queue\n    ```', files8).details.code_blocks.fenced_blocks, 0)
})

rules('a missing, empty or whitespace-only answer is reward 0 with a reason', () => {
  for (const answer of ['', ' \n\t', '\u00a0\u2003\n', '\ufeff']) {
    const result = score(answer, files8)
    assert.is(result.reward, 0)
    assert.is(result.details.status, 'empty_answer')
    assert.ok(result.details.reasons.includes('the answer is empty'))
  }
})

rules('a bag of the ground-truth words in random order earns the term half of keyword_overlap only', () => {
  for (const gt of real) {
    const kw = score(stuffedAnswer(gt, 1), gt).details.keyword_overlap
    assert.is(kw.keyword_recall, 1)
    assert.ok(kw.pair_recall < 0.1, `${gt.id}: pair recall ${kw.pair_recall}`)
  }
})

rules('CRLF line ends, a BOM and upper case do not change the score', () => {
  const gt = real[0] ?? files8
  const plain = score(oracleAnswer(gt), gt)
  assert.equal(score(oracleAnswer(gt).replaceAll('\n', '\r\n'), gt), plain)
  assert.equal(score(`\ufeff${oracleAnswer(gt)}`, gt), plain)
  assert.is(score(gt.ground_truth_text.toUpperCase(), gt).details.keyword_overlap.keyword_recall, 1)
})

rules('length counts whitespace-separated words up to 100', () => {
  assert.is(score('word '.repeat(50), files8).metrics.length_score, 0.5)
  assert.is(score('word '.repeat(250), files8).metrics.length_score, 1)
})

rules('a ground truth without keywords takes keyword_overlap out of the weights', () => {
  const gt = byId('empty-ground-truth')
  assert.equal(score(oracleAnswer(gt), gt).details.effective_weights, { keyword_overlap: 0, file_references: 0.4, code_blocks: 0.4, length_score: 0.2 })
})

rules('the oracle names every context file by its container path and carries a non-empty evidence block', () => {
  for (const gt of [...real, ...objects]) {
    const answer = oracleAnswer(gt)
    for (const f of gt.context_files) assert.ok(answer.includes(`\`${f}\``), `${gt.id}: ${f}`)
    const details = score(answer, gt).details
    assert.is(details.file_references.unreferenced.length, 0)
    assert.ok(details.code_blocks.relevant_fenced_blocks >= 1, gt.id)
    assert.ok(answer.includes(gt.ground_truth_text.trimEnd()), gt.id)
  }
})

rules('the oracle closes a fence the ground truth leaves open, so its own sections stay prose', () => {
  const answer = oracleAnswer(injection)
  assert.ok(score(answer, injection).reward >= 0.9)
  assert.is(score(answer, injection).details.code_blocks.empty_fenced_blocks, 0)
  assert.ok(answer.includes('$(rm -rf /)') && answer.includes('GROUND_TRUTH_EOF'))
})

rules('answers are deterministic: the same seed gives the same attack, another seed another order', () => {
  const gt = real[0] ?? files8
  assert.is(oracleAnswer(gt), oracleAnswer(gt))
  assert.is(stuffedAnswer(gt, 5), stuffedAnswer(gt, 5))
  assert.is.not(stuffedAnswer(gt, 5), stuffedAnswer(gt, 6))
  assert.is(partialAnswer(gt), partialAnswer(gt))
  assert.is(emptyAnswer(), '')
})

rules.run()

// ---------------------------------------------------------------------------------------------

const files = suite('verify.py in and out')

interface Run {
  status: number | null
  stdout: string
  stderr: string
  reward: Record<string, unknown>
  text: string
  details: Record<string, unknown>
}

function layout(gt: unknown, answer: string | undefined): string {
  const root = mkdtempSync(join(tmpdir(), 'verifier-'))
  mkdirSync(join(root, 'logs', 'agent'), { recursive: true })
  mkdirSync(join(root, 'tests'), { recursive: true })
  writeFileSync(join(root, 'tests', 'ground_truth.json'), typeof gt === 'string' ? gt : JSON.stringify(gt, null, 2))
  if (answer !== undefined) writeFileSync(join(root, 'logs', 'agent', 'solution.md'), answer)
  return root
}

function runVerify(args: string[], env: Record<string, string>, outDir: string): Run {
  const run = spawnSync('python3', args, { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } })
  const read = (name: string) => readFileSync(join(outDir, name), 'utf8')
  return {
    status: run.status, stdout: run.stdout, stderr: run.stderr,
    reward: JSON.parse(read('reward.json')), text: read('reward.txt'), details: JSON.parse(read('reward-details.json')),
  }
}

const inEnv = (root: string) => ({ LOGS_DIR: join(root, 'logs'), TESTS_DIR: join(root, 'tests') })

const isZero = (run: Run) => {
  assert.equal(run.reward, { reward: 0, keyword_overlap: 0, file_references: 0, code_blocks: 0, length_score: 0 })
  assert.is(run.text.trim(), '0')
}

files('LOGS_DIR and TESTS_DIR point verify.py at a task outside a container; reward.json is flat numbers equal to score.ts', () => {
  const gt = real[1] ?? files8
  const root = layout(gt, oracleAnswer(gt))
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.equal(Object.keys(run.reward).sort(), ['code_blocks', 'file_references', 'keyword_overlap', 'length_score', 'reward'])
  for (const v of Object.values(run.reward)) assert.type(v, 'number')
  assert.equal(run.reward, score(oracleAnswer(gt), gt).rewardJson)
  assert.is(Number(run.text), run.reward.reward)
  assert.equal(check('reward.schema.json', run.reward), [])
  assert.equal(check('reward-details.schema.json', run.details), [])
  assert.is(run.details.status, 'scored')
})

files('--solution, --ground-truth and --output-dir override the environment', () => {
  const gt = files8
  const root = layout(gt, 'See `src/main.c` and flush_queue.')
  const out = join(root, 'elsewhere')
  const args = [VERIFY_PY, '--solution', join(root, 'logs', 'agent', 'solution.md'), '--ground-truth', join(root, 'tests', 'ground_truth.json'), '--output-dir', out]
  const run = runVerify(args, { LOGS_DIR: join(root, 'nope'), TESTS_DIR: join(root, 'nope') }, out)
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.reward, score('See `src/main.c` and flush_queue.', gt).rewardJson)
})

files('a ground truth that is not JSON leaves reward 0, reward.txt "0" and details naming the file; exit 1', () => {
  const root = layout('{ not json', 'an answer')
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 1)
  isZero(run)
  assert.is(run.details.status, 'error')
  assert.match(String(run.details.error), join(root, 'tests', 'ground_truth.json'))
  assert.match(run.stderr, 'not valid JSON')
  assert.equal(check('reward-details.schema.json', run.details), [])
})

files('an unreadable ground truth (a directory) and invalid weights are verifier errors with reward 0', () => {
  const root = layout(files8, 'an answer')
  const dirGt = join(root, 'gt-dir')
  mkdirSync(dirGt)
  const out = join(root, 'logs', 'verifier')
  const unreadable = runVerify([VERIFY_PY, '--ground-truth', dirGt], inEnv(root), out)
  assert.is(unreadable.status, 1)
  isZero(unreadable)
  assert.match(String(unreadable.details.error), 'cannot read ground truth')
  writeFileSync(join(root, 'tests', 'ground_truth.json'), JSON.stringify({ ...files8, weights: { ...files8.weights, code_blocks: -1 } }))
  const negative = runVerify([VERIFY_PY], inEnv(root), out)
  assert.is(negative.status, 1)
  isZero(negative)
  assert.match(String(negative.details.error), '/weights/code_blocks must be a non-negative number')
})

files('a crash inside scoring still leaves the zero reward written before scoring began', () => {
  const root = layout(files8, oracleAnswer(files8))
  const run = runVerify([DRIVER_PY, 'crash', VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 1)
  isZero(run)
  assert.is(run.details.status, 'error')
  assert.match(String(run.details.error), 'simulated crash inside scoring')
  assert.match(run.stderr, 'Traceback')
})

files('a missing answer file is reward 0 with a reason and is not a verifier error', () => {
  const root = layout(files8, undefined)
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.is(run.reward.reward, 0)
  assert.is(run.details.status, 'missing_answer')
  assert.equal(run.details.reasons, [`no answer file at ${join(root, 'logs', 'agent', 'solution.md')}`])
  assert.equal(check('reward-details.schema.json', run.details), [])
})

files('an empty answer file is reward 0 with status empty_answer', () => {
  const root = layout(files8, '  \n')
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 0)
  assert.is(run.reward.reward, 0)
  assert.is(run.details.status, 'empty_answer')
})

files('weights missing from ground_truth.json fall back to the defaults', () => {
  const { weights: _, ...withoutWeights } = files8
  const root = layout(withoutWeights, oracleAnswer(files8))
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.details.weights, { keyword_overlap: 0.5, file_references: 0.2, code_blocks: 0.2, length_score: 0.1 })
  assert.equal(run.reward, score(oracleAnswer(files8), files8).rewardJson)
})

files('invalid UTF-8 in the answer is read with replacement characters instead of failing', () => {
  const root = layout(files8, undefined)
  writeFileSync(join(root, 'logs', 'agent', 'solution.md'), Buffer.concat([Buffer.from('src/main.c '), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from(' flush_queue')]))
  const run = runVerify([VERIFY_PY], inEnv(root), join(root, 'logs', 'verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.reward, score('src/main.c \ufffd\ufffd\ufffd flush_queue', files8).rewardJson)
})

files.run()

// ---------------------------------------------------------------------------------------------

const config = suite('verifier config section')

config('defaults: the seed weights, an oracle threshold of 0.9 and a stuffing margin of 0.15', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verifier-config-'))
  assert.equal(loadConfig(undefined, dir).config.verifier, {
    weights: { keyword_overlap: 0.5, file_references: 0.2, code_blocks: 0.2, length_score: 0.1 },
    pass_threshold: 0.9,
    stuffed_margin: 0.15,
  })
})

config('all-zero weights and negative weights are config errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verifier-config-'))
  const file = join(dir, 'locobench.config.json5')
  writeFileSync(file, '{ verifier: { weights: { keyword_overlap: 0, file_references: 0, code_blocks: 0, length_score: 0 } } }')
  assert.throws(() => loadConfig(file, dir), /verifier\.weights/)
  writeFileSync(file, '{ verifier: { weights: { code_blocks: -0.1 } } }')
  assert.throws(() => loadConfig(file, dir), /verifier\.weights\.code_blocks/)
})

config('a partial weights object keeps the other defaults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verifier-config-'))
  const file = join(dir, 'locobench.config.json5')
  writeFileSync(file, '{ verifier: { weights: { keyword_overlap: 0.7 } } }')
  assert.equal(loadConfig(file, dir).config.verifier.weights, { keyword_overlap: 0.7, file_references: 0.2, code_blocks: 0.2, length_score: 0.1 })
})

config('reward.json must be flat numbers with a reward', () => {
  assert.ok(check('reward.schema.json', { reward: 0.5, keyword_overlap: 0, file_references: 0, code_blocks: 0, length_score: 0, extra: 1 }).length === 0)
  assert.ok(check('reward.schema.json', { reward: 0.5, keyword_overlap: 0, file_references: 0, code_blocks: 0, length_score: 0, nested: { a: 1 } }).length > 0)
  assert.ok(check('reward.schema.json', { score: 0.5 }).length > 0)
  assert.equal(METRICS.length, 4)
})

config.run()
