#!/usr/bin/env node
// Writes <out>/report/index.html from whatever artifacts the out dir holds, and prints its path.
// The report stage rewrites the page in a run; this is for an out dir made before it existed, or by hand.
// Usage: node scripts/report/html-cli.ts [--out DIR]   (default out/)
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { writeIndexHtml } from './html-index.ts'

const { values } = parseArgs({ options: { out: { type: 'string', default: 'out' } } })
try {
  if (!existsSync(values.out)) throw new Error(`no out dir at ${values.out}: run a stage first (npx zx Taskfile.ts all)`)
  const result = writeIndexHtml({ outDir: resolve(values.out) })
  const shown = result.sections.length ? result.sections.join(', ') : 'no section yet'
  console.log(`${result.written ? 'wrote' : 'unchanged'} ${pathToFileURL(result.file).href} (${shown})`)
} catch (error) {
  console.error(`report: ${(error as Error).message}`)
  process.exitCode = 1
}
