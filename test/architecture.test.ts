// The import rules that keep stages apart (read with engine/imports.ts's parser, as recipes are):
// - a stage (scripts/stages/<a>.ts and scripts/stages/<a>/) imports no other stage's modules;
// - code outside scripts/stages imports a stage only through its entry (stages/<a>.ts) or its spec
//   (stages/<a>/<a>-stage.ts); what stages share lives in scripts/contracts/, which imports no stage;
// - no module reaches itself through its imports (`import type` included; a worker started with
//   `new URL('./worker.ts', import.meta.url)` runs in its own thread and is no import);
// - no two modules share a file name, so a stack trace or an editor tab names one file.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { importsIn } from '../scripts/engine/imports.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')

type Graph = Map<string, string[]>

const WORKER = /\bnew URL\(\s*(['"])(\.{1,2}\/[^'"]+)\1/g

/**
 * Every .ts module under `root`/scripts and the Taskfile, with its relative imports (root-relative,
 * `/`), and the workers each one starts.
 */
function importGraph(root: string): { graph: Graph; workers: Graph } {
  const rel = (file: string) => relative(root, file).split(sep).join('/')
  const files = readdirSync(join(root, 'scripts'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts')).map((f) => join(root, 'scripts', f))
  const graph: Graph = new Map()
  const workers: Graph = new Map()
  for (const file of [...files, join(root, 'Taskfile.ts')]) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    graph.set(rel(file), importsIn(file, text).map(rel))
    workers.set(rel(file), Array.from(text.matchAll(WORKER), (m) => rel(join(dirname(file), m[2]))))
  }
  return { graph, workers }
}

/** The stage a module belongs to: `select` for stages/select.ts and everything in stages/select/. */
const stageOf = (module: string): string | undefined => /^scripts\/stages\/([^/.]+)/.exec(module)?.[1]

const isPublic = (module: string, stage: string): boolean =>
  module === `scripts/stages/${stage}.ts` || module === `scripts/stages/${stage}/${stage}-stage.ts`

function ruleBreaks(graph: Graph): string[] {
  const breaks: string[] = []
  for (const [from, imports] of graph) {
    const own = stageOf(from)
    for (const to of imports) {
      const theirs = stageOf(to)
      if (!theirs || theirs === own) continue
      if (own) breaks.push(`${from} imports ${to}: stage ${own} reaches into stage ${theirs} (share it through scripts/contracts/)`)
      else if (from.startsWith('scripts/contracts/')) breaks.push(`${from} imports ${to}: a contract depends on a stage`)
      else if (!isPublic(to, theirs) && from.startsWith('scripts/')) breaks.push(`${from} imports ${to}: not stage ${theirs}'s entry or spec module`)
    }
  }
  return breaks.sort()
}

/** File names used by more than one module, each with its modules. */
function sharedNames(graph: Graph): string[] {
  const byName = new Map<string, string[]>()
  for (const module of graph.keys()) {
    const name = module.slice(module.lastIndexOf('/') + 1)
    byName.set(name, [...(byName.get(name) ?? []), module])
  }
  return [...byName].filter(([, modules]) => modules.length > 1).map(([name, modules]) => `${name}: ${modules.sort().join(', ')}`).sort()
}

/** The modules of each cycle, sorted (Tarjan's strongly connected components); workers are no edge. */
function cycles({ graph: imports, workers }: { graph: Graph; workers: Graph }): string[][] {
  const graph: Graph = new Map([...imports].map(([from, to]) => [from, to.filter((t) => !workers.get(from)?.includes(t))]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort())
  }
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v)
  return found
}

test('no stage imports another stage, nothing outside the stages imports their internals, no import cycle', () => {
  const modules = importGraph(ROOT)
  assert.ok(modules.graph.size > 100, `read ${modules.graph.size} modules`)
  assert.equal(ruleBreaks(modules.graph), [])
  assert.equal(cycles(modules), [])
  assert.equal(sharedNames(modules.graph), [])
})

test('the rules see a sideways import, an internal import, a contract on a stage and a cycle', () => {
  using r = rig({
    'Taskfile.ts': "import './scripts/stages/b/b-stage.ts'\n",
    'scripts/stages/a.ts': "import { x } from './b/inner.ts'\n",
    'scripts/stages/a/a-stage.ts': "export const spec = await import('../a.ts')\n",
    'scripts/stages/b/inner.ts': "import type { Y } from '../../contracts/y.ts'\n",
    'scripts/contracts/y.ts': "export { z } from '../stages/b.ts'\n",
    'scripts/stages/b.ts': "import { y } from '../contracts/y.ts'\nnew Worker(new URL('./b/b-stage.ts', import.meta.url))\n",
    'scripts/stages/b/b-stage.ts': "import { b } from '../b.ts'\n",
    'scripts/report/page.ts': "import { a } from '../stages/a.ts'\nimport { b } from '../stages/b/inner.ts'\n// import { c } from '../stages/c/c.ts'\n",
  })
  const modules = importGraph(r.dir)
  assert.equal(ruleBreaks(modules.graph), [
    'scripts/contracts/y.ts imports scripts/stages/b.ts: a contract depends on a stage',
    'scripts/report/page.ts imports scripts/stages/b/inner.ts: not stage b\'s entry or spec module',
    'scripts/stages/a.ts imports scripts/stages/b/inner.ts: stage a reaches into stage b (share it through scripts/contracts/)',
  ])
  assert.equal(cycles(modules), [['scripts/contracts/y.ts', 'scripts/stages/b.ts']])
})

test('two modules with one file name are named, wherever they sit', () => {
  using r = rig({
    'scripts/stages/a/types.ts': 'export type A = 1\n',
    'scripts/bench/types.ts': 'export type B = 2\n',
    'scripts/bench/bench-types.ts': 'export type C = 3\n',
  })
  assert.equal(sharedNames(importGraph(r.dir).graph), ['types.ts: scripts/bench/types.ts, scripts/stages/a/types.ts'])
})

test.run()
