// Counts read back from the stages' done summaries (the engine's events carry no structured counts):
//   extract  "8000 read, 7990 accepted, 10 rejected; 8000 parsed, 0 reused"
//   select   "8000 read, 7100 passed, 50 selected"
//   generate "50 built, 0 kept, 0 removed (project files: 4209 linked, 0 copied)", with
//            ", 4756 copies reused" when rebuilt tasks took over their last build's copies
// A figure missing from a summary is null, never a guess.
import type { GraphRun } from './workspace.ts'

const pick = (text: string | undefined, label: string): number | null => {
  const m = text === undefined ? null : new RegExp(`(\\d+) ${label}\\b`).exec(text)
  return m ? Number(m[1]) : null
}

const summaryOf = (run: GraphRun, stage: string): string | undefined => run.ran[stage]?.summary

export function extractCounts(run: GraphRun) {
  const s = summaryOf(run, 'extract')
  return { read: pick(s, 'read'), accepted: pick(s, 'accepted'), rejected: pick(s, 'rejected'), parsed: pick(s, 'parsed'), reused: pick(s, 'reused') }
}

export function selectCounts(run: GraphRun) {
  const s = summaryOf(run, 'select')
  return { passed: pick(s, 'passed'), selected: pick(s, 'selected') }
}

export function generateCounts(run: GraphRun) {
  const s = summaryOf(run, 'generate')
  const place = s === undefined ? undefined : /project files: (\d+) linked, (\d+) copied/.exec(s)
  return {
    built: pick(s, 'built'),
    kept: pick(s, 'kept'),
    removed: pick(s, 'removed'),
    // Without the parenthesis no project file was placed at all (every task kept).
    linked: s === undefined ? null : place ? Number(place[1]) : 0,
    copied: s === undefined ? null : place ? Number(place[2]) : 0,
    copiesReused: s === undefined ? null : (pick(s, 'copies reused') ?? 0),
  }
}
