// One project: its specification (phase 1), its file tree and file contents (phase 2) and
// project_metadata.json (docs/locobench-format.md §5, §8).
import type { Difficulty, Language } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import { pyFloat } from './pyjson.ts'
import { newSentencePool, Prose, type SentencePool } from './prose.ts'
import { writeCode, type Peer } from './code.ts'
import { writeDoc } from './docs.ts'
import { fileType, planTree, type FileKind, type Layout, type PlannedFile, type TreeNames } from './tree.ts'
import { DOMAIN_NOUNS, DOMAIN_TITLES, GROUP_FEATURES, GROUP_PATTERNS, LIBRARIES, NAME_DESCRIPTORS, NAME_SUFFIXES, TECH_NOUNS, THEME_AUDIENCE, THEME_PREFIXES } from './vocab.ts'
import { snake, splitWords } from './words.ts'

export interface ProjectRow {
  projectId: string
  language: Language
  domain: string
  group: string
  complexity: Difficulty
  index: number
  architecture: string
  theme: string
}

export interface Statement {
  text: string
  line: number
}

export interface FileFacts {
  path: string
  disk: string
  kind: FileKind
  type: 'source' | 'test' | 'config' | 'documentation'
  component: string
  /** Characters as Python's len() counts them (code points). */
  chars: number
  lines: number
  complexity: number
  symbols: Peer[]
  signatures: string[]
  statements: Statement[]
}

export interface Project {
  row: ProjectRow
  name: string
  description: string
  layout: Layout
  /** Wrapper folder (layout A), '' otherwise. */
  root: string
  names: TreeNames
  components: string[]
  features: string[]
  patterns: string[]
  nouns: string[]
  files: FileFacts[]
  totalChars: number
  /** File contents, kept only when agent scenarios are written. */
  contents: string[] | null
  metadata: Record<string, unknown>
  /** Epoch seconds the scenarios of this project start at. */
  scenarioClock: number
}

export interface ProjectOptions {
  scale: number
  maxProjectChars: number
  keepContents: boolean
  /** Writes one project file (path relative to the project dir). */
  writeFile: (disk: string, text: string) => void
}

const OVERSHOOT = 450
const FILES_BY_COMPLEXITY: Record<Difficulty, [number, number]> = { easy: [10, 15], medium: [15, 40], hard: [40, 80], expert: [80, 100] }
const TOKENS_BY_COMPLEXITY: Record<Difficulty, [number, number]> = { easy: [10_000, 100_000], medium: [100_000, 200_000], hard: [200_000, 500_000], expert: [500_000, 1_000_000] }
const SAMPLE_FACTOR: Record<Difficulty, number> = { easy: 0.5, medium: 0.7, hard: 0.9, expert: 1.0 }
const CODE_FENCE: Record<Language, string> = { python: 'python', cpp: 'cpp', java: 'java', c: 'c', csharp: 'csharp', javascript: 'javascript', typescript: 'typescript', go: 'go', rust: 'rust', php: 'php' }

/** Measured per-file size distribution (docs/locobench-format.md §8): mean 11,522, sd 3,380, min 3,325, max 22,688. */
function fileSize(rng: Rng): number {
  for (let i = 0; i < 8; i++) {
    const x = 11522 + 3380 * rng.normal()
    if (x >= 3325 && x <= 22688) return x
  }
  return 11522
}

function projectName(rng: Rng, row: ProjectRow): { name: string; pascalName: string; prefix: string; suffix: string } {
  const prefix = rng.pick(THEME_PREFIXES[row.theme] ?? THEME_PREFIXES.business)
  let suffix = rng.pick(NAME_SUFFIXES)
  if (suffix === prefix) suffix = 'Works'
  const pascalName = `${prefix}${suffix}`
  const area = DOMAIN_TITLES[row.group] ?? 'Software'
  const descriptor = rng.pick(NAME_DESCRIPTORS)
  const subtitle = `${rng.pick(['A', 'An Adaptive', 'A Modular', 'A Real-Time', 'A Distributed'])} ${area} ${rng.pick(['Platform', 'Engine', 'Suite', 'Toolkit'])} for ${THEME_AUDIENCE[row.theme] ?? 'teams'}`
  const name = rng.weighted<string>([
    [`${pascalName} ${descriptor}`, 40],
    [`${pascalName}: ${subtitle}`, 15],
    [`${pascalName} \u2013 Unified ${area} ${descriptor}`, 15],
    [`${pascalName} \u2014 ${subtitle}`, 10],
    [`${prefix} ${suffix} ${descriptor}`, 15],
    [`${pascalName} (${row.projectId})`, 5],
  ])
  return { name, pascalName, prefix, suffix }
}

function wrapperName(rng: Rng, row: ProjectRow, n: { pascalName: string; prefix: string; suffix: string }): string {
  const area = ({ web: 'Web', api: 'API', data: 'ETL', ml: 'ML', desktop: 'Desk', mobile: 'Mobile', system: 'Ops', fintech: 'Pay', gaming: 'Game', blockchain: 'Chain' } as Record<string, string>)[row.group] ?? 'App'
  return rng.weighted<string>([
    [n.pascalName, 45],
    [`${snake(n.pascalName)}${rng.chance(0.4) ? `_${rng.int(2, 360)}` : ''}`, 20],
    [`${n.pascalName}-${area}-${rng.pick(NAME_SUFFIXES)}`, 15],
    [`${n.pascalName} ${rng.pick(['Studio', 'Suite', 'Engine', 'Hub'])}`, 10],
    [row.projectId, 10],
  ])
}

const countCodePoints = (text: string): number => {
  let surrogates = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) surrogates++
  }
  return text.length - surrogates
}

const countNewlines = (text: string, end = text.length): number => {
  let n = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) n++
  return n
}

const countLines = (text: string): number => countNewlines(text) + (text.endsWith('\n') || text === '' ? 0 : 1)

function locate(text: string, statements: string[]): Statement[] {
  const out: Statement[] = []
  for (const s of statements) {
    const at = text.indexOf(s)
    if (at >= 0) out.push({ text: s, line: countNewlines(text, at) + 1 })
  }
  return out
}

export function buildProject(rng: Rng, row: ProjectRow, o: ProjectOptions): Project {
  const naming = projectName(rng.fork('name'), row)
  const shapeRng = rng.fork('shape')
  const [fMin, fMax] = FILES_BY_COMPLEXITY[row.complexity]
  const targetFiles = shapeRng.int(fMin, fMax)
  const [tMin, tMax] = TOKENS_BY_COMPLEXITY[row.complexity]
  const targetTokens = shapeRng.int(tMin, tMax)
  const layout = shapeRng.weighted<Layout>([['A', 70], ['B', 10], ['C', 20]])
  const root = layout === 'A' ? wrapperName(shapeRng, row, naming) : ''
  const names: TreeNames = {
    pkg: snake(naming.pascalName),
    pascalName: naming.pascalName,
    prefix: (splitWords(naming.pascalName).map((w) => w[0]).join('') + 'x').slice(0, 2),
    org: naming.prefix.toLowerCase(),
  }
  const domainNouns = shapeRng.shuffle([...(DOMAIN_NOUNS[row.domain] ?? TECH_NOUNS)])
  const planned = planTree({ rng: shapeRng, language: row.language, layout, root, names, components: domainNouns, count: targetFiles })
  const used = [...new Set(planned.map((f) => f.component).filter(Boolean))]
  const components = used.length ? used : domainNouns.slice(0, 3)
  const nouns = [...components, ...shapeRng.sample(TECH_NOUNS, 8)]

  const specRng = rng.fork('spec')
  const m = SAMPLE_FACTOR[row.complexity]
  const groupFeatures = GROUP_FEATURES[row.group] ?? GROUP_FEATURES.api
  const groupPatterns = GROUP_PATTERNS[row.group] ?? GROUP_PATTERNS.api
  const features = specRng.sample(groupFeatures, Math.max(3, Math.floor(groupFeatures.length * m)))
  const patterns = specRng.sample(groupPatterns, Math.max(2, Math.floor(groupPatterns.length * m)))
  const libs = LIBRARIES[row.language]
  const dependencies = specRng.sample(libs, specRng.int(4, 8)).map((l) => (specRng.chance(0.3) ? `${l}>=${specRng.int(0, 5)}.${specRng.int(0, 20)}` : l))
  const seed = specRng.int(0, 999_999)
  const shortPaths = planned.map((f) => (root ? f.disk.slice(root.length + 1) : f.disk))
  const vocab = {
    name: naming.name, language: row.language, architecture: row.architecture, audience: THEME_AUDIENCE[row.theme] ?? 'teams',
    nouns, components, features, patterns, files: specRng.sample(shortPaths, 20), symbols: [] as string[],
  }
  const descProse = new Prose(specRng.fork('description'), vocab)
  const overview = (n: number) => Array.from({ length: n }, () => descProse.overviewSentence()).join(' ')
  const description = [overview(3), overview(specRng.int(2, 4)), ...(specRng.chance(0.5) ? [overview(2)] : [])].join('\n\n')

  const sizeRng = rng.fork('sizes')
  // Writers stop after the block that crosses the target, overshooting by ~half a block on average.
  let sizes = planned.map(() => fileSize(sizeRng) * o.scale)
  const total = sizes.reduce((a, b) => a + b, 0)
  if (o.maxProjectChars > 0 && total > o.maxProjectChars) sizes = sizes.map((s) => (s * o.maxProjectChars) / total)
  sizes = sizes.map((s) => Math.max(160, s - OVERSHOOT * Math.min(1, o.scale)))

  const asciiName = naming.name.replace(/[\u2013\u2014]/g, '-')
  const pools = new Map<string, SentencePool>()
  const fileRng = rng.fork('files')
  const peers = new Map<Language, Peer[]>()
  const signatures: string[] = []
  const files: FileFacts[] = []
  const contents: string[] | null = o.keepContents ? [] : null
  planned.forEach((f, i) => {
    const frng = fileRng.fork(String(i))
    const fancy = frng.chance(0.14)
    // Only the decorated files carry non-ASCII (docs/locobench-format.md §10.6: about 14% of files); the others
    // spell the project name with ASCII dashes.
    const fileName = fancy ? naming.name : asciiName
    const pool = pools.get(fileName) ?? pools.set(fileName, newSentencePool()).get(fileName)!
    const prose = new Prose(frng.fork('prose'), { ...vocab, name: fileName, symbols: signatures.length ? peersOf(peers, f.codeLang).map((p) => p.name).slice(-30) : ['main'] }, fancy ? 0.2 : 0, pool)
    const facts = writeFile(frng, prose, row, names, fileName, f, nouns, components, features, libs, peers, signatures, fancy, Math.round(sizes[i]))
    o.writeFile(f.disk, facts.text)
    contents?.push(facts.text)
    files.push(facts.facts)
  })
  const totalChars = files.reduce((a, f) => a + f.chars, 0)

  const timeRng = rng.fork('time')
  const phase1 = 1754006400 + timeRng.int(0, 3 * 86400 - 1) + timeRng.next()
  const generationTime = files.length * (2.5 + 3.5 * timeRng.next()) + timeRng.next()
  const phase2 = phase1 + timeRng.int(600, 86400) + generationTime
  const metadata = {
    specification: {
      unique_id: row.projectId, name: naming.name, description, domain: row.domain, complexity: row.complexity,
      language: row.language, architecture: row.architecture, theme: row.theme, target_file_count: targetFiles,
      target_token_count: targetTokens, features, architecture_patterns: patterns, dependencies, seed,
    },
    generated_timestamp: pyFloat(phase1),
    phase_1_complete: true,
    uniqueness_factors: { domain: row.domain, complexity: row.complexity, architecture: row.architecture, theme: row.theme, seed },
    files: files.map((f) => ({ path: f.path, type: f.type })),
    generated_stats: {
      files_count: files.length,
      lines_count: files.reduce((a, f) => a + f.lines, 0),
      generation_time: pyFloat(generationTime),
      timestamp: pyFloat(phase2),
    },
  }
  return {
    row, name: naming.name, description, layout, root, names, components, features, patterns, nouns, files, totalChars,
    contents, metadata, scenarioClock: 1754352000 + timeRng.int(0, 4 * 86400),
  }
}

const peersOf = (peers: Map<Language, Peer[]>, lang: Language): Peer[] => peers.get(lang) ?? []

function writeFile(
  rng: Rng, prose: Prose, row: ProjectRow, names: TreeNames, name: string, f: PlannedFile, nouns: string[], components: string[],
  features: string[], libs: string[], peers: Map<Language, Peer[]>, signatures: string[], fancy: boolean, target: number,
): { text: string; facts: FileFacts } {
  const shown = f.disk
  let text: string
  let symbols: Peer[] = []
  let sigs: string[] = []
  let statements: Statement[] = []
  let complexity: number
  if (f.kind === 'code') {
    const known = peersOf(peers, f.codeLang)
    const lower = f.disk.toLowerCase()
    const out = writeCode({
      rng, prose, lang: f.codeLang, path: shown, module: f.module, component: f.component || components[0], nouns,
      pkg: names.pkg, prefix: names.prefix, org: names.org, peers: rng.sample(known, 5),
      isTest: /(^|\/)tests?\/|test_|_test\.|\.test\.|\.spec\.|tests?\.(cs|java|php)$|test\.php$/.test(lower) || /Tests?\.(cs|java|php)$/.test(f.disk),
      isHeader: /\.(h|hpp)$/.test(lower), fancy, target,
    })
    text = out.text
    // Some LLM files kept their markdown fences (docs/locobench-format.md §10.7).
    if (rng.chance(0.025)) text = `\`\`\`${CODE_FENCE[f.codeLang]}\n${text}\`\`\`\n`
    symbols = out.symbols
    sigs = out.signatures
    statements = locate(text, out.statements)
    complexity = 0.15 + 0.45 * rng.next()
    const list = peers.get(f.codeLang) ?? []
    list.push(...symbols.slice(0, 6))
    if (list.length > 80) list.splice(0, list.length - 80)
    peers.set(f.codeLang, list)
    signatures.push(...sigs.slice(0, 2))
    if (signatures.length > 40) signatures.splice(0, signatures.length - 40)
  } else {
    text = writeDoc({
      rng, prose, kind: f.kind, path: shown, module: f.module, language: row.language, name, pkg: names.pkg, components,
      features, libs, signatures: signatures.slice(-12), codeFence: CODE_FENCE[row.language], fancy, target,
    })
    complexity = 0.1 * rng.next()
  }
  // Astral characters (emoji) come only from the decorated (`fancy`) files.
  const chars = fancy ? countCodePoints(text) : text.length
  return {
    text,
    facts: {
      path: f.path, disk: f.disk, kind: f.kind, type: fileType(f.path), component: f.component, chars, lines: countLines(text),
      complexity, symbols: symbols.slice(0, 12), signatures: sigs.slice(0, 6), statements,
    },
  }
}

export const wrapperPrefix = (p: Project): string => (p.root ? `${p.root}/` : '')
