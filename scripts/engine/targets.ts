// What a user may name on the command line, for --help and for the unknown-target message: every
// stage and command the Taskfile has, the engine's own targets, and the targets that exist only
// when the project's settings turn them on (with what turns them on).
import { UsageError } from './exit-error.ts'
import type { Stage } from './types.ts'

export const BUILTIN_TARGETS: Record<string, string> = {
  all: 'every stage (the default)',
  status: 'each stage fresh or stale, with the reason; changes nothing',
  clean: 'clean [stage…]: remove what those stages produced',
  graph: 'graph [stage…]: the build graph (dot or mermaid)',
  explain: 'explain STAGE: why that stage is fresh or stale',
}

export interface TargetSources {
  stages: readonly Pick<Stage, 'name' | 'title'>[] | undefined
  commands: Record<string, { title: string }>
  /** Targets that exist only when configured: name → what the settings need. */
  optional?: Record<string, string>
}

/** The targets section of --help: one line per target, stages then commands then the rest. */
export function targetHelp({ stages, commands, optional = {} }: TargetSources): string {
  const rows: [string, string][] = [
    ...(stages ?? []).map((s): [string, string] => [s.name, `stage: ${s.title}`]),
    ...Object.entries(optional)
      .filter(([name]) => !stages?.some((s) => s.name === name))
      .map(([name, needs]): [string, string] => [name, `stage, when configured: ${needs}`]),
    ...Object.entries(commands).map(([name, c]): [string, string] => [name, c.title]),
    ...Object.entries(BUILTIN_TARGETS),
  ]
  const width = Math.max(...rows.map(([name]) => name.length)) + 2
  const unknown = stages ? '' : '  (the stages could not be listed: the settings failed to load)\n'
  return `${unknown}${rows.map(([name, text]) => `  ${name.padEnd(width)}${text}`).join('\n')}`
}

/** Throws a UsageError for a target that is neither a stage, a command nor an engine target. */
export function checkTargets(names: readonly string[], { stages, commands, optional = {} }: TargetSources): void {
  const known = [...(stages ?? []).map((s) => s.name), ...Object.keys(commands), ...Object.keys(BUILTIN_TARGETS)]
  for (const name of names) {
    if (known.includes(name)) continue
    const needs = optional[name]
    if (needs) throw new UsageError(`target "${name}" is not available: it needs ${needs}`)
    throw new UsageError(`unknown target "${name}"; targets: ${known.join(', ')}`)
  }
}
