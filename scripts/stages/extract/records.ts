// Every scenario file is one of the engine's items, keyed by its name. Its input hash is the file's
// content, the state of the project its name points at, and the code (a salt); its facts are its
// verdict and, for an accepted record, where its dataset line sits in the line store. A kept file
// is neither read nor parsed. What depends on other files (duplicate ids) or on the config (size
// limits) is decided after the items, in file order, as the outputs are written: accepted ids equal
// their file names, so file order is id order and nothing is held back for sorting.
import { hash } from 'node:crypto'
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import { parseScenarioId, type IdParse, type ScenarioId } from '../../lib/ids.ts'
import type { ItemsRunner } from '../../engine/types.ts'
import { assemble, checkIdentity, IdRegistry, ProjectView, recordHead, SCENARIO_DIR, type Rejection } from './assemble.ts'
import { CacheDamagedError, type ProjectPool } from './project-pool.ts'
import { BufferedWriter, RangeCopy } from './output.ts'
import { describeError, readBuffer, readWhole, trustedMtime } from './read.ts'
import { judgeScenario } from './scenario.ts'
import { DEFAULT_FILE_LIMITS, tooLarge, type FileLimits } from './file-limits.ts'
import type { LineRef, LineStore } from './line-store.ts'
import { SummaryBuilder } from './extract-summary.ts'
import { loadValidator } from './validator.ts'
import type { Finding, ProjectScan, RejectReason, WarningCode } from './extract-types.ts'

export const stemOf = (name: string): string => name.slice(0, -'.json'.length)

type Reason = [reason: RejectReason, pointer: string, message: string]

/** What a scenario file's item records (short keys: there is one per file in the engine's book). */
export interface ScenarioItem {
  /** sha256 of the file's bytes, '' when it could not be read. */
  h: string
  /** Its size and mtime when read (mtime -1 when too recent to trust): an equal stat vouches for `h`. */
  s: [size: number, mtimeMs: number]
  /** Rejected on the file alone. */
  r?: Reason
  /** A candidate whose id is not its file name: the duplicate check decides, across files. */
  id?: string
  /**
   * A candidate named by its id, so bound to that project: checked against it first (present, no
   * file over the limits), then `r`, the rejection assembly made, or `l`, the accepted line.
   */
  p?: 1
  l?: LineRef
  /** Difficulty and warnings of the accepted record, for the summary. */
  d?: string
  w?: Finding<WarningCode>[]
}

/** What `prepare` found: the file's content identity, and its bytes when it had to read them. */
interface Content {
  h: string
  s: [number, number]
  bytes?: Buffer
  error?: string
}

export interface StreamInput {
  dataDir: string
  names: string[]
  items: ItemsRunner
  store: LineStore
  pool: ProjectPool
  outputs: { dataset: string; rejects: string }
  /** Files known to be unchanged since their item was recorded: their recorded content is used unseen. */
  trusted?: (name: string) => boolean
  /** What item hashes depend on besides the file and its project: the code. */
  salt: string
  signal?: AbortSignal
  /** Single-file size limits (config extract.max_file_chars / max_file_bytes). */
  limits?: FileLimits
}

export interface StreamResult {
  summary: SummaryBuilder
  parsed: number
  /** Files not vouched for by `trusted`: their stat was compared with their record, or they had none. */
  checked: number
}

const internal = (message: string): Reason => ['internal', '', message]
const reasonOf = (r: Rejection): Reason => [r.reason, r.pointer, r.message]
const projectState = (scan: ProjectScan): string => (!scan.exists ? 'missing' : scan.error !== undefined ? `error:${scan.error}` : scan.stamp)

/**
 * Scenario files are read into a buffer of their own (project scans use another), and items run
 * one at a time: the bytes a prepare read are still there when the build parses them.
 */
const scenarioBuffer = readBuffer()

function readContent(path: string, dataDir: string): Content {
  try {
    const { bytes, size, mtimeMs } = readWhole(path, scenarioBuffer)
    return { h: sha256(bytes), s: [size, trustedMtime(mtimeMs, Date.now())], bytes }
  } catch (error) {
    return { h: '', s: [-1, -1], error: `cannot read the file: ${describeError(error, dataDir)}` }
  }
}

/** Whether recorded facts have the shape this code writes (a hand-edited book costs a rebuild). */
function sound(f: ScenarioItem | undefined, store: LineStore): boolean {
  if (typeof f?.h !== 'string' || !Array.isArray(f.s)) return false
  if (f.r !== undefined && !Array.isArray(f.r)) return false
  if (f.p === 1 && f.r === undefined) return f.l === undefined || (Array.isArray(f.l) && typeof f.d === 'string' && store.holds(f.l))
  return f.r !== undefined || typeof f.id === 'string'
}

export async function streamRecords(input: StreamInput): Promise<StreamResult> {
  const { dataDir, names, store, pool, outputs, trusted, salt, signal } = input
  const scenarioDir = join(dataDir, SCENARIO_DIR)
  const limits = input.limits ?? DEFAULT_FILE_LIMITS
  const scanOf = async (projectId: string): Promise<ProjectScan> => {
    const got = pool.get(projectId)
    return got instanceof Promise ? await got : got
  }
  let parsed = 0
  let checked = 0
  /** Each name parsed as an id once: prepare needs its project, the output pass the rest. */
  const idOf = new Map<string, IdParse<ScenarioId>>()
  const nameId = (name: string): IdParse<ScenarioId> => {
    let id = idOf.get(name)
    if (!id) idOf.set(name, (id = parseScenarioId(stemOf(name))))
    return id
  }
  /** Files read whose bytes turned out as recorded: their item is kept, its stat refreshed. */
  const restat = new Map<string, [number, number]>()
  let view: ProjectView | undefined

  const judge = async (name: string, content: Content): Promise<ScenarioItem> => {
    if (!content.bytes && content.error === undefined) content = readContent(`${scenarioDir}/${name}`, dataDir)
    const { h, s, bytes } = content
    if (!bytes) return { h, s, r: internal(content.error ?? 'cannot read the file') }
    parsed++
    const judged = judgeScenario(bytes, await loadValidator())
    if (judged.kind === 'reject') return { h, s, r: [judged.reason, judged.pointer, judged.message] }
    const facts = { ...judged.scenario, sha256: h }
    const stem = stemOf(name)
    if (facts.id !== stem) return { h, s, id: facts.id }
    const id = checkIdentity(facts)
    if ('kind' in id) return { h, s, r: reasonOf(id) }
    const scan = await scanOf(id.projectId)
    if (!scan.exists || scan.error !== undefined) return { h, s, p: 1 }
    if (view?.scan !== scan) view = new ProjectView(scan, pool.files(scan))
    const file = `${SCENARIO_DIR}/${name}`
    const made = assemble(facts, judged.context, view, file)
    if (made.kind === 'reject') return { h, s, p: 1, r: reasonOf(made) }
    const l = store.append(`${recordHead(facts, id)}${judged.fragment}${made.tail}`)
    return { h, s, p: 1, l, d: facts.difficulty, ...(made.warnings.length > 0 && { w: made.warnings }) }
  }

  const ran = await input.items<Content, ScenarioItem>({
    keys: names,
    unit: 'files',
    // The work is synchronous (worker threads scan projects meanwhile): one file at a time.
    limit: 1,
    fatal: (error) => error instanceof CacheDamagedError,
    prepare: async (name, previous) => {
      signal?.throwIfAborted()
      // The project first: scanning it on this thread must not come between this read and the build.
      const id = nameId(name)
      const project = id.ok ? projectState(await scanOf(id.value.projectId)) : ''
      const trust = trusted?.(name) ?? false
      const old = previous && sound(previous.facts, store) ? previous.facts : undefined
      if (!trust || !old) checked++
      let content: Content
      if (old && trust) content = { h: old.h, s: old.s }
      else {
        const st = old && statSync(`${scenarioDir}/${name}`, { throwIfNoEntry: false })
        if (old && st && st.size === old.s[0] && st.mtimeMs === old.s[1]) content = { h: old.h, s: old.s }
        else {
          content = readContent(`${scenarioDir}/${name}`, dataDir)
          if (old && content.h === old.h && content.h !== '') restat.set(name, content.s)
        }
      }
      return { hash: hash('sha256', `${content.h}\n${project}\n${salt}`), value: content }
    },
    // Facts that cannot stand for this file and project (a hand-edited book) rebuild the item.
    present: (name, facts) => {
      if (!sound(facts, store) || facts.id === stemOf(name)) return false
      if (facts.p !== 1 || facts.r || facts.l) return true
      const id = nameId(name)
      const scan = id.ok ? pool.get(id.value.projectId) : undefined
      return scan !== undefined && !(scan instanceof Promise) && (!scan.exists || scan.error !== undefined)
    },
    build: async (name, content) => {
      try {
        return await judge(name, content)
      } catch (error) {
        if (error instanceof CacheDamagedError) throw error
        signal?.throwIfAborted()
        return { h: '', s: [-1, -1], r: internal(`unexpected error: ${describeError(error, dataDir)}`) }
      }
    },
    revise: (facts) => {
      const revised = new Map<string, ScenarioItem>()
      for (const [name, s] of restat) {
        const f = facts.get(name)
        if (f && f.s !== s) revised.set(name, { ...f, s })
      }
      const live: [string, LineRef][] = []
      for (const [name, f] of facts) if (f.l) live.push([name, f.l])
      const moved = store.settle(live)
      for (const [name, l] of moved ?? []) revised.set(name, { ...(revised.get(name) ?? facts.get(name)!), l })
      return revised
    },
  })
  const failed = ran.failed[0]
  if (failed) throw failed.error

  const summary = new SummaryBuilder()
  const dataset = BufferedWriter.create(outputs.dataset)
  const rejects = BufferedWriter.create(outputs.rejects)
  const lines = new RangeCopy((ref) => store.copyTo(dataset, ref))
  const ids = new IdRegistry(names.map(stemOf))
  let lastId = ''
  try {
    for (const name of names) {
      signal?.throwIfAborted()
      const file = `${SCENARIO_DIR}/${name}`
      const f = ran.facts.get(name)!
      let reason: Reason | undefined
      if (f.id !== undefined) reason = reasonOf(ids.check(stemOf(name), f.id)!)
      else if (f.p !== 1) reason = f.r
      else {
        const id = nameId(name)
        if (!id.ok) throw new Error(`${file}: recorded as named by its id, which does not parse`)
        const scan = await scanOf(id.value.projectId)
        const big = scan.exists && scan.error === undefined ? tooLarge(scan, limits) : undefined
        if (!scan.exists) reason = ['project-missing', '', `the project directory ${scan.dir}/ does not exist`]
        else if (scan.error !== undefined) reason = internal(scan.error)
        else if (big) reason = reasonOf(big)
        else if (f.r) reason = f.r
        else if (!f.l) throw new Error(`${file}: recorded with neither a line nor a rejection`)
        else {
          // Accepted ids equal their file names, so sorted names give sorted ids; this guards that.
          if (id.value.id <= lastId) throw new Error(`records out of order at ${id.value.id}`)
          lastId = id.value.id
          lines.add(f.l)
          const { language, category, projectId } = id.value
          summary.accept({ language, category, difficulty: f.d!, projectId, layout: scan.layout })
          for (const warning of f.w ?? []) summary.warn({ file, ...warning })
          continue
        }
      }
      const [code, pointer, message] = reason!
      summary.reject(code)
      rejects.write(`${JSON.stringify({ file, reason: code, pointer, message })}\n`)
    }
    lines.flush()
  } finally {
    dataset.close()
    rejects.close()
  }
  return { summary, parsed, checked }
}
