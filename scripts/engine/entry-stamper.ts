// Stamps of a tree's entries taken while the stage is still building the others. An item's entry
// is complete in staging once its build resolves, and the commit renames it into place unchanged,
// so the staged entry's stamp, its paths rebased, is the committed entry's. Walking and hashing it
// on a thread then takes that work off the end of the run, where the main thread did it alone
// after the last item (8.5 s of a 47 s run at 8,000 tasks). Only ever a shortcut: an entry it did
// not stamp (a run too small to pay for a thread, a dead thread, an error) is walked after the
// commit as before; and a stamp taken early can only be stale towards a rebuild, because the next
// plan compares it with the entry's files as they are then.
import type { Worker } from 'node:worker_threads'
import { startTsWorker } from '../lib/ts-worker.ts'
import type { EntryState } from './types.ts'

export interface EarlyStamp {
  state: EntryState
  content: string
}

export interface StamperInput {
  /** inodeKey → sha256 of the files whose hash the run knows (inputs, the hash cache): hard-linked
   *  outputs are not read. */
  inodes: [string, string][]
}
/** With entries, the inode hashes learnt since the last request (told by the stage meanwhile). */
export type StamperRequest = { entries: [staged: string, final: string][]; inodes: [string, string][] } | { end: true }
export type StamperReply = { stamps: ({ entry: string } & EarlyStamp)[] } | { done: true }

const BATCH = 16

export class EntryStamper {
  /** Entries built before the thread starts, so a small run never pays for one (tests lower it). */
  static START_AFTER = 64
  /** The thread's module (tests point it at one that fails). */
  static MODULE = new URL('./entry-stamper-worker.ts', import.meta.url)
  readonly #inodes: () => [string, string][]
  readonly #learnt: () => [string, string][]
  readonly #stamps = new Map<string, EarlyStamp>()
  #built = 0
  #pending: [string, string][] = []
  #worker: Worker | undefined
  #stopped: PromiseWithResolvers<void> | undefined

  /** inodes: called once, when the thread starts; learnt: those learnt since, at each request. */
  constructor(inodes: () => [string, string][], learnt: () => [string, string][] = () => []) {
    this.#inodes = inodes
    this.#learnt = learnt
  }

  /** One entry is complete in staging at `staged`; it will be committed as `final`. */
  add(staged: string, final: string): void {
    if (++this.#built < EntryStamper.START_AFTER) return
    this.#worker ??= this.#start()
    // Sent a few at a time: a message per entry cost the main thread 0.5 s at 8,000 tasks.
    if (this.#pending.push([staged, final]) >= BATCH) this.#flush()
  }

  #flush(): void {
    if (this.#pending.length === 0) return
    this.#worker?.postMessage({ entries: this.#pending, inodes: this.#learnt() } satisfies StamperRequest)
    this.#pending = []
  }

  #start(): Worker {
    const stopped = (this.#stopped = Promise.withResolvers<void>())
    const inodes = this.#inodes()
    this.#learnt() // all in the memo, so in inodes already
    const worker = startTsWorker(EntryStamper.MODULE, { inodes } satisfies StamperInput)
    worker.on('message', (reply: StamperReply) => {
      if ('done' in reply) return stopped.resolve()
      for (const { entry, state, content } of reply.stamps) this.#stamps.set(entry, { state, content })
    })
    // A dead thread costs only speed: what it did not answer is stamped after the commit.
    worker.on('error', () => stopped.resolve())
    worker.on('exit', () => stopped.resolve())
    return worker
  }

  /** Waits for every entry sent so far; returns the stamps by committed entry path. */
  async finish(): Promise<ReadonlyMap<string, EarlyStamp>> {
    if (this.#worker) {
      this.#flush()
      this.#worker.postMessage({ end: true } satisfies StamperRequest)
      await this.#stopped?.promise
      this.close()
    }
    return this.#stamps
  }

  close(): void {
    void this.#worker?.terminate()
  }
}
