// extract-summary.json: what was read, what was kept, why the rest was not, and what looked odd.
// Every map has sorted keys and the warnings are sorted, so the bytes depend on the data only.
import type { Layout, RejectReason, Warning, WarningCode } from './extract-types.ts'

export interface ExtractSummary {
  read: number
  accepted: number
  rejected: number
  rejected_by_reason: Partial<Record<RejectReason, number>>
  by_language: Record<string, number>
  by_category: Record<string, number>
  by_difficulty: Record<string, number>
  layouts: Record<Layout, number>
  projects: number
  warnings_by_code: Partial<Record<WarningCode, number>>
  warnings_omitted: number
  warnings: Warning[]
}

const bump = <K extends string>(counts: Partial<Record<K, number>>, key: K) => {
  counts[key] = (counts[key] ?? 0) + 1
}

const sorted = <T extends Record<string, number>>(counts: T): T =>
  Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as T

const compareWarnings = (a: Warning, b: Warning): number => {
  for (const key of ['file', 'pointer', 'code', 'message'] as const) {
    if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1
  }
  return 0
}

export class SummaryBuilder {
  read = 0
  accepted = 0
  rejected = 0
  readonly #reasons: Partial<Record<RejectReason, number>> = {}
  readonly #languages: Record<string, number> = {}
  readonly #categories: Record<string, number> = {}
  readonly #difficulties: Record<string, number> = {}
  readonly #projects = new Map<string, Layout>()
  readonly #warnings: Warning[] = []

  reject(reason: RejectReason): void {
    this.read++
    this.rejected++
    bump(this.#reasons, reason)
  }

  accept(record: { language: string; category: string; difficulty: string; projectId: string; layout: Layout }): void {
    this.read++
    this.accepted++
    bump(this.#languages, record.language)
    bump(this.#categories, record.category)
    bump(this.#difficulties, record.difficulty)
    this.#projects.set(record.projectId, record.layout)
  }

  warn(warning: Warning): void {
    this.#warnings.push(warning)
  }

  hasProject(projectId: string): boolean {
    return this.#projects.has(projectId)
  }

  get reasons(): Partial<Record<RejectReason, number>> {
    return sorted(this.#reasons)
  }

  get warningCount(): number {
    return this.#warnings.length
  }

  build(maxWarnings: number): ExtractSummary {
    const layouts: Record<Layout, number> = { A: 0, B: 0, C: 0 }
    for (const layout of this.#projects.values()) layouts[layout]++
    const byCode: Partial<Record<WarningCode, number>> = {}
    for (const warning of this.#warnings) bump(byCode, warning.code)
    const warnings = [...this.#warnings].sort(compareWarnings)
    return {
      read: this.read,
      accepted: this.accepted,
      rejected: this.rejected,
      rejected_by_reason: this.reasons,
      by_language: sorted(this.#languages),
      by_category: sorted(this.#categories),
      by_difficulty: sorted(this.#difficulties),
      layouts,
      projects: this.#projects.size,
      warnings_by_code: sorted(byCode),
      warnings_omitted: Math.max(0, warnings.length - maxWarnings),
      warnings: warnings.slice(0, maxWarnings),
    }
  }
}
