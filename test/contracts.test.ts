// The shared artifacts' readers (scripts/contracts/): they read what the schema allows, not the
// byte layout one writer happens to use.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rig } from './helpers/rig.ts'
import { datasetIds, DatasetError, indexRecords, readRecordAt } from '../scripts/contracts/dataset.ts'
import { sha256 } from '../scripts/lib/hash.ts'

const lines = [
  '{"id":"first","project_id":"p","n":1}',
  // id last, with a text before it that holds what an id prefix looks like
  '{"project_id":"p","text":"{\\"id\\":\\"decoy\\"","id":"last"}',
  '   ',
  '{ "n" : [1, {"id": "nested"}] , "id" : "spaced\\u0041" }',
  '{"id":"first_too","long":"' + 'x'.repeat(3 << 20) + '"}',
]

test('dataset index: ids found wherever the member is, blank lines skipped, records read back by offset', () => {
  using r = rig({ 'dataset.jsonl': `${lines.join('\n')}\n` })
  const file = r.path('dataset.jsonl')
  assert.equal(datasetIds(file), ['first', 'last', 'spacedA', 'first_too'])
  const index = indexRecords(file, new Set(['last', 'spacedA', 'absent']))
  assert.equal([...index.keys()], ['last', 'spacedA'])
  assert.equal(index.get('spacedA')?.line, 4)
  const { value, sha256: hash } = readRecordAt(file, index.get('last')!)
  assert.equal(value, { project_id: 'p', text: '{"id":"decoy"', id: 'last' })
  assert.is(hash, sha256(lines[1]))
  const long = indexRecords(file).get('first_too')!
  assert.is(readRecordAt(file, long).value.id, 'first_too')
})

test('dataset index: a repeated id, a line that is not JSON and a changed file are errors naming file and line', () => {
  using r = rig({ 'dup.jsonl': `${lines[0]}\n${lines[1]}\n${lines[0]}\n`, 'bad.jsonl': `${lines[0]}\n{"id": "x",\n` })
  assert.throws(() => indexRecords(r.path('dup.jsonl')), (e: Error) => e instanceof DatasetError && e.message === `${r.path('dup.jsonl')}:3: /id: duplicate id "first" (first on line 1)`)
  assert.throws(() => datasetIds(r.path('bad.jsonl')), (e: Error) => e instanceof DatasetError && e.message.startsWith(`${r.path('bad.jsonl')}:2: not valid JSON`))
  const at = indexRecords(r.path('dup.jsonl'), new Set(['last'])).get('last')!
  r.write({ 'dup.jsonl': `${lines[0]}\n${lines[1].replace('"last"', '"lost"')}\n` })
  assert.throws(() => readRecordAt(r.path('dup.jsonl'), at), (e: Error) => e instanceof DatasetError && e.message.includes(':2: the file changed during the run'))
})

test.run()
