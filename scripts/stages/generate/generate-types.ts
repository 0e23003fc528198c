import type { LanguagesConfig, SmokeConfig, TasksConfig, VerifierConfig } from '../../contracts/config.ts'
import type { Weights } from '../../verifier/verifier-types.ts'

// Shapes the generate stage reads and writes; the artifacts other stages share are in contracts/.

export type { DatasetRecord } from '../../contracts/dataset.ts'

export type { ManifestEntry, TasksManifest } from '../../contracts/tasks-manifest.ts'

export type { LanguagesConfig, TasksConfig, Toolchain } from '../../contracts/config.ts'

export type VerifierWeights = Weights

/** The config sections generate reads; smoke only for `docker_image` (push + image_prefix). */
export interface GenerateConfig {
  tasks: TasksConfig
  languages: LanguagesConfig
  verifier: VerifierConfig
  smoke?: SmokeConfig
}
