// The opt-in `fetch` stage as the engine sees it. Light on purpose: the Taskfile loads it
// eagerly; the download and unzip code (fetch.ts) loads only when the stage runs.
import { copyFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Stage } from '../../engine/types.ts'
import { MARKER_NAME } from './entries.ts'
import type { ResolvedFetch } from './fetch-config.ts'

export { DEFAULT_TARGET, fetchEnabled, resolveFetchConfig, type FetchConfig, type ResolvedFetch } from './fetch-config.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

/** Downloads (or takes) the archive and unpacks it into `fetch.target`; its marker is the output. */
export function fetchStage(fetch: ResolvedFetch): Stage {
  const marker = join(fetch.target, MARKER_NAME)
  return {
    name: 'fetch',
    title: 'download and unpack the dataset archive',
    deps: [],
    inputs: fetch.path ? [fetch.path] : [],
    outputs: [{ path: marker, kind: 'file', schema: join(ROOT, 'schemas', 'fetch-marker.schema.json') }],
    recipe: {
      modules: [join(ROOT, 'scripts', 'stages', 'fetch.ts')],
      files: [join(ROOT, 'package.json')],
      values: { fetch: { ...fetch, target: undefined } },
    },
    run: async (ctx) => {
      const { fetchInto } = await import('../fetch.ts')
      const progress = (done: number, total: number) => ctx.progress(done, total, 'bytes')
      const result = await fetchInto({ ...fetch, downloadDir: ctx.cacheDir, replace: true, progress, log: ctx.log, signal: ctx.signal })
      // fetchInto swaps the whole data dir in itself; the engine commits (and stamps) the marker.
      copyFileSync(marker, ctx.out(marker))
      return { summary: result.summary }
    },
  }
}
