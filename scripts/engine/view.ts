// Views consume engine events and nothing else. listr2 draws one task per stage (default
// renderer on a terminal, simple when CI is set or stdout is not a TTY); --json prints each event
// as one line. Full error output is printed after the list, where nothing redraws over it.
import { Listr, type DefaultRenderer, type ListrTaskWrapper, type SimpleRenderer } from 'listr2'
import { describeReason, type EngineEvent, type Reason } from './types.ts'

export interface View {
  emit(event: EngineEvent): void
  /**
   * Resolves when the view has drawn every stage's final state. `stopped`: why the run ended
   * before its stages (a held lock): said first, and the stages left show as not run.
   */
  close(stopped?: string): Promise<void>
}

export function jsonView(write: (line: string) => void = (line) => process.stdout.write(line)): View {
  return {
    emit: (event) => write(`${JSON.stringify(event)}\n`),
    // Why the run could not start (the lock is held) goes to stderr: stdout is the event stream.
    close: async (stopped) => {
      if (stopped) process.stderr.write(`${stopped}\n`)
    },
  }
}

export const reasonText = (reasons: Reason[]): string => reasons.map(describeReason).join(', ')

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)}s`

type Terminal = Extract<EngineEvent, { type: 'skip' | 'done' | 'fail' }>
type Task = ListrTaskWrapper<unknown, typeof DefaultRenderer, typeof SimpleRenderer>

interface Lane {
  title: string
  why?: string
  /** When progress last went to the output (the simple renderer prints each output as a line). */
  said?: number
  task?: Task
  pending: EngineEvent[]
  finish: (event: Terminal) => void
  finished: Promise<Terminal>
}

export function listrView(stages: { name: string; title: string }[], stderr = process.stderr): View {
  // A pseudo-terminal without a width (some CI runners) would wrap every character.
  const plain = Boolean(process.env.CI) || !process.stdout.isTTY || !process.stdout.columns
  const lanes = new Map<string, Lane>()
  for (const { name, title } of stages) {
    let finish!: (event: Terminal) => void
    const finished = new Promise<Terminal>((resolve) => (finish = resolve))
    lanes.set(name, { title: `${name}: ${title}`, pending: [], finish, finished })
  }
  const failures: Extract<EngineEvent, { type: 'fail' }>[] = []
  let stopped = false

  const show = (lane: Lane, event: EngineEvent) => {
    const task = lane.task
    if (!task) return void lane.pending.push(event)
    switch (event.type) {
      case 'start':
        lane.why = reasonText(event.reasons)
        task.title = `${lane.title}: running (${lane.why})`
        break
      case 'progress': {
        const count = `${event.done}/${event.total} ${event.unit}`
        task.title = `${lane.title}: running (${lane.why}) ${count}`
        // Only long stages print counts as lines: every 2 s, never for a stage that ends sooner.
        const now = performance.now()
        lane.said ??= now
        if (now - lane.said > 2000) {
          lane.said = now
          task.output = count
        }
        break
      }
      case 'log':
        task.output = event.level === 'warn' ? `warning: ${event.message}` : event.message
        break
      default:
        break
    }
  }

  const list = new Listr<unknown, 'default', 'simple'>(
    stages.map(({ name }) => ({
      title: lanes.get(name)!.title,
      task: async (_ctx: unknown, task: Task) => {
        const lane = lanes.get(name)!
        lane.task = task
        for (const event of lane.pending.splice(0)) show(lane, event)
        const end = await lane.finished
        if (end.type === 'skip') {
          const why = end.why === 'fresh' ? 'fresh' : end.why === 'dry-run' ? `would run (${reasonText(end.reasons)})` : stopped && !end.stage ? 'not run' : 'not run: a dependency failed'
          // The simple renderer prints "title [SKIPPED: why]"; the default one shows only the message.
          task.skip(plain ? why : `${lane.title}: ${why}`)
        } else if (end.type === 'done') {
          task.title = `${lane.title}: ran in ${seconds(end.durationMs)} (${lane.why})${end.summary ? ` — ${end.summary}` : ''}`
        } else {
          task.title = lane.title
          throw new Error(`failed after ${seconds(end.durationMs)}: ${end.error.split('\n')[0]}`)
        }
      },
      rendererOptions: { persistentOutput: true, outputBar: 3 },
    })),
    {
      concurrent: true,
      exitOnError: false,
      registerSignalListeners: false,
      renderer: 'default',
      rendererOptions: { collapseSkips: true, suffixSkips: false, collapseErrors: false },
      fallbackRenderer: 'simple',
      fallbackRendererCondition: plain,
    },
  )
  const running = list.run().catch(() => undefined)

  return {
    emit(event) {
      if (event.type === 'plan') return
      const lane = lanes.get(event.stage)
      if (!lane) {
        if (event.type === 'log') stderr.write(`${event.level === 'warn' ? 'warning: ' : ''}${event.message}\n`)
        return
      }
      if (event.type === 'fail') failures.push(event)
      if (event.type === 'skip' || event.type === 'done' || event.type === 'fail') lane.finish(event)
      else show(lane, event)
    },
    async close(reason) {
      // The reason the run stopped comes before any line about the stages it kept from running.
      if (reason !== undefined) {
        stopped = true
        stderr.write(`${reason}\n`)
      }
      // Stages never reached (a run stopped early) must not leave the list waiting forever.
      for (const lane of lanes.values()) lane.finish({ type: 'skip', stage: '', why: 'dependency-failed', reasons: [] })
      await running
      for (const failure of failures) {
        stderr.write(`\n── ${failure.stage} failed ──\n${failure.error}\n`)
        if (failure.details) stderr.write(`${failure.details}\n`)
      }
    },
  }
}
