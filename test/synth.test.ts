// The synthetic LoCoBench generator: Python-exact JSON, determinism, realism of a 100-project run,
// and the committed data/sample being exactly what the documented command regenerates.
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CATEGORIES, DIFFICULTIES, LANGUAGES, parseScenarioId } from '../scripts/lib/ids.ts'
import { check } from '../scripts/lib/schemas.ts'
import { main, SAMPLE_OPTIONS, sampleCommand, synthesize } from '../scripts/synth.ts'
import { pyDumps, pyFloat } from '../scripts/synth/pyjson.ts'
import { selectContext } from '../scripts/synth/synth-select.ts'
import { rig } from './helpers/rig.ts'

const ROOT = join(import.meta.dirname, '..')
const SAMPLE = join(ROOT, 'data', 'sample')

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name
    if (e.isDirectory()) out.push(...listFiles(join(dir, e.name), rel))
    else out.push(rel)
  }
  return out.sort()
}

/** Characters as Python's len() counts them. */
const codePoints = (text: string): number => {
  let n = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c < 0xd800 || c > 0xdbff) n++
  }
  return n
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

function sameTrees(a: string, b: string): void {
  const fa = listFiles(a)
  assert.equal(fa, listFiles(b), 'same file list')
  for (const f of fa) assert.ok(readFileSync(join(a, f)).equals(readFileSync(join(b, f))), `${f} differs`)
}

type Layout = 'A' | 'B' | 'C'
function layoutOf(paths: string[]): Layout {
  if (paths.every((p) => p.includes('//')) && new Set(paths.map((p) => p.split('//')[0])).size === 1) return 'A'
  return paths.some((p) => p.includes('//')) ? 'B' : 'C'
}

// ---------------------------------------------------------------------------------------------

const json = suite('python-exact JSON')

json('pyDumps writes what python3 json.dump(indent=2) writes, escapes and floats included', () => {
  const value = {
    text: 'ASCII, \u2014 dash, \u201cquotes\u201d, \u2022 bullet, \u2502 box, emoji \u{1f389}\u{1f680} \u26a0\ufe0f, tab\t, nl\n, quote " backslash \\ ctl \u0001 del \u007f',
    floats: [0.0, 1.0, 0.2, 0.9032878228516217, 1e-5, 1.5e-7, 123456789.125, 1e16, 1.7542000124471338e9, 412.8831627368927, 0.1 + 0.2].map(pyFloat),
    ints: [0, -3, 1002187, 2 ** 40],
    nested: { empty_list: [], empty_object: {}, list: [{ a: null, b: true, c: false }], deep: { x: [[], [1, [2]]] } },
  }
  const script = 'import json,sys; v=json.load(sys.stdin); sys.stdout.write(json.dumps(v, indent=2))'
  const py = spawnSync('python3', ['-c', script], { input: JSON.stringify(value), encoding: 'utf8' })
  assert.is(py.status, 0, py.stderr)
  // JSON.stringify turns 1.0 into 1, so python3 gets the float values from a float-preserving copy.
  const floats = spawnSync('python3', ['-c', `import json,sys; v=json.load(sys.stdin); v['floats']=[float(x) for x in v['floats']]; sys.stdout.write(json.dumps(v, indent=2))`], { input: JSON.stringify({ ...value, floats: value.floats.map((f) => f.value) }), encoding: 'utf8' })
  assert.is(floats.status, 0, floats.stderr)
  assert.is(pyDumps(value), floats.stdout)
  assert.ok(!py.stdout.endsWith('\n') && !/ \n/.test(py.stdout), 'python writes no trailing spaces and no final newline')
})

json.run()

// ---------------------------------------------------------------------------------------------

const selection = suite('context selection')

selection('core files of the category come first in file order, then relevance ranks the rest until the target is met', () => {
  const files = [
    { path: 'App//docs//guide.md', chars: 10_000, complexity: 0 },
    { path: 'App//src//auth.c', chars: 10_000, complexity: 0.5 },
    { path: 'App//src//render.c', chars: 10_000, complexity: 0.5 },
    { path: 'App//src//token.c', chars: 10_000, complexity: 0.5 },
    { path: 'App//src//security_policy.c', chars: 10_000, complexity: 0.5 },
    { path: 'App//src//widgets.c', chars: 10_000, complexity: 0.1 },
    { path: 'App//README.md', chars: 10_000, complexity: 0 },
    { path: 'App//src//layout.c', chars: 10_000, complexity: 0.1 },
    { path: 'App//src//theme.c', chars: 10_000, complexity: 0.1 },
    { path: 'App//src//colors.c', chars: 10_000, complexity: 0.1 },
  ]
  const s = selectContext('security_analysis', files, 'medium')
  // auth. and token. are core; security_policy.c scores on keywords; 5 of 10 equal files = 0.5.
  assert.equal(s.order.slice(0, 3), [1, 3, 4])
  assert.is(s.order.length, 5)
  assert.is(s.contextLength, 50_000)
  assert.is(s.coverage, 0.5)
  assert.is(s.difficulty, 'medium')
})

selection('when no target is reachable the natural selection decides, so the achieved difficulty can differ from the target', () => {
  // Two files, the core one holding 90%: an easy target (0.2-0.4) cannot be met.
  const files = [{ path: 'src/main.py', chars: 9_000, complexity: 0.3 }, { path: 'src/other.py', chars: 1_000, complexity: 0.3 }]
  const s = selectContext('architectural_understanding', files, 'easy')
  assert.is(s.difficulty, 'expert')
  assert.is(s.coverage, 0.9)
})

selection.run()

// ---------------------------------------------------------------------------------------------

const determinism = suite('determinism')

determinism('two runs with the same seed give identical bytes for every file, in-process and on two workers; agent scenarios validate', async () => {
  using r = rig({}, 'synth-det-')
  const a = r.mkdir('a')
  const b = r.mkdir('b')
  const options = { projects: 6, seed: 'same', scale: 0.05, agentScenarios: true }
  await synthesize({ ...options, out: a, workers: 1 })
  await synthesize({ ...options, out: b, workers: 2 })
  assert.ok(listFiles(a).length > 6 * (8 * 3 + 10))
  sameTrees(a, b)
  const agents = readdirSync(join(a, 'output', 'agent_scenarios'))
  assert.is(agents.length, 6 * 8)
  for (const file of agents) {
    const agent = readJson(join(a, 'output', 'agent_scenarios', file))
    assert.equal(check('raw-agent-scenario.schema.json', agent), [], file)
    assert.equal(agent.original_scenario, readJson(join(a, 'output', 'scenarios', file)), `${file} embeds its scenario`)
  }
})

determinism('another seed gives other projects and other texts', async () => {
  using r = rig({}, 'synth-seed-')
  const a = r.mkdir('a')
  const b = r.mkdir('b')
  await synthesize({ out: a, projects: 10, seed: 1, scale: 0.02, workers: 1 })
  await synthesize({ out: b, projects: 10, seed: 2, scale: 0.02, workers: 1 })
  assert.not.equal(readdirSync(join(a, 'generated')).sort(), readdirSync(join(b, 'generated')).sort())
})

determinism.run()

// ---------------------------------------------------------------------------------------------

const realism = suite('realism of a 100-project run')
const real = rig({}, 'synth-real-')
const run = { dir: real.dir, scenarios: [] as { file: string; s: Record<string, any> }[], metas: new Map<string, Record<string, any>>(), texts: new Map<string, Map<string, string>>() }

realism.before(async () => {
  await synthesize({ out: run.dir, projects: 100, seed: 'realism', scale: 0.02 })
  for (const id of readdirSync(join(run.dir, 'generated'))) {
    const meta = readJson(join(run.dir, 'generated', id, 'project_metadata.json'))
    run.metas.set(id, meta)
    run.texts.set(id, new Map(meta.files.map((f: { path: string }) => [f.path, readFileSync(join(run.dir, 'generated', id, f.path.replaceAll('//', '/')), 'utf8')])))
  }
  const dir = join(run.dir, 'output', 'scenarios')
  for (const file of readdirSync(dir).sort()) run.scenarios.push({ file, s: readJson(join(dir, file)) })
})
realism.after(() => real.dispose())

realism('100 projects spread over the 10 languages, 800 scenarios, every id parses and names an existing project', () => {
  assert.is(run.metas.size, 100)
  assert.is(run.scenarios.length, 800)
  const languages = new Map<string, number>()
  for (const { file, s } of run.scenarios) {
    assert.is(file, `${s.id}.json`)
    const parsed = parseScenarioId(s.id)
    assert.ok(parsed.ok, s.id)
    if (!parsed.ok) continue
    assert.ok(run.metas.has(parsed.value.projectId), `${s.id}: project ${parsed.value.projectId} exists`)
    assert.is(parsed.value.category, s.task_category)
    assert.is(parsed.value.instance, 1)
    assert.is(run.metas.get(parsed.value.projectId)!.specification.language, parsed.value.language)
    languages.set(parsed.value.language, (languages.get(parsed.value.language) ?? 0) + 1)
  }
  assert.equal([...languages.keys()].sort(), [...LANGUAGES].sort())
  for (const n of languages.values()) assert.is(n, 80)
})

realism('every project has exactly one scenario per category, all with one id difficulty; 25 projects per label', () => {
  const byProject = new Map<string, { categories: string[]; difficulties: Set<string> }>()
  for (const { s } of run.scenarios) {
    const p = parseScenarioId(s.id)
    if (!p.ok) continue
    const e = byProject.get(p.value.projectId) ?? { categories: [], difficulties: new Set() }
    e.categories.push(p.value.category)
    e.difficulties.add(p.value.difficulty)
    byProject.set(p.value.projectId, e)
  }
  const labels = new Map<string, number>()
  for (const [id, e] of byProject) {
    assert.equal(e.categories.sort(), [...CATEGORIES].sort(), id)
    assert.is(e.difficulties.size, 1, id)
    const d = [...e.difficulties][0]
    labels.set(d, (labels.get(d) ?? 0) + 1)
  }
  for (const d of DIFFICULTIES) assert.is(labels.get(d), 25, d)
})

realism('context_length equals the code points of the listed files on disk; files_count equals the list length', () => {
  let nonAsciiContext = 0
  for (const { s } of run.scenarios) {
    const projectId = s.id.slice(0, s.id.indexOf(`_${s.task_category}_`))
    let chars = 0
    const texts = run.texts.get(projectId)!
    for (const path of s.context_files) {
      // Read from disk by before(); every listed file must be one of the project's files.
      const text = texts.get(path)
      assert.type(text, 'string', `${s.id}: ${path} exists`)
      chars += codePoints(text!)
      if (text!.length !== codePoints(text!)) nonAsciiContext++
    }
    assert.is(s.context_length, chars, s.id)
    assert.is(s.metadata.context_length, chars, s.id)
    assert.is(s.metadata.files_count, s.context_files.length, s.id)
    assert.is(new Set(s.context_files).size, s.context_files.length, `${s.id}: no duplicates`)
  }
  assert.ok(nonAsciiContext > 0, 'some context files hold characters outside the BMP')
})

realism('information_coverage is the context share of the project, capped at 1, and usually matches the id difficulty', () => {
  const ranges: Record<string, [number, number]> = { easy: [0.2, 0.4], medium: [0.4, 0.6], hard: [0.6, 0.8], expert: [0.8, 1.0] }
  let mismatches = 0
  for (const { s } of run.scenarios) {
    const projectId = s.id.slice(0, s.id.indexOf(`_${s.task_category}_`))
    const total = [...run.texts.get(projectId)!.values()].reduce((a, t) => a + codePoints(t), 0)
    assert.is(s.metadata.information_coverage, Math.min(s.context_length / total, 1), s.id)
    assert.equal(s.metadata.coverage_range, ranges[s.difficulty], s.id)
    if (s.difficulty !== s.id.split('_').at(-2)) mismatches++
  }
  assert.ok(mismatches > 0 && mismatches < 80, `${mismatches} of 800 achieved difficulties differ from the id`)
})

realism('all three layouts appear; A and B list `//` paths, C is the exact fallback tree', () => {
  const seen = new Set<Layout>()
  for (const [id, meta] of run.metas) {
    const paths: string[] = meta.files.map((f: { path: string }) => f.path)
    const layout = layoutOf(paths)
    seen.add(layout)
    assert.is(meta.generated_stats.files_count, paths.length, id)
    if (layout !== 'C') continue
    const x = ({ python: '.py', javascript: '.js', typescript: '.ts', java: '.java', cpp: '.cpp', go: '.go' } as Record<string, string>)[meta.specification.language] ?? '.txt'
    const manifest = meta.specification.language === 'python' ? 'requirements.txt' : 'package.json'
    const expected = [`src/utils${x}`, `src/config${x}`, `src/constants${x}`, `tests/test_main${x}`, `tests/test_utils${x}`, 'README.md', manifest, '.gitignore', 'Dockerfile', 'docs/api.md',
      ...Array.from({ length: paths.length - 10 }, (_, k) => `src/module_${k + 1}${x}`)]
    assert.equal(paths, expected, id)
  }
  assert.equal([...seen].sort(), ['A', 'B', 'C'])
})

realism('file counts follow the project complexity', () => {
  const bounds: Record<string, [number, number]> = { easy: [10, 15], medium: [15, 40], hard: [40, 80], expert: [80, 100] }
  for (const [id, meta] of run.metas) {
    const [lo, hi] = bounds[meta.specification.complexity]
    assert.ok(meta.files.length >= lo && meta.files.length <= hi, `${id}: ${meta.files.length} files`)
    assert.is(meta.files.length, meta.specification.target_file_count, id)
  }
})

realism('every JSON file validates against its raw schema', () => {
  for (const { file, s } of run.scenarios) assert.equal(check('raw-scenario.schema.json', s), [], file)
  for (const [id, meta] of run.metas) assert.equal(check('raw-project-metadata.schema.json', meta), [], id)
  for (const file of readdirSync(join(run.dir, 'output', 'validation', 'test_suites'))) {
    assert.equal(check('raw-validation-suite.schema.json', readJson(join(run.dir, 'output', 'validation', 'test_suites', file))), [], file)
  }
})

realism('JSON files are ASCII with \\u escapes and byte-identical to python3 json.dumps(indent=2) of their content', () => {
  const jsonFiles = listFiles(run.dir).filter((f) => f.endsWith('.json') && !f.includes('/generated/') && (f.startsWith('output/') || f.endsWith('project_metadata.json')))
  let escapes = 0
  for (const f of jsonFiles) {
    const bytes = readFileSync(join(run.dir, f))
    assert.ok(bytes.every((b) => b < 0x80), `${f} is ASCII`)
    if (bytes.includes('\\ud83')) escapes++
  }
  assert.ok(escapes > 0, 'astral characters appear as surrogate-pair escapes')
  const list = join(run.dir, 'json-files.txt')
  writeFileSync(list, jsonFiles.join('\n'))
  const script = [
    'import json, sys, os',
    'root = sys.argv[1]; bad = []',
    'for rel in open(sys.argv[2]).read().split("\\n"):',
    '    raw = open(os.path.join(root, rel), "rb").read().decode("ascii")',
    '    if json.dumps(json.loads(raw), indent=2) != raw: bad.append(rel)',
    'print(len(bad), bad[:3])',
  ].join('\n')
  const py = spawnSync('python3', ['-c', script, run.dir, list], { encoding: 'utf8' })
  assert.is(py.status, 0, py.stderr)
  assert.is(py.stdout.trim(), '0 []')
})

realism('ground truths and descriptions name files and identifiers that exist in the project', () => {
  let checked = 0
  let objects = 0
  for (const { s } of run.scenarios) {
    const projectId = s.id.slice(0, s.id.indexOf(`_${s.task_category}_`))
    const texts = run.texts.get(projectId)!
    const root = layoutOf([...texts.keys()]) === 'A' ? `${[...texts.keys()][0].split('//')[0]}/` : ''
    const known = new Set([...texts.keys()].flatMap((p) => [p, p.replaceAll('//', '/'), p.replaceAll('//', '/').slice(root.length)]))
    const exists = (token: string) => known.has(token) || [...texts.values()].some((t) => t.includes(token))
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.flatMap(strings) : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : []
    const mentions = (value: unknown) => {
      const all = strings(value)
      const tokens = [...all, ...all.flatMap((t) => [...t.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]))]
      return tokens.filter(exists).length
    }
    assert.ok(mentions(s.description) > 0, `${s.id}: description`)
    if (s.ground_truth === '') continue
    if (typeof s.ground_truth === 'object') objects++
    assert.ok(mentions(s.ground_truth) > 0, `${s.id}: ground truth`)
    checked++
  }
  assert.ok(checked > 790 && objects > 80, `${checked} ground truths checked, ${objects} objects`)
})

realism('project files are UTF-8 and about one in seven carries non-ASCII text', () => {
  let files = 0
  let nonAscii = 0
  for (const texts of run.texts.values()) {
    for (const t of texts.values()) {
      files++
      if (/[^\x00-\x7f]/.test(t)) nonAscii++
    }
  }
  assert.ok(nonAscii / files > 0.08 && nonAscii / files < 0.25, `${nonAscii} of ${files}`)
})

realism.run()

// ---------------------------------------------------------------------------------------------

const sample = suite('data/sample')

sample('the committed sample is byte-identical to a fresh run of the documented command', async () => {
  using r = rig({}, 'synth-sample-')
  const dir = r.dir
  await synthesize({ out: dir, ...SAMPLE_OPTIONS })
  sameTrees(SAMPLE, dir)
  assert.ok(readFileSync(join(ROOT, 'data', 'README.md'), 'utf8').includes(sampleCommand()), 'data/README.md shows the exact command')
})

// The synthetic projects carry realistic .gitignore files (build/, .env.*), so `git add` silently
// leaves some sample files out and only a fresh clone would notice; they must be added with -f.
sample('git tracks every file of the sample, including those the projects\' own .gitignore files exclude', () => {
  const git = spawnSync('git', ['ls-files', '-z', '--', 'data/sample'], { cwd: ROOT, encoding: 'utf8' })
  assert.is(git.status, 0, git.stderr)
  const tracked = new Set(git.stdout.split('\0').filter(Boolean).map((p) => p.slice('data/sample/'.length)))
  const untracked = listFiles(SAMPLE).filter((f) => !tracked.has(f))
  assert.equal(untracked, [], `not in git (git add -f them): ${untracked.join(', ')}`)
})

sample('the sample covers 10 languages, 8 categories, 4 id difficulties and 3 layouts; most scenarios pass the default thresholds', () => {
  const projects = readdirSync(join(SAMPLE, 'generated'))
  assert.ok(projects.length >= 20)
  const layouts = new Set(projects.map((p) => layoutOf(readJson(join(SAMPLE, 'generated', p, 'project_metadata.json')).files.map((f: { path: string }) => f.path))))
  assert.equal([...layouts].sort(), ['A', 'B', 'C'])
  const scenarios = readdirSync(join(SAMPLE, 'output', 'scenarios')).map((f) => readJson(join(SAMPLE, 'output', 'scenarios', f)))
  const ids = scenarios.map((s) => parseScenarioId(s.id)).filter((p) => p.ok).map((p) => p.value)
  assert.is(ids.length, projects.length * 8)
  assert.equal(new Set(ids.map((i) => i.language)).size, 10)
  assert.equal(new Set(ids.map((i) => i.category)).size, 8)
  assert.equal(new Set(ids.map((i) => i.difficulty)).size, 4)
  const passing = scenarios.filter((s) => s.context_length > 50_000 && s.metadata.files_count > 5).length
  assert.ok(passing / scenarios.length > 0.75 && passing < scenarios.length, `${passing} of ${scenarios.length} pass`)
})

sample('the sample takes at most 10 MB on disk, counting whole 4 KiB blocks', () => {
  const blocks = (dir: string): number => readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
    const path = join(dir, e.name)
    return sum + (e.isDirectory() ? 4096 + blocks(path) : Math.ceil(statSync(path).size / 4096) * 4096)
  }, 0)
  const size = blocks(SAMPLE)
  assert.ok(size <= 10 * 1024 * 1024, `${size} bytes`)
})

sample.run()

// ---------------------------------------------------------------------------------------------

const cli = suite('synth CLI')
const synthCli = (...args: string[]) => spawnSync(process.execPath, [join(ROOT, 'scripts', 'synth.ts'), ...args], { encoding: 'utf8' })

async function cliRun(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const status = await main(args, { out: { write: (t: string) => (stdout += t) }, err: { write: (t: string) => (stderr += t) } })
  return { status, stdout, stderr }
}

cli('it refuses to write over existing data without --force, and replaces it with --force', async () => {
  using r = rig({}, 'synth-cli-')
  const dir = r.dir
  const first = await cliRun('--out', dir, '--projects', '2', '--scale', '0.02')
  assert.is(first.status, 0, first.stderr)
  assert.match(first.stdout, /^2 projects, 16 scenarios/)
  const again = await cliRun('--out', dir, '--projects', '2', '--scale', '0.02')
  assert.is(again.status, 2)
  assert.match(again.stderr, /already exists and is not empty \(use --force/)
  const forced = await cliRun('--out', dir, '--projects', '3', '--scale', '0.02', '--force')
  assert.is(forced.status, 0, forced.stderr)
  assert.is(readdirSync(join(dir, 'generated')).length, 3)
})

cli('bad usage exits 2 with the usage text; --help exits 0', async () => {
  for (const args of [[], ['--out', '/tmp/x', '--projects', '1001'], ['--out', '/tmp/x', '--scale', 'big'], ['--bogus']]) {
    const r = await cliRun(...args)
    assert.is(r.status, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.ok(r.stderr.length > 0, args.join(' '))
  }
  const help = await cliRun('--help')
  assert.is(help.status, 0)
  assert.match(help.stdout, /--agent-scenarios/)
})

cli('the script runs as a command and sets its exit code', () => {
  using r = rig({}, 'synth-cmd-')
  const dir = r.dir
  const ok = synthCli('--out', dir, '--projects', '1', '--scale', '0.02')
  assert.is(ok.status, 0, ok.stderr)
  assert.is(readdirSync(join(dir, 'output', 'scenarios')).length, 8)
})

cli.run()
