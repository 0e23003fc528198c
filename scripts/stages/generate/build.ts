// Builds one task dir in the staging area: rendered files first, then the project.
import { readFileSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { ProjectView } from '../../verifier/evidence.ts'

// Larger files are not indexed for code grounding (generated or data files, not code to quote).
const MAX_INDEXED_BYTES = 2 * 1024 * 1024
import type { Templates } from './templates.ts'
import type { ContentHashes, DockerfileCache } from './caches.ts'
import type { LeakBaseline } from './baselines.ts'
import { buildGroundTruth } from './ground-truth.ts'
import { taskDigestWithBlock } from './manifest.ts'
import { harborTaskDigest } from './harbor-task-digest.ts'
import { harborDigestOfDir } from '../../lib/harbor-digest.ts'
import { RecentMap } from '../../lib/recent-map.ts'
import { placeProject, PROJECT_PREFIX, type PlaceState, type ProjectTree } from './project.ts'
import { renderTaskFiles } from './task-files.ts'
import type { DatasetRecord, GenerateConfig } from './generate-types.ts'
import type { RenderedWriter } from './write.ts'
import { mcpTaskDigests, type McpTaskInfo, type McpVariant } from './variant-mcp.ts'

export interface BuildContext {
  config: GenerateConfig
  templates: Templates
  version: string
  dockerfiles: DockerfileCache
  hashes: ContentHashes
  writer: RenderedWriter
  place: PlaceState
  warn(message: string): void
  /** Content words most selected ground truths share (scripts/verifier/evidence.ts commonTerms). */
  commonTerms?: readonly string[]
  /** Word n-grams the run's tasks share (generate/baselines.ts). */
  leakBaseline?: LeakBaseline
  /** Set when generating the mcp variant's dataset. */
  mcp?: McpVariant
}

export interface BuildInputs {
  record: DatasetRecord
  tree: ProjectTree
  inputHash: string
  dockerImage: string | undefined
  /** environment/Dockerfile (the mcp variant's has no project copy); default: the language's. */
  dockerfile?: string
  mcp?: McpTaskInfo
}

const TASK_SUBDIRS = ['environment', 'tests', 'solution']

/**
 * One view per scanned tree: what the verifier derives from a project's file list (its resolver,
 * a regex over every path, and its path names) and the texts of its relevant files are kept by
 * view, for every task on the project. Tasks come grouped by project, so the last few views cover
 * them; the engine holds every prepared tree until the run ends, so a view kept as long as its
 * tree would pile up.
 */
const views = new RecentMap<ProjectTree, ProjectView>(4)

const projectView = (tree: ProjectTree): ProjectView => views.get(tree, readView)

/** The project's files as the verifier index and the oracle read them (text files only), each
 *  read once: a project's tasks share many of their relevant files. */
function readView(tree: ProjectTree): ProjectView {
  const texts = new Map<string, string | undefined>()
  const readText = (rel: string): string | undefined => {
    const entry = tree.files.get(rel)
    if (!entry || entry.kind !== 'file' || entry.size > MAX_INDEXED_BYTES) return undefined
    try {
      const bytes = readFileSync(join(tree.root, rel))
      return bytes.includes(0) ? undefined : bytes.toString('utf8')
    } catch {
      return undefined
    }
  }
  return {
    files: [...tree.files.keys()],
    read(rel) {
      if (!texts.has(rel)) texts.set(rel, readText(rel))
      return texts.get(rel)
    },
  }
}

export interface BuiltTask {
  output: string
  harbor: string
  /** Every file and symlink written, relative to the task dir (unknown for the mcp variant). */
  written?: string[]
}

/**
 * Writes the task dir `dir` (replacing any leftover) and returns its digests: ours, and Harbor's.
 * `copiesIn`: a previous build's environment/project holding copies of exactly `inputs.tree`.
 */
export async function buildTask(inputs: BuildInputs, dir: string, ctx: BuildContext, copiesIn?: string): Promise<BuiltTask> {
  const { record, tree } = inputs
  const paths = { wrapper: record.project.wrapper, files: tree.files }
  const gt = buildGroundTruth(record, paths, ctx.config.verifier.weights)
  if (gt.dropped.length) ctx.warn(`${record.id}: ${gt.dropped.length} context file(s) not in the project, left out of ground_truth.json: ${gt.dropped.slice(0, 5).join(', ')}${gt.dropped.length > 5 ? ', …' : ''}`)
  const files = renderTaskFiles(
    { record, warn: ctx.warn, paths, groundTruth: gt.file, project: projectView(tree), commonTerms: ctx.commonTerms, leakBaseline: ctx.leakBaseline, dockerfile: inputs.dockerfile ?? ctx.dockerfiles.get(record.language, record.id), dockerImage: inputs.dockerImage, mcp: inputs.mcp, generatorVersion: ctx.version, inputHash: inputs.inputHash },
    ctx.templates,
    ctx.config,
  )
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  await Promise.all(TASK_SUBDIRS.map((sub) => mkdir(`${dir}/${sub}`)))
  const records: [string, string][] = []
  const writes: Promise<void>[] = []
  for (const [path, file] of files) {
    const hash = ctx.hashes.of(file.content, file.shared === true)
    records.push([path, hash])
    writes.push(ctx.writer.write(`${dir}/${path}`, file.content, file.mode, hash))
  }
  await Promise.all(writes)
  // The mcp variant keeps the project out of the agent's image: only the sidecar's context has it.
  if (ctx.mcp) {
    await ctx.mcp.writeEnvironment(dir, tree, ctx.place)
    return { output: mcpTaskDigests(dir).output, harbor: harborDigestOfDir(dir) }
  }
  await placeProject(tree, `${dir}/${PROJECT_PREFIX.slice(0, -1)}`, ctx.place, copiesIn)
  const written = records.map(([path]) => path)
  for (const entry of tree.entries) if (entry.kind !== 'dir') written.push(`${PROJECT_PREFIX}${entry.rel}`)
  return { output: taskDigestWithBlock(records, PROJECT_PREFIX, tree.digestBlock), harbor: harborTaskDigest(records, tree), written }
}
