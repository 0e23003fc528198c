// The fetch stage inside the real graph: with an archive configured, the data is downloaded from
// a real HTTP server, verified and unpacked before extract reads it, and a rerun fetches nothing.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join, relative } from 'node:path'
import type { EngineEvent } from '../scripts/engine/types.ts'
import { buildZip, type ZipEntry } from './helpers/zip.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const SAMPLE = join(ROOT, 'data', 'sample')
const suite = rig({}, 'lbh-fetch-graph-')
const work = suite.dir

function sampleEntries(projects: string[]): ZipEntry[] {
  const entries: ZipEntry[] = []
  const add = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) add(path)
      else entries.push({ name: `data/${relative(SAMPLE, path)}`, data: readFileSync(path) })
    }
  }
  for (const p of projects) add(join(SAMPLE, 'generated', p))
  for (const f of readdirSync(join(SAMPLE, 'output', 'scenarios')).filter((f) => projects.some((p) => f.startsWith(`${p}_`)))) {
    entries.push({ name: `data/output/scenarios/${f}`, data: readFileSync(join(SAMPLE, 'output', 'scenarios', f)) })
  }
  return entries
}

let requests = 0
async function serve(archive: Buffer): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    requests++
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': archive.length })
    res.end(archive)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { server, url: `http://127.0.0.1:${port}/data.zip` }
}

function taskfile(args: string[]): Promise<{ code: number | null; events: EngineEvent[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'Taskfile.ts'), ...args, '--json', '--config', join(work, 'config.json5'), '--out', join(work, 'out')])
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('exit', (code) => resolve({ code, stderr, events: stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l) as EngineEvent) }))
  })
}

test('a configured archive is fetched, verified and unpacked before extract; a rerun fetches nothing', async () => {
  const projects = readdirSync(join(SAMPLE, 'generated')).sort().slice(0, 2)
  const archive = buildZip(sampleEntries(projects))
  const { server, url } = await serve(archive)
  try {
    const sha256 = createHash('sha256').update(archive).digest('hex')
    writeFileSync(join(work, 'config.json5'), JSON.stringify({ fetch: { url, sha256, target: 'fetched' } }))
    const first = await taskfile(['extract'])
    assert.is(first.code, 0, first.stderr)
    assert.equal(first.events.filter((e) => e.type === 'start').map((e) => e.stage), ['fetch', 'extract'])
    assert.is(requests, 1)
    assert.equal(readdirSync(join(work, 'fetched', 'generated')).sort(), projects)
    assert.equal(JSON.parse(readFileSync(join(work, 'fetched', '.locobench-fetch.json'), 'utf8')).sha256, sha256)
    const summary = JSON.parse(readFileSync(join(work, 'out', 'extract-summary.json'), 'utf8')) as { read: number; accepted: number }
    assert.equal([summary.read, summary.accepted], [16, 16])
    const again = await taskfile(['extract'])
    assert.is(again.code, 0, again.stderr)
    assert.equal(again.events.filter((e) => e.type === 'start'), [])
    assert.is(requests, 1, 'no second download')

    writeFileSync(join(work, 'config.json5'), JSON.stringify({ fetch: { url, sha256: '0'.repeat(64), target: 'fetched' } }))
    const wrong = await taskfile(['extract'])
    assert.is(wrong.code, 1)
    const fail = wrong.events.find((e) => e.type === 'fail') as Extract<EngineEvent, { type: 'fail' }>
    assert.match(fail.error, new RegExp(`expected: ${'0'.repeat(64)}\\n\\s*actual: +${sha256}`))
    assert.equal(readdirSync(join(work, 'fetched', 'generated')).sort(), projects, 'the data already there is untouched')
  } finally {
    server.close()
  }
})

test.after(() => suite.dispose())

test.run()
