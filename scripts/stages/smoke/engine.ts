// Which container engine answers, and how to call it. Docker is asked through its CLI (`docker
// info` decides); Podman runs daemonless with the two fixes this machine type needs
// (docs/containers.md §6): ulimits it may set and runc instead of crun, passed through a
// containers.conf, and the same --storage-driver on every command.
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import { requestedEngine, type SmokeConfig } from './smoke-config.ts'
import { exec, type ExecOptions, type ExecResult } from './exec.ts'

export type EngineKind = 'docker' | 'podman'

export interface Engine {
  kind: EngineKind
  /** Server version as the engine reports it, e.g. `20.10.24+dfsg1`. */
  version: string
  bin: string
  /** Arguments every command starts with (podman's storage driver, a remote URL). */
  baseArgs: string[]
  env: NodeJS.ProcessEnv
}

export interface EngineProbe {
  engine?: Engine
  /** Why no engine was found (empty when one was). */
  why: string
}

const PODMAN_CONF = `[containers]
default_ulimits = ["nofile=20000:20000", "nproc=4096:4096"]

[engine]
runtime = "runc"
`

function podmanConfFile(): string {
  const dir = join(tmpdir(), 'locobench-podman')
  const file = join(dir, `containers-${sha256(PODMAN_CONF).slice(0, 12)}.conf`)
  mkdirSync(dir, { recursive: true })
  writeFileSync(file, PODMAN_CONF)
  return file
}

function command(kind: EngineKind, config: SmokeConfig): Omit<Engine, 'version'> {
  if (kind === 'docker') {
    const env = { ...process.env }
    if (config.host) env.DOCKER_HOST = config.host
    return { kind, bin: 'docker', baseArgs: [], env }
  }
  const baseArgs = config.host ? ['--url', config.host] : ['--storage-driver', config.podman_storage_driver]
  return { kind, bin: 'podman', baseArgs, env: { ...process.env, CONTAINERS_CONF: podmanConfFile() } }
}

// `podman info` also sets up its storage, so an answer means it can really build and run.
const VERSION_QUERY: Record<EngineKind, string[]> = {
  docker: ['version', '--format', '{{.Server.Version}}'],
  podman: ['info', '--format', '{{.Version.Version}}'],
}

const onPath = (bin: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, bin), constants.X_OK)
      return true
    } catch {
      return false
    }
  })

async function tryEngine(kind: EngineKind, config: SmokeConfig, signal?: AbortSignal): Promise<EngineProbe> {
  if (!onPath(kind)) return { why: `${kind}: ${kind} is not installed` }
  const base = command(kind, config)
  const r = await exec(base.bin, [...base.baseArgs, ...VERSION_QUERY[kind]], { env: base.env, signal, timeoutMs: 20_000 })
  const version = r.stdout.trim().split('\n')[0] ?? ''
  if (r.code === 0 && version && !version.includes('<no value>')) return { engine: { ...base, version }, why: '' }
  const said = r.startError ? `${base.bin} is not installed` : r.output.trim().split('\n').filter(Boolean).pop() ?? `exit ${r.code}`
  return { why: `${kind}: ${said}` }
}

/** The engine to use now, or why there is none. */
// The plan asks twice per run (the recipe probe, then the image check); one answer serves both.
const detected = new Map<string, Promise<EngineProbe>>()

export function detectEngine(config: SmokeConfig, signal?: AbortSignal): Promise<EngineProbe> {
  if (signal) return detect(config, signal)
  const key = `${requestedEngine(config)}\0${config.host}\0${config.podman_storage_driver}`
  let probe = detected.get(key)
  if (!probe) detected.set(key, (probe = detect(config)))
  return probe
}

async function detect(config: SmokeConfig, signal?: AbortSignal): Promise<EngineProbe> {
  const wanted = requestedEngine(config)
  if (wanted !== 'auto') return tryEngine(wanted, config, signal)
  const docker = await tryEngine('docker', config, signal)
  if (docker.engine) return docker
  const podman = await tryEngine('podman', config, signal)
  if (podman.engine) return podman
  return { why: `${docker.why}; ${podman.why}` }
}

/** `none`, or the engine and its server version (`docker 20.10.24+dfsg1`): part of the stage recipe. */
export async function probeEngine(config: SmokeConfig): Promise<string> {
  const { engine } = await detectEngine(config)
  return engine ? describeEngine(engine) : 'none'
}

export const describeEngine = (engine: Engine): string => `${engine.kind} ${engine.version}`

export function run(engine: Engine, args: string[], options: ExecOptions = {}): Promise<ExecResult> {
  return exec(engine.bin, [...engine.baseArgs, ...args], { ...options, env: options.env ?? engine.env })
}

/** Image ids are compared without the `sha256:` prefix (Podman prints them bare). */
export const bareId = (id: string): string => id.trim().replace(/^sha256:/, '')

export async function imageExists(engine: Engine, ref: string, signal?: AbortSignal): Promise<boolean> {
  const r = await run(engine, ['image', 'inspect', '--format', '{{.Id}}', ref], { signal, timeoutMs: 60_000 })
  return r.code === 0
}

/**
 * Layer diff ids (bottom first) of many images at once: content addresses, so equal ids are one
 * shared layer. Images that are gone are simply absent from the map.
 */
export async function imageLayers(engine: Engine, ids: string[], signal?: AbortSignal): Promise<Map<string, string[]>> {
  const layers = new Map<string, string[]>()
  for (let i = 0; i < ids.length; i += 100) {
    const chunk = ids.slice(i, i + 100)
    const r = await run(engine, ['image', 'inspect', '--format', '{{.Id}} {{json .RootFS.Layers}}', ...chunk], { signal, timeoutMs: 120_000 })
    for (const line of r.stdout.split('\n')) {
      const m = /^(\S+) (\[.*\])$/.exec(line.trim())
      if (!m) continue
      try {
        layers.set(bareId(m[1]), (JSON.parse(m[2]) as unknown[]).map(String))
      } catch {
        // a line we cannot read counts as an image without layers
      }
    }
  }
  return layers
}

/** Where the engine stores images, for the free-space check; undefined when it does not say. */
export async function storageDir(engine: Engine): Promise<string | undefined> {
  const format = engine.kind === 'docker' ? '{{.DockerRootDir}}' : '{{.Store.GraphRoot}}'
  const r = await run(engine, ['info', '--format', format], { timeoutMs: 20_000 })
  const dir = r.stdout.trim()
  return r.code === 0 && dir.startsWith('/') ? dir : undefined
}

/**
 * The name an image is stored under. Podman qualifies short names with `localhost/` on import and
 * looks `debian:x` up as `docker.io/library/debian:x`, so the base image is imported under that.
 */
export function qualifiedBaseName(engine: EngineKind, name: string): string {
  if (engine === 'docker') return name
  const first = name.split('/')[0]
  const hasRegistry = name.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost')
  if (hasRegistry) return name
  return name.includes('/') ? `docker.io/${name}` : `docker.io/library/${name}`
}
