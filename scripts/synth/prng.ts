// A small seeded PRNG (sfc32) with named sub-streams. Each project draws from its own stream, so a
// project's files do not depend on how many other projects are generated or in which order.

/** 32-bit FNV-1a over the string, then murmur3's finaliser for avalanche. */
export function hash32(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

export class Rng {
  private a: number
  private b: number
  private c: number
  private d: number
  readonly label: string

  constructor(label: string) {
    this.label = label
    this.a = hash32(label, 1)
    this.b = hash32(label, 2)
    this.c = hash32(label, 3)
    this.d = hash32(label, 4) | 1
    for (let i = 0; i < 12; i++) this.u32()
  }

  /** An independent stream named by this stream's label and `name` (not by its current state). */
  fork(name: string): Rng {
    return new Rng(`${this.label}/${name}`)
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.u32() / 4294967296
  }

  /** Uniform integer in [lo, hi], both inclusive. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]
  }

  /** Picks by weight; `weights` pairs each value with a non-negative weight. */
  weighted<T>(weights: readonly (readonly [T, number])[]): T {
    let total = 0
    for (const [, w] of weights) total += w
    let r = this.next() * total
    for (const [value, w] of weights) {
      r -= w
      if (r < 0) return value
    }
    return weights[weights.length - 1][0]
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next())
  }

  shuffle<T>(list: T[]): T[] {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      const tmp = list[i]
      list[i] = list[j]
      list[j] = tmp
    }
    return list
  }

  /** `k` distinct items in random order. */
  sample<T>(list: readonly T[], k: number): T[] {
    return this.shuffle([...list]).slice(0, Math.max(0, Math.min(k, list.length)))
  }
}
