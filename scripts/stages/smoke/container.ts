// One trial in a container, in Harbor's order (docs/harbor-tasks.md §2.3, §5): start the
// image kept alive by `sleep` (as entrypoint, so an image ENTRYPOINT cannot wrap it), copy
// solution/ in and run solve.sh (the oracle), only then copy tests/ in and run test.sh, read the
// reward, remove the container. The empty-answer trial skips the solution entirely.
// A run killed with -9 cannot remove its containers: they carry this host and the run's pid, the
// next run removes those whose pid is gone, and each one ends itself (--rm, a bounded sleep) anyway.
import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import { isAlive } from '../../lib/process.ts'
import type { SmokeConfig } from './smoke-config.ts'
import { run, type Engine } from './engine.ts'
import { describeExit, lastLines } from './exec.ts'
import type { SmokeTask } from './smoke-manifest.ts'
import { readReward, type TrialOutcome } from './trial.ts'

const HOST_LABEL = 'org.locobench.smoke.host'
const NAME_PID = /-p(\d+)-[0-9a-f]{6}$/

/** Longer than any trial can take (two scripts within run_timeout_sec, copies and reads around them). */
const lifetimeSec = (config: SmokeConfig): number => 2 * config.run_timeout_sec + 600

/** Removes trial containers left by runs of this host that died before removing them; returns how
 *  many. `host`: the label value to look for (a test names its own, so that concurrent runs on this
 *  host cannot clear its containers first). */
export async function removeOrphanedTrials(engine: Engine, host = hostname()): Promise<number> {
  const r = await run(engine, ['ps', '-a', '--filter', `label=${HOST_LABEL}=${host}`, '--format', '{{.ID}} {{.Names}}'], { timeoutMs: 60_000 })
  if (r.code !== 0) return 0
  const orphans = r.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([id, name]) => id && name && NAME_PID.test(name) && !isAlive(Number(NAME_PID.exec(name)![1])))
    .map(([id]) => id)
  if (orphans.length) await run(engine, ['rm', '-f', ...(engine.kind === 'podman' ? ['--time', '0'] : []), ...orphans], { timeoutMs: 120_000 })
  return orphans.length
}

// Always without the abort signal: a container is removed even when (especially when) the run is aborted.
async function removeContainer(engine: Engine, name: string): Promise<void> {
  // Podman would first wait 10 s for `sleep` (PID 1, ignores SIGTERM) to stop; docker rm -f kills at once.
  const now = engine.kind === 'podman' ? ['--time', '0'] : []
  await run(engine, ['rm', '-f', ...now, name], { timeoutMs: 60_000 })
}

export async function containerTrial(
  engine: Engine,
  image: string,
  task: SmokeTask,
  withAnswer: boolean,
  config: SmokeConfig,
  signal?: AbortSignal,
): Promise<TrialOutcome> {
  const kind = withAnswer ? 'oracle' : 'empty'
  const name = `locobench-smoke-${sha256(task.id).slice(0, 12)}-${kind}-p${process.pid}-${randomBytes(3).toString('hex')}`
  const timeoutMs = config.run_timeout_sec * 1000
  const tail = (text: string) => lastLines(text, config.tail_lines)
  // Set-up runs as root (as Harbor's chmod does); the scripts run as the image's USER.
  const inside = (script: string, options: { root?: boolean; env?: string[] } = {}) =>
    run(engine, ['exec', ...(options.root ? ['-u', '0'] : []), ...(options.env ?? []).flatMap((e) => ['-e', e]), name, 'bash', '-c', script], { signal, timeoutMs })

  try {
    const started = await run(engine, ['run', '-d', '--rm', '--network', 'host', '--label', `${HOST_LABEL}=${hostname()}`, '--name', name, '--entrypoint', 'sleep', image, String(lifetimeSec(config))], { signal, timeoutMs: 120_000 })
    if (started.code !== 0) {
      return { verifyTail: '', failure: { step: withAnswer ? 'oracle' : 'empty', message: `container did not start (${describeExit(started)})`, tail: tail(started.output) } }
    }
    const prepared = await inside('mkdir -p /logs/agent /logs/verifier /logs/artifacts && chmod 777 /logs/agent /logs/verifier /logs/artifacts', { root: true })
    if (prepared.code !== 0) {
      return { verifyTail: '', failure: { step: withAnswer ? 'oracle' : 'empty', message: `the container has no working bash (${describeExit(prepared)})`, tail: tail(prepared.output) } }
    }

    if (withAnswer) {
      const copied = await run(engine, ['cp', `${join(task.dir, 'solution')}/.`, `${name}:/solution`], { signal, timeoutMs })
      if (copied.code !== 0) return { verifyTail: '', failure: { step: 'oracle', message: `copying solution/ in failed (${describeExit(copied)})`, tail: tail(copied.output) } }
      await inside('chmod +x /solution/solve.sh', { root: true })
      const solved = await inside('/solution/solve.sh', { env: ['DEBIAN_FRONTEND=noninteractive'] })
      if (solved.code !== 0) {
        return { verifyTail: '', failure: { step: 'oracle', message: `solve.sh failed (${describeExit(solved, config.run_timeout_sec)})`, tail: tail(solved.output) } }
      }
    }

    const copied = await run(engine, ['cp', `${join(task.dir, 'tests')}/.`, `${name}:/tests`], { signal, timeoutMs })
    if (copied.code !== 0) return { verifyTail: '', failure: { step: 'verify', message: `copying tests/ in failed (${describeExit(copied)})`, tail: tail(copied.output) } }
    // Harbor ignores test.sh's exit code; only the reward file counts.
    await inside('chmod +x /tests/test.sh', { root: true })
    const verified = await inside('/tests/test.sh')
    const verifyTail = tail(verified.output)
    if (verified.timedOut || verified.aborted) {
      return { verifyTail, failure: { step: 'verify', message: `test.sh ${describeExit(verified, config.run_timeout_sec)}`, tail: verifyTail } }
    }
    const json = await inside('cat /logs/verifier/reward.json')
    const txt = json.code === 0 ? undefined : await inside('cat /logs/verifier/reward.txt')
    const read = readReward(json.code === 0 ? json.stdout : undefined, txt?.code === 0 ? txt.stdout : undefined)
    if (!read.ok) return { verifyTail, failure: { step: 'verify', message: `${read.problem} (test.sh ${describeExit(verified)})`, tail: verifyTail } }
    return { verifyTail, reward: read.reward }
  } finally {
    await removeContainer(engine, name)
  }
}
