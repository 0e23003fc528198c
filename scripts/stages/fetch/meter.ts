// Byte counting for the view: progress as often as a tenth of a second, a human log line at most
// twice a second, so an 800 MB transfer neither floods the log nor looks frozen.
import { performance } from 'node:perf_hooks'

const UNITS = ['KiB', 'MiB', 'GiB', 'TiB']

/** `512 B`, `12.3 MiB`, `810 MiB`: three significant digits are enough to watch a transfer. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  let value = bytes
  let unit = 'B'
  for (const next of UNITS) {
    if (value < 1024) break
    value /= 1024
    unit = next
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${unit}`
}

export interface MeterOptions {
  /** Expected size in bytes; 0 when the server did not say. */
  total: number
  progress(done: number, total: number): void
  log(message: string): void
  /** Prefix of every log line, e.g. `download` or `verify`. */
  label: string
}

export interface Meter {
  add(bytes: number): void
  readonly done: number
  /** Reports the final count whatever the throttle says. */
  finish(): void
}

const PROGRESS_EVERY_MS = 100
const LOG_EVERY_MS = 500

export function createMeter(options: MeterOptions): Meter {
  const started = performance.now()
  let done = 0
  let lastProgress = -Infinity
  let lastLog = started
  let loggedBytes = 0

  const line = (bytes: number, ms: number): string => {
    const size = options.total > 0 ? `${formatBytes(done)} / ${formatBytes(options.total)}` : formatBytes(done)
    const speed = ms > 0 ? `${formatBytes(Math.round((bytes * 1000) / ms))}/s` : '–'
    return `${options.label}: ${size}, ${speed}`
  }

  return {
    get done() {
      return done
    },
    add(bytes: number) {
      done += bytes
      const now = performance.now()
      if (now - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now
        options.progress(done, options.total)
      }
      if (now - lastLog >= LOG_EVERY_MS) {
        options.log(line(done - loggedBytes, now - lastLog))
        lastLog = now
        loggedBytes = done
      }
    },
    finish() {
      options.progress(done, options.total || done)
      options.log(line(done, performance.now() - started))
    },
  }
}
