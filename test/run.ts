// `npm test`: the type check, then every uvu suite (two at a time, each in its own process), then
// one line CI can read: `N passed, N failed`. uvu's own summary is multi-line and coloured, so its
// counts are read back and restated here.
// Usage: node test/run.ts [--dir test/reliability] [--jobs N] [file regex]
// Without --dir: test/*.test.ts and the quick reliability suites (test/reliability/*.test.ts but
// not *.slow.test.ts). With --dir: every suite in that dir.
import { spawn, spawnSync } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const dirGiven = flag('--dir')
const jobs = Number(flag('--jobs') ?? Math.min(2, availableParallelism()))
const pattern = new RegExp(args[0] ?? '\\.test\\.ts$')

let passed = 0
let failed = 0

const tsc = spawnSync(join(root, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', root], { stdio: 'inherit' })
if (tsc.status === 0) passed++
else failed++
console.log(`type check: ${tsc.status === 0 ? 'ok' : 'FAILED'}`)

interface Outcome {
  file: string
  ok: number
  bad: number
  skipped: number
  output?: string
}

interface Suite {
  dir: string
  file: string
}

function runSuite({ dir, file }: Suite): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/uvu/bin.js'), dir, `^${file.replace(/\./g, '\\.')}$`], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0' },
    })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => {
      const total = Number(/Total:\s+(\d+)/.exec(out)?.[1] ?? NaN)
      const ok = Number(/Passed:\s+(\d+)/.exec(out)?.[1] ?? NaN)
      const skipped = Number(/Skipped:\s+(\d+)/.exec(out)?.[1] ?? 0)
      // A suite that crashed before reporting counts as one failure, with its output shown whole.
      if (Number.isNaN(total) || Number.isNaN(ok)) return resolve({ file, ok: 0, bad: 1, skipped: 0, output: `${out}\n(exit ${code} before a summary)` })
      const bad = total - ok - skipped
      resolve({ file, ok, bad: bad || (code === 0 ? 0 : 1), skipped, output: bad || code !== 0 ? out : undefined })
    })
  })
}

const suitesIn = (dir: string, keep: (file: string) => boolean = () => true): Suite[] =>
  readdirSync(join(root, dir))
    .filter((f) => pattern.test(f) && keep(f))
    .sort()
    .map((file) => ({ dir, file }))
const suites = dirGiven ? suitesIn(dirGiven) : [...suitesIn('test'), ...suitesIn('test/reliability', (f) => !f.endsWith('.slow.test.ts'))]
if (suites.length === 0) {
  console.error(`no test files in ${dirGiven ?? 'test'} match ${pattern}`)
  failed++
}
const queue = [...suites]
const outcomes: Outcome[] = []
await Promise.all(
  Array.from({ length: Math.max(1, jobs) }, async () => {
    for (let suite = queue.shift(); suite; suite = queue.shift()) {
      const outcome = await runSuite(suite)
      outcomes.push(outcome)
      if (outcome.output) process.stdout.write(outcome.output)
      console.log(`${join(suite.dir, suite.file)}: ${outcome.ok} passed, ${outcome.bad} failed${outcome.skipped ? `, ${outcome.skipped} skipped` : ''}`)
    }
  }),
)
for (const o of outcomes) {
  passed += o.ok
  failed += o.bad
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
