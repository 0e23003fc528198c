// The `selection` config section. Its defaults live only in schemas/config/selection.schema.json;
// defaultSelectionConfig reads them from there without ajv, so the CLI run without --config does not
// pay for loading a validator (a test checks it agrees with loadConfig).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { canonicalJson, sha256 } from '../../lib/hash.ts'

export const SELECTION_SCHEMA = join(import.meta.dirname, '..', '..', '..', 'schemas', 'config', 'selection.schema.json')

export type FilterKey = 'languages' | 'categories' | 'difficulties'
export type SelectionFilter = Partial<Record<FilterKey, string[]>>

export type QuotaKey = 'max_per_project' | 'max_per_language' | 'max_per_category'
export type SelectionQuotas = Partial<Record<QuotaKey, number>>

/** schemas/config/selection.schema.json with every default filled in. */
export interface SelectionConfig {
  thresholds: { min_context_length: number; min_files_count: number }
  weights: { context: number; files: number; category: number }
  category_bonuses: Record<string, number>
  default_bonus: number
  top_n: number
  /** `difficulties` matches the record's `difficulty` field (achieved), not `id_difficulty`. */
  include: SelectionFilter
  exclude: SelectionFilter
  quotas: SelectionQuotas
}

interface SchemaNode {
  $ref?: string
  default?: unknown
  properties?: Record<string, SchemaNode>
}

export function defaultSelectionConfig(): SelectionConfig {
  const schema = JSON.parse(readFileSync(SELECTION_SCHEMA, 'utf8')) as SchemaNode & { $defs?: Record<string, SchemaNode> }
  const resolve = (node: SchemaNode): SchemaNode => (node.$ref?.startsWith('#/$defs/') ? (schema.$defs?.[node.$ref.slice(8)] ?? node) : node)
  const fill = (node: SchemaNode, value: Record<string, unknown>): Record<string, unknown> => {
    for (const [key, child] of Object.entries(resolve(node).properties ?? {})) {
      if (!('default' in child)) continue
      const given = structuredClone(child.default)
      value[key] = given && typeof given === 'object' && !Array.isArray(given) ? fill(child, given as Record<string, unknown>) : given
    }
    return value
  }
  return fill(schema, {}) as unknown as SelectionConfig
}

/** The hash written into selected_tasks.json: same config, same hash, whatever the key order. */
export const selectionConfigHash = (config: SelectionConfig): string => sha256(canonicalJson(config))
