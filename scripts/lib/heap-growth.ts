// V8 sets the next old-generation limit by a factor it derives from how fast it collects: between
// 1.1x and 4x the heap that survived. Generating thousands of tasks churns through short-lived
// strings fast enough that it picks the top of that range, so the process holds several times its
// live data as garbage (8,000 tasks: ~90 MB live, ~600 MB resident). A fixed step keeps the
// limit close to what is live.
//
// The flag is read whenever V8 computes a limit, so setting it while the process runs takes
// effect at the next collection; `0` is V8's default (the derived factor).
import { setFlagsFromString } from 'node:v8'

/** A step given on node's command line (NODE_OPTIONS cannot carry this flag) is left alone. */
const chosen = process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))

/** Runs that want the step (stages of one graph can overlap): the last to end gives V8 its
 *  default back. Whatever else runs meanwhile in the process shares the step. */
let running = 0

export async function withHeapGrowth<T>(percent: number, run: () => Promise<T>): Promise<T> {
  if (chosen) return run()
  if (running++ === 0) setFlagsFromString(`--heap-growing-percent=${percent}`)
  try {
    return await run()
  } finally {
    if (--running === 0) setFlagsFromString('--heap-growing-percent=0')
  }
}
