// V8 grows the young generation while objects survive (here up to 64 MB per semi-space, 128 MB in
// all: it sizes the limit from the heap's) and keeps it, and the old generation's emptied pages,
// until a collection meant to reduce memory; its own memory reducer waits for seconds of low
// allocation first. Before a stretch in which this thread allocates little (waiting for workers),
// asking for that collection lowers the process's resident memory for the rest of it.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void

let collect: Collect | undefined

/** V8's gc() without exposing it to the program: a context made while the flag is on has it. */
function collector(): Collect {
  if (collect) return collect
  const exposed = (globalThis as { gc?: Collect }).gc
  if (exposed) return (collect = exposed)
  setFlagsFromString('--expose-gc')
  collect = runInNewContext('gc') as Collect
  setFlagsFromString('--no-expose-gc')
  return collect
}

/** A full collection that also shrinks the young generation and compacts the old. */
export function releaseMemory(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' })
}
