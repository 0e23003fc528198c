// The image a task is built and pushed as: generate writes it into task.toml (docker_image) and
// smoke builds it, so the one naming rule lives here, in neither stage.
import { sha256 } from './hash.ts'
import { ExitError } from './errors.ts'

/** An image prefix that makes names too long: a config error (exit 2). */
export class ImageNameError extends ExitError {
  constructor(message: string) {
    super(message, 2)
  }
}

// One path component of an image name: [a-z0-9]+ joined by `.`, `_`, `__` or runs of `-`.
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/

/**
 * `<image_prefix><id>`: the image a task is built as, and what generate writes as `docker_image`
 * when `push` is set. Ids that are not already valid names are lower-cased, their other characters
 * mapped to `-`, and a short hash appended so two ids never share an image.
 */
export function imageName(config: { image_prefix: string }, id: string): string {
  let name = id
  if (!COMPONENT.test(id)) {
    const mapped = id
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/[._-]{2,}/g, (run) => (run === '__' ? run : '-'))
      .replace(/^[._-]+|[._-]+$/g, '')
    name = `${mapped || 'task'}-${sha256(id).slice(0, 8)}`
  }
  const full = `${config.image_prefix}${name}`
  if (full.length > 255) throw new ImageNameError(`image name for ${id} is longer than 255 characters: ${full}`)
  return full
}
