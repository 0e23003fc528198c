// Every way a fetch can fail, each with the exit code the CLI and the engine report.
import { formatBytes } from './meter.ts'
import { ExitError } from '../../lib/errors.ts'

/** The config or the options are wrong (exit 2): nothing was downloaded or written. */
export class FetchConfigError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

/** The transfer failed: bad status, connection closed early, size mismatch. */
export class DownloadError extends ExitError {
  readonly source: string
  constructor(source: string, message: string, options?: { cause?: unknown }) {
    super(`download of ${source} failed: ${message}`, 1, options)
    this.name = 'DownloadError'
    this.source = source
  }
}

/** The bytes that came are not the bytes the config pinned. */
export class ChecksumError extends ExitError {
  readonly source: string
  readonly expected: string
  readonly actual: string
  readonly bytes: number
  constructor(source: string, expected: string, actual: string, bytes: number, hint?: string) {
    super(
      `sha256 mismatch for ${source}\n  expected: ${expected}\n  actual:   ${actual}\n  bytes:    ${bytes} (${formatBytes(bytes)})` +
        (hint ? `\n  ${hint}` : ''),
    )
    this.name = 'ChecksumError'
    this.source = source
    this.expected = expected
    this.actual = actual
    this.bytes = bytes
  }
}

/** An archive entry that would land outside the target or is not a plain file or directory. */
export class UnsafeEntryError extends ExitError {
  readonly entry: string
  readonly reason: string
  constructor(entry: string, reason: string) {
    super(`refusing archive entry ${JSON.stringify(entry)}: ${reason}`)
    this.name = 'UnsafeEntryError'
    this.entry = entry
    this.reason = reason
  }
}

/** The archive is not a zip we can read, or its layout does not fit the options. */
export class ArchiveError extends ExitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, 1, options)
  }
}

/** The caller's signal fired; everything written so far has been removed. */
export class FetchAbortedError extends ExitError {
  constructor(what: string) {
    super(`${what} aborted`)
    this.name = 'AbortError'
  }
}

/** fetchInto found data at the target and was not told to replace it. */
export class TargetExistsError extends ExitError {
  readonly target: string
  constructor(target: string) {
    super(`${target} exists and is not empty; pass replace: true to swap it for the fetched data`, 2)
    this.name = 'TargetExistsError'
    this.target = target
  }
}
