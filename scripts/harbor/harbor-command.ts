// The exact `harbor run` command line of one check run. Flags as Harbor 0.20's `harbor run`
// (= `harbor job start`) names them:
//   -p/--path         one task directory (Harbor decides task vs dataset by whether task.toml and
//                     environment/ are there; a single task dir is the case our check verified)
//   -a/--agent        oracle | nop (Harbor's built-in agents)
//   -o/--jobs-dir     where the job folder goes
//   --job-name        the job folder's name (default: a timestamp, which we could not find again)
//   -n/--n-concurrent concurrent trials inside the job (one task, one attempt: 1)
//   -y/--yes          answer Harbor's confirmation prompts: there is no terminal to ask (CI has no
//                     standard input), and a prompt would otherwise abort or hang the run
//   --extra-docker-compose FILE (repeatable) merged after Harbor's own compose files; the
//                     host-network one lets `docker compose build` reach the network on an engine
//                     without a bridge
// One task per job keeps the mapping trial → task trivial and the command the one verified by
// hand; Harbor's `-i` filters would match names we would have to predict.
import { join } from 'node:path'

export type Role = 'oracle' | 'nop'

export interface RunSpec {
  /** The Harbor CLI and its fixed leading arguments (from HARBOR_CMD or PATH). */
  cli: string[]
  /** Absolute task directory. */
  taskDir: string
  /** The Harbor agent name for this role. */
  agent: string
  /** Absolute jobs dir. */
  jobsDir: string
  jobName: string
  /** Absolute compose files, in order. */
  extraCompose: string[]
}

export function runArgs(spec: RunSpec): string[] {
  const args = [...spec.cli, 'run', '-p', spec.taskDir, '-a', spec.agent, '-o', spec.jobsDir, '--job-name', spec.jobName, '-n', '1', '-y']
  for (const file of spec.extraCompose) args.push('--extra-docker-compose', file)
  return args
}

/** `<role>-<task id>`: stable across runs (so the previous job folder is found and replaced) and unique per run. */
export const jobName = (role: Role, id: string): string => `${role}-${id}`

export const jobDir = (jobsDir: string, name: string): string => join(jobsDir, name)

/**
 * The compose override that builds the task image on the host network. Harbor merges it into
 * every trial's compose project; only the build step needs it (containers then run on the
 * project's own network, which compose creates even when dockerd has no default bridge).
 */
export const HOST_NETWORK_COMPOSE = `# Written by locobench-harbor's harbor target: build task images on the host network, for Docker
# engines started without bridge networking (dockerd --bridge=none), where a build step's
# RUN apt-get would otherwise have no network.
services:
  main:
    build:
      network: host
`
