// Named errors carry the exit code a CLI ends with: 1 for a failed run, 2 for usage or config.
export class ExitError extends Error {
  readonly exitCode: number
  constructor(message: string, exitCode = 1, options?: ErrorOptions) {
    super(message, options)
    this.name = new.target.name
    this.exitCode = exitCode
  }
}

/** A bad command line or config value: exit 2, and nothing was run. */
export class UsageError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}
