// The engine's looks at a run, through the demo Taskfile as a real process on real temp dirs: the
// end-of-run summary (table, --json event, --summary FILE against its schema), `graph` as DOT and
// Mermaid, `explain STAGE`, and --watch (edit, see exactly the dependent stages rerun, Ctrl-C).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { demoFiles } from './fixtures/engine-taskfile/graph.ts'
import { rig, type Rig } from './helpers/rig.ts'
import { schemaSet } from '../scripts/engine/schema-set.ts'
import { SCHEMA_DIR } from '../scripts/lib/schemas.ts'
import type { RunSummaryReport } from '../scripts/engine/run-summary.ts'
import type { Explanation } from '../scripts/engine/explain.ts'

const TASKFILE = join(import.meta.dirname, 'fixtures', 'engine-taskfile', 'Taskfile.ts')

const demo = (): Rig => rig(demoFiles, 'lbh-views-')

/** The demo Taskfile run from inside the rig, so paths print relative to it. */
function cli(r: Rig, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [TASKFILE, ...args], { cwd: r.dir, env: { ...process.env, DEMO_DIR: r.dir, CI: '1', ...env }, encoding: 'utf8' })
}

const jsonLines = (stdout: string) => stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown> & { type: string })

/** The summary table: from its `summary:` line to the end of stdout. */
const table = (stdout: string) => stdout.slice(stdout.indexOf('summary: ')).trimEnd().split('\n')

test('the summary table names each stage ran, skipped or failed, why, its time and counts, then the shown outputs', () => {
  using r = demo()
  const env = { DEMO_LETTERS: '1' }
  const first = cli(r, ['all'], env)
  assert.is(first.status, 0, first.stderr)
  const lines = table(first.stdout)
  assert.match(lines[0], /^summary: ok in \d+\.\d\ds$/)
  assert.match(lines[1], /^stage\s+result\s+time\s+why\s+counts$/)
  assert.match(lines[2], /^upper\s+ran\s+\d+\.\d\ds\s+no-record$/)
  assert.match(lines[3], /^count\s+ran\s+\d+\.\d\ds\s+no-record\s+11 chars$/)
  assert.match(lines[4], /^letters\s+ran\s+\d+\.\d\ds\s+no-record\s+2 built, 0 kept, 0 removed, 0 failed; a=6 b=5$/)
  // Shown outputs, grouped by the heading the Taskfile gave them, relative to the working dir.
  assert.equal(lines.slice(5), ['dataset  out/upper.txt', 'report   out/count.json'])

  // One run with all three results: upper forced, count failing its schema, letters fresh.
  r.write({ 'demo.json': JSON.stringify({ count: { broken: true } }) })
  const second = cli(r, ['all', '--force', 'upper', '--summary', 'sum.json'], env)
  assert.is(second.status, 1)
  const rows = table(second.stdout)
  assert.match(rows[0], /^summary: failed in /)
  assert.match(rows[2], /^upper\s+ran\s+\d+\.\d\ds\s+forced$/)
  assert.match(rows[3], /^count\s+failed\s+\d+\.\d\ds\s+recipe-changed value:count\s+error: .*count\.json does not match count\.schema\.json/)
  assert.match(rows[4], /^letters\s+skipped\s+-\s+fresh$/)

  const written = JSON.parse(r.read('sum.json')) as RunSummaryReport
  assert.equal(schemaSet([SCHEMA_DIR]).check('run-summary.schema.json', written), [])
  assert.is(written.ok, false)
  assert.is(written.interrupted, false)
  assert.equal(written.targets, ['upper', 'count', 'letters'])
  const byStage = Object.fromEntries(written.stages.map((s) => [s.stage, s]))
  assert.equal(byStage.upper.reasons, [{ kind: 'forced' }])
  assert.is(byStage.upper.result, 'ran')
  assert.is(byStage.count.result, 'failed')
  assert.equal(byStage.count.reasons, [{ kind: 'recipe-changed', part: 'value:count' }])
  assert.match(byStage.count.error ?? '', /does not match count\.schema\.json/)
  assert.is(byStage.letters.skipped, 'fresh')
  assert.is(byStage.letters.durationMs, null)
  assert.equal(written.links.map((l) => [l.show, l.path]), [['dataset', r.path('out/upper.txt')], ['report', r.path('out/count.json')]])
})

test('with --json the summary is the last event; a stage after a failed one is skipped as dependency-failed', () => {
  using r = demo()
  r.write({ 'demo.json': JSON.stringify({ upper: { suffix: '!' } }) })
  const run = cli(r, ['all', '--json'])
  assert.is(run.status, 0, run.stderr)
  const last = jsonLines(run.stdout).at(-1)!
  assert.is(last.type, 'summary')
  const summary = last.summary as RunSummaryReport
  assert.equal(schemaSet([SCHEMA_DIR]).check('run-summary.schema.json', summary), [])
  assert.equal(summary.stages.map((s) => [s.stage, s.result, s.counts]), [['upper', 'ran', null], ['count', 'ran', '12 chars']])
  assert.ok(!run.stdout.includes('summary: '), 'no table with --json')

  // A directory where upper expects a file fails upper; count never runs.
  r.write({ 'in/x.txt/inside': '' })
  const failed = cli(r, ['all', '--json'])
  assert.is(failed.status, 1)
  const end = jsonLines(failed.stdout).at(-1)!.summary as RunSummaryReport
  assert.equal(end.stages.map((s) => [s.stage, s.result, s.skipped]), [['upper', 'failed', null], ['count', 'skipped', 'dependency-failed']])
  assert.equal(end.stages[0].reasons, [{ kind: 'input-changed', path: 'in/x.txt/inside' }])
  assert.match(end.stages[0].error ?? '', /EISDIR/)
  assert.is(end.ok, false)
  const text = table(cli(r, ['all']).stdout)
  assert.match(text[3], /^count\s+skipped\s+-\s+dependency-failed$/)
})

test('a --summary that fails its schema is an error naming the file', () => {
  using r = demo()
  // A summary schema that demands a key the engine never writes.
  r.write({ 'schemas/strict-summary.schema.json': JSON.stringify({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', required: ['never'], properties: { never: true } }) })
  const run = spawnSync(process.execPath, ['-e', `
    process.argv = [process.argv[0], 'x', 'all', '--summary', 'bad.json']
    const { main } = await import(${JSON.stringify(join(import.meta.dirname, '..', 'scripts', 'engine', 'cli.ts'))})
    const { demoGraph } = await import(${JSON.stringify(join(import.meta.dirname, 'fixtures', 'engine-taskfile', 'graph.ts'))})
    const dir = ${JSON.stringify(r.dir)}
    process.exitCode = await main(['all', '--summary', 'bad.json'], {
      root: dir, settings: () => ({ outDir: dir + '/out' }), schemas: [dir + '/schemas'],
      summarySchema: 'strict-summary.schema.json', stages: () => demoGraph(dir),
    })
  `], { cwd: r.dir, env: { ...process.env, CI: '1' }, encoding: 'utf8' })
  assert.is(run.status, 1, run.stderr)
  assert.match(run.stderr, /bad\.json does not match strict-summary\.schema\.json/)
  assert.match(run.stderr, /\/never: is required/)
  assert.not.ok(existsSync(r.path('bad.json')), 'nothing written')
})

test('the summary schema knows every kind of reason the engine can give', () => {
  // The schema is checked on every --summary: a reason kind it lacks would fail real runs.
  const types = readFileSync(join(import.meta.dirname, '..', 'scripts', 'engine', 'types.ts'), 'utf8')
  const union = types.slice(types.indexOf('export type Reason ='), types.indexOf('export interface StagePlan'))
  const kinds = [...union.matchAll(/kind: '([a-z-]+)'/g)].map((m) => m[1]).sort()
  const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, 'run-summary.schema.json'), 'utf8'))
  assert.ok(kinds.length >= 8)
  assert.equal([...schema.$defs.reason.properties.kind.enum].sort(), kinds)
  const fields = [...new Set([...union.matchAll(/(\w+)\??: (?:string|number|boolean)\b/g)].map((m) => m[1]))].sort()
  assert.equal(Object.keys(schema.$defs.reason.properties).filter((k) => k !== 'kind').sort(), fields)
})

const DOT = `digraph stages {
  rankdir=LR;
  node [shape=box];
  "upper";
  "count";
  "upper" -> "count";
}
`

const MERMAID = `flowchart LR
  upper["upper"]
  count["count"]
  upper --> count
`

test('graph prints the stage graph as DOT (default) or Mermaid, and with --status each stage fresh or stale', () => {
  using r = demo()
  assert.is(cli(r, ['graph']).stdout, DOT)
  assert.is(cli(r, ['graph', '--format', 'dot']).stdout, DOT)
  assert.is(cli(r, ['graph', '--format', 'mermaid']).stdout, MERMAID)
  // A target limits the graph to it and what it depends on.
  assert.is(cli(r, ['graph', 'upper', '--format', 'mermaid']).stdout, 'flowchart LR\n  upper["upper"]\n')

  assert.is(cli(r, ['all']).status, 0)
  r.write({ 'src/count.txt': 'count v2' })
  const before = r.snapshot()
  assert.is(
    cli(r, ['graph', '--status']).stdout,
    `digraph stages {
  rankdir=LR;
  node [shape=box];
  "upper" [label="upper\\nfresh", style=filled, fillcolor=palegreen];
  "count" [label="count\\nstale: recipe-changed file:src/count.txt", style=filled, fillcolor=lightsalmon];
  "upper" -> "count";
}
`,
  )
  assert.is(
    cli(r, ['graph', '--status', '--format', 'mermaid']).stdout,
    `flowchart LR
  upper["upper: fresh"]:::fresh
  count["count: stale: recipe-changed file:src/count.txt"]:::stale
  upper --> count
  classDef fresh fill:#d4f7d4,stroke:#2e7d32
  classDef stale fill:#ffe0cc,stroke:#c25700
`,
  )
  assert.equal(r.snapshot(), before, 'graph --status changes nothing')
  const bad = cli(r, ['graph', '--format', 'svg'])
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /--format must be one of dot, mermaid, got "svg"/)
})

test('explain names the recipe parts and the input files added, removed and changed since the record', () => {
  using r = demo()
  assert.is(cli(r, ['all']).status, 0)
  const fresh = cli(r, ['explain', 'upper'])
  assert.is(fresh.status, 0, fresh.stderr)
  assert.match(fresh.stdout, /^upper: fresh, would not run\n/)
  assert.match(fresh.stdout, /\n  recipe: unchanged\n  inputs: 2 files, unchanged\n/)

  r.write({ 'in/c.txt': '!', 'in/b.txt': 'there', 'src/upper.txt': 'upper v2' })
  rmSync(r.path('in/a.txt'))
  const text = cli(r, ['explain', 'upper'])
  assert.is(text.status, 0, text.stderr)
  const lines = text.stdout.split('\n')
  assert.is(lines[0], 'upper: would run')
  assert.is(lines[1], '  because: recipe-changed file:src/upper.txt, input-changed in/b.txt, input-changed in/c.txt, input-changed in/a.txt')
  assert.match(lines[2], /^  last good run: \d{4}-\d\d-\d\dT/)
  assert.equal(lines.slice(3, -1), [
    '  recipe: 1 part differ from the record',
    '    changed  file:src/upper.txt',
    '  inputs: 1 added, 1 removed, 1 changed (2 now, 2 recorded)',
    '    added    in/c.txt',
    '    removed  in/a.txt',
    '    changed  in/b.txt',
  ])

  const json = cli(r, ['explain', 'upper', '--json'])
  const e = JSON.parse(json.stdout) as Explanation
  assert.is(e.type, 'explain')
  assert.is(e.fresh, false)
  assert.equal(e.recipe, { added: [], removed: [], changed: ['file:src/upper.txt'] })
  assert.equal(e.inputs, {
    now: 2,
    recorded: 2,
    added: { count: 1, first: ['in/c.txt'] },
    removed: { count: 1, first: ['in/a.txt'] },
    changed: { count: 1, first: ['in/b.txt'] },
    touched: 0,
  })
  assert.equal(e.reasons[0], { kind: 'recipe-changed', part: 'file:src/upper.txt' })

  // Downstream: count's own files are unchanged; its upstream is what would make it run.
  const count = JSON.parse(cli(r, ['explain', 'count', '--json']).stdout) as Explanation
  assert.equal(count.recipe, { added: [], removed: [], changed: [] })
  assert.equal(count.upstream.map((u) => u.stage), ['upper'])
  assert.match(cli(r, ['explain', 'count']).stdout, /upstream: upper is stale \(recipe-changed file:src\/upper\.txt, .*\); it runs first, and count then reruns only if its outputs change/)
})

test('explain: many changes are counted with the first few named; no record says so; bad stage names exit 2', () => {
  using r = demo()
  assert.is(cli(r, ['all']).status, 0)
  r.write(Object.fromEntries(Array.from({ length: 7 }, (_, i) => [`in/n${i}.txt`, `${i}`])))
  const e = JSON.parse(cli(r, ['explain', 'upper', '--json']).stdout) as Explanation
  assert.equal(e.inputs?.added, { count: 7, first: ['in/n0.txt', 'in/n1.txt', 'in/n2.txt', 'in/n3.txt', 'in/n4.txt'] })
  assert.match(cli(r, ['explain', 'upper']).stdout, /\n    added    … and 2 more\n/)

  rmSync(r.path('out'), { recursive: true })
  const none = cli(r, ['explain', 'count'])
  assert.match(none.stdout, /^count: would run\n  because: dependency-ran upper, no-record\n  no record: /)
  assert.is(JSON.parse(cli(r, ['explain', 'count', '--json']).stdout).record, null)

  const unknown = cli(r, ['explain', 'nope'])
  assert.is(unknown.status, 2)
  assert.match(unknown.stderr, /explain: unknown stage "nope"; stages: upper, count/)
  const missing = cli(r, ['explain'])
  assert.is(missing.status, 2)
  assert.match(missing.stderr, /explain takes one stage \(got none\); stages: upper, count/)
})

// ---- --watch ----------------------------------------------------------------------------------

interface Watcher {
  child: ChildProcessWithoutNullStreams
  events: (Record<string, unknown> & { type: string })[]
  /** Resolves with the events from `from` up to the next one matching. */
  until(match: (e: Record<string, unknown> & { type: string }) => boolean, from?: number, ms?: number): Promise<number>
  exit: Promise<number | null>
  stderr(): string
}

function startWatch(r: Rig, env: Record<string, string> = {}): Watcher {
  const child = spawn(process.execPath, [TASKFILE, 'all', '--watch', '--json'], { cwd: r.dir, env: { ...process.env, DEMO_DIR: r.dir, CI: '1', ...env } })
  const events: Watcher['events'] = []
  let buffer = ''
  let err = ''
  const waiters = new Set<() => void>()
  child.stdout.on('data', (d) => {
    buffer += d
    let at
    while ((at = buffer.indexOf('\n')) >= 0) {
      events.push(JSON.parse(buffer.slice(0, at)))
      buffer = buffer.slice(at + 1)
    }
    for (const w of waiters) w()
  })
  child.stderr.on('data', (d) => (err += d))
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return {
    child,
    events,
    exit,
    stderr: () => err,
    until(match, from = 0, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const i = events.findIndex((e, n) => n >= from && match(e))
          if (i < 0) return
          waiters.delete(look)
          clearTimeout(timer)
          resolve(i)
        }
        const timer = setTimeout(() => {
          waiters.delete(look)
          reject(new Error(`no matching event after ${ms} ms; events: ${JSON.stringify(events.slice(from))}\nstderr: ${err}`))
        }, ms)
        waiters.add(look)
        look()
      })
    },
  }
}

const waiting = (e: { type: string; state?: unknown }) => e.type === 'watch' && e.state === 'waiting'
const started = (w: Watcher, from: number, to: number) => w.events.slice(from, to).filter((e) => e.type === 'start').map((e) => e.stage)
const status = (r: Rig) => (JSON.parse(cli(r, ['status', '--json']).stdout) as { plans: { stage: string; fresh: boolean; reasons: { kind: string }[] }[] }).plans

test('--watch reruns exactly the stages an edit makes stale; Ctrl-C while waiting exits 0 and leaves the graph fresh', async () => {
  using r = demo()
  const w = startWatch(r)
  try {
    let at = await w.until(waiting)
    assert.equal(started(w, 0, at), ['upper', 'count'])
    assert.is(w.events[at - 1].type, 'summary', 'each round ends with its summary')

    // A recipe file of count only.
    r.write({ 'src/count.txt': 'count v2' })
    let next = await w.until(waiting, at + 1)
    assert.equal(started(w, at, next), ['count'])
    assert.equal(w.events.find((e, i) => i > at && e.type === 'watch' && e.state === 'change')?.first, ['src/count.txt'])
    at = next

    // An input of upper: upper, and count because upper's output changed.
    r.write({ 'in/b.txt': 'there' })
    next = await w.until(waiting, at + 1)
    assert.equal(started(w, at, next), ['upper', 'count'])
    at = next

    // The settings' watched file (the config): only the stage whose config subtree changed.
    r.write({ 'demo.json': JSON.stringify({ count: { label: 'letters' } }) })
    next = await w.until(waiting, at + 1)
    assert.equal(started(w, at, next), ['count'])
    assert.equal(JSON.parse(r.read('out/count.json')), { label: 'letters', chars: 11 })
    at = next

    // A file no stage reads: no round.
    r.write({ 'notes.txt': 'hello' })
    await new Promise((resolve) => setTimeout(resolve, 1000))
    assert.is(w.events.length, at + 1, 'nothing after an unrelated edit')

    w.child.kill('SIGINT')
    assert.is(await w.exit, 0, w.stderr())
    assert.equal(w.events.at(-1), { type: 'watch', state: 'stopped', exitCode: 0 })
  } finally {
    w.child.kill('SIGKILL')
  }
  assert.ok(status(r).every((p) => p.fresh), JSON.stringify(status(r)))
})

test('--watch: Ctrl-C in the middle of a round exits 130 and leaves the interrupted stage stale, never fresh', async () => {
  using r = demo()
  const w = startWatch(r, { DEMO_SLOW: '4000' })
  try {
    const at = await w.until(waiting, 0, 30_000)
    rmSync(r.path('count-started'))
    r.write({ 'in/b.txt': 'there' })
    // count is running (it sleeps after writing its tree): stop it there.
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 20_000
      const poll = setInterval(() => {
        if (existsSync(r.path('count-started'))) clearInterval(poll), resolve()
        else if (Date.now() > deadline) clearInterval(poll), reject(new Error('count never started'))
      }, 50)
    })
    w.child.kill('SIGINT')
    assert.is(await w.exit, 130, w.stderr())
    const fail = w.events.slice(at).find((e) => e.type === 'fail')
    assert.equal([fail?.stage, fail?.error], ['count', 'interrupted'])
    assert.is((w.events.findLast((e) => e.type === 'summary')!.summary as RunSummaryReport).interrupted, true)
  } finally {
    w.child.kill('SIGKILL')
  }
  const plans = status(r)
  assert.equal(plans.map((p) => [p.stage, p.fresh]), [['upper', true], ['count', false]])
  assert.equal(plans[1].reasons.map((x) => x.kind), ['no-record'])
  assert.equal(JSON.parse(r.read('out/count.json')).chars, 11, 'the last good output is still in place')
  // The next run completes it.
  assert.is(cli(r, ['all']).status, 0)
  assert.ok(status(r).every((p) => p.fresh))
  assert.is(readFileSync(r.path('out/upper.txt'), 'utf8'), 'HELLO THERE')
})

test.run()
