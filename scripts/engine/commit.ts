// Staging, validation and the swap into place. A stage only ever writes into staging; nothing it
// produces reaches a declared output path before every staged artifact has passed its schema.
import { existsSync, lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { basename, dirname, join, relative, sep } from 'node:path'
import { stagingRoot, type Store } from './record.ts'
import type { OutputSpec } from './types.ts'
import { validateFile, type LineCache } from './validate.ts'
import { globIn } from './files.ts'
import { ExitError } from './exit-error.ts'
import type { SchemaSet } from './schema-set.ts'

export class OutputError extends ExitError {}

const inside = (parent: string, path: string) => path === parent || path.startsWith(parent + sep)

export class Staging {
  readonly dir: string
  readonly #outDir: string
  #asides = 0
  readonly #paths = new Map<string, string>()
  readonly #removals = new Map<string, Set<string>>()
  readonly outputs: OutputSpec[]

  constructor(store: Store, stage: string, outputs: OutputSpec[], outDir: string) {
    this.outputs = outputs
    this.#outDir = outDir
    this.dir = join(stagingRoot(store), `${stage}-${process.pid}`)
    rmSync(this.dir, { recursive: true, force: true })
    for (const output of outputs) {
      // Staging sits on the output's own file system so the final rename is atomic and hard
      // links made while staging stay hard links.
      const path = inside(outDir, output.path)
        ? join(this.dir, relative(outDir, output.path))
        : join(dirname(output.path), `.${basename(output.path)}.staging-${process.pid}`)
      rmSync(path, { recursive: true, force: true })
      mkdirSync(output.kind === 'tree' ? path : dirname(path), { recursive: true })
      this.#paths.set(output.path, path)
    }
  }

  path(output: string): string {
    const path = this.#paths.get(output)
    if (!path) throw new OutputError(`${output} is not a declared output of this stage`)
    return path
  }

  remove(output: string, entry: string): void {
    const spec = this.outputs.find((o) => o.path === output)
    if (spec?.kind !== 'tree') throw new OutputError(`remove() needs a tree output; ${output} is not one`)
    if (entry.includes('/') || entry.includes('\\') || entry === '..' || entry === '.') throw new OutputError(`cannot remove "${entry}": not a top-level entry name`)
    let set = this.#removals.get(output)
    if (!set) this.#removals.set(output, (set = new Set()))
    set.add(entry)
  }

  /** Top-level entries staged for a tree output (what this run rebuilt). */
  stagedEntries(output: string): string[] {
    const path = this.path(output)
    return existsSync(path) ? readdirSync(path).sort() : []
  }

  removals(output: string): string[] {
    return [...(this.#removals.get(output) ?? [])].sort()
  }

  /**
   * Every staged artifact against its schema; the first invalid one fails the stage. Returns the
   * sha256 of each artifact checked, by its final path, so the record need not read it again.
   */
  validate(schemas: SchemaSet, lines?: LineCache): Map<string, string> {
    const hashes = new Map<string, string>()
    for (const output of this.outputs) {
      const staged = this.path(output.path)
      if (output.kind === 'file') {
        if (!existsSync(staged)) throw new OutputError(`the stage did not write ${output.path}`)
        if (output.schema) hashes.set(output.path, validateFile(schemas, staged, output.schema, output.path, lines))
        continue
      }
      if (output.kind === 'dir' && !existsSync(staged)) throw new OutputError(`the stage did not write ${output.path}/`)
      for (const [pattern, schema] of Object.entries(output.schemas ?? {})) {
        for (const rel of globIn(staged, pattern)) {
          hashes.set(join(output.path, rel), validateFile(schemas, join(staged, rel), schema, join(output.path, rel), lines))
        }
      }
    }
    return hashes
  }

  /** Renames staged outputs into place, tree outputs entry by entry. */
  commit(): void {
    for (const output of this.outputs) {
      const staged = this.path(output.path)
      if (output.kind === 'file') {
        mkdirSync(dirname(output.path), { recursive: true })
        // Renaming over an existing file makes ext4 flush the new data first (about 2 ms per MB);
        // the record is already gone, so a crash between the two steps only leaves the stage stale.
        rmSync(output.path, { force: true })
        renameSync(staged, output.path)
      } else if (output.kind === 'dir') {
        mkdirSync(dirname(output.path), { recursive: true })
        this.#swap(staged, output.path)
      } else {
        mkdirSync(output.path, { recursive: true })
        for (const entry of this.stagedEntries(output.path)) this.#swap(join(staged, entry), join(output.path, entry))
        for (const entry of this.removals(output.path)) this.#discard(join(output.path, entry))
      }
    }
    this.dispose()
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true })
    for (const path of this.#paths.values()) if (!inside(this.dir, path)) rmSync(path, { recursive: true, force: true })
  }

  /** Keeps what a failed stage staged, for inspection, instead of deleting it. */
  keep(into: string): void {
    rmSync(into, { recursive: true, force: true })
    mkdirSync(dirname(into), { recursive: true })
    if (existsSync(this.dir)) renameSync(this.dir, into)
    this.dispose()
  }

  // A directory cannot be renamed over a non-empty one: move the old aside first, drop it after.
  // The aside lives in staging (same file system), so a crash in between leaves it where the
  // next run sweeps, never as a stray `<entry>.old` dir that a reader of the tree would take for
  // one of its entries.
  #aside(target: string): string {
    const dir = inside(this.#outDir, target) ? join(this.dir, '.aside') : `${target}.aside-${process.pid}`
    mkdirSync(dir, { recursive: true })
    return join(dir, String(this.#asides++))
  }

  #swap(from: string, to: string): void {
    const existed = lstatSync(to, { throwIfNoEntry: false }) !== undefined
    const aside = existed ? this.#aside(to) : undefined
    if (aside) renameSync(to, aside)
    renameSync(from, to)
    if (aside) rmSync(aside, { recursive: true, force: true })
  }

  #discard(path: string): void {
    if (!lstatSync(path, { throwIfNoEntry: false })) return
    const aside = this.#aside(path)
    renameSync(path, aside)
    rmSync(aside, { recursive: true, force: true })
  }
}
