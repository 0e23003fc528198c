// The benchmark's own copy of the project: the code as it is when the benchmark starts, a config
// per case and out dirs, all in a temp dir, so edits (a template, a config) never touch the repo.
// node_modules entries are linked one by one: the config cache the code keeps under
// node_modules/.cache then lands in the workspace too.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import JSON5 from 'json5'
import { runChild, type Event } from './child.ts'
import { ExitError } from '../lib/errors.ts'

/** What the code copy holds: everything Taskfile.ts and its stages read at run time. */
export const CODE_ENTRIES = ['Taskfile.ts', 'package.json', 'scripts', 'schemas', 'templates', 'locobench.config.json5']

/** Smoke goes down its no-engine path: building images is not part of these budgets. */
export const SMOKE_ENV = { CONTAINER_ENGINE: 'docker', DOCKER_HOST: 'unix:///nonexistent.sock' } as const

export class BenchError extends ExitError {
  constructor(message: string, exitCode = 1) {
    super(message, exitCode)
  }
}

export interface Workspace {
  root: string
  code: string
  taskfile: string
  data: string
  configDir: string
  /** The project's own config file, as copied. */
  defaultConfig: string
  env: NodeJS.ProcessEnv
}

export function createWorkspace(repo: string, root: string, data: string): Workspace {
  const code = join(root, 'code')
  mkdirSync(code, { recursive: true })
  for (const entry of CODE_ENTRIES) {
    const from = join(repo, entry)
    if (existsSync(from)) cpSync(from, join(code, entry), { recursive: true, filter: (src) => !src.includes('__pycache__') })
  }
  const modules = join(repo, 'node_modules')
  mkdirSync(join(code, 'node_modules'))
  for (const name of readdirSync(modules)) {
    if (name !== '.cache') symlinkSync(join(modules, name), join(code, 'node_modules', name))
  }
  const configDir = join(root, 'configs')
  mkdirSync(configDir)
  const defaultConfig = join(code, 'locobench.config.json5')
  if (!existsSync(defaultConfig)) writeFileSync(defaultConfig, '{}\n')
  const env = { ...process.env, ...SMOKE_ENV, FORCE_COLOR: '0', PATH: [dirname(process.execPath), join(code, 'node_modules', '.bin'), process.env.PATH].join(':') }
  return { root, code, taskfile: join(code, 'Taskfile.ts'), data, configDir, defaultConfig, env }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v)

export function deepMerge(base: Json, patch: Json): Json {
  if (!isObject(base) || !isObject(patch)) return structuredClone(patch)
  const out: Record<string, Json> = structuredClone(base)
  for (const [key, value] of Object.entries(patch)) out[key] = key in out ? deepMerge(out[key], value) : structuredClone(value)
  return out
}

/** The project's config with `patch` merged in, written as <name>.json5; `note` goes in a comment. */
export function writeConfig(ws: Workspace, name: string, patch: Json, note = name): string {
  const base = JSON5.parse(readFileSync(ws.defaultConfig, 'utf8')) as Json
  const file = join(ws.configDir, `${name}.json5`)
  writeFileSync(file, `// bench: ${note}\n${JSON.stringify(deepMerge(base, patch), null, 2)}\n`)
  return file
}

export interface StageRun {
  durationMs: number
  summary: string
  changedCount: number
  logs: string[]
}

export interface GraphRun {
  wallMs: number
  maxRssKiB: number | null
  ran: Record<string, StageRun>
  skipped: string[]
}

export type Launcher = 'node' | 'npx-zx'

/** Runs the workspace's Taskfile with the real CLI; a non-zero exit is an error naming the stage. */
export async function runGraph(ws: Workspace, out: string, argv: string[], config: string, launcher: Launcher = 'node'): Promise<GraphRun> {
  const flags = ['--json', '--data', ws.data, '--out', out, '--config', config]
  const [command, args] = launcher === 'node' ? [process.execPath, [ws.taskfile, ...argv, ...flags]] : ['npx', ['zx', 'Taskfile.ts', ...argv, ...flags]]
  const r = await runChild(command, args, { cwd: ws.code, env: ws.env })
  if (r.exitCode !== 0) {
    const fails = r.events.filter((e) => e.type === 'fail').map((e) => `${e.stage}: ${e.error}${e.details ? `\n${e.details}` : ''}`)
    const tail = r.stderr.trim().split('\n').slice(-15).join('\n')
    throw new BenchError(`Taskfile ${argv.join(' ')} exited ${r.exitCode ?? r.signal}${fails.length ? `\n${fails.join('\n')}` : ''}${tail ? `\n${tail}` : ''}`)
  }
  return { wallMs: r.wallMs, maxRssKiB: r.maxRssKiB, ...collect(r.events) }
}

export function collect(events: Event[]): Pick<GraphRun, 'ran' | 'skipped'> {
  const ran: Record<string, StageRun> = {}
  const logs = new Map<string, string[]>()
  const skipped: string[] = []
  for (const e of events) {
    if (!e.stage) continue
    if (e.type === 'log' && e.message !== undefined) logs.set(e.stage, [...(logs.get(e.stage) ?? []), e.message])
    if (e.type === 'skip') skipped.push(e.stage)
    if (e.type === 'done') ran[e.stage] = { durationMs: e.durationMs ?? 0, summary: e.summary ?? '', changedCount: e.changedCount ?? 0, logs: logs.get(e.stage) ?? [] }
  }
  return { ran, skipped }
}

/**
 * Makes one stage cold with its dependencies left fresh: the CLI's `clean <stage>` (outputs,
 * record, the stage's cache) plus the engine's memory of already-validated JSONL lines, and unless
 * `content` is set the stage's content caches, which `clean` keeps (a stage cold from nothing).
 */
export async function makeCold(ws: Workspace, out: string, stage: string, config: string, options: { content: boolean } = { content: false }): Promise<void> {
  await runGraph(ws, out, ['clean', stage], config)
  rmSync(join(out, '.taskcache', 'validated'), { recursive: true, force: true })
  if (!options.content) rmSync(join(out, '.taskcache', 'content', stage), { recursive: true, force: true })
}

/** `du -sk` of the data alone, of the tasks alone, and what the tasks add beyond the data. */
export function diskUsage(data: string, tasks: string): { dataKiB: number; tasksKiB: number; extraKiB: number } {
  const du = (...paths: string[]) => {
    const r = spawnSync('du', ['-sk', ...paths], { encoding: 'utf8' })
    if (r.status !== 0) throw new BenchError(`du -sk failed: ${r.stderr.trim()}`)
    return r.stdout.trim().split('\n').map((line) => Number(line.split('\t')[0]))
  }
  const [dataKiB] = du(data)
  const [tasksKiB] = du(tasks)
  const [together, added] = du(data, tasks)
  return { dataKiB, tasksKiB, extraKiB: together + added - dataKiB }
}

/**
 * A file edited for a case and put back afterwards, bytes and times: edits go through a rename, so
 * a dataset that shares inodes with another copy (cp -al) is never changed underneath it.
 */
export class EditedFile {
  readonly path: string
  readonly original: Buffer
  readonly #times: { atime: Date; mtime: Date }

  constructor(path: string) {
    this.path = path
    this.original = readFileSync(path)
    const st = statSync(path)
    this.#times = { atime: st.atime, mtime: st.mtime }
  }

  write(content: string | Buffer): void {
    const tmp = `${this.path}.bench-tmp`
    writeFileSync(tmp, content)
    renameSync(tmp, this.path)
  }

  restore(): void {
    this.write(this.original)
    utimesSync(this.path, this.#times.atime, this.#times.mtime)
  }
}

/** The scenario text with its title prefixed by a marker unique to this edit (an earlier marker replaced). */
export function retitle(text: string, marker: string): string {
  const re = /("title"\s*:\s*")(\[bench edit [^\]]*\] )?/
  if (!re.test(text)) throw new BenchError('scenario file has no "title" string to edit')
  return text.replace(re, `$1[bench edit ${marker}] `)
}
