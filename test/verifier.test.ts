import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../scripts/lib/config-loader.ts'
import { check } from '../scripts/lib/schemas.ts'
import { cheatAnswers, paraphrase, reorderSections } from '../scripts/verifier/answers.ts'
import { contentTokens } from '../scripts/verifier/score.ts'
import { calibrateTasks, pickPeers, readTask, taskAnswers, taskProblems, DEFAULT_MARGINS, type TaskDir } from '../scripts/verifier/calibration.ts'
import { writeCalibrationReport } from '../scripts/verifier/calibration-files.ts'
import { buildEvidence, commonTerms, instructionGivens, thinTruth, type ProjectView } from '../scripts/verifier/evidence.ts'
import { findLeaks, leakBaseline, sharedWithOthers, withoutPathWords } from '../scripts/verifier/leaks.ts'
import { emptyAnswer } from '../scripts/verifier/oracle.ts'
import { lineHash, lowerAscii, normaliseCodeLine, round4, score, STOP_WORDS, tokens } from '../scripts/verifier/score.ts'
import { METRICS, type GroundTruthFile } from '../scripts/verifier/verifier-types.ts'
import {
  DRIVER_PY, ROOT, SHOP, SHOP_TRUTH, VERIFY_PY, complete, edgeGroundTruths, gtFile, objectGroundTruths, oracleOf, pythonScores,
  realGroundTruths, syntheticGroundTruths,
} from './helpers/verifier-fixtures.ts'
import { rig, type Rig } from './helpers/rig.ts'

// The tasks generated once for every suite of this file live in one rig; it has no after hook to
// dispose it (this file runs several suites), so the rig removes it when the process exits.
const shared = rig({}, 'lbh-verifier-test-')

const P = '/app/project/'
const real = realGroundTruths()
const objects = objectGroundTruths()
const edges = edgeGroundTruths(real)
const synthetic = syntheticGroundTruths()
const shop = gtFile('shop', SHOP_TRUTH, Object.keys(SHOP).map((f) => P + f), {}, SHOP)
const shopOracle = oracleOf(shop, SHOP)
const byId = (id: string): GroundTruthFile => [...real, ...objects, ...edges].find((g) => g.id === id)!
const files8 = byId('string:short')

// Tasks generated from the bundled sample by the real CLI: their ground truths carry real line
// indexes, so the adversarial answers below exercise grounding in both languages.
const generated = shared.mkdir('generated')
{
  const run = spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), 'generate', '--data', join(ROOT, 'data', 'sample'), '--out', generated], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(`generate failed: ${run.stderr}`)
}
const taskIds = readdirSync(join(generated, 'tasks')).filter((d) => d !== 'manifest.json' && d !== 'dataset.toml').sort()
const sampleTasks = taskIds.filter((_, i) => i % 5 === 0).map((id) => {
  const dir = join(generated, 'tasks', id)
  return { id, dir, gt: JSON.parse(readFileSync(join(dir, 'tests', 'ground_truth.json'), 'utf8')) as GroundTruthFile, oracle: readFileSync(join(dir, 'solution', 'answer.md'), 'utf8') }
})

// The two sample tasks whose instruction names every relevant file and identifier: before the
// file gate, the oracle of a sibling question on their project scored 0.74 and 0.98 on them.
const THIN_TASKS = ['cpp_data_analytics_expert_010_feature_implementation_expert_01', 'typescript_api_rest_expert_078_bug_investigation_hard_01']
const allTasks: TaskDir[] = taskIds.map((id) => readTask(join(generated, 'tasks'), id))
const gtOf = (id: string): GroundTruthFile => JSON.parse(readFileSync(join(generated, 'tasks', id, 'tests', 'ground_truth.json'), 'utf8')) as GroundTruthFile

const fencesOut = (text: string): string => {
  let inFence = false
  return text.split('\n').filter((line) => {
    if (/^\s{0,3}(```|~~~)/.test(line)) inFence = !inFence
    else if (!inFence) return true
    return false
  }).join('\n')
}

/** Answers an attacker or an honest agent might write beyond the calibration kinds: the oracle
 *  citing (and quoting) one more, relevant-looking project file; another question's oracle on the
 *  same project, as is, with its paths pointed at the files the instruction names, and as bare
 *  prose under the instruction's file list. */
function adversarialAnswers(task: TaskDir, gt: GroundTruthFile): Record<string, string> {
  const out: Record<string, string> = {}
  const relevant = (gt.relevant_files ?? []).map((f) => f.slice(P.length))
  const named = (gt.instruction_files ?? []).map((f) => f.slice(P.length))
  const dirOf = (f: string) => f.split('/').slice(0, -1).join('/')
  const extOf = (f: string) => f.split('.').pop()
  const extra = (gt.project_files ?? []).find((f) => !relevant.includes(f) && relevant.some((r) => dirOf(r) === dirOf(f) && extOf(r) === extOf(f)))
  if (extra) {
    const lines = readFileSync(join(task.dir, 'environment', 'project', extra), 'utf8').split('\n').filter((l) => l.trim().length >= 12).slice(0, 3)
    out.honest_extra_file = task.oracle
      .replace('## Key files\n\n', `## Key files\n\n- \`${P}${extra}\`: a helper the flow passes through\n`)
      .replace('## Analysis', `From \`${P}${extra}\`:\n\n\`\`\`${extOf(extra)}\n${lines.join('\n')}\n\`\`\`\n\n## Analysis`)
  }
  const sibling = pickPeers(allTasks, task).sameProject
  if (sibling) {
    out.sibling_oracle = sibling.oracle
    let i = 0
    if (named.length > 0) out.sibling_retargeted = sibling.oracle.replace(/\/app\/project\/[^\s`]*/g, () => P + named[i++ % named.length])
    const prose = fencesOut(sibling.oracle).replace(/`?\/app\/project\/[^\s`]*`?/g, 'the file')
    out.sibling_prose_named_files = `## Key files\n\n${named.map((f) => `- \`${P}${f}\``).join('\n')}\n\n${prose}`
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// The corpus: every calibration answer (cheats included) on generated tasks, and awkward answers

function fixedAnswers(gt: GroundTruthFile): Record<string, string> {
  const oracle = oracleOf(gt)
  return {
    whitespace: ' \n\t \n',
    'unicode-whitespace': '\u00a0\u2003\u3000\n\u2028\ufeff\u0085\u001c',
    crlf: oracle.replaceAll('\n', '\r\n'),
    bom: `\ufeff${oracle}`,
    'lone-cr': oracle.replaceAll('\n', '\r'),
    'lone-surrogate': `\`\`\`c\nint x = 1; \ud800 int y = 2;\n\`\`\`\n${oracle}`,
    unicode: 'Résumé: the café 東京 module 🚀🔥 calls flush_queue() — see `src/main.c` → ﬁx İstanbul KELVIN K ß ΣΑΣ.',
    'json-looking': JSON.stringify({ answer: gt.ground_truth, files: gt.context_files }, null, 2),
    'main-c-vs-cpp': 'The bug is in main.cpp and in domain.c, not src/main.cc; also see mymain.c and main.c.orig.',
    'fabricated-paths': 'See /app/project/nowhere/ghost.c and /app/project/src/ and /app/project/made_up.py.',
    'empty-fences': '```\n```\n\n```python\n   \t\n```\n\n~~~\n\n~~~\n',
    'unclosed-fence': 'Start\n```c\nflush_queue(); /* never closed */\n',
    'nested-fences': '````md\n```\ninner\n```\n````\n~~~\n```\n~~~\n',
    'mixed-case': gt.ground_truth_text.toUpperCase(),
    reordered: reorderSections(oracle),
    paraphrased: paraphrase(oracle),
  }
}

interface Case {
  gt: GroundTruthFile
  name: string
  answer: string
}

function corpus(): Case[] {
  const cases: Case[] = []
  for (const t of sampleTasks) {
    const others = sampleTasks.filter((o) => o.id !== t.id)
    const answers = taskAnswers(t, { sameProject: undefined, otherProject: { ...others[0], projectId: 'x' } })
    for (const [name, answer] of Object.entries(answers)) cases.push({ gt: t.gt, name, answer: answer! })
  }
  for (const id of [...new Set([...THIN_TASKS, ...sampleTasks.map((t) => t.id)])]) {
    const task = allTasks.find((t) => t.id === id)!
    const gt = gtOf(id)
    for (const [name, answer] of Object.entries(adversarialAnswers(task, gt))) cases.push({ gt, name: `adversarial-${name}`, answer })
  }
  for (const gt of [...real, ...objects, ...edges, ...synthetic, shop]) cases.push({ gt, name: 'oracle', answer: oracleOf(gt, gt === shop ? SHOP : undefined) })
  for (const gt of [...real.slice(0, 2), objects[0], shop, ...edges.filter((g) => g.id !== 'string:long')]) {
    for (const [name, answer] of Object.entries(fixedAnswers(gt))) cases.push({ gt, name, answer })
  }
  for (const [name, answer] of Object.entries(cheatAnswers({ instruction: 'Find why checkout is slow in `src/app.py`.', project: Object.entries(SHOP).map(([rel, text]) => ({ rel, text })) }))) {
    cases.push({ gt: shop, name: `shop-${name}`, answer })
  }
  cases.push({ gt: shop, name: 'judge-scored', answer: shopOracle })
  const unit = `${shopOracle}\n🚀 main.c main.cpp \`x\` src/main.c \r\n`
  cases.push({ gt: shop, name: 'huge', answer: unit.repeat(Math.ceil(600_000 / unit.length)) })
  return cases
}

const cases = corpus()
const judgeFor = (c: Case) => (c.name === 'judge-scored' ? { status: 'scored' as const, score: 0.3, model: 'm', attempts: 2, reason: 'graded by m' } : undefined)
const tsScores = cases.map((c) => score(c.answer, c.gt, judgeFor(c)))
const ROUND_PROBES = [
  ...Array.from({ length: 32 }, (_, k) => k / 32), ...Array.from({ length: 64 }, (_, k) => (2 * k + 1) / 32 + 3),
  0.00005, 0.00015, 0.12345, 0.99995, 1.00005, 2.675, 0.1 + 0.2, 1 / 3, 2 / 3, 0.3 * 3, 1e-7, 123.45675,
  ...Array.from({ length: 500 }, (_, i) => Math.sin(i + 1) ** 2),
]
let python: ReturnType<typeof pythonScores> | undefined
const py = () => (python ??= pythonScores(cases.map((c) => ({ answer: c.answer, gt: c.gt, judge: judgeFor(c) })), ROUND_PROBES))

// ---------------------------------------------------------------------------------------------

const parity = suite('verifier parity: python verify.py vs score.ts')

parity('python3 and TypeScript give identical rewards and details on every case, cheats and adversarial answers included', () => {
  const results = py().results
  assert.is(results.length, cases.length)
  const mismatches: string[] = []
  cases.forEach((c, i) => {
    try {
      assert.equal(tsScores[i].rewardJson, results[i].reward_json)
      assert.equal(tsScores[i].details, results[i].details)
    } catch {
      mismatches.push(`${c.gt.id} × ${c.name}: ts ${JSON.stringify(tsScores[i].details.metrics)} py ${JSON.stringify(results[i].details.metrics)}`)
    }
  })
  assert.equal(mismatches, [])
  assert.ok(cases.filter((c) => c.name.includes('dump')).length >= 2 * sampleTasks.length, 'the corpus holds the dumps')
})

parity('every details object matches reward-details.schema.json, every reward.json holds exactly one key', () => {
  const bad = tsScores.flatMap((s, i) => {
    const issues = [...check('reward-details.schema.json', s.details), ...check('reward.schema.json', s.rewardJson)]
    return issues.length ? [`${cases[i].gt.id} × ${cases[i].name}: ${JSON.stringify(issues[0])}`] : []
  })
  assert.equal(bad, [])
  for (const s of tsScores) assert.equal(Object.keys(s.rewardJson), ['reward'])
})

parity('every ground truth matches ground-truth.schema.json, as generate writes them', () => {
  const bad = [...real, ...objects, ...edges, ...synthetic, shop, ...sampleTasks.map((t) => t.gt)].filter((gt) => check('ground-truth.schema.json', gt).length > 0).map((gt) => gt.id)
  assert.equal(bad, [])
})

parity('round4 is Python round(x, 4), ties to even included; both sides use the same stop words', () => {
  assert.equal(ROUND_PROBES.map(round4), py().rounds)
  assert.equal([...STOP_WORDS].sort(), py().stop_words)
})

parity('the corpus reaches every metric: grounded code, fabricated paths, truncation, a judge score', () => {
  assert.ok(tsScores.some((s) => s.details.code_grounding.grounded_lines > 0))
  assert.ok(tsScores.some((s) => s.details.file_references.fabricated_sample.length > 0))
  assert.ok(tsScores.some((s) => s.details.words_read < s.details.answer_words))
  assert.ok(tsScores.some((s) => s.details.judge.status === 'scored'))
  assert.ok(tsScores.some((s) => s.details.file_gate.value > 0 && s.details.file_gate.value < 1), 'a partial file gate')
  assert.ok(tsScores.some((s) => s.details.file_gate.value === 0 && s.details.file_gate.cited_files > 0), 'a closed file gate')
  assert.ok(cases.filter((c) => c.name.startsWith('adversarial-')).length >= 3 * sampleTasks.length, 'the corpus holds the adversarial answers')
})

parity.run()

// ---------------------------------------------------------------------------------------------

const precision = suite('verifier precision: what an answer adds counts against it')

const m = (answer: string, gt = shop) => score(answer, gt).details

precision('file references: naming every project file scores far below naming the relevant ones', () => {
  const all = Object.keys(SHOP).map((f) => P + f).join('\n')
  const right = ['src/orders/order_pipeline.py', 'src/payments/gateway.py', 'src/cart/cart_service.py'].map((f) => P + f).join('\n')
  assert.is(m(right).metrics.file_references, 1)
  assert.ok(m(all).metrics.file_references < 0.2, String(m(all).metrics.file_references))
  assert.ok(m(`${right}\n/app/project/ghost/a.py /app/project/ghost/b.py /app/project/ghost/c.py`).metrics.file_references < 1)
})

precision('content words: the reference diluted with unrelated text loses, a vocabulary dump scores near 0', () => {
  const vocabulary = Object.values(SHOP).join(' ').replace(/[`/]/g, ' ')
  const clean = m(SHOP_TRUTH).metrics.content_words
  const padded = m(`${SHOP_TRUTH}\n${'lorem ipsum dolor amet consectetur adipiscing elit sed eiusmod tempor '.repeat(3)}${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}`).metrics.content_words
  assert.is(clean, 1)
  assert.ok(padded < clean, `${padded}`)
  assert.ok(m(vocabulary).metrics.content_words < 0.5)
})

precision('identifiers: listing every identifier of the project loses to naming the right ones', () => {
  const every = Object.values(SHOP).join('\n').match(/[A-Za-z_][A-Za-z0-9_]*/g)!.map((i) => `\`${i}\``).join(' ')
  const right = '`place_order` `charge_card` `record_order` `price_cart`'
  assert.is(m(right).metrics.identifiers, 1)
  assert.ok(m(every).metrics.identifiers < 0.6, String(m(every).metrics.identifiers))
})

precision('text beyond the word limit earns nothing: the reference after a long preamble scores 0', () => {
  const d = m(`${'filler '.repeat(5000)}\n${shopOracle}`)
  assert.ok(d.words_read < d.answer_words)
  assert.is(d.metrics.content_words, 0)
  assert.is(d.deterministic, 0)
})

precision('the calibration cheats stay far below the oracle on the shop project', () => {
  const oracle = score(shopOracle, shop).reward
  assert.ok(oracle >= 0.9, String(oracle))
  const cheats = cheatAnswers({ instruction: 'Find why checkout is slow.', project: Object.entries(SHOP).map(([rel, text]) => ({ rel, text })) })
  for (const name of ['instruction_copy', 'path_list', 'keyword_repetition', 'word_stuffing', 'project_dump', 'dump_word_pairs', 'stuffing_first', 'huge_answer']) {
    assert.ok(score(cheats[name], shop).reward <= 0.3, `${name}: ${score(cheats[name], shop).reward}`)
  }
  // The salad spends no word of the limit on one the verifier ignores, and names every word the
  // project has in the form the verifier counts it.
  const salad = cheats.word_stuffing.slice('Find why checkout is slow.'.length).trim().split(' ')
  assert.equal(salad, [...new Set(contentTokens(salad.join(' ')))])
  assert.equal(new Set(salad), new Set(contentTokens(['Find why checkout is slow.', ...Object.values(SHOP)].join('\n'))))
})

precision.run()

// ---------------------------------------------------------------------------------------------

const gate = suite('verifier file gate: what the instruction gives away earns nothing, getting it wrong still costs')

// The shop task with an instruction that names the three relevant files: the file metric then
// has novelty 0 and no weight, and only the gate reads the files an answer cites.
const RELEVANT = ['src/orders/order_pipeline.py', 'src/payments/gateway.py', 'src/cart/cart_service.py']
const shopGiven: GroundTruthFile = { ...shop, id: 'shop:files-given', instruction_files: RELEVANT.map((f) => P + f) }
const cite = (files: string[]) => `## Key files\n\n${files.map((f) => `- \`${P}${f}\``).join('\n')}\n\n## Analysis\n\n${SHOP_TRUTH.replace(/`src\/[^`]+`/g, 'that file')}\n`
const g = (answer: string, gt = shopGiven) => score(answer, gt).details
const ungated = (answer: string, gt = shopGiven) => score(answer, { ...gt, limits: { ...gt.limits!, file_precision_gate: 0 } }).details

gate('the right files cost nothing; one extra relevant-looking file costs nothing either', () => {
  const right = g(cite(RELEVANT))
  assert.is(right.novelty.file_references, 0)
  assert.is(right.effective_weights.file_references, 0)
  assert.equal(right.file_gate, { value: 1, full_at: 0.5, given: 1, cited_files: 3, relied_on: 3, precision: 1 })
  assert.ok(right.deterministic > 0.5 && right.deterministic === ungated(cite(RELEVANT)).deterministic, String(right.deterministic))
  const extra = g(cite([...RELEVANT, 'src/app.py']))
  assert.is(extra.file_gate.precision, 0.75)
  assert.is(extra.file_gate.value, 1)
  assert.is(extra.deterministic, right.deterministic)
  assert.is(g(shopOracle).file_gate.value, 1)
})

gate('files the ground truth does not rely on cost: the score shrinks with the precision below full_at', () => {
  const wrong = ['src/extra/module_1.py', 'src/extra/module_2.py', 'src/extra/module_3.py']
  const none = g(cite(wrong))
  assert.equal([none.file_gate.relied_on, none.file_gate.cited_files, none.file_gate.value], [0, 3, 0])
  assert.is(none.deterministic, 0)
  assert.is(ungated(cite(wrong)).deterministic, ungated(cite(RELEVANT)).deterministic, 'without the gate wrong files cost nothing here')
  const quarter = cite([RELEVANT[0], ...wrong])
  assert.is(g(quarter).file_gate.value, 0.5)
  assert.ok(Math.abs(g(quarter).deterministic - ungated(quarter).deterministic * 0.5) <= 1e-4, 'half the ungated score')
  assert.match(g(quarter).reasons.join('\n'), 'file gate x0.5000: 1 of 4 files cited in the prose are ones the ground truth relies on')
})

gate('container paths naming no project file count as wrong citations', () => {
  const d = g(`${cite(RELEVANT)}\nSee also /app/project/ghost/a.py, /app/project/ghost/b.py, /app/project/ghost/c.py and /app/project/ghost/d.py.\n`)
  assert.equal([d.file_gate.relied_on, d.file_gate.cited_files], [3, 7])
  assert.ok(d.file_gate.value < 1)
})

gate('paths inside quoted code are the project\'s text, not citations; instruction-named files are neutral', () => {
  const quoted = `${cite(RELEVANT)}\n\`\`\`python\n# see src/extra/module_1.py and src/extra/module_2.py and src/extra/module_3.py and src/extra/module_4.py\n\`\`\`\n`
  assert.is(g(quoted).file_gate.cited_files, 3)
  assert.is(g(quoted).file_gate.value, 1)
  const pointed: GroundTruthFile = { ...shopGiven, instruction_files: [...shopGiven.instruction_files!, `${P}src/app.py`, `${P}docs/architecture.md`] }
  const d = g(cite([RELEVANT[0], 'src/app.py', 'docs/architecture.md']), pointed)
  assert.equal([d.file_gate.relied_on, d.file_gate.cited_files, d.file_gate.value], [1, 1, 1])
})

gate('the gate only charges: copying the instruction stays worthless, citing nothing costs nothing', () => {
  const instruction = `Find why checkout is slow: \`place_order\` blocks. Start from ${RELEVANT.map((f) => P + f).join(', ')}.`
  const givens = instructionGivens(instruction, Object.keys(SHOP))
  const copy = g(instruction, { ...shopGiven, instruction_terms: givens.terms, instruction_files: givens.files })
  assert.equal(givens.files, shopGiven.instruction_files!.slice().sort())
  assert.is(copy.file_gate.value, 1)
  assert.is(copy.deterministic, 0)
  const bare = g(SHOP_TRUTH.replace(/`src\/[^`]+`/g, 'that file'))
  assert.is(bare.file_gate.cited_files, 0)
  assert.is(bare.file_gate.value, 1)
})

gate('where the instruction names no relevant file the F1 already charges extra files: the gate stays open', () => {
  const wrong = g(cite(['src/extra/module_1.py', 'src/extra/module_2.py']), shop)
  assert.is(wrong.file_gate.given, 0)
  assert.is(wrong.file_gate.value, 1)
  assert.is(wrong.metrics.file_references, 0)
  // Half the relevant files named: half the gate's reach.
  const half: GroundTruthFile = { ...shop, instruction_files: [P + RELEVANT[0]] }
  const d = g(cite(['src/extra/module_1.py', 'src/extra/module_2.py', 'src/extra/module_3.py']), half)
  assert.is(d.file_gate.given, round4(1 - 2 / 3))
  assert.is(d.file_gate.value, round4(1 - (1 - 2 / 3)))
})

gate('the sample tasks whose sibling oracle scored 0.74 and 0.98 hold the margins now', () => {
  for (const id of THIN_TASKS) {
    const task = allTasks.find((t) => t.id === id)!
    const gt = gtOf(id)
    const answers = taskAnswers(task, pickPeers(allTasks, task))
    const r = (a: string) => score(a, gt).reward
    assert.ok(r(answers.oracle!) >= 0.9 && r(answers.oracle_paraphrased!) >= 0.8 && r(answers.oracle_reordered!) >= 0.8, id)
    assert.ok(r(answers.other_question_oracle!) <= DEFAULT_MARGINS.other_question_max, `${id}: sibling oracle ${r(answers.other_question_oracle!)}`)
    assert.ok(score(answers.other_question_oracle!, gt).details.file_gate.value <= 0.5, id)
    for (const k of ['instruction_copy', 'path_list', 'project_dump', 'dump_word_pairs'] as const) assert.ok(r(answers[k]!) <= 0.3, `${id}: ${k}`)
    const extra = adversarialAnswers(task, gt).honest_extra_file
    if (extra) assert.is(score(extra, gt).details.file_gate.value, 1, `${id}: one extra file`)
  }
})

gate.run()

// ---------------------------------------------------------------------------------------------

const grounding = suite('verifier grounding: quoted code must be real, from the file it is attributed to')

const block = (path: string, lines: string[]) => `From \`${P}${path}\`:\n\n\`\`\`python\n${lines.join('\n')}\n\`\`\`\n`
const pipelineLine = '    receipt = charge_card(cart_id, total)  # blocks the worker for the whole round trip'

grounding('a real line carrying a ground-truth identifier, attributed to its relevant file, is grounded', () => {
  const d = m(block('src/orders/order_pipeline.py', [pipelineLine]))
  assert.is(d.code_grounding.grounded_lines, 1)
  assert.equal(d.code_grounding.relevant_files_quoted, [`${P}src/orders/order_pipeline.py`])
})

grounding('fabricated code naming the right identifiers earns nothing', () => {
  const d = m(block('src/orders/order_pipeline.py', ['result = charge_card(place_order(cart), record_order(cart))', 'def place_order(cart): return price_cart(cart)']))
  assert.is(d.code_grounding.grounded_lines, 0)
  assert.is(d.metrics.code_grounding, 0)
})

grounding('the same real line attributed to another file, or to no file, earns nothing', () => {
  assert.is(m(block('src/payments/gateway.py', [pipelineLine])).code_grounding.grounded_lines, 0)
  assert.is(m(block('src/app.py', [pipelineLine])).code_grounding.grounded_lines, 0)
  const bare = m(`\`\`\`python\n${pipelineLine}\n\`\`\``)
  assert.is(bare.code_grounding.grounded_lines, 0)
  assert.is(bare.code_grounding.unattributed_blocks, 1)
})

grounding('dumping a relevant file whole scores below quoting its relevant lines (precision)', () => {
  const filler = Object.values(SHOP).join('\n').split('\n')
  const dumped = m(`${SHOP_TRUTH}\n\n${block('src/orders/order_pipeline.py', [...SHOP['src/orders/order_pipeline.py'].split('\n'), ...filler])}`).metrics.code_grounding
  const quoted = m(`${SHOP_TRUTH}\n\n${block('src/orders/order_pipeline.py', [pipelineLine, '    total = CartService().price_cart(cart_id)'])}`).metrics.code_grounding
  assert.ok(dumped < quoted, `${dumped} vs ${quoted}`)
})

grounding('real lines pasted without an explanation earn nothing: code credit is gated by the prose', () => {
  const code = block('src/orders/order_pipeline.py', [pipelineLine])
  const bare = m(code)
  assert.is(bare.code_grounding.grounded_lines, 1)
  assert.is(bare.code_grounding.prose_factor, 0)
  assert.is(bare.metrics.code_grounding, 0)
  const explained = m(`${SHOP_TRUTH}\n\n${code}`)
  assert.is(explained.code_grounding.prose_factor, 1)
  // One of three relevant files quoted, every line grounded: F1 of precision 1 and recall 1/3.
  assert.is(explained.metrics.code_grounding, 0.5)
  const ungated = score(code, { ...shop, limits: { ...shop.limits!, code_prose_gate: 0 } }).details
  assert.is(ungated.metrics.code_grounding, 0.5)
})

grounding('a line the agent adds to the project after generation earns nothing: the index is fixed in tests/', () => {
  const planted = 'fake = charge_card(place_order(cart_id))'
  assert.is(m(block('src/orders/order_pipeline.py', [planted])).code_grounding.grounded_lines, 0)
  const regenerated = gtFile('shop', SHOP_TRUTH, shop.context_files, {}, { ...SHOP, 'src/orders/order_pipeline.py': `${SHOP['src/orders/order_pipeline.py']}${planted}\n` })
  assert.is(score(block('src/orders/order_pipeline.py', [planted]), regenerated).details.code_grounding.grounded_lines, 1)
})

grounding('the index holds hashes only, for the relevant files only', () => {
  assert.equal(Object.keys(shop.line_index!).sort(), ['src/cart/cart_service.py', 'src/orders/order_pipeline.py', 'src/payments/gateway.py'])
  assert.equal(shop.relevant_files, ['src/cart/cart_service.py', 'src/orders/order_pipeline.py', 'src/payments/gateway.py'].map((f) => P + f))
  for (const hashes of Object.values(shop.line_index!)) for (const h of hashes) assert.match(h, /^[0-9a-f]{16}$/)
  assert.not.ok(JSON.stringify(shop.line_index).includes('charge_card'))
})

grounding.run()

// ---------------------------------------------------------------------------------------------

const rules = suite('verifier rules')

rules('evidence for tasks sharing a project view is what a fresh view of the project gives each', () => {
  const view = (): ProjectView => ({ files: Object.keys(SHOP), read: (rel) => SHOP[rel] })
  const other = 'Prices come from `price_cart` in `src/cart/cart_service.py`, which sums `unit_price` over the cart items.'
  const instruction = 'Why is `place_order` slow?'
  const shared = view()
  const tasks: [string, string][] = [[SHOP_TRUTH, ''], [other, ''], [SHOP_TRUTH, instruction], [other, instruction]]
  const kept = tasks.map(([truth, told]) => buildEvidence(truth, shared, told))
  assert.equal(kept, tasks.map(([truth, told]) => buildEvidence(truth, view(), told)))
  assert.not.equal(kept[0].lineIndex, kept[1].lineIndex, 'two truths, two indexes')
  assert.equal(instructionGivens(instruction, shared.files), instructionGivens(instruction, [...shared.files]))
  // Another project (a file list without the pipeline) gets its own resolver, not the shared one's.
  const named = 'Look at src/orders/order_pipeline.py first.'
  const smaller = Object.keys(SHOP).filter((f) => f !== 'src/orders/order_pipeline.py')
  assert.equal(instructionGivens(named, shared.files).files, [`${P}src/orders/order_pipeline.py`])
  assert.equal(instructionGivens(named, smaller).files, [])
})

rules('every line naming a ground-truth identifier is indexed, in any case, at any line ending, and no other line is', () => {
  const file = [
    'Place_Order(cart_items)  # the name opens the file',
    'unrelated = compute_totals(x)',
    'x = 1\r',
    '    total = PLACE_ORDER(cart_id)\r',
    '\tresult = __place_order__(x)\rsame line after a lone CR',
    'placeorderish = 2 + something_else(y)',
    'last = place_order(y)',
  ].join('\n')
  const project: ProjectView = { files: ['src/a.py'], read: (rel) => (rel === 'src/a.py' ? file : undefined) }
  const evidence = buildEvidence('`place_order` in src/a.py books the order.', project)
  const named = ['Place_Order(cart_items)  # the name opens the file', '    total = PLACE_ORDER(cart_id)', '\tresult = __place_order__(x)\rsame line after a lone CR', 'last = place_order(y)']
  assert.equal(evidence.lineIndex['src/a.py'], named.map((l) => lineHash(normaliseCodeLine(l))!).sort())
  assert.equal(evidence.quotes.get('src/a.py'), named.map((l) => l.trimEnd()))
})

rules('what the instruction names earns nothing: copying it scores 0', () => {
  const instruction = 'Explain why checkout is slow: `place_order`, `charge_card` and src/orders/order_pipeline.py are involved.'
  const told = complete({ ...shop, relevant_files: undefined }, SHOP, instruction)
  assert.is(score(instruction, told).reward, 0)
  assert.ok(score(oracleOf(told, SHOP), told).reward >= 0.9)
  assert.ok(told.instruction_files!.includes(`${P}src/orders/order_pipeline.py`))
})

rules('a ground truth the instruction almost covers is flagged; one with knowledge of its own is not', () => {
  assert.is(thinTruth(shop), undefined)
  const told = complete({ ...shop, relevant_files: undefined }, SHOP, `${SHOP_TRUTH} Anything else?`)
  assert.match(thinTruth(told) ?? '', 'cover all but 0 of the ground truth')
})

rules('the cross-task baseline: words in most ground truths count as given', () => {
  const texts = [...Array.from({ length: 9 }, (_, i) => `The cache layer ${i} validates tenant requests.`), 'A unique gizmo.']
  const common = commonTerms(texts, 0.2, 10)
  assert.ok(common.includes('cache') && common.includes('tenant'))
  assert.not.ok(common.includes('gizmo'))
  assert.equal(commonTerms(texts.slice(0, 5), 0.2, 10), [])
})

rules('leak check: a real ground-truth sentence pasted into an instruction is found; shared or path-only text is not', () => {
  const gt = real.find((g) => typeof g.ground_truth === 'object')!
  const sentence = gt.ground_truth_text.split(/(?<=[.!?])\s+/).find((x) => x.split(' ').length > 15)!
  const instruction = `# Task\n\nInvestigate the block builder. ${sentence}\n`
  const leaks = findLeaks(instruction, gt.ground_truth_text, new Set())
  assert.ok(leaks.length > 0 && leaks.every((l) => l.words >= 8), JSON.stringify(leaks))
  const baseline = leakBaseline([[gt.ground_truth_text], [sentence]])
  assert.equal(findLeaks(instruction, gt.ground_truth_text, sharedWithOthers(baseline, [gt.ground_truth_text])), [])
  const paths = `See ${gt.context_files.slice(0, 12).join(' ')}`
  assert.equal(findLeaks(paths, `${gt.ground_truth_text}\n${paths}`, new Set()), [])
})

// Strings drawn from the characters the two fast paths could get wrong: ASCII cases, JavaScript's
// spaces and one Python space JavaScript lacks (U+0085), non-ASCII capitals (the Kelvin sign folds
// to an ASCII k under toLowerCase), a lone surrogate, slashes and underscores.
const edgeTexts = (count: number): string[] => {
  const alphabet = ['a', 'B', 'z', 'Q', '0', '9', '_', '/', '.', '-', ' ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u0085', '\u212a', '\u0130', 'Ä', '\ud83d']
  // A 32-bit LCG in integer arithmetic, read from its high bits (its low bits cycle quickly).
  let seed = 7
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 16
  return Array.from({ length: count }, () => Array.from({ length: next() % 40 }, () => alphabet[next() % alphabet.length]).join(''))
}

rules('tokens are the TOKEN matches of the ASCII-lower-cased text, without lower-casing the text', () => {
  const TOKEN = /[a-z0-9]+(?:_+[a-z0-9]+)*/gu
  for (const text of [...edgeTexts(3000), 'Kelvin \u212aELVIN Straße İSTANBUL my_Var__Name'])
    assert.equal(tokens(text), lowerAscii(text).match(TOKEN) ?? [], JSON.stringify(text))
})

rules('a leak check drops each whitespace-delimited word holding a slash, as the pattern it replaces did', () => {
  const PATH_WORD = /(?<!\S)[^\s/]*\/\S*/g
  for (const text of [...edgeTexts(3000), '/a b/ c/d/e /', 'see src/x.ts,\u00a0lib/y.ts\u2028and //z'])
    assert.is(withoutPathWords(text), text.replace(PATH_WORD, ' '), JSON.stringify(text))
})

rules('main.c is not credited by main.cpp, domain.c, mymain.c or main.c.orig; ambiguous names credit none', () => {
  const cited = (answer: string) => score(answer, files8).details.file_references
  assert.equal(cited('The bug is in main.cpp and domain.c; also see mymain.c and main.c.orig.').matched, [])
  assert.equal(cited('Fix src/main.c, then `src/main.c:42`.').matched, [`${P}src/main.c`])
})

rules('empty or whitespace answers are reward 0 with a reason', () => {
  for (const answer of ['', ' \n\t', '\u00a0\u2003\n', '\ufeff']) {
    const result = score(answer, shop)
    assert.is(result.reward, 0)
    assert.is(result.details.status, 'empty_answer')
  }
})

rules('binary mode: pass_threshold makes the reward 1 or 0 and keeps the score in the details', () => {
  const binary = { ...shop, pass_threshold: 0.9 }
  const pass = score(shopOracle, binary)
  assert.is(pass.reward, 1)
  assert.ok(pass.details.score >= 0.9 && pass.details.score <= 1)
  const fail = score(block('src/orders/order_pipeline.py', [pipelineLine]), binary)
  assert.is(fail.reward, 0)
  assert.ok(fail.details.score > 0 && fail.details.score < 0.9, String(fail.details.score))
  assert.is(score('', binary).reward, 0)
})

rules('a judge score blends in by its weight; a failed or absent judge leaves the deterministic layer', () => {
  const det = score(shopOracle, shop).details.deterministic
  const blended = score(shopOracle, shop, { status: 'scored', score: 0, reason: 'x' })
  assert.is(blended.reward, round4(det * 0.5))
  const failed = score(shopOracle, shop, { status: 'failed', reason: 'HTTP 500 from the judge' })
  assert.is(failed.reward, round4(det))
  assert.ok(failed.details.reasons.some((r) => r.includes('HTTP 500')))
  assert.ok(score(shopOracle, shop).details.reasons.some((r) => r.includes('no judge configured')))
})

rules('correct variants: reordered and reworded oracles keep ≥ 0.9 on the shop task', () => {
  assert.ok(score(reorderSections(shopOracle), shop).reward >= 0.9)
  assert.ok(score(paraphrase(shopOracle), shop).reward >= 0.8)
  assert.is.not(paraphrase(shopOracle), shopOracle)
  assert.is(emptyAnswer(), '')
})

rules.run()

// ---------------------------------------------------------------------------------------------

const kit = suite('calibration kit')

kit('calibrateTasks scores every answer kind with the task\'s own verify.py; the report is written and valid', async () => {
  const ids = sampleTasks.slice(0, 3).map((t) => t.id)
  const seen: string[] = []
  const report = await calibrateTasks({ tasksDir: join(generated, 'tasks'), taskIds: ids, progress: (_d, _t, id) => seen.push(id) })
  assert.equal(report.tasks.map((t) => t.id), ids)
  assert.equal(seen.sort(), [...ids].sort())
  for (const t of report.tasks) {
    assert.ok(t.scores.oracle! >= 0.9 && t.scores.empty === 0, t.id)
    assert.ok(t.scores.project_dump! <= 0.3 && t.scores.instruction_copy! <= 0.3, t.id)
    // The same answer scored in TypeScript: the batch mode is verify.py's own scoring.
    const own = sampleTasks.find((s) => s.id === t.id)!
    assert.is(t.scores.oracle, score(own.oracle, own.gt).reward)
  }
  using r = rig({}, 'calibration-report-')
  const out = r.dir
  writeCalibrationReport(report, { json: join(out, 'calibration', 'report.json'), markdown: join(out, 'report', 'calibration.md') })
  assert.equal(check('calibration-report.schema.json', JSON.parse(readFileSync(join(out, 'calibration', 'report.json'), 'utf8'))), [])
  const md = readFileSync(join(out, 'report', 'calibration.md'), 'utf8')
  assert.match(md, '| project_dump | cheat | 3 |')
  assert.match(md, '![calibration chart](calibration.svg)')
  assert.match(readFileSync(join(out, 'report', 'calibration.svg'), 'utf8'), /^<svg [^>]*>[\s\S]*<\/svg>\n$/)
})

kit('a broken margin names the task, the answer and the limit', () => {
  const broken = taskProblems('t1', { oracle: 0.8, empty: 0.1, project_dump: 0.4, oracle_paraphrased: 0.35, other_question_oracle: 0.6 }, DEFAULT_MARGINS)
  assert.equal(broken.map((b) => [b.answer, b.margin]), [
    ['oracle', 'oracle_min'], ['empty', 'empty_max'], ['project_dump', 'cheat_max'],
    ['oracle_paraphrased', 'paraphrase_min'], ['oracle_paraphrased', 'paraphrase_above_cheats'], ['other_question_oracle', 'other_question_max'],
  ])
  assert.match(broken[2].message, 't1: project_dump 0.4 > cheat_max 0.3')
})

kit('an unreadable task dir is an error naming the missing file', async () => {
  using r = rig({ 'broken/tests/ground_truth.json': '{}' }, 'calibration-bad-')
  const empty = r.dir
  try {
    await calibrateTasks({ tasksDir: empty })
    assert.unreachable('should have failed')
  } catch (error) {
    assert.match((error as Error).message, join(empty, 'broken', 'instruction.md'))
  }
})

kit.run()

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

/** A task's tests/ and logs/ as verify.py sees them; `using root = layout(…)` removes it. */
function layout(gt: unknown, answer: string | undefined): Rig {
  const root = rig({ 'tests/ground_truth.json': typeof gt === 'string' ? gt : JSON.stringify(gt, null, 2) }, 'verifier-')
  root.mkdir('logs/agent')
  if (answer !== undefined) root.write({ 'logs/agent/solution.md': answer })
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

const inEnv = (root: Rig) => ({ LOGS_DIR: root.path('logs'), TESTS_DIR: root.path('tests') })

files('reward.json holds exactly `reward`; the parts are in reward-details.json and a compact log line', () => {
  using root = layout(shop, shopOracle)
  const run = runVerify([VERIFY_PY], inEnv(root), root.path('logs/verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.equal(run.reward, score(shopOracle, shop).rewardJson)
  assert.equal(Object.keys(run.reward), ['reward'])
  assert.is(Number(run.text), run.reward.reward)
  assert.equal(check('reward-details.schema.json', run.details), [])
  assert.equal((run.details as { metrics: unknown }).metrics, score(shopOracle, shop).details.metrics)
  assert.match(run.stdout.split('\n')[0], /^reward [0-9.]+ \(score [0-9.]+; deterministic [0-9.]+: content_words [0-9.]+, identifiers [0-9.]+, file_references [0-9.]+, code_grounding [0-9.]+, judge off\)$/)
})

files('binary mode through the real verify.py: the oracle gets 1, a thin answer 0', () => {
  const gt = { ...shop, pass_threshold: 0.9 }
  using pass = layout(gt, shopOracle)
  assert.equal(runVerify([VERIFY_PY], inEnv(pass), pass.path('logs/verifier')).reward, { reward: 1 })
  using fail = layout(gt, 'checkout is slow')
  const run = runVerify([VERIFY_PY], inEnv(fail), fail.path('logs/verifier'))
  assert.equal(run.reward, { reward: 0 })
  assert.is((run.details as { pass_threshold: number }).pass_threshold, 0.9)
})

files('--batch scores many answers in one process, equal to score.ts', () => {
  using root = layout(shop, undefined)
  const jobs = ['oracle', 'dump'].map((id) => {
    const file = root.path(`${id}.md`)
    writeFileSync(file, id === 'oracle' ? shopOracle : Object.values(SHOP).join('\n'))
    return { id, answer_file: file }
  })
  writeFileSync(root.path('jobs.json'), JSON.stringify(jobs))
  const run = spawnSync('python3', [VERIFY_PY, '--batch', root.path('jobs.json'), '--ground-truth', root.path('tests/ground_truth.json')], { encoding: 'utf8' })
  assert.is(run.status, 0, run.stderr)
  const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; reward: number })
  assert.equal(lines.map((l) => l.id), ['oracle', 'dump'])
  assert.is(lines[0].reward, score(shopOracle, shop).reward)
  assert.is(lines[1].reward, score(Object.values(SHOP).join('\n'), shop).reward)
})

files('an answer of one 2 MB word without a slash (a hex dump) is scored by both verifiers, not left to the verifier timeout', () => {
  // A path pattern that tried every character of such a word as a start took 6 s on 60 KB and
  // grew with the square of its length: two hours here. The timeouts only catch that hang.
  using root = layout(shop, `## Analysis\n\n${'deadbeef'.repeat(250_000)}\n`)
  const py = spawnSync('python3', [VERIFY_PY], { encoding: 'utf8', timeout: 120_000, env: { PATH: process.env.PATH ?? '', ...inEnv(root) } })
  assert.is(py.signal, null, 'verify.py was stopped by the timeout')
  assert.is(py.status, 0, py.stderr)
  const ts = spawnSync(process.execPath, ['--input-type=module', '-e', [
    `import { readFileSync } from 'node:fs'`,
    `import { score } from ${JSON.stringify(join(ROOT, 'scripts/verifier/score.ts'))}`,
    `const read = (p) => readFileSync(${JSON.stringify(root.path())} + '/' + p, 'utf8')`,
    `console.log(JSON.stringify(score(read('logs/agent/solution.md'), JSON.parse(read('tests/ground_truth.json'))).rewardJson))`,
  ].join('\n')], { encoding: 'utf8', timeout: 120_000 })
  assert.is(ts.signal, null, 'score.ts was stopped by the timeout')
  assert.is(ts.status, 0, ts.stderr)
  const pyReward = JSON.parse(readFileSync(root.path('logs/verifier/reward.json'), 'utf8'))
  assert.equal(JSON.parse(ts.stdout), pyReward)
  assert.equal(pyReward, { reward: 0 })
})

files('a ground truth that is not JSON, or a bad field, leaves reward 0 and details naming file and field; exit 1', () => {
  using root = layout('{ not json', 'an answer')
  const run = runVerify([VERIFY_PY], inEnv(root), root.path('logs/verifier'))
  assert.is(run.status, 1)
  assert.equal(run.reward, { reward: 0 })
  assert.match(String(run.details.error), root.path('tests/ground_truth.json'))
  for (const [field, value, message] of [
    ['weights', { ...shop.weights, code_grounding: -1 }, '/weights/code_grounding must be a number >= 0'],
    ['line_index', { 'a.py': 'nope' }, '/line_index/a.py must be an array of strings'],
    ['pass_threshold', 2, '/pass_threshold must be null or a number in 0..1'],
    ['judge', { weight: 3 }, '/judge/weight must be at most 1'],
  ] as const) {
    writeFileSync(root.path('tests/ground_truth.json'), JSON.stringify({ ...shop, [field]: value }))
    const bad = runVerify([VERIFY_PY], inEnv(root), root.path('logs/verifier'))
    assert.is(bad.status, 1, field)
    assert.equal(bad.reward, { reward: 0 })
    assert.match(String(bad.details.error), message)
  }
})

files('a crash inside scoring still leaves the zero reward written before scoring began', () => {
  using root = layout(shop, shopOracle)
  const run = runVerify([DRIVER_PY, 'crash', VERIFY_PY], inEnv(root), root.path('logs/verifier'))
  assert.is(run.status, 1)
  assert.equal(run.reward, { reward: 0 })
  assert.match(String(run.details.error), 'simulated crash inside scoring')
})

files('a missing answer file is reward 0 with a reason; invalid UTF-8 is read with replacements', () => {
  using root = layout(shop, undefined)
  const run = runVerify([VERIFY_PY], inEnv(root), root.path('logs/verifier'))
  assert.is(run.status, 0, run.stderr)
  assert.is(run.details.status, 'missing_answer')
  writeFileSync(root.path('logs/agent/solution.md'), Buffer.concat([Buffer.from('`place_order` '), Buffer.from([0xff, 0xfe]), Buffer.from(' charge_card')]))
  const bytes = runVerify([VERIFY_PY], inEnv(root), root.path('logs/verifier'))
  assert.equal(bytes.reward, score('`place_order` \ufffd\ufffd charge_card', shop).rewardJson)
})

files.run()

// ---------------------------------------------------------------------------------------------

const config = suite('verifier config section')

config('defaults: the weights, limits, binary mode off, the judge and the calibration margins', () => {
  using r = rig({}, 'verifier-config-')
  const v = loadConfig(undefined, r.dir).config.verifier
  assert.equal(v.weights, { content_words: 0.3, identifiers: 0.25, file_references: 0.15, code_grounding: 0.3 })
  assert.is(v.pass_threshold, null)
  assert.equal(v.calibration, { oracle_min: 0.9, empty_max: 0, cheat_max: 0.3, cheat_median_max: 0.15, paraphrase_min: 0.8, other_question_max: 0.5 })
  assert.is((v.judge as { weight: number }).weight, 0.5)
  assert.equal(METRICS.length, 4)
})

config('all-zero weights, a threshold above 1 and unknown keys are config errors naming the key', () => {
  using r = rig({}, 'verifier-config-')
  const dir = r.dir
  const file = r.path('locobench.config.json5')
  writeFileSync(file, '{ verifier: { weights: { content_words: 0, identifiers: 0, file_references: 0, code_grounding: 0 } } }')
  assert.throws(() => loadConfig(file, dir), /verifier\.weights/)
  writeFileSync(file, '{ verifier: { pass_threshold: 1.5 } }')
  assert.throws(() => loadConfig(file, dir), /verifier\.pass_threshold/)
  writeFileSync(file, '{ verifier: { weights: { keyword_overlap: 0.5 } } }')
  assert.throws(() => loadConfig(file, dir), /verifier\.weights/)
})

config('reward.json allows exactly one key', () => {
  assert.equal(check('reward.schema.json', { reward: 0.5 }), [])
  assert.ok(check('reward.schema.json', { reward: 0.5, content_words: 1 }).length > 0)
  assert.ok(check('reward.schema.json', { score: 0.5 }).length > 0)
})

config.run()
