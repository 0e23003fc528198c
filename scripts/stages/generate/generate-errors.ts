import { ExitError } from '../../lib/errors.ts'
export class GenerateError extends ExitError {}

/** One task could not be built; the message names the task and, where known, the template. */
export class TaskError extends ExitError {
  readonly id: string
  constructor(id: string, message: string) {
    super(`${id}: ${message}`)
    this.name = 'TaskError'
    this.id = id
  }
}
