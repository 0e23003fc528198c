// Source files that read like code of their language: a header (package, imports), types and
// classes, and functions whose bodies come from a small statement IR rendered per language.
// Identifiers are built from the file's component and the domain vocabulary, and calls reach into
// symbols defined by earlier files, so a ground truth naming `texture_repository_find_by_id`
// points at text that exists.
import type { Language } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import type { Prose } from './prose.ts'
import { QUALIFIERS, VERBS, FANCY } from './vocab.ts'
import { camel, pascal, snake, splitWords, upperSnake } from './words.ts'

export interface Peer {
  name: string
  /** Class or struct owning the symbol, '' for free functions. */
  owner: string
  module: string
}

export interface CodeInput {
  rng: Rng
  prose: Prose
  lang: Language
  /** Path shown in file headers. */
  path: string
  module: string
  component: string
  nouns: string[]
  pkg: string
  prefix: string
  org: string
  peers: Peer[]
  isTest: boolean
  isHeader: boolean
  fancy: boolean
  target: number
}

export interface CodeOutput {
  text: string
  symbols: Peer[]
  signatures: string[]
  statements: string[]
}

type Level = 'info' | 'warn' | 'debug' | 'error'
/** `r` caches the rendered line of a simple statement, so a reused statement renders once. */
type Stmt = { r?: string } & (
  | { k: 'let'; v: string; e: string; t?: string }
  | { k: 'expr'; e: string }
  | { k: 'if'; c: string; body: Stmt[]; orelse?: Stmt[] }
  | { k: 'for'; x: string; xs: string; body: Stmt[] }
  | { k: 'log'; level: Level; msg: string }
  | { k: 'fail'; msg: string }
  | { k: 'ret'; e: string }
  | { k: 'comment'; text: string }
  | { k: 'assert'; a: string; b: string }
)

interface Param { name: string; type: string }

interface FnShape {
  name: string
  params: Param[]
  ret: string
  doc: string[]
  body: Stmt[]
  owner: string
  isTest: boolean
}

interface Lang {
  ind: string
  classes: boolean
  /** Indent level of methods (Go methods sit at top level). */
  methodDepth: number
  fnName(words: string[], g: Gen): string
  varName(words: string[]): string
  typeName(words: string[]): string
  header(g: Gen): string
  footer(g: Gen): string
  classOpen(g: Gen, name: string, doc: string[]): string
  classClose(g: Gen, name: string): string
  typeDef(g: Gen, name: string, fields: Param[]): string
  /** Opening text of a function (doc, signature, brace) at `depth`; the signature line is returned too. */
  fnOpen(g: Gen, f: FnShape, depth: number): { text: string; sig: string }
  fnClose(depth: number, g: Gen): string
  /** A declaration only (headers). */
  fnDecl?(g: Gen, f: FnShape, depth: number): { text: string; sig: string }
  stmt(s: Stmt, g: Gen): string
  blockOpen(kind: 'if' | 'for' | 'else', s: Stmt): string
  blockClose: string
  selfCall(g: Gen, fn: string, args: string[]): string
  peerCall(g: Gen, p: Peer, args: string[]): string
  isNull(v: string): string
  isEmpty(v: string): string
  gt(v: string, n: number): string
  str(s: string): string
  comment: string
  paramType(words: string[], g: Gen): string
  retType(words: string[], g: Gen): string
}

// Pre-split so identifier caches see the same string objects every time.
const QUALIFIER_WORDS = QUALIFIERS.map((q) => q.split('_'))

const uniq = (list: string[]): string[] => [...new Set(list)]
const dq = (s: string) => JSON.stringify(s)
const sq = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

class Gen {
  readonly in: CodeInput
  readonly L: Lang
  readonly words: string[]
  readonly className: string
  /** The noun the file is about, e.g. `texture` for texture_service.c. */
  readonly subject: string
  readonly symbols: Peer[] = []
  readonly signatures: string[] = []
  readonly statements: string[] = []
  /** Simple statements already used in this file; bodies reuse some, as real code repeats its idioms. */
  readonly reusable: Stmt[] = []
  /** Functions written so far, the models of later near-duplicates. */
  readonly written: { name: string; text: string; sig: string; depth: number }[] = []
  parts: string[] = []
  len = 0

  constructor(input: CodeInput, L: Lang) {
    this.in = input
    this.L = L
    const generic = new Set(['service', 'services', 'models', 'model', 'repository', 'handlers', 'handler', 'schemas', 'lib', 'mod', 'main', 'index', 'app', 'controller', 'routes', 'validator', 'test', 'tests', 'spec', 'module', 'icon'])
    const moduleWords = splitWords(input.module).filter((w) => !/^\d+$/.test(w))
    const comp = splitWords(input.component)
    const words = moduleWords.every((w) => generic.has(w)) ? [...comp, ...moduleWords] : moduleWords
    this.words = words.length ? words : [input.nouns[0]]
    const subject = comp.length ? comp : this.words.filter((w) => !generic.has(w))
    this.subject = subject.length ? subject.join('_') : input.nouns[0]
    this.className = L.typeName(this.words.filter((w) => w !== 'test' && w !== 'tests' && w !== 'spec').map((w) => w.replace(/s$/, '')))
  }

  put(text: string): void {
    this.parts.push(text)
    this.len += text.length
  }

  get rng(): Rng {
    return this.in.rng
  }

  noun(): string {
    return this.rng.chance(0.45) ? this.subject : this.rng.pick(this.in.nouns)
  }

  message(verb: string, noun: string): string {
    const { rng } = this
    let m = rng.pick([
      `failed to ${verb} ${noun}`, `${noun} ${verb} completed`, `invalid ${noun} payload`, `${verb} ${noun}: retrying`,
      `${noun} not found`, `skipping stale ${noun}`, `${noun} ${verb} took longer than expected`, `starting ${noun} ${verb}`,
    ])
    if (this.in.fancy && rng.chance(0.25)) m = rng.chance(0.5) ? `${rng.pick(FANCY.emoji)} ${m}` : m.replace(' ', ` ${rng.pick(FANCY.dashes)} `)
    return m
  }

  commentText(): string {
    return this.in.prose.commentSentence()
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies (language-neutral)

function buildBody(g: Gen, f: FnShape): Stmt[] {
  const { rng, L } = g
  const body: Stmt[] = []
  if (f.isTest) return testBody(g)
  const arg = f.params[0]?.name
  if (arg && rng.chance(0.8)) {
    body.push({ k: 'if', c: L.isNull(arg), body: [{ k: 'log', level: 'warn', msg: g.message('validate', g.noun()) }, { k: 'fail', msg: `${arg.replace(/^\$/, '')} must not be empty` }] })
  }
  const n = rng.int(3, 7)
  let last = ''
  for (let i = 0; i < n; i++) {
    const verb = rng.pick(VERBS)
    const noun = g.noun()
    const v = L.varName([rng.pick(['resolved', 'pending', 'current', 'next', 'cached', 'merged', 'raw', 'total']), noun])
    if (g.reusable.length >= 12 && rng.chance(0.35)) {
      body.push(rng.pick(g.reusable))
      continue
    }
    const call = callExpr(g, verb, noun, arg)
    switch (rng.int(0, 6)) {
      case 0: case 1:
        body.push({ k: 'let', v, e: call, t: 'int' })
        last = v
        break
      case 2:
        body.push({ k: 'for', x: L.varName([noun]), xs: L.varName([noun, 'items']), body: [
          { k: 'if', c: L.isNull(L.varName([noun])), body: [{ k: 'comment', text: g.commentText() }, { k: 'log', level: 'debug', msg: g.message('skip', noun) }] },
          { k: 'expr', e: callExpr(g, rng.pick(VERBS), noun, L.varName([noun])) },
        ] })
        break
      case 3:
        body.push({ k: 'comment', text: g.commentText() })
        break
      case 4:
        body.push({ k: 'log', level: rng.pick(['info', 'debug'] as const), msg: g.message(verb, noun) })
        break
      case 5:
        body.push({ k: 'if', c: L.gt(L.varName([noun, 'items']), rng.pick([0, 1, 8, 32, 128])), body: [{ k: 'expr', e: call }], orelse: rng.chance(0.4) ? [{ k: 'log', level: 'info', msg: g.message(verb, noun) }] : undefined })
        break
      default:
        body.push({ k: 'expr', e: call })
    }
  }
  body.push({ k: 'ret', e: last || (arg ?? L.varName(['result'])) })
  return body
}

function testBody(g: Gen): Stmt[] {
  const { rng, L } = g
  const out: Stmt[] = []
  const subject = L.varName(['subject'])
  const peer = g.in.peers.length ? rng.pick(g.in.peers) : null
  out.push({ k: 'let', v: subject, e: peer ? L.peerCall(g, peer, [L.str(`${g.noun()}-${rng.int(1, 999)}`)]) : L.str(g.noun()) })
  const n = rng.int(2, 5)
  for (let i = 0; i < n; i++) {
    const v = L.varName(['expected', g.noun()])
    out.push({ k: 'let', v, e: callExpr(g, rng.pick(VERBS), g.noun(), subject) })
    out.push({ k: 'assert', a: v, b: rng.pick([L.str(g.noun()), '0', '1', L.varName(['fixture', g.noun()])]) })
    if (rng.chance(0.3)) out.push({ k: 'comment', text: g.commentText() })
  }
  return out
}

function callExpr(g: Gen, verb: string, noun: string, arg?: string): string {
  const { rng, L } = g
  const args = arg ? [arg] : []
  if (rng.chance(0.3)) args.push(rng.pick(['0', '1', L.str(noun), L.varName(['options'])]))
  if (g.in.peers.length && rng.chance(0.45)) return L.peerCall(g, rng.pick(g.in.peers), args)
  const known = g.symbols.length && rng.chance(0.35) ? rng.pick(g.symbols).name : L.fnName([verb, noun], g)
  return L.selfCall(g, known, args)
}

function renderStmts(g: Gen, stmts: Stmt[], depth: number): string {
  let out = ''
  for (const s of stmts) out += renderStmt(g, s, depth)
  return out
}

const indentLines = (text: string, pad: string): string =>
  !pad ? text : text.indexOf('\n') < 0 ? pad + text : text.split('\n').map((l) => (l ? pad + l : l)).join('\n')

function renderStmt(g: Gen, s: Stmt, depth: number): string {
  const L = g.L
  const pad = L.ind.repeat(depth)
  if (s.k === 'if' || s.k === 'for') {
    let out = `${indentLines(L.blockOpen(s.k, s), pad)}\n${renderStmts(g, s.body, depth + 1)}`
    if (s.k === 'if' && s.orelse) out += `${indentLines(L.blockOpen('else', s), pad)}\n${renderStmts(g, s.orelse, depth + 1)}`
    return L.blockClose ? `${out}${pad}${L.blockClose}\n` : out
  }
  if (s.r === undefined) {
    s.r = L.stmt(s, g)
    if (g.reusable.length < 64 && s.k !== 'ret' && s.k !== 'fail') g.reusable.push(s)
    if ((s.k === 'let' || s.k === 'expr') && g.statements.length < 3 && g.rng.chance(0.3)) g.statements.push(s.r.split('\n')[0].trim())
  }
  return `${indentLines(s.r, pad)}\n`
}

// ---------------------------------------------------------------------------------------------
// Functions, classes, files

function makeFn(g: Gen, owner: string, depth: number): string {
  const { rng, L } = g
  const isTest = g.in.isTest
  const verb = rng.pick(VERBS)
  const noun = g.noun()
  const words = isTest ? ['test', verb, noun] : rng.chance(0.25) ? [verb, noun, ...rng.pick(QUALIFIER_WORDS)] : [verb, noun]
  const name = L.fnName(words, g)
  const twin = !g.in.isHeader && g.written.length >= 5 && rng.chance(0.45) ? rng.pick(g.written) : null
  if (twin && twin.depth === depth && !g.symbols.some((s) => s.name === name) && !twin.text.includes(name)) {
    // A near-duplicate of an earlier function under a new name: LLM code repeats its CRUD-style
    // methods, and a rename costs one replace instead of a whole new body.
    const f: FnShape = { name, params: [], ret: '', doc: [], body: [], owner, isTest }
    record(g, f, twin.sig.replaceAll(twin.name, name))
    return twin.text.replaceAll(twin.name, name)
  }
  const params: Param[] = []
  const np = isTest ? 0 : rng.int(1, 3)
  for (let i = 0; i < np; i++) {
    const pw = i === 0 ? [noun] : [rng.pick(['options', 'limit', 'context', 'deadline', 'tenant', 'flags', 'retries'])]
    const p = { name: L.varName(pw), type: L.paramType(pw, g) }
    if (!params.some((q) => q.name === p.name)) params.push(p)
  }
  // LLM-written code documents generously: 1-4 sentences per function.
  const doc = Array.from({ length: rng.int(1, 4) }, () => g.in.prose.sentence())
  const f: FnShape = { name, params, ret: L.retType([noun], g), doc, body: [], owner, isTest }
  if (g.in.isHeader && L.fnDecl) {
    const { text, sig } = L.fnDecl(g, f, depth)
    record(g, f, sig)
    return text
  }
  f.body = buildBody(g, f)
  const { text, sig } = L.fnOpen(g, f, depth)
  record(g, f, sig)
  const out = `${text}${renderStmts(g, f.body, depth + 1)}${L.fnClose(depth, g)}`
  if (g.written.length < 24) g.written.push({ name, text: out, sig, depth })
  return out
}

function record(g: Gen, f: FnShape, sig: string): void {
  if (!g.symbols.some((s) => s.name === f.name)) g.symbols.push({ name: f.name, owner: f.owner, module: g.in.module })
  if (g.signatures.length < 12) g.signatures.push(sig.trim())
}

function fields(g: Gen): Param[] {
  const { rng, L } = g
  const out: Param[] = []
  const n = rng.int(3, 7)
  for (let i = 0; i < n; i++) {
    const w = [rng.pick([g.noun(), 'created', 'updated', 'status', 'owner', 'version', 'retry', 'checksum']), rng.pick(['id', 'at', 'count', 'name', 'state', 'limit', 'ref'])]
    const p = { name: L.varName(w), type: L.paramType(w, g) }
    if (!out.some((q) => q.name === p.name)) out.push(p)
  }
  return out
}

export function writeCode(input: CodeInput): CodeOutput {
  const L = LANGS[input.lang]
  const g = new Gen(input, L)
  g.put(L.header(g))
  const { rng } = g
  let guard = 0
  // Every code file defines at least one symbol, however small its target.
  while ((g.len < input.target || g.symbols.length === 0) && guard++ < 500) {
    if (L.classes && !(input.isTest && input.lang === 'go')) {
      const name = guard === 1 ? g.className : L.typeName([g.noun(), rng.pick(['Manager', 'Store', 'Policy', 'Client', 'Worker', 'Registry', 'Builder'])])
      if (rng.chance(0.3)) g.put(L.typeDef(g, L.typeName([g.noun(), rng.pick(['Record', 'Options', 'Snapshot', 'Event'])]), fields(g)))
      g.put(L.classOpen(g, name, [input.prose.sentence(), input.prose.sentence()]))
      const methods = rng.int(3, 7)
      for (let i = 0; i < methods && (g.len < input.target || g.symbols.length === 0); i++) g.put(makeFn(g, name, L.methodDepth))
      g.put(L.classClose(g, name))
    } else {
      if (rng.chance(0.35)) g.put(L.typeDef(g, L.typeName([g.noun(), rng.pick(['record', 'options', 'state', 'event'])]), fields(g)))
      g.put(makeFn(g, '', 0))
    }
    if (input.fancy && rng.chance(0.15)) g.put(sectionBanner(g))
  }
  g.put(L.footer(g))
  return { text: g.parts.join(''), symbols: g.symbols, signatures: g.signatures, statements: g.statements }
}

function sectionBanner(g: Gen): string {
  const line = FANCY.box[0].repeat(g.rng.int(20, 60))
  const title = g.rng.pick(['Helpers', 'Internal state', 'Validation', 'Public API', 'Lifecycle', 'Metrics'])
  return `\n${g.L.comment} ${FANCY.box[0].repeat(3)} ${title} ${line}\n\n`
}

// ---------------------------------------------------------------------------------------------
// Languages

const docC = (lines: string[], pad: string) => `${pad}/**\n${lines.map((l) => `${pad} * ${l}`).join('\n')}\n${pad} */\n`
const padOf = (L: Lang, depth: number) => L.ind.repeat(depth)

function bracedStmt(s: Stmt, o: { decl: (v: string, e: string, t?: string) => string; log: (l: Level, m: string) => string; fail: (m: string) => string; ret: (e: string) => string; assert: (a: string, b: string) => string; semi?: string }): string {
  const semi = o.semi ?? ';'
  switch (s.k) {
    case 'let': return o.decl(s.v, s.e, s.t)
    case 'expr': return `${s.e}${semi}`
    case 'log': return o.log(s.level, s.msg)
    case 'fail': return o.fail(s.msg)
    case 'ret': return o.ret(s.e)
    case 'comment': return `// ${s.text}`
    case 'assert': return o.assert(s.a, s.b)
    default: return ''
  }
}

const braceBlocks = (open: (s: Stmt) => string) => (kind: 'if' | 'for' | 'else', s: Stmt): string => {
  if (kind === 'else') return '} else {'
  return open(s)
}
const ifFor = (s: Stmt): string => (s.k === 'if' ? `if (${s.c}) {` : s.k === 'for' ? `for (const ${s.x} of ${s.xs}) {` : '')

const python: Lang = {
  ind: '    ', classes: true, comment: '#', methodDepth: 1,
  fnName: (w, g) => (g.in.isTest ? snake(...w) : (g.rng.chance(0.2) ? '_' : '') + snake(...w)),
  varName: (w) => snake(...w),
  typeName: (w) => pascal(...w),
  str: dq,
  header: (g) => {
    const imports = uniq(g.in.peers.slice(0, 4).map((p) => `from ${g.in.pkg}.${snake(p.module)} import ${p.owner || p.name}`))
    return `"""${g.in.prose.sentence()}\n\n${g.in.prose.paragraph(2, 4)}\n"""\n\nfrom __future__ import annotations\n\nimport logging\nimport time\nfrom dataclasses import dataclass, field\nfrom typing import Any, Dict, List, Optional\n\n${imports.join('\n')}${imports.length ? '\n\n' : ''}logger = logging.getLogger(__name__)\n\n${upperSnake(g.words.join('_'), 'timeout')}_SECONDS = ${g.rng.int(2, 120)}\n\n\n`
  },
  footer: (g) => (g.in.isTest ? '' : g.rng.chance(0.3) ? `\n__all__ = [${g.symbols.slice(0, 4).map((s) => dq(s.owner || s.name)).join(', ')}]\n` : ''),
  classOpen: (g, name, doc) => `class ${name}:\n    """${doc.join(' ')}"""\n\n    def __init__(self, config: Optional[Dict[str, Any]] = None) -> None:\n        self._config = config or {}\n        self._started_at = time.monotonic()\n\n`,
  classClose: () => '\n\n',
  typeDef: (_g, name, fs) => `@dataclass\nclass ${name}:\n${fs.map((f) => `    ${f.name}: ${f.type} = None`).join('\n')}\n    metadata: Dict[str, Any] = field(default_factory=dict)\n\n\n`,
  fnOpen: (g, f, depth) => {
    const pad = padOf(python, depth)
    const params = [...(f.owner ? ['self'] : []), ...f.params.map((p, i) => `${p.name}: ${p.type}${i ? ' = None' : ''}`)]
    const sig = `def ${f.name}(${params.join(', ')}) -> ${f.isTest ? 'None' : f.ret}:`
    const doc = wrap(f.doc.join(' '), 88).join(`\n${pad}    `)
    return { text: `${pad}${sig}\n${pad}    """${doc}"""\n`, sig }
  },
  fnClose: () => '\n',
  stmt: (s) => {
    switch (s.k) {
      case 'let': return `${s.v} = ${s.e}`
      case 'expr': return s.e
      case 'log': return `logger.${s.level === 'warn' ? 'warning' : s.level}(${dq(s.msg)})`
      case 'fail': return `raise ValueError(${dq(s.msg)})`
      case 'ret': return `return ${s.e}`
      case 'comment': return `# ${s.text}`
      case 'assert': return `assert ${s.a} == ${s.b}`
      default: return ''
    }
  },
  blockOpen: (kind, s) => (kind === 'else' ? 'else:' : s.k === 'if' ? `if ${s.c}:` : s.k === 'for' ? `for ${s.x} in ${s.xs}:` : ''),
  blockClose: '',
  selfCall: (g, fn, args) => (g.in.isTest ? `${fn}(${args.join(', ')})` : `self.${fn}(${args.join(', ')})`),
  peerCall: (g, p, args) => (p.owner && !g.in.isTest ? `self._${snake(p.owner)}.${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
  isNull: (v) => `${v} is None`,
  isEmpty: (v) => `not ${v}`,
  gt: (v, n) => `len(${v}) > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'int' : g.rng.pick(['Dict[str, Any]', 'Optional[str]', 'List[str]', 'str', `"${pascal(w[0])}Record"`])),
  retType: (w) => `Optional[${pascal(w[0])}Record]`,
}

const cParam = (p: Param) => (p.type.endsWith('*') ? `${p.type}${p.name}` : `${p.type} ${p.name}`)
const cHeaderGuard = (g: Gen) => `${upperSnake(g.in.module)}_H`

const c: Lang = {
  ind: '    ', classes: false, comment: '/*', methodDepth: 1,
  fnName: (w, g) => (g.in.isTest ? snake(...w) : snake(...g.words, ...w)),
  varName: (w) => snake(...w),
  typeName: (w) => `${snake(...w)}_t`,
  str: dq,
  header: (g) => {
    const own = `${g.in.module}.h`
    const incs = ['<stdio.h>', '<stdlib.h>', '<string.h>', '<stdint.h>', ...(g.in.isTest ? ['<assert.h>'] : []), `"${g.in.prefix}_config.h"`, `"${g.in.prefix}_logging.h"`, `"${g.in.prefix}_errors.h"`, ...(g.in.isHeader ? [] : [`"${own}"`])]
    const doc = docC([`@file ${g.in.module}${g.in.isHeader ? '.h' : '.c'}`, `@brief ${g.in.prose.sentence()}`, '', ...wrap(g.in.prose.paragraph(2, 4), 90)], '')
    const guard = g.in.isHeader ? `#ifndef ${cHeaderGuard(g)}\n#define ${cHeaderGuard(g)}\n\n` : ''
    return `${doc}\n${guard}${incs.map((i) => `#include ${i}`).join('\n')}\n\n#define ${upperSnake(g.words.join('_'), 'max', 'items')} ${g.rng.pick([16, 64, 256, 1024])}\n\n`
  },
  footer: (g) => (g.in.isHeader ? `\n#endif /* ${cHeaderGuard(g)} */\n` : g.in.isTest ? `int main(void)\n{\n${g.symbols.map((s) => `    ${s.name}();`).join('\n')}\n    printf("all ${g.in.module} tests passed\\n");\n    return 0;\n}\n` : ''),
  classOpen: () => '', classClose: () => '',
  typeDef: (_g, name, fs) => `typedef struct {\n${fs.map((f) => `    ${cParam(f)};`).join('\n')}\n} ${name};\n\n`,
  fnOpen: (g, f) => {
    const params = f.isTest ? 'void' : f.params.map(cParam).join(', ')
    const sig = `${f.isTest ? 'static void' : g.rng.chance(0.3) ? `static ${f.ret}` : f.ret} ${f.name}(${params})`
    return { text: `${docC(f.doc, '')}${sig}\n{\n`, sig }
  },
  fnDecl: (_g, f) => {
    const sig = `${f.ret} ${f.name}(${f.params.map(cParam).join(', ')});`
    return { text: `${docC(f.doc, '')}${sig}\n\n`, sig }
  },
  fnClose: () => '}\n\n',
  stmt: (s, g) => {
    if (s.k === 'comment') return `/* ${s.text} */`
    const p = g.in.prefix
    return bracedStmt(s, {
      decl: (v, e) => `int ${v} = ${e};`,
      log: (l, m) => `${p}_log_${l}(${dq(m)});`,
      fail: (m) => `${p}_log_error(${dq(m)});\nreturn ${p.toUpperCase()}_ERR_INVALID_ARGUMENT;`,
      ret: (e) => `return ${e};`,
      assert: (a, b) => `assert(${a} == ${b});`,
    })
  },
  blockOpen: braceBlocks((s) => (s.k === 'if' ? `if (${s.c}) {` : s.k === 'for' ? `for (size_t i = 0; i < ${s.xs}_count; ++i) {` : '')),
  blockClose: '}',
  selfCall: (_g, fn, args) => `${fn}(${args.join(', ')})`,
  peerCall: (_g, p, args) => `${p.name}(${args.join(', ')})`,
  isNull: (v) => `${v} == NULL`,
  isEmpty: (v) => `${v} == NULL || ${v}_count == 0`,
  gt: (v, n) => `${v}_count > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'size_t' : g.rng.pick(['const char *', `${snake(w[0])}_t *`, 'const void *', 'uint32_t'])),
  retType: (_w, g) => g.rng.pick(['int', 'int', 'bool', 'size_t']),
}

const cpp: Lang = {
  ind: '    ', classes: true, comment: '//', methodDepth: 1,
  fnName: (w) => camel(...w),
  varName: (w) => camel(...w),
  typeName: (w) => pascal(...w),
  str: dq,
  header: (g) => {
    const incs = ['<memory>', '<string>', '<vector>', '<unordered_map>', '<mutex>', '<stdexcept>', '<spdlog/spdlog.h>', ...(g.in.isTest ? ['<gtest/gtest.h>'] : []), ...uniq(g.in.peers.slice(0, 3).map((p) => `"${g.in.pkg}/${p.module}.hpp"`))]
    return `${g.in.isHeader ? '#pragma once\n\n' : ''}// ${g.in.path}\n// ${g.in.prose.sentence()}\n\n${incs.map((i) => `#include ${i}`).join('\n')}\n\nnamespace ${g.in.pkg}::${snake(g.in.component || 'core')} {\n\n`
  },
  footer: (g) => `}  // namespace ${g.in.pkg}::${snake(g.in.component || 'core')}\n`,
  classOpen: (g, name, doc) => (g.in.isTest ? `// ${doc[0]}\n` : `${docC(doc, '')}class ${name} {\npublic:\n    explicit ${name}(std::shared_ptr<Config> config) : config_(std::move(config)) {}\n    ~${name}() = default;\n\n`),
  classClose: (g) => (g.in.isTest ? '\n' : 'private:\n    std::shared_ptr<Config> config_;\n    mutable std::mutex mutex_;\n};\n\n'),
  typeDef: (_g, name, fs) => `struct ${name} {\n${fs.map((f) => `    ${f.type} ${f.name}{};`).join('\n')}\n};\n\n`,
  fnOpen: (g, f, depth) => {
    const pad = padOf(cpp, depth)
    if (f.isTest) {
      const sig = `TEST(${g.className}Test, ${pascal(f.name)})`
      return { text: `${sig} {\n`, sig }
    }
    const sig = `${f.ret} ${f.name}(${f.params.map((p) => `${p.type} ${p.name}`).join(', ')})`
    return { text: `${pad}// ${f.doc.join(' ')}\n${pad}${sig} {\n`, sig }
  },
  fnDecl: (_g, f, depth) => {
    const pad = padOf(cpp, depth)
    const sig = `${f.ret} ${f.name}(${f.params.map((p) => `${p.type} ${p.name}`).join(', ')});`
    return { text: `${pad}// ${f.doc[0]}\n${pad}${sig}\n\n`, sig }
  },
  fnClose: (depth) => `${padOf(cpp, depth)}}\n\n`,
  stmt: (s) => bracedStmt(s, {
    decl: (v, e) => `auto ${v} = ${e};`,
    log: (l, m) => `spdlog::${l === 'warn' ? 'warn' : l}(${dq(m)});`,
    fail: (m) => `throw std::invalid_argument(${dq(m)});`,
    ret: (e) => `return ${e};`,
    assert: (a, b) => `EXPECT_EQ(${a}, ${b});`,
  }),
  blockOpen: braceBlocks((s) => (s.k === 'for' ? `for (const auto& ${s.x} : ${s.xs}) {` : ifFor(s))),
  blockClose: '}',
  selfCall: (_g, fn, args) => `${fn}(${args.join(', ')})`,
  peerCall: (_g, p, args) => (p.owner ? `${camel(p.owner)}_->${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
  isNull: (v) => `${v}.empty()`,
  isEmpty: (v) => `${v}.empty()`,
  gt: (v, n) => `${v}.size() > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'std::size_t' : g.rng.pick(['const std::string&', `const ${pascal(w[0])}&`, `std::vector<${pascal(w[0])}>&`])),
  retType: (w, g) => g.rng.pick(['bool', 'void', `std::optional<${pascal(w[0])}>`, 'std::size_t']).replace('void', 'bool'),
}

function javaLike(kind: 'java' | 'csharp'): Lang {
  const isJava = kind === 'java'
  return {
    ind: '    ', classes: true, comment: '//', methodDepth: 1,
    fnName: (w, g) => (g.in.isTest && isJava ? camel('should', ...w.slice(1)) : isJava ? camel(...w) : pascal(...w)),
    varName: (w) => camel(...w),
    typeName: (w) => pascal(...w),
    str: dq,
    header: (g) => {
      const ns = `com.${g.in.org}.${g.in.pkg.replace(/_/g, '')}.${snake(g.in.component || 'core').replace(/_/g, '')}`
      if (isJava) {
        const imports = ['java.util.List', 'java.util.Map', 'java.util.Optional', 'java.time.Instant', 'org.slf4j.Logger', 'org.slf4j.LoggerFactory', ...(g.in.isTest ? ['org.junit.jupiter.api.Test', 'static org.junit.jupiter.api.Assertions.assertEquals'] : ['org.springframework.stereotype.Service'])]
        return `package ${ns};\n\n${imports.map((i) => `import ${i};`).join('\n')}\n\n`
      }
      const P = pascal(g.in.pkg)
      const usings = ['System', 'System.Collections.Generic', 'System.Linq', 'System.Threading', 'System.Threading.Tasks', 'Microsoft.Extensions.Logging', ...(g.in.isTest ? ['Xunit'] : [])]
      return `${usings.map((u) => `using ${u};`).join('\n')}\n\nnamespace ${P}.${pascal(g.in.component || 'core')};\n\n`
    },
    footer: () => '',
    classOpen: (g, name, doc) => {
      if (isJava) return `/**\n${doc.map((d) => ` * ${d}`).join('\n')}\n */\n${g.in.isTest ? '' : '@Service\n'}public class ${name} {\n\n    private static final Logger log = LoggerFactory.getLogger(${name}.class);\n\n`
      return `/// <summary>\n${doc.map((d) => `/// ${d}`).join('\n')}\n/// </summary>\npublic class ${name}\n{\n    private readonly ILogger<${name}> _logger;\n\n    public ${name}(ILogger<${name}> logger)\n    {\n        _logger = logger;\n    }\n\n`
    },
    classClose: () => '}\n\n',
    typeDef: (_g, name, fs) => (isJava
      ? `record ${name}(${fs.map((f) => `${f.type} ${f.name}`).join(', ')}) {}\n\n`
      : `public sealed record ${name}(${fs.map((f) => `${f.type} ${pascal(f.name)}`).join(', ')});\n\n`),
    fnOpen: (_g, f, depth) => {
      const pad = padOf(java, depth)
      const params = f.params.map((p) => `${p.type} ${p.name}`).join(', ')
      if (isJava) {
        const sig = f.isTest ? `void ${f.name}()` : `public ${f.ret} ${f.name}(${params})`
        const doc = f.isTest ? `${pad}@Test\n` : `${pad}/**\n${f.doc.map((d) => `${pad} * ${d}`).join('\n')}\n${pad} */\n`
        return { text: `${doc}${pad}${sig} {\n`, sig }
      }
      const sig = f.isTest ? `public void ${f.name}()` : `public ${f.ret} ${f.name}(${params})`
      const doc = f.isTest ? `${pad}[Fact]\n` : `${pad}/// <summary>\n${f.doc.map((d) => `${pad}/// ${d}`).join('\n')}\n${pad}/// </summary>\n`
      return { text: `${doc}${pad}${sig}\n${pad}{\n`, sig }
    },
    fnClose: (depth) => `${padOf(java, depth)}}\n\n`,
    stmt: (s) => bracedStmt(s, isJava ? {
      decl: (v, e) => `var ${v} = ${e};`,
      log: (l, m) => `log.${l}(${dq(m)});`,
      fail: (m) => `throw new IllegalStateException(${dq(m)});`,
      ret: (e) => `return ${e};`,
      assert: (a, b) => `assertEquals(${b}, ${a});`,
    } : {
      decl: (v, e) => `var ${v} = ${e};`,
      log: (l, m) => `_logger.Log${({ info: 'Information', warn: 'Warning', debug: 'Debug', error: 'Error' } as const)[l]}(${dq(m)});`,
      fail: (m) => `throw new InvalidOperationException(${dq(m)});`,
      ret: (e) => `return ${e};`,
      assert: (a, b) => `Assert.Equal(${b}, ${a});`,
    }),
    blockOpen: isJava
      ? braceBlocks((s) => (s.k === 'for' ? `for (var ${s.x} : ${s.xs}) {` : ifFor(s)))
      : (k, s) => (k === 'else' ? '}\nelse\n{' : s.k === 'for' ? `foreach (var ${s.x} in ${s.xs})\n{` : s.k === 'if' ? `if (${s.c})\n{` : ''),
    blockClose: '}',
    selfCall: (_g, fn, args) => `${fn}(${args.join(', ')})`,
    peerCall: (_g, p, args) => (p.owner ? `${isJava ? '' : '_'}${camel(p.owner)}.${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
    isNull: (v) => (isJava ? `${v} == null` : `${v} is null`),
    isEmpty: (v) => (isJava ? `${v}.isEmpty()` : `${v}.Count == 0`),
    gt: (v, n) => (isJava ? `${v}.size() > ${n}` : `${v}.Count > ${n}`),
    paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'int' : g.rng.pick(['String', `${pascal(w[0])}Request`, isJava ? `List<${pascal(w[0])}>` : `IReadOnlyList<${pascal(w[0])}>`].map((t) => (!isJava && t === 'String' ? 'string' : t)))),
    retType: (w, g) => g.rng.pick(isJava ? [`Optional<${pascal(w[0])}>`, 'boolean', `List<${pascal(w[0])}>`, 'int'] : [`Task<${pascal(w[0])}?>`, 'bool', `IReadOnlyList<${pascal(w[0])}>`, 'int']),
  }
}
const java = javaLike('java')
const csharp = javaLike('csharp')

function jsLike(typed: boolean): Lang {
  return {
    ind: '  ', classes: true, comment: '//', methodDepth: 1,
    fnName: (w) => camel(...w),
    varName: (w) => camel(...w),
    typeName: (w) => pascal(...w),
    str: sq,
    header: (g) => {
      const peers = g.in.peers.slice(0, 4)
      const lines = typed
        ? uniq(peers.map((p) => `import { ${p.owner || p.name} } from '../${p.module}';`))
        : g.rng.chance(0.5)
          ? ["'use strict';", '', ...uniq(peers.map((p) => `const { ${p.owner || p.name} } = require('../${p.module}');`)), "const logger = require('../utils/logger');"]
          : [...uniq(peers.map((p) => `import { ${p.owner || p.name} } from '../${p.module}.js';`)), "import logger from '../utils/logger.js';"]
      if (typed) lines.push("import { logger } from '../utils/logger';")
      const doc = `/**\n * ${g.in.path}\n *\n${wrap(g.in.prose.paragraph(2, 3), 90).map((l) => ` * ${l}`).join('\n')}\n */\n`
      return `${doc}${lines.join('\n')}\n\nconst ${upperSnake(g.words.join('_'), 'timeout', 'ms')} = ${g.rng.int(1, 60) * 500};\n\n${g.in.isTest ? `describe('${g.className}', () => {\n` : ''}`
    },
    footer: (g) => (g.in.isTest ? '});\n' : typed ? `export default ${g.className};\n` : g.rng.chance(0.5) ? `module.exports = { ${g.className} };\n` : `export default ${g.className};\n`),
    classOpen: (g, name, doc) => (g.in.isTest ? '' : `/**\n${doc.map((d) => ` * ${d}`).join('\n')}\n */\nexport class ${name} {\n${typed ? `  private readonly cache = new Map<string, unknown>();\n\n  constructor(private readonly options: Record<string, unknown> = {}) {}\n\n` : '  constructor(options = {}) {\n    this.options = options;\n    this.cache = new Map();\n  }\n\n'}`),
    classClose: (g) => (g.in.isTest ? '' : '}\n\n'),
    typeDef: (_g, name, fs) => (typed ? `export interface ${name} {\n${fs.map((f) => `  ${f.name}: ${f.type};`).join('\n')}\n}\n\n` : `/** @typedef {{ ${fs.map((f) => `${f.name}: ${f.type}`).join(', ')} }} ${name} */\n\n`),
    fnOpen: (g, f, depth) => {
      const pad = padOf(typed ? ts : js, depth)
      if (f.isTest) {
        const sig = `it('should ${splitWords(f.name).slice(1).join(' ')}', async () => {`
        return { text: `${pad}${sig}\n`, sig }
      }
      const params = f.params.map((p) => (typed ? `${p.name}: ${p.type}` : p.name)).join(', ')
      const asyncKw = g.rng.chance(0.5) ? 'async ' : ''
      const sig = `${asyncKw}${f.name}(${params})${typed ? `: ${asyncKw ? `Promise<${f.ret}>` : f.ret}` : ''}`
      return { text: `${pad}/**\n${f.doc.map((d) => `${pad} * ${d}`).join('\n')}\n${pad} */\n${pad}${sig} {\n`, sig }
    },
    fnClose: (depth, g) => `${'  '.repeat(depth)}}${g.in.isTest ? ');' : ''}\n\n`,
    stmt: (s) => bracedStmt(s, {
      decl: (v, e) => `const ${v} = ${e};`,
      log: (l, m) => `logger.${l}(${sq(m)});`,
      fail: (m) => `throw new Error(${sq(m)});`,
      ret: (e) => `return ${e};`,
      assert: (a, b) => `expect(${a}).toEqual(${b});`,
    }),
    blockOpen: braceBlocks(ifFor),
    blockClose: '}',
    selfCall: (g, fn, args) => (g.in.isTest ? `${fn}(${args.join(', ')})` : `this.${fn}(${args.join(', ')})`),
    peerCall: (g, p, args) => (p.owner && !g.in.isTest ? `this.${camel(p.owner)}.${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
    isNull: (v) => `${v} == null`,
    isEmpty: (v) => `!${v} || ${v}.length === 0`,
    gt: (v, n) => `${v}.length > ${n}`,
    paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'number' : g.rng.pick(['string', `${pascal(w[0])}Record`, `${pascal(w[0])}Record[]`, 'Record<string, unknown>'])),
    retType: (w, g) => g.rng.pick([`${pascal(w[0])}Record | undefined`, 'boolean', `${pascal(w[0])}Record[]`, 'number']),
  }
}
const js = jsLike(false)
const ts = jsLike(true)

const go: Lang = {
  ind: '\t', classes: true, comment: '//', methodDepth: 0,
  fnName: (w, g) => (g.in.isTest ? pascal(...w) : g.rng.chance(0.7) ? pascal(...w) : camel(...w)),
  varName: (w) => camel(...w),
  typeName: (w) => pascal(...w),
  str: dq,
  header: (g) => {
    const pkg = snake(g.in.component || g.in.module).replace(/_/g, '') || 'main'
    const imports = ['context', 'errors', 'fmt', 'sync', 'time', ...(g.in.isTest ? ['testing', 'github.com/stretchr/testify/require'] : ['go.uber.org/zap'])]
    return `// Package ${pkg} ${g.in.prose.sentence().replace(/^\W+/, '').toLowerCase()}\npackage ${g.in.isTest ? `${pkg}_test` : pkg}\n\nimport (\n${imports.map((i) => `\t"${i}"`).join('\n')}\n)\n\nvar Err${pascal(g.words.join('_'))}NotFound = errors.New("${g.words.join(' ')} not found")\n\n`
  },
  footer: () => '',
  classOpen: (g, name, doc) => `// ${name} ${doc[0].replace(/^\W+/, '').toLowerCase()}\ntype ${name} struct {\n\tmu     sync.RWMutex\n\tlogger *zap.Logger\n\ttimeout time.Duration\n\titems  map[string]*${pascal(g.noun())}Record\n}\n\n// New${name} wires a ${name} with its dependencies.\nfunc New${name}(logger *zap.Logger) *${name} {\n\treturn &${name}{logger: logger, timeout: ${g.rng.int(1, 30)} * time.Second}\n}\n\n`,
  classClose: () => '',
  typeDef: (_g, name, fs) => `// ${name} is persisted as JSON.\ntype ${name} struct {\n${fs.map((f) => `\t${pascal(f.name)} ${f.type} \`json:"${snake(f.name)}"\``).join('\n')}\n}\n\n`,
  fnOpen: (g, f) => {
    if (f.isTest) {
      const sig = `func ${f.name}(t *testing.T) {`
      return { text: `${sig}\n\tctx := context.Background()\n\t_ = ctx\n`, sig }
    }
    const recv = f.owner ? `(s *${f.owner}) ` : ''
    const sig = `func ${recv}${f.name}(ctx context.Context, ${f.params.map((p) => `${p.name} ${p.type}`).join(', ')}) (${f.ret}, error)`
    return { text: `// ${f.name} ${f.doc.join(' ').replace(/^\W+/, '').toLowerCase()}\n${sig} {\n`, sig }
  },
  fnClose: () => '}\n\n',
  stmt: (s, g) => {
    switch (s.k) {
      case 'let': return g.in.isTest ? `${s.v}, err := ${s.e}\nrequire.NoError(t, err)` : `${s.v}, err := ${s.e}\nif err != nil {\n\treturn nil, fmt.Errorf("${s.v}: %w", err)\n}`
      case 'expr': return g.in.isTest ? `require.NoError(t, ${s.e})` : `if err := ${s.e}; err != nil {\n\treturn nil, err\n}`
      case 'log': return `s.logger.${pascal(s.level)}(${dq(s.msg)})`
      case 'fail': return `return nil, fmt.Errorf(${dq(s.msg)})`
      case 'ret': return `return ${s.e}, nil`
      case 'comment': return `// ${s.text}`
      case 'assert': return `require.Equal(t, ${s.b}, ${s.a})`
      default: return ''
    }
  },
  blockOpen: (k, s) => (k === 'else' ? '} else {' : s.k === 'if' ? `if ${s.c} {` : s.k === 'for' ? `for _, ${s.x} := range ${s.xs} {` : ''),
  blockClose: '}',
  selfCall: (g, fn, args) => (g.in.isTest ? `${fn}(${args.join(', ')})` : `s.${fn}(ctx${args.length ? ', ' : ''}${args.join(', ')})`),
  peerCall: (_g, p, args) => `${p.owner ? `${camel(p.owner)}.` : ''}${p.name}(ctx${args.length ? ', ' : ''}${args.join(', ')})`,
  isNull: (v) => `${v} == nil`,
  isEmpty: (v) => `len(${v}) == 0`,
  gt: (v, n) => `len(${v}) > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'int' : g.rng.pick(['string', `*${pascal(w[0])}Record`, `[]${pascal(w[0])}Record`, 'map[string]any'])),
  retType: (w, g) => g.rng.pick([`*${pascal(w[0])}Record`, `[]${pascal(w[0])}Record`]),
}
go.stmt = ((orig) => (s: Stmt, g: Gen) => (s.k === 'let' && s.e.startsWith('"') ? `${s.v} := ${s.e}` : orig(s, g)))(go.stmt)

const rust: Lang = {
  ind: '    ', classes: true, comment: '//', methodDepth: 1,
  fnName: (w) => snake(...w),
  varName: (w) => snake(...w),
  typeName: (w) => pascal(...w),
  str: (s) => `${dq(s)}.to_string()`,
  header: (g) => {
    const uses = ['std::collections::HashMap', 'std::sync::Arc', 'tokio::sync::RwLock', 'tracing::{debug, info, warn}', 'serde::{Deserialize, Serialize}', ...uniq(g.in.peers.slice(0, 3).map((p) => `crate::${snake(p.module)}::${p.owner || p.name}`))]
    return `//! ${g.in.prose.sentence()}\n//!\n${wrap(g.in.prose.paragraph(2, 3), 90).map((l) => `//! ${l}`).join('\n')}\n\n${uses.map((u) => `use ${u};`).join('\n')}\n\nuse crate::error::{Error, Result};\n\nconst ${upperSnake(g.words.join('_'), 'batch', 'size')}: usize = ${g.rng.pick([16, 64, 256, 1024])};\n\n${g.in.isTest ? '#[cfg(test)]\nmod tests {\n    use super::*;\n\n' : ''}`
  },
  footer: (g) => (g.in.isTest ? '}\n' : ''),
  classOpen: (g, name, doc) => (g.in.isTest ? '' : `${doc.map((d) => `/// ${d}`).join('\n')}\n#[derive(Debug, Clone)]\npub struct ${name} {\n    store: Arc<RwLock<HashMap<String, ${pascal(g.noun())}Record>>>,\n    limit: usize,\n}\n\nimpl ${name} {\n    pub fn new(limit: usize) -> Self {\n        Self { store: Arc::new(RwLock::new(HashMap::new())), limit }\n    }\n\n`),
  classClose: (g) => (g.in.isTest ? '' : '}\n\n'),
  typeDef: (_g, name, fs) => `#[derive(Debug, Clone, Serialize, Deserialize)]\npub struct ${name} {\n${fs.map((f) => `    pub ${f.name}: ${f.type},`).join('\n')}\n}\n\n`,
  fnOpen: (g, f, depth) => {
    const pad = padOf(rust, depth)
    if (f.isTest) {
      const sig = `fn ${f.name}()`
      return { text: `${pad}#[test]\n${pad}${sig} {\n`, sig }
    }
    const sig = `pub ${g.rng.chance(0.5) ? 'async ' : ''}fn ${f.name}(${[...(f.owner ? ['&self'] : []), ...f.params.map((p) => `${p.name}: ${p.type}`)].join(', ')}) -> Result<${f.ret}>`
    return { text: `${f.doc.map((d) => `${pad}/// ${d}`).join('\n')}\n${pad}${sig} {\n`, sig }
  },
  fnClose: (depth) => `${padOf(rust, depth)}}\n\n`,
  stmt: (s) => {
    switch (s.k) {
      case 'let': return `let ${s.v} = ${s.e}${s.e.endsWith(')') ? '?' : ''};`
      case 'expr': return `${s.e}${s.e.endsWith(')') ? '?' : ''};`
      case 'log': return `${s.level === 'error' ? 'tracing::error' : s.level}!(${dq(s.msg)});`
      case 'fail': return `return Err(Error::InvalidInput(${dq(s.msg)}.into()));`
      case 'ret': return `Ok(${s.e})`
      case 'comment': return `// ${s.text}`
      case 'assert': return `assert_eq!(${s.a}, ${s.b});`
      default: return ''
    }
  },
  blockOpen: (k, s) => (k === 'else' ? '} else {' : s.k === 'if' ? `if ${s.c} {` : s.k === 'for' ? `for ${s.x} in ${s.xs}.iter() {` : ''),
  blockClose: '}',
  selfCall: (g, fn, args) => (g.in.isTest ? `${fn}(${args.join(', ')})` : `self.${fn}(${args.join(', ')})`),
  peerCall: (g, p, args) => (p.owner && !g.in.isTest ? `self.${snake(p.owner)}.${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
  isNull: (v) => `${v}.is_empty()`,
  isEmpty: (v) => `${v}.is_empty()`,
  gt: (v, n) => `${v}.len() > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'usize' : g.rng.pick(['&str', `&${pascal(w[0])}Record`, `Vec<${pascal(w[0])}Record>`, 'Option<String>'])),
  retType: (w, g) => g.rng.pick([`Option<${pascal(w[0])}Record>`, `Vec<${pascal(w[0])}Record>`, 'usize', '()']),
}

const php: Lang = {
  ind: '    ', classes: true, comment: '//', methodDepth: 1,
  fnName: (w, g) => (g.in.isTest ? camel(...w) : camel(...w)),
  varName: (w) => `$${camel(...w)}`,
  typeName: (w) => pascal(...w),
  str: sq,
  header: (g) => {
    const ns = g.in.path.includes('/Controller/') ? 'Controller' : g.in.path.includes('/Entity/') ? 'Entity' : g.in.path.includes('/Repository/') ? 'Repository' : g.in.isTest ? 'Tests\\Unit' : 'Service'
    const uses = ['Psr\\Log\\LoggerInterface', ...(g.in.isTest ? ['PHPUnit\\Framework\\TestCase'] : []), ...uniq(g.in.peers.slice(0, 3).map((p) => `App\\${pascal(p.module)}${p.owner ? '' : `\\${p.name}`}`))]
    return `<?php\n\ndeclare(strict_types=1);\n\nnamespace App\\${ns};\n\n${uses.map((u) => `use ${u};`).join('\n')}\n\n/**\n * ${g.in.prose.sentence()}\n */\n`
  },
  footer: () => '',
  classOpen: (g, name, doc) => `/**\n${doc.map((d) => ` * ${d}`).join('\n')}\n */\n${g.in.isTest ? `final class ${name}Test extends TestCase` : `final class ${name}`}\n{\n    public function __construct(private readonly LoggerInterface $logger)\n    {\n    }\n\n`,
  classClose: () => '}\n\n',
  typeDef: () => '',
  fnOpen: (_g, f, depth) => {
    const pad = padOf(php, depth)
    const sig = f.isTest ? `public function ${f.name}(): void` : `public function ${f.name}(${f.params.map((p) => `${p.type} ${p.name}`).join(', ')}): ${f.ret}`
    return { text: `${pad}/**\n${f.doc.map((d) => `${pad} * ${d}`).join('\n')}\n${pad} */\n${pad}${sig}\n${pad}{\n`, sig }
  },
  fnClose: (depth) => `${padOf(php, depth)}}\n\n`,
  stmt: (s) => bracedStmt(s, {
    decl: (v, e) => `${v} = ${e};`,
    log: (l, m) => `$this->logger->${l === 'warn' ? 'warning' : l}(${sq(m)});`,
    fail: (m) => `throw new \\InvalidArgumentException(${sq(m)});`,
    ret: (e) => `return ${e};`,
    assert: (a, b) => `$this->assertSame(${b}, ${a});`,
  }),
  blockOpen: braceBlocks((s) => (s.k === 'for' ? `foreach (${s.xs} as ${s.x}) {` : ifFor(s))),
  blockClose: '}',
  selfCall: (_g, fn, args) => `$this->${fn}(${args.join(', ')})`,
  peerCall: (_g, p, args) => (p.owner ? `$this->${camel(p.owner)}->${p.name}(${args.join(', ')})` : `${p.name}(${args.join(', ')})`),
  isNull: (v) => `${v} === null`,
  isEmpty: (v) => `empty(${v})`,
  gt: (v, n) => `count(${v}) > ${n}`,
  paramType: (w, g) => (/count|limit|retries|version/.test(w.join()) ? 'int' : g.rng.pick(['string', 'array', `?${pascal(w[0])}`])),
  retType: (w, g) => g.rng.pick(['array', 'bool', `?${pascal(w[0])}`, 'int']),
}

const LANGS: Record<Language, Lang> = { python, c, cpp, java, csharp, javascript: js, typescript: ts, go, rust, php }

export function wrap(text: string, width: number): string[] {
  const out: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      out.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) out.push(line)
  return out
}
