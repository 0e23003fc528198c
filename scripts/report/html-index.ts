// Writes out/report/index.html. The report stage (scripts/stages/report/) calls writeIndexHtml
// after the stages that own a section's data (extract, select, generate, smoke, calibrate): the
// page is rebuilt from what is on disk then, so it always shows the latest run of every stage. A
// caller may pass staging paths (`locate`) or section data already in memory (`sections`).
import { existsSync, readFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import { ExitError } from '../lib/errors.ts'
import { writeFileAtomic } from '../lib/fsx.ts'
import { ARTIFACTS, readReportData, SECTION_NAMES, type Locate, type ReportData, type SectionName } from './html-data.ts'
import { renderIndexHtml } from './html-page.ts'

export interface WriteIndexOptions {
  /** The out dir: artifacts are read from, and links are relative to, its layout. */
  outDir: string
  /** Section data the caller already has; any section not given is read from the artifacts. */
  sections?: ReportData
  /** Where an out-dir-relative path is right now (default: under outDir); for staged outputs. */
  locate?: Locate
  /** Where to write the page (default: `locate('report/index.html')`). */
  file?: string
}

export interface WriteIndexResult {
  file: string
  /** Sections shown (others are listed as not produced yet). */
  sections: SectionName[]
  /** False when the page already had these bytes and was left alone (its mtime too). */
  written: boolean
}

export class BrokenLinkError extends ExitError {
  readonly links: string[]
  constructor(links: string[]) {
    super(`report/index.html would link to files that do not exist: ${links.slice(0, 5).join(', ')}${links.length > 5 ? ` … and ${links.length - 5} more` : ''}`)
    this.links = links
  }
}

/** Every href and src of a page this module rendered (attributes are always double-quoted). */
export function pageLinks(page: string): string[] {
  return [...page.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1].replaceAll('&amp;', '&'))
}

/**
 * The out-dir-relative path a relative link of report/index.html points at, or null for in-page
 * anchors and data: URLs (nothing to fetch); throws on anything that would leave the out dir or
 * reach the network, which the renderer never produces.
 */
export function linkTarget(href: string): string | null {
  if (href.startsWith('#') || href.startsWith('data:')) return null
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/')) throw new Error(`not a relative link: ${href}`)
  const path = posix.normalize(posix.join('report', decodeURIComponent(href.split('#')[0])))
  if (path.startsWith('../')) throw new Error(`link leaves the out dir: ${href}`)
  return path
}

/** Links of the page whose files are missing (in-page anchors must name an element of the page). */
export function brokenLinks(page: string, locate: Locate): string[] {
  const ids = new Set([...page.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]))
  return pageLinks(page).filter((href) => {
    if (href.startsWith('#')) return !ids.has(href.slice(1))
    const target = linkTarget(href)
    return target !== null && !existsSync(locate(target))
  })
}

export function writeIndexHtml(options: WriteIndexOptions): WriteIndexResult {
  const locate: Locate = options.locate ?? ((rel) => join(options.outDir, rel))
  const file = options.file ?? locate(ARTIFACTS.index)
  const data = readReportData({ outDir: options.outDir, locate }, options.sections)
  const page = renderIndexHtml(data)
  // Links are only made to files that exist, so this guards the renderer, not the data.
  const broken = brokenLinks(page, locate)
  if (broken.length) throw new BrokenLinkError(broken)
  const sections = SECTION_NAMES.filter((name) => data[name] !== undefined)
  if (existsSync(file) && readFileSync(file, 'utf8') === page) return { file, sections, written: false }
  writeFileAtomic(file, page)
  return { file, sections, written: true }
}
