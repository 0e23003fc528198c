// Reducing repeated runs to the figures the report shows: median and spread (min–max).

export interface Stat {
  /** Every run's value, in run order. */
  values: number[]
  median: number
  min: number
  max: number
}

/** The middle value; the mean of the two middle values for an even count. */
export function median(values: number[]): number {
  if (values.length === 0) throw new RangeError('median of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** Medians of an even count to 0.01: the mean of two readings carries float noise otherwise. */
export function stat(values: number[]): Stat {
  return { values: [...values], median: Math.round(median(values) * 100) / 100, min: Math.min(...values), max: Math.max(...values) }
}

/** stat() over the defined values only; undefined when none is. */
export function statOf(values: (number | null | undefined)[]): Stat | undefined {
  const known = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  return known.length ? stat(known) : undefined
}
