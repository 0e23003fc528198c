// The one concurrency limiter: stages across the graph and items inside a stage both run through
// it, so --concurrency means the same thing at every level.

export type Limit = <T>(task: () => Promise<T>) => Promise<T>

/** At most `limit` tasks run at once; the others wait in call order. */
export function limiter(limit: number): Limit {
  const max = Math.max(1, limit)
  let active = 0
  const queue: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => queue.push(resolve))
    active++
    try {
      return await task()
    } finally {
      active--
      queue.shift()?.()
    }
  }
}

/**
 * Runs `work` over `items` with at most `limit` at once, in order, with one rule when `groupOf` is
 * given: the first item of each group finishes before the rest of its group starts (items of one
 * group then reuse what their leader left behind, such as image layers, instead of redoing it side
 * by side). A rejected item rejects the whole call once the items already running have settled.
 */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  groupOf?: (item: T) => string,
): Promise<void> {
  const run = limiter(limit)
  const leaders = new Map<string, Promise<unknown>>()
  const all = items.map((item, i) => {
    const group = groupOf?.(item)
    const leader = group === undefined ? undefined : leaders.get(group)
    const task = leader
      ? leader.then(() => run(() => work(item, i)), () => run(() => work(item, i)))
      : run(() => work(item, i))
    if (group !== undefined && !leader) leaders.set(group, task)
    return task
  })
  const settled = await Promise.allSettled(all)
  const failure = settled.find((s) => s.status === 'rejected')
  if (failure) throw (failure as PromiseRejectedResult).reason
}
