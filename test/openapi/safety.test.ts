// The document is untrusted input that becomes code. A hostile document (fixtures/hostile.json:
// comment closers, quotes, template syntax and line separators in every text, reserved words,
// digits, dashes, Unicode and clashes in names, `__proto__` and `constructor` as properties,
// a tag that looks like a path) generates code that compiles and runs without running any of it;
// and bad input fails with one line, a non-zero exit code and nothing written.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { load, mockServer, root, run, scratch, tsFiles, typeCheck } from './harness'

// Compiling with the TypeScript API and bundling take seconds each (GitHub's output: about ten).
jest.setTimeout(60_000)

const hostile = join(__dirname, 'fixtures/hostile.json')

describe('a hostile document', () => {
  let dir: string
  let result: Awaited<ReturnType<typeof run>>

  beforeAll(async () => {
    dir = scratch()
    result = await run('openapi', hostile, '--out', join(dir, 'out'))
  })

  it('generates, warning about the fields a class cannot have', () => {
    expect(result.code).toBe(0)
    expect(result.err).toEqual(
      ['__proto__', 'constructor', 'pk', 'toString', 'hasOwnProperty'].map(
        (name) => `tessera openapi: warning: class.${name}: left out of the Class class (a field of that name would break the class); its ClassData type has it`,
      ),
    )
  })

  it('writes only into --out, only plain file names (the tag "../../escape" is escape.ts)', () => {
    expect(readdirSync(dir)).toEqual(['out'])
    expect(readdirSync(join(dir, 'out')).sort()).toEqual(['constructor_.ts', 'entities.ts', 'escape.ts', 'index.ts', 'proto.ts', 'types.ts', 'urlPrefix.ts'])
  })

  it('names become identifiers: reserved words, digits, dashes, Unicode and clashes', () => {
    const text = tsFiles(join(dir, 'out'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n')
    // `class` → Class, `Class` → Class2, `123` → _123, `my-schema` → MySchema, `Date` and `Entity`
    // (names the module uses) → Date2 and Entity2, `Ünïcödé` → Unicode, `__proto__` → Proto;
    // operationIds `constructor` and `toString`.
    for (const name of ['class Class ', 'type Class2 ', 'type _123 ', 'type MySchema ', 'class Date2 ', 'class Entity2 ', 'type Unicode ', 'class Proto ', 'const constructor_ ', 'const toString ']) {
      expect(text).toContain(name)
    }
  })

  it('compiles under --strict', () => {
    writeFileSync(
      join(dir, 'consumer.ts'),
      `import { createStore } from 'tessera'
      import { ClassResource, constructor_ } from './out'
      const store = createStore()
      export async function calls() {
        await store.controller.fetch(ClassResource.get, { 'thing-id': 1 })
        await store.controller.fetch(ClassResource.getList, { __proto__: 'x' })
        await store.controller.fetch(constructor_, { id: 'a' })
        // @ts-expect-error: the path parameter is thing-id
        await store.controller.fetch(ClassResource.get, { id: 1 })
      }`,
    )
    expect(typeCheck(tsFiles(dir))).toEqual([])
  })

  it('runs without running any of the document: no global written, no prototype changed, text kept as data', async () => {
    const api = await load(join(dir, 'out'))
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined()
    expect(api.urlPrefix).toBe("http://x/'+(globalThis.pwned=5)+'")
    expect(api.Entity2.key).toBe("'); globalThis.pwned = 12; ('")
    expect(new api.Class()['a-b']).toBe("x'; globalThis.pwned = 7; '")
    expect(Object.keys(new api.Class())).toEqual(['id', 'a-b', '*/ globalThis.pwned = 8 /*', 'Ünïcödé', 'self', 'children'])
  })

  it('a response with `__proto__` and `constructor` members stays plain data in the store', async () => {
    // Served at the root (the document's own server is one of its hostile strings).
    const server = await mockServer({ ...JSON.parse(readFileSync(hostile, 'utf8')), servers: [] }, (method, url) =>
      method === 'GET' && url.pathname === '/things/4'
        ? JSON.parse('{"id": 4, "__proto__": {"polluted": "yes"}, "constructor": "x", "toString": "y", "self": {"id": 5, "__proto__": {"polluted": "yes"}}}')
        : undefined,
    )
    try {
      const out = join(scratch(), 'out')
      expect((await run('openapi', hostile, '--out', out, '--url-prefix', server.url)).code).toBe(0)
      const api = await load(out)
      const store = api.createStore()
      await store.controller.fetch(api.ClassResource.get, { 'thing-id': 4 })
      await store.controller.fetch(api.constructor_, { id: 'a' })
      expect(server.seen.map(({ url }) => url)).toEqual(['/things/4', '/weird/a/a:b*c(d)'])
      const record = store.controller.get(api.Class, { id: 4 }, store.getState())
      expect(Object.getPrototypeOf(record)).toBe(api.Class.prototype)
      // The members are kept as the response had them: own data properties, not the prototype.
      expect(Object.getOwnPropertyDescriptor(record, 'constructor')?.value).toBe('x')
      expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toEqual({ polluted: 'yes' })
      expect(record.self).toBeInstanceOf(api.Class)
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
      expect((record as { polluted?: unknown }).polluted).toBeUndefined()
    } finally {
      await server.close()
    }
  })
})

describe('bad input: a one-line error, exit code 1, nothing written', () => {
  /** Runs the command on `file` into a fresh folder; expects failure and an untouched folder. */
  async function fails(file: string): Promise<string> {
    const dir = scratch()
    const { code, out, err } = await run('openapi', file, '--out', join(dir, 'out'))
    expect({ code, out, lines: err.length }).toEqual({ code: 1, out: [], lines: 1 })
    expect(err[0]).not.toMatch(/\n/)
    expect(readdirSync(dir)).toEqual([])
    return err[0]!
  }

  function document(name: string, content: unknown): string {
    const file = join(scratch(), name)
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
    return file
  }

  const operation = (schema: unknown) => ({ get: { responses: { 200: { description: '', content: { 'application/json': { schema } } } } } })
  const openapi = (paths: unknown, schemas: unknown = {}) => ({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths, components: { schemas } })

  it('not an OpenAPI document', async () => {
    expect(await fails(join(root, 'package.json'))).toBe(
      'tessera openapi: package.json is not an OpenAPI document: it has neither `openapi: 3.x` nor `swagger: "2.0"` at its top',
    )
  })

  it('a broken $ref, with where it is', async () => {
    expect(await fails(document('broken.json', openapi({ '/a': operation({ $ref: '#/components/schemas/Missing' }) })))).toBe(
      'tessera openapi: broken $ref "#/components/schemas/Missing": #/components/schemas has no "Missing" (at #/paths/~1a/get/responses/200/content/application~1json/schema)',
    )
  })

  it('a $ref to another file or a URL is refused, and never read', async () => {
    let requests = 0
    const server = createServer((_req, res) => {
      requests++
      res.end('{}')
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pet.json`
    try {
      expect(await fails(document('url.json', openapi({ '/a': operation({ $ref: url }) })))).toMatch(
        /^tessera openapi: external \$ref "http:\/\/127\.0\.0\.1:\d+\/pet\.json" at #\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema: tessera openapi reads one local file and never follows a \$ref to another file or a URL/,
      )
      const sibling = document('sibling.json', { type: 'object' })
      expect(await fails(document('file.json', openapi({ '/a': operation({ $ref: `${sibling}#/` }) })))).toMatch(/^tessera openapi: external \$ref ".*sibling\.json#\/" at /)
      expect(requests).toBe(0)
    } finally {
      await new Promise((done) => server.close(done))
    }
  })

  it('a $ref chain that comes back to itself', async () => {
    const schemas = { A: { $ref: '#/components/schemas/B' }, B: { $ref: '#/components/schemas/A' } }
    expect(await fails(document('cycle.json', openapi({}, schemas)))).toBe('tessera openapi: $ref "#/components/schemas/B" points back to itself without a schema in between')
  })

  it('an unreadable file: missing, a folder', async () => {
    expect(await fails('/nonexistent/spec.json')).toBe('tessera openapi: cannot read /nonexistent/spec.json: no such file')
    const folder = scratch()
    expect(await fails(folder)).toBe(`tessera openapi: cannot read ${folder}: it is a folder`)
  })

  it('JSON and YAML that do not parse', async () => {
    expect(await fails(document('bad.json', '{"openapi": '))).toMatch(/^tessera openapi: .*bad\.json is not valid JSON: /)
    expect(await fails(document('bad.yaml', 'openapi: 3.0.0\n  info: [\n'))).toMatch(/^tessera openapi: .*bad\.yaml is not valid YAML: /)
  })

  it('an --out folder it did not write is refused and left as it was', async () => {
    const dir = scratch()
    const out = join(dir, 'src')
    mkdirSync(out)
    writeFileSync(join(out, 'app.ts'), 'export {}\n')
    const { code, err } = await run('openapi', join(__dirname, 'fixtures/hostile.json'), '--out', out)
    expect({ code, err }).toEqual({ code: 1, err: [`tessera openapi: --out ${out} is a folder tessera openapi did not write (no generated index.ts): choose a new or empty folder`] })
    expect(readdirSync(dir)).toEqual(['src'])
    expect(readdirSync(out)).toEqual(['app.ts'])
  })

  it('a folder it wrote is replaced as a whole', async () => {
    const out = join(scratch(), 'out')
    expect((await run('openapi', hostile, '--out', out)).code).toBe(0)
    expect(readdirSync(out)).toContain('escape.ts')
    expect((await run('openapi', join(root, 'examples/demo/openapi.json'), '--out', out)).code).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['articles.ts', 'entities.ts', 'index.ts', 'reports.ts', 'types.ts'])
  })

  it('usage errors exit 2 with one line; --help exits 0', async () => {
    expect(await run('openapi', hostile)).toEqual({ code: 2, out: [], err: ['tessera openapi: give one document and --out <dir>, e.g. tessera openapi spec.json --out src/api (try tessera --help)'] })
    expect(await run('generate')).toEqual({ code: 2, out: [], err: ['tessera: unknown command "generate" (try tessera --help)'] })
    const bogus = await run('openapi', '--bogus')
    expect(bogus.code).toBe(2)
    expect(bogus.err).toEqual([expect.stringMatching(/^tessera openapi: Unknown option '--bogus'.* \(try tessera --help\)$/)])
    const help = await run('--help')
    expect(help.code).toBe(0)
    expect(help.out.join('\n')).toContain('openapi <spec.json|spec.yaml> --out <dir> [--url-prefix <url>]')
  })
})
