import { createReadStream, openSync, writeSync, closeSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { createInterface } from 'node:readline'

/** Streams a JSONL file line by line; a line that does not parse names the file and line. */
export async function* readJsonl<T = unknown>(path: string): AsyncGenerator<{ line: number; value: T }> {
  const lines = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })
  let line = 0
  for await (const text of lines) {
    line++
    if (text.trim() === '') continue
    let value: T
    try {
      value = JSON.parse(text) as T
    } catch (error) {
      throw new Error(`${path}:${line}: not valid JSON: ${(error as Error).message}`)
    }
    yield { line, value }
  }
}

export async function readJsonlAll<T = unknown>(path: string): Promise<T[]> {
  const out: T[] = []
  for await (const { value } of readJsonl<T>(path)) out.push(value)
  return out
}

/** Appends one JSON value per line; buffered writes, so 8,000 records cost a few syscalls. */
export class JsonlWriter {
  #fd: number
  #buffer: string[] = []
  #size = 0
  count = 0

  constructor(path: string) {
    mkdirSync(dirname(path), { recursive: true })
    this.#fd = openSync(path, 'w')
  }

  write(value: unknown): void {
    const text = `${JSON.stringify(value)}\n`
    this.#buffer.push(text)
    this.#size += text.length
    this.count++
    if (this.#size > 1 << 20) this.flush()
  }

  flush(): void {
    if (this.#buffer.length) writeSync(this.#fd, this.#buffer.join(''))
    this.#buffer = []
    this.#size = 0
  }

  close(): void {
    this.flush()
    closeSync(this.#fd)
  }
}
