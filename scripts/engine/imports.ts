// A stage's code is its entry module and every module that module imports, followed to the end:
// the recipe is derived from the import graph, so no hand-kept source list can fall behind a new
// helper file. Only relative specifiers are followed (packages are pinned by the lock file, which
// a Taskfile names as a recipe file). `import type` counts too: cheap, and never wrong to include.
import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { sha256File, sha256 } from '../lib/hash.ts'

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')` with a literal
// specifier, and `new URL('./x.ts', import.meta.url)`: how a worker thread's module is named.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew URL\(\s*)(['"])(\.{1,2}\/[^'"]+?\.[cm]?[jt]s)\1/g

const graphs = new Map<string, string[]>()

/** The entry module and every module it reaches by relative imports, sorted; memoised per process. */
export function moduleGraph(entry: string): string[] {
  const start = resolve(entry)
  let files = graphs.get(start)
  if (files) return files
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      throw new Error(`${file}: cannot read a module of the stage's recipe (${(error as Error).message})`)
    }
    for (const imported of importsIn(file, text)) visit(imported)
  }
  visit(start)
  files = [...seen].sort()
  graphs.set(start, files)
  return files
}

/** The modules `text` (the source of `file`) imports by relative specifier, as absolute paths. */
export function importsIn(file: string, text: string): string[] {
  return Array.from(stripComments(text).matchAll(SPECIFIER), (match) => resolve(dirname(file), match[2]))
}

/**
 * What results computed by some code are valid for: every module of the entry's import graph, and
 * `extra` files (schemas it reads), by path relative to `root` and content. A cache salted with it
 * starts afresh when any of that code changes.
 */
export function codeHash(entry: string, root: string, extra: readonly string[] = []): string {
  return sha256([...moduleGraph(entry), ...extra].map((f) => `${relative(root, f)}\0${sha256File(f)}`).join('\n'))
}

// A commented-out import must not pull a module in. Only comments that open a line are dropped: a
// `/*` inside a string or a trailing comment (`dir/*.json`) must not swallow the code after it.
const stripComments = (text: string): string => text.replace(/^\s*\/\*[\s\S]*?\*\//gm, '').replace(/^\s*\/\/.*$/gm, '')
