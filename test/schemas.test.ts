import { createRequire } from 'node:module'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { SCHEMA_CODE_DIR, SchemaSet } from '../scripts/engine/schema-set.ts'
import { SCHEMA_DIR } from '../scripts/lib/schemas.ts'

const require = createRequire(import.meta.url)

const files = [
  ...readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.json')),
  ...readdirSync(join(SCHEMA_DIR, 'config')).map((f) => `config/${f}`),
]

test('every schema in schemas/ is valid JSON Schema 2020-12 and compiles in strict mode', () => {
  // The production instance skips meta-validation for start-up speed; this is where it happens.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true })
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))
    assert.ok(ajv.validateSchema(schema), `${file}: ${ajv.errorsText(ajv.errors)}`)
    assert.ok(schema.$id, `${file} has an $id`)
    ajv.addSchema(schema)
  }
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8'))
    assert.type(ajv.getSchema(schema.$id), 'function', `${file} compiles`)
  }
})

// A set of two schemas, one $ref-ing the other, with a default and a length (whose code requires
// ajv's runtime), in a temp dir; the stored code goes to a dir of its own beside the real one.
function codeRig(schemas: Record<string, object>) {
  const dir = mkdtempSync(join(tmpdir(), 'schema-set-'))
  for (const [name, schema] of Object.entries(schemas)) writeFileSync(join(dir, name), JSON.stringify(schema))
  mkdirSync(dirname(SCHEMA_CODE_DIR), { recursive: true })
  const code = mkdtempSync(join(dirname(SCHEMA_CODE_DIR), 'test-'))
  return { dir, code, stored: () => readdirSync(code).filter((f) => f.endsWith('.cjs')).sort(), [Symbol.dispose]: () => [dir, code].forEach((d) => rmSync(d, { recursive: true, force: true })) }
}
const NAME = { $id: 'urn:t:name', type: 'string', minLength: 2 }
const ITEM = { $id: 'urn:t:item', type: 'object', required: ['name'], additionalProperties: false, properties: { name: { $ref: 'urn:t:name' }, size: { type: 'integer', default: 1 } } }
const verdicts = (set: SchemaSet) => [
  set.check('item.schema.json', { name: 'ab' }),
  set.check('item.schema.json', { name: 'a', extra: 1 }),
  set.compile('item.schema.json', true)({ name: 'ab' }),
]

test('a compiled validator is kept as code and the next set loads it: same verdicts, same issues, defaults still filled', () => {
  using r = codeRig({ 'name.schema.json': NAME, 'item.schema.json': ITEM })
  const first = new SchemaSet([r.dir], r.code)
  const expected = verdicts(first)
  assert.equal(expected[1], [{ pointer: '/extra', message: 'is not allowed here' }, { pointer: '/name', message: 'must NOT have fewer than 2 characters' }])
  assert.is(r.stored().length, 2, 'the checker and the defaulter, each stored')
  // The stored code alone: it must say what ajv said.
  for (const file of r.stored()) {
    const validate = require(join(r.code, file)) as (v: unknown) => boolean
    assert.is(validate({ name: 'a' }), false, file)
    const filled: Record<string, unknown> = { name: 'ab' }
    assert.is(validate(filled), true, file)
  }
  const second = new SchemaSet([r.dir], r.code)
  assert.equal(verdicts(second), expected)
  const withDefaults = { name: 'ab' } as Record<string, unknown>
  assert.ok(second.compile('item.schema.json', true)(withDefaults))
  assert.is(withDefaults.size, 1)
  // The next set runs what is stored (here a stand-in that rejects everything), not a compile.
  for (const file of r.stored()) delete require.cache[join(r.code, file)] // this process loaded them above
  for (const file of r.stored()) writeFileSync(join(r.code, file), `module.exports = function v() { v.errors = [{ instancePath: '', keyword: 'x', params: {}, message: 'stored code ran' }]; return false }`)
  assert.equal(new SchemaSet([r.dir], r.code).check('item.schema.json', { name: 'ab' }), [{ pointer: '/', message: 'stored code ran' }])
})

test('code is never reused across a schema change, and code that does not load is compiled and stored again', () => {
  using r = codeRig({ 'name.schema.json': NAME, 'item.schema.json': ITEM })
  new SchemaSet([r.dir], r.code).check('item.schema.json', { name: 'ab' })
  const [before] = r.stored()
  // The referenced schema changes: the item's code must change with it.
  writeFileSync(join(r.dir, 'name.schema.json'), JSON.stringify({ ...NAME, minLength: 3 }))
  const changed = new SchemaSet([r.dir], r.code)
  assert.equal(changed.check('item.schema.json', { name: 'ab' }), [{ pointer: '/name', message: 'must NOT have fewer than 3 characters' }])
  const after = r.stored().filter((f) => f !== before)
  assert.is(after.length, 1)
  writeFileSync(join(r.code, after[0]), 'module.exports = (')
  const again = new SchemaSet([r.dir], r.code)
  assert.equal(again.check('item.schema.json', { name: 'ab' }), [{ pointer: '/name', message: 'must NOT have fewer than 3 characters' }])
  assert.match(readFileSync(join(r.code, after[0]), 'utf8'), /^"use strict"/)
})

test.run()
