// The content digest Harbor's packager gives a task dir (the `digest` of a `[[tasks]]` entry in
// dataset.toml): sha256 over the sorted records `<relative path>\0<file sha256>\n` of the files
// Harbor packs. Ours must equal it byte for byte, or `harbor sync` rewrites every entry and a
// published dataset no longer matches what we generated.
import { lstatSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { sha256, sha256File } from './hash.ts'

/** Files at the task root that Harbor packs; everything else there is left out. */
const ROOT_FILES = new Set(['task.toml', 'instruction.md', 'README.md', 'trajectory.json'])
/** Folders Harbor packs whole. */
const PACKED_DIRS = new Set(['environment', 'tests', 'solution', 'steps'])
/** Editor and interpreter droppings Harbor never packs, matched against every path part. */
const IGNORED = [/^__pycache__$/, /\.pyc$/, /^\.DS_Store$/, /\.swp$/, /\.swo$/, /~$/]

/** Whether Harbor packs the file at this posix path relative to the task dir. */
export function harborPacks(relPath: string): boolean {
  const parts = relPath.split('/')
  if (parts.some((part) => IGNORED.some((re) => re.test(part)))) return false
  return parts.length === 1 ? ROOT_FILES.has(parts[0]) : PACKED_DIRS.has(parts[0])
}

/**
 * The digest from (relative path, file sha256) records; records Harbor would not pack are
 * dropped here, so a caller may pass every file it wrote. Paths sort by UTF-8 bytes (the same
 * order as Python's code-point sort), never by JavaScript's UTF-16 order.
 */
export function harborDigest(records: Iterable<readonly [relPath: string, sha256: string]>): string {
  const kept = [...records].filter(([path]) => harborPacks(path)).map(([path, hash]) => [Buffer.from(path), hash] as const)
  kept.sort((a, b) => Buffer.compare(a[0], b[0]))
  return sha256(Buffer.concat(kept.flatMap(([path, hash]) => [path, Buffer.from(`\0${hash}\n`)])))
}

/**
 * Walks a task dir as Harbor's packager does: a symlink to a file counts as the file it points
 * to, a symlink to a directory is not descended into (so `self_loop -> .` ends), and a dangling
 * symlink is skipped.
 */
export function harborDigestOfDir(taskDir: string): string {
  const records: [string, string][] = []
  const walk = (dir: string, prefix: string) => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name)
      const rel = prefix ? `${prefix}/${name}` : name
      const link = lstatSync(abs)
      if (link.isDirectory()) {
        walk(abs, rel)
        continue
      }
      const target = link.isSymbolicLink() ? statSync(abs, { throwIfNoEntry: false }) : link
      if (target?.isFile() && harborPacks(rel)) records.push([rel, sha256File(abs)])
    }
  }
  walk(taskDir, '')
  return harborDigest(records)
}
