// The LoCoBench id grammar (docs/locobench-format.md §3). Ids are parsed by anchoring on the
// full category names at the end of the id, never by `_` positions: domains have 2-3 tokens and
// some contain category words (`system_security` vs `security_analysis`).

export const LANGUAGES = [
  'python', 'cpp', 'java', 'c', 'csharp', 'javascript', 'typescript', 'go', 'rust', 'php',
] as const
export type Language = (typeof LANGUAGES)[number]

export const CATEGORIES = [
  'architectural_understanding', 'cross_file_refactoring', 'feature_implementation',
  'bug_investigation', 'multi_session_development', 'code_comprehension',
  'integration_testing', 'security_analysis',
] as const
export type Category = (typeof CATEGORIES)[number]

export const DIFFICULTIES = ['easy', 'medium', 'hard', 'expert'] as const
export type Difficulty = (typeof DIFFICULTIES)[number]

export const DOMAINS = [
  'web_ecommerce', 'web_social', 'web_cms', 'web_dashboard', 'web_blog', 'web_portfolio',
  'api_rest', 'api_graphql', 'api_microservice', 'api_gateway', 'data_analytics', 'data_etl',
  'data_warehouse', 'data_streaming', 'data_lake', 'ml_training', 'ml_inference', 'ml_nlp',
  'ml_computer_vision', 'desktop_productivity', 'desktop_media', 'desktop_development',
  'mobile_social', 'mobile_utility', 'mobile_game', 'system_monitoring', 'system_automation',
  'system_networking', 'system_security', 'fintech_payment', 'fintech_trading', 'fintech_banking',
  'game_engine', 'game_simulation', 'blockchain_defi', 'blockchain_nft',
] as const
export type Domain = (typeof DOMAINS)[number]

export interface ProjectId {
  projectId: string
  language: Language
  domain: Domain
  complexity: Difficulty
  number: number
}

export interface ScenarioId extends ProjectId {
  id: string
  category: Category
  difficulty: Difficulty
  instance: number
}

export type IdParse<T> = { ok: true; value: T } | { ok: false; reason: string }

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value)

// Longest language first so `c` never shadows `cpp` or `csharp`.
const LANGUAGES_BY_LENGTH = [...LANGUAGES].sort((a, b) => b.length - a.length)

export function parseProjectId(projectId: string): IdParse<ProjectId> {
  const m = /^(.+)_(easy|medium|hard|expert)_(\d{3})$/.exec(projectId)
  if (!m) return { ok: false, reason: `project id "${projectId}" does not end in _<complexity>_<NNN>` }
  const [, head, complexity, digits] = m
  const language = LANGUAGES_BY_LENGTH.find((l) => head.startsWith(`${l}_`))
  if (!language) return { ok: false, reason: `project id "${projectId}" starts with no known language` }
  const domain = head.slice(language.length + 1)
  if (!isOneOf(DOMAINS, domain)) return { ok: false, reason: `project id "${projectId}" has unknown domain "${domain}"` }
  const number = Number(digits)
  if (DOMAINS[number % DOMAINS.length] !== domain) {
    return { ok: false, reason: `project id "${projectId}": domain "${domain}" does not match project number ${digits} (expected ${DOMAINS[number % DOMAINS.length]})` }
  }
  return { ok: true, value: { projectId, language, domain, complexity: complexity as Difficulty, number } }
}

export function parseScenarioId(id: string): IdParse<ScenarioId> {
  const m = /^(.+)_(easy|medium|hard|expert)_(\d{2})$/.exec(id)
  if (!m) return { ok: false, reason: `scenario id "${id}" does not end in _<difficulty>_<NN>` }
  const [, head, difficulty, instance] = m
  const category = CATEGORIES.find((c) => head.endsWith(`_${c}`))
  if (!category) return { ok: false, reason: `scenario id "${id}" has no known task category before _${difficulty}_${instance}` }
  const project = parseProjectId(head.slice(0, -(category.length + 1)))
  if (!project.ok) return project
  return {
    ok: true,
    value: { ...project.value, id, category, difficulty: difficulty as Difficulty, instance: Number(instance) },
  }
}

export const isCategory = (value: string): value is Category => isOneOf(CATEGORIES, value)
export const isDifficulty = (value: string): value is Difficulty => isOneOf(DIFFICULTIES, value)
export const isLanguage = (value: string): value is Language => isOneOf(LANGUAGES, value)
