// The `base-image` target: make the configured base image (debian:trixie-slim) exist locally.
// Present → done; else a pull; else mmdebstrap from this machine's own apt mirror, imported under
// the name Dockerfiles use, so `FROM debian:trixie-slim` resolves with no registry at all.
// CLI: node scripts/stages/smoke/base-image.ts [--config FILE] [--image NAME] [--dry-run]
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../lib/config-loader.ts'
import { smokeConfig, type SmokeConfig } from './smoke-config.ts'
import { describeEngine, detectEngine, imageExists, qualifiedBaseName, run, type Engine } from './engine.ts'
import { describeExit, exec, lastLines } from './exec.ts'
import { ExitError } from '../../lib/errors.ts'

export class BaseImageError extends ExitError {}

export interface BaseImageOptions {
  config?: Partial<SmokeConfig>
  log: (message: string) => void
  warn?: (message: string) => void
  signal?: AbortSignal
  /** Apt source files to read the mirror from (defaults: the machine's). */
  aptSources?: { deb822: string; list: string }
  /** Only say what would be done: no pull, no build, nothing imported. */
  dryRun?: boolean
}

export interface BaseImageResult {
  image: string
  engine: string
  /** `missing`: a dry run found no image and did nothing. */
  action: 'present' | 'pulled' | 'built' | 'missing'
}

const DEFAULT_SOURCES = { deb822: '/etc/apt/sources.list.d/debian.sources', list: '/etc/apt/sources.list' }
const RELEASES: Record<string, string> = { '11': 'bullseye', '12': 'bookworm', '13': 'trixie', '14': 'forky' }

/** `debian:trixie-slim` → `trixie`; undefined for images mmdebstrap cannot make (not Debian). */
export function debianSuite(image: string): string | undefined {
  const m = /^(?:(?:docker\.io\/)?library\/)?debian:([a-z0-9.]+)(?:-[a-z0-9.-]+)?$/.exec(image)
  if (!m) return undefined
  const release = m[1].split('.')[0]
  return RELEASES[release] ?? m[1]
}

/** The first non-security `URIs:` of a deb822 sources file. */
export function mirrorFromDeb822(text: string): string | undefined {
  for (const stanza of text.split(/\n\s*\n/)) {
    const fields = new Map<string, string>()
    for (const line of stanza.split('\n')) {
      const m = /^([A-Za-z-]+):\s*(.*)$/.exec(line)
      if (m) fields.set(m[1].toLowerCase(), m[2].trim())
    }
    if (fields.get('enabled') === 'no' || !(fields.get('types') ?? 'deb').split(/\s+/).includes('deb')) continue
    const uri = (fields.get('uris') ?? '').split(/\s+/).find((u) => u && !u.includes('security'))
    if (uri) return uri
  }
  return undefined
}

/** The first non-security `deb` line's URI of a one-line sources.list. */
export function mirrorFromSourcesList(text: string): string | undefined {
  for (const line of text.split('\n')) {
    const m = /^\s*deb\s+(?:\[[^\]]*\]\s+)?(\S+)/.exec(line)
    if (m && !m[1].includes('security')) return m[1]
  }
  return undefined
}

export function aptMirror(sources = DEFAULT_SOURCES): string {
  const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '')
  const mirror = mirrorFromDeb822(read(sources.deb822)) ?? mirrorFromSourcesList(read(sources.list))
  if (!mirror) throw new BaseImageError(`no Debian mirror found in ${sources.deb822} or ${sources.list}`)
  return mirror
}

/**
 * What the registry's debian:<suite>-slim carries for builds in containers, so the local stand-in
 * installs packages as fast as the real one does for a Harbor user: dpkg without an fsync per file
 * (force-unsafe-io: a layer is written whole or not at all), no documentation, man pages or
 * translations unpacked, apt's caches and downloaded .debs gone after each command.
 */
export const IMAGE_CONFIG: Record<string, string> = {
  '/etc/dpkg/dpkg.cfg.d/docker-apt-speedup': 'force-unsafe-io\n',
  '/etc/dpkg/dpkg.cfg.d/docker': [
    'path-exclude /usr/share/doc/*',
    'path-include /usr/share/doc/*/copyright',
    'path-exclude /usr/share/groff/*',
    'path-exclude /usr/share/info/*',
    'path-exclude /usr/share/linda/*',
    'path-exclude /usr/share/lintian/overrides/*',
    'path-exclude /usr/share/locale/*',
    'path-exclude /usr/share/man/*',
    '',
  ].join('\n'),
  '/etc/apt/apt.conf.d/docker-clean': [
    'DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
    'APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };',
    'Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";',
    '',
  ].join('\n'),
  '/etc/apt/apt.conf.d/docker-no-languages': 'Acquire::Languages "none";\n',
}

/**
 * Shell commands mmdebstrap runs with the new root as $1: they write IMAGE_CONFIG, then drop the
 * package caches apt left (with Dir::Cache::pkgcache "" mmdebstrap's own clean-up skips them:
 * 84 MB in the image).
 */
export const configHooks = (): string[] => [
  ...Object.entries(IMAGE_CONFIG).map(([path, text]) => `printf '%s' '${text}' > "$1${path}"`),
  'rm -f "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb',
]

async function requireEngine(config: SmokeConfig, signal?: AbortSignal): Promise<Engine> {
  const { engine, why } = await detectEngine(config, signal)
  if (!engine) {
    throw new BaseImageError(`no container engine is running (${why}); start dockerd (scripts/ci/docker-up.sh does) or set CONTAINER_ENGINE=podman`)
  }
  return engine
}

async function buildWithMmdebstrap(engine: Engine, image: string, options: BaseImageOptions): Promise<void> {
  const suite = debianSuite(image)
  if (!suite) throw new BaseImageError(`${image} is not present, cannot be pulled, and only debian:<suite>[-slim] images can be built locally`)
  const which = await exec('sh', ['-c', 'command -v mmdebstrap'])
  if (which.code !== 0) throw new BaseImageError(`${image} is not present and cannot be pulled; building it needs mmdebstrap, which is not installed: apt-get install mmdebstrap`)
  const mirror = aptMirror(options.aptSources)
  const work = mkdtempSync(join(tmpdir(), 'locobench-base-'))
  try {
    const tar = join(work, `${suite}.tar`)
    options.log(`building ${image} with mmdebstrap (${suite}, minbase) from ${mirror}`)
    const args = ['--quiet', '--variant=minbase', '--include=ca-certificates', ...configHooks().map((h) => `--customize-hook=${h}`), suite, tar, mirror]
    const built = await exec('mmdebstrap', args, { signal: options.signal, timeoutMs: 20 * 60_000 })
    if (built.code !== 0) throw new BaseImageError(`mmdebstrap failed (${describeExit(built, 1200)}):\n${lastLines(built.output, 20)}`)
    const name = qualifiedBaseName(engine.kind, image)
    const imported = await run(engine, ['import', '--change', 'CMD ["bash"]', tar, name], { signal: options.signal, timeoutMs: 10 * 60_000 })
    if (imported.code !== 0) throw new BaseImageError(`${engine.kind} import failed (${describeExit(imported)}):\n${lastLines(imported.output, 20)}`)
    options.log(`imported ${name}`)
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

export async function buildBaseImage(options: BaseImageOptions): Promise<BaseImageResult> {
  const config = smokeConfig(options.config)
  const engine = await requireEngine(config, options.signal)
  const image = config.base_image
  const result = (action: BaseImageResult['action']) => ({ image, engine: describeEngine(engine), action })
  if (await imageExists(engine, qualifiedBaseName(engine.kind, image), options.signal)) {
    options.log(`base image ${image} is present (${describeEngine(engine)})`)
    return result('present')
  }
  if (options.dryRun) {
    const suite = debianSuite(image)
    const fallback = suite ? `, else build it with mmdebstrap (${suite}, minbase) from the apt mirror` : ''
    options.log(`base image ${image} is missing (${describeEngine(engine)}); would pull it${fallback} (dry run: nothing done)`)
    return result('missing')
  }
  options.log(`base image ${image} is missing; trying a pull`)
  const pulled = await run(engine, ['pull', image], { signal: options.signal, timeoutMs: 5 * 60_000 })
  if (pulled.code === 0) {
    options.log(`pulled ${image}`)
    return result('pulled')
  }
  options.warn?.(`pull failed: ${lastLines(pulled.output, 1) || describeExit(pulled)}`)
  await buildWithMmdebstrap(engine, image, options)
  return result('built')
}

function cliArgs(argv: string[]): { config?: string; image?: string; dryRun?: boolean } {
  const out: { config?: string; image?: string; dryRun?: boolean } = {}
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2)
    const value = () => inline ?? argv[++i]
    if (flag === '--config') out.config = value()
    else if (flag === '--image') out.image = value()
    else if (flag === '--dry-run' && inline === undefined) out.dryRun = true
    else throw new BaseImageError(`unknown argument ${argv[i]}; usage: base-image.ts [--config FILE] [--image NAME] [--dry-run]`, 2)
  }
  return out
}

if (import.meta.main) {
  try {
    const args = cliArgs(process.argv.slice(2))
    const section = loadConfig(args.config).config.smoke as Partial<SmokeConfig>
    const config = args.image ? { ...section, base_image: args.image } : section
    const log = (m: string) => console.log(m)
    await buildBaseImage({ config, log, warn: (m) => console.error(`warning: ${m}`), dryRun: args.dryRun })
  } catch (error) {
    console.error(`base-image: ${(error as Error).message}`)
    process.exitCode = (error as { exitCode?: number }).exitCode ?? 1
  }
}
