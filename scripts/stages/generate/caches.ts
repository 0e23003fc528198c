// Per-run caches: project trees (a few at a time: records arrive grouped by project), one
// Dockerfile per language, and the hashes of rendered contents many tasks share.
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import type { Template } from '../../lib/render.ts'
import { TaskError } from './generate-errors.ts'
import { scanProject, type ProjectTree } from './project.ts'
import type { FileHashes } from './file-hashes.ts'
import { renderDockerfile } from './task-files.ts'
import type { DatasetRecord, LanguagesConfig } from './generate-types.ts'

/**
 * Scanned project trees, least recently used dropped beyond `capacity`: dataset.jsonl lists a
 * project's scenarios together, so a handful covers every task in flight and memory stays flat
 * whatever the number of projects. A tree evicted early is only scanned again, never wrong.
 */
export class ProjectCache {
  readonly #dataDir: string
  readonly #warn: (message: string) => void
  readonly #capacity: number
  readonly #trees = new Map<string, ProjectTree>()
  readonly #failures = new Map<string, string>()
  readonly #scanned = new Set<string>()
  readonly #hashes: FileHashes | undefined

  constructor(dataDir: string, warn: (message: string) => void, hashes?: FileHashes, capacity = 16) {
    this.#dataDir = resolve(dataDir)
    this.#warn = warn
    this.#hashes = hashes
    this.#capacity = capacity
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
    let tree = this.#trees.get(root)
    if (tree) {
      this.#trees.delete(root)
    } else {
      try {
        tree = scanProject(root, this.#hashes)
      } catch (error) {
        this.#failures.set(root, (error as Error).message)
        throw new TaskError(id, (error as Error).message)
      }
      if (!this.#scanned.has(root)) for (const skipped of tree.skipped) this.#warn(`project ${relative(this.#dataDir, root)}: left out ${skipped}`)
      this.#scanned.add(root)
    }
    this.#trees.set(root, tree)
    if (this.#trees.size > this.#capacity) this.#trees.delete(this.#trees.keys().next().value as string)
    return tree
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
