// HTML building for report/index.html: a tagged template that escapes every interpolated value
// unless it is already SafeHtml, so a section cannot forget to escape task text, file names or
// messages (all of which come from the dataset and may hold `<`, `&` or quotes).

/** Markup that is already safe to insert (built by `html` or vetted by `inlineSvg`). */
export class SafeHtml {
  readonly text: string
  constructor(text: string) {
    this.text = text
  }
  toString(): string {
    return this.text
  }
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[]

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text for an element body or a quoted attribute; lone surrogates become U+FFFD so the page stays valid UTF-8. */
export const escapeHtml = (text: string): string => text.toWellFormed().replace(/[&<>"']/g, (ch) => ENTITIES[ch])

function insert(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.text
  if (Array.isArray(value)) return value.map(insert).join('')
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

/** `html\`<td>${text}</td>\`` escapes `text`; arrays are joined; null, undefined and false vanish. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]
  values.forEach((value, i) => (out += insert(value) + strings[i + 1]))
  return new SafeHtml(out)
}

/**
 * A relative href from report/index.html to `outRel` (a path relative to the out dir, `/`
 * separated): every segment percent-encoded, so ids and file names cannot break out of the URL.
 */
export function hrefFromReport(outRel: string): string {
  const segments = outRel.split('/').map((s) => encodeURIComponent(s))
  return segments[0] === 'report' ? segments.slice(1).join('/') : `../${segments.join('/')}`
}

/** An anchor id safe in both `id="…"` and `href="#…"`. */
export const anchorId = (prefix: string, key: string): string => `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, (ch) => `.${ch.codePointAt(0)!.toString(16)}`)}`

// What a chart may contain to be inlined as markup: our own charts are plain shapes and text.
// Anything able to run code or fetch something (scripts, event handlers, links, foreign content,
// CSS urls or imports, entities) sends the chart through an <img> data URL instead, where the
// browser renders it as an image with scripts and fetches disabled.
// (No `javascript:` check: it can only act through an href or url(), both refused, and a chart
// label may legitimately read "javascript: 1".)
const SVG_UNSAFE = /<(?:script|foreignObject|iframe|object|embed|use|image|animate\w*|set|a|style|!ENTITY|!DOCTYPE)\b|\son[a-z]+\s*=|href\s*=|url\s*\(|@import/i

/** An SVG file's markup, ready to sit inside the page, or an <img> data URL when it holds anything active. */
export function inlineSvg(svg: string, label: string): SafeHtml {
  const body = svg.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?/, '').trimEnd()
  if (body.startsWith('<svg') && body.endsWith('</svg>') && !SVG_UNSAFE.test(body)) return new SafeHtml(body)
  const data = `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
  return html`<img alt="${label}" src="${data}">`
}
