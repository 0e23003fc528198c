// Finding a Harbor CLI: a command line in HARBOR_CMD (e.g. `uv run harbor`, or a venv's
// `/opt/harbor/bin/harbor`) wins over `harbor` on PATH, so a machine with several installs can pick
// one without touching PATH.
import { accessSync, constants, statSync } from 'node:fs'
import { delimiter, isAbsolute, join } from 'node:path'
import { HarborConfigError } from './harbor-config.ts'

export interface HarborCli {
  /** The program and the arguments every call starts with. */
  argv: string[]
  /** Where it came from, for the report and the log line. */
  source: 'HARBOR_CMD' | 'PATH'
}

/**
 * Splits a command line the way a POSIX shell splits words, without expanding anything: blanks
 * separate words, single quotes keep everything, double quotes keep everything but `\"` and `\\`,
 * a backslash outside quotes keeps the next character. Enough for paths with spaces.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = []
  let word = ''
  let inWord = false
  let quote: "'" | '"' | undefined
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quote === "'") {
      if (c === "'") quote = undefined
      else word += c
    } else if (quote === '"') {
      if (c === '"') quote = undefined
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i]
      else word += c
    } else if (c === "'" || c === '"') {
      quote = c
      inWord = true
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i]
      inWord = true
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word)
      word = ''
      inWord = false
    } else {
      word += c
      inWord = true
    }
  }
  if (quote) throw new HarborConfigError(`HARBOR_CMD: unterminated ${quote} quote in ${JSON.stringify(line)}`)
  if (inWord) words.push(word)
  return words
}

const isExecutableFile = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** The first executable `name` on PATH, or undefined. */
export function whichOnPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir || !isAbsolute(dir)) continue
    const candidate = join(dir, name)
    if (isExecutableFile(candidate)) return candidate
  }
  return undefined
}

/** The Harbor CLI to call, or undefined when there is none (HARBOR_CMD unset and no `harbor` on PATH). */
export function findHarborCli(env: NodeJS.ProcessEnv = process.env): HarborCli | undefined {
  const fromEnv = env.HARBOR_CMD
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const argv = splitCommandLine(fromEnv)
    if (!argv.length) throw new HarborConfigError(`HARBOR_CMD: no command in ${JSON.stringify(fromEnv)}`)
    return { argv, source: 'HARBOR_CMD' }
  }
  const onPath = whichOnPath('harbor', env)
  return onPath ? { argv: [onPath], source: 'PATH' } : undefined
}

/** One line a user can paste into a POSIX shell: words quoted only when they need it. */
export function formatCommand(argv: string[]): string {
  return argv.map((w) => (/^[A-Za-z0-9_@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", `'\\''`)}'`)).join(' ')
}
