// Plain-text renderings of the polymorphic scenario fields, so templates never have to guess.
// The values themselves stay in the record as given; these are deterministic views of them:
// strings unchanged, objects as `key: value` lines (nested values indented), arrays as `- ` items.

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

const isScalar = (value: Json): value is string | number | boolean | null => value === null || typeof value !== 'object'

const scalarText = (value: string | number | boolean | null): string => (value === null ? '' : String(value))

const indent = (text: string, by: string): string => text.split('\n').map((line) => (line ? by + line : line)).join('\n')

/** A block of text for any JSON value. */
export function renderText(value: Json): string {
  if (isScalar(value)) return scalarText(value)
  if (Array.isArray(value)) return value.map(renderItem).join('\n')
  return Object.entries(value).map(([key, item]) => renderEntry(key, item)).join('\n')
}

function renderItem(item: Json): string {
  const text = renderText(item)
  const [first, ...rest] = text.split('\n')
  return rest.length ? `- ${first}\n${indent(rest.join('\n'), '  ')}` : `- ${first}`
}

function renderEntry(key: string, item: Json): string {
  if (isScalar(item) && !scalarText(item).includes('\n')) return `${key}: ${scalarText(item)}`
  return `${key}:\n${indent(renderText(item), '  ')}`
}

/**
 * A top-level prompt or approach: an object becomes one section per key (`session_1`, …), an
 * array one paragraph per item, each separated by a blank line, since these are read as prose.
 */
export function renderProse(value: Json): string {
  if (isScalar(value)) return scalarText(value)
  if (Array.isArray(value)) return value.map(renderText).join('\n\n')
  return Object.entries(value).map(([key, item]) => `${key}:\n${renderText(item)}`).join('\n\n')
}

const HEAD_KEYS = ['name', 'criterion', 'title', 'key']
const BODY_KEYS = ['description', 'metric', 'text', 'details']

/**
 * One evaluation criterion as a line. Objects seen in the data ({name, description, weight},
 * {criterion, metric, expected_value}, {criterion, description, scoring}) read as
 * `head: body (other: value, …)`; anything else falls back to `key: value; …`.
 */
export function renderCriterion(item: Json): string {
  if (isScalar(item)) return scalarText(item)
  if (Array.isArray(item)) return item.map(renderCriterion).join('; ')
  const entries = Object.entries(item)
  const head = entries.find(([key, value]) => HEAD_KEYS.includes(key) && typeof value === 'string')
  const body = entries.find(([key, value]) => BODY_KEYS.includes(key) && typeof value === 'string')
  const inline = (value: Json): string => (isScalar(value) ? scalarText(value) : JSON.stringify(value))
  if (!head && !body) return entries.map(([key, value]) => `${key}: ${inline(value)}`).join('; ')
  const rest = entries.filter((entry) => entry !== head && entry !== body).map(([key, value]) => `${key}: ${inline(value)}`)
  const main = [head?.[1], body?.[1]].filter((part) => part !== undefined).join(': ')
  return rest.length ? `${main} (${rest.join(', ')})` : main
}

export type { Json }
