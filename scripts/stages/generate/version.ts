// The generator version stamped into every task: package version + a hash of the generator's own
// code (generate.ts and every module it imports, down to the verifier it embeds), so any code
// change that could alter output changes every input hash.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { codeHash } from '../../engine/imports.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
/** The stage's entry module: its import graph is the generator's code. */
export const GENERATE_MODULE = join(ROOT, 'scripts', 'stages', 'generate.ts')

let memo: string | undefined

/** `<package version>+<12 hex>`, computed once per process. */
export function generatorVersion(): string {
  if (memo) return memo
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  memo = `${pkg.version}+${codeHash(GENERATE_MODULE, ROOT).slice(0, 12)}`
  return memo
}
