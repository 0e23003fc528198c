// V8 grows the young generation while objects survive (here up to 64 MB per semi-space, 128 MB in
// all: it sizes the limit from the machine's memory) and keeps it, and the old generation's emptied
// pages, until a collection meant to reduce memory; its own memory reducer waits for seconds of low
// allocation first. Before a stretch in which this thread allocates little (waiting for workers),
// asking for that collection lowers the process's resident memory for the rest of it.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { flagGiven } from './v8-flags.ts'
import { rejudgeHeldYoungGeneration } from './young-generation.ts'

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

/**
 * V8's gc() without exposing it to the program: a context made while the flag is on has it. Taken
 * once, on import, so the flag is not switched while this module's users start worker threads
 * (an isolate made in that instant would have gc too). The one `node --expose-gc` gave is used as
 * it is; under `--expose-gc-as` (gc by another name, the flags left as the user set them) or when
 * none can be had, releasing is skipped: it only ever saves memory.
 */
function collector(): Collect {
  const exposed = (globalThis as { gc?: unknown }).gc
  if (typeof exposed === 'function') return exposed as Collect
  if (flagGiven('expose-gc-as')) return () => {}
  try {
    setFlagsFromString('--expose-gc')
    return runInNewContext('gc') as Collect
  } catch {
    return () => {}
  } finally {
    setFlagsFromString('--no-expose-gc')
  }
}

const collect = collector()

/** A full collection that also shrinks the young generation and compacts the old. */
export function releaseMemory(): void {
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  // A held young generation just shrank below its floor: it may grow back now, not only once the
  // event loop delivers this collection's GC event.
  rejudgeHeldYoungGeneration()
}
