// The same two trials without a container: solve.sh and test.sh run on this machine with
// LOGS_DIR/TESTS_DIR/SOLUTION_DIR pointed into a temp dir holding copies, as Harbor would copy them.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SmokeConfig } from './smoke-config.ts'
import { describeExit, exec, lastLines } from './exec.ts'
import type { SmokeTask } from './smoke-manifest.ts'
import { readReward, type TrialOutcome } from './trial.ts'

const readIfThere = (path: string): string | undefined => (existsSync(path) ? readFileSync(path, 'utf8') : undefined)

export async function localTrial(task: SmokeTask, withAnswer: boolean, config: SmokeConfig, signal?: AbortSignal): Promise<TrialOutcome> {
  const root = mkdtempSync(join(tmpdir(), 'locobench-trial-'))
  const tail = (text: string) => lastLines(text, config.tail_lines)
  try {
    const logs = join(root, 'logs')
    for (const sub of ['agent', 'verifier', 'artifacts']) mkdirSync(join(logs, sub), { recursive: true })
    const tests = join(root, 'tests')
    const solution = join(root, 'solution')
    const env = { ...process.env, LOGS_DIR: logs, TESTS_DIR: tests, SOLUTION_DIR: solution, DEBIAN_FRONTEND: 'noninteractive' }
    const options = { env, cwd: root, signal, timeoutMs: config.run_timeout_sec * 1000 }

    if (withAnswer) {
      if (!existsSync(join(task.dir, 'solution'))) return { verifyTail: '', failure: { step: 'oracle', message: 'the task has no solution/ directory', tail: '' } }
      cpSync(join(task.dir, 'solution'), solution, { recursive: true })
      const solved = await exec('bash', [join(solution, 'solve.sh')], options)
      if (solved.code !== 0) return { verifyTail: '', failure: { step: 'oracle', message: `solve.sh failed (${describeExit(solved, config.run_timeout_sec)})`, tail: tail(solved.output) } }
    }

    if (!existsSync(join(task.dir, 'tests'))) return { verifyTail: '', failure: { step: 'verify', message: 'the task has no tests/ directory', tail: '' } }
    cpSync(join(task.dir, 'tests'), tests, { recursive: true })
    const verified = await exec('bash', [join(tests, 'test.sh')], options)
    const verifyTail = tail(verified.output)
    if (verified.code === null) return { verifyTail, failure: { step: 'verify', message: `test.sh ${describeExit(verified, config.run_timeout_sec)}`, tail: verifyTail } }
    const read = readReward(readIfThere(join(logs, 'verifier', 'reward.json')), readIfThere(join(logs, 'verifier', 'reward.txt')))
    if (!read.ok) return { verifyTail, failure: { step: 'verify', message: `${read.problem} (test.sh ${describeExit(verified)})`, tail: verifyTail } }
    return { verifyTail, reward: read.reward }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
