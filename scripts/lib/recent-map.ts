// A map that keeps only the entries used last. Generate's records arrive grouped by project, so a
// few recent project trees, views and patterns cover every task in flight, and memory stays flat
// however many projects a run has. An entry dropped early is only made again, never wrong.
export class RecentMap<K, V> {
  readonly #entries = new Map<K, V>()
  readonly #capacity: number

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  /** The entry for key, made by `make` when missing; either way it becomes the most recent. A
   *  `make` that throws leaves nothing behind. */
  get(key: K, make: (key: K) => V): V {
    let value: V
    if (this.#entries.has(key)) {
      value = this.#entries.get(key) as V
      this.#entries.delete(key)
    } else {
      value = make(key)
    }
    this.#entries.set(key, value)
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as K)
    return value
  }
}
