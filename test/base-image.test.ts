// `base-image --dry-run` only says what it would do: with the image missing it neither pulls nor
// builds nor imports anything (before, the flag was ignored and a dry run ran mmdebstrap).
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { readdirSync, readFileSync } from 'node:fs'
import { buildBaseImage, configHooks } from '../scripts/stages/smoke/base-image.ts'
import { smokeConfig } from '../scripts/stages/smoke/smoke-config.ts'
import { detectEngine } from '../scripts/stages/smoke/engine.ts'
import { rig } from './helpers/rig.ts'

const root = join(import.meta.dirname, '..')
// A Debian-shaped name no registry or machine holds, so a real run would try a pull and mmdebstrap.
const MISSING = `debian:lbh-dry-run-${process.pid}-slim`
const { engine, why } = await detectEngine(smokeConfig({}))
const skip = engine ? undefined : `no container engine answers (${why})`
if (skip) console.log(`base-image dry-run tests skipped: ${skip}`)

const imagePresent = (name: string) =>
  spawnSync(engine?.kind ?? 'docker', ['image', 'inspect', name], { encoding: 'utf8' }).status === 0

test('buildBaseImage with dryRun reports a missing image and does nothing', async () => {
  if (skip) return
  const lines: string[] = []
  const result = await buildBaseImage({ config: { base_image: MISSING }, log: (m) => lines.push(m), dryRun: true })
  assert.is(result.action, 'missing')
  assert.match(lines.join('\n'), /is missing .*would pull it, else build it with mmdebstrap .*dry run: nothing done/)
  assert.not.match(lines.join('\n'), /trying a pull|building .* with mmdebstrap|imported/)
  assert.not.ok(imagePresent(MISSING))
})

test('the CLI honours --dry-run and exits 0', () => {
  if (skip) return
  const cli = join(root, 'scripts/stages/smoke/base-image.ts')
  const run = spawnSync(process.execPath, [cli, '--image', MISSING, '--dry-run'], { encoding: 'utf8', timeout: 60_000 })
  assert.is(run.status, 0, run.stderr)
  assert.match(run.stdout, /would pull it/)
  assert.not.ok(imagePresent(MISSING))
})

test('the mmdebstrap hooks give the base the build settings of the registry slim image and no apt caches', () => {
  // Run as mmdebstrap runs them: `sh -c HOOK exec ROOT`, on a root shaped like a fresh minbase.
  using root = rig(
    { 'var/cache/apt/pkgcache.bin': 'x', 'var/cache/apt/srcpkgcache.bin': 'x', 'var/cache/apt/archives/bash_5.2_amd64.deb': 'x' },
    'lbh-base-hooks-',
  )
  for (const dir of ['etc/dpkg/dpkg.cfg.d', 'etc/apt/apt.conf.d']) root.mkdir(dir)
  const rootfs = root.dir
  for (const hook of configHooks()) {
    const r = spawnSync('sh', ['-c', hook, 'exec', rootfs], { encoding: 'utf8' })
    assert.is(r.status, 0, `${hook}: ${r.stderr}`)
  }
  assert.is(readFileSync(join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker-apt-speedup'), 'utf8'), 'force-unsafe-io\n')
  const excludes = readFileSync(join(rootfs, 'etc/dpkg/dpkg.cfg.d/docker'), 'utf8')
  assert.match(excludes, /^path-exclude \/usr\/share\/man\/\*$/m)
  assert.match(excludes, /^path-include \/usr\/share\/doc\/\*\/copyright$/m)
  assert.match(readFileSync(join(rootfs, 'etc/apt/apt.conf.d/docker-clean'), 'utf8'), /^DPkg::Post-Invoke \{ "rm -f \/var\/cache\/apt\/archives\/\*\.deb .*\|\| true"; \};$/m)
  assert.is(readFileSync(join(rootfs, 'etc/apt/apt.conf.d/docker-no-languages'), 'utf8'), 'Acquire::Languages "none";\n')
  assert.equal(readdirSync(join(rootfs, 'var/cache/apt')), ['archives'])
  assert.equal(readdirSync(join(rootfs, 'var/cache/apt/archives')), [])
})

test('the CLI refuses an unknown flag with exit 2', () => {
  const cli = join(root, 'scripts/stages/smoke/base-image.ts')
  const run = spawnSync(process.execPath, [cli, '--dry-run=yes'], { encoding: 'utf8', timeout: 60_000 })
  assert.is(run.status, 2)
  assert.match(run.stderr, /unknown argument --dry-run=yes/)
})

test.run()
