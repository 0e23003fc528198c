// The adapter kit and the harbor target through the real Taskfile on the bundled sample.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const DATA = join(ROOT, 'data', 'sample')

const taskfile = (out: string, args: string[], env: Record<string, string | undefined> = {}) =>
  spawnSync(process.execPath, [join(ROOT, 'Taskfile.ts'), ...args, '--data', DATA, '--out', out], {
    encoding: 'utf8',
    env: { ...process.env, CI: '1', ...env },
  })

test('the adapter stage writes the kit beside the tasks and keeps a filled-in parity record', () => {
  const work = rig({ 'config.json5': JSON.stringify({ selection: { top_n: 4 } }) })
  try {
    const out = work.path('out')
    const config = ['--config', work.path('config.json5')]
    const first = taskfile(out, ['adapter', ...config])
    assert.is(first.status, 0, first.stderr + first.stdout)
    const kit = join(out, 'harbor', 'adapter')
    const metadata = JSON.parse(readFileSync(join(kit, 'adapter_metadata.json'), 'utf8'))
    assert.ok(JSON.stringify(metadata).includes('"adapted_benchmark_size":4'), 'the kit counts the 4 tasks made')

    const parityFile = join(kit, 'parity_experiment.json')
    const parity = JSON.parse(readFileSync(parityFile, 'utf8'))
    parity[0].agent = 'claude-code@2.0.14'
    parity[0].model = 'anthropic/some-model'
    writeFileSync(parityFile, JSON.stringify(parity, null, 2))
    const second = taskfile(out, ['adapter', ...config, '--json'])
    assert.is(second.status, 0, second.stderr)
    assert.match(second.stdout, /"type":"start","stage":"adapter".*output-modified/)
    const kept = JSON.parse(readFileSync(parityFile, 'utf8'))
    assert.is(kept[0].agent, 'claude-code@2.0.14')
    assert.is(kept[0].model, 'anthropic/some-model')
  } finally {
    work.dispose()
  }
})

test('the harbor target says in one line that no Harbor CLI is there and succeeds', () => {
  const work = rig()
  try {
    const run = taskfile(work.path('out'), ['harbor'], { HARBOR_CMD: undefined, PATH: `${join(ROOT, 'node_modules', '.bin')}:/usr/bin:/bin` })
    assert.is(run.status, 0, run.stderr)
    assert.is(`${run.stdout}${run.stderr}`.trim().split('\n').length, 1)
    assert.match(run.stdout + run.stderr, 'no Harbor CLI')
  } finally {
    work.dispose()
  }
})

test.run()
