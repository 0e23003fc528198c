// The read-only tools behind the code-search MCP server, as plain functions over one repository
// root: list files, search text or regex (ripgrep, with a Node fallback), read a file or a line
// range, find definitions (universal-ctags). Every path a caller gives is confined to the root,
// every result is capped with a "[truncated: …]" line saying how to get the rest, and anything a
// caller got wrong is a ToolInputError whose message is shown to the caller as a tool error.
// This file is bundled into the sidecar and runs on Debian's Node 20: Node 20 APIs only.
import { spawn } from 'node:child_process'
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs'
import { join, sep } from 'node:path'

export interface CodeSearchLimits {
  /** list_files: entries per call (default and ceiling). */
  listDefault: number
  listMax: number
  /** search_code: matching lines per call (default and ceiling). */
  matchesDefault: number
  matchesMax: number
  /** A matching line is cut to this many characters (minified code has megabyte lines). */
  lineChars: number
  /** read_file: lines and bytes per call. */
  readLines: number
  readBytes: number
  /** find_definitions: definitions per call (default and ceiling). */
  definitionsDefault: number
  definitionsMax: number
  /** Files larger than this are not searched by the Node fallback nor read whole. */
  fileBytes: number
  /** A search or indexing run that takes longer is stopped (and says so). */
  timeoutMs: number
}

export const DEFAULT_LIMITS: CodeSearchLimits = {
  listDefault: 500,
  listMax: 5000,
  matchesDefault: 100,
  matchesMax: 1000,
  lineChars: 300,
  readLines: 400,
  readBytes: 64 * 1024,
  definitionsDefault: 50,
  definitionsMax: 500,
  fileBytes: 8 * 1024 * 1024,
  timeoutMs: 30_000,
}

/** A mistake of the caller (bad path, bad regex, line out of range): its message is the tool error. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ToolInputError'
  }
}

export type SearchEngine = 'ripgrep' | 'node'

export interface RepoOptions {
  limits?: Partial<CodeSearchLimits>
  /** The ripgrep binary (default `rg`); when it cannot run, searches fall back to Node. */
  rg?: string
  /** The universal-ctags binary (default: `ctags-universal`, then `ctags`). */
  ctags?: string
  /** Force the search engine (tests use `node` to check the fallback). */
  engine?: SearchEngine
}

const isInside = (root: string, path: string): boolean => path === root || path.startsWith(root + sep)

// ---- paths ------------------------------------------------------------------------------------

/** Splits a caller's repository-relative path into segments, refusing anything that could leave the root. */
export function pathSegments(path: string): string[] {
  if (path.includes('\0')) throw new ToolInputError('path must not contain NUL characters')
  if (path.startsWith('/') || path.startsWith('\\') || /^[A-Za-z]:([\\/]|$)/.test(path) || path === '~' || path.startsWith('~/')) {
    throw new ToolInputError(`path must be relative to the repository root, not absolute: ${JSON.stringify(path)}`)
  }
  const parts = path.split('/').filter((p) => p !== '' && p !== '.')
  if (parts.includes('..')) throw new ToolInputError(`path must not contain "..": ${JSON.stringify(path)}`)
  return parts
}

// ---- globs ------------------------------------------------------------------------------------

/**
 * A glob as a RegExp over repository-relative paths: `*` and `?` stay within a path segment, `**`
 * spans segments, `[…]` and `{a,b}` as in shells. A glob without `/` matches the file name at any
 * depth (`*.py`), like ripgrep's and .gitignore's globs; with `/` it matches the whole path.
 */
export function globToRegExp(glob: string): RegExp {
  if (glob.trim() === '') throw new ToolInputError('glob must not be empty')
  if (glob.length > 500) throw new ToolInputError('glob is too long (at most 500 characters)')
  const anchored = glob.includes('/')
  const body = glob.replace(/^\.?\//, '')
  let out = ''
  let braces = 0
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]
    if (ch === '*') {
      if (body[i + 1] === '*') {
        // `**/` matches zero or more whole segments; a lone `**` anything at all.
        if (body[i + 2] === '/') {
          out += '(?:.*/)?'
          i += 2
        } else {
          out += '.*'
          i += 1
        }
      } else out += '[^/]*'
    } else if (ch === '?') out += '[^/]'
    else if (ch === '[') {
      const end = body.indexOf(']', i + 2)
      if (end < 0) throw new ToolInputError(`glob has an unclosed "[": ${JSON.stringify(glob)}`)
      let cls = body.slice(i + 1, end)
      if (cls.startsWith('!')) cls = `^${cls.slice(1)}`
      out += `[${cls.replace(/\\/g, '\\\\')}]`
      i = end
    } else if (ch === '{') {
      braces++
      out += '(?:'
    } else if (ch === '}' && braces > 0) {
      braces--
      out += ')'
    } else if (ch === ',' && braces > 0) out += '|'
    else out += ch.replace(/[.+^${}()|\\]/g, '\\$&')
  }
  if (braces > 0) throw new ToolInputError(`glob has an unclosed "{": ${JSON.stringify(glob)}`)
  try {
    return new RegExp(anchored ? `^${out}$` : `(?:^|/)${out}$`)
  } catch {
    throw new ToolInputError(`not a valid glob: ${JSON.stringify(glob)}`)
  }
}

// ---- output helpers ---------------------------------------------------------------------------

const cutLine = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}… [line cut at ${max} characters]` : text)

const truncatedNote = (what: string, how: string): string => `[truncated: ${what}; ${how}]`

function clampCount(value: number | undefined, fallback: number, max: number, name: string): number {
  if (value === undefined) return fallback
  if (!Number.isInteger(value) || value < 1) throw new ToolInputError(`${name} must be a positive integer`)
  return Math.min(value, max)
}

function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8000).includes(0)
}

// ---- the repository ---------------------------------------------------------------------------

export interface ListArgs {
  path?: string
  glob?: string
  max_results?: number
}

export interface SearchArgs {
  query: string
  regex?: boolean
  case_sensitive?: boolean
  path?: string
  glob?: string
  max_results?: number
}

export interface ReadArgs {
  path: string
  start_line?: number
  end_line?: number
}

export interface DefinitionArgs {
  symbol: string
  kind?: string
  path?: string
  max_results?: number
}

export interface SearchMatch {
  path: string
  line: number
  text: string
}

interface Definition {
  name: string
  path: string
  line: number
  kind: string
  scope?: string
  text: string
}

export class Repo {
  /** The real path of the root: every resolved path must stay inside it. */
  readonly root: string
  readonly limits: CodeSearchLimits
  private readonly rg: string
  private readonly ctagsBins: string[]
  private readonly forcedEngine?: SearchEngine
  private rgWorks?: Promise<boolean>
  private tags?: Promise<Definition[]>

  constructor(root: string, options: RepoOptions = {}) {
    let real: string
    try {
      real = realpathSync(root)
      if (!statSync(real).isDirectory()) throw new Error('not a directory')
    } catch (error) {
      throw new Error(`repository root ${root}: ${(error as Error).message}`)
    }
    this.root = real
    this.limits = { ...DEFAULT_LIMITS, ...options.limits }
    this.rg = options.rg ?? 'rg'
    this.ctagsBins = options.ctags ? [options.ctags] : ['ctags-universal', 'ctags']
    this.forcedEngine = options.engine
  }

  /**
   * The absolute real path for a caller's relative path, which must exist and stay inside the
   * root after every symlink is followed.
   */
  resolve(path: string | undefined): { abs: string; rel: string; isDir: boolean } {
    const parts = pathSegments(path ?? '')
    const joined = join(this.root, ...parts)
    let real: string
    try {
      lstatSync(joined)
      real = realpathSync(joined)
    } catch {
      throw new ToolInputError(`no such file or directory in the repository: ${JSON.stringify(parts.join('/') || '.')}`)
    }
    if (!isInside(this.root, real)) throw new ToolInputError(`path leaves the repository (through a symbolic link): ${JSON.stringify(parts.join('/'))}`)
    const rel = real === this.root ? '' : real.slice(this.root.length + 1).split(sep).join('/')
    return { abs: real, rel, isDir: statSync(real).isDirectory() }
  }

  /**
   * Files under a directory, sorted, as repository-relative paths. Directory symlinks are not
   * followed (no cycles, no escape); file symlinks are listed when they resolve inside the root.
   * `.git` is skipped. Stops once `stopAfter` files are found. Searches pass fileLinks = false, as
   * ripgrep does not follow links either: a linked file's lines are found under its real path.
   */
  private walk(startAbs: string, startRel: string, stopAfter: number, accept: (rel: string) => boolean, fileLinks = true): string[] {
    const found: string[] = []
    const visit = (abs: string, rel: string): boolean => {
      let entries: Dirent[]
      try {
        entries = readdirSync(abs, { withFileTypes: true })
      } catch {
        return true // unreadable directory: skipped, the rest goes on
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      for (const entry of entries) {
        const childAbs = join(abs, entry.name)
        const childRel = rel ? `${rel}/${entry.name}` : entry.name
        if (entry.isDirectory()) {
          if (entry.name === '.git') continue
          if (!visit(childAbs, childRel)) return false
        } else if (entry.isFile() || (fileLinks && entry.isSymbolicLink() && this.isInsideFile(childAbs))) {
          if (!accept(childRel)) continue
          found.push(childRel)
          if (found.length >= stopAfter) return false
        }
      }
      return true
    }
    visit(startAbs, startRel)
    return found
  }

  private isInsideFile(abs: string): boolean {
    try {
      const real = realpathSync(abs)
      return isInside(this.root, real) && statSync(real).isFile()
    } catch {
      return false
    }
  }

  listFiles(args: ListArgs): string {
    const max = clampCount(args.max_results, this.limits.listDefault, this.limits.listMax, 'max_results')
    const target = this.resolve(args.path)
    const glob = args.glob === undefined ? undefined : globToRegExp(args.glob)
    const where = target.rel || '.'
    if (!target.isDir) {
      const ok = !glob || glob.test(target.rel)
      return ok ? `1 file:\n${target.rel}` : `No file under ${where} matches the glob ${JSON.stringify(args.glob)}.`
    }
    const files = this.walk(target.abs, target.rel, max + 1, (rel) => !glob || glob.test(rel))
    if (files.length === 0) return glob ? `No file under ${where} matches the glob ${JSON.stringify(args.glob)}.` : `No files under ${where}.`
    const shown = files.slice(0, max)
    const lines = [`${shown.length} file${shown.length === 1 ? '' : 's'} under ${where}${glob ? ` matching ${JSON.stringify(args.glob)}` : ''}:`, ...shown]
    if (files.length > max) lines.push(truncatedNote(`showing the first ${max} files (sorted by path); more exist`, `narrow it with path or glob, or raise max_results (at most ${this.limits.listMax})`))
    return lines.join('\n')
  }

  // ---- search ---------------------------------------------------------------------------------

  private async engine(): Promise<SearchEngine> {
    if (this.forcedEngine) return this.forcedEngine
    this.rgWorks ??= new Promise((resolve) => {
      const child = spawn(this.rg, ['--version'], { stdio: 'ignore' })
      child.on('error', () => resolve(false))
      child.on('close', (code) => resolve(code === 0))
    })
    return (await this.rgWorks) ? 'ripgrep' : 'node'
  }

  async search(args: SearchArgs): Promise<string> {
    if (typeof args.query !== 'string' || args.query === '') throw new ToolInputError('query must be a non-empty string')
    if (args.query.length > 1000) throw new ToolInputError('query is too long (at most 1000 characters)')
    const max = clampCount(args.max_results, this.limits.matchesDefault, this.limits.matchesMax, 'max_results')
    const target = this.resolve(args.path)
    const glob = args.glob === undefined ? undefined : globToRegExp(args.glob)
    // Smart case unless told: a query with an upper-case letter is matched exactly.
    const caseSensitive = args.case_sensitive ?? /[A-Z]/.test(args.query)
    const engine = await this.engine()
    const found = engine === 'ripgrep' ? await this.searchRipgrep(args, target, glob, caseSensitive, max + 1) : this.searchNode(args, target, glob, caseSensitive, max + 1)
    return this.formatMatches(args, found, max)
  }

  private formatMatches(args: SearchArgs, found: { matches: SearchMatch[]; timedOut: boolean }, max: number): string {
    const { matches, timedOut } = found
    const kind = args.regex ? 'regex' : 'text'
    if (matches.length === 0) {
      return timedOut ? truncatedNote(`the search was stopped after ${this.limits.timeoutMs / 1000} s with no match yet`, 'narrow it with path or glob') : `No match for ${kind} ${JSON.stringify(args.query)}.`
    }
    const shown = matches.slice(0, max)
    const files = new Set(shown.map((m) => m.path))
    const out = [`${shown.length} matching line${shown.length === 1 ? '' : 's'} in ${files.size} file${files.size === 1 ? '' : 's'} for ${kind} ${JSON.stringify(args.query)} (each file, then line: text):`]
    let last: string | undefined
    for (const m of shown) {
      if (m.path !== last) out.push(m.path)
      last = m.path
      out.push(`  ${m.line}: ${cutLine(m.text, this.limits.lineChars)}`)
    }
    if (matches.length > max) out.push(truncatedNote(`showing the first ${max} matching lines; more exist`, `narrow it with path or glob, or raise max_results (at most ${this.limits.matchesMax})`))
    else if (timedOut) out.push(truncatedNote(`the search was stopped after ${this.limits.timeoutMs / 1000} s; more matches may exist`, 'narrow it with path or glob'))
    return out.join('\n')
  }

  private searchRipgrep(args: SearchArgs, target: { abs: string; rel: string }, glob: RegExp | undefined, caseSensitive: boolean, stopAfter: number): Promise<{ matches: SearchMatch[]; timedOut: boolean }> {
    // --no-ignore/--hidden: the repository is exactly what the task ships, .gitignore'd files
    // included; .git itself is never shown. --sort path: the same answer every time (and the
    // same first N when capped), as the Node fallback gives; ripgrep's threads would interleave
    // files at random. --regexp keeps a query that starts with "-" a pattern.
    const rgArgs = ['--json', '--no-config', '--sort', 'path', '--no-ignore', '--hidden', '--glob', '!.git', caseSensitive ? '--case-sensitive' : '--ignore-case']
    if (!args.regex) rgArgs.push('--fixed-strings')
    rgArgs.push('--regexp', args.query, '--', target.rel || '.')
    return new Promise((resolve, reject) => {
      const child = spawn(this.rg, rgArgs, { cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'] })
      const matches: SearchMatch[] = []
      let stderr = ''
      let pending = ''
      let stopped = false
      let timedOut = false
      const stop = () => {
        stopped = true
        child.kill('SIGKILL')
      }
      const timer = setTimeout(() => {
        timedOut = true
        stop()
      }, this.limits.timeoutMs)
      const take = (line: string) => {
        if (stopped || !line.startsWith('{"type":"match"')) return
        const event = JSON.parse(line) as { data: { path: { text?: string; bytes?: string }; line_number: number; lines: { text?: string; bytes?: string } } }
        const rawPath = event.data.path.text ?? Buffer.from(event.data.path.bytes ?? '', 'base64').toString('utf8')
        const path = rawPath.replace(/^\.\//, '')
        if (glob && !glob.test(path)) return
        const text = (event.data.lines.text ?? Buffer.from(event.data.lines.bytes ?? '', 'base64').toString('utf8')).replace(/\r?\n$/, '')
        matches.push({ path, line: event.data.line_number, text })
        if (matches.length >= stopAfter) stop()
      }
      child.stdout.setEncoding('utf8')
      child.stdout.on('data', (chunk: string) => {
        pending += chunk
        let nl: number
        while ((nl = pending.indexOf('\n')) >= 0) {
          take(pending.slice(0, nl))
          pending = pending.slice(nl + 1)
        }
      })
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 4000) stderr += chunk
      })
      child.on('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.on('close', (code) => {
        clearTimeout(timer)
        if (!stopped && pending) take(pending)
        // Exit 2 is an error: a bad regex before anything was searched, or an unreadable file
        // among readable ones (then the matches found still count).
        if (code === 2 && matches.length === 0 && !stopped) {
          const message = stderr.trim() || 'ripgrep failed'
          return reject(/regex|parse|syntax/i.test(message) ? new ToolInputError(`not a valid regex (ripgrep syntax): ${message}`) : new Error(message))
        }
        resolve({ matches, timedOut })
      })
    })
  }

  private searchNode(args: SearchArgs, target: { abs: string; rel: string; isDir: boolean }, glob: RegExp | undefined, caseSensitive: boolean, stopAfter: number): { matches: SearchMatch[]; timedOut: boolean } {
    let re: RegExp
    try {
      re = new RegExp(args.regex ? args.query : args.query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), caseSensitive ? 'u' : 'iu')
    } catch (error) {
      throw new ToolInputError(`not a valid regex: ${(error as Error).message}`)
    }
    const deadline = Date.now() + this.limits.timeoutMs
    const files = target.isDir ? this.walk(target.abs, target.rel, Number.POSITIVE_INFINITY, (rel) => !glob || glob.test(rel), false) : !glob || glob.test(target.rel) ? [target.rel] : []
    const matches: SearchMatch[] = []
    for (const rel of files) {
      if (Date.now() > deadline) return { matches, timedOut: true }
      let bytes: Buffer
      try {
        const abs = join(this.root, rel)
        if (statSync(abs).size > this.limits.fileBytes) continue
        bytes = readFileSync(abs)
      } catch {
        continue
      }
      if (looksBinary(bytes)) continue
      const lines = bytes.toString('utf8').split(/\r?\n/)
      for (let i = 0; i < lines.length; i++) {
        if (i === lines.length - 1 && lines[i] === '') break
        if (re.test(lines[i])) {
          matches.push({ path: rel, line: i + 1, text: lines[i] })
          if (matches.length >= stopAfter) return { matches, timedOut: false }
        }
      }
    }
    return { matches, timedOut: false }
  }

  // ---- read -----------------------------------------------------------------------------------

  readFile(args: ReadArgs): string {
    if (typeof args.path !== 'string' || args.path === '') throw new ToolInputError('path must name a file')
    const target = this.resolve(args.path)
    if (target.isDir) throw new ToolInputError(`${JSON.stringify(target.rel || '.')} is a directory; use list_files to see what it holds`)
    const size = statSync(target.abs).size
    if (size > this.limits.fileBytes) throw new ToolInputError(`${target.rel} is too large to read (${size} bytes; at most ${this.limits.fileBytes}); use search_code to find the lines you need`)
    const bytes = readFileSync(target.abs)
    if (looksBinary(bytes)) throw new ToolInputError(`${target.rel} is a binary file (${size} bytes)`)
    const lines = bytes.toString('utf8').split(/\r?\n/)
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop()
    const total = bytes.length === 0 ? 0 : lines.length
    if (total === 0) return `${target.rel}: empty file`
    const start = args.start_line ?? 1
    if (!Number.isInteger(start) || start < 1) throw new ToolInputError('start_line must be a positive integer')
    if (start > total) throw new ToolInputError(`start_line ${start} is past the end of ${target.rel} (${total} lines)`)
    if (args.end_line !== undefined && (!Number.isInteger(args.end_line) || args.end_line < start)) throw new ToolInputError(`end_line must be an integer ≥ start_line (${start})`)
    const wanted = Math.min(args.end_line ?? total, total)
    const end = Math.min(wanted, start + this.limits.readLines - 1)
    const width = String(end).length
    const body: string[] = []
    let bytesUsed = 0
    let last = start - 1
    for (let n = start; n <= end; n++) {
      const line = `${String(n).padStart(width)}  ${lines[n - 1]}`
      const cost = Buffer.byteLength(line) + 1
      if (bytesUsed + cost > this.limits.readBytes && n > start) break
      body.push(cost > this.limits.readBytes ? cutLine(line, this.limits.readBytes) : line)
      bytesUsed += cost
      last = n
    }
    const out = [`${target.rel}: lines ${start}-${last} of ${total}`, ...body]
    if (last < wanted) out.push(truncatedNote(`showing lines ${start}-${last} of the ${wanted - start + 1} asked for (at most ${this.limits.readLines} lines or ${this.limits.readBytes} bytes per call)`, `call read_file again with start_line=${last + 1}`))
    return out.join('\n')
  }

  // ---- definitions ----------------------------------------------------------------------------

  /** Every tag of the repository, indexed once (the sidecar's repository never changes). */
  private index(): Promise<Definition[]> {
    if (!this.tags) {
      this.tags = this.runCtags()
      this.tags.catch(() => (this.tags = undefined))
    }
    return this.tags
  }

  private async runCtags(): Promise<Definition[]> {
    let lastError = ''
    for (const bin of this.ctagsBins) {
      try {
        return await this.ctagsWith(bin)
      } catch (error) {
        lastError = (error as Error).message
      }
    }
    throw new Error(`finding definitions needs universal-ctags: ${lastError}`)
  }

  private ctagsWith(bin: string): Promise<Definition[]> {
    // --links=no: a symlink could lead out of the root. --extras=+q adds qualified names
    // (Class.method) so either form can be asked for.
    const ctagsArgs = ['--recurse', '--links=no', '--exclude=.git', '--output-format=json', '--fields=+nK', '--extras=+q', '-f', '-', '.']
    return new Promise((resolve, reject) => {
      const child = spawn(bin, ctagsArgs, { cwd: this.root, stdio: ['ignore', 'pipe', 'pipe'] })
      const defs: Definition[] = []
      let pending = ''
      let stderr = ''
      let timedOut = false
      const timer = setTimeout(() => {
        timedOut = true
        child.kill('SIGKILL')
      }, this.limits.timeoutMs * 4)
      const take = (line: string) => {
        if (!line.startsWith('{')) return
        let tag: { _type?: string; name?: string; path?: string; line?: number; kind?: string; scope?: string; pattern?: string }
        try {
          tag = JSON.parse(line)
        } catch {
          return
        }
        if (tag._type !== 'tag' || !tag.name || !tag.path || !tag.line) return
        const pattern = (tag.pattern ?? '').replace(/^\/\^?/, '').replace(/\$?\/$/, '').replace(/\\([/\\])/g, '$1')
        defs.push({ name: tag.name, path: tag.path.replace(/^\.\//, ''), line: tag.line, kind: tag.kind ?? '', scope: tag.scope, text: pattern.trim() })
      }
      child.stdout.setEncoding('utf8')
      child.stdout.on('data', (chunk: string) => {
        pending += chunk
        let nl: number
        while ((nl = pending.indexOf('\n')) >= 0) {
          take(pending.slice(0, nl))
          pending = pending.slice(nl + 1)
        }
      })
      child.stderr.setEncoding('utf8')
      child.stderr.on('data', (chunk: string) => {
        if (stderr.length < 4000) stderr += chunk
      })
      child.on('error', (error) => {
        clearTimeout(timer)
        reject(new Error(`${bin}: ${error.message}`))
      })
      child.on('close', (code) => {
        clearTimeout(timer)
        if (pending) take(pending)
        if (timedOut) return reject(new Error(`${bin} took longer than ${(this.limits.timeoutMs * 4) / 1000} s`))
        if (code !== 0) return reject(new Error(`${bin} exited with ${code}: ${stderr.trim().split('\n').pop() ?? ''}`))
        resolve(defs)
      })
    })
  }

  async findDefinitions(args: DefinitionArgs): Promise<string> {
    const symbol = typeof args.symbol === 'string' ? args.symbol.trim() : ''
    if (!symbol) throw new ToolInputError('symbol must be a non-empty name')
    if (symbol.length > 300) throw new ToolInputError('symbol is too long (at most 300 characters)')
    const max = clampCount(args.max_results, this.limits.definitionsDefault, this.limits.definitionsMax, 'max_results')
    const within = args.path === undefined ? undefined : this.resolve(args.path)
    const kind = args.kind?.trim().toLowerCase()
    const inScope = (d: Definition) => (!within || !within.rel || d.path === within.rel || d.path.startsWith(`${within.rel}/`)) && (!kind || d.kind.toLowerCase() === kind)
    const all = await this.index()
    let hits = all.filter((d) => d.name === symbol && inScope(d))
    let note = ''
    if (hits.length === 0) {
      const lower = symbol.toLowerCase()
      hits = all.filter((d) => d.name.toLowerCase() === lower && inScope(d))
      if (hits.length) note = ' (no exact-case match; these differ in case)'
    }
    if (hits.length === 0) return `No definition of ${JSON.stringify(symbol)} found${kind ? ` of kind ${JSON.stringify(kind)}` : ''}${within?.rel ? ` under ${within.rel}` : ''}. search_code finds every use of a name.`
    hits.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line))
    const shown = hits.slice(0, max)
    const out = [`${shown.length} definition${shown.length === 1 ? '' : 's'} of ${JSON.stringify(symbol)}${note} (path:line kind [scope]: source line):`]
    for (const d of shown) out.push(`${d.path}:${d.line} ${d.kind}${d.scope ? ` [${d.scope}]` : ''}: ${cutLine(d.text, this.limits.lineChars)}`)
    if (hits.length > max) out.push(truncatedNote(`showing ${max} of ${hits.length} definitions`, `narrow it with path or kind, or raise max_results (at most ${this.limits.definitionsMax})`))
    return out.join('\n')
  }
}
