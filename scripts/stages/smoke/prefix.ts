// Toolchains that start alike (FROM + ENV, then different packages) must not build their common
// steps side by side: the legacy builder would make two copies of those layers, and later builds
// would pick either copy and miss the cache below. So common prefixes are built once, shortest
// first, before the toolchain leaders run in parallel.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { run, type Engine } from './engine.ts'
import { isCopy, type Instruction } from './smoke-manifest.ts'

const key = (steps: Instruction[]): string => steps.map((s) => s.norm).join('\n')

/** Prefixes (of at least FROM + one step, without COPY/ADD) shared by two or more toolchains, shortest first. */
export function sharedPrefixes(toolchains: Instruction[][]): Instruction[][] {
  const found = new Map<string, Instruction[]>()
  for (let i = 0; i < toolchains.length; i++) {
    for (let j = i + 1; j < toolchains.length; j++) {
      const [a, b] = [toolchains[i], toolchains[j]]
      let k = 0
      while (k < a.length && k < b.length && a[k].norm === b[k].norm) k++
      const prefix = a.slice(0, k)
      if (k >= 2 && !prefix.some(isCopy)) found.set(key(prefix), prefix)
    }
  }
  return [...found.values()].sort((x, y) => x.length - y.length || (key(x) < key(y) ? -1 : 1))
}

export async function prebuildPrefixes(engine: Engine, toolchains: Instruction[][], log: (m: string) => void, signal?: AbortSignal): Promise<void> {
  const prefixes = sharedPrefixes(toolchains)
  if (!prefixes.length) return
  const started = performance.now()
  const context = mkdtempSync(join(tmpdir(), 'locobench-prefix-'))
  try {
    for (const prefix of prefixes) {
      writeFileSync(join(context, 'Dockerfile'), `${prefix.map((s) => s.raw).join('\n')}\n`)
      // A failure here shows again, with its output, in the builds of the tasks themselves.
      await run(engine, ['build', '--network', 'host', '--force-rm', '-q', context], { signal, timeoutMs: 3_600_000, stdout: false })
    }
  } finally {
    rmSync(context, { recursive: true, force: true })
  }
  log(`built ${prefixes.length} shared toolchain prefix(es) first in ${((performance.now() - started) / 1000).toFixed(1)} s`)
}
