// Scenario texts (docs/locobench-format.md §4): title, description, task prompt, expected
// approach, ground truth and evaluation criteria, written about the files that really are in the
// scenario's context and the identifiers defined in them. Ground truths are markdown strings or,
// for most bug investigations and some architectural tasks, objects with the real key sets.
import type { Category, Difficulty } from '../lib/ids.ts'
import type { Rng } from './prng.ts'
import { Prose } from './prose.ts'
import type { FileFacts, Project } from './synth-project.ts'
import { ADJECTIVES, VERBS } from './vocab.ts'
import { titleCase } from './words.ts'

export interface ScenarioText {
  title: string
  description: string
  task_prompt: unknown
  expected_approach: unknown
  ground_truth: unknown
  evaluation_criteria: unknown[]
}

interface Ctx {
  rng: Rng
  p: Project
  category: Category
  difficulty: Difficulty
  prose: Prose
  focus: FileFacts[]
  context: FileFacts[]
  comp: string
  comp2: string
  feature: string
  /** Mentions a file as the texts of this scenario do (short path or the listed `//` path). */
  ref: (f: FileFacts) => string
  short: (f: FileFacts) => string
  sym: (f?: FileFacts) => string
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1)
const human = (s: string) => s.replace(/_/g, ' ')

function makeCtx(rng: Rng, p: Project, category: Category, difficulty: Difficulty, context: FileFacts[]): Ctx {
  const withSymbols = context.filter((f) => f.symbols.length)
  const pool = withSymbols.length ? withSymbols : p.files.filter((f) => f.symbols.length)
  const focus = rng.sample(pool.length ? pool : context, rng.int(2, 4))
  const short = (f: FileFacts) => (p.root ? f.disk.slice(p.root.length + 1) : f.disk)
  const useFull = p.layout !== 'C' && rng.chance(0.35)
  const ref = (f: FileFacts) => (useFull ? f.path : short(f))
  const sym = (f?: FileFacts) => {
    const from = f && f.symbols.length ? f : rng.pick(focus.length ? focus : pool.length ? pool : context)
    return from && from.symbols.length ? rng.pick(from.symbols).name : 'main'
  }
  const comps = focus.map((f) => f.component).filter(Boolean)
  const comp = human(comps[0] ?? rng.pick(p.components))
  const comp2 = human(rng.pick(p.components.filter((c) => human(c) !== comp).concat(p.components)))
  const prose = new Prose(rng.fork('prose'), {
    name: p.name, language: p.row.language, architecture: p.row.architecture, audience: 'its users', nouns: p.nouns,
    components: p.components, features: p.features, patterns: p.patterns,
    files: focus.map((f) => short(f)), symbols: focus.flatMap((f) => f.symbols.map((s) => s.name)).slice(0, 20),
  }, 0.04)
  return { rng, p, category, difficulty, prose, focus, context, comp, comp2, feature: human(rng.pick(p.features)), ref, short, sym }
}

const TITLES: Record<Category, string[]> = {
  architectural_understanding: ['Architectural Migration Plan: {Comp} IPC to Event Bus', 'Assessing Coupling Between the {Comp} and {Comp2} Modules', 'Architectural Analysis of the {Comp} Request Flow', 'Evaluating {Pattern} Boundaries in {Short}', 'Scaling Strategy for the {Comp} Subsystem', 'Mapping Data Ownership Across {Comp} and {Comp2}'],
  cross_file_refactoring: ['Extract a Shared {Comp} Client from Duplicated Call Sites', 'Consolidate {Noun} Validation Across {Comp} Modules', 'Refactor {Comp} Error Handling into a Common Module', 'Decouple {Comp} from {Comp2} Through an Interface', 'Unify Configuration Loading for {Comp} and {Comp2}'],
  feature_implementation: ['Implement {Feature} for the {Comp} Service', 'Add {Adj} {Noun} Detection to the {Comp} Pipeline', 'Implement {Noun} Export Endpoint in {Short}', 'Add Per-Tenant {Feature} to {Comp}', 'Implement Audit Trail for {Comp} {Noun} Changes'],
  bug_investigation: ['Intermittent {Comp} Failure on {Noun} Updates', 'Race Condition in {Comp} {Noun} Cache Invalidation', 'Memory Growth When Processing {Adj} {Noun} Batches', 'Silent Data Loss Between {Comp} and {Comp2}', 'Off-by-One in {Comp} Pagination of {Noun} Results'],
  multi_session_development: ['Multi-Phase Rollout of {Feature} Across {Comp} and {Comp2}', 'Incremental Migration of {Comp} Storage in Three Sessions', 'Iterative Hardening of the {Comp} Module', 'Staged Introduction of {Feature} in {Short}'],
  code_comprehension: ['Trace the {Noun} Lifecycle Through the {Comp} Module', 'Explain How {Sym} Coordinates {Comp} State', 'Understanding {Comp} Retry and Backoff Logic', 'Document the {Comp} to {Comp2} Data Contract'],
  integration_testing: ['End-to-End Tests for the {Comp} to {Comp2} Flow', 'Integration Test Suite for {Feature}', 'Contract Tests Between {Comp} and {Comp2}', 'Failure-Injection Tests for the {Comp} Service'],
  security_analysis: ['Audit Token Handling in the {Comp} Authentication Path', 'Security Review of {Comp} Input Validation', 'Privilege Escalation Risk in {Comp} Admin Operations', 'Injection Risks in {Comp} Query Construction'],
}

function title(c: Ctx): string {
  const short = c.p.name.split(/[:(\u2013\u2014]/)[0].trim()
  for (let i = 0; i < 12; i++) {
    const t = c.rng.pick(TITLES[c.category]).replace(/\{(\w+)\}/g, (_, k: string) => ({
      Comp: titleCase(c.comp), Comp2: titleCase(c.comp2), Noun: titleCase(c.rng.pick(c.p.nouns)), Adj: titleCase(c.rng.pick(ADJECTIVES)),
      Feature: titleCase(c.feature), Pattern: human(c.rng.pick(c.p.patterns)), Short: short, Sym: `\`${c.sym()}\``,
    } as Record<string, string>)[k] ?? k)
    const full = t.length < 27 ? `${t} in ${short}` : t
    if (full.length >= 27 && full.length <= 84) return full
  }
  return `${titleCase(c.category)} for ${titleCase(c.comp)}`.slice(0, 84)
}

const SITUATIONS: Record<Category, string[]> = {
  architectural_understanding: ['The team is evaluating whether the current {arch} structure can absorb the planned growth of the {comp} workload.', 'Several recent incidents were traced to hidden coupling between the {comp} and {comp2} modules.', 'Leadership wants a documented picture of how requests move through the system before approving a redesign.'],
  cross_file_refactoring: ['The same {noun} handling logic has been copied into several modules and has started to drift.', 'Error handling in the {comp} code path is inconsistent, which makes failures hard to diagnose.', 'A planned feature requires the {comp} code to be reusable from the {comp2} module without circular dependencies.'],
  feature_implementation: ['Customers have asked for {feature} in the {comp} area, and the product team has scheduled it for the next release.', 'The {comp} service currently lacks a way to {verb} {noun} records in bulk.', 'The new capability must fit the existing {arch} conventions and must not break current clients.'],
  bug_investigation: ['Operators report that {noun} updates occasionally fail under load, while the same requests succeed when retried.', 'Monitoring shows a slow increase in memory and latency in the {comp} service after long uptimes.', 'A subset of {noun} records arrive in the {comp2} module with stale values, but only when traffic is high.'],
  multi_session_development: ['The work is too large for one sitting and will be delivered in several sessions that must build on each other.', 'Each session must leave the codebase in a releasable state while moving towards {feature}.'],
  code_comprehension: ['A new engineer is joining the {comp} team and needs an accurate explanation of how the module works.', 'The original authors of the {comp} code have left and the behaviour is only partly documented.'],
  integration_testing: ['The {comp} and {comp2} modules are tested in isolation, but regressions keep appearing at their boundary.', 'Before the next release the team wants automated coverage of the main {comp} flows against real dependencies.'],
  security_analysis: ['An external audit flagged the {comp} module as high risk because it handles credentials and user input.', 'The team suspects that tokens issued by the {comp} path can be replayed or escalated.'],
}

function description(c: Ctx): string {
  const { p, rng, prose } = c
  const target = rng.int(500, 1500)
  let out = `${p.name} is a ${p.row.language} ${human(p.row.architecture)} system in the ${human(p.row.domain)} domain. `
  out += prose.fill(rng.pick(SITUATIONS[c.category]).replace(/\{comp\}/g, c.comp).replace(/\{comp2\}/g, c.comp2).replace(/\{arch\}/g, human(p.row.architecture)).replace(/\{feature\}/g, c.feature))
  out += ` The relevant code lives mainly in \`${c.short(c.focus[0])}\`${c.focus[1] ? ` and \`${c.short(c.focus[1])}\`` : ''}.`
  while (out.length < target) out += ` ${prose.sentence()}`
  return out
}

const PROMPT_POINTS: Record<Category, string[]> = {
  architectural_understanding: ['Component Identification', 'Data Flow Analysis', 'Coupling Assessment', 'Proposed Architecture', 'Risk Assessment', 'Migration Plan'],
  cross_file_refactoring: ['Inventory of Duplicates', 'Target Design', 'Refactoring Steps', 'Behaviour Preservation', 'Verification'],
  feature_implementation: ['Design', 'Implementation', 'Configuration', 'Error Handling', 'Tests'],
  bug_investigation: ['Reproduction', 'Root Cause', 'Fix', 'Regression Test', 'Impact Analysis'],
  multi_session_development: ['Session Plan', 'Foundations', 'Core Changes', 'Integration', 'Hardening'],
  code_comprehension: ['Entry Points', 'Control Flow', 'State Management', 'Error Paths', 'Summary'],
  integration_testing: ['Test Scope', 'Fixtures', 'Happy Path', 'Failure Modes', 'CI Integration'],
  security_analysis: ['Attack Surface', 'Vulnerability Identification', 'Exploit Scenario', 'Remediation', 'Verification'],
}

function point(c: Ctx, heading: string): string {
  const f = c.rng.pick(c.focus)
  return `**${heading}:** ${cap(c.rng.pick(VERBS))} the relevant parts of \`${c.ref(f)}\`, paying particular attention to \`${c.sym(f)}\`. ${c.prose.sentence()} ${c.prose.sentence()}`
}

function taskPrompt(c: Ctx): unknown {
  const { rng } = c
  const headings = rng.sample(PROMPT_POINTS[c.category], rng.int(3, 5))
  if (c.category === 'multi_session_development') {
    const sessions = headings.map((h, i) => `${h}: ${point(c, `Session ${i + 1} goal`).replace(/^\*\*[^*]+\*\* /, '')} ${c.prose.sentence()}`)
    const form = rng.weighted<'object' | 'string' | 'array'>([['object', 60], ['string', 30], ['array', 10]])
    if (form === 'object') return Object.fromEntries(sessions.map((s, i) => [`session_${i + 1}`, s]))
    if (form === 'array') return sessions
    return sessions.map((s, i) => `**Session ${i + 1}: ${headings[i]}**\n${s}`).join('\n\n')
  }
  const intro = `You are a senior engineer working on ${c.p.name}. ${c.prose.sentence()} Your deliverable must address the following points:`
  return `${intro}\n\n${headings.map((h, i) => `${i + 1}.  ${point(c, h)}`).join('\n\n')}\n\nBase every conclusion on the code in the provided files and name the files you rely on.`
}

function expectedApproach(c: Ctx): unknown {
  const { rng } = c
  const steps = rng.int(4, 6)
  const items: string[] = []
  for (let i = 0; i < steps; i++) {
    const f = rng.pick(c.focus)
    items.push(`${i + 1}.  **${rng.pick(['Survey', 'Trace', 'Isolate', 'Design', 'Implement', 'Verify', 'Document'])} ${titleCase(rng.pick(c.p.nouns))} Handling:** Start from \`${c.ref(f)}\` and follow \`${c.sym(f)}\` into its callers.\n    *   ${c.prose.sentence()}\n    *   ${c.prose.sentence()}`)
  }
  if (rng.chance(0.02)) return Object.fromEntries(items.map((s, i) => [`step_${i + 1}`, s.replace(/^\d+\.\s+/, '')]))
  return `An expert developer would approach this task systematically:\n\n${items.join('\n\n')}\n\n${c.prose.paragraph(1, 3)}`
}

function codeFence(c: Ctx, f: FileFacts): string {
  const lines = [...f.signatures.slice(0, 2), ...f.statements.slice(0, 2).map((s) => s.text)]
  return `\`\`\`${c.p.row.language}\n${lines.join('\n') || c.sym(f)}\n\`\`\``
}

function stringTruth(c: Ctx): string {
  const { rng } = c
  const sections = rng.sample(['Key Component Identification', 'Root Cause', 'Data Flow', 'Recommended Changes', 'Key Risks', 'Expected Outcome', 'Implementation Notes', 'Verification'], rng.int(2, 4))
  let out = ''
  for (const s of sections) {
    out += `### ${s}\n`
    for (let i = rng.int(2, 4); i > 0; i--) {
      const f = rng.pick(c.focus)
      out += `- **${titleCase(rng.pick(c.p.nouns))} ${rng.pick(['Handling', 'Ownership', 'Boundary', 'Contract', 'Path'])}:** \`${c.ref(f)}\` ${rng.pick(['defines', 'calls', 'owns', 'must change'])} \`${c.sym(f)}\`. ${c.prose.sentence()}\n`
    }
    if (rng.chance(0.5)) out += `\n${codeFence(c, rng.pick(c.focus))}\n`
    out += '\n'
  }
  if (c.category === 'architectural_understanding' && rng.chance(0.3)) {
    out += `\`\`\`mermaid\ngraph TD\n${c.p.components.slice(0, 4).map((x, i, a) => `    ${titleCase(x).replace(/ /g, '')} --> ${titleCase(a[(i + 1) % a.length]).replace(/ /g, '')}`).join('\n')}\n\`\`\`\n`
  }
  return out.trimEnd()
}

function objectTruth(c: Ctx): Record<string, unknown> | null {
  const { rng, prose } = c
  const [a, b, d] = [c.focus[0], c.focus[1] ?? c.focus[0], c.focus[2] ?? c.focus[0]]
  const stmt = (f: FileFacts) => f.statements[0]?.text ?? f.signatures[0] ?? c.sym(f)
  if (c.category === 'bug_investigation' && rng.chance(0.8)) {
    switch (rng.int(0, 2)) {
      case 0: return { explanation: prose.text(400), file_with_bug: a.path, buggy_code: [a.signatures[0] ?? c.sym(a), stmt(a)], file_to_fix: a.path, fixed_code: [a.signatures[0] ?? c.sym(a), `${stmt(a)}  // guarded: validate before use`] }
      case 1: return { root_cause_summary: prose.text(300), culprit_files: [a, b].map((f) => ({ file_path: f.path, description: `\`${c.sym(f)}\` ${prose.sentence()}`, line_number: f.statements[0]?.line ?? rng.int(20, 300) })), race_condition_explanation: prose.text(400) }
      default: return { vulnerable_file: a.path, bug_description: `In \`${c.short(a)}\`, \`${c.sym(a)}\` ${prose.text(300)}`, secondary_issue_file: b.path, secondary_issue_description: prose.text(250), key_files_for_analysis: [a, b, d].map((f) => f.path) }
    }
  }
  if (c.category === 'architectural_understanding' && rng.chance(0.18)) {
    const pick = (f: FileFacts) => ({ file: f.path, reason: prose.sentence() })
    switch (rng.int(0, 5)) {
      case 0: return { data_flow_analysis: prose.text(400), bottleneck_identification: prose.text(250), proposed_solution: prose.text(400), key_files_for_modification: [a, b, d].map(pick) }
      case 1: return { pipeline_map: Object.fromEntries(c.p.components.slice(0, 4).map((x) => [`${x}_stage`, `\`${c.sym()}\` ${prose.sentence()}`])), bottleneck_coupling: prose.text(300), architectural_solution: prose.text(400), justification: prose.text(250), affected_components: [a, b].map((f) => ({ module: c.short(f), change: prose.sentence() })) }
      case 2: return { notes: prose.sentence(), core_components: [a, b, d].map((f) => c.short(f)), dependency_analysis: { internal_dependencies: [a, b].map((f) => `${c.short(f)} -> ${c.sym(f)}`), external_consumers: [prose.sentence()] }, proposed_api: [{ endpoint: `/api/v1/${c.comp.replace(/ /g, '-')}`, description: prose.sentence(), payload: `{"id": "string", "${c.rng.pick(c.p.nouns)}": "object"}` }], refactoring_plan: [a, b].map((f) => ({ module: c.short(f), change: prose.sentence() })) }
      case 3: return { component_mapping: { Model: c.short(a), View: c.short(b), Controller: c.short(d) }, workflow_trace: prose.text(400), architectural_critique: { benefits: [prose.sentence(), prose.sentence()], drawbacks: [prose.sentence(), prose.sentence()] } }
      case 4: return { analysis_of_conflict: prose.text(300), proposed_architectural_pattern: { pattern: human(rng.pick(c.p.patterns)), justification: prose.text(250) }, component_placement: { new_files: [{ path: `${c.p.root ? `${c.p.root}//` : ''}src//${c.comp.replace(/ /g, '_')}_coordinator.${c.p.row.language === 'python' ? 'py' : 'txt'}`, description: prose.sentence() }], modified_files: [a, b].map((f) => ({ path: f.path, change: prose.sentence() })) }, decision_logic: prose.text(300) }
      default: return { current_flow_analysis: prose.text(300), bottleneck_explanation: prose.text(250), proposed_solution_claim_check: { description: prose.text(250), implementation_steps: [prose.sentence(), prose.sentence(), prose.sentence()] }, system_changes: [a, b].map((f) => ({ file: f.path, change: prose.sentence() })), trade_off_analysis: { pros: [prose.sentence(), prose.sentence()], cons: [prose.sentence()] } }
    }
  }
  if (c.category === 'security_analysis' && rng.chance(0.1)) {
    return rng.chance(0.5)
      ? { vulnerability: `\`${c.sym(a)}\` in \`${c.short(a)}\` ${prose.text(250)}`, solution: prose.text(350) }
      : { vulnerability: prose.text(250), culprit_files: [a, b].map((f) => f.path), remediation: prose.text(300) }
  }
  return null
}

function criteria(c: Ctx): unknown[] {
  const { rng } = c
  const n = rng.weighted<number>([[4, 10], [5, 20], [6, 30], [7, 25], [8, 15]])
  const names = ['Component Identification Accuracy', 'Root Cause Precision', 'Architectural Flow Comprehension', 'Plan Viability', 'Use of Evidence', 'Risk Assessment Depth', 'Test Coverage', 'Code Quality', 'Backward Compatibility', 'Security Awareness', 'Clarity of Explanation', 'Completeness']
  const picked = rng.sample(names, n)
  const form = rng.weighted<string>([['string', 94], ['criterion', 2], ['name', 2], ['weighted', 1], ['scoring', 1]])
  const question = () => {
    const f = rng.pick(c.focus)
    return `Did the agent correctly reference \`${c.short(f)}\` and explain the role of \`${c.sym(f)}\`? ${c.prose.sentence()}`
  }
  const weights = picked.map(() => Math.floor(100 / picked.length))
  return picked.map((name, i) => {
    switch (form) {
      case 'criterion': return { criterion: name, metric: question(), expected_value: rng.pick(['true', 'at least 3 files named', 'all call sites updated']) }
      case 'name': return { name, description: question() }
      case 'weighted': return { name, description: question(), weight: weights[i] }
      case 'scoring': return { criterion: name, description: question(), scoring: rng.pick(['0-5 scale', 'pass/fail', '0-10 scale']) }
    }
    const style = rng.int(0, 3)
    if (style === 0) return `**${name} (${weights[i]}%):** ${question()}`
    if (style === 1) return `**${name}:** ${question()}`
    if (style === 2) return `${name.toLowerCase().replace(/ /g, '_')}: ${question()}`
    return question()
  })
}

export function scenarioText(rng: Rng, p: Project, category: Category, difficulty: Difficulty, context: FileFacts[]): ScenarioText {
  const c = makeCtx(rng, p, category, difficulty, context)
  const truth = rng.chance(0.003) ? '' : objectTruth(c) ?? stringTruth(c)
  return {
    title: title(c),
    description: description(c),
    task_prompt: taskPrompt(c),
    expected_approach: expectedApproach(c),
    ground_truth: truth,
    evaluation_criteria: rng.chance(0.003) ? [] : criteria(c),
  }
}
