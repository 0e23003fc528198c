// One streaming pass over the sorted scenario file names. Each file is judged on its own (or its
// cached verdict reused when it is unchanged), then checked against the others and its project,
// and its record or reject line written out at once. Accepted ids equal their file names, so file
// order is id order and nothing is held back for sorting. A record is assembled into the cache
// blob as one line and reused from there while its file and project are unchanged; the dataset
// is copied from the blob, runs of neighbouring lines in one go.
import { statSync, type Stats } from 'node:fs'
import { join } from 'node:path'
import type { ScenarioId } from '../../lib/ids.ts'
import { assemble, checkIdentity, IdRegistry, ProjectView, recordHead, SCENARIO_DIR, type Rejection } from './assemble.ts'
import { addLive, CacheDamagedError, SAME, ScenarioStore, type Brief, type CachedScenario, type Live } from './cache.ts'
import { BufferedWriter, RangeCopy } from './output.ts'
import type { ProjectPool } from './project-pool.ts'
import { internal, judgeFresh, type FreshFile } from './judge-file.ts'
import { describeError } from './read.ts'
import { DEFAULT_FILE_LIMITS, tooLarge, type FileLimits } from './file-limits.ts'
import { SummaryBuilder } from './summary.ts'
import { loadValidator } from './validator.ts'
import type { BlobRef, Finding, ProjectScan, ScenarioFacts, WarningCode } from './types.ts'

export const stemOf = (name: string): string => name.slice(0, -'.json'.length)

const stat = (path: string): Stats | undefined => statSync(path, { throwIfNoEntry: false })

/** The text of a file judged this run, not in the cache files yet. */
interface Fresh {
  fragment: string
  context: string
}

interface Judged {
  entry: CachedScenario
  parsed: boolean
  fresh?: Fresh
}

const UNPLACED: BlobRef = [0, 0]

/** A fresh judgement as a cache entry; its text reaches the cache files once its record is decided. */
function adopt(file: FreshFile, cached: CachedScenario | undefined): Judged {
  if (file.kind === 'same') return { entry: { ...cached!, size: file.size, mtimeMs: file.mtimeMs }, parsed: false }
  const { size, mtimeMs, sha256, verdict } = file
  if (verdict.kind === 'reject' || !file.fragment || file.context === undefined) return { entry: { size, mtimeMs, sha256, verdict: verdict as Rejection }, parsed: true }
  const scenario: ScenarioFacts = { ...verdict.scenario, fragment: [...UNPLACED], context: [...UNPLACED] }
  return { entry: { size, mtimeMs, sha256, verdict: { kind: 'candidate', scenario } }, parsed: true, fresh: { fragment: file.fragment, context: file.context } }
}

/** The cached verdict when the file's stat is unchanged, else the file read and judged. */
async function judge(dataDir: string, path: string, cached: CachedScenario | undefined, st: Stats | undefined): Promise<Judged> {
  if (cached && st && st.size === cached.size && st.mtimeMs === cached.mtimeMs) return { entry: cached, parsed: false }
  // A stat failure is judged (and reported) by reading.
  return adopt(judgeFresh(path, dataDir, await loadValidator(), cached?.sha256), cached)
}

type Accepted = { kind: 'accept'; id: ScenarioId; scan: ProjectScan; line: BlobRef; warnings: Finding<WarningCode>[] }

export interface StreamInput {
  dataDir: string
  names: string[]
  store: ScenarioStore
  pool: ProjectPool
  outputs: { dataset: string; rejects: string }
  /** Files known to be unchanged since the cache was written: reused without a stat. */
  trusted?: (name: string) => boolean
  tick: (i: number) => void
  /** Single-file size limits (config extract.max_file_chars / max_file_bytes). */
  limits?: FileLimits
}

export interface StreamResult {
  summary: SummaryBuilder
  /** Cache file bytes this run's entries point at. */
  live: Live
  parsed: number
  /** Files not vouched for by `trusted`: their stat was compared with the cache, or they had no entry. */
  checked: number
}

/**
 * A candidate whose verdict was reused and whose project's stamp is unchanged reuses its
 * assembled outcome too: its record is copied from the blob without resolving a path. Everything
 * else is assembled and its line appended to the blob for this and the next runs.
 */
export async function streamRecords(input: StreamInput): Promise<StreamResult> {
  const { dataDir, names, store, pool, outputs, trusted, tick } = input
  const summary = new SummaryBuilder()
  const live: Live = { records: 0, contexts: 0 }
  const dataset = BufferedWriter.create(outputs.dataset)
  const rejects = BufferedWriter.create(outputs.rejects)
  const records = store.records
  const lines = new RangeCopy((ref) => records.copyTo(dataset, ref))
  const ids = new IdRegistry(names.map(stemOf))
  const scenarioDir = join(dataDir, SCENARIO_DIR)
  let view: ProjectView | undefined
  let lastId = ''
  let parsed = 0
  let checked = 0

  const writeLine = (facts: ScenarioFacts, id: ScenarioId, fragment: string | Uint8Array, tail: string): BlobRef => {
    const start = records.position
    records.append(recordHead(facts, id))
    facts.fragment = typeof fragment === 'string' ? records.append(fragment) : records.appendBytes(fragment)
    records.append(tail)
    return [start, records.position - start]
  }

  const decide = async (entry: CachedScenario, fresh: Fresh | undefined, stem: string, file: string): Promise<Rejection | Accepted> => {
    const verdict = entry.verdict
    if (verdict.kind === 'reject') return verdict
    const facts = verdict.scenario
    const duplicate = ids.check(stem, facts.id)
    if (duplicate) return duplicate
    const id = checkIdentity(facts)
    if ('kind' in id) return id
    const scan = await pool.get(id.projectId)
    if (!scan.exists) return { kind: 'reject', reason: 'project-missing', pointer: '', message: `the project directory ${scan.dir}/ does not exist` }
    if (scan.error) return { kind: 'reject', reason: 'internal', pointer: '', message: scan.error }
    const big = tooLarge(scan, input.limits ?? DEFAULT_FILE_LIMITS)
    if (big) return big
    if (entry.assembled?.stamp !== scan.stamp) {
      if (view?.scan !== scan) view = new ProjectView(scan, pool.files(scan))
      const made = assemble(facts, fresh?.context ?? store.readContext(facts.context), view, file)
      entry.assembled = made.kind === 'reject'
        ? { stamp: scan.stamp, ...made }
        : { stamp: scan.stamp, kind: 'accept', line: writeLine(facts, id, fresh?.fragment ?? records.read(facts.fragment), made.tail), warnings: made.warnings }
    }
    const done = entry.assembled
    if (done.kind === 'reject') return { kind: 'reject', reason: done.reason, pointer: done.pointer, message: done.message }
    return { kind: 'accept', id, scan, line: done.line, warnings: done.warnings }
  }

  /** The file's line in the new index; a fragment not written with a record goes in alone, so the next run still has it. */
  const keep = (name: string, judged: Judged, untouched: boolean, id: ScenarioId | undefined) => {
    const { entry, fresh } = judged
    if (fresh && entry.verdict.kind === 'candidate') {
      const scenario = entry.verdict.scenario
      scenario.context = store.appendContext(fresh.context)
      if (entry.assembled?.kind !== 'accept') scenario.fragment = records.append(fresh.fragment)
    }
    store.record(name, untouched ? SAME : ScenarioStore.fields(entry, id))
    addLive(live, entry)
  }

  const accept = (file: string, id: ScenarioId, scan: ProjectScan, line: BlobRef, difficulty: string, warnings: Finding<WarningCode>[]) => {
    // Accepted ids equal their file names, so sorted names give sorted ids; this guards that.
    if (id.id <= lastId) throw new Error(`records out of order at ${id.id}`)
    lastId = id.id
    lines.add(line)
    summary.accept({ language: id.language, category: id.category, difficulty, projectId: id.projectId, layout: scan.layout })
    for (const warning of warnings) summary.warn({ file, ...warning })
  }

  /**
   * An unchanged file accepted last time, whose project is unchanged too, passes every check
   * again (its id is its name, so no other file can make it a duplicate): its brief is enough.
   */
  const reuseBrief = (name: string, file: string, brief: Brief, scan: ProjectScan): boolean => {
    if (!scan.exists || scan.error || scan.stamp !== brief.stamp || tooLarge(scan, input.limits ?? DEFAULT_FILE_LIMITS)) return false
    const assembled = brief.warned ? store.lookup(name)?.assembled : undefined
    const warnings = !brief.warned ? [] : assembled?.kind === 'accept' ? assembled.warnings : undefined
    if (!warnings) return false
    const id = { id: stemOf(name), projectId: brief.projectId, language: brief.language, category: brief.category } as ScenarioId
    accept(file, id, scan, brief.line, brief.difficulty, warnings)
    store.record(name, SAME)
    live.records += brief.live.records
    live.contexts += brief.live.contexts
    return true
  }

  try {
    for (const [i, name] of names.entries()) {
      tick(i)
      const file = `${SCENARIO_DIR}/${name}`
      const path = `${scenarioDir}/${name}`
      const trust = trusted?.(name) ?? false
      if (!trust) checked++
      const brief = store.brief(name)
      let st = brief && !trust ? stat(path) : undefined
      if (brief && (trust || (st?.size === brief.size && st.mtimeMs === brief.mtimeMs))) {
        // Awaited only when a worker is still scanning the project: most files never wait.
        const got = pool.get(brief.projectId)
        if (reuseBrief(name, file, brief, got instanceof Promise ? await got : got)) continue
      }
      const cached = store.lookup(name)
      if (trust && !cached) checked++
      // A file without an entry is read anyway: no stat first.
      if (cached && !trust) st ??= stat(path)
      const judged = cached && trust ? { entry: cached, parsed: false } : await judge(dataDir, path, cached, st)
      const entry = judged.entry
      const assembledBefore = entry.assembled
      if (judged.parsed) parsed++
      let decision: Rejection | Accepted
      try {
        decision = await decide(entry, judged.fresh, stemOf(name), file)
      } catch (error) {
        if (error instanceof CacheDamagedError) throw error
        decision = internal(`unexpected error: ${describeError(error, dataDir)}`)
      }
      keep(name, judged, entry === cached && entry.assembled === assembledBefore, decision.kind === 'accept' ? decision.id : undefined)
      if (decision.kind === 'reject') {
        const { reason, pointer, message } = decision
        summary.reject(reason)
        rejects.write(`${JSON.stringify({ file, reason, pointer, message })}\n`)
        continue
      }
      const difficulty = (entry.verdict as { scenario: ScenarioFacts }).scenario.difficulty
      accept(file, decision.id, decision.scan, decision.line, difficulty, decision.warnings)
    }
    lines.flush()
  } finally {
    dataset.close()
    rejects.close()
  }
  return { summary, live, parsed, checked }
}
