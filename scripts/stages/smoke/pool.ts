// Bounded concurrency with one ordering rule: the first item of each group runs before the rest of
// its group. Tasks of one toolchain then reuse the layers their leader built instead of building
// the same toolchain side by side (the legacy builder does not merge identical concurrent steps).

export async function runGrouped<T, R>(
  items: T[],
  limit: number,
  groupOf: (item: T) => string,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  const leaderOf = new Map<string, number>()
  items.forEach((item, i) => {
    const group = groupOf(item)
    if (!leaderOf.has(group)) leaderOf.set(group, i)
  })
  const leaders = [...leaderOf.values()]
  const pending = [...leaders, ...items.map((_, i) => i).filter((i) => !leaders.includes(i))]
  const ready = new Set<string>()
  let wake: Array<() => void> = []

  const take = (): number | 'wait' | undefined => {
    const k = pending.findIndex((i) => leaderOf.get(groupOf(items[i])) === i || ready.has(groupOf(items[i])))
    if (k >= 0) return pending.splice(k, 1)[0]
    return pending.length ? 'wait' : undefined
  }

  const worker = async (): Promise<void> => {
    for (;;) {
      const i = take()
      if (i === undefined) return
      if (i === 'wait') {
        await new Promise<void>((resolve) => wake.push(resolve))
        continue
      }
      try {
        results[i] = await work(items[i])
      } finally {
        const group = groupOf(items[i])
        if (leaderOf.get(group) === i) {
          ready.add(group)
          const waiting = wake
          wake = []
          for (const resolve of waiting) resolve()
        }
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker))
  return results
}
