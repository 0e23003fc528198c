// For callers without the graph engine (the run-adapter CLI): moves staged task dirs into the
// output dir one by one. Each swap is two renames on the same file system, so a reader sees the
// old task dir or the new one, never a half-written one.
import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'

export function commitStaged(staging: string, target: string, removals: string[]): void {
  for (const name of readdirSync(staging).sort()) {
    const from = join(staging, name)
    const to = join(target, name)
    const old = join(target, `.old-${process.pid}-${name}`)
    const replacing = existsSync(to)
    if (replacing) renameSync(to, old)
    renameSync(from, to)
    if (replacing) rmSync(old, { recursive: true, force: true })
  }
  for (const name of removals) rmSync(join(target, name), { recursive: true, force: true })
  rmSync(staging, { recursive: true, force: true })
}
