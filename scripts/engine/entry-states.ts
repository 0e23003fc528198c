// The stats state of a tree's entries, for a plan: at 8,000 tasks that is 451,000 files to stat,
// most of a no-op run. A large tree is split in two and the second half walked on a thread at the
// same time. The plan is synchronous, so the main thread blocks on the thread's answer once its
// own half is done. Only a shortcut: a thread that cannot start, fails or does not answer in time
// leaves its half to the main thread, and the states are the same either way.
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads'
import { startTsWorker } from '../lib/ts-worker.ts'
import { specStats, type Listings } from './files.ts'
import type { EntryState } from './types.ts'

export interface StatesInput {
  entries: string[]
  port: MessagePort
  /** Set to 1 (and notified) once the answer is on the port. */
  signal: Int32Array
}

export type StatesReply = { states: EntryState[] } | { failed: string }

export const stateOf = (entry: string, listings?: Listings): EntryState => {
  const { files, digest } = specStats([entry], listings)
  return { files, stats: digest }
}

export const ParallelStates = {
  /** Entries from which a thread walks half of them (a walk of fewer costs less than starting one). */
  from: 1000,
  module: new URL('./entry-states-worker.ts', import.meta.url),
  /** How long past ten times the main thread's half a silent thread is waited for. */
  graceMs: 1000,
}

export function entryStates(entries: string[], listings: Listings): EntryState[] {
  if (entries.length < ParallelStates.from) return entries.map((e) => stateOf(e, listings))
  const half = Math.ceil(entries.length / 2)
  const signal = new Int32Array(new SharedArrayBuffer(4))
  const { port1, port2 } = new MessageChannel()
  let worker
  try {
    worker = startTsWorker(ParallelStates.module, { entries: entries.slice(half), port: port2, signal } satisfies StatesInput, undefined, [port2])
  } catch {
    return entries.map((e) => stateOf(e, listings))
  }
  // Its failure is handled below (the main thread walks its half): not an uncaught error.
  worker.on('error', () => {})
  const started = performance.now()
  const mine = entries.slice(0, half).map((e) => stateOf(e, listings))
  // The thread's half costs about what ours did; a thread that has not answered long after that
  // (it died, or the machine is starved) is not waited for.
  const deadline = performance.now() + 10 * (performance.now() - started) + ParallelStates.graceMs
  let reply: StatesReply | undefined
  while (!reply && performance.now() < deadline) {
    Atomics.wait(signal, 0, 0, 50)
    reply = receiveMessageOnPort(port1)?.message as StatesReply | undefined
  }
  void worker.terminate()
  port1.close()
  const theirs = reply && 'states' in reply && reply.states.length === entries.length - half ? reply.states : entries.slice(half).map((e) => stateOf(e, listings))
  return [...mine, ...theirs]
}
