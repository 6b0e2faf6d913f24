// What the generator writes for the shapes it maps: recursive and mutually recursive entities,
// primary keys (`id`, `x-tessera-pk`, a path parameter), `$ref`s with `~0` / `~1` escapes, paths
// with syntax characters, what it cannot map (a form body, header parameters). The output of
// all of them compiles and runs.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generate } from '../../src/openapi/generate'
import { tesseraPath } from '../../src/openapi/tesseraPath'
import { camelCase, pascalCase } from '../../src/openapi/names'
import { commentLines, stringLiteral } from '../../src/openapi/literals'
import { load, scratch, tsFiles, typeCheck } from './harness'

// Compiling with the TypeScript API and bundling take seconds each (GitHub's output: about ten).
jest.setTimeout(60_000)

const json = (schema: unknown) => ({ description: '', content: { 'application/json': { schema } } })
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Shapes', version: '1' },
  paths: {
    '/nodes/{id}': { get: { operationId: 'get-node', responses: { 200: json(ref('Node')) } } },
    '/users/{login}': { get: { operationId: 'GET_USER', responses: { 200: json(ref('User')) } } },
    '/accounts/{name}': { get: { operationId: 'getAccount', responses: { 200: json(ref('Account')) } } },
    '/slashed': { get: { operationId: 'getSlashed', responses: { 200: json({ $ref: '#/components/schemas/a~1b~0c' }) } } },
    '/forms/{id}': {
      post: {
        operationId: 'postForm',
        parameters: [{ name: 'X-Token', in: 'header', schema: { type: 'string' } }, { name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
        responses: { 204: { description: '' } },
      },
    },
  },
  components: {
    schemas: {
      Node: { type: 'object', properties: { id: { type: 'integer' }, parent: ref('Node'), children: { type: 'array', items: ref('Node') }, seen: { type: 'string', format: 'date-time', nullable: true } } },
      Left: { type: 'object', properties: { id: { type: 'string' }, right: ref('Right') } },
      Right: { type: 'object', properties: { id: { type: 'string' }, left: ref('Left') } },
      User: { type: 'object', properties: { login: { type: 'string' }, name: { type: 'string', default: 'anonymous' } } },
      Account: { type: 'object', 'x-tessera-pk': 'handle', properties: { handle: { type: 'string' }, name: { type: 'string' } } },
      'a/b~c': { type: 'object', properties: { value: { type: 'number' } } },
    },
  },
}

describe('generate', () => {
  const { files, warnings } = generate(DOCUMENT, { source: 'shapes.json' })
  const entities = files.get('entities.ts')!

  it('a recursive entity refers to itself in its schema, and defaults its own kind to null', () => {
    expect(entities).toContain(
      [
        'export class Node extends Entity {',
        '  id = 0',
        '  parent: Node | null = null',
        '  children: Node[] = []',
        '  seen: string | null = null',
        "  static override key = 'Node'",
        '  static override schema = { parent: Node, children: [Node] }',
        '}',
      ].join('\n'),
    )
  })

  it('entities in a cycle get their schemas once both classes exist', () => {
    expect(entities).toMatch(/export class Right extends Entity \{\n  id = ''\n  left: Left \| null = null\n/)
    expect(entities).toMatch(/export class Left extends Entity \{\n  id = ''\n  right: Right \| null = null\n/)
    // The first class defined cannot name the second in its body: its schema comes after both.
    expect(entities).toMatch(/\nRight\.schema = \{ left: Left \}\n$/)
    expect(entities.indexOf('class Right')).toBeLessThan(entities.indexOf('class Left'))
  })

  it('primary keys: x-tessera-pk, else id, else the path parameter a GET of it names', () => {
    expect(entities).toContain("export class Account extends Entity {\n  handle = ''\n  name = ''\n  pk() {\n    return this.handle\n  }")
    expect(entities).toContain("export class User extends Entity {\n  login = ''\n  name = 'anonymous'\n  pk() {\n    return this.login\n  }")
  })

  it('follows $refs with ~1 and ~0, and names the schema from its words', () => {
    expect(files.get('types.ts')).toContain('export type ABC = {\n  value?: number\n}')
  })

  it('names endpoints from operationIds in camelCase, and says what it did not map', () => {
    const text = [...files.values()].join('\n')
    expect(text).toContain('export const getNode = new RestEndpoint({')
    expect(text).toContain('export const getUser = new RestEndpoint({')
    expect(text).toContain('Not mapped (send it yourself, e.g. in getRequestInit / getHeaders): header parameter "X-Token", a multipart/form-data request body.')
    expect(warnings).toEqual([])
  })

  it('compiles, and the cycle of entities normalizes at run time', async () => {
    const dir = scratch()
    mkdirSync(join(dir, 'out'))
    for (const [name, text] of files) writeFileSync(join(dir, 'out', name), text)
    expect(typeCheck(tsFiles(dir))).toEqual([])
    const api = await load(join(dir, 'out'))
    const store = api.createStore()
    const endpoint = api.getNode
    store.controller.setResponse(endpoint, { id: 1 }, { id: 1, parent: { id: 2, children: [{ id: 1 }] }, children: [] })
    const node = store.controller.get(api.Node, { id: 1 }, store.getState())
    expect(node.parent).toBeInstanceOf(api.Node)
    expect(node.parent.children[0]).toBe(node)
    expect(new api.Left().right).toBeNull()
    expect(api.Left.schema).toEqual({ right: api.Right })
    expect(api.Right.schema).toEqual({ left: api.Left })
  })
})

describe('the writers of names, strings, comments and paths', () => {
  it.each([
    ['pet-store_item', 'PetStoreItem'],
    ['200 response', '_200Response'],
    ['class', 'Class'],
    ['Ünïcödé', 'Unicode'],
    ['???', 'Schema'],
    ['HTTPServer', 'HTTPServer'],
  ])('pascalCase(%j) is %j', (name, expected) => expect(pascalCase(name, 'Schema')).toBe(expected))

  it.each([
    ['find-pets_by status', 'findPetsByStatus'],
    ['GET_pets', 'getPets'],
    ['delete', 'delete_'],
    ['1st op', '_1stOp'],
    ['repos/get-content', 'reposGetContent'],
  ])('camelCase(%j) is %j', (name, expected) => expect(camelCase(name, 'x')).toBe(expected))

  it('string literals escape quotes, backslashes and line separators, and evaluate back to the text', () => {
    for (const text of ["it's", 'say "hi"', 'back\\slash\\"', 'a\u2028b\u2029c\nd', '${x}`', '\\\'']) {
      const literal = stringLiteral(text)
      expect(literal).toMatch(/^'.*'$/s)
      expect(literal).not.toMatch(/[\n\u2028\u2029]/)
      expect(new Function(`return ${literal}`)()).toBe(text)
    }
  })

  it('comment text cannot close the comment, and every line break is a line', () => {
    expect(commentLines('a */ b\r\nc\u2028d')).toEqual(['a *\\/ b', 'c', 'd'])
  })

  it.each([
    ['/pets/{petId}', '/pets/:petId'],
    ['/things/{thing-id}', '/things/:"thing-id"'],
    ['/{a}x/{b}.json', '/:"a"x/:b.json'],
    ['/a:b*c(d)?e+{f}', '/a\\:b\\*c\\(d\\)\\?e\\+:f'],
    ['/files/{name"}', undefined],
  ])('tesseraPath(%j) is %j', (path, expected) => expect(tesseraPath(path)).toBe(expected))
})
