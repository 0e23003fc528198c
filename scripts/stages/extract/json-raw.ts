// The source text of a JSON document's top-level values, minified. A record's text fields are
// copied from the scenario file this way instead of being serialised again from parsed values:
// the file's own escapes are kept (LoCoBench writes ASCII with \uXXXX), so the copy stays
// one-byte text and costs a few slices where JSON.stringify would walk every character.
// Only called on text that JSON.parse accepted, so the scanning can assume valid JSON.

const QUOTE = 0x22
const BACKSLASH = 0x5c

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}

/** Index just past the string token starting at `start` (a quote). */
export function stringEnd(text: string, start: number): number {
  let i = start + 1
  for (;;) {
    i = text.indexOf('"', i)
    if (i < 0) throw new Error('unterminated string')
    let slashes = 0
    while (text.charCodeAt(i - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return i + 1
    i++
  }
}

/** Index just past the value starting at `start`. */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start)
  if (first === QUOTE) return stringEnd(text, start)
  if (first !== 0x7b && first !== 0x5b) {
    let i = start
    while (i < text.length) {
      const code = text.charCodeAt(i)
      if (code === 0x2c || code === 0x7d || code === 0x5d || isSpace(code)) break
      i++
    }
    return i
  }
  let depth = 0
  let i = start
  while (i < text.length) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      i = stringEnd(text, i)
      continue
    }
    if (code === 0x7b || code === 0x5b) depth++
    else if (code === 0x7d || code === 0x5d) {
      depth--
      if (depth === 0) return i + 1
    }
    i++
  }
  throw new Error('unterminated value')
}

export type Range = [start: number, end: number]

/** The source range of each top-level value of an object document; the last of duplicate keys wins, as in JSON.parse. */
export function topLevelRanges(text: string): Map<string, Range> {
  const ranges = new Map<string, Range>()
  let i = skipSpace(text, 0)
  if (text.charCodeAt(i) !== 0x7b) throw new Error('not an object')
  i = skipSpace(text, i + 1)
  while (text.charCodeAt(i) !== 0x7d) {
    const keyEnd = stringEnd(text, i)
    const rawKey = text.slice(i, keyEnd)
    const key = rawKey.includes('\\') ? (JSON.parse(rawKey) as string) : rawKey.slice(1, -1)
    i = skipSpace(text, skipSpace(text, keyEnd) + 1)
    const end = valueEnd(text, i)
    ranges.set(key, [i, end])
    i = skipSpace(text, end)
    if (text.charCodeAt(i) === 0x2c) i = skipSpace(text, i + 1)
  }
  return ranges
}

/** The value's text without the whitespace between tokens. */
export function minified(text: string, [start, end]: Range): string {
  const first = text.charCodeAt(start)
  if (first !== 0x7b && first !== 0x5b) return text.slice(start, end)
  const parts: string[] = []
  let i = start
  let runStart = start
  while (i < end) {
    const code = text.charCodeAt(i)
    if (code === QUOTE) {
      i = stringEnd(text, i)
    } else if (isSpace(code)) {
      if (i > runStart) parts.push(text.slice(runStart, i))
      i = skipSpace(text, i)
      runStart = i
    } else {
      i++
    }
  }
  if (end > runStart) parts.push(text.slice(runStart, end))
  return parts.join('')
}
