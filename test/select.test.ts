import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { rig } from './helpers/rig.ts'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ConfigError, loadConfig } from '../scripts/lib/config-loader.ts'
import { DOMAINS } from '../scripts/lib/ids.ts'
import { toJson } from '../scripts/lib/fsx.ts'
import { check } from '../scripts/lib/schemas.ts'
import {
  defaultSelectionConfig,
  roundScore,
  scoreAndSelect,
  select,
  selectionConfigHash,
  type ScoringFields,
  type SelectionConfig,
} from '../scripts/stages/select.ts'
import { LEAK_CACHE_FILE } from '../scripts/stages/select/leak-cache.ts'
import { DatasetError } from '../scripts/contracts/dataset.ts'
import { findLeakyRecords } from '../scripts/stages/select/select-leaks.ts'
import type { LeakCheckConfig } from '../scripts/verifier/leaks.ts'
import { readScoringRows } from '../scripts/stages/select/select-read.ts'
import { findMembers, Vocabulary } from '../scripts/lib/json-members.ts'

const WANTED_KEYS = ['id', 'project_id', 'language', 'task_category', 'difficulty', 'context_length', 'files_count']

const ROOT = join(import.meta.dirname, '..')
const CLI = join(ROOT, 'scripts', 'cli', 'select-tasks.ts')

// ---- fixtures ----------------------------------------------------------------------------------

interface Spec {
  language?: string
  number?: number
  category?: string
  difficulty?: string
  variant?: number
  ctx: number
  files: number
}

/** A dataset record (schemas/dataset-record.schema.json) with a well-formed id built from the spec. */
function record(spec: Spec): Record<string, unknown> & ScoringFields {
  const language = spec.language ?? 'python'
  const number = spec.number ?? 1
  const category = spec.category ?? 'architectural_understanding'
  const difficulty = spec.difficulty ?? 'expert'
  const domain = DOMAINS[number % DOMAINS.length]
  const projectId = `${language}_${domain}_expert_${String(number).padStart(3, '0')}`
  const id = `${projectId}_${category}_expert_${String(spec.variant ?? 1).padStart(2, '0')}`
  return {
    id,
    project_id: projectId,
    language,
    domain,
    project_complexity: 'expert',
    project_number: number,
    task_category: category,
    difficulty,
    id_difficulty: 'expert',
    title: `Title of ${id}`,
    description: 'Describe "the" system\nin two lines',
    task_prompt: 'Find the flow',
    task_prompt_text: 'Find the flow',
    expected_approach: 'Read the code',
    expected_approach_text: 'Read the code',
    // Decoys for the first-pass reader: nested keys named like the fields it picks, escapes, unicode.
    ground_truth: { id: 'decoy', files_count: 999, context_length: -1, note: 'a \\"quoted\\" \\\\ path ünïcödé ✓ {[' },
    evaluation_criteria: ['names the files', { criterion: 'flow', language: 'decoy' }],
    evaluation_criteria_text: ['names the files', 'flow'],
    context_files: ['src/main.py', 'src/app/core.py'],
    missing_context_files: [],
    context_length: spec.ctx,
    files_count: spec.files,
    coverage: 0.9,
    project: { dir: `generated/${projectId}`, root: `generated/${projectId}/App`, wrapper: 'App', layout: 'A', file_count: 12, total_chars: 120000 },
    source: { file: `output/scenarios/${id}.json`, sha256: 'a'.repeat(64) },
  }
}

const byId = <T extends { id: string }>(records: T[]): T[] => [...records].sort((a, b) => (a.id < b.id ? -1 : 1))

function config(overrides: Partial<SelectionConfig> = {}): SelectionConfig {
  return { ...defaultSelectionConfig(), ...overrides }
}


function writeDataset(dir: string, records: object[], lines?: string[]): string {
  const path = join(dir, 'dataset.jsonl')
  writeFileSync(path, (lines ?? byId(records as { id: string }[]).map((r) => JSON.stringify(r))).map((l) => `${l}\n`).join(''))
  return path
}

async function runSelect(dir: string, records: object[], cfg = config()) {
  const dataset = writeDataset(dir, records)
  const outputs = { scores: join(dir, 'out', 'scores.jsonl'), selected: join(dir, 'out', 'selected_tasks.json'), reportDir: join(dir, 'out', 'report') }
  const result = await select({ dataset, config: cfg, outputs })
  const scores = readFileSync(outputs.scores, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
  const selected = JSON.parse(readFileSync(outputs.selected, 'utf8'))
  const report = readFileSync(join(outputs.reportDir, 'selection.md'), 'utf8')
  return { result, outputs, scores, selected, report }
}

const close = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual} is not ${expected}`)

const ids = (list: { record: { id: string } }[]) => list.map((c) => c.record.id)

// ---- the formula -------------------------------------------------------------------------------

test('the score is 0.3 ctx/max + 0.3 files/max + 0.4 bonus, maxima over the records that pass', () => {
  const a = record({ number: 1, category: 'bug_investigation', ctx: 60000, files: 7 })
  const b = record({ number: 2, category: 'architectural_understanding', ctx: 90000, files: 10 })
  const c = record({ number: 3, category: 'security_analysis', ctx: 75000, files: 8 })
  const removed = record({ number: 4, ctx: 2000000, files: 5 }) // huge but dropped: must not be the max
  const { ranked, maxima } = scoreAndSelect([a, b, c, removed], config())
  assert.equal(maxima, { context_length: 90000, files_count: 10 })
  const parts = Object.fromEntries(ranked.map((r) => [r.record.id, r.parts!]))
  close(parts[a.id].context, 0.3 * (60000 / 90000), 'a context')
  close(parts[a.id].files, 0.3 * (7 / 10), 'a files')
  close(parts[a.id].category, 0.4 * 0.8, 'a category')
  close(parts[a.id].total, 0.3 * (60000 / 90000) + 0.3 * (7 / 10) + 0.4 * 0.8, 'a total')
  close(parts[b.id].total, 0.3 * 1 + 0.3 * 1 + 0.4 * 1.0, 'b total')
  close(parts[c.id].total, 0.3 * (75000 / 90000) + 0.3 * (8 / 10) + 0.4 * 0.7, 'c total')
  assert.equal(ids(ranked), [b.id, c.id, a.id])
})

test('custom weights and bonuses change the parts', () => {
  const a = record({ number: 1, category: 'code_comprehension', ctx: 60000, files: 6 })
  const b = record({ number: 2, category: 'architectural_understanding', ctx: 120000, files: 12 })
  const cfg = config({
    weights: { context: 0.1, files: 0.5, category: 2 },
    category_bonuses: { ...defaultSelectionConfig().category_bonuses, code_comprehension: 0.95 },
  })
  const { ranked } = scoreAndSelect([a, b], cfg)
  const parts = Object.fromEntries(ranked.map((r) => [r.record.id, r.parts!]))
  close(parts[a.id].total, 0.1 * (60000 / 120000) + 0.5 * (6 / 12) + 2 * 0.95, 'a total')
  close(parts[b.id].total, 0.1 * 1 + 0.5 * 1 + 2 * 1.0, 'b total')
  assert.equal(ids(ranked), [b.id, a.id])
})

test('equal scores are ordered by id ascending', () => {
  const spec = { category: 'cross_file_refactoring', ctx: 70000, files: 9 }
  const records = [record({ ...spec, number: 3 }), record({ ...spec, number: 1 }), record({ ...spec, number: 2 }), record({ ...spec, number: 1, variant: 2 })]
  const { ranked } = scoreAndSelect(records, config())
  assert.equal(ids(ranked), records.map((r) => r.id).sort())
  assert.equal(ranked.map((r) => r.rank), [1, 2, 3, 4])
})

test('a category outside the bonus table gets default_bonus', () => {
  const known = record({ number: 1, category: 'architectural_understanding', ctx: 100000, files: 10 })
  const unknown = { ...record({ number: 2, ctx: 100000, files: 10 }), task_category: 'mystery_analysis' }
  const first = scoreAndSelect([known, unknown], config()).ranked.find((c) => c.record.id === unknown.id)!
  close(first.parts!.category, 0.4 * 0.3, 'default bonus 0.3')
  const second = scoreAndSelect([known, unknown], config({ default_bonus: 0.65 })).ranked.find((c) => c.record.id === unknown.id)!
  close(second.parts!.category, 0.4 * 0.65, 'default bonus 0.65')
  close(second.parts!.total, 0.3 * 1 + 0.3 * 1 + 0.4 * 0.65, 'total')
})

test('an empty filtered set selects nothing and still writes valid artifacts', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const records = [record({ number: 1, ctx: 50000, files: 50 }), record({ number: 2, ctx: 900000, files: 3 })]
  const pure = scoreAndSelect(records, config())
  assert.equal([pure.ranked.length, pure.selected.length], [0, 0])
  assert.equal(pure.maxima, { context_length: 0, files_count: 0 })
  const { selected, scores, report } = await runSelect(dir, records)
  assert.equal(selected.statistics, { total_tasks: 2, filtered_tasks: 0, selected_tasks: 0 })
  assert.equal(selected.tasks, [])
  assert.is(readFileSync(join(dir, 'out', 'selected_tasks.json'), 'utf8'), toJson(selected))
  assert.equal(scores.map((s) => [s.passed, s.rank, s.total]), [[false, null, null], [false, null, null]])
  assert.match(report, '2 records read, 0 passed the thresholds and filters, 0 selected')
  assertArtifactsValid(scores, selected)
})

test('an empty dataset file gives empty artifacts', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const { selected, scores } = await runSelect(dir, [])
  assert.equal(selected.statistics, { total_tasks: 0, filtered_tasks: 0, selected_tasks: 0 })
  assert.equal(scores, [])
})

test('a maximum of 0 gives a part of 0, not NaN', () => {
  // Unreachable through the schema (thresholds are >= 0 and strict); a config built in code can do it.
  const cfg = config({ thresholds: { min_context_length: -1, min_files_count: -1 } })
  const a = record({ number: 1, category: 'bug_investigation', ctx: 0, files: 0 })
  const b = record({ number: 2, category: 'architectural_understanding', ctx: 0, files: 0 })
  const { ranked } = scoreAndSelect([a, b], cfg)
  assert.equal(ranked.map((c) => [c.record.id, c.parts]), [
    [b.id, { context: 0, files: 0, category: 0.4 * 1.0, total: 0.4 * 1.0 }],
    [a.id, { context: 0, files: 0, category: 0.4 * 0.8, total: 0.4 * 0.8 }],
  ])
})

test('thresholds are strict: exactly 50000 characters or exactly 5 files is dropped', () => {
  const atContext = record({ number: 1, ctx: 50000, files: 10 })
  const aboveContext = record({ number: 2, ctx: 50001, files: 10 })
  const atFiles = record({ number: 3, ctx: 80000, files: 5 })
  const aboveFiles = record({ number: 4, ctx: 80000, files: 6 })
  const both = record({ number: 5, ctx: 10, files: 1 })
  const { candidates } = scoreAndSelect([atContext, aboveContext, atFiles, aboveFiles, both], config())
  const outcome = Object.fromEntries(candidates.map((c) => [c.record.id, c.removed_by]))
  assert.equal(outcome[atContext.id], ['thresholds.min_context_length'])
  assert.equal(outcome[aboveContext.id], [])
  assert.equal(outcome[atFiles.id], ['thresholds.min_files_count'])
  assert.equal(outcome[aboveFiles.id], [])
  assert.equal(outcome[both.id], ['thresholds.min_context_length', 'thresholds.min_files_count'])
})

// ---- the original's choice ---------------------------------------------------------------------

// Hand-computed with max context 100000 and max files 10 (r11's 200000 is dropped by files = 5):
//   r01 arch  100000/10  0.3 + 0.3 + 0.4          = 1.0
//   r02 cfr   100000/10  0.3 + 0.3 + 0.36         = 0.96
//   r03 arch   80000/8   0.24 + 0.24 + 0.4        = 0.88
//   r04 arch   80001/8   0.240003 + 0.24 + 0.4    = 0.880003  (rounds to 0.88: ties r03 in the original)
//   r05 bug    60000/6   0.18 + 0.18 + 0.32       = 0.68
//   r06 sec    70000/9   0.21 + 0.27 + 0.28       = 0.76
//   r07 feat   90000/10  0.27 + 0.3 + 0.2         = 0.77
//   r08 comp   95000/10  0.285 + 0.3 + 0.16       = 0.745
//   r09 integ 100000/10  0.3 + 0.3 + 0.12         = 0.72
//   r10 multi  50000/10  dropped (context not > 50000)
//   r11 arch  200000/5   dropped (files not > 5)
//   r12 bug    40000/20  dropped (context)
//   r13, r14 cfr 85000/7 identical: 0.255 + 0.21 + 0.36 = 0.825, ordered by id in both tools
// The original sorts by round(score, 4) with a stable sort over file-name (= id) order:
//   r01 r02 r03 r04 r13 r14 r07 r06 r08 r09 r05
// We sort by the unrounded score, so r04 (0.880003) comes before r03 (0.88):
//   r01 r02 r04 r03 r13 r14 r07 r06 r08 r09 r05
function originalFixture() {
  const r = {
    r01: record({ language: 'c', number: 10, ctx: 100000, files: 10 }),
    r02: record({ language: 'cpp', number: 11, category: 'cross_file_refactoring', ctx: 100000, files: 10 }),
    r03: record({ language: 'go', number: 12, variant: 1, ctx: 80000, files: 8 }),
    r04: record({ language: 'go', number: 12, variant: 2, ctx: 80001, files: 8 }),
    r05: record({ language: 'java', number: 13, category: 'bug_investigation', ctx: 60000, files: 6 }),
    r06: record({ language: 'javascript', number: 14, category: 'security_analysis', ctx: 70000, files: 9 }),
    r07: record({ language: 'php', number: 15, category: 'feature_implementation', ctx: 90000, files: 10 }),
    r08: record({ language: 'python', number: 16, category: 'code_comprehension', ctx: 95000, files: 10 }),
    r09: record({ language: 'rust', number: 17, category: 'integration_testing', ctx: 100000, files: 10 }),
    r10: record({ language: 'typescript', number: 18, category: 'multi_session_development', ctx: 50000, files: 10 }),
    r11: record({ language: 'csharp', number: 19, ctx: 200000, files: 5 }),
    r12: record({ language: 'csharp', number: 20, category: 'bug_investigation', ctx: 40000, files: 20 }),
    r13: record({ language: 'rust', number: 21, variant: 1, category: 'cross_file_refactoring', ctx: 85000, files: 7 }),
    r14: record({ language: 'rust', number: 21, variant: 2, category: 'cross_file_refactoring', ctx: 85000, files: 7 }),
  }
  return r
}

test('defaults reproduce the original ranking except where rounding created a tie', () => {
  const r = originalFixture()
  const { ranked, selected } = scoreAndSelect(Object.values(r), config())
  const expectedOurs = [r.r01, r.r02, r.r04, r.r03, r.r13, r.r14, r.r07, r.r06, r.r08, r.r09, r.r05].map((x) => x.id)
  assert.equal(ids(ranked), expectedOurs)
  assert.equal(ids(selected), expectedOurs) // top 50 takes every one that passed
  // The original's order, for the record of the one difference: r03 before r04.
  const expectedOriginal = [r.r01, r.r02, r.r03, r.r04, r.r13, r.r14, r.r07, r.r06, r.r08, r.r09, r.r05].map((x) => x.id)
  assert.not.equal(ids(ranked), expectedOriginal)
  assert.equal(roundScore(ranked[2].parts!.total), 0.88)
  assert.equal(roundScore(ranked[3].parts!.total), 0.88)
  close(ranked[2].parts!.total, 0.3 * (80001 / 100000) + 0.3 * (8 / 10) + 0.4 * 1.0, 'r04')
  close(ranked[3].parts!.total, 0.3 * (80000 / 100000) + 0.3 * (8 / 10) + 0.4 * 1.0, 'r03')
})

test('with top 3 the documented order picks the higher unrounded score where the original took file order', () => {
  const r = originalFixture()
  const { selected } = scoreAndSelect(Object.values(r), config({ top_n: 3 }))
  assert.equal(ids(selected), [r.r01.id, r.r02.id, r.r04.id]) // the original: r01 r02 r03
})

test('selected_tasks.json keeps the original shape and scores rounded to 4 places', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const r = originalFixture()
  const { selected } = await runSelect(dir, Object.values(r))
  assert.equal(Object.keys(selected), ['selection_criteria', 'statistics', 'config_hash', 'tasks'])
  assert.is(readFileSync(join(dir, 'out', 'selected_tasks.json'), 'utf8'), toJson(selected)) // streamed, same bytes
  assert.equal(selected.statistics, { total_tasks: 14, filtered_tasks: 11, selected_tasks: 11 })
  const criteria = selected.selection_criteria
  assert.equal(
    [criteria.min_context_length, criteria.min_files_count, criteria.context_weight, criteria.files_weight, criteria.category_weight, criteria.top_n],
    [50000, 5, 0.3, 0.3, 0.4, 50],
  )
  assert.equal(Object.entries(criteria.category_bonuses), Object.entries({
    architectural_understanding: 1.0, cross_file_refactoring: 0.9, bug_investigation: 0.8, security_analysis: 0.7,
    feature_implementation: 0.5, code_comprehension: 0.4, integration_testing: 0.3, multi_session_development: 0.3,
  })) // the original's order too
  assert.equal(selected.tasks.map((t: { score: number }) => t.score), [1, 0.96, 0.88, 0.88, 0.825, 0.825, 0.77, 0.76, 0.745, 0.72, 0.68])
  // Each task is the whole record, plus the score fields.
  const first = selected.tasks[0]
  const { score, score_parts, rank, ...rest } = first
  assert.equal(rest, r.r01)
  assert.equal([score, rank], [1, 1])
  close(score_parts.total, 1.0, 'unrounded total')
  assert.is(selected.config_hash, selectionConfigHash(defaultSelectionConfig()))
})

test('scores.jsonl lists the ranking, then the removed records by id', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const r = originalFixture()
  const { scores } = await runSelect(dir, Object.values(r), config({ top_n: 4 }))
  assert.equal(scores.map((s) => s.id), [r.r01, r.r02, r.r04, r.r03, r.r13, r.r14, r.r07, r.r06, r.r08, r.r09, r.r05, ...byId([r.r10, r.r11, r.r12])].map((x) => x.id))
  assert.equal(scores.map((s) => s.selected), [true, true, true, true, false, false, false, false, false, false, false, false, false, false])
  const r11 = scores.find((s) => s.id === r.r11.id)
  assert.equal([r11.passed, r11.removed_by, r11.rank, r11.context_part], [false, ['thresholds.min_files_count'], null, null])
  const r04 = scores[2]
  close(r04.context_part + r04.files_part + r04.category_part, r04.total, 'parts add up')
  assert.is(r04.score, 0.88)
})

// ---- quotas and filters ------------------------------------------------------------------------

test('max_per_project skips further tasks of a full project and the next candidate takes the place', () => {
  const p1a = record({ number: 1, variant: 1, ctx: 100000, files: 10 })
  const p1b = record({ number: 1, variant: 2, ctx: 99000, files: 10 })
  const p1c = record({ number: 1, variant: 3, ctx: 98000, files: 10 })
  const p2 = record({ number: 2, ctx: 90000, files: 10 })
  const p3 = record({ number: 3, ctx: 80000, files: 10 })
  const cfg = config({ top_n: 3, quotas: { max_per_project: 1 } })
  const { ranked, selected } = scoreAndSelect([p1a, p1b, p1c, p2, p3], cfg)
  assert.equal(ids(selected), [p1a.id, p2.id, p3.id])
  assert.equal(ranked.map((c) => c.skipped_by_quota), [[], ['quotas.max_per_project'], ['quotas.max_per_project'], [], []])
})

test('max_per_language caps each language', () => {
  const py = [1, 2, 3].map((n) => record({ language: 'python', number: n, ctx: 100000 - n, files: 10 }))
  const rs = [4, 5].map((n) => record({ language: 'rust', number: n, ctx: 90000 - n, files: 10 }))
  const { selected, ranked } = scoreAndSelect([...py, ...rs], config({ quotas: { max_per_language: 2 } }))
  assert.equal(ids(selected), [py[0].id, py[1].id, rs[0].id, rs[1].id])
  assert.equal(ranked.find((c) => c.record.id === py[2].id)!.skipped_by_quota, ['quotas.max_per_language'])
})

test('max_per_category caps each category', () => {
  const au = [1, 2, 3].map((n) => record({ number: n, category: 'architectural_understanding', ctx: 101000 - n * 1000, files: 10 }))
  const bi = record({ number: 4, category: 'bug_investigation', ctx: 100000, files: 10 })
  const { selected, ranked } = scoreAndSelect([...au, bi], config({ quotas: { max_per_category: 1 } }))
  assert.equal(ids(selected), [au[0].id, bi.id])
  assert.equal(ranked.map((c) => c.skipped_by_quota), [[], ['quotas.max_per_category'], ['quotas.max_per_category'], []])
})

test('a candidate blocked by several full quotas names each, and none are marked once top_n is full', () => {
  const a = record({ language: 'go', number: 1, variant: 1, ctx: 100000, files: 10 })
  const b = record({ language: 'go', number: 1, variant: 2, ctx: 99000, files: 10 })
  const c = record({ language: 'rust', number: 2, ctx: 98000, files: 10 })
  const d = record({ language: 'rust', number: 3, ctx: 97000, files: 10 })
  const cfg = config({ top_n: 2, quotas: { max_per_project: 1, max_per_language: 1, max_per_category: 5 } })
  const { selected, ranked } = scoreAndSelect([a, b, c, d], cfg)
  assert.equal(ids(selected), [a.id, c.id])
  assert.equal(ranked.map((x) => x.skipped_by_quota), [[], ['quotas.max_per_project', 'quotas.max_per_language'], [], []])
})

test('include and exclude filters by language, category and difficulty', () => {
  const py = record({ language: 'python', number: 1, category: 'bug_investigation', ctx: 100000, files: 10 })
  const rs = record({ language: 'rust', number: 2, category: 'architectural_understanding', ctx: 900000, files: 90 })
  // The id says expert; the record's difficulty field (what the filter reads) says hard.
  const hard = record({ language: 'go', number: 3, category: 'security_analysis', difficulty: 'hard', ctx: 80000, files: 8 })
  const all = [py, rs, hard]
  const kept = (cfg: SelectionConfig) => ids(scoreAndSelect(all, cfg).ranked)
  const reasons = (cfg: SelectionConfig) => Object.fromEntries(scoreAndSelect(all, cfg).candidates.map((c) => [c.record.id, c.removed_by]))

  assert.equal(kept(config({ include: { languages: ['python', 'go'] } })), [py.id, hard.id])
  assert.equal(reasons(config({ include: { languages: ['python', 'go'] } }))[rs.id], ['include.languages'])
  assert.equal(kept(config({ exclude: { languages: ['rust'] } })), [py.id, hard.id])
  assert.equal(reasons(config({ exclude: { languages: ['rust'] } }))[rs.id], ['exclude.languages'])
  assert.equal(kept(config({ include: { categories: ['bug_investigation'] } })), [py.id])
  assert.equal(kept(config({ exclude: { categories: ['bug_investigation', 'security_analysis'] } })), [rs.id])
  assert.equal(kept(config({ include: { difficulties: ['hard'] } })), [hard.id])
  assert.equal(reasons(config({ include: { difficulties: ['hard'] } }))[py.id], ['include.difficulties'])
  assert.equal(kept(config({ exclude: { difficulties: ['hard'] } })), [rs.id, py.id])
  assert.equal(reasons(config({ exclude: { difficulties: ['expert'] }, include: { languages: ['go'] } }))[py.id], ['include.languages', 'exclude.difficulties'])
})

test('maxima are taken after the filters, so a filtered-out record does not shrink the others', () => {
  const small = record({ language: 'python', number: 1, ctx: 60000, files: 6 })
  const big = record({ language: 'rust', number: 2, ctx: 120000, files: 12 })
  const { ranked } = scoreAndSelect([small, big], config({ exclude: { languages: ['rust'] } }))
  close(ranked[0].parts!.total, 0.3 * 1 + 0.3 * 1 + 0.4 * 1.0, 'small is now the maximum')
})

// ---- config ------------------------------------------------------------------------------------

function configError(text: string): string {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  writeFileSync(join(dir, 'locobench.config.json5'), text)
  try {
    loadConfig(join(dir, 'locobench.config.json5'))
  } catch (error) {
    assert.instance(error, ConfigError)
    assert.is((error as ConfigError).exitCode, 2)
    return (error as Error).message
  }
  throw new Error(`config was accepted: ${text}`)
}

test('invalid selection config values fail with the key named', () => {
  const cases: [string, string][] = [
    ['{ selection: { weights: { context: -0.1 } } }', 'selection.weights.context: must be >= 0'],
    ['{ selection: { weights: { files: "high" } } }', 'selection.weights.files: must be number'],
    ['{ selection: { top_n: 0 } }', 'selection.top_n: must be >= 1'],
    ['{ selection: { top_n: 2.5 } }', 'selection.top_n: must be integer'],
    ['{ selection: { thresholds: { min_context_length: -5 } } }', 'selection.thresholds.min_context_length: must be >= 0'],
    ['{ selection: { thresholds: { min_files_count: 1.5 } } }', 'selection.thresholds.min_files_count: must be integer'],
    ['{ selection: { category_bonuses: { refactoring: 1 } } }', 'selection.category_bonuses.refactoring: is not allowed here'],
    ['{ selection: { category_bonuses: { bug_investigation: -1 } } }', 'selection.category_bonuses.bug_investigation: must be >= 0'],
    ['{ selection: { default_bonus: -0.3 } }', 'selection.default_bonus: must be >= 0'],
    ['{ selection: { include: { languages: ["cobol"] } } }', 'selection.include.languages.0: must be equal to one of the allowed values'],
    ['{ selection: { exclude: { categories: ["refactoring"] } } }', 'selection.exclude.categories.0: must be equal to one of the allowed values'],
    ['{ selection: { include: { difficulties: ["extreme"] } } }', 'selection.include.difficulties.0: must be equal to one of the allowed values'],
    ['{ selection: { include: { languages: [] } } }', 'selection.include.languages: must NOT have fewer than 1 items'],
    ['{ selection: { exclude: { projects: ["x"] } } }', 'selection.exclude.projects: is not allowed here'],
    ['{ selection: { quotas: { max_per_project: 0 } } }', 'selection.quotas.max_per_project: must be >= 1'],
    ['{ selection: { quotas: { max_per_domain: 2 } } }', 'selection.quotas.max_per_domain: is not allowed here'],
    ['{ selection: { topN: 10 } }', 'selection.topN: is not allowed here'],
  ]
  for (const [text, expected] of cases) assert.match(configError(text), expected, text)
})

test('every knob has a default, a partial bonus table keeps the other defaults, and the hash ignores key order', () => {
  using empty = rig({}, 'select-test-')
  const defaults = loadConfig(undefined, empty.dir).config.selection
  assert.equal(defaultSelectionConfig(), defaults)
  assert.equal(defaults, {
    thresholds: { min_context_length: 50000, min_files_count: 5 },
    weights: { context: 0.3, files: 0.3, category: 0.4 },
    category_bonuses: {
      architectural_understanding: 1.0, cross_file_refactoring: 0.9, bug_investigation: 0.8, security_analysis: 0.7,
      feature_implementation: 0.5, code_comprehension: 0.4, integration_testing: 0.3, multi_session_development: 0.3,
    },
    default_bonus: 0.3,
    top_n: 50,
    include: {},
    exclude: {},
    quotas: {},
    require_ground_truth: true,
    exclude_leaks: true,
  })
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  writeFileSync(join(dir, 'c.json5'), '{ selection: { category_bonuses: { bug_investigation: 0.95 }, quotas: { max_per_language: 6 } } }')
  const loaded = loadConfig(join(dir, 'c.json5')).config.selection as unknown as SelectionConfig
  assert.is(loaded.category_bonuses.bug_investigation, 0.95)
  assert.is(loaded.category_bonuses.architectural_understanding, 1.0)
  assert.equal(loaded.quotas, { max_per_language: 6 })
  const reordered = Object.fromEntries(Object.entries(loaded).reverse()) as unknown as SelectionConfig
  assert.is(selectionConfigHash(reordered), selectionConfigHash(loaded))
  assert.is.not(selectionConfigHash(loaded), selectionConfigHash(defaultSelectionConfig()))
})

// ---- reading dataset.jsonl ---------------------------------------------------------------------

test('the first pass reads the same fields JSON.parse does, whatever the layout of a line', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const a = record({ number: 1, ctx: 60000, files: 7 })
  const b = record({ number: 2, ctx: 70000, files: 8 })
  const c = record({ number: 3, ctx: 80000, files: 9 })
  const d = record({ number: 4, ctx: 90000, files: 10 })
  const e = { ...record({ number: 5, ctx: 1, files: 2 }) }
  // Decoys at both ends: nested keys named like the wanted ones, escapes and non-ASCII text.
  const f = record({ number: 6, ctx: 65000, files: 11 })
  const { id: fId, context_length: fCtx, ...fRest } = f
  const fLine = JSON.stringify({
    ground_truth: { id: 'decoy', files_count: 999, text: 'say \\"id\\":\\"nope\\" ✓ \\\\' },
    title: 'ünïcödé "quoted" \\',
    id: fId,
    ...fRest,
    context_length: fCtx,
    tail: { context_length: -1, language: 'decoy', list: [{ files_count: 1 }, '"]}'] },
    last: 'ends with a backslash \\',
  })
  const g = record({ number: 7, ctx: 70000, files: 12 }) // wanted keys in the middle of the line
  const gLine = JSON.stringify({ pad_front: 'x'.repeat(5000), ...g, pad_back: Array.from({ length: 50 }, (_, i) => ({ id: `decoy${i}` })) })
  const lines = [
    JSON.stringify(a),
    '   ',
    JSON.stringify(b, null, 1).replaceAll('\n', ' ').replace('"files_count":', '"files_count" :'), // spaces between tokens
    `${JSON.stringify(c)}\r`, // CRLF
    // Keys in another order, the wanted ones last, and one key written with an escape.
    JSON.stringify(Object.fromEntries(Object.entries(d).reverse())).replace('"language"', '"lang\\u0075age"'),
    JSON.stringify(e),
    fLine,
    gLine,
  ]
  const path = writeDataset(dir, [], lines)
  const rows = await readScoringRows(path)
  const pick = (r: ScoringFields) => [r.id, r.project_id, r.language, r.task_category, r.difficulty, r.context_length, r.files_count]
  assert.equal(rows.map(pick), [a, b, c, d, e, f, g].map(pick))
  assert.equal(rows.map((r) => r.line), [1, 3, 4, 5, 6, 7, 8])
  const bytes = readFileSync(path)
  for (const row of rows) {
    const parsed = JSON.parse(bytes.subarray(row.offset, row.offset + row.length).toString('utf8'))
    assert.is(parsed.id, row.id)
  }
})

test('the two-ended scan agrees with JSON.parse on random objects', () => {
  let seed = 7
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32)
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]
  const keys = [...WANTED_KEYS, 'a', 'title', 'x"y', 'z\\', 'ünï']
  const pieces = ['a', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', 'é', '✓', '\n', '\\"', '"\\']
  const text = () => Array.from({ length: Math.floor(random() * 10) }, () => pick(pieces)).join('')
  const value = (depth: number): unknown => {
    const r = random()
    if (depth > 3 || r < 0.3) return text()
    if (r < 0.45) return Math.floor(random() * 1e6)
    if (r < 0.5) return pick([true, false, null, -1.5e-7])
    if (r < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1))
    return Object.fromEntries(Array.from({ length: Math.floor(random() * 4) }, () => [pick(keys), value(depth + 1)]))
  }
  const wanted = new Vocabulary(WANTED_KEYS)
  for (let n = 0; n < 2000; n++) {
    const object = Object.fromEntries(Array.from({ length: Math.floor(random() * 10) }, () => [pick(keys), value(0)]))
    const line = random() < 0.2 ? ` ${JSON.stringify(object, null, 1).replaceAll('\n', ' ')}\r` : JSON.stringify(object)
    const bytes = Buffer.from(line)
    const found = [...findMembers(bytes, 0, bytes.length, wanted)].map(([key, [from, to]]) => [key, JSON.parse(bytes.toString('utf8', from, to))])
    const expected = Object.entries(JSON.parse(line)).filter(([key]) => WANTED_KEYS.includes(key))
    assert.equal(found.sort(), expected.sort(), line)
  }
})

test('bad lines are reported with the file, the line and the field', async () => {
  const cases: [string[], string][] = [
    [[JSON.stringify(record({ number: 1, ctx: 60000, files: 7 })), '{"id": "truncated", "context_'], 'dataset.jsonl:2: not valid JSON'],
    [[JSON.stringify({ ...record({ number: 1, ctx: 60000, files: 7 }), context_length: '60000' })], 'dataset.jsonl:1: /context_length: must be a non-negative integer'],
    [[JSON.stringify({ ...record({ number: 1, ctx: 60000, files: 7 }), files_count: -3 })], 'dataset.jsonl:1: /files_count: must be a non-negative integer'],
    [[JSON.stringify((({ language, ...rest }) => rest)(record({ number: 1, ctx: 60000, files: 7 })))], 'dataset.jsonl:1: /language: must be a non-empty string'],
    [['[1, 2]'], 'dataset.jsonl:1: /: must be an object'],
    [['{}'], 'dataset.jsonl:1: /id: must be a non-empty string'],
    [[`\ufeff${JSON.stringify(record({ number: 1, ctx: 60000, files: 7 }))}`], 'dataset.jsonl:1: not valid JSON'],
    [[JSON.stringify(record({ number: 1, ctx: 60000, files: 7 })), JSON.stringify(record({ number: 1, ctx: 70000, files: 7 }))], 'dataset.jsonl:2: /id: duplicate id'],
  ]
  for (const [lines, expected] of cases) {
    using temp = rig({}, 'select-test-')
    const dir = temp.dir
    const path = writeDataset(dir, [], lines)
    try {
      await readScoringRows(path)
      assert.unreachable(`accepted ${lines.join(' / ')}`)
    } catch (error) {
      assert.match((error as Error).message, expected)
      assert.is((error as { exitCode?: number }).exitCode, 1)
    }
  }
})

// ---- artifacts, report, charts -----------------------------------------------------------------

function assertArtifactsValid(scores: unknown[], selected: unknown): void {
  scores.forEach((line, i) => assert.equal(check('scores-line.schema.json', line), [], `scores line ${i + 1}`))
  assert.equal(check('selected-tasks.schema.json', selected), [])
}

/** A realistic mix: every language and category, quotas that bite, a filter that removes some. */
function mixedRecords() {
  const languages = ['python', 'cpp', 'java', 'c', 'csharp', 'javascript', 'typescript', 'go', 'rust', 'php']
  const categories = Object.keys(defaultSelectionConfig().category_bonuses)
  const difficulties = ['easy', 'medium', 'hard', 'expert']
  const out = []
  for (let n = 0; n < 60; n++) {
    out.push(record({
      language: languages[n % 10],
      number: 100 + Math.floor(n / 3),
      variant: (n % 3) + 1,
      category: categories[(n * 7) % 8],
      difficulty: difficulties[(n * 5) % 4],
      ctx: 40000 + ((n * 7919) % 100) * 10000,
      files: 3 + ((n * 31) % 80),
    }))
  }
  return out
}

function mixedConfig(): SelectionConfig {
  return config({ top_n: 20, quotas: { max_per_project: 1, max_per_language: 3 }, exclude: { difficulties: ['easy'] } })
}

test('artifacts match their schemas', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const { scores, selected } = await runSelect(dir, mixedRecords(), mixedConfig())
  assert.is(selected.tasks.length, 20)
  assert.ok(scores.some((s) => s.skipped_by_quota.length > 0), 'some quota skipped a candidate')
  assertArtifactsValid(scores, selected)
})

test('the selected-tasks schema references every dataset-record property', () => {
  const record = JSON.parse(readFileSync(join(ROOT, 'schemas', 'dataset-record.schema.json'), 'utf8'))
  const selected = JSON.parse(readFileSync(join(ROOT, 'schemas', 'selected-tasks.schema.json'), 'utf8'))
  const task = selected.$defs.task
  for (const key of Object.keys(record.properties)) {
    assert.equal(task.properties[key], { $ref: `dataset-record.schema.json#/properties/${key}` }, key)
  }
  for (const key of record.required) assert.ok(task.required.includes(key), key)
})

/** The rows of the first pipe table after a heading, as cells, without the header and rule. */
function tableAfter(markdown: string, heading: string): string[][] {
  const lines = markdown.split('\n')
  let i = lines.indexOf(heading)
  assert.ok(i >= 0, `no heading ${heading}`)
  while (!lines[i].startsWith('|')) i++
  const rows: string[][] = []
  for (; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i].slice(1, -1).split('|').map((c) => c.trim()))
  return rows
}

test("the report's tables agree with selected_tasks.json and scores.jsonl", async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const { selected, scores, report } = await runSelect(dir, mixedRecords(), mixedConfig())
  const tasks: Record<string, string | number>[] = selected.tasks

  const [topHeader, , ...topRows] = tableAfter(report, '## Top of the list')
  assert.equal(topHeader, ['rank', 'id', 'language', 'task_category', 'difficulty', 'context_length', 'files_count', 'context part', 'files part', 'category part', 'score'])
  assert.equal(topRows.map((r) => r[1]), tasks.map((t) => t.id))
  assert.equal(topRows.map((r) => Number(r[10])), tasks.map((t) => t.score))
  assert.equal(topRows.map((r) => Number(r[0])), tasks.map((t) => t.rank))

  const [lcHeader, , ...lcRows] = tableAfter(report, '## Selected by language and category')
  const categories = lcHeader.slice(1, -1)
  for (const row of lcRows.slice(0, -1)) {
    const language = row[0]
    categories.forEach((category, j) => {
      const count = tasks.filter((t) => t.language === language && t.task_category === category).length
      assert.is(Number(row[j + 1]), count, `${language} × ${category}`)
    })
    assert.is(Number(row[row.length - 1]), tasks.filter((t) => t.language === language).length)
  }
  assert.equal(lcRows[lcRows.length - 1], ['total', ...categories.map((c) => String(tasks.filter((t) => t.task_category === c).length)), String(tasks.length)])
  assert.ok(lcRows.some((r) => r[0] === 'php'), 'every language has a row')

  const [, , ...difficultyRows] = tableAfter(report, '## Selected by difficulty')
  for (const [difficulty, passed, chosen] of difficultyRows) {
    assert.is(Number(chosen), tasks.filter((t) => t.difficulty === difficulty).length, difficulty)
    assert.is(Number(passed), scores.filter((s) => s.passed && s.difficulty === difficulty).length, difficulty)
  }

  const [, , ...removalRows] = tableAfter(report, '## What the thresholds and filters removed')
  for (const [check, removed] of removalRows) {
    const expected = check === 'any' ? scores.filter((s) => !s.passed).length : scores.filter((s) => s.removed_by.includes(check)).length
    assert.is(Number(removed), expected, check)
  }
  assert.ok(removalRows.some((r) => r[0] === 'exclude.difficulties' && Number(r[1]) > 0))

  const [, , ...skipRows] = tableAfter(report, '## Quota skips')
  assert.equal(skipRows.map((r) => r[1]), scores.filter((s) => s.skipped_by_quota.length > 0).map((s) => s.id))
  assert.equal(skipRows.map((r) => r[2]), scores.filter((s) => s.skipped_by_quota.length > 0).map((s) => s.skipped_by_quota.join(', ')))

  const [, , ...scoreRows] = tableAfter(report, '## Scores')
  const selectedScores = tasks.map((t) => t.score as number)
  assert.equal(scoreRows[0], ['score (selected)', Math.min(...selectedScores).toFixed(4), scoreRows[0][2], Math.max(...selectedScores).toFixed(4)])

  assert.match(report, 'sorted by the score already rounded to 4 places')
  assert.match(report, `Config hash: \`${selected.config_hash}\``)
})

/** Tags balance, attributes are quoted, text has no raw `<` or bare `&`: enough to call it XML. */
function assertWellFormed(svg: string): void {
  const stack: string[] = []
  const tokens = svg.split(/(<[^>]*>)/)
  for (const token of tokens) {
    if (!token.startsWith('<')) {
      assert.not.match(token, /<|&(?!(amp|lt|gt|quot|apos);)/, `bad text: ${token}`)
      continue
    }
    if (token.startsWith('</')) {
      assert.is(token.slice(2, -1).trim(), stack.pop(), `unbalanced ${token}`)
      continue
    }
    assert.match(token, /^<[a-zA-Z][\w:-]*(\s+[\w:-]+="[^"<]*")*\s*\/?>$/, `bad tag ${token}`)
    if (!token.endsWith('/>')) stack.push(/^<([\w:-]+)/.exec(token)![1])
  }
  assert.equal(stack, [], 'unclosed tags')
}

test('the SVG charts are well-formed, sized, self-contained and linked from the report', async () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const { report, outputs } = await runSelect(dir, mixedRecords(), mixedConfig())
  const files = readdirSync(outputs.reportDir).sort()
  assert.equal(files, ['score-histogram.svg', 'selected-by-category.svg', 'selected-by-language.svg', 'selection.md'])
  const svgs = files.filter((f) => f.endsWith('.svg')).map((f) => join(outputs.reportDir, f))
  const parsed = spawnSync('python3', ['-c', 'import sys, xml.etree.ElementTree as E\nfor f in sys.argv[1:]: print(E.parse(f).getroot().tag)', ...svgs], { encoding: 'utf8' })
  assert.is(parsed.status, 0, parsed.stderr)
  assert.equal(parsed.stdout.trim().split('\n'), svgs.map(() => '{http://www.w3.org/2000/svg}svg'))
  for (const file of files.filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(join(outputs.reportDir, file), 'utf8')
    assertWellFormed(svg)
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/)
    assert.match(svg, 'font-family="sans-serif"')
    assert.not.match(svg, /<script|href=|url\(|@import/i)
    assert.match(report, `](${file})`)
  }
  const languages = readFileSync(join(outputs.reportDir, 'selected-by-language.svg'), 'utf8')
  for (const language of ['python', 'cpp', 'java', 'c', 'csharp', 'javascript', 'typescript', 'go', 'rust', 'php']) {
    assert.match(languages, `>${language}</text>`)
    assert.match(languages, new RegExp(`<rect class="bar"[^>]*><title>${language}: \\d+</title>`))
  }
  assert.is(languages.match(/<rect class="bar"/g)!.length, 10)
  const categories = readFileSync(join(outputs.reportDir, 'selected-by-category.svg'), 'utf8')
  assert.is(categories.match(/<rect class="bar"/g)!.length, 8)
  const histogram = readFileSync(join(outputs.reportDir, 'score-histogram.svg'), 'utf8')
  const counted = [...histogram.matchAll(/<title>[^:]+: (\d+) (selected|passed, not selected)<\/title>/g)]
  assert.is(counted.filter((m) => m[2] === 'selected').reduce((n, m) => n + Number(m[1]), 0), 20)
})

test('two runs write byte-identical outputs', async () => {
  const runs = []
  using a = rig({}, 'select-test-')
  using b = rig({}, 'select-test-')
  for (const dir of [a.dir, b.dir]) runs.push(await runSelect(dir, mixedRecords(), mixedConfig()))
  const bytes = (outputs: { scores: string; selected: string; reportDir: string }) => [
    readFileSync(outputs.scores, 'utf8'),
    readFileSync(outputs.selected, 'utf8'),
    ...readdirSync(outputs.reportDir).sort().map((f) => readFileSync(join(outputs.reportDir, f), 'utf8')),
  ]
  assert.equal(bytes(runs[0].outputs), bytes(runs[1].outputs))
})

test('displayed scores round like Python round(x, 4), exact binary ties to even', () => {
  const values = [0.03125, 0.09375, 0.15625, 0.88, 0.880003, 0.8959499999, 0.12345, 1 / 3, 0.99995, 0.0, 0.9757, 0.68]
  const python = spawnSync('python3', ['-c', 'import json,sys; print(json.dumps([round(x, 4) for x in json.loads(sys.argv[1])]))', JSON.stringify(values)], { encoding: 'utf8' })
  assert.is(python.status, 0, python.stderr)
  assert.equal(values.map(roundScore), JSON.parse(python.stdout))
  assert.equal([roundScore(0.03125), roundScore(0.09375)], [0.0312, 0.0938])
})

// ---- the CLI -----------------------------------------------------------------------------------

// The CLI turns Node's compile cache on; keep it out of the shared temp dir (removed after).
const compileCache = rig({}, 'select-test-')
test.after(() => compileCache.dispose())

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, NODE_COMPILE_CACHE: compileCache.dir } })
}

test('select-tasks writes the three outputs and prints the original summary', () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const r = originalFixture()
  const dataset = writeDataset(dir, Object.values(r))
  const output = join(dir, 'result', 'selected_tasks.json')
  const run = cli(['--dataset', dataset, '--output', output, '--top', '3'])
  assert.is(run.status, 0, run.stderr)
  const selected = JSON.parse(readFileSync(output, 'utf8'))
  assert.equal(selected.tasks.map((t: { id: string }) => t.id), [r.r01.id, r.r02.id, r.r04.id])
  assert.is(selected.selection_criteria.top_n, 3)
  assert.is(readFileSync(join(dir, 'result', 'scores.jsonl'), 'utf8').trim().split('\n').length, 14)
  assert.ok(readFileSync(join(dir, 'result', 'report', 'selection.md'), 'utf8').startsWith('# Selection report'))
  const out = run.stdout
  for (const line of [
    'Loaded 14 tasks',
    'Applying thresholds: context_length > 50,000, files_count > 5',
    'Tasks meeting thresholds: 11',
    'Tasks selected: 3',
    // (100000 + 100000 + 80001) / 3 = 93333.67; (10 + 10 + 8) / 3 = 9.33; (1 + 0.96 + 0.88) / 3 = 0.94667
    'Average context length: 93,334 tokens',
    'Average files count: 9.3',
    'Average score: 0.9467',
    'Score range: 0.8800 - 1.0000',
    '=== Category Distribution ===\n  architectural_understanding: 2\n  cross_file_refactoring: 1',
    '=== Language Distribution ===\n  c: 1\n  cpp: 1\n  go: 1',
    ` 1. ${r.r01.id.slice(0, 60).padEnd(60)} score=1.0000 ctx=100,000 files=10`,
    ` 3. ${r.r04.id.slice(0, 60).padEnd(60)} score=0.8800 ctx=80,001 files=8`,
    `Wrote 3 selected tasks to ${output}`,
  ]) assert.ok(out.includes(line), `missing: ${line}\n${out}`)
})

test('select-tasks takes the selection section of --config', () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const r = originalFixture()
  const dataset = writeDataset(dir, Object.values(r))
  writeFileSync(join(dir, 'c.json5'), '{ selection: { include: { languages: ["rust"] } } }')
  const run = cli(['--dataset', dataset, '--output', join(dir, 'selected_tasks.json'), '--config', join(dir, 'c.json5')])
  assert.is(run.status, 0, run.stderr)
  const selected = JSON.parse(readFileSync(join(dir, 'selected_tasks.json'), 'utf8'))
  assert.equal(selected.tasks.map((t: { id: string }) => t.id), [r.r13.id, r.r14.id, r.r09.id])
  assert.match(run.stdout, 'Tasks meeting thresholds and filters: 3')
})

test('select-tasks exits 2 on usage and config errors and 1 when the dataset is missing', () => {
  using temp = rig({}, 'select-test-')
  const dir = temp.dir
  const dataset = writeDataset(dir, [record({ number: 1, ctx: 60000, files: 7 })])
  const output = join(dir, 'selected_tasks.json')
  writeFileSync(join(dir, 'bad.json5'), '{ selection: { weights: { category: -1 } } }')
  const cases: [string[], number, string][] = [
    [[], 2, '--dataset is required'],
    [['--dataset', dataset], 2, '--output is required'],
    [['--dataset', dataset, '--output', output, '--top', '0'], 2, '--top must be a positive integer'],
    [['--dataset', dataset, '--output', output, '--top', 'ten'], 2, '--top must be a positive integer'],
    [['--dataset', dataset, '--output', output, '--limit', '3'], 2, "Unknown option '--limit'"],
    [['--dataset', dataset, '--output', output, '--config', join(dir, 'bad.json5')], 2, 'selection.weights.category: must be >= 0'],
    [['--dataset', join(dir, 'nope.jsonl'), '--output', output], 1, 'Dataset not found'],
  ]
  for (const [args, status, message] of cases) {
    const run = cli(args)
    assert.is(run.status, status, `${args.join(' ')}: ${run.stderr}`)
    assert.match(run.stderr, message)
  }
  const help = cli(['--help'])
  assert.is(help.status, 0)
  assert.match(help.stdout, 'usage: select-tasks --dataset FILE --output FILE [--top N] [--config FILE]')
})

// ---- ground truth ------------------------------------------------------------------------------

test('a record whose ground truth is empty or missing is removed (require_ground_truth), shown in the report and scores.jsonl', async () => {
  using temp = rig({}, 'select-test-')
  const good = record({ ctx: 90000, files: 9, number: 1 })
  const empty = { ...record({ ctx: 99000, files: 12, number: 2 }), ground_truth: '' }
  const blank = { ...record({ ctx: 98000, files: 12, number: 3 }), ground_truth: ' \n\t ' }
  const object = { ...record({ ctx: 97000, files: 12, number: 4 }), ground_truth: {} }
  const { ground_truth: _, ...missing } = record({ ctx: 96000, files: 12, number: 5 })
  const short = { ...record({ ctx: 95000, files: 12, number: 6 }), ground_truth: 'x' }
  const { scores, selected, report } = await runSelect(temp.dir, [good, empty, blank, object, missing, short])
  const outcome = Object.fromEntries(scores.map((s) => [s.id, s.removed_by]))
  for (const r of [empty, blank, object, missing]) assert.equal(outcome[r.id as string], ['require_ground_truth'], r.id as string)
  assert.equal(outcome[good.id], [])
  assert.equal(outcome[short.id], [])
  assert.equal(selected.tasks.map((t: { id: string }) => t.id).sort(), [good.id, short.id].sort())
  const rows = tableAfter(report, '## What the thresholds and filters removed')
  assert.equal(rows.find((r) => r[0] === 'require_ground_truth'), ['require_ground_truth', '4', '4'])
  // Off: the original adapter's behaviour, every record ranked.
  const off = await runSelect(temp.dir, [good, empty, missing], config({ require_ground_truth: false }))
  assert.is(off.selected.tasks.length, 3)
})

// ---- leaks -------------------------------------------------------------------------------------

// A ground-truth sentence specific to one scenario, and one that reads like template phrasing.
const ANSWER = 'The ledger reconciler batches settlement writes because the vault journal serialises every commit.'
const TEMPLATE = 'The module follows the repository pattern described in the architecture notes of the billing service.'

/** A record of project `number` whose ground truth holds `truth` and whose description holds `description`. */
function leakRecord(number: number, category: string, truth: string, description: string, ctx: number): Record<string, unknown> & ScoringFields {
  return { ...record({ number, category, ctx, files: 9 }), ground_truth: `Where to look. ${truth} Nothing else matters here.`, description }
}

test('a record whose description or prompt repeats its ground truth is removed (exclude_leaks), with the passage in the report; template phrasing a peer of its project shares is kept', async () => {
  using temp = rig({}, 'select-test-')
  const leaky = leakRecord(1, 'architectural_understanding', ANSWER, `Context first. ${ANSWER}`, 99000)
  const prompted = { ...leakRecord(1, 'bug_investigation', ANSWER.replace('ledger', 'payout'), 'No answer here.', 98000), task_prompt_text: `Explain why. ${ANSWER.replace('ledger', 'payout')}` }
  // The template sentence is in this record's ground truth and description, and in a peer's ground
  // truth on the same project: shared phrasing, not this scenario's answer.
  const templated = leakRecord(1, 'code_comprehension', TEMPLATE, `Background. ${TEMPLATE}`, 97000)
  const peer = leakRecord(1, 'security_analysis', TEMPLATE, 'Look at the guards.', 96000)
  const clean = leakRecord(2, 'architectural_understanding', ANSWER, 'Explain how settlement flows through the system.', 95000)
  const { scores, selected, report } = await runSelect(temp.dir, [leaky, prompted, templated, peer, clean])
  const outcome = Object.fromEntries(scores.map((s) => [s.id, s.removed_by]))
  assert.equal(outcome[leaky.id], ['exclude_leaks'])
  assert.equal(outcome[prompted.id], ['exclude_leaks'], 'a leak in the task prompt counts too')
  for (const r of [templated, peer, clean]) assert.equal(outcome[r.id], [], r.id)
  assert.equal(selected.tasks.map((t: { id: string }) => t.id).sort(), [templated.id, peer.id, clean.id].sort())
  scores.forEach((line, i) => assert.equal(check('scores-line.schema.json', line), [], `scores line ${i + 1}`))
  assert.equal(tableAfter(report, '## What the thresholds and filters removed').find((r) => r[0] === 'exclude_leaks'), ['exclude_leaks', '2', '2'])
  const [, , ...leaks] = tableAfter(report, '## Scenarios that give their answer away')
  assert.equal(leaks.map((r) => r[0]), [leaky.id, prompted.id])
  assert.match(leaks[0][1], 'the ledger reconciler batches settlement writes because the vault journal serialises every commit')

  // Shared means shared within the project: the same template sentence on another project is no
  // cover (generate's baseline holds every scenario of the selected projects, so select is at
  // least as strict as generate whatever it selects).
  const elsewhere = leakRecord(3, 'security_analysis', TEMPLATE, 'Look at the guards.', 96000)
  const alone = await runSelect(temp.dir, [templated, elsewhere])
  assert.equal(alone.scores.find((s) => s.id === templated.id).removed_by, ['exclude_leaks'])
})

test('exclude_leaks off, or tasks.leak_check off, keeps a leaking record; the rules are tasks.leak_check\'s thresholds', async () => {
  using temp = rig({}, 'select-test-')
  const leaky = leakRecord(1, 'architectural_understanding', ANSWER, `Context first. ${ANSWER}`, 99000)
  const other = leakRecord(1, 'bug_investigation', 'The scheduler retries failed jobs twice.', 'Explain the retries.', 98000)
  const off = await runSelect(temp.dir, [leaky, other], config({ exclude_leaks: false }))
  assert.equal(off.scores.map((s) => s.removed_by), [[], []])
  assert.is(off.selected.tasks.length, 2)
  assert.not.match(off.report, '## Scenarios that give their answer away')
  const dataset = join(temp.dir, 'dataset.jsonl')
  const outputs = { scores: join(temp.dir, 'o', 'scores.jsonl'), selected: join(temp.dir, 'o', 'selected_tasks.json'), reportDir: join(temp.dir, 'o', 'report') }
  const leakCheck = { enabled: true, min_run_words: 12, min_sentence_words: 8, min_specific_words: 3 }
  const disabled = await select({ dataset, config: config(), outputs, leakCheck: { ...leakCheck, enabled: false } })
  assert.is(disabled.selection.ranked.length, 2, 'generate does not check, so select does not either')
  const disabledReport = readFileSync(join(outputs.reportDir, 'selection.md'), 'utf8')
  assert.equal(tableAfter(disabledReport, '## Criteria').find((r) => r[0] === 'exclude_leaks'), ['exclude_leaks', 'true, but tasks.leak_check is off: not checked'])
  assert.not.match(disabledReport, '## Scenarios that give their answer away')
  // The sentence has 14 words: a min_sentence_words above that, with runs as long, is no leak.
  const lenient = await select({ dataset, config: config(), outputs, leakCheck: { ...leakCheck, min_sentence_words: 20, min_run_words: 20 } })
  assert.is(lenient.selection.ranked.length, 2)
  const strict = await select({ dataset, config: config(), outputs, leakCheck })
  assert.equal(strict.selection.ranked.map((c) => c.record.id), [other.id])
  // select-tasks reads tasks.leak_check from --config.
  writeFileSync(join(temp.dir, 'lenient.json5'), '{ tasks: { leak_check: { enabled: false } } }')
  const run = cli(['--dataset', dataset, '--output', join(temp.dir, 'cli', 'selected_tasks.json'), '--config', join(temp.dir, 'lenient.json5')])
  assert.is(run.status, 0, run.stderr)
  assert.is(JSON.parse(readFileSync(join(temp.dir, 'cli', 'selected_tasks.json'), 'utf8')).tasks.length, 2)
  const strictRun = cli(['--dataset', dataset, '--output', join(temp.dir, 'cli2', 'selected_tasks.json')])
  assert.is(strictRun.status, 0, strictRun.stderr)
  assert.is(JSON.parse(readFileSync(join(temp.dir, 'cli2', 'selected_tasks.json'), 'utf8')).tasks.length, 1)
})

// ---- the leak cache ----------------------------------------------------------------------------

test('the leak check reuses the verdicts of unchanged projects: one scenario edited checks only its project, a corrupt cache is ignored, and the outputs are those of a cold run', async () => {
  using temp = rig({}, 'select-test-')
  const cacheDir = join(temp.dir, 'cache')
  const cacheFile = join(cacheDir, LEAK_CACHE_FILE)
  // 20 projects of two records; every fourth project has a record that leaks.
  const records = Array.from({ length: 20 }, (_, i) => i + 1).flatMap((n) => [
    leakRecord(n, 'architectural_understanding', ANSWER, n % 4 === 0 ? `Context first. ${ANSWER}` : 'Explain how settlement flows.', 90000 + n),
    leakRecord(n, 'bug_investigation', `The scheduler of project ${n} retries failed jobs twice.`, 'Explain the retries.', 80000 + n),
  ])
  let runs = 0
  const run = async (list: object[], options: { cache?: boolean; leakCheck?: LeakCheckConfig } = {}) => {
    const dir = join(temp.dir, `run-${++runs}`)
    mkdirSync(dir)
    const dataset = writeDataset(dir, list)
    const outputs = { scores: join(dir, 'scores.jsonl'), selected: join(dir, 'selected_tasks.json'), reportDir: join(dir, 'report') }
    const logged: string[] = []
    const result = await select({ dataset, config: config(), outputs, leakCheck: options.leakCheck, cacheDir: options.cache === false ? undefined : cacheDir, log: (m) => logged.push(m) })
    const bytes = [outputs.scores, outputs.selected, ...readdirSync(outputs.reportDir).sort().map((f) => join(outputs.reportDir, f))].map((f) => readFileSync(f, 'utf8'))
    return { counts: result.leakProjects, logged, bytes, removed: result.selection.candidates.filter((c) => c.removed_by.includes('exclude_leaks')).length }
  }

  const cold = await run(records)
  assert.equal(cold.counts, { checked: 20, reused: 0 })
  assert.ok(cold.logged.includes('leak check: 20 projects checked, 0 reused'), cold.logged.join('\n'))
  assert.is(cold.removed, 5)
  const warm = await run(records)
  assert.equal(warm.counts, { checked: 0, reused: 20 })
  assert.equal(warm.bytes, cold.bytes)
  assert.equal(warm.bytes, (await run(records, { cache: false })).bytes, 'no cache dir: every project checked, same outputs')

  // Project 7's first scenario now repeats its answer in the description.
  const edited = records.map((r, i) => (i === 12 ? { ...r, description: `Context first. ${ANSWER}` } : r))
  const incremental = await run(edited)
  assert.equal(incremental.counts, { checked: 1, reused: 19 })
  assert.ok(incremental.logged.includes('leak check: 1 project checked, 19 reused'), incremental.logged.join('\n'))
  assert.is(incremental.removed, 6)
  assert.equal(incremental.bytes, (await run(edited, { cache: false })).bytes, 'equal to a cold run')

  // A corrupt cache file is no error: every project is checked again, with the same outputs.
  for (const damage of ['not json at all\n', readFileSync(cacheFile, 'utf8').slice(0, -40), '']) {
    writeFileSync(cacheFile, damage)
    const recovered = await run(edited)
    assert.equal(recovered.counts, { checked: 20, reused: 0 }, JSON.stringify(damage.slice(0, 30)))
    assert.equal(recovered.bytes, incremental.bytes)
  }
  // An entry whose shape is wrong spoils the file as a whole.
  const lines = readFileSync(cacheFile, 'utf8').split('\n')
  writeFileSync(cacheFile, [lines[0], '{"project":1}', ...lines.slice(2)].join('\n'))
  assert.equal((await run(edited)).counts, { checked: 20, reused: 0 })

  // Other thresholds start afresh; a project no longer in the dataset leaves the cache.
  const lenient = { enabled: true, min_run_words: 30, min_sentence_words: 30, min_specific_words: 3 }
  assert.equal((await run(edited, { leakCheck: lenient })).counts, { checked: 20, reused: 0 })
  assert.equal((await run(edited)).counts, { checked: 20, reused: 0 })
  const fewer = await run(edited.slice(2))
  assert.equal(fewer.counts, { checked: 0, reused: 19 })
  assert.is(readFileSync(cacheFile, 'utf8').trim().split('\n').length, 1 + 19)
  assert.equal(fewer.bytes, (await run(edited.slice(2), { cache: false })).bytes)
})

test('the leak check shared out between worker threads finds what one thread finds, and stops on the bad record one thread would meet first', async () => {
  using temp = rig({}, 'select-test-')
  const records = Array.from({ length: 70 }, (_, i) => i + 1).flatMap((n) => [
    leakRecord(n, 'architectural_understanding', ANSWER, n % 3 === 0 ? `Context first. ${ANSWER}` : 'Explain how settlement flows.', 90000 + n),
    leakRecord(n, 'bug_investigation', `The scheduler of project ${n} retries failed jobs twice.`, n % 5 === 0 ? `Context. The scheduler of project ${n} retries failed jobs twice.` : 'Explain the retries.', 80000 + n),
  ])
  const dataset = writeDataset(temp.dir, records)
  const check: LeakCheckConfig = { enabled: true, min_run_words: 12, min_sentence_words: 8, min_specific_words: 3 }
  const rows = await readScoringRows(dataset, { hashLines: true })
  const scan = async (workers: number) => {
    const r = await findLeakyRecords(dataset, rows, check, { workers })
    return { checked: r.checked, threads: r.threads, leaky: [...r.leaky].sort(([a], [b]) => (a < b ? -1 : 1)) }
  }
  const alone = await scan(0)
  assert.is(alone.leaky.length, 23 + 14)
  assert.equal(await scan(2), { ...alone, threads: 2 })

  // Two lines spoilt after the first pass, one in each worker's share: the earlier one is reported.
  const lines = readFileSync(dataset, 'utf8').split('\n')
  const spoil = (i: number) => (lines[i] = `X${lines[i].slice(1)}`)
  spoil(30)
  spoil(120)
  writeFileSync(dataset, lines.join('\n'))
  const failure = (workers: number): Promise<string> => findLeakyRecords(dataset, rows, check, { workers }).then(
    () => {
      throw new Error('a spoilt record was checked')
    },
    (error: Error) => (assert.instance(error, DatasetError), error.message),
  )
  const message = await failure(0)
  assert.match(message, `${dataset}:31: not valid JSON`)
  assert.is(await failure(2), message)
})

test('a leak check worker that dies costs only speed: the main thread checks its share, says so, and finds the same', async () => {
  using temp = rig({}, 'select-test-')
  const records = Array.from({ length: 40 }, (_, i) => i + 1).map((n) =>
    leakRecord(n, 'architectural_understanding', ANSWER, n % 4 === 0 ? `Context first. ${ANSWER}` : 'Explain how settlement flows.', 90000 + n))
  const dataset = writeDataset(temp.dir, records)
  const check: LeakCheckConfig = { enabled: true, min_run_words: 12, min_sentence_words: 8, min_specific_words: 3 }
  const rows = await readScoringRows(dataset, { hashLines: true })
  const alone = await findLeakyRecords(dataset, rows, check, { workers: 0 })
  const logged: string[] = []
  // The call opens the file before it returns; the worker, still loading, finds no file to open.
  const shared = findLeakyRecords(dataset, rows, check, { workers: 1, log: (m) => logged.push(m) })
  renameSync(dataset, `${dataset}.moved`)
  const rescued = await shared
  assert.equal([...rescued.leaky.keys()].sort(), [...alone.leaky.keys()].sort())
  assert.is(rescued.leaky.size, 10)
  assert.ok(logged.some((m) => m.startsWith('a leak check worker stopped early (') && m.includes('ENOENT')), logged.join('\n'))

  // A file renamed over the dataset while the check runs is not what the rows came from: a worker
  // that opens it counts for nothing, and its share is read from the file this thread opened.
  renameSync(`${dataset}.moved`, dataset)
  const spoilt = records.map((r, i) => (i === 0 ? { ...r, description: `Context first. ${ANSWER}` } : r))
  logged.length = 0
  // As above: the rename happens before the worker, still loading, opens the file.
  const replaced = findLeakyRecords(dataset, rows, check, { workers: 1, log: (m) => logged.push(m) })
  mkdirSync(join(temp.dir, 'other'))
  writeDataset(join(temp.dir, 'other'), spoilt)
  renameSync(join(temp.dir, 'other', 'dataset.jsonl'), dataset)
  assert.equal([...(await replaced).leaky.keys()].sort(), [...alone.leaky.keys()].sort())
  assert.ok(logged.some((m) => m.includes('opened another file than')), logged.join('\n'))
})

test('the leak cache is keyed by the line hashes of the first pass (no second read), and a dataset that moves in between is refused', async () => {
  using temp = rig({}, 'select-test-')
  const cacheDir = join(temp.dir, 'cache')
  const records = [1, 2, 3].flatMap((n) => [
    leakRecord(n, 'architectural_understanding', ANSWER, n === 2 ? `Context first. ${ANSWER}` : 'Explain how settlement flows.', 90000 + n),
    leakRecord(n, 'bug_investigation', `The scheduler of project ${n} retries failed jobs twice.`, 'Explain the retries.', 80000 + n),
  ])
  const dataset = writeDataset(temp.dir, records)
  const check: LeakCheckConfig = { enabled: true, min_run_words: 12, min_sentence_words: 8, min_specific_words: 3 }
  const before = statSync(dataset)
  const rows = await readScoringRows(dataset, { hashLines: true })
  assert.ok(rows.every((r) => /^[0-9a-f]{64}$/.test(r.sha256 ?? '')))
  const cold = await findLeakyRecords(dataset, rows, check, { cacheDir, datasetStat: before })
  assert.equal([cold.checked, cold.reused, [...cold.leaky.keys()]], [3, 0, [records[2].id]])
  // Same-length bytes that are no dataset at all: the verdicts come from the first pass's hashes.
  writeFileSync(dataset, ' '.repeat(before.size))
  utimesSync(dataset, before.atime, new Date(before.mtimeMs + 5000)) // moved even on a coarse clock
  const warm = await findLeakyRecords(dataset, rows, check, { cacheDir })
  assert.equal([warm.checked, warm.reused, [...warm.leaky.keys()]], [0, 3, [records[2].id]])
  // The same call told what the file was when the rows were read: it changed since, so refused.
  await findLeakyRecords(dataset, rows, check, { cacheDir, datasetStat: before }).then(
    () => assert.unreachable('a dataset that changed after its rows were read was trusted'),
    (error: Error) => assert.match(error.message, `${dataset}: changed while select was reading it`),
  )
})

test.run()
