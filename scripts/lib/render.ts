// EJS templates with escaping per target (TOML, shell, Markdown, Dockerfile), never HTML.
// Every `<%= x %>` goes through the target's escaper; helpers return Raw for values already made
// safe (a Markdown block, a TOML array). Inserted values are marked while rendering, so the check
// for placeholder-like leftovers looks only at what the template itself produced (a `{github_org}`
// typo, a stray `<%`), never at task text, which may legitimately hold `{{` or `<%`.
import ejs from 'ejs'
import { ExitError } from './errors.ts'

export type Target = 'markdown' | 'toml' | 'shell' | 'dockerfile'

export class RenderError extends ExitError {
  readonly template: string
  constructor(template: string, message: string) {
    super(`${template}: ${message}`)
    this.name = 'RenderError'
    this.template = template
  }
}

/** Text a helper has already escaped for the template's target; inserted as is. */
export class Raw {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
}

export const raw = (text: string): Raw => new Raw(text)

// ---- TOML -------------------------------------------------------------------------------------

const TOML_NAMED: Record<string, string> = { '\b': '\\b', '\t': '\\t', '\n': '\\n', '\f': '\\f', '\r': '\\r', '"': '\\"', '\\': '\\\\' }

/** A TOML basic string, quotes included; control characters and lone surrogates cannot survive. */
export function tomlString(text: string): string {
  let out = '"'
  for (const ch of text.toWellFormed()) {
    const named = TOML_NAMED[ch]
    if (named) out += named
    else if (ch < ' ' || ch === '\x7f') out += `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}

const BARE_KEY = /^[A-Za-z0-9_-]+$/

/** Any JSON-like value as a TOML value: strings, finite numbers, booleans, arrays, inline tables. */
export function tomlValue(value: unknown): string {
  if (typeof value === 'string') return tomlString(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`)
    return String(value)
  }
  if (typeof value === 'boolean') return String(value)
  if (Array.isArray(value)) return `[${value.map(tomlValue).join(', ')}]`
  if (value && typeof value === 'object' && !(value instanceof Raw)) {
    const pairs = Object.entries(value).filter(([, v]) => v !== undefined)
    if (pairs.length === 0) return '{}'
    return `{ ${pairs.map(([k, v]) => `${BARE_KEY.test(k) ? k : tomlString(k)} = ${tomlValue(v)}`).join(', ')} }`
  }
  throw new Error(`no TOML form for ${describe(value)}`)
}

// ---- shell ------------------------------------------------------------------------------------

/** One shell word in single quotes: nothing inside is expanded, a quote is closed and reopened. */
export function shellWord(text: string): string {
  if (/[\0\x01]/.test(text)) throw new Error('a shell word cannot hold NUL or SOH characters')
  return `'${text.replaceAll("'", `'\\''`)}'`
}

// ---- Dockerfile -------------------------------------------------------------------------------

const DOCKER_WORD = /^[A-Za-z0-9@%+=:,./_-]+$/

/** A Dockerfile token (image, package, user name): validated, never quoted, so it cannot inject. */
export function dockerWord(text: string): string {
  if (!DOCKER_WORD.test(text)) throw new Error(`not a safe Dockerfile word: ${JSON.stringify(text)}`)
  return text
}

// ---- Markdown ---------------------------------------------------------------------------------

// C0 controls except tab and newline; DEL. They have no business in an instruction.
const CONTROLS = /[\0-\x08\x0b-\x1f\x7f]/g

const normaliseText = (text: string): string => text.toWellFormed().replace(/\r\n?/g, '\n').replace(CONTROLS, '')

/**
 * Text placed inline (a title in a heading, a value in a list item): one line, and nothing in it
 * may open a block (heading, quote, list, fence, HTML block) or close the heading early.
 */
export function mdInline(text: string): string {
  let s = normaliseText(text).replace(/\s+/g, ' ').trim()
  s = s.replace(/\\(?=[!-/:-@[-`{-~])/g, '\\\\')
  s = s.replace(/<(?=[A-Za-z!/?])/g, '\\<')
  s = s.replace(/^([#>+*=|~-])/, '\\$1').replace(/^(\d{1,9})([.)])/, '$1\\$2').replace(/^(`{3,})/, '\\$1')
  s = s.replace(/(\s)(#+)$/, '$1\\$2')
  return s
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/
const HEADING = /^( {0,3})(#{1,6})(?=\s|$)/
const SWALLOWING_HTML = /^( {0,3})<(?=!--|!\[CDATA\[|\?|![A-Za-z]|(?:script|pre|style|textarea)(?:\s|>|$))/i

/**
 * Block text (a task prompt, a description) keeps its Markdown, but cannot break the document it
 * sits in: headings are demoted below the section they sit in, an unclosed code fence is closed,
 * and HTML blocks that would swallow the rest of the file (comments, <pre>, <script>) are escaped.
 */
export function mdBlock(text: string, headingOffset = 2): string {
  const lines = normaliseText(text).split('\n')
  let fence: string | undefined
  const out = lines.map((line) => {
    const f = FENCE.exec(line)
    if (fence !== undefined) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && f[2].trim() === '') fence = undefined
      return line
    }
    if (f && !(f[1][0] === '`' && f[2].includes('`'))) {
      fence = f[1]
      return line
    }
    const h = HEADING.exec(line)
    if (h) {
      const level = h[2].length + headingOffset
      return level <= 6 ? `${h[1]}${'#'.repeat(level)}${line.slice(h[0].length)}` : `${h[1]}\\${line.slice(h[1].length)}`
    }
    return line.replace(SWALLOWING_HTML, '$1\\<')
  })
  while (out.length && out[out.length - 1].trim() === '') out.pop()
  while (out.length && out[0].trim() === '') out.shift()
  if (fence !== undefined) out.push(fence)
  return out.join('\n')
}

/** A fenced code block whose fence is longer than any backtick run inside it. */
export function mdCode(text: string, info = ''): string {
  const body = normaliseText(text).replace(/\n+$/, '')
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((m) => m[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${info}\n${body}\n${fence}`
}

// ---- templates --------------------------------------------------------------------------------

const ESCAPERS: Record<Target, (value: unknown) => string> = {
  markdown: (v) => mdInline(scalarText(v)),
  toml: tomlValue,
  shell: (v) => shellWord(scalarText(v)),
  dockerfile: (v) => dockerWord(scalarText(v)),
}

const SUSPICIOUS_VALUES = new Set(['undefined', 'null', 'NaN', '[object Object]'])

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'boolean') return String(value)
  throw new Error(`no text form for ${describe(value)}`)
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`
}

/** Placeholder-like leftovers: template tags, `{{ x }}`, `{name}` (not shell `${name}`), undefined. */
export function findLeftovers(text: string): string[] {
  const found = new Set<string>()
  for (const re of [/<%|%>/g, /\{\{|\}\}/g, /(?<!\$)\{[A-Za-z_][A-Za-z0-9_]*\}/g, /\bundefined\b|\[object Object\]|\bNaN\b/g]) {
    for (const m of text.matchAll(re)) found.add(m[0])
  }
  return [...found]
}

export interface Template {
  name: string
  target: Target
  render(data: Record<string, unknown>): string
}

// Inserted values are wrapped in these while rendering: the text outside them is what the template
// itself produced. Every escaper removes or escapes control characters, so they cannot collide.
const OPEN = '\u0000'
const CLOSE = '\u0001'
const INSERTED = /\u0000[^\u0001]*\u0001/g
const MARKS = /[\u0000\u0001]/g

/**
 * Compiles an EJS template for one target. `name` appears in every error. Templates read their
 * data as `it.<key>`; `<%-` (unescaped output) is refused: raw text must come through a helper.
 */
export function compileTemplate(name: string, source: string, target: Target): Template {
  if (source.includes('<%-')) throw new RenderError(name, 'uses <%- (unescaped output); insert helper results with <%= instead')
  if (source.includes('\r')) throw new RenderError(name, 'has CR line endings; templates must use LF')
  if (/[\u0000\u0001]/.test(source)) throw new RenderError(name, 'contains NUL or SOH characters')
  const escape = (value: unknown): string => {
    let text: string
    if (value instanceof Raw) text = value.text
    else {
      try {
        text = ESCAPERS[target](value)
      } catch (error) {
        throw new RenderError(name, `cannot insert a value: ${(error as Error).message}`)
      }
      if (SUSPICIOUS_VALUES.has(text)) throw new RenderError(name, `inserted the value ${text}`)
    }
    if (text.includes(OPEN) || text.includes(CLOSE)) throw new RenderError(name, 'an inserted value contains NUL or SOH characters')
    return OPEN + text + CLOSE
  }
  let fn: ejs.TemplateFunction
  try {
    fn = ejs.compile(source, { strict: true, localsName: 'it', escape, filename: name, async: false }) as ejs.TemplateFunction
  } catch (error) {
    throw new RenderError(name, `does not compile: ${(error as Error).message}`)
  }
  return {
    name,
    target,
    render(data) {
      let marked: string
      try {
        marked = fn(data)
      } catch (error) {
        if (error instanceof RenderError) throw error
        throw new RenderError(name, (error as Error).message.replace(MARKS, ''))
      }
      const leftovers = findLeftovers(marked.replace(INSERTED, ''))
      if (leftovers.length) throw new RenderError(name, `left placeholders in its output: ${leftovers.join(', ')}`)
      return marked.replace(MARKS, '')
    },
  }
}
