/**
 * The path syntax of data-client 0.16+ (path-to-regexp 8) next to the older one (path-to-regexp 6,
 * data-client 0.10 to 0.15): `{…}` groups that are left out when a parameter in them has no value,
 * `*name` wildcards that take an array of segments, `:"quoted"` names, and `:name?` optional
 * parameters, all read by the same endpoints. Asserted on the URLs the fake fetch saw, the keys,
 * testKey and createResource's list path.
 */
import { expectTypeOf } from 'expect-type'
import { MissingParameterError, InvalidParameterError, RestEndpoint, createResource, shortenPath } from '../../../src/index'
import type { PathArgs } from '../../../src/index'
import { API, Todo, todo } from '../../fixtures/todos'
import { createTestStore } from '../../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

/** Calls `endpoint` with each argument set and returns the URLs the requests went to. */
async function requested(endpoint: (params?: any) => Promise<unknown>, ...calls: object[]): Promise<string[]> {
  for (const params of calls) await endpoint(params)
  return fake.requests.map((request) => `${request.method} ${request.url}`)
}

describe('optional groups {…}', () => {
  beforeEach(() => {
    for (const url of ['/users', '/users/5', '/users/5/admins', '/users/admins', '/users/a%2Fb%20c', '/1/x', '/x', '/1', '']) {
      fake.route(`GET ${API}${url}`, { json: {} })
    }
  })

  it('requests the group with its parameter, and the path without the group when the parameter is absent', async () => {
    const users = new RestEndpoint({ urlPrefix: API, path: '/users{/:id}' })
    expect(await requested(users, {}, { id: 5 }, { id: undefined }, { id: '' }, { id: 'a/b c' })).toEqual([
      `GET ${API}/users`,
      `GET ${API}/users/5`,
      `GET ${API}/users`,
      `GET ${API}/users`,
      `GET ${API}/users/a%2Fb%20c`,
    ])
  })

  it('fills chained groups each on its own, as the 0.14 syntax /:id?/:title? did', async () => {
    const v8 = new RestEndpoint({ urlPrefix: API, path: '{/:id}{/:title}' })
    const v6 = new RestEndpoint({ urlPrefix: API, path: '/:id?/:title?' })
    const calls = [{ id: 1, title: 'x' }, { title: 'x' }, { id: 1 }, {}]
    const sent = await requested(v8, ...calls)
    expect(sent).toEqual([`GET ${API}/1/x`, `GET ${API}/x`, `GET ${API}/1`, `GET ${API}`])
    expect(await requested(v6, ...calls)).toEqual([...sent, ...sent])
    expect(calls.map((call) => v8.key(call))).toEqual(calls.map((call) => v6.key(call)))
  })

  it('leaves a group out whole when any parameter in it is absent, and keeps its literal text otherwise', () => {
    const ranged = new RestEndpoint({ path: '/items{/:from-:to}/list' })
    expect(ranged.url({ from: 1, to: 9 })).toBe('/items/1-9/list')
    expect(ranged.url({ from: 1 })).toBe('/items/list')
    expect(new RestEndpoint({ path: '/a{/lit}/:id' }).url({ id: 2 })).toBe('/a/lit/2')
  })

  it('leaves an inner group out on its own, and the outer one with everything in it', () => {
    const nested = new RestEndpoint({ path: '/x{/:a{/:b}}' })
    expect(nested.url({ a: 1, b: 2 })).toBe('/x/1/2')
    expect(nested.url({ a: 1 })).toBe('/x/1')
    expect(nested.url({ b: 2 })).toBe('/x')
  })

  it('reads 0.14 groups with a ? after them (/:attr1?{-:attr2}?) and 0.16 groups alike', () => {
    const v6 = new RestEndpoint({ path: '/:attr1?{-:attr2}?{-:attr3}?' })
    const v8 = new RestEndpoint({ path: '{/:attr1}{-:attr2}{-:attr3}' })
    for (const call of [{ attr1: 'hi' }, { attr2: 'hi' }, { attr1: 'hi', attr3: 'ho' }]) expect(v6.url(call)).toBe(v8.url(call))
    expect(v8.url({ attr1: 'hi', attr3: 'ho' })).toBe('/hi-ho')
  })

  it('gives the same key for the same arguments in any order, and a different one per value', () => {
    const posts = new RestEndpoint({ path: '/:group/posts{/:id}', searchParams: {} as { page?: number } })
    expect(posts.key({ group: 'a', id: 1, page: 2 })).toBe(posts.key({ page: 2, id: 1, group: 'a' }))
    expect(posts.key({ group: 'a', id: 1, page: 2 })).toBe('GET /a/posts/1?page=2')
    expect(posts.key({ group: 'a' })).not.toBe(posts.key({ group: 'a', id: 1 }))
  })

  it('still throws MissingParameterError for a required parameter outside the groups, before any request', async () => {
    const posts = new RestEndpoint({ urlPrefix: API, path: '/:group/posts{/:id}' })
    await expect((posts as (params: object) => Promise<unknown>)({ id: 1 })).rejects.toThrow(MissingParameterError)
    await expect((posts as (params: object) => Promise<unknown>)({ id: 1 })).rejects.toThrow(/path parameter "group"/)
    expect(fake.requests).toEqual([])
  })

  it('reads a lone argument of a mutation on a path with only optional parameters as the body, as data-client does', async () => {
    const save = new RestEndpoint({ urlPrefix: API, path: '/users{/:id}', method: 'POST', body: {} as { title: string } })
    fake.route(`POST ${API}/users`, { json: {} })
    fake.route(`POST ${API}/users/5`, { json: {} })
    await save({ title: 'a' })
    await save({ id: 5 }, { title: 'b' })
    expect(fake.requests.map((request) => [request.url, request.json()])).toEqual([
      [`${API}/users`, { title: 'a' }],
      [`${API}/users/5`, { title: 'b' }],
    ])
  })

  it('has testKey accept the keys with and without the group, and refuse other paths', () => {
    const users = new RestEndpoint({ urlPrefix: API, path: '/users{/:id}' })
    expect(users.testKey(users.key({}))).toBe(true)
    expect(users.testKey(users.key({ id: 5 }))).toBe(true)
    expect(users.testKey(`GET ${API}/users/5?page=2`)).toBe(true)
    expect(users.testKey(`GET ${API}/users/5/posts`)).toBe(false)
    expect(users.testKey(`GET ${API}/people/5`)).toBe(false)
  })

  it('infers optional parameters for everything in a group', () => {
    const typesOnly = () => {
      expectTypeOf<PathArgs<'/users{/:id}'>>().toEqualTypeOf<{ id?: string | number }>()
      expectTypeOf<PathArgs<'/:group/posts{/:id}'>>().toEqualTypeOf<{ group: string | number; id?: string | number }>()
      const users = new RestEndpoint({ path: '/users{/:id}{/:group}' })
      users()
      users({ id: 5 })
      // @ts-expect-error not a parameter of the path, and no searchParams declared
      users({ name: 'x' })
    }
    expect(typesOnly).toBeDefined()
  })
})

describe('wildcards *name', () => {
  it('requests each segment of an array encoded and joined with /, or a string split at /', async () => {
    const files = new RestEndpoint({ urlPrefix: API, path: '/files/*path' })
    for (const url of ['/files/docs/reports/q4', '/files/a%20b/c%3Fd', '/files/src/index.ts']) fake.route(`GET ${API}${url}`, { json: {} })
    const calls = [{ path: ['docs', 'reports', 'q4'] }, { path: ['a b', 'c?d'] }, { path: 'src/index.ts' }]
    expect(await requested(files as (params?: any) => Promise<unknown>, ...calls)).toEqual([
      `GET ${API}/files/docs/reports/q4`,
      `GET ${API}/files/a%20b/c%3Fd`,
      `GET ${API}/files/src/index.ts`,
    ])
  })

  it('encodes a / inside an array item, so one item stays one segment', () => {
    expect(new RestEndpoint({ path: '/files/*path' }).url({ path: ['a/b', 'c'] })).toBe('/files/a%2Fb/c')
  })

  it('throws MissingParameterError for a required wildcard that is absent or empty', () => {
    const files = new RestEndpoint({ path: '/files/*path' }) as unknown as { url(params: object): string }
    expect(() => files.url({})).toThrow(MissingParameterError)
    expect(() => files.url({ path: [] })).toThrow(/path parameter "path"/)
  })

  it('refuses . and .. as a segment, which URLs would resolve to another path', () => {
    expect(() => new RestEndpoint({ path: '/files/*path' }).url({ path: ['a', '..'] })).toThrow(InvalidParameterError)
  })

  it('leaves an optional wildcard {/*path} out when absent or empty', () => {
    const files = new RestEndpoint({ path: '/files{/*path}' })
    expect(files.url({})).toBe('/files')
    expect(files.url({ path: [] })).toBe('/files')
    expect(files.url({ path: ['a', 'b'] })).toBe('/files/a/b')
  })

  it('gives equal keys for equal segments, and testKey matches keys of any depth', () => {
    const files = new RestEndpoint({ path: '/users/:id/*rest' })
    expect(files.key({ id: 5, rest: ['docs', 'file'] })).toBe(files.key({ rest: ['docs', 'file'], id: 5 }))
    expect(files.key({ id: 5, rest: ['docs', 'file'] })).toBe('GET /users/5/docs/file')
    expect(files.testKey('GET /users/5/docs/file')).toBe(true)
    expect(files.testKey('GET /users/5/a')).toBe(true)
    expect(files.testKey('GET /users/5')).toBe(false)
  })

  it('types a wildcard as an array of segments, optional in a group', () => {
    const typesOnly = () => {
      expectTypeOf<PathArgs<'/files/*path'>>().toEqualTypeOf<{ path: readonly (string | number)[] }>()
      expectTypeOf<PathArgs<'/users/:id{/*rest}'>>().toEqualTypeOf<{ id: string | number; rest?: readonly (string | number)[] }>()
      const files = new RestEndpoint({ path: '/files/*path' })
      files({ path: ['a', 'b'] })
      // @ts-expect-error an array, as in data-client
      files({ path: 'a/b' })
      // @ts-expect-error required
      files({})
    }
    expect(typesOnly).toBeDefined()
  })
})

describe('quoted names, escapes and malformed paths', () => {
  it('reads :"quoted" names with characters an identifier cannot hold', () => {
    const quoted = new RestEndpoint({ path: '/:"with-dash"/:"my.param"' })
    expect(quoted.url({ 'with-dash': 'a', 'my.param': 'b' })).toBe('/a/b')
    const typesOnly = () => expectTypeOf<PathArgs<'/:"with-dash"{/:"my.param"}'>>().toEqualTypeOf<{ 'with-dash': string | number; 'my.param'?: string | number }>()
    expect(typesOnly).toBeDefined()
  })

  it('makes escaped braces and stars literal text', () => {
    expect(new RestEndpoint({ path: '/x/\\{lit\\}/\\*/:id' }).url({ id: 1 })).toBe('/x/{lit}/*/1')
    const typesOnly = () => expectTypeOf<keyof PathArgs<'/x/\\{lit\\}/\\*star/:id'>>().toEqualTypeOf<'id'>()
    expect(typesOnly).toBeDefined()
  })

  it('reads ? and + in a 0.16 query template as literal text (/search?{q=:q}{&page=:page})', () => {
    const search = new RestEndpoint({ path: '/search?{q=:q}{&page=:page}' })
    expect(search.url({ q: 'test', page: 1 })).toBe('/search?q=test&page=1')
    expect(search.url({ page: 1 })).toBe('/search?&page=1')
  })

  it.each(['/users{/:id', '/users/:id}', '/a}{/:id}', '{{/:id}'])('throws a TypeError naming %s when it is constructed', (path) => {
    expect(() => new RestEndpoint({ path })).toThrow(TypeError)
    expect(() => new RestEndpoint({ path })).toThrow(`The path ${path} has a { or } without its pair`)
    expect(() => createResource({ path, schema: Todo })).toThrow(TypeError)
  })
})

describe('createResource on a grouped or wildcard path', () => {
  it.each([
    ['/users{/:id}', '/users'],
    ['/:group/posts{/:id}', '/:group/posts'],
    ['{/:id}{/:title}', '{/:id}'],
    ['{/:id}', '/'],
    ['/repos/:owner/*path', '/repos/:owner'],
    ['/api/:version/files/*path', '/api/:version/files'],
    ['/x{/:a{/:b}}', '/x{/:a{/:b}}'],
  ])('shortens %s to %s for getList and create', (path, short) => {
    expect(shortenPath(path)).toBe(short)
    expect(createResource({ path, schema: Todo }).getList.path).toBe(short)
  })

  it('gets, lists and creates through a grouped path, the created item appearing in the list', async () => {
    const todos = createResource({ urlPrefix: API, path: '/lists/:list/todos{/:id}', schema: Todo })
    fake.route(`GET ${API}/lists/a/todos/1`, { json: todo('1') })
    fake.route(`GET ${API}/lists/a/todos`, { json: [todo('1')] })
    fake.route(`POST ${API}/lists/a/todos`, { status: 201, json: todo('2') })
    const { controller } = createTestStore()
    await controller.fetch(todos.get, { list: 'a', id: 1 })
    await controller.fetch(todos.getList, { list: 'a' })
    await controller.fetch(todos.create, { list: 'a' }, { title: 'Todo 2' })
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `GET ${API}/lists/a/todos/1`,
      `GET ${API}/lists/a/todos`,
      `POST ${API}/lists/a/todos`,
    ])
    expect(controller.getResponse(todos.getList, { list: 'a' }, controller.getState()).data?.map((item) => item.id)).toEqual(['1', '2'])
    const typesOnly = () => {
      expectTypeOf(todos.getList.path).toEqualTypeOf<'/lists/:list/todos'>()
      // @ts-expect-error list is required
      todos.getList({})
    }
    expect(typesOnly).toBeDefined()
  })

  it('lists a wildcard resource at the path before the wildcard', async () => {
    const files = createResource({ urlPrefix: API, path: '/repos/:owner/*path', schema: Todo })
    fake.route(`GET ${API}/repos/john/src/index.ts`, { json: todo('f') })
    fake.route(`GET ${API}/repos/john`, { json: [] })
    await files.get({ owner: 'john', path: ['src', 'index.ts'] })
    await files.getList({ owner: 'john' })
    expect(fake.requests.map((request) => request.url)).toEqual([`${API}/repos/john/src/index.ts`, `${API}/repos/john`])
  })
})
