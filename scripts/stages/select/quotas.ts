// Quotas fill top_n greedily in ranking order: a candidate is taken unless a quota it belongs to is
// already full, in which case it is marked with every full quota and the next one is considered.
import type { QuotaKey, SelectionConfig } from './selection-config.ts'
import type { Candidate, QuotaReason, ScoringFields } from './candidate.ts'

export const QUOTA_FIELD: Record<QuotaKey, keyof ScoringFields> = {
  max_per_project: 'project_id',
  max_per_language: 'language',
  max_per_category: 'task_category',
}

const QUOTA_KEYS = Object.keys(QUOTA_FIELD) as QuotaKey[]

export function applyQuotas<T extends ScoringFields>(ranked: Candidate<T>[], config: SelectionConfig): Candidate<T>[] {
  const active = QUOTA_KEYS.filter((key) => config.quotas[key] !== undefined)
  const counts = new Map<QuotaKey, Map<string, number>>(active.map((key) => [key, new Map()]))
  const selected: Candidate<T>[] = []
  for (const candidate of ranked) {
    if (selected.length >= config.top_n) break
    const full = active.filter((key) => (counts.get(key)!.get(valueOf(candidate, key)) ?? 0) >= config.quotas[key]!)
    if (full.length > 0) {
      candidate.skipped_by_quota = full.map((key): QuotaReason => `quotas.${key}`)
      continue
    }
    for (const key of active) {
      const perValue = counts.get(key)!
      perValue.set(valueOf(candidate, key), (perValue.get(valueOf(candidate, key)) ?? 0) + 1)
    }
    candidate.selected = true
    selected.push(candidate)
  }
  return selected
}

export const valueOf = (candidate: Candidate, key: QuotaKey): string => String(candidate.record[QUOTA_FIELD[key]])
