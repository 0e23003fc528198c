// Per-run caches: project trees (a few at a time: records arrive grouped by project), one
// Dockerfile per language, and the hashes of rendered contents many tasks share.
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import type { Template } from '../../lib/render.ts'
import { TaskError } from './generate-errors.ts'
import { scanProject, type ProjectTree } from './project.ts'
import type { FileHashes } from './file-hashes.ts'
import { RecentMap } from '../../lib/recent-map.ts'
import { renderDockerfile } from './task-files.ts'
import type { DatasetRecord, LanguagesConfig } from './generate-types.ts'

/**
 * Scanned project trees, the `capacity` used last (dataset.jsonl lists a project's scenarios
 * together, so a handful covers every task in flight), and the scans that failed, so every task on
 * such a project reports the failure without scanning it again.
 */
export class ProjectCache {
  readonly #dataDir: string
  readonly #warn: (message: string) => void
  readonly #trees: RecentMap<string, ProjectTree>
  readonly #failures = new Map<string, string>()
  readonly #scanned = new Set<string>()
  readonly #hashes: FileHashes | undefined

  constructor(dataDir: string, warn: (message: string) => void, hashes?: FileHashes, capacity = 16) {
    this.#dataDir = resolve(dataDir)
    this.#warn = warn
    this.#hashes = hashes
    this.#trees = new RecentMap(capacity)
  }

  rootOf(record: DatasetRecord): string {
    const rel = record.project.root
    const root = resolve(this.#dataDir, rel)
    if (isAbsolute(rel) || (root !== this.#dataDir && !root.startsWith(this.#dataDir + sep))) {
      throw new TaskError(record.id, `project.root ${JSON.stringify(rel)} is not inside the data dir ${this.#dataDir}`)
    }
    return root
  }

  get(root: string, id: string): ProjectTree {
    const failure = this.#failures.get(root)
    if (failure) throw new TaskError(id, failure)
    return this.#trees.get(root, () => {
      let tree: ProjectTree
      try {
        tree = scanProject(root, this.#hashes)
      } catch (error) {
        this.#failures.set(root, (error as Error).message)
        throw new TaskError(id, (error as Error).message)
      }
      if (!this.#scanned.has(root)) for (const skipped of tree.skipped) this.#warn(`project ${relative(this.#dataDir, root)}: left out ${skipped}`)
      this.#scanned.add(root)
      return tree
    })
  }

  /** Every project root scanned successfully this run, sorted. */
  roots(): string[] {
    return [...this.#scanned].sort()
  }
}

/** One Dockerfile per language and run: rendered and linted once, shared by all its tasks. */
export class DockerfileCache {
  readonly #template: Template
  readonly #languages: LanguagesConfig
  readonly #texts = new Map<string, string | Error>()

  constructor(template: Template, languages: LanguagesConfig) {
    this.#template = template
    this.#languages = languages
  }

  get(language: string, id: string): string {
    let text = this.#texts.get(language)
    if (text === undefined) {
      try {
        text = renderDockerfile(this.#template, language, this.#languages)
      } catch (error) {
        text = error as Error
      }
      this.#texts.set(language, text)
    }
    if (text instanceof Error) throw new TaskError(id, text.message)
    return text
  }
}

/** sha256 of rendered contents; those many tasks share (verify.py, scripts, Dockerfiles) once. */
export class ContentHashes {
  readonly #known = new Map<string, string>()

  of(content: string, shared: boolean): string {
    if (!shared) return sha256(content)
    let hash = this.#known.get(content)
    if (!hash) {
      hash = sha256(content)
      this.#known.set(content, hash)
    }
    return hash
  }
}
