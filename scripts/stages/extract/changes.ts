// What the graph engine's list of changed inputs says about the data dir: which scenario files and
// which projects it names.
import { lstatSync } from 'node:fs'
import { join, normalize } from 'node:path'
import { SCENARIO_DIR } from './assemble.ts'
import { PROJECTS_DIR } from './project-scan.ts'

export interface Changes {
  /** Scenario file names. */
  scenarios: Set<string>
  /** Project ids with any path under their dir added, removed or changed. */
  projects: Set<string>
}

/**
 * Sorts absolute changed paths into scenario files and projects; paths elsewhere are ignored.
 * Undefined (nothing can be vouched for) when the scenarios dir or generated/ is a symbolic link:
 * the engine stamps a link, not what it points at.
 */
export function changesUnder(dataDir: string, changed: ReadonlySet<string>): Changes | undefined {
  const dirs = [join(dataDir, SCENARIO_DIR), join(dataDir, PROJECTS_DIR)]
  if (dirs.some((dir) => lstatSync(dir, { throwIfNoEntry: false })?.isSymbolicLink())) return undefined
  const [scenarios, projects] = dirs.map((dir) => `${dir}/`)
  const out: Changes = { scenarios: new Set(), projects: new Set() }
  for (const raw of changed) {
    const path = normalize(raw)
    if (path.startsWith(scenarios)) out.scenarios.add(path.slice(scenarios.length))
    else if (path.startsWith(projects)) {
      const rest = path.slice(projects.length)
      const slash = rest.indexOf('/')
      out.projects.add(slash < 0 ? rest : rest.slice(0, slash))
    }
  }
  return out
}

/**
 * A scenario file the list vouches for. The engine's glob leaves out dot-files and stamps a
 * symbolic link by its target's name (scripts/engine/files.ts), so the list says nothing about
 * what those hold: they are checked by stat.
 */
export const trustedScenario = (changes: Changes, links: Set<string>) => (name: string): boolean =>
  !changes.scenarios.has(name) && !name.startsWith('.') && !links.has(name)
