// One run per out dir. The lock file holds the owner's pid; a lock whose pid is gone is stale
// (a crashed or killed run) and is cleared with a message rather than blocking forever.
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname } from 'node:path'
import { ExitError } from './exit-error.ts'
import { isAlive } from '../lib/process.ts'

export class LockError extends ExitError {}

interface Owner {
  pid: number
  host: string
  started: string
}

export interface Lock {
  release(): void
}

export function acquireLock(path: string, outDir: string, onStale: (message: string) => void): Lock {
  mkdirSync(dirname(path), { recursive: true })
  const me: Owner = { pid: process.pid, host: hostname(), started: new Date().toISOString() }
  // Written whole to a private file, then hard-linked into place: link() fails if the lock
  // exists, so no reader ever sees a half-written lock.
  const mine = `${path}.${process.pid}`
  writeFileSync(mine, JSON.stringify(me))
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, path)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
        if (attempt >= 3) throw new LockError(`could not take the lock ${path}: other runs keep replacing it`)
      }
      const owner = readOwner(path)
      if (owner && (owner.host !== hostname() || isAlive(owner.pid))) {
        throw new LockError(
          `another run (pid ${owner.pid} on ${owner.host}, started ${owner.started}) is using ${outDir}; ` +
            `wait for it to finish, or stop it; if it is gone, delete ${path}`,
        )
      }
      if (clearStale(path, owner)) {
        onStale(owner ? `cleared a stale lock left by pid ${owner.pid} (no longer running)` : `cleared an unreadable lock file ${path}`)
      }
    }
  } finally {
    rmSync(mine, { force: true })
  }
  let held = true
  const release = () => {
    if (!held) return
    held = false
    process.off('exit', release)
    if (readOwner(path)?.pid === process.pid) rmSync(path, { force: true })
  }
  process.once('exit', release)
  return { release }
}

/**
 * Two runs may find the same stale lock at once. Deleting it by name could delete the live lock
 * the other run has just linked in its place, so the stale file is first moved to a private
 * name and checked: if what moved is not the stale lock that was read, it is put back.
 */
function clearStale(path: string, stale: Owner | undefined): boolean {
  const grabbed = `${path}.stale-${process.pid}`
  try {
    renameSync(path, grabbed)
  } catch {
    return false // someone else cleared it first
  }
  const moved = readOwner(grabbed)
  const same = moved === stale || (moved !== undefined && stale !== undefined && moved.pid === stale.pid && moved.started === stale.started)
  if (!same) {
    try {
      linkSync(grabbed, path)
    } catch {
      // Another run has linked a lock meanwhile; it holds the out dir, ours was never taken.
    }
  }
  rmSync(grabbed, { force: true })
  return same
}

function readOwner(path: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Owner
    return typeof owner.pid === 'number' ? owner : undefined
  } catch {
    return undefined
  }
}
