// .taskcache/<stage>.json (the record) and .taskcache/<stage>.stamps.json (per-file stamps).
// The stamps are written first and the record last; the record names the stamps' hash, so a
// crash between the two writes leaves a record that does not verify, which reads as no record.
// A run that changes few of many stamps (one scenario edited among 80,000 input files) writes
// only what differs from the stamps file, to <stage>.stamps.delta.json, and its record names
// both hashes (`<stamps>+<delta>`); once the differences pass a sixteenth of the stamps the whole
// file is written again. A record in that form never verifies against the stamps file alone, so
// an older engine reading it sees no record and reruns the stage rather than trust stale stamps.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { sha256 } from '../lib/hash.ts'
import { batched, writeChunksAtomic, writeFileAtomic } from '../lib/fsx.ts'
import type { EntryStamp, FileStamp, StageRecord, StampFile } from './types.ts'

// 2: tree outputs are stamped per entry.
export const ENGINE_VERSION = 2

export interface Store {
  dir: string
}

const recordPath = (store: Store, stage: string) => join(store.dir, `${stage}.json`)
const stampsPath = (store: Store, stage: string) => join(store.dir, `${stage}.stamps.json`)
const deltaPath = (store: Store, stage: string) => join(store.dir, `${stage}.stamps.delta.json`)
/** A named item set's book is `.taskcache/<stage>.<name>.items.json`: the name stays a plain word. */
export const SET_NAME = /^[a-z][a-z0-9-]*$/
export const itemsPath = (store: Store, stage: string, set = '') => join(store.dir, `${stage}${set && `.${set}`}.items.json`)

/** Every item book of a stage (each set's, with their journals) in the store, as file names. */
export function itemBookFiles(store: Store, stage: string): string[] {
  const set = SET_NAME.source.slice(1, -1)
  const own = new RegExp(`^${stage.replace(/[^\w]/g, '\\$&')}(\\.${set})?\\.items\\.json(\\.journal)?$`)
  let names: string[]
  try {
    names = readdirSync(store.dir)
  } catch {
    return []
  }
  return names.filter((name) => own.test(name))
}

export const cachePath = (store: Store, stage: string) => join(store.dir, 'cache', stage)
/** Kept by `clean` (see RunContext.contentCacheDir). */
export const contentCachePath = (store: Store, stage: string) => join(store.dir, 'content', stage)
export const stagingRoot = (store: Store) => join(store.dir, 'staging')
export const failedPath = (store: Store, stage: string) => join(store.dir, 'failed', stage)

// Missing or torn: both mean "not known to be fresh".
const readJson = <T>(path: string): T | undefined => {
  const text = readText(path)
  return text === undefined ? undefined : parsed<T>(text)
}

export function readRecord(store: Store, stage: string): StageRecord | undefined {
  const record = readJson<StageRecord>(recordPath(store, stage))
  // A record naming no stamps (edited by hand) is none: its stamps could not be checked.
  return record?.engine === ENGINE_VERSION && record.stage === stage && typeof record.stamps === 'string' ? record : undefined
}

export function readStamps(store: Store, stage: string, record?: StageRecord): StampFile | undefined {
  const text = readText(stampsPath(store, stage))
  if (text === undefined) return undefined
  const [baseHash, deltaHash] = record ? record.stamps.split('+') : []
  // Without a record to name them the stamps are still facts (this stat had this hash), and a
  // delta left there applies when it was written over this very stamps file.
  const deltaText = record && deltaHash === undefined ? undefined : readText(deltaPath(store, stage))
  const hash = record || deltaText !== undefined ? sha256(text) : undefined
  if (record && hash !== baseHash) return undefined
  if (deltaHash !== undefined && (deltaText === undefined || sha256(deltaText) !== deltaHash)) return undefined
  const stamps = parsed<StampFile>(text)
  if (!stamps) return undefined
  stamps.entries ??= {} // stamps written before tree outputs were stamped per entry
  const delta = deltaText === undefined ? undefined : parsed<Delta>(deltaText)
  if (delta !== undefined && delta.base === hash) bases.set(stamps, { hash: hash!, was: applyDelta(stamps, delta) })
  else if (deltaHash !== undefined) return undefined
  else if (record) bases.set(stamps, { hash: hash!, was: noChanges() })
  return stamps
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

function parsed<T>(text: string): T | undefined {
  try {
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}

export function deleteRecord(store: Store, stage: string): void {
  rmSync(recordPath(store, stage), { force: true })
}

/** A delta is worth writing over at least this many stamps (tests lower it). */
export const DELTA = { minStamps: 4096 }

/**
 * Writes the stamps (whole, or as their differences from the stamps file `previous` was read
 * from, when those are few), then the record naming them.
 */
export function writeRecord(store: Store, record: Omit<StageRecord, 'stamps'>, stamps: StampFile, previous?: StampFile): StageRecord {
  const base = previous && bases.get(previous)
  const delta = base && deltaOf(stamps, previous!, base)
  let named: string
  if (delta) {
    const text = JSON.stringify(delta)
    writeFileAtomic(deltaPath(store, record.stage), text)
    named = `${base!.hash}+${sha256(text)}`
  } else {
    // The delta goes only once the whole file is in place: a write that fails (a full disk, a
    // kill) must leave the last run's stamps readable, or `clean` would miss what only the delta
    // names. A delta left over applies to nothing else: its base is the old file's hash.
    named = writeChunksAtomic(stampsPath(store, record.stage), batched(stampText(stamps)))
    rmSync(deltaPath(store, record.stage), { force: true })
  }
  const full: StageRecord = { ...record, stamps: named }
  writeFileAtomic(recordPath(store, record.stage), `${JSON.stringify(full, null, 2)}\n`)
  return full
}

type AnyStamp = FileStamp | EntryStamp
const SECTIONS = ['inputs', 'outputs', 'entries'] as const
type Section = (typeof SECTIONS)[number]

/** What differs from a stamps file, and which file: a stamp per path, null where one was removed. */
interface Delta extends Record<Section, [string, AnyStamp | null][]> {
  base: string
}

/** A stamps file as read: its hash, and the stamps its delta replaced (undefined: added). */
interface Base {
  hash: string
  was: Record<Section, Map<string, AnyStamp | undefined>>
}

const bases = new WeakMap<StampFile, Base>()
const noChanges = (): Base['was'] => ({ inputs: new Map(), outputs: new Map(), entries: new Map() })

function applyDelta(stamps: StampFile, delta: Delta): Base['was'] {
  const was = noChanges()
  for (const section of SECTIONS) {
    const map = stamps[section] as Record<string, AnyStamp>
    for (const [path, stamp] of delta[section] ?? []) {
      was[section].set(path, Object.hasOwn(map, path) ? map[path] : undefined)
      if (stamp === null) delete map[path]
      else map[path] = stamp
    }
  }
  return was
}

const sameStamp = (a: AnyStamp, b: AnyStamp): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2]

/** The differences of `now` from the stamps file behind `previous`, or undefined when too many. */
function deltaOf(now: StampFile, previous: StampFile, base: Base): Delta | undefined {
  const delta: Delta = { base: base.hash, inputs: [], outputs: [], entries: [] }
  let total = 0
  let changes = 0
  for (const section of SECTIONS) {
    const was = base.was[section]
    const before = previous[section] as Record<string, AnyStamp>
    const after = now[section] as Record<string, AnyStamp>
    const inBase = (path: string) => (was.has(path) ? was.get(path) : Object.hasOwn(before, path) ? before[path] : undefined)
    const out = delta[section]
    for (const path of Object.keys(after)) {
      total++
      const old = inBase(path)
      if (!old || !sameStamp(old, after[path])) out.push([path, after[path]])
    }
    for (const path of Object.keys(before)) if (!Object.hasOwn(after, path) && inBase(path)) out.push([path, null])
    for (const [path, old] of was) if (old && !Object.hasOwn(before, path) && !Object.hasOwn(after, path)) out.push([path, null])
    changes += out.length
  }
  return total >= DELTA.minStamps && changes * 16 <= total ? delta : undefined
}

/**
 * JSON.stringify(stamps), in pieces: at full scale the text is 11 MB, and as one string (with its
 * hash and write) it was a quarter of a cold extract's peak memory.
 */
export function* stampText(stamps: StampFile): Generator<string> {
  let section = '{'
  for (const [name, map] of Object.entries(stamps)) {
    yield `${section}${JSON.stringify(name)}:{`
    let sep = ''
    for (const [path, [a, b, c]] of Object.entries(map as Record<string, FileStamp | EntryStamp>)) {
      yield `${sep}${quoted(path)}:[${a},${typeof b === 'number' ? b : quoted(b)},${quoted(c)}]`
      sep = ','
    }
    yield '}'
    section = ','
  }
  yield '}'
}

/** What JSON.stringify would need to escape (or check, for lone surrogates) in a string. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/

/** JSON.stringify(text), without its cost for the plain paths and hex hashes stamps are made of. */
const quoted = (text: string): string => (NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`)

export function deleteStamps(store: Store, stage: string): void {
  rmSync(stampsPath(store, stage), { force: true })
  rmSync(deltaPath(store, stage), { force: true })
}
