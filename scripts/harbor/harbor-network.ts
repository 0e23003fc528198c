// Whether Harbor's image builds need the host network. Harbor builds each task image with
// `docker compose build`; BuildKit runs the Dockerfile's RUN steps (apt-get install of the
// toolchain) on Docker's default bridge network. A dockerd started with `--bridge=none` (how
// scripts/ci/docker-up.sh starts it where iptables cannot be used) has no such network, so the build
// has no network at all unless compose is told `build.network: host`.
import { whichOnPath } from './harbor-cli.ts'
import { runProcess } from './harbor-process.ts'

export interface BridgeProbe {
  /** true: the engine has its default bridge; false: it has none; null: no docker CLI answered. */
  bridge: boolean | null
  why: string
}

/** Asks the docker CLI (with the caller's DOCKER_HOST) whether the default `bridge` network exists. */
export async function probeBridge(env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<BridgeProbe> {
  const docker = whichOnPath('docker', env)
  if (!docker) return { bridge: null, why: 'no docker CLI on PATH' }
  const info = await runProcess([docker, 'info', '--format', '{{.ServerVersion}}'], { env, signal, timeoutMs: 20_000, keepStdout: true })
  if (info.code !== 0) return { bridge: null, why: 'the Docker engine does not answer' }
  const r = await runProcess([docker, 'network', 'inspect', 'bridge', '--format', '{{.Driver}}'], { env, signal, timeoutMs: 20_000, keepStdout: true })
  if (r.code === 0 && r.stdout.trim() === 'bridge') return { bridge: true, why: 'the engine has its default bridge network' }
  return { bridge: false, why: 'the engine has no default bridge network (dockerd --bridge=none)' }
}
