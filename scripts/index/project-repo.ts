// One bare repository per project, holding exactly the tree its tasks ship, as one parentless commit
// on refs/heads/main with a fixed author, committer, date and message, so equal content gives an
// equal commit id on any machine. The tree is written with plumbing (hash-object, update-index on a
// private index file, write-tree, commit-tree), never through a work tree, so no .gitignore,
// .gitattributes, filter or hook inside the project or on the machine can drop or change a file.
//
// The commit the content gives is computed in Node first: when the repository already points at it
// nothing runs. Otherwise a fresh repository is built beside the old one and swapped in, so a
// crash leaves the old repository or none, never a half-written one under the final name, and
// replaced content leaves no unreachable objects behind.
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { commitId, INDEX_IDENTITY } from './git-objects.ts'
import { hermeticGitEnv, runGit } from './git-run.ts'
import { IndexError } from './index-errors.ts'
import { listProject, type ProjectListing, type StatCache } from './project-listing.ts'

export const MAIN_REF = 'refs/heads/main'

export interface BuildProjectRepoOptions {
  /** The project directory a task ships as environment/project/ (the wrapper folder already unwrapped). */
  projectDir: string
  /** Where the bare repository goes, e.g. out/index/<project id>.git. */
  repoDir: string
  /** The commit message (part of the commit id); it should name the project, e.g. projectCommitMessage(id). */
  message: string
  /** A listing of projectDir made just before (indexItems passes the one its input hash came from). */
  listing?: ProjectListing
  /** Stat cache for blob ids, used when no listing is given. */
  cache?: StatCache
  signal?: AbortSignal
}

export interface ProjectRepo {
  commit: string
  tree: string
  /** Regular files and symlinks in the tree. */
  files: number
  /** Lines of the regular files (a last line without a newline counts). */
  lines: number
  /** Bytes of the regular files. */
  bytes: number
  /** False when the repository already held this commit and nothing was written. */
  changed: boolean
  /** Directories the tasks ship that a git tree cannot hold (they contain no file at any depth). */
  emptyDirs: string[]
  /** Entries neither the tasks nor the repository hold, with the reason. */
  skipped: string[]
}

/** The message of a project's commit: fixed text naming the project, so two projects with equal trees still get distinct commits. */
export const projectCommitMessage = (projectId: string): string => `LoCoBench-Agent project ${projectId}\n\nThe project tree as its Harbor tasks ship it in environment/project/.\n`

/** The commit refs/heads/main of a bare repository points at, or undefined when there is no such repository or ref. */
export function readRepoCommit(repoDir: string): string | undefined {
  if (!isBareRepo(repoDir)) return undefined
  try {
    const loose = readFileSync(join(repoDir, MAIN_REF), 'utf8').trim()
    if (/^[0-9a-f]{40}$/.test(loose)) return loose
  } catch {
    // Not loose: look in packed-refs.
  }
  try {
    for (const line of readFileSync(join(repoDir, 'packed-refs'), 'utf8').split('\n')) {
      const [id, ref] = line.split(' ')
      if (ref === MAIN_REF && /^[0-9a-f]{40}$/.test(id)) return id
    }
  } catch {
    // No packed refs either.
  }
  return undefined
}

const isBareRepo = (dir: string): boolean => existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs'))

export async function buildProjectRepo(options: BuildProjectRepoOptions): Promise<ProjectRepo> {
  const repoDir = resolve(options.repoDir)
  const listing = options.listing ?? listProject(options.projectDir, options.cache)
  const expected = commitId(listing.tree, options.message)
  const result: ProjectRepo = {
    commit: expected,
    tree: listing.tree,
    files: listing.files.length,
    lines: listing.lines,
    bytes: listing.bytes,
    changed: false,
    emptyDirs: listing.emptyDirs,
    skipped: listing.skipped,
  }
  if (readRepoCommit(repoDir) === expected) return result
  if (existsSync(repoDir) && !isBareRepo(repoDir)) {
    throw new IndexError(`${repoDir} exists and is not a bare git repository; not replacing it (remove it to let the index stage write there)`)
  }

  const temp = `${repoDir}.tmp-${process.pid}`
  await rm(temp, { recursive: true, force: true })
  try {
    await writeRepo(temp, listing, options, expected)
    swapInto(temp, repoDir)
  } catch (error) {
    await rm(temp, { recursive: true, force: true })
    throw error
  }
  result.changed = true
  return result
}

async function writeRepo(gitDir: string, listing: ProjectListing, options: BuildProjectRepoOptions, expected: string): Promise<void> {
  const env = hermeticGitEnv(INDEX_IDENTITY)
  const what = `indexing ${options.projectDir}`
  const git = (args: string[], input?: string | Uint8Array, extraEnv?: NodeJS.ProcessEnv) =>
    runGit({ args: [`--git-dir=${gitDir}`, ...args], env: extraEnv ? { ...env, ...extraEnv } : env, input, what, signal: options.signal })

  // --template= : no hooks, no info/exclude, no description from the machine's template dir.
  await runGit({ args: ['init', '--bare', '--quiet', '--template=', '--object-format=sha1', '--initial-branch=main', gitDir], env, what, signal: options.signal })

  // Blobs, verbatim (--no-filters: no autocrlf, ident or filter driver from any .gitattributes).
  const root = resolve(listing.root)
  const files = listing.files.filter((f) => f.kind === 'file')
  // --stdin-paths reads one path per line and unquotes a leading '"': such paths go one by one.
  const plain = files.filter((f) => !/[\n"]/.test(`${root}/${f.path}`))
  const plainSet = new Set(plain)
  const written = plain.length ? (await git(['hash-object', '-w', '--no-filters', '--stdin-paths'], plain.map((f) => `${root}/${f.path}\n`).join(''))).stdout.split('\n') : []
  const blobs: [string, string][] = plain.map((f, i) => [f.path, written[i]])
  for (const f of files.filter((f) => !plainSet.has(f))) {
    blobs.push([f.path, (await git(['hash-object', '-w', '--no-filters', '--stdin'], readFileSync(`${root}/${f.path}`))).stdout.trim()])
  }
  for (const link of listing.files.filter((f) => f.kind === 'symlink')) {
    // A link's blob is its target text: the relative form the task copy gets, not the original.
    blobs.push([link.path, (await git(['hash-object', '-w', '--no-filters', '--stdin'], Buffer.from(link.target ?? '', 'utf8'))).stdout.trim()])
  }
  const byPath = new Map(listing.files.map((f) => [f.path, f]))
  for (const [path, id] of blobs) {
    const want = byPath.get(path)?.blob
    if (id !== want) throw new IndexError(`${root}/${path} changed while the project was indexed (git stored ${id || 'nothing'}, the listing had ${want}); run the index stage again`)
  }

  // The tree through a private index file that lives and dies inside the new repository.
  const indexFile = join(gitDir, 'locobench-index.tmp')
  const entries = listing.files.map((f) => `${f.mode} ${f.blob}\t${f.path}\0`).join('')
  await git(['update-index', '-z', '--add', '--index-info'], entries, { GIT_INDEX_FILE: indexFile })
  const tree = (await git(['write-tree'], undefined, { GIT_INDEX_FILE: indexFile })).stdout.trim()
  rmSync(indexFile, { force: true })
  if (tree !== listing.tree) throw new IndexError(`${what}: git wrote tree ${tree}, expected ${listing.tree} (a file changed during indexing, or this git maps modes or names differently)`)

  const commit = (await git(['commit-tree', '--no-gpg-sign', tree], options.message)).stdout.trim()
  if (commit !== expected) throw new IndexError(`${what}: git wrote commit ${commit}, expected ${expected}; the commit would not be reproducible`)
  await git(['update-ref', MAIN_REF, commit])
}

/** Puts the new repository under its final name; the old one (if any) is moved aside first and removed after. */
function swapInto(temp: string, repoDir: string): void {
  if (!existsSync(repoDir)) {
    renameSync(temp, repoDir)
    return
  }
  const aside = join(dirname(repoDir), `.${basename(repoDir)}.old-${process.pid}`)
  rmSync(aside, { recursive: true, force: true })
  renameSync(repoDir, aside)
  renameSync(temp, repoDir)
  rmSync(aside, { recursive: true, force: true })
}
