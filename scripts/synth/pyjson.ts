// Python's `json.dump(obj, fp, indent=2)` byte for byte: ensure_ascii escapes (\uXXXX, lower-case
// hex, surrogate pairs for astral characters), item separator "," at line ends, ": " between key
// and value, no trailing spaces, no final newline, `[]`/`{}` for empty containers, and floats in
// Python's repr (1.0, 1e-05, 1e+16). JS numbers carry no int/float distinction, so floats are
// wrapped in PyFloat where they must print as Python floats.

export class PyFloat {
  readonly value: number
  constructor(value: number) {
    this.value = value
  }
}

export const pyFloat = (value: number): PyFloat => new PyFloat(value)

/** Python's repr() of a float (shortest round-trip digits, Python's exponent thresholds). */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  if (!Number.isFinite(x)) return x > 0 ? 'Infinity' : '-Infinity'
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa, expText] = x.toExponential().split('e')
  const exp = Number(expText)
  if (exp < -4 || exp >= 16) return `${mantissa}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  const fixed = String(x)
  return fixed.includes('.') ? fixed : `${fixed}.0`
}

const NON_ASCII = /[\u007f-\uffff]/g
const escapeUnit = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`

/** A JSON string literal as Python writes it with ensure_ascii=True. */
export function pyString(text: string): string {
  const json = JSON.stringify(text)
  return hasNonAscii(json) ? json.replace(NON_ASCII, escapeUnit) : json
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7e) return true
  return false
}

/** Serialises `value` as json.dumps(value, indent=2) does; `depth` sets the starting indent. */
export function pyDumps(value: unknown, depth = 0): string {
  const out: string[] = []
  write(value, depth, out)
  return out.join('')
}

function write(value: unknown, depth: number, out: string[]): void {
  if (value === null || value === undefined) return void out.push('null')
  if (value instanceof PyFloat) return void out.push(pyFloatRepr(value.value))
  if (value instanceof RawJson) return void out.push(value.text)
  switch (typeof value) {
    case 'string': return void out.push(pyString(value))
    case 'boolean': return void out.push(value ? 'true' : 'false')
    case 'number':
      if (!Number.isInteger(value)) throw new TypeError(`non-integer ${value} must be wrapped in PyFloat`)
      return void out.push(String(value))
  }
  const inner = '\n' + '  '.repeat(depth + 1)
  if (Array.isArray(value)) {
    if (value.length === 0) return void out.push('[]')
    out.push('[')
    value.forEach((item, i) => {
      out.push(i ? `,${inner}` : inner)
      write(item, depth + 1, out)
    })
    return void out.push('\n' + '  '.repeat(depth) + ']')
  }
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0) return void out.push('{}')
  out.push('{')
  entries.forEach(([key, item], i) => {
    out.push(i ? `,${inner}` : inner, pyString(key), ': ')
    write(item, depth + 1, out)
  })
  out.push('\n' + '  '.repeat(depth) + '}')
}

/** Pre-serialised JSON spliced in as is (a fragment serialised once and shared by many files). */
export class RawJson {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}
