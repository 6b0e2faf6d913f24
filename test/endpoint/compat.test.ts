/**
 * Endpoint behaviour that data-client code relies on (issue 9): escaped colons in paths,
 * Endpoint#extend with a new fetch, sideEffect without a method, createResource over a Union,
 * resource.extend, and testKey.
 */
import { Endpoint, RestEndpoint, createResource } from '../../src/index'
import type { Denormalize } from '../../src/index'
import { Link, Post, feedItem } from '../fixtures/feed'
import { API, Todo, todo } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { readRecord } from '../helpers/records'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const sent = () => fake.requests.map((r) => `${r.method} ${r.url}`)

describe('an escaped colon in a path', () => {
  // In source, 'http\\://…' is the string http\://… : a backslash before the colon.
  const getUser = new RestEndpoint({ path: 'http\\://localhost\\:8080/users/:id' })

  it('is a literal colon in the URL and in the key', () => {
    expect(getUser.url({ id: 5 })).toBe('http://localhost:8080/users/5')
    expect(getUser.key({ id: 5 })).toBe('GET http://localhost:8080/users/5')
    expect(new RestEndpoint({ path: '/clock/\\:now' }).url()).toBe('/clock/:now')
  })

  it('is not a parameter: only :id is taken from the parameters, the others go to the query', () => {
    expect(getUser.url({ id: 5, localhost: 'x', page: 2 } as { id: number })).toBe('http://localhost:8080/users/5?localhost=x&page=2')
  })

  it('leaves a path with no other parameter taking its single argument as the body', async () => {
    const send = new RestEndpoint({ path: 'https\\://api.example.com/messages', method: 'POST' })
    fake.route(`POST ${API}/messages`, (request) => ({ json: request.json() }))
    await expect(send({ text: 'hi' })).resolves.toEqual({ text: 'hi' })
    expect(sent()).toEqual([`POST ${API}/messages`])
  })

  it('works in createResource, whose getList shortens the path after the literal colons', async () => {
    const Todos = createResource({ path: 'https\\://api.example.com/todos/:id', schema: Todo })
    expect(Todos.get.url({ id: '1' })).toBe(`${API}/todos/1`)
    expect(Todos.getList.url()).toBe(`${API}/todos`)
  })
})

describe('Endpoint#extend({ fetch })', () => {
  async function fetchOld(id: string) {
    return { id, from: 'old' }
  }
  async function fetchNew(id: string) {
    return { id, from: 'new' }
  }
  const base = new Endpoint(fetchOld, { dataExpiryLength: 5000 })

  it('calls the new fetch, keeping the other options', async () => {
    const next = base.extend({ fetch: fetchNew })
    await expect(next('1')).resolves.toEqual({ id: '1', from: 'new' })
    await expect(base('1')).resolves.toEqual({ id: '1', from: 'old' })
    expect(next.dataExpiryLength).toBe(5000)
  })

  it('is named after the new fetch unless a name is given, as in data-client', () => {
    expect(base.extend({ fetch: fetchNew }).name).toBe('fetchNew')
    expect(base.extend({ fetch: fetchNew, name: 'custom' }).name).toBe('custom')
    const [anonymous] = [async (id: string) => ({ id })]
    expect(base.extend({ name: 'renamed' }).extend({ fetch: anonymous! }).name).toBe('renamed')
    expect(base.extend({ dataExpiryLength: 1 }).name).toBe('fetchOld')
  })
})

describe('sideEffect: true without a method on a RestEndpoint', () => {
  it('sends a POST, and method says so', async () => {
    const send = new RestEndpoint({ urlPrefix: API, path: '/messages', sideEffect: true })
    expect(send.method).toBe('POST')
    expect(send.sideEffect).toBe(true)
    fake.route(`POST ${API}/messages`, (request) => ({ json: request.json() }))
    await expect(send({ text: 'hi' })).resolves.toEqual({ text: 'hi' })
    expect(sent()).toEqual([`POST ${API}/messages`])
  })

  it('keeps POST through extend, and an explicit method wins', () => {
    const send = new RestEndpoint({ urlPrefix: API, path: '/messages', sideEffect: true })
    expect(send.extend({ name: 'send' }).method).toBe('POST')
    expect(new RestEndpoint({ path: '/messages', sideEffect: true, method: 'PUT' }).method).toBe('PUT')
    expect(new RestEndpoint({ path: '/messages' }).method).toBe('GET')
  })
})

describe('createResource over a schema.Union', () => {
  const Feed = createResource({ urlPrefix: API, path: '/feed/:id', schema: feedItem })
  const link = { id: 'l1', type: 'link', url: 'https://example.com' }
  const post = { id: 'p1', type: 'post', title: 'Hello' }

  it('reads get and getList through the union', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/feed/l1`, { json: link })
    fake.route(`GET ${API}/feed`, { json: [post, link] })
    const one = await controller.fetch(Feed.get, { id: 'l1' })
    expect(one).toBeInstanceOf(Link)
    const list = await controller.fetch(Feed.getList)
    expect(list.map((item: Denormalize<typeof feedItem>) => item.constructor)).toEqual([Post, Link])
    expect(readRecord(controller.getState(), 'Post', 'p1')).toEqual(post)
  })

  it('answers a get from a record another endpoint brought, when the arguments name its type', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/feed`, { json: [post, link] })
    const read = () => (controller.getResponse as unknown as (...args: unknown[]) => { data: unknown })(Feed.get, { id: 'l1', type: 'link' }, controller.getState()).data
    expect(read()).toBeUndefined()
    await controller.fetch(Feed.getList)
    expect(read()).toBeInstanceOf(Link)
    expect(read()).toMatchObject(link)
    // Without the type there is no telling which table to look in.
    expect(controller.getResponse(Feed.get, { id: 'l1' }, controller.getState()).data).toBeUndefined()
  })

  it('adds a created item to the list, and writes an update to its own table', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/feed`, { json: [post] })
    fake.route(`POST ${API}/feed`, (request) => ({ json: { id: 'l2', ...(request.json() as object) } }))
    fake.route(`PUT ${API}/feed/p1`, (request) => ({ json: { id: 'p1', ...(request.json() as object) } }))
    await controller.fetch(Feed.getList)
    const created = await controller.fetch(Feed.create, { type: 'link', url: 'https://new.example' })
    expect(created).toBeInstanceOf(Link)
    await controller.fetch(Feed.update, { id: 'p1' }, { type: 'post', title: 'Renamed' })
    const list = controller.getResponse(Feed.getList, controller.getState()).data!
    expect(list.map((item) => [item.constructor, item.id])).toEqual([
      [Post, 'p1'],
      [Link, 'l2'],
    ])
    expect(readRecord(controller.getState(), 'Post', 'p1')).toEqual({ ...post, title: 'Renamed' })
  })

  it('deletes from the table the response type names', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/feed`, { json: [post, link] })
    fake.route(`DELETE ${API}/feed/l1`, { json: link })
    await controller.fetch(Feed.getList)
    await expect(controller.fetch(Feed.delete, { id: 'l1' })).resolves.toEqual(link)
    expect(readRecord(controller.getState(), 'Link', 'l1')).toBeNull()
    expect(readRecord(controller.getState(), 'Post', 'p1')).toEqual(post)
    expect(controller.getResponse(Feed.getList, controller.getState()).data!.map((item) => item.id)).toEqual(['p1'])
  })

  it('deletes the stored record the path parameters name when the response has no body', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/feed`, { json: [post, link] })
    fake.route(`DELETE ${API}/feed/p1`, { status: 204 })
    await controller.fetch(Feed.getList)
    await expect(controller.fetch(Feed.delete, { id: 'p1' })).resolves.toEqual({ id: 'p1' })
    expect(readRecord(controller.getState(), 'Post', 'p1')).toBeNull()
    expect(readRecord(controller.getState(), 'Link', 'l1')).toEqual(link)
  })
})

describe('resource.extend', () => {
  const Todos = createResource({ urlPrefix: API, path: '/users/:userId/todos/:id', schema: Todo })

  it('(name, options) extends an existing member and keeps the others as they are', async () => {
    const Teams = Todos.extend('getList', { path: '/teams/:team/todos', dataExpiryLength: 1000 })
    expect(Teams.getList.url({ team: 't1' })).toBe(`${API}/teams/t1/todos`)
    expect(Teams.getList.dataExpiryLength).toBe(1000)
    expect(Teams.get).toBe(Todos.get)
    expect(Teams.delete).toBe(Todos.delete)
    expect(Todos.getList.url({ userId: 'u1' })).toBe(`${API}/users/u1/todos`)
  })

  it('(name, options) adds a member made from get for a new name', async () => {
    const Mine = Todos.extend('current', { path: '/me/todo' }).extend('toggle', { path: '/todos/:id/toggle', method: 'POST', body: undefined })
    fake.route(`GET ${API}/me/todo`, { json: todo('7') })
    fake.route(`POST ${API}/todos/7/toggle`, { json: todo('7', { completed: true }) })
    const { controller } = createTestStore()
    await expect(controller.fetch(Mine.current)).resolves.toBeInstanceOf(Todo)
    await expect(controller.fetch(Mine.toggle, { id: '7' })).resolves.toMatchObject({ completed: true })
    expect(Mine.toggle.sideEffect).toBe(true)
    expect(Mine.get).toBe(Todos.get)
    expect(sent()).toEqual([`GET ${API}/me/todo`, `POST ${API}/todos/7/toggle`])
  })

  it('({ member: options }) extends several members at once', () => {
    const Tuned = Todos.extend({ getList: { dataExpiryLength: 10 }, delete: { name: 'remove' } })
    expect(Tuned.getList.dataExpiryLength).toBe(10)
    expect(Tuned.delete.name).toBe('remove')
    expect(Tuned.update).toBe(Todos.update)
  })

  it('({ member: options }) refuses a member the resource does not have, saying how to add one', () => {
    expect(() => Todos.extend({ nothere: {} } as any)).toThrow(
      'resource.extend({ nothere }): the resource has no member "nothere"; add one with resource.extend("nothere", options)',
    )
  })

  it('(fn) merges the members the function returns, given the resource', async () => {
    const WithCurrent = Todos.extend((base) => ({
      current: base.get.extend({ path: '/me/todo' }),
      getList: base.getList.extend({ dataExpiryLength: 20 }),
    }))
    expect(WithCurrent.getList.dataExpiryLength).toBe(20)
    expect(WithCurrent.current.url()).toBe(`${API}/me/todo`)
    expect(WithCurrent.create).toBe(Todos.create)
    // The result is extendable again.
    expect(WithCurrent.extend('current', { dataExpiryLength: 5 }).current.dataExpiryLength).toBe(5)
  })
})

describe('testKey', () => {
  const Todos = createResource({ urlPrefix: API, path: '/users/:userId/todos/:id', schema: Todo })
  const Others = createResource({ urlPrefix: 'https://other.example.com', path: '/users/:userId/todos/:id', schema: Todo })

  it('accepts every key of a RestEndpoint: any parameter values, any query string', () => {
    expect(Todos.get.testKey(Todos.get.key({ userId: 'u1', id: '1' }))).toBe(true)
    expect(Todos.get.testKey(Todos.get.key({ userId: 'a/b?c#d', id: 'x y' }))).toBe(true)
    expect(Todos.get.testKey(Todos.get.key({ userId: 'u1', id: '1', expand: 'author?' } as never))).toBe(true)
    expect(Todos.getList.testKey(Todos.getList.key({ userId: 'u1', page: 2 }))).toBe(true)
  })

  it('refuses keys of another method, urlPrefix or path', () => {
    const key = Todos.get.key({ userId: 'u1', id: '1' })
    expect(Todos.getList.testKey(key)).toBe(false)
    expect(Todos.get.testKey(Todos.getList.key({ userId: 'u1' }))).toBe(false)
    expect(Todos.get.testKey(`PUT ${API}/users/u1/todos/1`)).toBe(false)
    expect(Others.get.testKey(key)).toBe(false)
    expect(Todos.get.testKey(`GET ${API}/users/u1/todos/1/extra`)).toBe(false)
  })

  it('understands optional parameters, escaped colons and a list at the urlPrefix itself', () => {
    const search = new RestEndpoint({ urlPrefix: API, path: '/search/:term?' })
    expect(search.testKey(search.key({}))).toBe(true)
    expect(search.testKey(search.key({ term: 'ada' }))).toBe(true)
    const local = new RestEndpoint({ path: 'http\\://localhost\\:8080/users/:id' })
    expect(local.testKey('GET http://localhost:8080/users/5')).toBe(true)
    const Things = createResource({ urlPrefix: API, path: '/:id', schema: Todo })
    expect(Things.getList.testKey(Things.getList.key())).toBe(true)
    expect(Things.getList.testKey(Things.getList.key({ done: true }))).toBe(true)
    expect(Things.getList.testKey(Things.get.key({ id: '1' }))).toBe(false)
    expect(Things.get.testKey(Things.getList.key())).toBe(false)
  })

  it('accepts the keys an Endpoint made, by its name', () => {
    async function fetchUser(params: { id: string }) {
      return params
    }
    async function fetchUserList() {
      return []
    }
    const getUser = new Endpoint(fetchUser)
    const getUsers = new Endpoint(fetchUserList, { name: 'fetchUsers' })
    expect(getUser.testKey(getUser.key({ id: '5' }))).toBe(true)
    expect(getUser.testKey(getUser.key({ id: 'x?*' }))).toBe(true)
    expect(getUser.testKey(getUsers.key())).toBe(false)
    expect(getUser.testKey(getUser.extend({ name: 'other' }).key({ id: '5' }))).toBe(false)
  })
})
