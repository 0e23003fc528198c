// Identifier casing helpers shared by the tree planner, the code writers and the scenario texts.

const memo = new Map<string, string[]>()

/** Words of an identifier or phrase, lower-cased (memoised: the vocabulary is small and hot). */
export function splitWords(text: string): string[] {
  let words = memo.get(text)
  if (!words) {
    words = text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w.toLowerCase())
    if (memo.size > 20_000) memo.clear()
    memo.set(text, words)
  }
  return words
}

const cap = (w: string): string => (w ? w[0].toUpperCase() + w.slice(1) : w)

// A trie keyed by the parts themselves: vocabulary strings are shared objects whose hashes V8
// caches, so a hit costs a few map lookups and no string building.
interface CaseNode { value?: string; next?: Map<string, CaseNode> }
let trieSize = 0

function memoCase(root: CaseNode, parts: string[], make: (words: string[]) => string): string {
  let node = root
  for (const part of parts) {
    let child = node.next?.get(part)
    if (!child) {
      if (++trieSize > 40_000) resetTries()
      child = {}
      ;(node.next ??= new Map()).set(part, child)
    }
    node = child
  }
  return (node.value ??= make(parts.flatMap(splitWords)))
}

const tries = { s: {} as CaseNode, k: {} as CaseNode, p: {} as CaseNode, c: {} as CaseNode, u: {} as CaseNode, t: {} as CaseNode }
function resetTries(): void {
  for (const key of Object.keys(tries) as (keyof typeof tries)[]) tries[key] = {}
  trieSize = 0
}

export const snake = (...parts: string[]): string => memoCase(tries.s, parts, (w) => w.join('_'))
export const kebab = (...parts: string[]): string => memoCase(tries.k, parts, (w) => w.join('-'))
export const pascal = (...parts: string[]): string => memoCase(tries.p, parts, (w) => w.map(cap).join(''))
export const camel = (...parts: string[]): string => memoCase(tries.c, parts, (w) => {
  const p = w.map(cap).join('')
  return p ? p[0].toLowerCase() + p.slice(1) : p
})
export const upperSnake = (...parts: string[]): string => memoCase(tries.u, parts, (w) => w.join('_').toUpperCase())
export const titleCase = (...parts: string[]): string => memoCase(tries.t, parts, (w) => w.map(cap).join(' '))
