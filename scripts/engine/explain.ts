// `explain STAGE`: why a stage would run, in more detail than `status`' one line: which recipe
// parts changed since its record, which input files were added, removed or changed (counted, the
// first few named), and which upstream stages are stale. A pure plan: it reads and hashes files
// but writes nothing, like `status`.
import { relative } from 'node:path'
import { UsageError } from './exit-error.ts'
import { expand, hashEntry, sameStat } from './files.ts'
import { computeRecipe } from './plan.ts'
import { readRecord, readStamps } from './record.ts'
import { planAll, storeFor } from './run-all.ts'
import { describeReason, type Reason, type Stage } from './types.ts'

/** How many paths of each kind are named; the rest are counted. */
export const FIRST = 5

export interface Named {
  count: number
  first: string[]
}

export interface Explanation {
  type: 'explain'
  stage: string
  fresh: boolean
  /** The plan's typed reasons, as `status` and a run would give them. */
  reasons: Reason[]
  /** The last successful run, or null when there is none (never ran, or interrupted). */
  record: { finishedAt: string; durationMs: number } | null
  /** Recipe parts (`file:…`, `value:…`, `probe:…`, `engine`, `node`) against the record. */
  recipe: { added: string[]; removed: string[]; changed: string[] } | null
  /** Input files against the record's stamps (root-relative); null without a record. */
  inputs: { now: number; recorded: number; added: Named; removed: Named; changed: Named; touched: number } | null
  /** Upstream stages that are stale: they run first, and this one reruns if their outputs change. */
  upstream: { stage: string; reasons: Reason[] }[]
}

export async function explainTarget(stages: Stage[], root: string, outDir: string, args: string[], json: boolean): Promise<number> {
  const names = stages.map((s) => s.name)
  if (args.length !== 1) throw new UsageError(`explain takes one stage (got ${args.length ? args.join(' ') : 'none'}); stages: ${names.join(', ')}`)
  const stage = stages.find((s) => s.name === args[0])
  if (!stage) throw new UsageError(`explain: unknown stage "${args[0]}"; stages: ${names.join(', ')}`)
  const explanation = await explain(stages, stage, root, outDir)
  process.stdout.write(json ? `${JSON.stringify(explanation)}\n` : explainText(explanation))
  return 0
}

export async function explain(stages: Stage[], stage: Stage, root: string, outDir: string): Promise<Explanation> {
  const plans = await planAll({ stages, root, outDir, targets: [stage.name], emit: () => {} })
  const plan = plans.find((p) => p.stage === stage.name)!
  const ancestors = ancestorsOf(stages, stage.name)
  const upstream = plans.filter((p) => !p.fresh && ancestors.has(p.stage)).map((p) => ({ stage: p.stage, reasons: p.reasons }))
  const store = storeFor(outDir)
  const record = readRecord(store, stage.name)
  const stamps = record && readStamps(store, stage.name, record)
  const base = { type: 'explain' as const, stage: stage.name, fresh: plan.fresh, reasons: plan.reasons, upstream }
  if (!record || !stamps) return { ...base, record: null, recipe: null, inputs: null }

  const now = (await computeRecipe(stage, root)).parts
  const before = record.recipe.parts
  const recipe = {
    added: Object.keys(now).filter((k) => !(k in before)).sort(),
    removed: Object.keys(before).filter((k) => !(k in now)).sort(),
    changed: Object.keys(now).filter((k) => k in before && before[k] !== now[k]).sort(),
  }

  const current = expand([...stage.inputs, ...record.extraInputs])
  const added: string[] = []
  const changed: string[] = []
  let touched = 0
  for (const [path, st] of current) {
    const stamp = stamps.inputs[path]
    if (!stamp) added.push(path)
    else if (!sameStat(st, stamp)) {
      // An empty stamp hash means the file moved while the stage ran: its content is unknown.
      if (stamp[2] === '' || hashEntry(path, st) !== stamp[2]) changed.push(path)
      else touched++
    }
  }
  const removed = Object.keys(stamps.inputs).filter((path) => !current.has(path))
  const named = (paths: string[]): Named => {
    const shown = paths.map((p) => relative(root, p)).sort()
    return { count: shown.length, first: shown.slice(0, FIRST) }
  }
  return {
    ...base,
    record: { finishedAt: record.finishedAt, durationMs: record.durationMs },
    recipe,
    inputs: { now: current.size, recorded: Object.keys(stamps.inputs).length, added: named(added), removed: named(removed), changed: named(changed), touched },
  }
}

function ancestorsOf(stages: Stage[], name: string): Set<string> {
  const byName = new Map(stages.map((s) => [s.name, s]))
  const seen = new Set<string>()
  const visit = (n: string) => {
    for (const dep of byName.get(n)?.deps ?? []) if (!seen.has(dep)) seen.add(dep), visit(dep)
  }
  visit(name)
  return seen
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The words `explain` prints. */
export function explainText(e: Explanation): string {
  const lines = [`${e.stage}: ${e.fresh ? 'fresh, would not run' : 'would run'}`]
  if (!e.fresh) lines.push(`  because: ${e.reasons.map(describeReason).join(', ')}`)
  if (!e.record) {
    lines.push('  no record: it never finished a run here (or its last run was interrupted or failed), so everything is new')
  } else {
    lines.push(`  last good run: ${e.record.finishedAt} (${(e.record.durationMs / 1000).toFixed(2)}s)`)
    const r = e.recipe!
    const parts = r.added.length + r.removed.length + r.changed.length
    if (parts === 0) lines.push('  recipe: unchanged')
    else {
      lines.push(`  recipe: ${plural(parts, 'part')} differ from the record`)
      for (const [kind, list] of [['changed', r.changed], ['added', r.added], ['removed', r.removed]] as const) {
        for (const part of list) lines.push(`    ${kind.padEnd(8)} ${part}`)
      }
    }
    const i = e.inputs!
    const moved = i.added.count + i.removed.count + i.changed.count
    const touched = i.touched ? `; ${plural(i.touched, 'file')} touched with the same content` : ''
    if (moved === 0) lines.push(`  inputs: ${plural(i.now, 'file')}, unchanged${touched}`)
    else {
      lines.push(`  inputs: ${i.added.count} added, ${i.removed.count} removed, ${i.changed.count} changed (${i.now} now, ${i.recorded} recorded)${touched}`)
      for (const [kind, list] of [['added', i.added], ['removed', i.removed], ['changed', i.changed]] as const) {
        for (const path of list.first) lines.push(`    ${kind.padEnd(8)} ${path}`)
        if (list.count > list.first.length) lines.push(`    ${kind.padEnd(8)} … and ${list.count - list.first.length} more`)
      }
    }
  }
  for (const up of e.upstream) {
    lines.push(`  upstream: ${up.stage} is stale (${up.reasons.map(describeReason).join(', ')}); it runs first, and ${e.stage} then reruns only if its outputs change`)
  }
  return `${lines.join('\n')}\n`
}
