// A process that takes the engine's out-dir lock (scripts/engine/lock.ts), for the lock tests.
//   node reliability-lock.ts hold <lock> <outDir> <dir>   take it, write <dir>/held-<pid>, keep it until <dir>/release exists
//   node reliability-lock.ts race <lock> <outDir> <dir>   take it; when it finds the lock stale, first let a `hold`
//                                                         process take it (the two clear the same stale lock at once)
// Each writes <dir>/result-<pid>: `held` or `refused: <message>`.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { acquireLock, LockError } from '../../scripts/engine/lock.ts'
import { writeFileAtomic } from '../../scripts/lib/fsx.ts'

const [role, lock, outDir, dir] = process.argv.slice(2)

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

function waitForFile(match: (name: string) => boolean, ms = 20_000): boolean {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (readdirSync(dir).some(match)) return true
    pause(10)
  }
  return false
}

// Through a temp file and a rename: the test lists result files while they are written, and must
// never read one half-written (an empty answer).
const answer = (text: string): void => writeFileAtomic(join(dir, `result-${process.pid}`), text)

function take(onStale: (message: string) => void): boolean {
  try {
    acquireLock(lock, outDir, onStale)
    answer('held')
    return true
  } catch (error) {
    if (!(error instanceof LockError)) throw error
    answer(`refused: ${error.message}`)
    return false
  }
}

if (role === 'hold') {
  if (take(() => {})) {
    writeFileSync(join(dir, `held-${process.pid}`), '')
    while (!existsSync(join(dir, 'release'))) pause(10)
  }
} else if (role === 'race') {
  const held = take(() => {
    // Between seeing the stale lock and clearing it, another run clears it and takes the lock.
    const other = spawn(process.execPath, [import.meta.filename, 'hold', lock, outDir, dir], { stdio: 'inherit' })
    if (!waitForFile((n) => n === `held-${other.pid}` || n === `result-${other.pid}`)) throw new Error('the other run never answered')
  })
  if (held) {
    writeFileSync(join(dir, `held-${process.pid}`), '')
    while (!existsSync(join(dir, 'release'))) pause(10)
  }
} else {
  throw new Error(`unknown role ${role}`)
}
