// V8 doubles the young generation whenever more has survived since its last growth than it holds,
// up to 64 MB per semi-space here (it sizes that limit from the machine's memory). A stage that
// builds up tens of MB of records on the main thread (extract) ends with 128 MB of new space, most
// of its peak memory above the live data. `--max-semi-space-size` would cap it, but V8 reads it only
// when the heap is set up, and NODE_OPTIONS is the user's. The growth factor is read at each
// growth: held at 1 once the new space has reached a floor, it stops there; below the floor (a
// small run, or after releaseMemory shrank it) the young generation may grow back to it.
//
// The factor is one flag for the whole process: a worker thread started during a hold keeps its
// young generation at its starting size too (ours allocate little: the measured runs took the same
// time), and, since V8 keys code caches by its flags, it compiles into a compile-cache directory of
// its own, which fills on first use like the main one.
import { PerformanceObserver } from 'node:perf_hooks'
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8'
import { flagGiven, SharedHold } from './v8-flags.ts'

/** New space (both semi-spaces) a held young generation may grow to: 16 MB per semi-space. */
const FLOOR_BYTES = 32 << 20
/** V8's default factor. */
const GROWTH = 2

const chosen = flagGiven('max-semi-space-size', 'min-semi-space-size', 'semi-space-growth-factor')

const newSpaceBytes = (): number => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0

function settle(): void {
  setFlagsFromString(`--semi-space-growth-factor=${newSpaceBytes() >= FLOOR_BYTES ? 1 : GROWTH}`)
}

let observer: PerformanceObserver | undefined
const hold = new SharedHold(
  () => {
    observer = new PerformanceObserver(settle)
    observer.observe({ entryTypes: ['gc'] })
  },
  () => {
    observer?.disconnect()
    setFlagsFromString(`--semi-space-growth-factor=${GROWTH}`)
  },
)

/**
 * Keeps the young generation at its present size (or lets it grow to the floor) until the
 * returned function is called. GC events reach the observer only when the event loop turns, so
 * below the floor a busy stretch may grow past it by a step or two before the hold takes.
 */
export function holdYoungGeneration(): () => void {
  if (chosen) return () => {}
  const letGo = hold.take()
  settle()
  return letGo
}

/** Judges the young generation against the floor now, if it is held (after a collection shrank it). */
export function rejudgeHeldYoungGeneration(): void {
  if (hold.held) settle()
}
