// .taskcache/<stage>.json (the record) and .taskcache/<stage>.stamps.json (per-file stamps).
// The stamps are written first and the record last; the record names the stamps' hash, so a
// crash between the two writes leaves a record that does not verify, which reads as no record.
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

function readJson<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T
  } catch {
    // Missing or torn: both mean "not known to be fresh".
    return undefined
  }
}

export function readRecord(store: Store, stage: string): StageRecord | undefined {
  const record = readJson<StageRecord>(recordPath(store, stage))
  return record?.engine === ENGINE_VERSION && record.stage === stage ? record : undefined
}

export function readStamps(store: Store, stage: string, record?: StageRecord): StampFile | undefined {
  let text: string
  try {
    text = readFileSync(stampsPath(store, stage), 'utf8')
  } catch {
    return undefined
  }
  if (record && sha256(text) !== record.stamps) return undefined
  try {
    const stamps = JSON.parse(text) as StampFile
    stamps.entries ??= {} // stamps written before tree outputs were stamped per entry
    return stamps
  } catch {
    return undefined
  }
}

export function deleteRecord(store: Store, stage: string): void {
  rmSync(recordPath(store, stage), { force: true })
}

export function writeRecord(store: Store, record: Omit<StageRecord, 'stamps'>, stamps: StampFile): StageRecord {
  const full: StageRecord = { ...record, stamps: writeChunksAtomic(stampsPath(store, record.stage), batched(stampText(stamps))) }
  writeFileAtomic(recordPath(store, record.stage), `${JSON.stringify(full, null, 2)}\n`)
  return full
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
}
