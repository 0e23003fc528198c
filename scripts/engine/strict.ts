// --strict: a run whose stages all succeeded still fails (exit 1) when any of them reported
// problems (rejected items, warnings), so CI can refuse bad data. Built from the events alone:
// a stage that ran reports its problems on `done`, a fresh one on `skip` (from its record).
import type { EngineEvent } from './types.ts'

export interface ProblemTally {
  add(event: EngineEvent): void
  /** One line naming every stage's problems with their counts, or undefined when there are none. */
  line(): string | undefined
}

export function tallyProblems(): ProblemTally {
  const byStage = new Map<string, Record<string, number>>()
  return {
    add(event) {
      if ((event.type === 'done' || event.type === 'skip') && event.problems) byStage.set(event.stage, event.problems)
    },
    line() {
      const parts = [...byStage].map(([stage, counts]) => {
        const sorted = Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        return `${stage}: ${sorted.map(([code, n]) => `${n} ${code}`).join(', ')}`
      })
      return parts.length ? `--strict: failing on the problems the stages reported: ${parts.join('; ')}` : undefined
    },
  }
}
