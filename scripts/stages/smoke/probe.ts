// What the engine's plan asks of the smoke stage on every run, kept apart from the stage itself so
// a no-op run loads a few small modules (and no schema compiler: the config it gets is complete).
import type { SmokeConfig } from './smoke-config.ts'
import { detectEngine, describeEngine } from './engine.ts'
import type { ImageRecord } from './modes.ts'
import { imageState, listImages } from './tags.ts'

/** `none`, or the engine and its server version: part of the stage's recipe. */
export async function probeCompleteConfig(config: SmokeConfig): Promise<string> {
  const { engine } = await detectEngine(config)
  return engine ? describeEngine(engine) : 'none'
}

/**
 * Task ids whose recorded image no longer exists (`gone`), or whose tag now points to another
 * image (`moved`: something retagged it), each sorted. Empty when no engine answers (the recipe's
 * engine probe covers that) or when images are not kept.
 */
export async function imageProblemsCompleteConfig(images: Record<string, ImageRecord>, config: SmokeConfig): Promise<{ gone: string[]; moved: string[] }> {
  const none = { gone: [], moved: [] }
  if (!config.keep_images || Object.keys(images).length === 0) return none
  const { engine } = await detectEngine(config)
  if (!engine) return none
  const listing = await listImages(engine)
  if (!listing) return none
  const out: { gone: string[]; moved: string[] } = { gone: [], moved: [] }
  for (const id of Object.keys(images).sort()) {
    const state = imageState(images[id], listing)
    if (state !== 'ok') out[state].push(id)
  }
  return out
}

/** Task ids whose recorded image is gone or whose tag moved (sorted). */
export async function missingImagesCompleteConfig(images: Record<string, ImageRecord>, config: SmokeConfig): Promise<string[]> {
  const { gone, moved } = await imageProblemsCompleteConfig(images, config)
  return [...gone, ...moved].sort()
}
