// One project's leak verdicts, read from dataset.jsonl: the work select-leaks.ts shares out
// between the main thread and its workers (leak-worker.ts).
import { findLeaks, leakBaseline, leakTexts, sharedWithOthers, TaskGrams, type Leak, type LeakRules } from '../../verifier/leaks.ts'
import { LineReader, parseRecord, type RecordRef } from '../../contracts/dataset.ts'
import type { ProjectVerdicts } from './leak-cache.ts'

/** The leaks of one project's records, by id (records without a leak are absent). `texts` are
 *  leakTexts of each record: ground truth, description, prompt. */
function projectLeaks(records: readonly { id: string; texts: readonly [string, string, string] }[], rules: LeakRules): Map<string, Leak[]> {
  const grams = records.map((r) => new TaskGrams(r.texts))
  const baseline = leakBaseline(grams)
  const out = new Map<string, Leak[]>()
  records.forEach(({ id, texts }, i) => {
    const [, description, prompt] = grams[i].perText
    const instruction = { has: (g: string) => description.has(g) || prompt.has(g) }
    const leaks = findLeaks(instruction, texts[0], sharedWithOthers(baseline, grams[i]), new Set(), rules)
    if (leaks.length > 0) out.set(id, leaks)
  })
  return out
}

/** The verdicts of the project whose records are `rows` (sorted by offset: one forward read),
 *  sorted by id. */
export function checkProject(fd: number, dataset: string, rows: readonly RecordRef[], rules: LeakRules, reader: LineReader): ProjectVerdicts {
  const lines = reader.read(fd, rows)
  const records = rows.map((row, i) => ({ id: row.id, texts: leakTexts(parseRecord(lines[i], dataset, row)) }))
  return [...projectLeaks(records, rules)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
