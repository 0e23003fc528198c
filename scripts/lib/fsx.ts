import { createHash } from 'node:crypto'
import { closeSync, lstatSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** Writes through a temp file and a rename, so readers see the old bytes or the new, never half. */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): void {
  viaTemp(path, (tmp) => writeFileSync(tmp, data, mode === undefined ? undefined : { mode }))
}

/** writeFileAtomic off the main thread, for many small files (the directory must exist). */
export async function writeFileAtomicAsync(path: string, data: string): Promise<void> {
  const tmp = stagingFor(path)
  try {
    await writeFile(tmp, data)
    await rename(tmp, path)
  } catch (error) {
    await rm(tmp, { force: true })
    throw error
  }
}

/**
 * writeFileAtomic for a text made in pieces: no piece outlives its write, so a file of tens of MB
 * never exists as one string. Returns the sha256 of what was written.
 */
export function writeChunksAtomic(path: string, chunks: Iterable<string>): string {
  const hash = createHash('sha256')
  viaTemp(path, (tmp) => {
    const fd = openSync(tmp, 'w')
    try {
      for (const chunk of chunks) {
        hash.update(chunk)
        writeSync(fd, chunk)
      }
    } finally {
      closeSync(fd)
    }
  })
  return hash.digest('hex')
}

/** Has `write` fill a temp file beside `path`, then renames it into place (removed on failure). */
function viaTemp(path: string, write: (tmp: string) => void): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = stagingFor(path)
  try {
    write(tmp)
    renameSync(tmp, path)
  } catch (error) {
    rmSync(tmp, { force: true })
    throw error
  }
}

/** Pieces of about `size` characters, each joined from the strings given. */
export function* batched(parts: Iterable<string>, size = 1 << 20): Generator<string> {
  let chunk = ''
  for (const part of parts) {
    chunk += part
    if (chunk.length > size) yield chunk, (chunk = '')
  }
  if (chunk) yield chunk
}

/** 2-space JSON with a final newline: the one format of every JSON artifact we write. */
export const toJson = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

export const toPosix = (path: string): string => path.replaceAll('\\', '/')

/** Where to build a folder that replaceDir will put at `target`: a sibling, so on its file system. */
export const stagingFor = (target: string): string => `${target}.tmp-${process.pid}`

// The sibling names replaceDir and recoverDir share. `.old` is always a whole old folder (it is
// renamed, never written), so the one to put back; `.tmp` is staging or a folder being deleted, so
// always junk once its process is gone. The old folder is renamed to `.tmp` before it is deleted:
// a half-deleted folder is never mistaken for one to put back.
const swapNames = (target: string) => {
  const base = basename(target)
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return {
    aside: join(dirname(target), `.${base}.old-${process.pid}`),
    pattern: new RegExp(`^(?:${escaped}\\.tmp|\\.${escaped}\\.(old))-(\\d+)$`),
  }
}

// Our own pid counts as dead: a container gives the same pid to every run, so a leftover under it
// is from an earlier process, never from a swap still in progress (this process's swap is sync).
function running(pid: number): boolean {
  if (pid === process.pid) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Cleans up after a replaceDir (or a build into stagingFor) that crashed: if `target` is missing
 * but a whole old folder was moved aside, it goes back; every other leftover of a dead process is
 * removed. Leftovers of running processes are theirs, and `keep` (a folder about to be swapped
 * in) is never touched.
 */
export function recoverDir(target: string, keep?: string): void {
  const { pattern } = swapNames(target)
  const parent = dirname(resolve(target))
  const kept = keep === undefined ? undefined : resolve(keep)
  let names: string[]
  try {
    names = readdirSync(parent)
  } catch {
    return
  }
  const stale = names
    .map((name) => ({ path: join(parent, name), match: pattern.exec(name) }))
    .filter(({ path, match }) => match && path !== kept && !running(Number(match[2])))
  const old = stale.find(({ match }) => match?.[1] === 'old')
  const restored = old && !lstatSync(target, { throwIfNoEntry: false }) ? old : undefined
  if (restored) renameSync(restored.path, target)
  for (const leftover of stale) if (leftover !== restored) rmSync(leftover.path, { recursive: true, force: true })
}

/**
 * Puts the folder `staged` at `target`, replacing whatever is there: the old folder is renamed
 * aside as a hidden sibling (outside the target), the staged one renamed in, the old deleted.
 * Readers never see a mix of the two. Between the two renames the target is briefly absent (POSIX
 * has no portable exchange of two directories); a crash right there leaves the old folder whole
 * beside it, and the next replaceDir or recoverDir for the target puts it back. A crash at any
 * other point leaves the old or the new folder in place and only leftovers for the next run to
 * remove. `staged` must be on the target's file system (see stagingFor).
 */
export function replaceDir(staged: string, target: string): void {
  recoverDir(target, staged)
  mkdirSync(dirname(target), { recursive: true })
  const aside = lstatSync(target, { throwIfNoEntry: false }) ? swapNames(target).aside : undefined
  if (aside) renameSync(target, aside)
  try {
    renameSync(staged, target)
  } catch (error) {
    if (aside) renameSync(aside, target)
    throw error
  }
  if (!aside) return
  // The staging name is free again (recoverDir cleared this pid's leftovers).
  const trash = stagingFor(target)
  renameSync(aside, trash)
  rmSync(trash, { recursive: true, force: true })
}
