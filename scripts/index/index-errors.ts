import { ExitError } from '../lib/errors.ts'

/** A project, repository, config value or push that the index stage cannot handle; the message names the path or key. */
export class IndexError extends ExitError {}
