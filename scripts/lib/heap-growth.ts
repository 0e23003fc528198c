// V8 sets the next old-generation limit by a factor it derives from how fast it collects: between
// 1.1x and 4x the heap that survived. Generating thousands of tasks churns through short-lived
// strings fast enough that it picks the top of that range, so the process holds several times its
// live data as garbage (8,000 tasks: ~90 MB live, ~600 MB resident). A fixed step keeps the
// limit close to what is live.
//
// The flag is read whenever V8 computes a limit, so setting it while the process runs takes
// effect at the next collection; `0` is V8's default (the derived factor).
import { setFlagsFromString } from 'node:v8'
import { flagGiven, SharedHold } from './v8-flags.ts'

const chosen = flagGiven('heap-growing-percent')

/** The first run to want a step sets it; whatever else runs meanwhile in the process shares it. */
let wanted = 0
const step = new SharedHold(
  () => setFlagsFromString(`--heap-growing-percent=${wanted}`),
  () => setFlagsFromString('--heap-growing-percent=0'),
)

export async function withHeapGrowth<T>(percent: number, run: () => Promise<T>): Promise<T> {
  if (chosen) return run()
  if (!step.held) wanted = percent
  const letGo = step.take()
  try {
    return await run()
  } finally {
    letGo()
  }
}
