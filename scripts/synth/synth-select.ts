// How LoCoBench chose each scenario's context (docs/locobench-format.md §9): the category's
// core files by substring match on the lower-cased path, then the remaining files by a relevance
// score (file-name keywords, size, complexity) until the coverage target is met. Targets are tried
// in order (range midpoint, 75%, 90%, 100% of the range, range minimum); the first whose achieved
// difficulty equals the target wins, otherwise the "natural" selection decides the difficulty.
import type { Category, Difficulty } from '../lib/ids.ts'

export interface Candidate {
  path: string
  chars: number
  complexity: number
}

export interface Selection {
  /** Indices into the candidate list, in context order. */
  order: number[]
  contextLength: number
  coverage: number
  difficulty: Difficulty
}

export const COVERAGE_RANGES: Record<Difficulty, [number, number]> = {
  easy: [0.2, 0.4], medium: [0.4, 0.6], hard: [0.6, 0.8], expert: [0.8, 1.0],
}
const MIN_COVERAGE = 0.7

const CORE_PATTERNS: Record<Category, string[]> = {
  architectural_understanding: ['main.', 'app.', 'index.', 'server.', 'config.', 'settings.', 'module.', 'package.', '__init__.', 'cargo.toml', 'package.json', 'pom.xml', 'build.gradle', 'cmakelists.txt', 'makefile'],
  cross_file_refactoring: ['service.', 'manager.', 'handler.', 'controller.', 'model.', 'util.', 'helper.', 'common.', 'shared.', 'base.'],
  feature_implementation: ['service.', 'api.', 'controller.', 'handler.', 'model.', 'entity.', 'repository.', 'dao.', 'interface.'],
  bug_investigation: ['test.', 'spec.', 'error.', 'exception.', 'log.', 'debug.', 'trace.', 'monitor.'],
  multi_session_development: ['main.', 'app.', 'core.', 'service.', 'model.', 'config.', 'util.', 'common.'],
  code_comprehension: ['readme.', 'doc.', 'comment.', 'main.', 'app.', 'index.', 'core.', 'base.'],
  integration_testing: ['test.', 'spec.', 'integration.', 'e2e.', 'api.', 'service.', 'controller.', 'client.'],
  security_analysis: ['auth.', 'security.', 'login.', 'password.', 'token.', 'crypto.', 'hash.', 'encrypt.', 'ssl.', 'cert.'],
}

const RELEVANCE_KEYWORDS: Record<Category, string[]> = {
  architectural_understanding: ['architecture', 'design', 'structure', 'pattern', 'module', 'component', 'service', 'layer', 'interface', 'abstract'],
  cross_file_refactoring: ['refactor', 'restructure', 'service', 'manager', 'handler', 'controller', 'utility', 'helper', 'common', 'shared'],
  feature_implementation: ['feature', 'implement', 'new', 'add', 'create', 'build', 'develop', 'api', 'endpoint', 'functionality'],
  bug_investigation: ['bug', 'error', 'exception', 'fix', 'debug', 'issue', 'problem', 'fault', 'defect', 'trace'],
  multi_session_development: ['session', 'state', 'persistent', 'cache', 'storage', 'memory', 'context', 'history', 'tracking'],
  code_comprehension: ['documentation', 'readme', 'guide', 'tutorial', 'example', 'demo', 'sample', 'overview', 'explanation'],
  integration_testing: ['integration', 'test', 'spec', 'e2e', 'api', 'client', 'mock', 'stub', 'fixture', 'scenario'],
  security_analysis: ['security', 'auth', 'authentication', 'authorization', 'login', 'password', 'token', 'crypto', 'hash', 'encrypt', 'ssl'],
}

export function difficultyOf(coverage: number): Difficulty {
  for (const d of ['easy', 'medium', 'hard', 'expert'] as const) {
    const [lo, hi] = COVERAGE_RANGES[d]
    if (lo <= coverage && coverage <= hi) return d
  }
  return coverage < 0.2 ? 'easy' : coverage >= 0.8 ? 'expert' : coverage >= 0.6 ? 'hard' : 'medium'
}

function relevance(category: Category, c: Candidate, name: string, aggressive: boolean): number {
  let keywords = 0
  for (const k of RELEVANCE_KEYWORDS[category]) if (name.includes(k)) keywords++
  const size = Math.min(c.chars / 10000, 1)
  return Math.min(keywords, 5) + size * 0.3 + c.complexity * 0.2 + (aggressive ? size * 0.5 : 0)
}

interface Prepared {
  core: number[]
  ranked: { normal: number[]; aggressive: number[] }
  total: number
}

function prepare(category: Category, files: Candidate[]): Prepared {
  const patterns = CORE_PATTERNS[category]
  const core: number[] = []
  const rest: number[] = []
  const lower = files.map((f) => f.path.toLowerCase())
  files.forEach((_, i) => (patterns.some((p) => lower[i].includes(p)) ? core : rest).push(i))
  const rank = (aggressive: boolean) => rest
    .map((i) => ({ i, s: relevance(category, files[i], lower[i], aggressive) }))
    .sort((a, b) => b.s - a.s)
    .map((x) => x.i)
  return { core, ranked: { normal: rank(false), aggressive: rank(true) }, total: files.reduce((a, f) => a + f.chars, 0) }
}

function adaptive(files: Candidate[], p: Prepared, target: number, aggressive: boolean): { order: number[]; sum: number } {
  const order = [...p.core]
  let sum = order.reduce((a, i) => a + files[i].chars, 0)
  if (p.total === 0 || sum / p.total >= target) return { order, sum }
  for (const i of aggressive ? p.ranked.aggressive : p.ranked.normal) {
    order.push(i)
    sum += files[i].chars
    if (sum / p.total >= target) break
  }
  return { order, sum }
}

const result = (p: Prepared, r: { order: number[]; sum: number }): Selection => {
  const coverage = p.total ? Math.min(r.sum / p.total, 1.0) : 0
  return { order: r.order, contextLength: r.sum, coverage, difficulty: difficultyOf(coverage) }
}

export function selectContext(category: Category, files: Candidate[], target: Difficulty): Selection {
  const p = prepare(category, files)
  const [lo, hi] = COVERAGE_RANGES[target]
  const attempts: [number, boolean][] = [[(lo + hi) / 2, false], [lo + 0.75 * (hi - lo), false], [lo + 0.9 * (hi - lo), true], [hi, true], [lo, false]]
  for (const [coverage, aggressive] of attempts) {
    const s = result(p, adaptive(files, p, coverage, aggressive))
    if (s.difficulty === target) return s
  }
  return result(p, adaptive(files, p, MIN_COVERAGE, false))
}
