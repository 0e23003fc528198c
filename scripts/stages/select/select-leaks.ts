// selection.exclude_leaks: which records give their answer away in the scenario texts every
// instruction.md carries (the description and the task prompt), by generate's own rules
// (tasks.leak_check, scripts/verifier/leaks.ts). Without it select can pick a scenario that
// generate's leak check then fails, and one such scenario fails the whole generate stage.
//
// At least as strict as generate for those texts, whatever the selection:
// - the baseline is the n-grams shared with the other scenarios of the same project; generate's
//   is every scenario of every selected project, a superset, so what generate counts as shared
//   phrasing select counts too, or less;
// - no common terms: generate's come from the selected ground truths, which select has not
//   picked yet, and without them every content word counts as specific.
// The description and the prompt are matched as two texts, as instruction.md has them (under two
// headings). Generate's check stays the safety net for the instruction's other parts (title,
// expected approach and evaluation criteria when a config turns them on).
//
// Memory and time: records are read back whole one project at a time (by the offsets of the first
// pass, synchronously), only one project's texts and n-grams are held at once, and each record's
// n-grams are computed once for the baseline, the shared set and the check. A project whose lines
// have not changed since the last run reuses that run's verdicts (leak-cache.ts): it is keyed by
// the line hashes the first pass took (readScoringRows' hashLines), so its lines are not read again.
import { hash } from 'node:crypto'
import { closeSync, fstatSync, openSync, type Stats } from 'node:fs'
import { findLeaks, leakBaseline, leakRules, leakTexts, sharedWithOthers, TaskGrams, type Leak, type LeakCheckConfig, type LeakRules } from '../../verifier/leaks.ts'
import { LeakCache } from './leak-cache.ts'
import { DatasetError, LineReader, parseRecord } from '../../contracts/dataset.ts'
import type { ScoringRow } from './select-read.ts'

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

export interface LeakScanOptions {
  signal?: AbortSignal
  /** Records checked so far, of all. */
  progress?: (done: number, total: number) => void
  /** Where the verdicts are kept between runs, per project (leak-cache.ts); none: check all. */
  cacheDir?: string
  /** The dataset's stat when its rows (and their line hashes) were read. */
  datasetStat?: Pick<Stats, 'size' | 'mtimeMs' | 'ino'>
}

export interface LeakScan {
  /** Every record whose description or prompt leaks its ground truth, with the leaks found. */
  leaky: Map<string, Leak[]>
  /** Projects checked this run, and projects whose verdicts came from the cache. */
  checked: number
  reused: number
}

/** Every record whose description or prompt leaks its ground truth, with the leaks found. A
 *  project whose lines are unchanged since a run that kept its verdicts in `cacheDir` reuses them. */
export async function findLeakyRecords(dataset: string, rows: readonly ScoringRow[], check: LeakCheckConfig, options: LeakScanOptions = {}): Promise<LeakScan> {
  const rules = leakRules(check)
  const cache = new LeakCache(options.cacheDir, rules)
  const byProject = new Map<string, ScoringRow[]>()
  for (const row of rows) {
    const group = byProject.get(row.project_id)
    if (group) group.push(row)
    else byProject.set(row.project_id, [row])
  }
  const leaky = new Map<string, Leak[]>()
  let checked = 0
  let reused = 0
  const reader = new LineReader()
  const fd = openSync(dataset, 'r')
  try {
    let done = 0
    let projects = 0
    for (const [project, group] of byProject) {
      // The event loop gets a turn now and then, for progress and cancellation.
      if (projects++ % 50 === 0) await new Promise((resolve) => setImmediate(resolve))
      options.signal?.throwIfAborted()
      group.sort((a, b) => a.offset - b.offset) // one forward read through the project's lines
      // Rows read without hashLines: the lines are read here to learn their hashes.
      const unhashed = group.some((row) => row.sha256 === undefined) ? reader.read(fd, group) : undefined
      const key = LeakCache.key(group.map((row, i) => ({ id: row.id, length: row.length, sha256: row.sha256 ?? hash('sha256', unhashed![i]) })))
      let verdicts = cache.reuse(project, key)
      if (verdicts) reused++
      else {
        const lines = unhashed ?? reader.read(fd, group)
        const records = group.map((row, i) => ({ id: row.id, texts: leakTexts(parseRecord(lines[i], dataset, row)) }))
        verdicts = [...projectLeaks(records, rules)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        cache.store(project, key, verdicts)
        checked++
      }
      for (const [id, leaks] of verdicts) leaky.set(id, leaks)
      done += group.length
      options.progress?.(done, rows.length)
    }
    // Verdicts parsed now are stored under hashes the first pass took: the file must not have
    // moved in between (judged as the engine judges an input: size, mtime, inode).
    const now = fstatSync(fd)
    const before = options.datasetStat
    if (before && (now.size !== before.size || now.mtimeMs !== before.mtimeMs || now.ino !== before.ino)) {
      throw new DatasetError(`${dataset}: changed while select was reading it`)
    }
  } finally {
    closeSync(fd)
  }
  cache.save()
  return { leaky, checked, reused }
}
