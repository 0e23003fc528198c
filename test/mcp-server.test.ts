// The code-search MCP server through the SDK's real client over streamable HTTP on 127.0.0.1,
// against a real temporary repository: every tool, path confinement (.., absolute paths, symlinks
// leading out), caps with their "[truncated" note, and bad arguments answered by tool errors while
// the server keeps serving.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { startCodeSearchServer, TOOL_NAMES, type RunningCodeSearchServer } from '../scripts/mcp/code-search-server.ts'
import { globToRegExp } from '../scripts/mcp/code-search-tools.ts'
import { rig } from './helpers/rig.ts'

const suite = rig(
  {
    'repo/src/app.ts': 'import { helper } from "./util/helper"\n\nexport class UserService {\n  create(name: string) {\n    return helper(name)\n  }\n}\n',
    'repo/src/util/helper.ts': 'export function helper(x: string): string {\n  return x.trim()\n}\n',
    'repo/lib/billing.py': 'class Invoice:\n    def compute_total(self, items):\n        return sum(items)\n\n\ndef compute_total(items):\n    return Invoice().compute_total(items)\n',
    'repo/docs/notes.md': '# Notes\n\nuserservice is spelled in lower case here.\n-dash-leading text\n',
    'repo/many.txt': Array.from({ length: 40 }, (_, i) => `needle number ${i + 1}`).join('\n') + '\n',
    'repo/long.txt': Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n') + '\n',
    'repo/minified.js': `var a="${'x'.repeat(5000)}";var marker_min=1;\n`,
    'repo/binary.bin': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65]),
    'repo/.gitignore': 'ignored.txt\n',
    'repo/ignored.txt': 'shipped_but_gitignored token\n',
    'repo/.git/config': '[core]\nGITINTERNAL_TOKEN = 1\n',
    'outside/secret.txt': 'TOPSECRET_OUTSIDE\n',
    'sibling.txt': 'TOPSECRET_SIBLING\n',
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`repo/gen/file${String(i).padStart(2, '0')}.txt`, `generated ${i}\n`])),
  },
  'mcp-server-test-',
)
const base = suite.dir
const repo = join(base, 'repo')
const outside = join(base, 'outside')
symlinkSync(outside, join(repo, 'escape'))
symlinkSync('../outside/secret.txt', join(repo, 'secret-link.txt'))
symlinkSync('src/app.ts', join(repo, 'alias.ts'))

const LIMITS = { listDefault: 8, listMax: 10, matchesDefault: 5, matchesMax: 30, readLines: 10, readBytes: 4000, definitionsDefault: 50, definitionsMax: 100 }

let server: RunningCodeSearchServer
let client: Client
const logged: string[] = []

async function connect(url: string): Promise<Client> {
  const c = new Client({ name: 'mcp-server-test', version: '0' })
  await c.connect(new StreamableHTTPClientTransport(new URL(url)))
  return c
}

interface ToolReply {
  text: string
  isError: boolean
}

async function call(name: string, args: Record<string, unknown>, c: Client = client): Promise<ToolReply> {
  const result = await c.callTool({ name, arguments: args })
  const content = result.content as { type: string; text?: string }[]
  return { text: content.map((p) => p.text ?? '').join('\n'), isError: result.isError === true }
}

async function ok(name: string, args: Record<string, unknown>, c?: Client): Promise<string> {
  const r = await call(name, args, c)
  assert.is(r.isError, false, `${name} ${JSON.stringify(args)} failed: ${r.text}`)
  return r.text
}

async function refused(name: string, args: Record<string, unknown>, pattern: RegExp): Promise<void> {
  const r = await call(name, args)
  assert.is(r.isError, true, `${name} ${JSON.stringify(args)} should be a tool error, got: ${r.text}`)
  assert.match(r.text, pattern)
}

/** File paths of a search_code answer (the lines that are neither the header, a match nor a note). */
const searchFiles = (text: string): string[] => text.split('\n').slice(1).filter((l) => l && !l.startsWith('  ') && !l.startsWith('['))

test.before(async () => {
  server = await startCodeSearchServer({ root: repo, limits: LIMITS, log: (line) => logged.push(line) })
  client = await connect(server.url)
})

test.after(async () => {
  await client?.close()
  await server?.close()
  suite.dispose()
})

test('the server lists its four read-only tools with input schemas', async () => {
  const { tools } = await client.listTools()
  assert.equal(tools.map((t) => t.name).sort(), [...TOOL_NAMES].sort())
  for (const tool of tools) {
    assert.is(tool.annotations?.readOnlyHint, true, tool.name)
    assert.is(tool.inputSchema.type, 'object')
  }
  const search = tools.find((t) => t.name === 'search_code')!
  assert.equal(search.inputSchema.required, ['query'])
})

test('list_files lists the repository sorted, under a path, by glob; never .git or what a symlink leads out to', async () => {
  const all = await ok('list_files', { max_results: 10 })
  assert.ok(all.startsWith('10 files under .:'), all)
  const under = await ok('list_files', { path: 'src' })
  assert.equal(under.split('\n').slice(1), ['src/app.ts', 'src/util/helper.ts'])
  const py = await ok('list_files', { glob: '*.py' })
  assert.equal(py.split('\n').slice(1), ['lib/billing.py'])
  const deep = await ok('list_files', { glob: 'src/**/*.ts' })
  assert.equal(deep.split('\n').slice(1), ['src/app.ts', 'src/util/helper.ts'])
  const noneText = await ok('list_files', { glob: '*.rs' })
  assert.match(noneText, /No file under \. matches/)
  // Whole repository, with room for everything: no .git, no file behind the escaping symlinks.
  const everything = (await ok('list_files', { glob: '**' , max_results: 10 }, client)).split('\n')
  assert.not.ok(everything.some((l) => l.startsWith('.git/')))
  const viaDot = await ok('list_files', { path: '.', glob: '*.ts' })
  assert.equal(viaDot.split('\n').slice(1), ['alias.ts', 'src/app.ts', 'src/util/helper.ts'])
  const root = await ok('list_files', { path: 'gen', glob: 'file0?.txt', max_results: 10 })
  assert.is(root.split('\n').length, 11)
})

test('list_files caps its answer with a truncated note, and max_results cannot pass the ceiling', async () => {
  const capped = await ok('list_files', { path: 'gen' })
  const lines = capped.split('\n')
  assert.is(lines.length, 1 + 8 + 1)
  assert.match(lines.at(-1)!, /^\[truncated: showing the first 8 files .*max_results \(at most 10\)\]$/)
  const ceiling = await ok('list_files', { path: 'gen', max_results: 1000 })
  assert.is(ceiling.split('\n').length, 1 + 10 + 1)
  assert.match(ceiling, /\[truncated/)
  const exact = await ok('list_files', { path: 'src', max_results: 2 })
  assert.not.match(exact, /truncated/)
})

test('list_files never lists .git nor anything behind a symlink that leaves the repository', async () => {
  const all: string[] = []
  for (const dir of ['.', 'docs', 'lib', 'src']) all.push(...(await ok('list_files', { path: dir, max_results: 10 })).split('\n').slice(1))
  assert.not.ok(all.some((l) => l.includes('.git/') || l.includes('secret') || l.startsWith('escape')), all.join('\n'))
  assert.ok(all.includes('alias.ts'), 'a symlink that stays inside is listed')
})

test('search_code finds literal text with file and line, grouped by file', async () => {
  const text = await ok('search_code', { query: 'UserService' })
  assert.equal(searchFiles(text), ['src/app.ts'])
  assert.match(text, /\n {2}3: export class UserService \{/)
  // Smart case: an all-lower-case query matches any case.
  const any = await ok('search_code', { query: 'userservice' })
  assert.equal(searchFiles(any), ['docs/notes.md', 'src/app.ts'])
  const exact = await ok('search_code', { query: 'userservice', case_sensitive: true })
  assert.equal(searchFiles(exact), ['docs/notes.md'])
  // Literal by default: regex characters are plain text.
  const literal = await ok('search_code', { query: 'helper(name)' })
  assert.equal(searchFiles(literal), ['src/app.ts'])
  const dash = await ok('search_code', { query: '-dash-leading' })
  assert.equal(searchFiles(dash), ['docs/notes.md'])
  const none = await ok('search_code', { query: 'no_such_identifier_anywhere' })
  assert.match(none, /^No match for text/)
})

test('search_code: regex, path and glob filters, gitignored files searched, .git and binaries not', async () => {
  const re = await ok('search_code', { query: 'def \\w+_total', regex: true })
  assert.equal(searchFiles(re), ['lib/billing.py'])
  assert.match(re, / {2}2: {5}def compute_total/)
  const scoped = await ok('search_code', { query: 'helper', path: 'src/util' })
  assert.equal(searchFiles(scoped), ['src/util/helper.ts'])
  const oneFile = await ok('search_code', { query: 'helper', path: 'src/app.ts' })
  assert.equal(searchFiles(oneFile), ['src/app.ts'])
  const globbed = await ok('search_code', { query: 'compute_total', glob: '*.md' })
  assert.match(globbed, /^No match/)
  assert.equal(searchFiles(await ok('search_code', { query: 'shipped_but_gitignored' })), ['ignored.txt'])
  assert.match(await ok('search_code', { query: 'GITINTERNAL_TOKEN' }), /^No match/)
  assert.match(await ok('search_code', { query: 'TOPSECRET' }), /^No match/)
})

test('search_code caps matches with a truncated note and cuts huge lines', async () => {
  const capped = await ok('search_code', { query: 'needle' })
  const lines = capped.split('\n')
  assert.is(lines.filter((l) => l.startsWith('  ')).length, 5)
  assert.match(lines.at(-1)!, /^\[truncated: showing the first 5 matching lines; more exist; .*\(at most 30\)\]$/)
  const more = await ok('search_code', { query: 'needle', max_results: 1000 })
  assert.is(more.split('\n').filter((l) => l.startsWith('  ')).length, 30)
  assert.match(more, /\[truncated/)
  const all40 = await ok('search_code', { query: 'needle number 4', max_results: 30 })
  assert.not.match(all40, /truncated/)
  const cut = await ok('search_code', { query: 'marker_min' })
  assert.match(cut, /… \[line cut at 300 characters\]/)
  assert.ok(cut.length < 1000, 'a 5000-character line is not returned whole')
})

test('search_code answers the same every time: files in path order, the same first N when capped', async () => {
  const first = await ok('search_code', { query: 'generated', max_results: 6 })
  const files = searchFiles(first)
  assert.equal(files, ['gen/file00.txt', 'gen/file01.txt', 'gen/file02.txt', 'gen/file03.txt', 'gen/file04.txt', 'gen/file05.txt'])
  for (let i = 0; i < 8; i++) assert.is(await ok('search_code', { query: 'generated', max_results: 6 }), first)
})

test('search_code falls back to a Node search that answers the same', async () => {
  const fallback = await startCodeSearchServer({ root: repo, limits: LIMITS, engine: 'node', log: (line) => logged.push(line) })
  const c = await connect(fallback.url)
  try {
    for (const args of [{ query: 'UserService' }, { query: 'def \\w+_total', regex: true }, { query: 'helper', path: 'src/util' }, { query: 'userservice' }, { query: 'TOPSECRET' }, { query: 'GITINTERNAL_TOKEN' }]) {
      assert.is(await ok('search_code', args, c), await ok('search_code', args), JSON.stringify(args))
    }
    const capped = await ok('search_code', { query: 'needle' }, c)
    assert.match(capped, /\[truncated: showing the first 5 matching lines/)
    const bad = await call('search_code', { query: '(unclosed', regex: true }, c)
    assert.is(bad.isError, true)
    assert.match(bad.text, /not a valid regex/)
  } finally {
    await c.close()
    await fallback.close()
  }
})

test('read_file reads whole files and line ranges with line numbers, and says how to continue', async () => {
  const whole = await ok('read_file', { path: 'src/util/helper.ts' })
  assert.is(whole, 'src/util/helper.ts: lines 1-3 of 3\n1  export function helper(x: string): string {\n2    return x.trim()\n3  }')
  const range = await ok('read_file', { path: 'lib/billing.py', start_line: 2, end_line: 3 })
  assert.is(range, 'lib/billing.py: lines 2-3 of 7\n2      def compute_total(self, items):\n3          return sum(items)')
  const capped = await ok('read_file', { path: 'long.txt' })
  const lines = capped.split('\n')
  assert.is(lines[0], 'long.txt: lines 1-10 of 50')
  assert.is(lines.length, 1 + 10 + 1)
  assert.match(lines.at(-1)!, /^\[truncated: showing lines 1-10 of the 50 asked for .*start_line=11\]$/)
  const next = await ok('read_file', { path: 'long.txt', start_line: 11, end_line: 12 })
  assert.is(next, 'long.txt: lines 11-12 of 50\n11  line 11\n12  line 12')
  const pastEnd = await ok('read_file', { path: 'long.txt', start_line: 49, end_line: 500 })
  assert.is(pastEnd, 'long.txt: lines 49-50 of 50\n49  line 49\n50  line 50')
  const inside = await ok('read_file', { path: 'alias.ts', end_line: 1 })
  assert.match(inside, /^src\/app\.ts: lines 1-1 of 7/)
  await refused('read_file', { path: 'long.txt', start_line: 51 }, /past the end of long\.txt \(50 lines\)/)
  await refused('read_file', { path: 'long.txt', start_line: 5, end_line: 4 }, /end_line must be/)
  await refused('read_file', { path: 'src' }, /is a directory/)
  await refused('read_file', { path: 'binary.bin' }, /binary file/)
  await refused('read_file', { path: 'nope.txt' }, /no such file/)
})

test('read_file caps bytes as well as lines', async () => {
  const small = await startCodeSearchServer({ root: repo, limits: { ...LIMITS, readLines: 1000, readBytes: 100 }, log: (line) => logged.push(line) })
  const c = await connect(small.url)
  try {
    const text = await ok('read_file', { path: 'many.txt' }, c)
    const body = text.split('\n').filter((l) => /^\s*\d+ {2}/.test(l))
    assert.ok(body.length > 1 && body.length < 40, text)
    assert.match(text, new RegExp(`\\[truncated: .*start_line=${body.length + 1}\\]$`))
  } finally {
    await c.close()
    await small.close()
  }
})

test('find_definitions finds classes, functions and qualified members from ctags', async () => {
  const cls = await ok('find_definitions', { symbol: 'UserService' })
  assert.match(cls, /^1 definition of "UserService"/)
  assert.match(cls, /\nsrc\/app\.ts:3 class: export class UserService \{/)
  const both = await ok('find_definitions', { symbol: 'compute_total' })
  assert.match(both, /lib\/billing\.py:2 member \[Invoice\]/)
  assert.match(both, /lib\/billing\.py:6 function/)
  const onlyFunctions = await ok('find_definitions', { symbol: 'compute_total', kind: 'function' })
  assert.match(onlyFunctions, /^1 definition/)
  const qualified = await ok('find_definitions', { symbol: 'Invoice.compute_total' })
  assert.match(qualified, /lib\/billing\.py:2/)
  const scoped = await ok('find_definitions', { symbol: 'helper', path: 'src/util' })
  assert.match(scoped, /src\/util\/helper\.ts:1 function/)
  const folded = await ok('find_definitions', { symbol: 'userservice' })
  assert.match(folded, /no exact-case match/)
  const none = await ok('find_definitions', { symbol: 'NoSuchSymbol' })
  assert.match(none, /^No definition of "NoSuchSymbol" found\. search_code/)
  const capped = await startCodeSearchServer({ root: repo, limits: { ...LIMITS, definitionsDefault: 1 }, log: (line) => logged.push(line) })
  const c = await connect(capped.url)
  try {
    assert.match(await ok('find_definitions', { symbol: 'compute_total' }, c), /\n\[truncated: showing 1 of 2 definitions/)
  } finally {
    await c.close()
    await capped.close()
  }
})

test('paths are confined to the repository: .., absolute paths and symlinks that lead out are tool errors', async () => {
  const escapes: [string, RegExp][] = [
    ['../sibling.txt', /must not contain "\.\."/],
    ['src/../../sibling.txt', /must not contain "\.\."/],
    ['/etc/passwd', /not absolute/],
    [join(repo, 'src/app.ts'), /not absolute/],
    ['~/x', /not absolute/],
    ['C:/Windows/win.ini', /not absolute/],
    ['escape/secret.txt', /leaves the repository/],
    ['escape', /leaves the repository/],
    ['secret-link.txt', /leaves the repository/],
    ['src/\0x', /NUL/],
  ]
  for (const [path, why] of escapes) {
    await refused('read_file', { path }, why)
    await refused('list_files', { path }, why)
    await refused('search_code', { query: 'TOPSECRET', path }, why)
    await refused('find_definitions', { symbol: 'x', path }, why)
  }
})

test('bad arguments are tool errors, and the server keeps serving', async () => {
  await refused('search_code', {}, /Input validation error/)
  await refused('search_code', { query: '' }, /Input validation error/)
  await refused('search_code', { query: 42 }, /Input validation error/)
  await refused('search_code', { query: 'x', max_results: 0 }, /Input validation error/)
  await refused('search_code', { query: 'x', max_results: 2.5 }, /Input validation error/)
  await refused('search_code', { query: '(unclosed', regex: true }, /not a valid regex/)
  await refused('search_code', { query: 'x', glob: 'src/{a,b' }, /unclosed "\{"/)
  await refused('read_file', {}, /Input validation error/)
  await refused('read_file', { path: 'long.txt', start_line: -3 }, /Input validation error/)
  await refused('find_definitions', { symbol: '' }, /Input validation error/)
  await refused('list_files', { glob: '[abc' }, /unclosed "\["/)
  await refused('no_such_tool', {}, /not found/)
  // Still alive: the same client and a new one both get answers.
  assert.is((await client.listTools()).tools.length, 4)
  const again = await connect(server.url)
  assert.match(await ok('search_code', { query: 'UserService' }, again), /src\/app\.ts/)
  await again.close()
  assert.equal(logged, [], 'no internal failure was logged')
})

test('concurrent clients each get their own answers (stateless server, bounded load on 127.0.0.1)', async () => {
  const clients = await Promise.all(Array.from({ length: 12 }, () => connect(server.url)))
  try {
    const answers = await Promise.all(
      clients.flatMap((c, i) => [
        ok('search_code', { query: `generated ${i % 12}`, case_sensitive: true }, c).then((t) => [`s${i}`, t] as const),
        ok('read_file', { path: 'long.txt', start_line: i + 1, end_line: i + 1 }, c).then((t) => [`r${i}`, t] as const),
      ]),
    )
    for (const [key, text] of answers) {
      const i = Number(key.slice(1))
      if (key[0] === 's') assert.ok(searchFiles(text).includes(`gen/file${String(i).padStart(2, '0')}.txt`), text)
      else assert.is(text, `long.txt: lines ${i + 1}-${i + 1} of 50\n${i + 1}  line ${i + 1}`)
    }
  } finally {
    await Promise.all(clients.map((c) => c.close()))
  }
})

test('plain HTTP: health answers, other methods and paths are refused without harm', async () => {
  const health = await fetch(server.healthUrl)
  assert.is(health.status, 200)
  assert.is(((await health.json()) as { status: string }).status, 'ok')
  const get = await fetch(server.url)
  assert.is(get.status, 405)
  const missing = await fetch(server.url.replace('/mcp', '/nope'))
  assert.is(missing.status, 404)
  const huge = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: 'x'.repeat(2 * 1024 * 1024) })
  assert.is(huge.status, 413)
  const garbage = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{not json' })
  assert.ok(garbage.status >= 400 && garbage.status < 500, `status ${garbage.status}`)
  assert.is((await client.listTools()).tools.length, 4)
})

test('globs: names at any depth, whole paths, ** across folders, classes and braces', () => {
  const cases: [string, string, boolean][] = [
    ['*.py', 'lib/billing.py', true],
    ['*.py', 'billing.pyc', false],
    ['src/*.ts', 'src/app.ts', true],
    ['src/*.ts', 'src/util/helper.ts', false],
    ['src/**/*.ts', 'src/util/helper.ts', true],
    ['src/**/*.ts', 'src/app.ts', true],
    ['**/util/*', 'src/util/helper.ts', true],
    ['*.{ts,py}', 'a/b.py', true],
    ['file[0-1]?.txt', 'gen/file07.txt', true],
    ['file[!0]?.txt', 'gen/file07.txt', false],
    ['a+b.txt', 'a+b.txt', true],
    ['a+b.txt', 'aab.txt', false],
  ]
  for (const [glob, path, expected] of cases) assert.is(globToRegExp(glob).test(path), expected, `${glob} vs ${path}`)
})

test.run()
