// Files a user put inside a generated task dir (notes.txt beside task.toml, an extra file under
// environment/) are not the tool's to delete. Generate remembers which files it wrote into each
// task (one list per task in the stage's cache dir); when it rebuilds or removes a task, the files
// of the committed dir that are on neither that list nor the new build's are moved aside to
// <out>/kept/<run time>/<task id>/<same path> and named in a warning, before the engine swaps the
// dir out. Without a list (a task generated before lists were kept) only the new build's files
// count as the tool's, so a doubtful file is moved aside, never deleted.
import { mkdirSync, readdirSync, renameSync, type Dirent } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { writeFileAtomicAsync } from '../../lib/fsx.ts'

/** What a removed task without a list is assumed to hold: the rendered files and the project. */
const GENERATED = /^(instruction\.md|task\.toml|environment\/Dockerfile|environment\/project\/.*|tests\/(test\.sh|verify\.py|ground_truth\.json|task_metadata\.json)|solution\/(solve\.sh|answer\.md))$/

export interface KeptOptions {
  /** The committed tasks dir (the tree whose entries are task dirs). */
  tasksDir: string
  /** The stage's cache dir: lists of written files live under written/. */
  cacheDir: string
  /** Where files the tool did not write are moved: <keptDir>/<run time>/<id>/<path>. */
  keptDir: string
  warn(message: string): void
}

/**
 * Every file and symlink under dir, as posix paths relative to it, sorted. The listing's entry
 * types say which are folders (a symlink is never one), so nothing is lstat-ed: at 8,000 tasks
 * that was 400,000 calls.
 */
export function filesUnder(dir: string): string[] {
  const out: string[] = []
  const walk = (abs: string, rel: string): void => {
    let entries: Dirent[]
    try {
      entries = readdirSync(abs, { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const r = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(`${abs}/${entry.name}`, r)
      else out.push(r)
    }
  }
  walk(dir, '')
  return out
}

const listName = (id: string): string => `${encodeURIComponent(id)}.json`

function listing(dir: string): string[] {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}

export class KeptFiles {
  readonly #o: KeptOptions
  readonly #stamp = new Date().toISOString().replace(/[:.]/g, '-')
  /** Relative paths (under keptDir) of every file moved this run. */
  readonly moved: string[] = []

  constructor(options: KeptOptions) {
    this.#o = options
  }

  get #listDir(): string {
    return join(this.#o.cacheDir, 'written')
  }

  #listFile(id: string): string {
    return join(this.#listDir, listName(id))
  }

  // The lists kept so far, named once: at 8,000 new tasks a failed read per task cost a second.
  // A list written by this run is never read by it (a task is rebuilt or removed once a run).
  #lists: Set<string> | undefined
  #listDirMade = false
  #committedIds: Set<string> | undefined

  async #written(id: string): Promise<Set<string> | undefined> {
    this.#lists ??= new Set(listing(this.#listDir))
    if (!this.#lists.has(listName(id))) return undefined
    try {
      return new Set(JSON.parse(await readFile(this.#listFile(id), 'utf8')) as string[])
    } catch {
      return undefined
    }
  }

  /**
   * After a task was built into `staged`: moves aside what the committed dir holds that the tool
   * did not write, then remembers the new build's files. The list is written before commit: a run
   * that dies in between only makes the next run treat the old build's extra files as foreign
   * (moved aside, still not deleted). `written`: the build's files when it knows them (else walked).
   * The list is read and written off the main thread: 8,000 small synchronous writes took 4 s.
   */
  async rebuilt(id: string, staged: string, written?: readonly string[]): Promise<void> {
    const fresh = written ? [...written].sort() : filesUnder(staged)
    const ours = (await this.#written(id)) ?? new Set<string>()
    for (const f of fresh) ours.add(f)
    this.#rescue(id, (rel) => ours.has(rel))
    if (!this.#listDirMade) {
      mkdirSync(this.#listDir, { recursive: true })
      this.#listDirMade = true
    }
    await writeFileAtomicAsync(this.#listFile(id), JSON.stringify(fresh))
  }

  /** Before a task dir the engine will remove: its foreign files are moved aside first. */
  async removed(id: string): Promise<void> {
    const ours = await this.#written(id)
    this.#rescue(id, (rel) => (ours ? ours.has(rel) : GENERATED.test(rel)))
  }

  #rescue(id: string, isOurs: (rel: string) => boolean): void {
    // Nothing is committed until the stage ends, so the tasks dir is listed once, not probed per task.
    this.#committedIds ??= new Set(listing(this.#o.tasksDir))
    if (!this.#committedIds.has(id)) return
    const committed = join(this.#o.tasksDir, id)
    const foreign = filesUnder(committed).filter((rel) => !isOurs(rel))
    if (!foreign.length) return
    const base = join(this.#o.keptDir, this.#stamp, id)
    for (const rel of foreign) {
      const to = join(base, rel)
      mkdirSync(dirname(to), { recursive: true })
      renameSync(join(committed, rel), to)
      this.moved.push(join(this.#stamp, id, rel))
    }
    const shown = foreign.slice(0, 5).join(', ') + (foreign.length > 5 ? `, … (${foreign.length - 5} more)` : '')
    this.#o.warn(`${id}: ${foreign.length} file(s) in the task dir were not written by generate and were moved to ${base}/ (not deleted): ${shown}`)
  }
}
