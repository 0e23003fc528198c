// One bare repository per project, holding exactly the tree its tasks ship, as one parentless commit
// on refs/heads/main with a fixed author, committer, date and message, so equal content gives an
// equal commit id on any machine. The objects are written with plumbing (one `git fast-import`
// stream of inline contents), never through a work tree or an index of the project, so no
// .gitignore, .gitattributes, filter or hook inside the project or on the machine can drop or
// change a file.
//
// The commit the content gives is computed in Node first: when the repository already points at it
// nothing runs. Otherwise a fresh repository is built beside the old one and swapped in, so a
// crash leaves the old repository or none, never a half-written one under the final name, and
// replaced content leaves no unreachable objects behind. git's commit must equal the one computed
// here, or the build fails: a commit that is not reproducible is never published.
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { recoverDir, replaceDir, stagingFor } from '../lib/fsx.ts'
import { blobId, commitId, INDEX_IDENTITY } from './git-objects.ts'
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
  // A run killed mid-swap may have left the old repository aside (it may well be current) or
  // leftovers beside it: put it back and sweep them before deciding anything.
  recoverDir(repoDir)
  if (readRepoCommit(repoDir) === expected) return result
  if (existsSync(repoDir) && !isBareRepo(repoDir)) {
    throw new IndexError(`${repoDir} exists and is not a bare git repository; not replacing it (remove it to let the index stage write there)`)
  }

  const temp = stagingFor(repoDir)
  await rm(temp, { recursive: true, force: true })
  try {
    await writeRepo(temp, listing, options, expected)
    replaceDir(temp, repoDir)
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
  // --template= : no hooks, no info/exclude, no description from the machine's template dir.
  await runGit({ args: ['init', '--bare', '--quiet', '--template=', '--object-format=sha1', '--initial-branch=main', gitDir], env, what, signal: options.signal })
  // One fast-import process writes every blob, tree and the commit into a single pack and sets the
  // ref: two git processes per project in all, and one pack file instead of a loose object (and
  // often a directory) per file. Contents go in verbatim as inline data, so no attribute, filter
  // or ignore rule can touch them. unpackLimit=0 keeps even a small import as a pack.
  await runGit({
    args: [`--git-dir=${gitDir}`, '-c', 'fastimport.unpackLimit=0', 'fast-import', '--quiet'],
    env,
    input: fastImportStream(listing, options.message),
    what,
    signal: options.signal,
  })
  const commit = readRepoCommit(gitDir)
  if (commit !== expected) throw new IndexError(`${what}: git wrote commit ${commit ?? 'none'}, expected ${expected}; the commit would not be reproducible`)
}

const signature = `${INDEX_IDENTITY.name} <${INDEX_IDENTITY.email}> ${INDEX_IDENTITY.time} +0000`

/**
 * The fast-import stream of one parentless commit holding the listing's files. Each file is read
 * once more here and checked against the blob id its listing (and so the expected commit) was
 * computed from: a file edited in between fails the build instead of publishing a tree that no
 * listing describes. `feature done` makes a truncated stream an error rather than a short commit.
 */
function* fastImportStream(listing: ProjectListing, message: string): Generator<Buffer> {
  const root = resolve(listing.root)
  const text = Buffer.from(message, 'utf8')
  yield Buffer.from(`feature done\ncommit ${MAIN_REF}\nauthor ${signature}\ncommitter ${signature}\ndata ${text.length}\n`)
  yield text
  yield Buffer.from('\n')
  for (const file of listing.files) {
    const content = file.kind === 'symlink' ? Buffer.from(file.target ?? '', 'utf8') : readFileSync(`${root}/${file.path}`)
    if (blobId(content) !== file.blob) throw new IndexError(`${root}/${file.path} changed while the project was indexed; run the index stage again`)
    yield Buffer.concat([Buffer.from(`M ${file.mode} inline `), quotePath(file.path), Buffer.from(`\ndata ${content.length}\n`), content, Buffer.from('\n')])
  }
  yield Buffer.from('done\n')
}

/** A path in git's C-style quotes (fast-import unquotes it): backslash, quote and control bytes escaped; UTF-8 passes as is. */
export function quotePath(path: string): Buffer {
  const out: number[] = [0x22]
  for (const byte of Buffer.from(path, 'utf8')) {
    if (byte === 0x22 || byte === 0x5c) out.push(0x5c, byte)
    else if (byte < 0x20 || byte === 0x7f) out.push(0x5c, ...Buffer.from(byte.toString(8).padStart(3, '0')))
    else out.push(byte)
  }
  out.push(0x22)
  return Buffer.from(out)
}

