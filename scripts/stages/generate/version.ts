// The generator version stamped into every task: package version + a hash of the generator's own
// source, so any code change that could alter output changes every input hash.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { sha256, sha256File } from '../../lib/hash.ts'

const SCRIPTS = join(import.meta.dirname, '..', '..')
const ROOT = join(SCRIPTS, '..')

/** Source files whose bytes define what generate writes (also the engine's recipe for the stage). */
export function generatorSources(): string[] {
  const own = readdirSync(join(SCRIPTS, 'stages', 'generate'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(SCRIPTS, 'stages', 'generate', f))
  const shared = ['stages/generate.ts', 'lib/render.ts', 'lib/hash.ts', 'lib/fsx.ts', 'lib/schemas.ts', 'verifier/oracle.ts', 'verifier/score.ts', 'verifier/ground-truth-text.ts', 'verifier/types.ts', 'stages/smoke/config.ts']
    .map((f) => join(SCRIPTS, f))
    .filter((f) => existsSync(f))
  return [...own, ...shared].sort()
}

let memo: string | undefined

/** `<package version>+<12 hex>`, computed once per process. */
export function generatorVersion(): string {
  if (memo) return memo
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  const parts = generatorSources().map((f) => `${f.slice(ROOT.length + 1)}\0${sha256File(f)}\n`)
  memo = `${pkg.version}+${sha256(parts.join('')).slice(0, 12)}`
  return memo
}
