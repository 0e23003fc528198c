// The project's errors share the engine's base, so every CLI maps them to the same exit codes.
export { ExitError, UsageError } from '../engine/errors.ts'
