// The entry stamper's thread (see entry-stamper.ts): walks each staged entry it is sent and
// answers with the stamp the committed entry will have.
import { parentPort, workerData } from 'node:worker_threads'
import { contentHash, expand, inodeKey, statDigest, type StatMap } from './files.ts'
import { contentOf } from './outputs.ts'
import type { StamperInput, StamperReply, StamperRequest } from './entry-stamper.ts'

const port = parentPort!
const byInode = new Map((workerData as StamperInput).inodes)

port.on('message', (request: StamperRequest) => {
  if ('end' in request) return port.postMessage({ done: true } satisfies StamperReply)
  for (const [inode, hash] of request.inodes) byInode.set(inode, hash)
  const stamps: Extract<StamperReply, { stamps: unknown }>['stamps'] = []
  for (const [staged, final] of request.entries) {
    try {
      const files: StatMap = new Map()
      for (const [path, st] of expand([staged])) files.set(final + path.slice(staged.length), st)
      const content = contentOf(final, files, (path, st) => byInode.get(inodeKey(st)) ?? contentHash(staged + path.slice(final.length), st))
      stamps.push({ entry: final, state: { files: files.size, stats: statDigest(files) }, content })
    } catch {
      // Left to the main thread, which walks the committed entry as it always did.
    }
  }
  port.postMessage({ stamps } satisfies StamperReply)
})
