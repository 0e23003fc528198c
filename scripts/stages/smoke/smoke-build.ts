// One task image: `build --network host` (the only network mode builds have on our CI machine
// type), tagged <image_prefix><id>, its id read from --iidfile rather than parsed from the output.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SmokeConfig } from './smoke-config.ts'
import { bareId, run, type Engine } from './engine.ts'
import { describeExit, lastLines } from './exec.ts'
import type { SmokeTask } from './smoke-manifest.ts'
import type { StepFailure } from './trial.ts'

export interface BuildResult {
  imageId?: string
  seconds: number
  failure?: StepFailure
}

const REGISTRY_HINT = /no such host|pull access denied|manifest unknown|short-name .* did not resolve|repository does not exist/i

// The legacy builder's deprecation notice would crowd the real error out of the last lines.
const withoutBanner = (output: string): string => output.replace(/^DEPRECATED: The legacy builder[^\n]*\n(?:[ \t]+[^\n]*\n)*/m, '')

export async function buildImage(engine: Engine, task: SmokeTask, tag: string, config: SmokeConfig, signal?: AbortSignal, labels: string[] = []): Promise<BuildResult> {
  const context = join(task.dir, 'environment')
  const scratch = mkdtempSync(join(tmpdir(), 'locobench-build-'))
  const iidfile = join(scratch, 'iid')
  const started = performance.now()
  try {
    const args = ['build', '--network', 'host', '--force-rm', '--iidfile', iidfile, '--label', `org.locobench.task=${task.id}`, ...labels.flatMap((l) => ['--label', l]), '-t', tag, '-f', join(context, 'Dockerfile'), context]
    const r = await run(engine, args, { signal, timeoutMs: config.build_timeout_sec * 1000, stdout: false })
    const seconds = Math.round((performance.now() - started) / 100) / 10
    if (r.code !== 0) {
      const hint = REGISTRY_HINT.test(r.output) ? ` (a base image is missing and no registry answers: run \`npx zx Taskfile.ts base-image\`)` : ''
      return { seconds, failure: { step: 'build', message: `image build failed (${describeExit(r, config.build_timeout_sec)})${hint}`, tail: lastLines(withoutBanner(r.output), config.tail_lines) } }
    }
    return { seconds, imageId: bareId(readFileSync(iidfile, 'utf8')) }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}
