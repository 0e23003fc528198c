// Loads and compiles the templates once per run; their bytes (and verify.py's) form the recipe
// part of every task's input hash, so editing any of them rebuilds every task.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { compileTemplate, RenderError, type Target, type Template } from '../../lib/render.ts'
import { sha256 } from '../../lib/hash.ts'
import { GenerateError } from './generate-errors.ts'

export const TEMPLATE_FILES = {
  instruction: ['instruction.md.ejs', 'markdown'],
  taskToml: ['task.toml.ejs', 'toml'],
  dockerfile: ['Dockerfile.ejs', 'dockerfile'],
  testSh: ['test.sh.ejs', 'shell'],
  solveSh: ['solve.sh.ejs', 'shell'],
  datasetToml: ['dataset.toml.ejs', 'toml'],
} as const satisfies Record<string, readonly [string, Target]>

export type TemplateName = keyof typeof TEMPLATE_FILES

export interface Templates {
  compiled: Record<TemplateName, Template>
  /** templates/verify.py, copied into every task's tests/. */
  verifyPy: string
  /** sha256 over every file in the templates dir (name and bytes). */
  hash: string
}

export function loadTemplates(dir: string): Templates {
  const compiled = {} as Record<TemplateName, Template>
  for (const [key, [file, target]] of Object.entries(TEMPLATE_FILES) as [TemplateName, readonly [string, Target]][]) {
    const path = join(dir, file)
    if (!existsSync(path)) throw new GenerateError(`template missing: ${path}`)
    try {
      compiled[key] = compileTemplate(file, readFileSync(path, 'utf8'), target)
    } catch (error) {
      if (error instanceof RenderError) throw new GenerateError(error.message)
      throw error
    }
  }
  const verifyPath = join(dir, 'verify.py')
  if (!existsSync(verifyPath)) throw new GenerateError(`verifier missing: ${verifyPath}`)
  const verifyPy = readFileSync(verifyPath, 'utf8')
  if (verifyPy.includes('\r')) throw new GenerateError(`${verifyPath}: CR line endings`)
  return { compiled, verifyPy, hash: hashDir(dir) }
}

function hashDir(dir: string): string {
  const parts = readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => `${name}\0${sha256(readFileSync(join(dir, name)))}\n`)
  return sha256(parts.join(''))
}
