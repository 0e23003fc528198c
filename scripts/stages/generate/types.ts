import type { LeakCheckConfig } from '../../verifier/leaks.ts'
import type { Weights } from '../../verifier/types.ts'

// Shapes the generate stage reads and writes; the artifacts other stages share are in contracts/.

export type { DatasetRecord } from '../../contracts/dataset.ts'

export type { ManifestEntry, TasksManifest } from '../../contracts/tasks-manifest.ts'

/** config.tasks after defaults (schemas/config/tasks.schema.json). */
export interface TasksConfig {
  org: string
  dataset_name: string
  dataset_description: string
  authors: { name: string; email?: string }[]
  keywords: string[]
  tags: string[]
  include_expected_approach: boolean
  include_evaluation_criteria: boolean
  /** none: the instruction lists no relevant files (finding them is the task); files: it lists the scenario's context files. */
  context_hint: 'none' | 'files'
  leak_check: LeakCheckConfig
  /** copy: clones/copies (never aliases the data); hardlink (or its old name auto): shared inodes. */
  link: 'copy' | 'hardlink' | 'auto'
  agent_timeout_sec: number
  verifier_timeout_sec: number
  build_timeout_sec: number
  cpus: number
  memory_mb: number
  storage_mb: number
  /** The datasets to write (generate/variant-mcp.ts); always holds baseline. */
  variants: ('baseline' | 'mcp')[]
  mcp: { mode: 'sidecar' | 'remote'; url: string | null; port: number }
}

export interface Toolchain {
  packages: string[]
  base_image?: string
}

/** config.languages after defaults (schemas/config/languages.schema.json). */
export interface LanguagesConfig {
  base_image: string
  common_packages: string[]
  user: { name: string; uid?: number } | null
  toolchains: Record<string, Toolchain>
}

export type VerifierWeights = Weights

/** The config sections generate reads; smoke only for `docker_image` (push + image_prefix). */
export interface GenerateConfig {
  tasks: TasksConfig
  languages: LanguagesConfig
  verifier: { weights: VerifierWeights } & Record<string, unknown>
  smoke?: Record<string, unknown>
}
