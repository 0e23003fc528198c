import { mkdirSync, renameSync, writeFileSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'

/** Writes through a temp file and a rename, so readers see the old bytes or the new, never half. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  try {
    writeFileSync(tmp, data, mode === undefined ? undefined : { mode })
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}

/** 2-space JSON with a final newline: the one format of every JSON artifact we write. */
export const toJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

export const toPosix = (path: string): string => path.replaceAll('\\', '/')
