// entry-states.ts's thread: the stats state of each entry it is given, answered once.
import { workerData } from 'node:worker_threads'
import { Listings } from './files.ts'
import { stateOf, type StatesInput, type StatesReply } from './entry-states.ts'

const { entries, port, signal } = workerData as StatesInput
let reply: StatesReply
try {
  const listings = new Listings()
  reply = { states: entries.map((e) => stateOf(e, listings)) }
} catch (error) {
  reply = { failed: String(error) }
}
port.postMessage(reply)
Atomics.store(signal, 0, 1)
Atomics.notify(signal, 0)
