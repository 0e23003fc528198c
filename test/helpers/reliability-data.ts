// Data, configs and comparisons for the reliability suite: copies of the bundled sample, small
// configs with smoke pointed at no engine, artifact trees compared byte for byte, and a seeded
// PRNG whose seed is printed so a failing sequence can be replayed.
import { createHash } from 'node:crypto'
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { ROOT, type Place } from './reliability-run.ts'
import { rig, type Rig } from './rig.ts'

export const SAMPLE = join(ROOT, 'data', 'sample')
/** A DOCKER_HOST nobody listens on: smoke runs its no-engine path (lint + local oracle checks). */
export const NO_ENGINE = 'unix:///nonexistent/locobench-reliability.sock'

/** A temp dir for one test, a rig: `using ws = workspace(…)` or `dispose` removes it. */
export const workspace = (prefix: string): Rig => rig({}, `lbh-rel-${prefix}-`)

/** Sorted project ids of the sample. */
export const sampleProjects = (): string[] => readdirSync(join(SAMPLE, 'generated')).sort()

/** Copies the sample (or only the given projects and their scenarios) into `dest` (the data root). */
export function copySample(dest: string, projects?: string[]): void {
  if (!projects) {
    cpSync(SAMPLE, dest, { recursive: true })
    return
  }
  mkdirSync(join(dest, 'output', 'scenarios'), { recursive: true })
  for (const project of projects) cpSync(join(SAMPLE, 'generated', project), join(dest, 'generated', project), { recursive: true })
  for (const name of readdirSync(join(SAMPLE, 'output', 'scenarios'))) {
    if (projects.some((p) => name.startsWith(`${p}_`))) cpSync(join(SAMPLE, 'output', 'scenarios', name), join(dest, 'output', 'scenarios', name))
  }
}

export interface ConfigOptions {
  topN: number
  /** Select everything that is accepted (thresholds 0). */
  everything?: boolean
  /** The smoke section; default: no engine. */
  smoke?: Record<string, unknown>
  languages?: Record<string, unknown>
  /** Further sections, e.g. { tasks: { agent_timeout_sec: 1801 } }. */
  sections?: Record<string, unknown>
}

export function writeConfig(path: string, o: ConfigOptions): string {
  const selection: Record<string, unknown> = { top_n: o.topN }
  if (o.everything) selection.thresholds = { min_context_length: 0, min_files_count: 0 }
  const config: Record<string, unknown> = { selection, smoke: o.smoke ?? { engine: 'docker', host: NO_ENGINE } }
  if (o.languages) config.languages = o.languages
  Object.assign(config, o.sections)
  writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`)
  return path
}

/** A place (data, out, config, tmp) under `dir`; data and config are not created here. */
export function place(dir: string, out = 'out'): Place {
  mkdirSync(join(dir, 'tmp'), { recursive: true })
  return { data: join(dir, 'data'), out: join(dir, out), config: join(dir, 'config.json5'), tmp: join(dir, 'tmp') }
}

// ---- comparing artifact trees -----------------------------------------------------------------

/**
 * Values the smoke report documents as run-dependent (schemas/smoke-report.schema.json: counts
 * built/reused say what this run did, build_seconds is a timing), masked before comparing.
 */
const RUN_DEPENDENT: Record<string, (bytes: Buffer) => Buffer> = {
  'smoke/report.json': (bytes) => {
    const report = JSON.parse(bytes.toString('utf8')) as { counts: Record<string, unknown>; tasks: Record<string, unknown>[] }
    report.counts.built = report.counts.reused = '<run-dependent>'
    for (const task of report.tasks) task.build_seconds = '<run-dependent>'
    return Buffer.from(JSON.stringify(report, null, 2))
  },
  'report/smoke.md': (bytes) => Buffer.from(bytes.toString('utf8').replace(/\(built \d+, reused \d+\)/, '(built <n>, reused <n>)')),
  // The page shows smoke/report.json, build times and built/reused counts included.
  'report/index.html': (bytes) => Buffer.from(bytes.toString('utf8').replace(/<section id="smoke">[\s\S]*?<\/section>/, '<section id="smoke"><run-dependent></section>')),
}

export interface Entry {
  kind: 'file' | 'dir' | 'symlink'
  mode: number
  digest: string
}

/** Every artifact under an out dir (all but .taskcache): kind, permission bits, content digest. */
export function artifactTree(outDir: string, options: { raw?: boolean } = {}): Map<string, Entry> {
  const tree = new Map<string, Entry>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      const rel = relative(outDir, path)
      if (rel === '.taskcache') continue
      const st = lstatSync(path)
      const mode = st.mode & 0o7777
      if (st.isSymbolicLink()) tree.set(rel, { kind: 'symlink', mode, digest: readlinkSync(path) })
      else if (st.isDirectory()) {
        tree.set(rel, { kind: 'dir', mode, digest: '' })
        walk(path)
      } else {
        let bytes: Buffer = readFileSync(path)
        const mask = options.raw ? undefined : RUN_DEPENDENT[rel]
        if (mask) bytes = mask(bytes)
        tree.set(rel, { kind: 'file', mode, digest: createHash('sha256').update(bytes).digest('hex') })
      }
    }
  }
  walk(outDir)
  return tree
}

/** The differences between two trees, one line each (empty when equal); at most `limit` lines. */
export function diffTrees(expected: Map<string, Entry>, actual: Map<string, Entry>, limit = 20): string[] {
  const lines: string[] = []
  for (const [rel, want] of expected) {
    const got = actual.get(rel)
    if (!got) lines.push(`missing: ${rel}`)
    else if (got.kind !== want.kind) lines.push(`${rel}: ${got.kind} instead of ${want.kind}`)
    else if (got.digest !== want.digest) lines.push(`${rel}: different content`)
    else if (got.mode !== want.mode) lines.push(`${rel}: mode ${got.mode.toString(8)} instead of ${want.mode.toString(8)}`)
  }
  for (const rel of actual.keys()) if (!expected.has(rel)) lines.push(`extra: ${rel}`)
  return lines.length > limit ? [...lines.slice(0, limit), `… ${lines.length - limit} more`] : lines
}

/** Only the entries at or under the given relative paths. */
export function subtree(tree: Map<string, Entry>, roots: string[]): Map<string, Entry> {
  return new Map([...tree].filter(([rel]) => roots.some((r) => rel === r || rel.startsWith(`${r}/`))))
}

/**
 * What an interrupted commit or write could leave under an out dir: `.staging-<pid>` and
 * `.old-<pid>` entries, `.tmp-<pid>` files, and anything in .taskcache/staging. Staging a failed
 * stage keeps for inspection (.taskcache/failed) and the stages' own caches are not looked into.
 */
export function halfDone(out: string): string[] {
  const found: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (/\.(staging|old)-\d+$|\.tmp-\d+$/.test(entry.name)) found.push(join(dir, entry.name))
      if (entry.isDirectory() && !['cache', 'failed'].includes(entry.name)) walk(join(dir, entry.name))
    }
  }
  if (existsSync(out)) walk(out)
  const staging = join(out, '.taskcache', 'staging')
  if (existsSync(staging)) found.push(...readdirSync(staging).map((n) => join(staging, n)))
  return found
}

// ---- snapshots for "nothing written outside out/" ---------------------------------------------

/** Every entry under `dir` with kind, size, mtime and content: equal snapshots mean nothing changed. */
export function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name)
      const st = lstatSync(path)
      const rel = relative(dir, path)
      if (st.isSymbolicLink()) out.set(rel, `link ${readlinkSync(path)} ${st.mtimeMs}`)
      else if (st.isDirectory()) {
        out.set(rel, `dir ${st.mode & 0o7777} ${st.mtimeMs}`)
        walk(path)
      } else out.set(rel, `file ${st.mode & 0o7777} ${st.size} ${st.mtimeMs} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`)
    }
  }
  out.set('.', `dir ${lstatSync(dir).mtimeMs}`)
  walk(dir)
  return out
}

export function diffSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const lines: string[] = []
  for (const [rel, was] of before) {
    const now = after.get(rel)
    if (now === undefined) lines.push(`removed: ${rel}`)
    else if (now !== was) lines.push(`changed: ${rel} (${was} → ${now})`)
  }
  for (const rel of after.keys()) if (!before.has(rel)) lines.push(`added: ${rel}`)
  return lines
}

// ---- seeded randomness ------------------------------------------------------------------------

/** The suite's seed: RELIABILITY_SEED replays a run; otherwise a fresh one (printed by the caller). */
export function suiteSeed(): number {
  const given = process.env.RELIABILITY_SEED
  return given ? Number(given) >>> 0 : (Math.random() * 2 ** 32) >>> 0
}

/** mulberry32: a small, well-mixed 32-bit PRNG; returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

/** RELIABILITY=full: the long versions (20 kills, the whole sample). */
export const FULL = process.env.RELIABILITY === 'full'
