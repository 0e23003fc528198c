// `graph [stage…]`: the stage graph as Graphviz DOT (default) or Mermaid, with each stage's
// freshness (a pure plan, like `status`) when --status is given. Stages are listed in dependency
// order, then one edge per dependency, so the text is stable and diffs well.
import { UsageError } from './exit-error.ts'
import { closure, planAll } from './run-all.ts'
import { reasonText } from './view.ts'
import type { Stage, StagePlan } from './types.ts'

export type GraphFormat = 'dot' | 'mermaid'
const FORMATS: readonly GraphFormat[] = ['dot', 'mermaid']

export interface GraphOptions {
  format?: string
  status: boolean
}

export async function graphTarget(stages: Stage[], root: string, outDir: string, targets: string[], options: GraphOptions): Promise<number> {
  const format = (options.format ?? 'dot') as GraphFormat
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${options.format}"`)
  const shown = closure(stages, targets.length ? targets : stages.map((s) => s.name))
  const plans = options.status ? await planAll({ stages, root, outDir, targets: shown.map((s) => s.name), emit: () => {} }) : undefined
  process.stdout.write(renderGraph(shown, format, plans))
  return 0
}

/** A stage's freshness in one short phrase: `fresh`, or `stale: <first reason>` (+N more). */
export function freshness(plan: StagePlan): string {
  if (plan.fresh) return 'fresh'
  const [first, ...rest] = plan.reasons
  return `stale: ${reasonText(first ? [first] : [])}${rest.length ? ` (+${rest.length} more)` : ''}`
}

export function renderGraph(stages: Stage[], format: GraphFormat, plans?: StagePlan[]): string {
  const byStage = new Map(plans?.map((p) => [p.stage, p]))
  return format === 'dot' ? dot(stages, byStage, Boolean(plans)) : mermaid(stages, byStage, Boolean(plans))
}

const dotString = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`

function dot(stages: Stage[], plans: Map<string, StagePlan>, status: boolean): string {
  const lines = ['digraph stages {', '  rankdir=LR;', '  node [shape=box];']
  for (const stage of stages) {
    const plan = plans.get(stage.name)
    if (!status || !plan) lines.push(`  ${dotString(stage.name)};`)
    else {
      const colour = plan.fresh ? 'palegreen' : 'lightsalmon'
      lines.push(`  ${dotString(stage.name)} [label=${dotString(`${stage.name}\n${freshness(plan)}`)}, style=filled, fillcolor=${colour}];`)
    }
  }
  for (const stage of stages) for (const dep of stage.deps) lines.push(`  ${dotString(dep)} -> ${dotString(stage.name)};`)
  lines.push('}')
  return `${lines.join('\n')}\n`
}

// Mermaid ids are plain words; labels carry the real names. `#quot;` is Mermaid's entity for ".
const mermaidId = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_')
const mermaidLabel = (text: string) => `"${text.replaceAll('"', '#quot;')}"`

function mermaid(stages: Stage[], plans: Map<string, StagePlan>, status: boolean): string {
  const lines = ['flowchart LR']
  for (const stage of stages) {
    const plan = plans.get(stage.name)
    if (!status || !plan) lines.push(`  ${mermaidId(stage.name)}[${mermaidLabel(stage.name)}]`)
    else lines.push(`  ${mermaidId(stage.name)}[${mermaidLabel(`${stage.name}: ${freshness(plan)}`)}]:::${plan.fresh ? 'fresh' : 'stale'}`)
  }
  for (const stage of stages) for (const dep of stage.deps) lines.push(`  ${mermaidId(dep)} --> ${mermaidId(stage.name)}`)
  if (status) lines.push('  classDef fresh fill:#d4f7d4,stroke:#2e7d32', '  classDef stale fill:#ffe0cc,stroke:#c25700')
  return `${lines.join('\n')}\n`
}
