// locobench.config.json5: the shape of every section as lib/config-loader.ts loads it, once per run, with
// every default filled in by the schemas (schemas/config.schema.json and schemas/config/<section>),
// the only place defaults live. The Taskfile hands each stage its section(s).
import type { Margins } from '../verifier/calibration.ts'
import type { LeakCheckConfig } from '../verifier/leaks.ts'
import type { VerifierConfig as VerifySettings } from '../verifier/verifier-types.ts'

export const CONFIG_FILE = 'locobench.config.json5'
export const CONFIG_SCHEMA = 'config.schema.json'

export interface Config {
  /** The LoCoBench data root, relative to the config file. */
  data: string
  /** Where artifacts go, relative to the config file. */
  out: string
  fetch: FetchConfig
  extract: ExtractConfig
  selection: SelectionConfig
  tasks: TasksConfig
  languages: LanguagesConfig
  verifier: VerifierConfig
  smoke: SmokeConfig
  index: IndexConfig
  harbor: HarborConfig
}

/** The `fetch` section of locobench.config.json5 (schemas/config/fetch.schema.json), defaults filled. */
export interface FetchConfig {
  /** http(s) URL of the dataset archive (a .zip). */
  url?: string
  /** Local archive; relative to the config file's directory. */
  path?: string
  /** Lowercase or uppercase hex; required with url or path. */
  sha256?: string
  /** Where the data is unpacked; relative to the config file's directory. Default `data/locobench`. */
  target?: string
  /** Leading path components to drop; `auto` drops a single wrapper folder. Default `auto`. */
  strip?: number | 'auto'
  /** Keep the verified download in the stage's cache dir so a rerun does not fetch it again. Default true. */
  keepArchive?: boolean
}

/** The `extract` section. */
export interface ExtractConfig {
  /** How many warnings extract-summary.json lists (sorted); counts by code always cover all. Default 1000. */
  maxWarnings?: number
  /** Warn about a project file above this many characters (default 100,000). */
  max_file_chars?: number
  /** Reject the scenarios of a project holding a file above this many bytes (default 1,000,000). */
  max_file_bytes?: number
}

export type FilterKey = 'languages' | 'categories' | 'difficulties'
export type SelectionFilter = Partial<Record<FilterKey, string[]>>

export type QuotaKey = 'max_per_project' | 'max_per_language' | 'max_per_category'
export type SelectionQuotas = Partial<Record<QuotaKey, number>>

/** schemas/config/selection.schema.json with every default filled in. */
export interface SelectionConfig {
  thresholds: { min_context_length: number; min_files_count: number }
  weights: { context: number; files: number; category: number }
  category_bonuses: Record<string, number>
  default_bonus: number
  top_n: number
  /** `difficulties` matches the record's `difficulty` field (achieved), not `id_difficulty`. */
  include: SelectionFilter
  exclude: SelectionFilter
  quotas: SelectionQuotas
  /** Remove records whose ground truth is empty or missing (they cannot be graded). */
  require_ground_truth: boolean
  /** Remove records whose description or task prompt repeats their ground truth by tasks.leak_check's
   *  rules (select/select-leaks.ts): generate would fail them. */
  exclude_leaks: boolean
}

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

/** The `verifier` section: what tests/verify.py gets (copied into every task) and the margins the
 *  calibrate stage demands of every task. */
export interface VerifierConfig extends VerifySettings {
  calibration: Margins
}

export interface SmokeConfig {
  engine: 'auto' | 'docker' | 'podman'
  host: string
  podman_storage_driver: 'overlay' | 'vfs'
  concurrency: number
  pass_threshold: number
  image_prefix: string
  push: boolean
  base_image: string
  build_timeout_sec: number
  run_timeout_sec: number
  keep_images: boolean
  min_free_disk_mb: number
  tail_lines: number
}

export interface IndexConfig {
  org: string
  repo_name: string
  remote: string
  force_push: boolean
  create_local_remotes: boolean
  push_concurrency: number
}


export interface HarborConfig {
  tasks: number
  task_ids: string[]
  agents: { oracle: string; nop: string }
  pass_threshold: number | null
  build_on_host_network: 'auto' | 'always' | 'never'
  extra_docker_compose: string[]
  jobs_dir: string
  concurrency: number
  timeout_sec: number
  adapter: AdapterConfig
}

/** harbor.adapter: what the adapter kit says about the adapter. */
export interface AdapterConfig {
  id: string
  builders: string[]
  parity_runs: number
  parity_tasks: number | null
  concurrency: number
}
