// A temp dir built from an object literal, for tests that need real files. Declare it with
// `using r = rig(…)` (or `await using`) so it is removed however the test ends. A suite that shares
// one rig across its tests disposes it in `test.after`; whatever is still undisposed when the
// process exits (a suite that threw before its hooks ran) is removed then.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, readdirSync, lstatSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'

export type Tree = Record<string, string | Buffer>

export interface Rig {
  dir: string
  path(...rel: string[]): string
  write(files: Tree): void
  read(rel: string): string
  /** Creates a directory (and its parents) in the rig; returns its absolute path. */
  mkdir(rel: string): string
  /** Copies a file or tree (a fixture, the bundled sample) into the rig; returns the copy's path. */
  copy(from: string, to: string): string
  /** Every file under the rig (or a subdir) with its bytes and mtime: a snapshot to compare. */
  snapshot(sub?: string): Map<string, string>
  dispose(): void
  [Symbol.dispose](): void
  [Symbol.asyncDispose](): Promise<void>
}

const undisposed = new Set<string>()
process.on('exit', () => {
  for (const dir of undisposed) rmSync(dir, { recursive: true, force: true })
})

export function rig(files: Tree = {}, prefix = 'lbh-'): Rig {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  undisposed.add(dir)
  const self: Rig = {
    dir,
    path: (...rel) => join(dir, ...rel),
    write(tree) {
      for (const [rel, content] of Object.entries(tree)) {
        const path = join(dir, rel)
        mkdirSync(dirname(path), { recursive: true })
        writeFileSync(path, content)
      }
    },
    read: (rel) => readFileSync(join(dir, rel), 'utf8'),
    mkdir(rel) {
      const path = join(dir, rel)
      mkdirSync(path, { recursive: true })
      return path
    },
    copy(from, to) {
      const path = join(dir, to)
      cpSync(from, path, { recursive: true })
      return path
    },
    snapshot(sub = '') {
      const out = new Map<string, string>()
      const walk = (d: string) => {
        for (const name of readdirSync(d).sort()) {
          const p = join(d, name)
          const st = lstatSync(p)
          if (st.isDirectory()) walk(p)
          else out.set(relative(dir, p), `${st.size}:${st.mtimeMs}:${readFileSync(p).toString('base64')}`)
        }
      }
      walk(join(dir, sub))
      return out
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true })
      undisposed.delete(dir)
    },
    [Symbol.dispose]: () => self.dispose(),
    [Symbol.asyncDispose]: async () => self.dispose(),
  }
  self.write(files)
  return self
}
