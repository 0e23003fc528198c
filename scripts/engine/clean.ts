// `clean [stage…]` removes what a stage produced (the files its stamps list) and its record,
// cache and stamps. A file the engine never stamped (a user's note in out/tasks/) is left alone,
// and directories are removed only once empty. A stage's own `clean` hook removes what it made
// outside the out dir (smoke: the images this out dir built).
import { lstatSync, readdirSync, rmdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { acquireLock } from './lock.ts'
import { pruneEmptyParents } from './prune.ts'
import { cachePath, deleteRecord, deleteStamps, itemBookFiles, readStamps } from './record.ts'
import { UsageError } from './exit-error.ts'
import { storeFor } from './run-all.ts'
import type { Stage } from './types.ts'

export async function clean(stages: Stage[], outDir: string, names: string[], print: (line: string) => void): Promise<number> {
  for (const name of names) if (!stages.some((s) => s.name === name)) throw new UsageError(`clean: unknown stage "${name}"`)
  const store = storeFor(outDir)
  const lock = acquireLock(join(store.dir, 'lock'), outDir, print)
  try {
    for (const stage of stages.filter((s) => names.includes(s.name))) {
      const stamps = readStamps(store, stage.name)
      let removed = 0
      const paths = [...Object.keys(stamps?.outputs ?? {}), ...Object.keys(stamps?.entries ?? {})]
      for (const path of paths) {
        if (!lstatSync(path, { throwIfNoEntry: false })) continue
        rmSync(path, { recursive: true, force: true })
        removed++
      }
      for (const output of stage.outputs) if (output.kind !== 'file') pruneEmptyDirs(output.path)
      pruneEmptyParents([...paths, ...stage.outputs.map((o) => o.path)], outDir)
      deleteRecord(store, stage.name)
      deleteStamps(store, stage.name)
      for (const book of itemBookFiles(store, stage.name)) rmSync(join(store.dir, book), { force: true })
      rmSync(cachePath(store, stage.name), { recursive: true, force: true })
      print(`clean ${stage.name}: removed ${removed} output${removed === 1 ? '' : 's'}`)
      await stage.clean?.(print)
    }
    return 0
  } finally {
    lock.release()
  }
}

/** Removes empty directories under (and including) dir, deepest first; returns whether dir went. */
function pruneEmptyDirs(dir: string): boolean {
  const st = lstatSync(dir, { throwIfNoEntry: false })
  if (!st?.isDirectory()) return false
  let empty = true
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (!lstatSync(path).isDirectory() || !pruneEmptyDirs(path)) empty = false
  }
  if (empty) rmdirSync(dir)
  return empty
}
