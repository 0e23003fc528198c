// One streaming pass over the sorted scenario file names. Each file is judged on its own (or its
// cached verdict reused when it is unchanged), then checked against the others and its project,
// and its record or reject line written out at once. Accepted ids equal their file names, so file
// order is id order and nothing is held back for sorting.
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { parseScenarioId, type ScenarioId } from '../../lib/ids.ts'
import { assemble, checkIdentity, IdRegistry, ProjectView, recordHead, SCENARIO_DIR, type Rejection } from './assemble.ts'
import { refsOf, type CachedScenario, type ScenarioStore } from './cache.ts'
import { BufferedWriter } from './output.ts'
import type { ProjectPool } from './project-pool.ts'
import { internal, judgeFresh, type FreshFile } from './judge-file.ts'
import { describeError } from './read.ts'
import { SummaryBuilder } from './summary.ts'
import { loadValidator } from './validator.ts'
import type { BlobRef, Finding, ProjectScan, WarningCode } from './types.ts'

export const stemOf = (name: string): string => name.slice(0, -'.json'.length)

/** Projects named by the file names, sorted: known before any file is read, so scans start at once. */
export function projectsNamedBy(names: string[]): string[] {
  const ids = new Set<string>()
  for (const name of names) {
    const parsed = parseScenarioId(stemOf(name))
    if (parsed.ok) ids.add(parsed.value.projectId)
  }
  return [...ids].sort()
}

/** The text of a file judged this run, written straight out (and into the cache). */
interface Fresh {
  fragment: Uint8Array
  context: string
}

interface Judged {
  entry: CachedScenario
  parsed: boolean
  fresh?: Fresh
}

/** The cached verdict when the file's size and mtime are unchanged. */
function unchanged(path: string, cached: CachedScenario | undefined): Judged | undefined {
  if (!cached) return undefined
  const st = statSync(path)
  return st.size === cached.size && st.mtimeMs === cached.mtimeMs ? { entry: cached, parsed: false } : undefined
}

/** A fresh judgement as a cache entry, its text stored in the blob. */
function adopt(file: FreshFile, cached: CachedScenario | undefined, store: ScenarioStore): Judged {
  if (file.kind === 'same') return { entry: { ...cached!, size: file.size, mtimeMs: file.mtimeMs }, parsed: false }
  const { size, mtimeMs, sha256, verdict } = file
  if (verdict.kind === 'reject' || !file.fragment || file.context === undefined) return { entry: { size, mtimeMs, sha256, verdict: verdict as Rejection }, parsed: true }
  const scenario = { ...verdict.scenario, fragment: store.appendBytes(file.fragment), context: store.append(file.context) }
  return { entry: { size, mtimeMs, sha256, verdict: { kind: 'candidate', scenario } }, parsed: true, fresh: { fragment: file.fragment, context: file.context } }
}

async function judge(dataDir: string, path: string, cached: CachedScenario | undefined, store: ScenarioStore): Promise<Judged> {
  try {
    const same = unchanged(path, cached)
    if (same) return same
  } catch {
    // A stat failure is judged (and reported) by reading below.
  }
  return adopt(judgeFresh(path, dataDir, await loadValidator(), cached?.sha256), cached, store)
}

type Accepted = {
  kind: 'accept'
  id: ScenarioId
  scan: ProjectScan
  tail: BlobRef
  /** Set when the tail was assembled in this run. */
  tailText?: string
  warnings: Finding<WarningCode>[]
}

export interface StreamInput {
  dataDir: string
  names: string[]
  store: ScenarioStore
  pool: ProjectPool
  outputs: { dataset: string; rejects: string }
  tick: (i: number) => void
}

export interface StreamResult {
  summary: SummaryBuilder
  /** This run's cache entries as JSON text, one per file (the previous text where nothing changed). */
  entries: Map<string, string>
  /** Blob bytes the entries point at. */
  live: number
  parsed: number
}

/**
 * A candidate whose verdict was reused and whose project's stamp is unchanged reuses its
 * assembled outcome too: its record is then copied from the cache (fragment, tail) without
 * resolving a path. Everything else is assembled and its tail stored for the next run.
 */
export async function streamRecords(input: StreamInput): Promise<StreamResult> {
  const { dataDir, names, store, pool, outputs, tick } = input
  const summary = new SummaryBuilder()
  const entries = new Map<string, string>()
  let live = 0
  const dataset = BufferedWriter.create(outputs.dataset)
  const rejects = BufferedWriter.create(outputs.rejects)
  const ids = new IdRegistry(names.map(stemOf))
  let view: ProjectView | undefined
  let lastId = ''
  let parsed = 0

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
    let tailText: string | undefined
    if (entry.assembled?.stamp !== scan.stamp) {
      if (view?.scan !== scan) view = new ProjectView(scan)
      const made = assemble(facts, fresh?.context ?? store.readString(facts.context), view, file)
      if (made.kind === 'accept') tailText = made.tail
      entry.assembled = made.kind === 'reject'
        ? { stamp: scan.stamp, ...made }
        : { stamp: scan.stamp, kind: 'accept', tail: store.append(made.tail), warnings: made.warnings }
    }
    const done = entry.assembled
    if (done.kind === 'reject') return { kind: 'reject', reason: done.reason, pointer: done.pointer, message: done.message }
    return { kind: 'accept', id, scan, tail: done.tail, tailText, warnings: done.warnings }
  }

  try {
    for (const [i, name] of names.entries()) {
      tick(i)
      const file = `${SCENARIO_DIR}/${name}`
      const cached = store.lookup(name)
      const judged = await judge(dataDir, join(dataDir, file), cached, store)
      const entry = judged.entry
      const assembledBefore = entry.assembled
      if (judged.parsed) parsed++
      let decision: Rejection | Accepted
      try {
        decision = await decide(entry, judged.fresh, stemOf(name), file)
      } catch (error) {
        decision = internal(`unexpected error: ${describeError(error, dataDir)}`)
      }
      const untouched = entry === cached && entry.assembled === assembledBefore
      entries.set(name, untouched ? store.text(name)! : JSON.stringify(entry))
      for (const ref of refsOf(entry)) live += ref[1]
      if (decision.kind === 'reject' || entry.verdict.kind === 'reject') {
        const { reason, pointer, message } = decision as Rejection
        summary.reject(reason)
        rejects.write(`${JSON.stringify({ file, reason, pointer, message })}\n`)
        continue
      }
      const { id, scan } = decision
      // Accepted ids equal their file names, so sorted names give sorted ids; this guards that.
      if (id.id <= lastId) throw new Error(`records out of order at ${id.id}`)
      lastId = id.id
      const facts = entry.verdict.scenario
      dataset.write(recordHead(facts, id))
      if (judged.fresh) dataset.writeBytes(judged.fresh.fragment)
      else store.copyTo(dataset, facts.fragment)
      if (decision.tailText !== undefined) dataset.write(decision.tailText)
      else store.copyTo(dataset, decision.tail)
      summary.accept({ language: id.language, category: id.category, difficulty: facts.difficulty, projectId: id.projectId, layout: scan.layout })
      for (const warning of decision.warnings) summary.warn({ file, ...warning })
    }
  } finally {
    dataset.close()
    rejects.close()
  }
  return { summary, entries, live, parsed }
}
