// The generator version stamped into every task: package version + a hash of the generator's own
// code (generate.ts and every module it imports, down to the verifier it embeds), so any code
// change that could alter output changes every input hash.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { moduleGraph } from '../../engine/imports.ts'
import { sha256, sha256File } from '../../lib/hash.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
/** The stage's entry module: its import graph is the generator's code. */
export const GENERATE_MODULE = join(ROOT, 'scripts', 'stages', 'generate.ts')

let memo: string | undefined

/** `<package version>+<12 hex>`, computed once per process. */
export function generatorVersion(): string {
  if (memo) return memo
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  const parts = moduleGraph(GENERATE_MODULE).map((f) => `${f.slice(ROOT.length + 1)}\0${sha256File(f)}\n`)
  memo = `${pkg.version}+${sha256(parts.join('')).slice(0, 12)}`
  return memo
}
