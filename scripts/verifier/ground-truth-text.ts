// ground_truth_text for object ground truths: Markdown a reader (and the keyword metric) sees as
// prose, not JSON. Keys become labels ("file_with_bug" → "File with bug"), arrays become lists,
// code-valued keys (buggy_code, fixed_code, …) become fenced blocks, key order is kept.

const CODE_KEY = /(^|_)(code|snippet|diff|patch)s?$/i

const label = (key: string): string => {
  const words = key.replace(/_+/g, ' ').trim()
  return words ? words[0].toUpperCase() + words.slice(1) : key
}

const isScalar = (v: unknown): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v)

function fence(lines: string[]): string[] {
  let longest = 0
  for (const line of lines) for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length)
  const f = '`'.repeat(Math.max(3, longest + 1))
  return [f, ...lines, f]
}

function indent(lines: string[], first: string, rest: string): string[] {
  return lines.map((l, i) => (i === 0 ? first : l === '' ? '' : rest) + l)
}

function render(value: unknown, depth: number): string[] {
  if (value === null || value === undefined) return []
  if (isScalar(value)) return String(value).split('\n')
  if (Array.isArray(value)) return value.flatMap((item) => indent(render(item, depth + 1), '- ', '  '))
  const out: string[] = []
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (out.length > 0) out.push('')
    if (CODE_KEY.test(key) && (typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')))) {
      out.push(`**${label(key)}:**`, ...fence(typeof v === 'string' ? v.split('\n') : (v as string[]).flatMap((x) => x.split('\n'))))
    } else if (isScalar(v)) {
      const [first, ...rest] = String(v).split('\n')
      out.push(`**${label(key)}:** ${first}`, ...rest)
    } else {
      out.push(`${'#'.repeat(Math.min(depth + 3, 6))} ${label(key)}`, '', ...render(v, depth + 1))
    }
  }
  return out
}

/** The text the keyword metric reads: a string as is, anything else rendered as Markdown. */
export function groundTruthText(groundTruth: unknown): string {
  return typeof groundTruth === 'string' ? groundTruth : render(groundTruth, 0).join('\n')
}
