// Writes a task's rendered files. Several are byte-identical across tasks (verify.py, the scripts,
// one Dockerfile per language): with linking on, the first copy of each is written and the others
// become hard links to it, saving a block and a file write per task.
import { chmod, link, writeFile } from 'node:fs/promises'

export class RenderedWriter {
  readonly #dedupe: boolean
  readonly #first = new Map<string, Promise<string | undefined>>()

  constructor(dedupe: boolean) {
    this.#dedupe = dedupe
  }

  async write(path: string, content: string, mode: number, hash: string): Promise<void> {
    if (!this.#dedupe) return this.#writeNew(path, content, mode)
    const key = `${mode}:${hash}`
    const first = this.#first.get(key)
    if (first) {
      const source = await first
      if (source !== undefined) {
        try {
          await link(source, path)
          return
        } catch {
          // fall through: a plain copy is always correct
        }
      }
      return this.#writeNew(path, content, mode)
    }
    const written = this.#writeNew(path, content, mode).then(
      () => path,
      () => undefined,
    )
    this.#first.set(key, written)
    if ((await written) === undefined) return this.#writeNew(path, content, mode)
  }

  async #writeNew(path: string, content: string, mode: number): Promise<void> {
    await writeFile(path, content, { mode })
    // Only an executable needs its mode exactly; a umask cannot add bits to the plain files.
    if (mode & 0o111) await chmod(path, mode)
  }
}
