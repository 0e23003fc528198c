// `clean` leaves no empty folders behind, and keeps every folder that holds a file it did not write.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runAll } from '../scripts/engine/run-all.ts'
import { clean } from '../scripts/engine/clean.ts'
import type { Stage } from '../scripts/engine/types.ts'
import { rig } from './helpers/rig.ts'

function nested(dir: string): Stage {
  const out = (rel: string) => join(dir, 'out', rel)
  return {
    name: 'nested',
    title: 'write files in nested folders',
    deps: [],
    inputs: [join(dir, 'in.txt')],
    outputs: [
      { path: out('report/deep/a.md'), kind: 'file' },
      { path: out('registry/dataset.toml'), kind: 'file' },
      { path: out('shared/b.md'), kind: 'file' },
      { path: out('tree'), kind: 'tree' },
    ],
    recipe: { files: [] },
    async run(ctx) {
      for (const rel of ['report/deep/a.md', 'registry/dataset.toml', 'shared/b.md']) writeFileSync(ctx.out(out(rel)), rel)
      mkdirSync(join(ctx.out(out('tree')), 'item', 'sub'), { recursive: true })
      writeFileSync(join(ctx.out(out('tree')), 'item', 'sub', 'c.txt'), 'c')
      return { owned: { [out('tree')]: ['item'] } }
    },
  }
}

test('clean removes the folders its files leave empty, up to the out dir, and keeps folders holding foreign files', async () => {
  using r = rig({ 'in.txt': 'x' }, 'lbh-clean-')
  const stage = nested(r.dir)
  const ran = await runAll({ stages: [stage], root: r.dir, outDir: r.path('out'), targets: ['nested'], emit: () => {} })
  assert.ok(ran.ok)
  writeFileSync(r.path('out/shared/mine.txt'), 'a note of the user')
  assert.is(await clean([stage], r.path('out'), ['nested'], () => {}), 0)
  for (const gone of ['out/report', 'out/registry', 'out/tree']) assert.not.ok(existsSync(r.path(gone)), gone)
  assert.is(r.read('out/shared/mine.txt'), 'a note of the user')
  assert.not.ok(existsSync(r.path('out/shared/b.md')))
  assert.ok(existsSync(r.path('out')), 'the out dir itself stays')
})

test.run()
