// `yaml` is an optional peer dependency, loaded only for a YAML document: without it, a YAML
// document fails with one line saying what to install, and a JSON one does not need it.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { examples, run, scratch } from './harness'

jest.mock('yaml', () => {
  throw Object.assign(new Error("Cannot find module 'yaml'"), { code: 'MODULE_NOT_FOUND' })
})

it('a YAML document without the yaml package: one line, exit 1, nothing written', async () => {
  const dir = scratch()
  const result = await run('openapi', join(examples, '3.0/yaml/petstore.yaml'), '--out', join(dir, 'out'))
  expect(result).toEqual({ code: 1, out: [], err: ['tessera openapi: reading YAML needs the `yaml` package: npm i -D yaml'] })
  expect(readdirSync(dir)).toEqual([])
})

it('a JSON document does not need it', async () => {
  const result = await run('openapi', join(examples, '3.0/json/petstore.json'), '--out', join(scratch(), 'out'))
  expect(result.code).toBe(0)
})
