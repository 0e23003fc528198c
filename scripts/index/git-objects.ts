// Git object ids computed in Node, exactly as git computes them (sha1 of `<type> <size>\0<body>`).
// They let the index stage know the commit a project's content gives before starting any git
// process: a rerun with unchanged content compares one ref and is done, and after a build every id
// git reports is checked against the one computed here, so a git that filtered, re-encoded or
// re-moded anything is caught instead of published.
import { createHash } from 'node:crypto'

/** The file modes a git tree can hold for our entries (40000 is a sub-tree). */
export type GitFileMode = '100644' | '100755' | '120000'

export interface GitFile {
  /** Posix path relative to the repository root. */
  path: string
  mode: GitFileMode
  /** Blob id (40 hex). */
  blob: string
}

export interface GitIdentity {
  name: string
  email: string
  /** Seconds since the epoch. */
  time: number
}

/**
 * Author and committer of every index commit. Fixed, so a commit id depends on the content and
 * message alone; the date is the first day of 2025 in UTC (no meaning beyond being fixed). The
 * .invalid domain (RFC 2606) can never be a real person's address.
 */
export const INDEX_IDENTITY: GitIdentity = Object.freeze({ name: 'locobench-harbor', email: 'index@locobench-harbor.invalid', time: 1735689600 })

export function objectId(type: 'blob' | 'tree' | 'commit', body: Uint8Array): string {
  return createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex')
}

export const blobId = (content: Uint8Array): string => objectId('blob', content)

/** Incremental blob id for content read in chunks (the size must be known up front, as git's header needs it). */
export function blobHasher(size: number): { update(chunk: Uint8Array): void; digest(): string } {
  const hash = createHash('sha1').update(`blob ${size}\0`)
  return { update: (chunk) => void hash.update(chunk), digest: () => hash.digest('hex') }
}

interface TreeEntry {
  mode: GitFileMode | '40000'
  name: string
  id: string
}

// Git orders a tree's entries by name bytes, a sub-tree's name compared as if it ended in '/'
// (so `a.c` sorts before the directory `a`, which sorts as `a/`, and `a/` before `a0`).
const sortName = (e: TreeEntry): Buffer => Buffer.from(e.mode === '40000' ? `${e.name}/` : e.name, 'utf8')

function treeBody(entries: TreeEntry[]): Buffer {
  const sorted = entries.map((e) => ({ e, key: sortName(e) })).sort((x, y) => Buffer.compare(x.key, y.key))
  return Buffer.concat(sorted.flatMap(({ e }) => [Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), Buffer.from(e.id, 'hex')]))
}

/** The id of the root tree holding `files` (sub-trees made for every directory on their paths). */
export function rootTreeId(files: readonly GitFile[]): string {
  interface Dir {
    files: TreeEntry[]
    dirs: Map<string, Dir>
  }
  const root: Dir = { files: [], dirs: new Map() }
  for (const file of files) {
    const parts = file.path.split('/')
    let dir = root
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part)
      if (!next) dir.dirs.set(part, (next = { files: [], dirs: new Map() }))
      dir = next
    }
    dir.files.push({ mode: file.mode, name: parts[parts.length - 1], id: file.blob })
  }
  const idOf = (dir: Dir): string =>
    objectId('tree', treeBody([...dir.files, ...[...dir.dirs].map(([name, sub]): TreeEntry => ({ mode: '40000', name, id: idOf(sub) }))]))
  return idOf(root)
}

const signature = (who: GitIdentity): string => `${who.name} <${who.email}> ${who.time} +0000`

/** The bytes of a parentless commit, as `git commit-tree` writes them with this identity as author and committer. */
export function commitBody(tree: string, message: string, identity: GitIdentity = INDEX_IDENTITY): Buffer {
  return Buffer.from(`tree ${tree}\nauthor ${signature(identity)}\ncommitter ${signature(identity)}\n\n${message}`, 'utf8')
}

export const commitId = (tree: string, message: string, identity: GitIdentity = INDEX_IDENTITY): string => objectId('commit', commitBody(tree, message, identity))
