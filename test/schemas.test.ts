import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { SCHEMA_DIR } from '../scripts/lib/schemas.ts'

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

test.run()
