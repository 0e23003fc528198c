// docker-bake.json: one target per task so `docker buildx bake` builds every image on a BuildKit
// builder (remote farms included). Contexts are relative to the directory the file is committed
// to (bake resolves them against the working directory, or the file with
// BUILDX_BAKE_FILE_RELATIVE_PATHS=1), so the file holds no machine paths.
import { join, relative } from 'node:path'
import { sha256, sortKeys } from '../../lib/hash.ts'
import { toJson, toPosix } from '../../lib/fsx.ts'
import { imageName, type SmokeConfig } from './smoke-config.ts'
import type { SmokeTask } from './smoke-manifest.ts'

export interface BakeTarget {
  context: string
  dockerfile: string
  tags: string[]
  network: string
  output?: string[]
}

export interface BakeFile {
  group: { default: { targets: string[] } }
  target: Record<string, BakeTarget>
}

/** Bake target names allow [A-Za-z0-9_-]; other ids get a mapped name plus a short hash. */
export const bakeTargetName = (id: string): string => (/^[A-Za-z0-9_-]+$/.test(id) ? id : `${id.replace(/[^A-Za-z0-9_-]+/g, '-')}-${sha256(id).slice(0, 8)}`)

export function bakeFile(tasks: SmokeTask[], config: SmokeConfig, baseDir: string): BakeFile {
  const target: Record<string, BakeTarget> = {}
  for (const task of tasks) {
    target[bakeTargetName(task.id)] = {
      context: toPosix(relative(baseDir, join(task.dir, 'environment'))) || '.',
      dockerfile: 'Dockerfile',
      tags: [imageName(config, task.id)],
      network: 'host',
      ...(config.push ? { output: ['type=registry'] } : {}),
    }
  }
  return { group: { default: { targets: Object.keys(target).sort() } }, target }
}

export const renderBake = (bake: BakeFile): string => toJson(sortKeys(bake))
