// A file of `path\tentry` lines, as the stat-keyed caches keep what they learnt (the engine's
// .taskcache/hashes.tsv, generate's project file hashes). A path holding a tab or a newline
// cannot be a line; a later line for a path replaces an earlier one.
import { readFileSync } from 'node:fs'
import { batched } from './fsx.ts'

export const tableable = (path: string): boolean => !path.includes('\n') && !path.includes('\t')

/** The entries by path; none when the file is missing or its first line is not `header`. */
export function readPathTable(file: string, header?: string): Map<string, string> {
  const entries = new Map<string, string>()
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return entries
  }
  let start = 0
  if (header !== undefined) {
    if (!text.startsWith(`${header}\n`)) return entries
    start = header.length + 1
  }
  // indexOf, not split: hashes.tsv is 11 MB at full scale.
  while (start < text.length) {
    const end = text.indexOf('\n', start)
    const line = text.slice(start, end === -1 ? text.length : end)
    start = end === -1 ? text.length : end + 1
    const tab = line.indexOf('\t')
    if (tab > 0) entries.set(line.slice(0, tab), line.slice(tab + 1))
  }
  return entries
}

/** The entry of the last line for `path` (as readPathTable would have it), found in the file's
 *  bytes without splitting it into a map: one lookup costs a read of the file, not a map of it. */
export function findInPathTable(file: string, path: string): string | undefined {
  let bytes: Buffer
  try {
    bytes = readFileSync(file)
  } catch {
    return undefined
  }
  const needle = Buffer.from(`\n${path}\t`)
  const at = bytes.lastIndexOf(needle)
  const start = at >= 0 ? at + needle.length : bytes.subarray(0, needle.length - 1).equals(needle.subarray(1)) ? needle.length - 1 : -1
  if (start < 0) return undefined
  const end = bytes.indexOf(10, start)
  return bytes.toString('utf8', start, end === -1 ? bytes.length : end)
}

/** The file's text, in chunks of about 1 MB (for writeChunksAtomic or appending). */
export function pathTableChunks(entries: Iterable<[string, string]>, header?: string): Generator<string> {
  return batched((function* () {
    if (header !== undefined) yield `${header}\n`
    for (const [path, entry] of entries) yield `${path}\t${entry}\n`
  })())
}
