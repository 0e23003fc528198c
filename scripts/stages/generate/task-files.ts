// Renders every generated file of one task except the project copy, and checks each one the way
// Harbor will read it: task.toml parsed back and validated with the strict schema, JSON files
// with their schemas, scripts for shebang and line endings.
import { parse as parseToml } from 'smol-toml'
import { validate as lintDockerfile } from 'dockerfile-utils'
import { raw, mdBlock, mdInline, RenderError, type Template } from '../../lib/render.ts'
import { check } from '../../lib/schemas.ts'
import { toJson } from '../../lib/fsx.ts'
import { ANSWER_SECTIONS, oracleAnswer } from '../../verifier/oracle.ts'
import { buildEvidence, enrichGroundTruth, judgeMetadata, thinTruth, type ProjectView } from '../../verifier/evidence.ts'
import type { VerifierConfig } from '../../verifier/verifier-types.ts'
import { resolverFor } from '../../verifier/score.ts'
import { findLeaks, leakRules } from '../../verifier/leaks.ts'
import { leakTexts, type LeakBaseline } from './baselines.ts'
import { TaskError } from './generate-errors.ts'
import { normalisePathsInText, type GroundTruthFile, type PathContext } from './ground-truth.ts'
import type { Templates } from './templates.ts'
import type { DatasetRecord, GenerateConfig, LanguagesConfig } from './generate-types.ts'
import { VARIANT_SUFFIX, type McpTaskInfo } from './variant-mcp.ts'

export const TASK_NAME = /^[a-zA-Z0-9][a-zA-Z0-9._-]*\/[a-zA-Z0-9][a-zA-Z0-9._-]*$/
export const ANSWER_PATH = '/logs/agent/solution.md'

export interface RenderedFile {
  content: string
  mode: 0o644 | 0o755
  /** The same bytes in many tasks (verify.py, the scripts, a language's Dockerfile). */
  shared?: boolean
}

/** Relative path in the task dir → file; the project copy is added separately. */
export type RenderedTask = Map<string, RenderedFile>

export interface TaskInputs {
  record: DatasetRecord
  /** Told when the ground truth is too thin for the deterministic layer to tell answers apart. */
  warn?: (message: string) => void
  /** How paths in task text become container paths (as in ground_truth.json). */
  paths: PathContext
  groundTruth: GroundTruthFile
  dockerfile: string
  dockerImage: string | undefined
  generatorVersion: string
  inputHash: string
  /** The project as copied: what the verifier's grounding index and the oracle's evidence come
   *  from (verify.py never reads /app/project). Without it, ground truths name no project files. */
  project?: ProjectView
  /** The cross-task baseline: vocabulary most of the run's ground truths share. */
  commonTerms?: readonly string[]
  /** Word n-grams the tasks of the run's projects share (the leak check's baseline). */
  leakBaseline?: LeakBaseline
  /** The mcp variant (generate/variant-mcp.ts): where the code is served; absent for baseline. */
  mcp?: McpTaskInfo
}

const LANGUAGE_LABELS: Record<string, string> = {
  c: 'C', cpp: 'C++', csharp: 'C#', go: 'Go', java: 'Java', javascript: 'JavaScript',
  php: 'PHP', python: 'Python', rust: 'Rust', typescript: 'TypeScript',
}

// Categories whose prompt asks for changes to the code; the instruction says how those are judged.
const MODIFYING = new Set(['cross_file_refactoring', 'feature_implementation', 'multi_session_development', 'integration_testing'])

export const taskName = (org: string, id: string): string => {
  const name = `${org}/${id}`
  if (!TASK_NAME.test(name) || name.includes('..')) throw new TaskError(id, `task name ${name} does not match Harbor's org/name pattern`)
  return name
}

export function renderTaskFiles(inputs: TaskInputs, templates: Templates, config: GenerateConfig): RenderedTask {
  const { record } = inputs
  const files: RenderedTask = new Map()
  const render = (template: Template, data: Record<string, unknown>): string => {
    try {
      return template.render(data)
    } catch (error) {
      if (error instanceof RenderError) throw new TaskError(record.id, error.message)
      throw error
    }
  }
  const t = templates.compiled
  const instruction = render(t.instruction, instructionData(record, inputs.paths, config, inputs.mcp))
  checkLeaks(record, instruction, inputs, config.tasks)
  const project: ProjectView = inputs.project ?? { files: [], read: () => undefined }
  const evidence = buildEvidence(inputs.groundTruth.ground_truth_text, project, instruction)
  const relevant = { ...inputs.groundTruth, relevant_files: evidence.relevant.map((f) => `/app/project/${f}`) }
  const reference = answer(relevant, evidence.quotes)
  const verifier = config.verifier as unknown as VerifierConfig
  const groundTruth = enrichGroundTruth(relevant, { project, instruction, reference, evidence, common: inputs.commonTerms ?? [], config: verifier })
  const thin = thinTruth(groundTruth, resolverFor(project.files).names)
  if (thin) inputs.warn?.(`${record.id}: ${thin}`)
  files.set('instruction.md', { content: instruction, mode: 0o644 })
  // The mcp variant declares its server after [environment], the template's last table.
  files.set('task.toml', { content: checkToml(record.id, render(t.taskToml, taskTomlData(inputs, config)) + (inputs.mcp ? `\n${inputs.mcp.toml}` : '')), mode: 0o644 })
  files.set('environment/Dockerfile', { content: inputs.dockerfile, mode: 0o644, shared: true })
  files.set('tests/test.sh', { content: checkScript(record.id, 'test.sh.ejs', render(t.testSh, { id: record.id })), mode: 0o755, shared: true })
  files.set('tests/verify.py', { content: templates.verifyPy, mode: 0o644, shared: true })
  files.set('tests/ground_truth.json', { content: checkJson(record.id, 'ground-truth.schema.json', groundTruth), mode: 0o644 })
  files.set('tests/task_metadata.json', { content: checkJson(record.id, 'task-metadata.schema.json', { ...taskMetadata(inputs), judge: judgeMetadata(groundTruth) }), mode: 0o644 })
  files.set('solution/solve.sh', { content: checkScript(record.id, 'solve.sh.ejs', render(t.solveSh, { id: record.id })), mode: 0o755, shared: true })
  files.set('solution/answer.md', { content: reference, mode: 0o644 })
  for (const [path, file] of files) {
    if (file.content.includes('\r')) throw new TaskError(record.id, `${path} has CR characters; generated files use LF only`)
  }
  return files
}

// Task text names files as LoCoBench wrote them (`Wrapper//src//x.c`); the agent must see the same
// /app/project/ paths the ground truth and the verifier use.
function instructionData(record: DatasetRecord, paths: PathContext, config: GenerateConfig, mcp?: McpTaskInfo): Record<string, unknown> {
  const tasks = config.tasks
  const text = (value: string) => normalisePathsInText(value, paths)
  const criteria = record.evaluation_criteria_text.filter((c) => c.trim() !== '').map(text)
  return {
    id: record.id,
    title: record.title,
    category: record.task_category.replaceAll('_', ' '),
    difficulty: record.difficulty,
    language: LANGUAGE_LABELS[record.language] ?? record.language,
    fenceTag: record.language,
    contextChars: record.context_length.toLocaleString('en-US'),
    filesCount: record.files_count,
    description: record.description.trim() ? raw(mdBlock(text(record.description))) : null,
    prompt: raw(mdBlock(text(record.task_prompt_text))),
    modifying: MODIFYING.has(record.task_category),
    expectedApproach: tasks.include_expected_approach && record.expected_approach_text.trim() ? raw(mdBlock(text(record.expected_approach_text))) : null,
    criteria: tasks.include_evaluation_criteria && criteria.length ? raw(criteria.map((c) => `- ${mdInline(c)}`).join('\n')) : null,
    // Off by default: finding the relevant files is what code-search tools are for.
    contextFiles: tasks.context_hint === 'files' ? contextHint(record, paths) : null,
    projectDir: '/app/project/',
    answerPath: ANSWER_PATH,
    sections: ANSWER_SECTIONS,
    mcp: mcp ? { server: mcp.server, url: mcp.url, repository: mcp.repository, commit: mcp.commit, tools: mcp.tools } : null,
  }
}

/** Fails a task whose instruction carries ground-truth sentences or long runs of them that no
 *  other task shares (scripts/verifier/leaks.ts). */
function checkLeaks(record: DatasetRecord, instruction: string, inputs: TaskInputs, tasks: GenerateConfig['tasks']): void {
  const rules = tasks.leak_check
  if (!rules.enabled) return
  const shared = inputs.leakBaseline ? inputs.leakBaseline.sharedWith(leakTexts(record as unknown as Record<string, unknown>)) : new Set<string>()
  const leaks = findLeaks(instruction, inputs.groundTruth.ground_truth_text, shared, new Set(inputs.commonTerms ?? []), leakRules(rules))
  if (leaks.length > 0) {
    const shown = leaks.slice(0, 2).map((l) => `${l.kind} of ${l.words} words: "${l.text.slice(0, 120)}"`).join('; ')
    throw new TaskError(record.id, `instruction.md gives the answer away (tasks.leak_check): it repeats ${leaks.length} ground-truth passage(s) no other task shares: ${shown}`)
  }
}

function contextHint(record: DatasetRecord, paths: PathContext): ReturnType<typeof raw> | null {
  const files = [...new Set(record.context_files)].filter((f) => paths.files.has(f)).sort()
  return files.length ? raw(files.map((f) => `- \`/app/project/${f}\``).join('\n')) : null
}

function taskTomlData(inputs: TaskInputs, config: GenerateConfig): Record<string, unknown> {
  const { record } = inputs
  const tasks = config.tasks
  const unique = (items: string[]): string[] => [...new Set(items)]
  return {
    name: taskName(tasks.org, `${record.id}${inputs.mcp ? VARIANT_SUFFIX.mcp : ''}`),
    description: record.title.replace(/\s+/g, ' ').trim(),
    authors: tasks.authors.map((a) => (a.email ? { name: a.name, email: a.email } : { name: a.name })),
    keywords: unique([...tasks.keywords, record.task_category, record.language]),
    metadata: {
      category: record.task_category,
      difficulty: record.difficulty,
      language: record.language,
      context_length: record.context_length,
      files_count: record.files_count,
      tags: unique([...tasks.tags, record.task_category, record.language, record.difficulty]),
      project_id: record.project_id,
      generator_version: inputs.generatorVersion,
      input_hash: inputs.inputHash,
    },
    agentTimeoutSec: tasks.agent_timeout_sec,
    verifierTimeoutSec: tasks.verifier_timeout_sec,
    buildTimeoutSec: tasks.build_timeout_sec,
    cpus: tasks.cpus,
    memoryMb: tasks.memory_mb,
    storageMb: tasks.storage_mb,
    dockerImage: inputs.dockerImage ?? null,
  }
}

function taskMetadata(inputs: TaskInputs): Record<string, unknown> {
  const { record } = inputs
  return {
    task_id: record.id,
    task_category: record.task_category,
    difficulty: record.difficulty,
    language: record.language,
    context_length: record.context_length,
    files_count: record.files_count,
    title: record.title,
    project_id: record.project_id,
    generator_version: inputs.generatorVersion,
    ...(inputs.mcp && { variant: 'mcp', mcp_mode: inputs.mcp.mode, mcp_server_url: inputs.mcp.url, repository: inputs.mcp.repository, commit: inputs.mcp.commit }),
  }
}

function answer(groundTruth: GroundTruthFile, quotes: ReadonlyMap<string, string[]>): string {
  const text = oracleAnswer(groundTruth, quotes).replace(/\r\n?/g, '\n')
  return text.endsWith('\n') ? text : `${text}\n`
}

function checkToml(id: string, text: string): string {
  let parsed: unknown
  try {
    parsed = parseToml(text)
  } catch (error) {
    throw new TaskError(id, `task.toml.ejs rendered invalid TOML: ${(error as Error).message}`)
  }
  const issues = check('harbor-task-toml.strict.schema.json', parsed)
  if (issues.length) throw new TaskError(id, `task.toml.ejs rendered a task.toml Harbor would not accept: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return text
}

function checkJson(id: string, schema: string, value: unknown): string {
  const issues = check(schema, value)
  if (issues.length) throw new TaskError(id, `${schema}: ${issues.map((i) => `${i.pointer}: ${i.message}`).join('; ')}`)
  return toJson(value)
}

function checkScript(id: string, template: string, text: string): string {
  if (!text.startsWith('#!/bin/bash\n')) throw new TaskError(id, `${template} must start with #!/bin/bash`)
  if (/^\s*set\s+-[a-z]*e/m.test(text)) throw new TaskError(id, `${template} uses set -e; a failing command would skip the reward`)
  return text
}

/** The per-language Dockerfile, rendered and linted once per language and run. */
export function renderDockerfile(template: Template, language: string, languages: LanguagesConfig): string {
  const toolchain = languages.toolchains[language]
  if (!toolchain) {
    throw new RenderError(template.name, `no toolchain for language "${language}": add languages.toolchains.${language} to the config (known: ${Object.keys(languages.toolchains).sort().join(', ')})`)
  }
  const packages = [...new Set([...languages.common_packages, ...toolchain.packages])].sort()
  // Two apt layers: the common one is the same in every language's image, so it is built and
  // stored once; only the toolchain's own packages differ.
  const commonPackages = [...new Set(languages.common_packages)].sort()
  const text = template.render({
    language,
    baseImage: toolchain.base_image ?? languages.base_image,
    packages,
    commonPackages,
    toolchainPackages: packages.filter((p) => !commonPackages.includes(p)),
    user: languages.user,
  })
  checkDockerfile(template.name, text)
  return text
}

const FORBIDDEN_DOCKERFILE: [RegExp, string][] = [
  [/^#\s*syntax\s*=/im, 'a # syntax= line (needs a frontend image; the legacy builder has none)'],
  [/<<-?\s*['"]?[A-Za-z_]/, 'a heredoc (the legacy builder has none)'],
  [/--mount(=|\s)/, 'RUN --mount (the legacy builder has none)'],
  [/chmod\s+(-R\s+)?[0-7]?7[0-7]7\b|chmod\s+(-R\s+)?[ao]\+w/, 'a world-writable directory'],
]

function checkDockerfile(name: string, text: string): void {
  for (const [re, what] of FORBIDDEN_DOCKERFILE) if (re.test(text)) throw new RenderError(name, `renders ${what}`)
  const errors = lintDockerfile(text).filter((d) => d.severity === 1)
  if (errors.length) throw new RenderError(name, `renders an invalid Dockerfile: ${errors.map((d) => `line ${d.range.start.line + 1}: ${d.message}`).join('; ')}`)
  const lines = text.split('\n').filter((l) => /^[A-Z]+\s/.test(l))
  const last = lines[lines.length - 1] ?? ''
  if (!/^COPY\s+(--chown=\S+\s+)?project\s+\/app\/project\s*$/.test(last)) throw new RenderError(name, 'must end with COPY project /app/project so every task of a language shares all layers but the last')
}
