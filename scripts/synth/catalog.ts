// Which projects a run generates and the difficulty each one's scenario ids carry.
import { DOMAINS, LANGUAGES, type Difficulty, type Language } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import type { ProjectRow } from './synth-project.ts'
import { COMPLEXITY_BY_NUMBER, KNOWN_ID_DIFFICULTY } from './ids1000.ts'

export const ARCHITECTURES = ['monolithic', 'microservices', 'serverless', 'event_driven', 'layered', 'clean_architecture', 'hexagonal', 'mvc', 'mvvm', 'component_based']
export const THEMES = ['business', 'education', 'healthcare', 'entertainment', 'productivity', 'social', 'utility', 'creative']

const LETTER: Record<string, Difficulty> = { e: 'easy', m: 'medium', h: 'hard', x: 'expert' }
const GROUP: Record<string, string> = { web: 'web', api: 'api', data: 'data', ml: 'ml', desktop: 'desktop', mobile: 'mobile', system: 'system', fintech: 'fintech', game: 'gaming', blockchain: 'blockchain' }

/** All 1,000 real projects in language order, then number order. */
export function allProjects(): ProjectRow[] {
  return LANGUAGES.flatMap((language) => [...COMPLEXITY_BY_NUMBER[language]].map((letter, index) => {
    const domain = DOMAINS[index % DOMAINS.length]
    const complexity = LETTER[letter]
    return {
      projectId: `${language}_${domain}_${complexity}_${String(index).padStart(3, '0')}`,
      language, domain, group: GROUP[domain.split('_')[0]], complexity, index,
      architecture: ARCHITECTURES[index % ARCHITECTURES.length], theme: THEMES[index % THEMES.length],
    }
  }))
}

/** `count` projects spread over the 10 languages as evenly as the count allows, sorted by id (directory order). */
export function pickProjects(rng: Rng, count: number): ProjectRow[] {
  const all = allProjects()
  if (count >= all.length) return all.sort((a, b) => (a.projectId < b.projectId ? -1 : 1))
  const picked: ProjectRow[] = []
  LANGUAGES.forEach((language: Language, i) => {
    const quota = Math.floor(count / LANGUAGES.length) + (i < count % LANGUAGES.length ? 1 : 0)
    picked.push(...rng.fork(language).sample(all.filter((r) => r.language === language), quota))
  })
  return picked.sort((a, b) => (a.projectId < b.projectId ? -1 : 1))
}

/**
 * One id difficulty per project, balanced across the four labels (250 each at full scale); a project
 * seen in real scenario ids keeps its real label while that label's quota allows.
 */
export function assignIdDifficulties(rng: Rng, rows: ProjectRow[]): Map<string, Difficulty> {
  const known = new Map(KNOWN_ID_DIFFICULTY.split(' ').map((e) => {
    const [id, letter] = e.split(':')
    return [id, LETTER[letter]] as const
  }))
  const order: Difficulty[] = ['expert', 'hard', 'medium', 'easy']
  const quota = new Map(order.map((d, i) => [d, Math.floor(rows.length / 4) + (i < rows.length % 4 ? 1 : 0)]))
  const out = new Map<string, Difficulty>()
  for (const r of rows) {
    const d = known.get(r.projectId)
    if (d && quota.get(d)! > 0) {
      out.set(r.projectId, d)
      quota.set(d, quota.get(d)! - 1)
    }
  }
  const pool = order.flatMap((d) => Array<Difficulty>(quota.get(d)!).fill(d))
  rng.shuffle(pool)
  for (const r of rows) if (!out.has(r.projectId)) out.set(r.projectId, pool.pop()!)
  return out
}

