// Finds a few top-level members of one JSON object without parsing the rest of it.
//
// Members are taken from the front and from the back of the object until every wanted key has been
// seen, so the cost is the size of the members walked, not of the line: extract writes the id
// fields first and the counts last, and the large texts in between are never touched. Both
// directions are exact for valid JSON: a quote inside a string is always escaped (an odd run of
// backslashes before it), so the unescaped quote found going backwards is the string's opening one.
//
// Nothing between the two ends is checked. That is sound for dataset.jsonl, which extract wrote
// with JSON.stringify and the engine validated line by line before committing; a caller that needs
// the whole record parses it. Anything unexpected throws Unfollowable, and the caller falls back
// to JSON.parse, which either reads the line or reports what is wrong with it. A key repeated at
// the top level (JSON.stringify never writes one) gives its first occurrence walked, where
// JSON.parse would keep the last.
import { ExitError } from './errors.ts'

export class Unfollowable extends ExitError {
  constructor() {
    super('a JSON shape the scanner does not follow (the caller parses the whole object)')
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN_OBJECT = 0x7b
const CLOSE_OBJECT = 0x7d
const OPEN_ARRAY = 0x5b
const CLOSE_ARRAY = 0x5d
/** Strings longer than this are searched natively; shorter ones are cheaper to walk byte by byte. */
const SHORT = 256

/** Byte range [start, end) of each wanted key's value; keys not in the object are absent. */
export type ValueRanges = Map<string, [start: number, end: number]>

/**
 * How many members each side needed for the previous line. Lines of one file share a layout, so
 * following the plan first finds the keys without walking anything else; a line it does not fit
 * simply goes on walking. The plan changes what is walked, never what is found.
 */
export interface WalkPlan {
  front: number
  back: number
}

export function findMembers(b: Buffer, start: number, end: number, wanted: Vocabulary, plan: WalkPlan = { front: 0, back: 0 }): ValueRanges {
  const found: ValueRanges = new Map()
  let front = skipSpace(b, start, end)
  let back = skipSpaceBack(b, end - 1, front)
  if (b[front] !== OPEN_OBJECT || b[back] !== CLOSE_OBJECT || back <= front) throw new Unfollowable()
  front = skipSpace(b, front + 1, back)
  back = skipSpaceBack(b, back - 1, front) // last byte of the last member; below front for {}
  const head = front
  const tail = back
  let frontTaken = 0
  let backTaken = 0
  let frontNeeded = 0
  let backNeeded = 0
  while (found.size < wanted.size && front <= back) {
    const before = found.size
    // Past the plan, the side that has walked fewer bytes goes next, so the walk costs at most
    // about twice what the cheaper side needs however the keys are laid out.
    if (frontTaken < plan.front || (backTaken >= plan.back && front - head <= tail - back)) {
      front = takeFront(b, front, back + 1, wanted, found)
      if (found.size > before) frontNeeded = frontTaken + 1
      frontTaken++
    } else {
      back = takeBack(b, back, front, wanted, found)
      if (found.size > before) backNeeded = backTaken + 1
      backTaken++
    }
  }
  if (found.size === wanted.size) {
    plan.front = frontNeeded
    plan.back = backNeeded
  }
  return found
}

/** Reads the member starting at p; returns where the next one starts (limit when none is left). */
function takeFront(b: Buffer, p: number, limit: number, wanted: Vocabulary, found: ValueRanges): number {
  if (b[p] !== QUOTE) throw new Unfollowable()
  const keyOpen = p
  const keyEnd = stringEnd(b, p + 1, limit)
  p = skipSpace(b, keyEnd, limit)
  if (b[p] !== COLON) throw new Unfollowable()
  const valueStart = skipSpace(b, p + 1, limit)
  const valueEnd = valueEndFrom(b, valueStart, limit)
  note(b, keyOpen, keyEnd - 1, [valueStart, valueEnd], wanted, found)
  p = skipSpace(b, valueEnd, limit)
  if (p >= limit) return limit
  if (b[p] !== COMMA) throw new Unfollowable()
  return skipSpace(b, p + 1, limit)
}

/** Reads the member whose value ends at e (inclusive); returns the last byte of the member before it. */
function takeBack(b: Buffer, e: number, floor: number, wanted: Vocabulary, found: ValueRanges): number {
  const valueStart = valueStartBefore(b, e, floor)
  let p = skipSpaceBack(b, valueStart - 1, floor)
  if (b[p] !== COLON) throw new Unfollowable()
  const keyClose = skipSpaceBack(b, p - 1, floor)
  if (b[keyClose] !== QUOTE) throw new Unfollowable()
  const keyOpen = stringStart(b, keyClose, floor)
  note(b, keyOpen, keyClose, [valueStart, e + 1], wanted, found)
  p = skipSpaceBack(b, keyOpen - 1, floor)
  if (p < floor) return floor - 1 // that was the first member
  if (b[p] !== COMMA) throw new Unfollowable()
  return skipSpaceBack(b, p - 1, floor)
}

function note(b: Buffer, keyOpen: number, keyClose: number, value: [number, number], wanted: Vocabulary, found: ValueRanges): void {
  const key = wanted.match(b, keyOpen + 1, keyClose)
  if (key !== undefined && !found.has(key)) found.set(key, value)
}

/** A fixed set of words matched against the raw bytes of JSON strings, without decoding them. */
export class Vocabulary {
  readonly size: number
  readonly #keys: string[]
  readonly #bytes: Buffer[]

  constructor(keys: Iterable<string>) {
    this.#keys = [...new Set(keys)]
    this.#bytes = this.#keys.map((key) => Buffer.from(key, 'utf8'))
    this.size = this.#keys.length
  }

  /** The word whose JSON text (without quotes) is b[start, end), if any; escapes are decoded first. */
  match(b: Buffer, start: number, end: number): string | undefined {
    for (let k = 0; k < this.#bytes.length; k++) {
      if (this.#bytes[k].length === end - start && sameBytes(b, start, this.#bytes[k])) return this.#keys[k]
    }
    for (let i = start; i < end; i++) {
      if (b[i] === BACKSLASH) {
        const key = JSON.parse(b.toString('utf8', start - 1, end + 1)) as string
        return this.#keys.includes(key) ? key : undefined
      }
    }
    return undefined
  }
}

function sameBytes(b: Buffer, start: number, bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (b[start + i] !== bytes[i]) return false
  return true
}

/** p is just after an opening quote; returns the index just after the closing one. */
function stringEnd(b: Buffer, p: number, limit: number): number {
  const walkTo = Math.min(limit, p + SHORT)
  for (; p < walkTo; p++) {
    const c = b[p]
    if (c === QUOTE) return p + 1
    if (c === BACKSLASH) p++
  }
  for (;;) {
    const q = b.indexOf(QUOTE, p)
    if (q === -1 || q >= limit) throw new Unfollowable()
    if (backslashesBefore(b, q) % 2 === 0) return q + 1
    p = q + 1
  }
}

/** q is a closing quote; returns the index of the opening one. */
function stringStart(b: Buffer, q: number, floor: number): number {
  let p = q - 1
  const walkTo = Math.max(floor, q - SHORT)
  for (; p >= walkTo; p--) {
    if (b[p] === QUOTE && backslashesBefore(b, p) % 2 === 0) return p
  }
  for (;;) {
    const r = p < floor ? -1 : b.lastIndexOf(QUOTE, p)
    if (r < floor) throw new Unfollowable()
    if (backslashesBefore(b, r) % 2 === 0) return r
    p = r - 1
  }
}

function backslashesBefore(b: Buffer, q: number): number {
  let n = 0
  while (b[q - 1 - n] === BACKSLASH) n++
  return n
}

function valueEndFrom(b: Buffer, p: number, limit: number): number {
  const first = b[p]
  if (first === QUOTE) return stringEnd(b, p + 1, limit)
  if (first === OPEN_OBJECT || first === OPEN_ARRAY) {
    let depth = 0
    while (p < limit) {
      const c = b[p]
      if (c === QUOTE) {
        p = stringEnd(b, p + 1, limit)
        continue
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++
      else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return p + 1
      p++
    }
    throw new Unfollowable()
  }
  const from = p
  while (p < limit && !isDelimiter(b[p])) p++
  if (p === from) throw new Unfollowable()
  return p
}

/** e is the last byte of a value; returns its first byte. */
function valueStartBefore(b: Buffer, e: number, floor: number): number {
  const last = b[e]
  if (last === QUOTE) return stringStart(b, e, floor)
  if (last === CLOSE_OBJECT || last === CLOSE_ARRAY) {
    let depth = 0
    while (e >= floor) {
      const c = b[e]
      if (c === QUOTE) {
        e = stringStart(b, e, floor) - 1
        continue
      }
      if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth++
      else if ((c === OPEN_OBJECT || c === OPEN_ARRAY) && --depth === 0) return e
      e--
    }
    throw new Unfollowable()
  }
  const to = e
  while (e >= floor && !isDelimiter(b[e]) && b[e] !== COLON) e--
  if (e === to) throw new Unfollowable()
  return e + 1
}

const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d
const isDelimiter = (c: number): boolean => c === COMMA || c === CLOSE_OBJECT || c === CLOSE_ARRAY || isSpace(c)

function skipSpace(b: Buffer, p: number, limit: number): number {
  while (p < limit && isSpace(b[p])) p++
  return p
}

function skipSpaceBack(b: Buffer, p: number, floor: number): number {
  while (p >= floor && isSpace(b[p])) p--
  return p
}
