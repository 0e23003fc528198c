// Image tags that belong to one out dir and one content. A machine-wide tag (`locobench/<id>`)
// let a smoke run in a second out dir retag the first one's images, so the first report named
// image ids its tags no longer pointed to. Now each image is tagged
// `<image_prefix><id>:<hash>`, the hash over the out dir's identity and the task's output hash,
// and labelled with the out dir's scope: two out dirs never share a tag (nor an image: the label
// is part of the image's config), a tag names one content, and `clean smoke` finds exactly the
// images its out dir built by their label.
import { realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { sha256 } from '../../lib/hash.ts'
import { imageName } from '../../lib/image-name.ts'
import { bareId, detectEngine, run, type Engine } from './engine.ts'
import type { SmokeConfig } from './smoke-config.ts'

/** The label every image smoke builds carries: the scope of the out dir that built it. */
export const OUT_LABEL = 'org.locobench.out'

/** A short, stable identity of an out dir (its real path). */
export function outScope(outDir: string): string {
  let path = resolve(outDir)
  try {
    path = realpathSync(path)
  } catch {
    // not created yet: its resolved path is what it will be
  }
  return sha256(`out-dir:${path}`).slice(0, 12)
}

/** `<image_prefix><id>:<hash of out dir scope and task content>`. */
export function imageTag(config: Pick<SmokeConfig, 'image_prefix'>, id: string, outputHash: string, scope: string): string {
  return `${imageName(config, id)}:${sha256(`${scope}\n${outputHash}`).slice(0, 16)}`
}

/** `images` printing one `repo:tag id` row per tag (`<none>:<none>` for an untagged image). */
const ROWS = ['--no-trunc', '--format', '{{.Repository}}:{{.Tag}} {{.ID}}']

/** What the engine holds: every image id (intermediate ones too), and each `repo:tag` → its id. */
export interface ImageListing {
  ids: Set<string>
  tags: Map<string, string>
}

/**
 * One listing of every image, tagged or not (bare ids); undefined when the engine cannot be asked.
 * One call, not an id list and a tag list: each makes the daemon walk all its images (0.2-0.3 s
 * with a few thousand build layers), and every run that plans smoke asks, a no-op too.
 */
export async function listImages(engine: Engine, signal?: AbortSignal): Promise<ImageListing | undefined> {
  const r = await run(engine, ['images', '--all', ...ROWS], { signal, timeoutMs: 60_000 })
  return r.code === 0 ? parseRows(r.stdout) : undefined
}

function parseRows(stdout: string): ImageListing {
  const listing: ImageListing = { ids: new Set(), tags: new Map() }
  for (const line of stdout.split('\n')) {
    const [tag, raw] = line.trim().split(/\s+/)
    if (!tag || !raw) continue
    const id = bareId(raw)
    listing.ids.add(id)
    if (!tag.includes('<none>')) listing.tags.set(tag, id)
  }
  return listing
}

export interface RecordedImage {
  image_id: string
  /** The tag it was built as (records made before scoped tags have none). */
  tag?: string
}

/** Whether a recorded image still holds: the image exists and its tag still points to it. */
export function imageState(record: RecordedImage, { ids, tags }: ImageListing): 'ok' | 'gone' | 'moved' {
  const id = bareId(record.image_id)
  if (!record.tag) return ids.has(id) ? 'ok' : 'gone'
  const now = tags.get(record.tag)
  if (now === id) return 'ok'
  return now === undefined || !ids.has(id) ? 'gone' : 'moved'
}

/** Removes every image this out dir's smoke runs built (by label), and nothing else. */
export async function removeOutDirImages(config: SmokeConfig, outDir: string, print: (line: string) => void): Promise<void> {
  const { engine } = await detectEngine(config)
  if (!engine) {
    print('clean smoke: no container engine answers, so no image was removed')
    return
  }
  const scope = outScope(outDir)
  const listed = await run(engine, ['images', '--filter', `label=${OUT_LABEL}=${scope}`, ...ROWS], { timeoutMs: 60_000 })
  if (listed.code !== 0) throw new Error(`clean smoke: ${engine.bin} images failed: ${listed.output.trim().split('\n').pop()}`)
  const { ids, tags } = parseRows(listed.stdout)
  // Its tags, and the ids of its images that have none.
  const tagged = new Set(tags.values())
  const refs = [...tags.keys(), ...[...ids].filter((id) => !tagged.has(id))]
  if (!refs.length) {
    print('clean smoke: no image of this out dir is left')
    return
  }
  // By tag: an image also tagged by hand elsewhere keeps that tag (and so stays).
  const removed = await run(engine, ['rmi', ...refs], { timeoutMs: 300_000 })
  if (removed.code !== 0) print(`clean smoke: ${engine.bin} rmi: ${removed.output.trim().split('\n').slice(-3).join('; ')}`)
  print(`clean smoke: removed ${ids.size} image(s) this out dir built (label ${OUT_LABEL}=${scope})`)
}
