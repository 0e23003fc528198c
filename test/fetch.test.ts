import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../scripts/lib/config-loader.ts'
import { check } from '../scripts/lib/schemas.ts'
import {
  ArchiveError,
  ChecksumError,
  DownloadError,
  fetchDataset,
  fetchEnabled,
  fetchInto,
  resolveFetchConfig,
  TargetExistsError,
  UnsafeEntryError,
  type FetchOptions,
} from '../scripts/stages/fetch.ts'
import { buildZip, type ZipEntry } from './helpers/zip.ts'
import { rig, type Rig } from './helpers/rig.ts'

// ---- helpers ---------------------------------------------------------------------------------

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

type Handler = (req: IncomingMessage, res: ServerResponse) => void

interface Server {
  url(path: string): string
  /** Requests seen, by path. */
  hits: string[]
  close(): Promise<void>
}

async function serve(routes: Record<string, Handler>): Promise<Server> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    const handler = routes[req.url ?? '']
    if (handler) return handler(req, res)
    res.writeHead(404).end('not found')
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits,
    close: () => {
      server.closeAllConnections()
      return new Promise((done) => server.close(() => done()))
    },
  }
}

const sendWhole = (body: Buffer): Handler => (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length }).end(body)
}

/** Every file and directory under `dir`, relative, sorted: what a test checks "nothing left" with. */
function listAll(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((p) => p.replaceAll('\\', '/')).sort()
}

/** The files under `dir` as a path → content literal. */
function readTree(dir: string): Record<string, string> {
  const tree: Record<string, string> = {}
  for (const path of listAll(dir)) {
    const full = join(dir, path)
    if (statSync(full).isFile()) tree[relative(dir, full).replaceAll('\\', '/')] = readFileSync(full, 'utf8')
  }
  return tree
}

/** A rig with `work/` (where target and staging go) and the download cache beside it. */
interface Workspace extends Rig {
  root: string
  target: string
  staging: string
  downloads: string
}

function workspace(): Workspace {
  const r = rig({}, 'fetch-test-')
  r.mkdir('work')
  return Object.assign(r, { root: r.dir, target: r.path('work/data'), staging: r.path('work/staging'), downloads: r.path('cache') })
}

interface Calls {
  progressCalls: Array<[number, number]>
  logLines: string[]
}

function options(ws: Workspace, source: { url: string } | { path: string }, sha: string, extra: Partial<FetchOptions> = {}): FetchOptions & Calls {
  const calls: Calls = { progressCalls: [], logLines: [] }
  return {
    ...source,
    sha256: sha,
    target: ws.target,
    staging: ws.staging,
    downloadDir: ws.downloads,
    signal: new AbortController().signal,
    progress: (done, total) => calls.progressCalls.push([done, total]),
    log: (message) => calls.logLines.push(message),
    ...extra,
    ...calls,
  }
}

async function rejects(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run()
  } catch (error) {
    return error as Error
  }
  assert.unreachable('expected a rejection')
  throw new Error('unreachable')
}

// The dataset as data.zip lays it out: one wrapper folder, directory entries, non-ASCII text, a
// file over 1 MiB (streamed to disk rather than buffered), and macOS resource-fork noise.
const bigFile = Array.from({ length: 60000 }, (_, i) => `def f${i}(x):\n    return x * ${i}  # ü\n`).join('')
const datasetFiles: Record<string, string> = {
  'generated/python_web_easy_001/project_metadata.json': '{\n  "name": "Caf\\u00e9"\n}\n',
  'generated/python_web_easy_001/src/app.py': bigFile,
  'output/scenarios/python_web_easy_001_bug_investigation_hard_01.json': '{"id": "é"}\n',
  'output/validation/test_suites/python_web_easy_001_bug_investigation_hard_01_tests.json': '{}\n',
}
const datasetEntries: ZipEntry[] = [
  { name: 'data/', dir: true },
  { name: 'data/generated/', dir: true },
  ...Object.entries(datasetFiles).map(([name, data]) => ({ name: `data/${name}`, data })),
  { name: '__MACOSX/', dir: true },
  { name: '__MACOSX/data/._generated', data: 'resource fork' },
]
const datasetZip = buildZip(datasetEntries)
/** Unpacked entries: the four files and `generated/`; not `data/` itself, not `__MACOSX/`. */
const datasetEntryCount = 5

// ---- tests -----------------------------------------------------------------------------------

test('a good archive behind a redirect unpacks with its wrapper folder stripped and a marker', async () => {
  using ws = workspace()
  const server = await serve({
    '/data.zip': sendWhole(datasetZip),
    '/download': (_req, res) => res.writeHead(302, { location: '/data.zip' }).end(),
  })
  try {
    const run = options(ws, { url: server.url('/download') }, sha256(datasetZip))
    const result = await fetchDataset(run)

    assert.equal(readTree(ws.staging), {
      ...datasetFiles,
      '.locobench-fetch.json': `{\n  "sha256": "${sha256(datasetZip)}",\n  "source": "${server.url('/download')}",\n  "entries": ${datasetEntryCount}\n}\n`,
    })
    const marker = JSON.parse(readFileSync(join(ws.staging, '.locobench-fetch.json'), 'utf8'))
    assert.equal(check('fetch-marker.schema.json', marker), [])
    assert.is(result.strip, 1)
    assert.is(result.origin, 'network')
    assert.ok(run.progressCalls.some(([done, total]) => done === datasetZip.length && total === datasetZip.length), 'download progress reaches the archive size')
    assert.ok(run.logLines.some((line) => /^download: .+ \/ .+, .+\/s$/.test(line)), `a bytes-and-speed line in ${run.logLines.join(' | ')}`)
    assert.equal(listAll(ws.downloads), [], 'the download is not kept without keepArchive')
    assert.not.ok(existsSync(ws.target), 'the engine, not fetchDataset, renames into the target')
  } finally {
    await server.close()
  }
})

test('credentials in the url are sent as basic auth and kept out of the marker and the log', async () => {
  using ws = workspace()
  const server = await serve({
    '/private.zip': (req, res) => {
      if (req.headers.authorization !== `Basic ${Buffer.from('user:pa ss').toString('base64')}`) return void res.writeHead(401).end()
      sendWhole(datasetZip)(req, res)
    },
  })
  try {
    const run = options(ws, { url: server.url('/private.zip').replace('//', '//user:pa%20ss@') }, sha256(datasetZip))
    const result = await fetchDataset(run)
    assert.is(result.source, server.url('/private.zip'))
    assert.is(JSON.parse(readFileSync(join(ws.staging, '.locobench-fetch.json'), 'utf8')).source, server.url('/private.zip'))
    assert.not.ok(run.logLines.some((line) => line.includes('pa%20ss')))
  } finally {
    await server.close()
  }
})

test('fetching the same archive twice writes identical bytes', async () => {
  using ws = workspace()
  const server = await serve({ '/data.zip': sendWhole(datasetZip) })
  try {
    await fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(datasetZip)))
    const first = readTree(ws.staging)
    await fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(datasetZip)))
    assert.equal(readTree(ws.staging), first)
  } finally {
    await server.close()
  }
})

test('a wrong checksum fails naming expected and actual and leaves no staging or partial file', async () => {
  using ws = workspace()
  const server = await serve({ '/data.zip': sendWhole(datasetZip) })
  const pinned = sha256('some other archive')
  try {
    const error = await rejects(() => fetchDataset(options(ws, { url: server.url('/data.zip') }, pinned)))
    assert.instance(error, ChecksumError)
    const mismatch = error as ChecksumError
    assert.is(mismatch.exitCode, 1)
    assert.is(mismatch.expected, pinned)
    assert.is(mismatch.actual, sha256(datasetZip))
    assert.is(mismatch.bytes, datasetZip.length)
    assert.match(error.message, pinned)
    assert.match(error.message, sha256(datasetZip))
    assert.match(error.message, String(datasetZip.length))
    assert.equal(listAll(ws.root), ['cache', 'work'])
  } finally {
    await server.close()
  }
})

test('zip-slip entries are refused by name and nothing is left on disk', async () => {
  const hostile: Array<[ZipEntry, RegExp]> = [
    [{ name: '../evil', data: 'x' }, /parent directory/],
    [{ name: '/abs', data: 'x' }, /absolute path/],
    [{ name: 'a/../../b', data: 'x' }, /parent directory/],
    [{ name: '..\\evil', data: 'x' }, /parent directory/],
    [{ name: 'C:/evil', data: 'x' }, /drive letter/],
    [{ name: 'data/link', data: '/etc/passwd', mode: 0o120777 }, /symbolic link/],
  ]
  for (const [entry, reason] of hostile) {
    using ws = workspace()
    const zip = buildZip([{ name: 'data/ok.txt', data: 'fine' }, entry, { name: 'data/later.txt', data: 'fine' }])
    const server = await serve({ '/data.zip': sendWhole(zip) })
    try {
      const error = await rejects(() => fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(zip))))
      assert.instance(error, UnsafeEntryError, entry.name)
      assert.is((error as UnsafeEntryError).entry, entry.name)
      assert.match((error as UnsafeEntryError).reason, reason)
      assert.match(error.message, JSON.stringify(entry.name))
      assert.equal(listAll(ws.root), ['cache', 'work'], entry.name)
    } finally {
      await server.close()
    }
  }
})

test('an entry that fails to inflate midway removes the files already unpacked', async () => {
  using ws = workspace()
  const zip = buildZip([
    { name: 'data/first.txt', data: 'written before the failure' },
    { name: 'data/broken.txt', data: 'declared content', payload: Buffer.from([0xff, 0xff, 0xff, 0xff]) },
  ])
  const server = await serve({ '/data.zip': sendWhole(zip) })
  try {
    const error = await rejects(() => fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(zip))))
    assert.instance(error, ArchiveError)
    assert.equal(listAll(ws.root), ['cache', 'work'])
  } finally {
    await server.close()
  }
})

test('an interrupted download leaves nothing behind, with or without a content-length', async () => {
  const half = datasetZip.subarray(0, datasetZip.length >> 1)
  const server = await serve({
    '/sized.zip': (_req, res) => {
      res.writeHead(200, { 'content-length': datasetZip.length })
      res.write(half, () => res.socket?.destroy())
    },
    '/chunked.zip': (_req, res) => {
      res.writeHead(200)
      res.write(half, () => res.socket?.destroy())
    },
  })
  try {
    for (const path of ['/sized.zip', '/chunked.zip']) {
      using ws = workspace()
      const error = await rejects(() => fetchDataset(options(ws, { url: server.url(path) }, sha256(datasetZip))))
      assert.instance(error, DownloadError, path)
      assert.match(error.message, server.url(path))
      assert.equal(listAll(ws.root), ['cache', 'work'], path)
    }
  } finally {
    await server.close()
  }
})

test('an HTTP error status fails the download and names the status', async () => {
  using ws = workspace()
  const server = await serve({})
  try {
    const error = await rejects(() => fetchDataset(options(ws, { url: server.url('/missing.zip') }, sha256(datasetZip))))
    assert.instance(error, DownloadError)
    assert.match(error.message, 'HTTP 404')
    assert.equal(listAll(ws.root), ['cache', 'work'])
  } finally {
    await server.close()
  }
})

test('aborting through the signal mid-download removes the partial file', async () => {
  using ws = workspace()
  const server = await serve({
    // Half the archive, then silence: only the abort can end this download.
    '/stall.zip': (_req, res) => {
      res.writeHead(200, { 'content-length': datasetZip.length })
      res.write(datasetZip.subarray(0, datasetZip.length >> 1))
    },
  })
  try {
    const controller = new AbortController()
    const run = options(ws, { url: server.url('/stall.zip') }, sha256(datasetZip), {
      signal: controller.signal,
      progress: (done) => done > 0 && controller.abort(),
    })
    const error = await rejects(() => fetchDataset(run))
    assert.is(error.name, 'AbortError')
    assert.equal(listAll(ws.root), ['cache', 'work'])
  } finally {
    await server.close()
  }
})

test('aborting through the signal while unpacking removes the staging dir', async () => {
  using ws = workspace()
  const archive = join(ws.root, 'data.zip')
  writeFileSync(archive, datasetZip)
  const controller = new AbortController()
  const run = options(ws, { path: archive }, sha256(datasetZip), {
    signal: controller.signal,
    log: (line) => line.startsWith('unpacking') && controller.abort(),
  })
  const error = await rejects(() => fetchDataset(run))
  assert.is(error.name, 'AbortError')
  assert.equal(listAll(ws.root), ['data.zip', 'work'])
})

test('a local archive path unpacks the same tree and names the file in the marker', async () => {
  using ws = workspace()
  const archive = join(ws.root, 'data.zip')
  writeFileSync(archive, datasetZip)
  const result = await fetchDataset(options(ws, { path: archive }, sha256(datasetZip).toUpperCase()))
  const { '.locobench-fetch.json': marker, ...files } = readTree(ws.staging)
  assert.equal(files, datasetFiles)
  assert.equal(JSON.parse(marker!), { sha256: sha256(datasetZip), source: 'data.zip', entries: datasetEntryCount })
  assert.is(result.origin, 'local')
  assert.ok(existsSync(archive), 'a local archive is read in place, never moved')
})

test('an archive without a single wrapper folder is unpacked as it is', async () => {
  using ws = workspace()
  const zip = buildZip([
    { name: 'generated/p/a.py', data: 'a' },
    { name: 'output/scenarios/s.json', data: '{}' },
  ])
  const archive = join(ws.root, 'flat.zip')
  writeFileSync(archive, zip)
  const result = await fetchDataset(options(ws, { path: archive }, sha256(zip)))
  assert.is(result.strip, 0)
  assert.equal(listAll(ws.staging), ['.locobench-fetch.json', 'generated', 'generated/p', 'generated/p/a.py', 'output', 'output/scenarios', 'output/scenarios/s.json'])
})

test('a gzip archive is rejected as unsupported and leaves nothing', async () => {
  using ws = workspace()
  const gz = gzipSync('not a zip')
  const server = await serve({ '/data.tar.gz': sendWhole(gz) })
  try {
    const error = await rejects(() => fetchDataset(options(ws, { url: server.url('/data.tar.gz') }, sha256(gz))))
    assert.instance(error, ArchiveError)
    assert.match(error.message, 'only .zip archives are supported')
    assert.equal(listAll(ws.root), ['cache', 'work'])
  } finally {
    await server.close()
  }
})

test('keepArchive caches the verified download so a second fetch makes no request', async () => {
  using ws = workspace()
  const server = await serve({ '/data.zip': sendWhole(datasetZip) })
  try {
    const first = await fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(datasetZip), { keepArchive: true }))
    const second = await fetchDataset(options(ws, { url: server.url('/data.zip') }, sha256(datasetZip), { keepArchive: true }))
    assert.equal([first.origin, second.origin], ['network', 'cache'])
    assert.equal(server.hits, ['/data.zip'])
    assert.equal(listAll(ws.downloads), [`${sha256(datasetZip)}.zip`])
    assert.equal(readTree(ws.staging)['generated/python_web_easy_001/src/app.py'], bigFile)
  } finally {
    await server.close()
  }
})

test('fetchInto refuses a non-empty target, then replaces it when asked and leaves no siblings', async () => {
  using ws = workspace()
  mkdirSync(ws.target)
  writeFileSync(join(ws.target, 'old.txt'), 'old data')
  const server = await serve({ '/data.zip': sendWhole(datasetZip) })
  try {
    const base = { url: server.url('/data.zip'), sha256: sha256(datasetZip), target: ws.target, signal: new AbortController().signal, progress: () => {}, log: () => {} }
    const refused = await rejects(() => fetchInto(base))
    assert.instance(refused, TargetExistsError)
    assert.equal(server.hits, [], 'nothing is downloaded for a target it may not replace')
    assert.equal(readTree(ws.target), { 'old.txt': 'old data' })

    await fetchInto({ ...base, replace: true })
    const { '.locobench-fetch.json': _marker, ...files } = readTree(ws.target)
    assert.equal(files, datasetFiles)
    assert.equal(listAll(join(ws.root, 'work')).filter((p) => !p.startsWith('data/')), ['data'])
  } finally {
    await server.close()
  }
})

test('the config section is off when empty, requires sha256 with a url, and resolves paths', () => {
  using r = rig({ 'locobench.config.json5': '{}' }, 'fetch-config-')
  const dir = r.dir
  const file = r.path('locobench.config.json5')
  const empty = loadConfig(file).config.fetch
  assert.not.ok(fetchEnabled(empty))
  assert.is(resolveFetchConfig(empty, dir), null)

  writeFileSync(file, '{ fetch: { url: "https://example.org/data.zip" } }')
  assert.throws(() => loadConfig(file), /fetch: must have property sha256 when property url is present/)

  const pinned = 'AB'.repeat(32)
  writeFileSync(file, `{ fetch: { path: "archives/data.zip", sha256: "${pinned}" } }`)
  const section = loadConfig(file).config.fetch
  assert.ok(fetchEnabled(section))
  assert.equal(resolveFetchConfig(section, dir), {
    path: join(dir, 'archives/data.zip'),
    sha256: pinned.toLowerCase(),
    target: join(dir, 'data/locobench'),
    strip: 'auto',
    keepArchive: true,
  })
})

test.run()
