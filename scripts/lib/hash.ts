import { createHash, hash } from 'node:crypto'
import { openSync, readSync, closeSync } from 'node:fs'

// One-shot: a Hash object per call cost more than hashing a short string (0.75 against 0.33 µs).
export const sha256 = (data: string | Uint8Array): string => hash('sha256', data, 'hex')

const CHUNK = 1 << 20
const chunk = Buffer.allocUnsafe(CHUNK)

/** Hashes a file in 1 MiB chunks so memory stays flat whatever its size. */
export function sha256File(path: string): string {
  const hash = createHash('sha256')
  const fd = openSync(path, 'r')
  try {
    for (;;) {
      const n = readSync(fd, chunk, 0, CHUNK, null)
      if (n === 0) break
      hash.update(chunk.subarray(0, n))
    }
  } finally {
    closeSync(fd)
  }
  return hash.digest('hex')
}

/** JSON with object keys sorted at every depth: the same value always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value))
}

export function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key])
    return out
  }
  return value
}
