// What the engine's plan asks of the smoke stage on every run, kept apart from the stage itself so
// a no-op run loads a few small modules (and no schema compiler: the config it gets is complete).
import type { SmokeConfig } from './config.ts'
import { bareId, detectEngine, describeEngine, listImageIds } from './engine.ts'
import type { ImageRecord } from './modes.ts'

/** `none`, or the engine and its server version: part of the stage's recipe. */
export async function probeCompleteConfig(config: SmokeConfig): Promise<string> {
  const { engine } = await detectEngine(config)
  return engine ? describeEngine(engine) : 'none'
}

/**
 * Task ids whose recorded image no longer exists (sorted). Empty when no engine answers (the
 * recipe's engine probe covers that) or when images are not kept.
 */
export async function missingImagesCompleteConfig(images: Record<string, ImageRecord>, config: SmokeConfig): Promise<string[]> {
  if (!config.keep_images || Object.keys(images).length === 0) return []
  const { engine } = await detectEngine(config)
  if (!engine) return []
  const present = await listImageIds(engine)
  if (!present) return []
  return Object.keys(images)
    .filter((id) => !present.has(bareId(images[id].image_id)))
    .sort()
}
