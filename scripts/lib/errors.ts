// The project's errors share the engine's base, so every CLI maps them to the same exit codes.
import { ExitError } from '../engine/exit-error.ts'

export { ExitError, UsageError } from '../engine/exit-error.ts'

/** A config value the schema rejects: exit 2, the message names the key. */
export class ConfigError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}
