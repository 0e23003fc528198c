import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { symlinkSync } from 'node:fs'
import { harborDigest, harborDigestOfDir, harborPacks } from '../scripts/lib/harbor-digest.ts'
import { sha256 } from '../scripts/lib/hash.ts'
import { rig } from './helpers/rig.ts'

// Harbor's documented task digest, written the way its Python packager walks a task dir:
// rglob + is_file (file symlinks followed, directory symlinks not descended), the packed root
// files and folders only, editor and interpreter droppings ignored, records sorted by path.
const HARBOR_REFERENCE = String.raw`
import fnmatch, hashlib, sys
from pathlib import Path
root = Path(sys.argv[1])
IGNORED = ('__pycache__', '*.pyc', '.DS_Store', '*.swp', '*.swo', '*~')
ROOT_FILES = ('task.toml', 'instruction.md', 'README.md', 'trajectory.json')
DIRS = ('environment', 'tests', 'solution', 'steps')
records = []
for p in root.rglob('*'):
    if not p.is_file():
        continue
    rel = p.relative_to(root)
    if any(fnmatch.fnmatchcase(part, pat) for part in rel.parts for pat in IGNORED):
        continue
    if (len(rel.parts) == 1 and rel.parts[0] in ROOT_FILES) or (len(rel.parts) > 1 and rel.parts[0] in DIRS):
        records.append((rel.as_posix(), hashlib.sha256(p.read_bytes()).hexdigest()))
h = hashlib.sha256()
for path, digest in sorted(records):
    h.update(path.encode() + b'\0' + digest.encode() + b'\n')
print(h.hexdigest())
`

const harborReference = (dir: string): string => {
  const run = spawnSync('python3', ['-c', HARBOR_REFERENCE, dir], { encoding: 'utf8' })
  assert.is(run.status, 0, run.stderr)
  return run.stdout.trim()
}

test('a task dir with symlinks, caches and stray root files digests exactly as Harbor does', () => {
  const task = rig({
    'task.toml': '[task]\nname = "locobench/x"\n',
    'instruction.md': '# Task\n',
    'notes.txt': 'a user note Harbor does not pack\n',
    'environment/Dockerfile': 'FROM debian:trixie-slim\n',
    'environment/project/src/main.py': 'print("hi")\n',
    'environment/project/src/__pycache__/main.cpython-311.pyc': 'bytecode',
    'environment/project/src/util.pyc': 'bytecode',
    'environment/project/.DS_Store': 'finder',
    'environment/project/src/.main.py.swp': 'vim',
    'environment/project/src/main.py~': 'backup',
    'environment/project/docs/naïve façade 🚀.md': 'unicode names sort by code point\n',
    'environment/project/docs/zeta.md': 'z\n',
    'tests/test.sh': '#!/bin/bash\n',
    'solution/solve.sh': '#!/bin/bash\n',
  })
  try {
    symlinkSync('.', task.path('environment/project/self_loop'))
    symlinkSync('main.py', task.path('environment/project/src/alias.py'))
    symlinkSync('missing.py', task.path('environment/project/src/dangling.py'))
    assert.is(harborDigestOfDir(task.dir), harborReference(task.dir))
  } finally {
    task.dispose()
  }
})

test('the digest changes with any packed byte and ignores what Harbor does not pack', () => {
  const task = rig({ 'task.toml': 'a', 'environment/Dockerfile': 'FROM x\n', 'tests/test.sh': 't' })
  try {
    const before = harborDigestOfDir(task.dir)
    task.write({ 'README.txt': 'not packed', 'environment/x.pyc': 'ignored' })
    assert.is(harborDigestOfDir(task.dir), before)
    task.write({ 'environment/Dockerfile': 'FROM y\n' })
    assert.is.not(harborDigestOfDir(task.dir), before)
    assert.is(harborDigestOfDir(task.dir), harborReference(task.dir))
  } finally {
    task.dispose()
  }
})

test('records from a writer give the same digest as walking the files', () => {
  const task = rig({ 'task.toml': 'a', 'instruction.md': 'b', 'solution/solve.sh': 'c', 'extra.json': 'd' })
  try {
    const records = ['task.toml', 'instruction.md', 'solution/solve.sh', 'extra.json'].map((p) => [p, sha256(task.read(p))] as const)
    assert.is(harborDigest(records), harborDigestOfDir(task.dir))
  } finally {
    task.dispose()
  }
})

test('only the packed root files and folders count', () => {
  assert.ok(harborPacks('task.toml'))
  assert.ok(harborPacks('steps/one/instruction.md'))
  assert.not.ok(harborPacks('notes.txt'))
  assert.not.ok(harborPacks('environment/project/__pycache__/x.py'))
  assert.not.ok(harborPacks('tests/.verify.py.swo'))
})

test.run()
