// The smoke check that only tasks of the mcp variant have: the code-search sidecar must answer a
// real MCP client with the expected file. The compose project (the task's own
// docker-compose.yaml: `main` from the image smoke just built, the sidecar from
// environment/code-search/) is brought up, the SDK's client connects from this host, lists the
// tools and searches an identifier of one ground-truth file, which must be among the results;
// then everything is torn down (scripts/mcp/code-search-smoke.ts). The oracle and empty-answer
// trials run afterwards exactly as for a baseline task.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Engine } from './engine.ts'
import type { SmokeTask } from './smoke-manifest.ts'
import type { McpEntry } from '../../contracts/smoke-report.ts'

const PROJECT_PREFIX = '/app/project/'

/** Whether the task ships a sidecar (mode sidecar) rather than naming a remote server. */
export const hasSidecar = (task: SmokeTask): boolean => existsSync(join(task.dir, 'environment', 'docker-compose.yaml'))

export const notRun = (message: string): McpEntry => ({
  status: 'not-run', expected_file: null, identifier: null, found_expected: false, files_found: 0, tools: [], main_reached: null, step: null, message, seconds: null,
})

export const remoteEntry = (): McpEntry => ({ ...notRun('the task names a remote MCP server and ships no sidecar'), status: 'remote' })

/**
 * The file the search must find: the first ground-truth file (relevant_files, then context_files)
 * that the sidecar's copy of the project holds, relative to the project root.
 */
export function expectedFile(task: SmokeTask): string | undefined {
  const gt = JSON.parse(readFileSync(join(task.dir, 'tests', 'ground_truth.json'), 'utf8')) as { relevant_files?: string[]; context_files?: string[] }
  const project = join(task.dir, 'environment', 'code-search', 'project')
  for (const path of [...(gt.relevant_files ?? []), ...(gt.context_files ?? [])]) {
    const rel = path.startsWith(PROJECT_PREFIX) ? path.slice(PROJECT_PREFIX.length) : path
    if (rel && existsSync(join(project, rel))) return rel
  }
  return undefined
}

/** Brings the task's compose project up with `main` from mainImage and asks the sidecar over MCP. */
export async function mcpCheck(engine: Engine, task: SmokeTask, mainImage: string, signal?: AbortSignal, log?: (line: string) => void): Promise<McpEntry> {
  if (!hasSidecar(task)) return remoteEntry()
  const expected = expectedFile(task)
  if (!expected) return { ...notRun('no ground-truth file of the task is in environment/code-search/project/'), status: 'failed', step: 'setup' }
  // Loaded here: the MCP SDK is needed only when an mcp task is smoke-tested with an engine.
  const { smokeCodeSearchCompose } = await import('../../mcp/code-search-smoke.ts')
  const r = await smokeCodeSearchCompose({ envDir: join(task.dir, 'environment'), expectedFile: expected, engine, mainImage, signal, log })
  return {
    status: r.ok ? 'answered' : 'failed',
    expected_file: expected,
    identifier: r.identifier ?? null,
    found_expected: r.found.includes(expected),
    files_found: r.found.length,
    tools: r.tools,
    main_reached: r.mainReached ?? null,
    step: r.failure?.step ?? null,
    message: r.failure ? `${r.failure.message}${r.failure.tail ? `\n${r.failure.tail}` : ''}` : null,
    seconds: Math.round(r.timings.totalMs / 100) / 10,
  }
}
