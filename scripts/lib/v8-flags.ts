// V8 flags the process sets while it runs (lib/heap-growth.ts, lib/young-generation.ts). A flag is
// one setting for the whole process, and stages of one graph can overlap, so each setting is held
// by a count: the first hold applies it, the last let-go gives V8 its default back. A flag given
// on node's command line (or in NODE_OPTIONS) is the user's, and left alone.

const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].map((arg) => arg.replaceAll('_', '-'))

/** Whether node was started with any of these V8 flags (named without `--`; `_` and `-` alike). */
export const flagGiven = (...names: string[]): boolean => given.some((arg) => names.some((name) => arg === `--${name}` || arg.startsWith(`--${name}=`)))

export class SharedHold {
  #count = 0
  readonly #apply: () => void
  readonly #restore: () => void

  constructor(apply: () => void, restore: () => void) {
    this.#apply = apply
    this.#restore = restore
  }

  get held(): boolean {
    return this.#count > 0
  }

  /** Takes a hold; the function returned lets it go, once however often it is called. */
  take(): () => void {
    if (this.#count++ === 0) this.#apply()
    let held = true
    return () => {
      if (!held) return
      held = false
      if (--this.#count === 0) this.#restore()
    }
  }
}
