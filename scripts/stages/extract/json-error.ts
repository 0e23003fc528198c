// Where a JSON text first goes wrong, as line and column. V8's JSON.parse messages give a
// position only for some errors (and quote the whole input for others), so on the rare failing
// file a small scanner walks the text again and names the spot itself.

export interface JsonSyntaxError {
  line: number
  column: number
  message: string
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const LITERALS = ['true', 'false', 'null']
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

type Expect = 'value' | 'key' | 'colon' | 'comma-or-end' | 'done'

/** The first syntax error in `text`, or null when it is valid JSON. */
export function findJsonError(text: string): JsonSyntaxError | null {
  const stack: ('{' | '[')[] = []
  let expect: Expect = 'value'
  let i = 0
  const fail = (at: number, message: string): JsonSyntaxError => ({ ...lineColumn(text, at), message })
  const describe = (at: number) => (at >= text.length ? 'end of input' : `character ${JSON.stringify(text[at])}`)

  while (true) {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++
    const c = text[i]
    if (expect === 'done') return i >= text.length ? null : fail(i, `unexpected ${describe(i)} after the JSON value`)
    if (i >= text.length) return fail(i, 'unexpected end of input')

    if (expect === 'colon') {
      if (c !== ':') return fail(i, `expected ':' after a property name, found ${describe(i)}`)
      i++
      expect = 'value'
      continue
    }
    if (expect === 'comma-or-end') {
      const open = stack[stack.length - 1]
      if (c === ',') {
        i++
        expect = open === '{' ? 'key' : 'value'
        continue
      }
      if ((open === '{' && c === '}') || (open === '[' && c === ']')) {
        i++
        stack.pop()
        expect = stack.length ? 'comma-or-end' : 'done'
        continue
      }
      return fail(i, `expected ',' or '${open === '{' ? '}' : ']'}', found ${describe(i)}`)
    }
    if (expect === 'key') {
      if (c !== '"') return fail(i, `expected a property name in double quotes, found ${describe(i)}`)
      const end = scanString(text, i)
      if (typeof end !== 'number') return fail(end.at, end.message)
      i = end
      expect = 'colon'
      continue
    }
    // expect === 'value'
    if (c === '{' || c === '[') {
      stack.push(c)
      i++
      while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++
        stack.pop()
        expect = stack.length ? 'comma-or-end' : 'done'
      } else {
        expect = c === '{' ? 'key' : 'value'
      }
      continue
    }
    if (c === '"') {
      const end = scanString(text, i)
      if (typeof end !== 'number') return fail(end.at, end.message)
      i = end
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i
      if (!NUMBER.test(text)) return fail(i, `invalid number`)
      i = NUMBER.lastIndex
    } else {
      const literal = LITERALS.find((word) => text.startsWith(word, i))
      if (!literal) return fail(i, `unexpected ${describe(i)}`)
      i += literal.length
    }
    expect = stack.length ? 'comma-or-end' : 'done'
  }
}

function scanString(text: string, start: number): number | { at: number; message: string } {
  for (let i = start + 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code === 0x22) return i + 1
    if (code < 0x20) return { at: i, message: 'control character in a string' }
    if (code === 0x5c) {
      ESCAPE.lastIndex = i
      if (!ESCAPE.test(text)) return { at: i, message: 'invalid escape in a string' }
      i = ESCAPE.lastIndex - 1
    }
  }
  return { at: text.length, message: 'unterminated string' }
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++
    lineStart = i + 1
  }
  return { line, column: offset - lineStart + 1 }
}
