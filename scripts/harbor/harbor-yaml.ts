// A block-style YAML writer for the plain data of a Harbor job config (objects, arrays, strings,
// numbers, booleans, null). Harbor reads job configs with a YAML parser, and the adapter convention
// is a `run_<adapter>.yaml`; the project has no YAML dependency and needs no reader, so a small
// writer that quotes every string that could be read as something else is enough.

// Plain scalars YAML 1.1/1.2 parsers read back as the same string: no indicator at the start,
// no `: ` or ` #`, nothing that looks like a number, bool or null.
const PLAIN = /^[A-Za-z_./][A-Za-z0-9_./@+-]*$/
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i

export function yamlScalar(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`YAML: cannot write the number ${value}`)
    return String(value)
  }
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.test(value) ? value : JSON.stringify(value)
  throw new Error(`YAML: not a scalar: ${JSON.stringify(value)}`)
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value)) {
    if (!value.length) return []
    return value.flatMap((item) => {
      if (isObject(item) && Object.keys(item).length) {
        const [first, ...rest] = lines(item, `${indent}  `)
        return [`${indent}- ${first.slice(indent.length + 2)}`, ...rest]
      }
      if (Array.isArray(item)) throw new Error('YAML: nested arrays are not supported')
      return [`${indent}- ${isObject(item) ? '{}' : yamlScalar(item)}`]
    })
  }
  if (isObject(value)) {
    return Object.entries(value).flatMap(([key, v]) => {
      const k = yamlScalar(key)
      if (Array.isArray(v)) return v.length ? [`${indent}${k}:`, ...lines(v, `${indent}  `)] : [`${indent}${k}: []`]
      if (isObject(v)) return Object.keys(v).length ? [`${indent}${k}:`, ...lines(v, `${indent}  `)] : [`${indent}${k}: {}`]
      return [`${indent}${k}: ${yamlScalar(v)}`]
    })
  }
  return [`${indent}${yamlScalar(value)}`]
}

/** The document, after `header` comment lines (each prefixed with `# `). */
export function toYaml(value: Record<string, unknown>, header: string[] = []): string {
  return [...header.map((l) => (l ? `# ${l}` : '#')), ...lines(value, '')].join('\n') + '\n'
}
