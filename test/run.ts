// `npm test`: the type check, then every uvu suite, then one line CI can read: `N passed, N failed`.
// uvu's own summary is multi-line and coloured, so its counts are read back and restated here.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

// Usage: node test/run.ts [--dir test/reliability] [file regex]
const root = join(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)
const args = process.argv.slice(2)
const dirFlag = args.indexOf('--dir')
const dir = dirFlag >= 0 ? args.splice(dirFlag, 2)[1] : 'test'
const pattern = args[0] ?? '\\.test\\.ts$'

let passed = 0
let failed = 0

const tsc = spawnSync(bin('tsc'), ['--noEmit', '-p', root], { stdio: 'inherit' })
if (tsc.status === 0) passed++
else failed++
console.log(`type check: ${tsc.status === 0 ? 'ok' : 'FAILED'}`)

const files = readdirSync(join(root, dir)).filter((f) => new RegExp(pattern).test(f))
if (files.length === 0) {
  console.error(`no test files match ${pattern}`)
  failed++
}
for (const file of files.sort()) {
  const run = spawnSync(process.execPath, [join(root, 'node_modules/uvu/bin.js'), dir, `^${file.replace(/\./g, '\\.')}$`], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  })
  const out = `${run.stdout}${run.stderr}`
  const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN)
  const ok = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN)
  const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0)
  if (Number.isNaN(total) || Number.isNaN(ok)) {
    // A suite that crashed before reporting counts as one failure, with its output shown whole.
    process.stdout.write(out)
    console.log(`${file}: crashed (exit ${run.status})`)
    failed++
    continue
  }
  const bad = total - ok - skipped
  passed += ok
  failed += bad
  if (bad > 0 || run.status !== 0) {
    process.stdout.write(out)
    if (bad === 0) failed++
  }
  console.log(`${file}: ${ok} passed, ${bad} failed${skipped ? `, ${skipped} skipped` : ''}`)
}

console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
