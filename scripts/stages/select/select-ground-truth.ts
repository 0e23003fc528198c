// Whether a dataset record has a ground truth worth scoring against. A scenario whose ground truth
// is empty or missing cannot be graded: its verifier would reward any answer that names a few
// files, and such a scenario once ranked first of 50. Decided from the raw bytes of the value
// where possible, so select still never decodes the large texts of 8,000 records.

const SPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const ESCAPED_SPACE = new Set([0x6e, 0x74, 0x72]) // \n \t \r

/**
 * From the JSON bytes b[from, to) of the `ground_truth` value: false for `""`, a string of only
 * white space, `null`, `{}` and `[]`; true for anything else. Stops at the first byte that
 * settles it (the first letter of a real ground truth).
 */
export function groundTruthInBytes(b: Buffer, from: number, to: number): boolean {
  const open = b[from]
  if (open === 0x22) {
    for (let i = from + 1; i < to - 1; i++) {
      if (SPACE.has(b[i])) continue
      if (b[i] === 0x5c && ESCAPED_SPACE.has(b[i + 1])) {
        i++
        continue
      }
      return true
    }
    return false
  }
  if (open === 0x7b || open === 0x5b) {
    for (let i = from + 1; i < to - 1; i++) if (!SPACE.has(b[i])) return true
    return false
  }
  return !(to - from === 4 && b.toString('latin1', from, to) === 'null')
}

/** The same judgement on a parsed value (a line the byte scanner did not follow); undefined is missing. */
export function groundTruthInValue(value: unknown): boolean {
  if (value === undefined || value === null) return false
  if (typeof value === 'string') return value.trim() !== ''
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'object') return Object.keys(value).length > 0
  return true
}
