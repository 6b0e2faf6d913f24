import { Endpoint, RestEndpoint, createResource, hookifyResource, schema, shortenPath } from '../../src/index'
import type { RestGenerics, Schema } from '../../src/index'
import { API, Todo, todo } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const MEMBERS = ['get', 'getList', 'create', 'update', 'partialUpdate', 'delete'] as const
const MUTATIONS = ['create', 'update', 'partialUpdate', 'delete'] as const

/** A RestEndpoint subclass shared by a whole API: adds an auth header, keeps the base init. */
class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override getRequestInit(body: unknown): RequestInit {
    const init = super.getRequestInit(body) as RequestInit
    return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: 'Bearer from-subclass' } }
  }
}

/** All cached todos (spec: schema.All shows entities created through mutations). */
const allTodos = new Endpoint(async () => [], { schema: new schema.All(Todo), name: 'allTodos' })

describe('createResource', () => {
  describe('members', () => {
    const resource = createResource({ path: '/users/:userId/todos/:id', schema: Todo })

    it('has exactly get, getList, create, update, partialUpdate and delete, plus extend', () => {
      expect(Object.keys(resource).sort()).toEqual([...MEMBERS, 'extend'].sort())
      expect(typeof resource.extend).toBe('function')
      for (const name of MEMBERS) expect(resource[name]).toBeInstanceOf(RestEndpoint)
    })

    it.each([
      ['get', 'GET', '/users/:userId/todos/:id', undefined],
      ['getList', 'GET', '/users/:userId/todos', undefined],
      ['create', 'POST', '/users/:userId/todos', true],
      ['update', 'PUT', '/users/:userId/todos/:id', true],
      ['partialUpdate', 'PATCH', '/users/:userId/todos/:id', true],
      ['delete', 'DELETE', '/users/:userId/todos/:id', true],
    ] as const)('%s is %s on %s', (name, method, path, sideEffect) => {
      expect(resource[name].method).toBe(method)
      expect(resource[name].path).toBe(path)
      expect(resource[name].sideEffect).toBe(sideEffect)
    })

    it('gives get, update and partialUpdate the schema, getList a Collection of it, create its push, delete schema.Invalidate(schema)', () => {
      expect(resource.get.schema).toBe(Todo)
      expect(resource.update.schema).toBe(Todo)
      expect(resource.partialUpdate.schema).toBe(Todo)
      expect(resource.getList.schema).toBeInstanceOf(schema.Collection)
      expect(resource.getList.schema.schema).toEqual([Todo])
      expect(resource.create.schema).toBe(resource.getList.schema.push)
      expect(resource.delete.schema).toBeInstanceOf(schema.Invalidate)
      expect((resource.delete.schema as schema.Invalidate).schema).toBe(Todo)
    })

    it('names each member after the schema', () => {
      expect(MEMBERS.map((name) => resource[name].name)).toEqual(MEMBERS.map((name) => `Todo.${name}`))
    })
  })

  describe('shortenPath', () => {
    it.each([
      ['/articles/:id', '/articles'],
      ['/:id', '/'],
      ['/users/:userId/posts/:id', '/users/:userId/posts'],
      ['/users/:userId/posts/:id?', '/users/:userId/posts'],
      ['/files/:name.json', '/files'],
    ])('shortens %s to %s', (path, short) => {
      expect(shortenPath(path)).toBe(short)
    })

    it('is the path of getList and create; a one-segment resource lists at the urlPrefix itself, with no trailing slash', async () => {
      const things = createResource({ urlPrefix: API, path: '/:id', schema: Todo })
      expect(things.getList.path).toBe('/')
      expect(things.getList.url()).toBe(API)
      expect(things.getList.url({ done: true })).toBe(`${API}?done=true`)
      fake.route(`GET ${API}`, { json: [todo('1')] })
      fake.route(`POST ${API}`, { json: todo('2') })
      await things.getList()
      await things.create({ title: 'Todo 2' })
      expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API}`, `POST ${API}`])
      // Without a urlPrefix the URL is the path alone.
      expect(createResource({ path: '/:id', schema: Todo }).getList.url()).toBe('/')
    })
  })

  describe('requests (rules 1-3)', () => {
    const resource = createResource({ urlPrefix: API, path: '/users/:userId/todos/:id', schema: Todo })

    it('sends each member to urlPrefix + its filled path with its method, and bodies as JSON', async () => {
      const item = `${API}/users/u1/todos/7`
      const list = `${API}/users/u1/todos`
      fake.route(`GET ${item}`, { json: todo('7') })
      fake.route(`GET ${list}?completed=true&page=2`, { json: [todo('7')] })
      fake.route(`POST ${list}`, { status: 201, json: todo('8') })
      fake.route(`PUT ${item}`, { json: todo('7', { title: 'New' }) })
      fake.route(`PATCH ${item}`, { json: todo('7', { completed: true }) })
      fake.route(`DELETE ${item}`, { status: 204 })

      await resource.get({ userId: 'u1', id: 7 })
      // Rule 2: what is not a path parameter is a query parameter.
      await resource.getList({ userId: 'u1', page: 2, completed: true })
      await resource.create({ userId: 'u1' }, { title: 'Todo 8' })
      await resource.update({ userId: 'u1', id: 7 }, { title: 'New', completed: false })
      await resource.partialUpdate({ userId: 'u1', id: 7 }, { completed: true })
      await resource.delete({ userId: 'u1', id: 7 })

      expect(fake.requests.map((r) => [r.method, r.url, r.body === undefined ? undefined : r.json()])).toEqual([
        ['GET', item, undefined],
        ['GET', `${list}?completed=true&page=2`, undefined],
        ['POST', list, { title: 'Todo 8' }],
        ['PUT', item, { title: 'New', completed: false }],
        ['PATCH', item, { completed: true }],
        ['DELETE', item, undefined],
      ])
      for (const request of fake.requests.filter((r) => r.body !== undefined)) {
        expect(request.headers['content-type']).toBe('application/json')
      }
    })

    it('rejects a call missing a path parameter before any request', async () => {
      const call = (resource.update as (params: object, body: object) => Promise<unknown>)({ id: 7 }, { title: 'x' })
      await expect(call).rejects.toThrow(/path parameter "userId"/)
      expect(fake.requests).toHaveLength(0)
    })

    it('keys a read by its URL, so query parameters in any order name one list', () => {
      expect(resource.getList.key({ userId: 'u1', page: 2, completed: true })).toBe(resource.getList.key({ completed: true, page: 2, userId: 'u1' }))
      expect(resource.getList.key({ userId: 'u1', page: 2 })).not.toBe(resource.getList.key({ userId: 'u1', page: 3 }))
      expect(resource.getList.key({ userId: 'u1' })).not.toBe(resource.getList.key({ userId: 'u2' }))
    })
  })

  describe('delete (rule 4)', () => {
    const resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

    it('resolves to the response when it is a non-empty object (controller.fetch: the entity built from it)', async () => {
      fake.route(`DELETE ${API}/todos/1`, { json: { id: '1', deletedAt: '2024-01-01' } })
      await expect(resource.delete({ id: '1' })).resolves.toEqual({ id: '1', deletedAt: '2024-01-01' })
      const { controller } = createTestStore()
      await expect(controller.fetch(resource.delete, { id: '1' })).resolves.toEqual(Todo.fromJS({ id: '1', deletedAt: '2024-01-01' } as Partial<Todo>))
    })

    it.each([
      ['a 204', { status: 204 }],
      ['an empty body', { status: 200, text: '' }],
      ['an empty object', { json: {} }],
    ])('resolves to the path parameters after %s (controller.fetch: the entity built from them)', async (_name, reply) => {
      fake.route(`DELETE ${API}/todos/1`, reply)
      await expect(resource.delete({ id: '1' })).resolves.toEqual({ id: '1' })
      const { controller } = createTestStore()
      await expect(controller.fetch(resource.delete, { id: '1' })).resolves.toEqual(Todo.fromJS({ id: '1' }))
    })

    it.each([
      ['a 204', { status: 204 }],
      ['the deleted object', { json: todo('2') }],
      ['a body without the id', { json: { deleted: true } }],
    ])('removes the entity from the cache after %s: list reads drop it, item reads are Invalid', async (_name, reply) => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/todos`, { json: [todo('1'), todo('2'), todo('3')] })
      fake.route(`GET ${API}/todos/2`, { json: todo('2') })
      fake.route(`DELETE ${API}/todos/2`, reply)
      await controller.fetch(resource.getList)
      await controller.fetch(resource.get, { id: '2' })
      await controller.fetch(resource.delete, { id: '2' })

      const state = controller.getState()
      const list = controller.getResponse(resource.getList, state).data as Todo[]
      expect(list.map((item) => item.id)).toEqual(['1', '3'])
      const item = controller.getResponse(resource.get, { id: '2' }, state)
      expect(item.data).toBeUndefined()
      expect(item.expiryStatus).toBe('Invalid')
    })
  })

  describe('options', () => {
    it('builds every member from the Endpoint class, so its getRequestInit reaches every request', async () => {
      const resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, Endpoint: AuthdEndpoint })
      for (const name of MEMBERS) expect(resource[name]).toBeInstanceOf(AuthdEndpoint)
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      fake.route(`PUT ${API}/todos/1`, { json: todo('1') })
      await resource.get({ id: '1' })
      await resource.update({ id: '1' }, { title: 'x' })
      expect(fake.requests.map((r) => r.headers)).toEqual([
        { authorization: 'Bearer from-subclass' },
        // The subclass called super, so the JSON content type is still there.
        { authorization: 'Bearer from-subclass', 'content-type': 'application/json' },
      ])
    })

    it('passes searchParams to getList and create, and body to create, update and partialUpdate', () => {
      const searchParams = {} as { page?: number }
      const body = {} as { title: string }
      const resource = createResource({ path: '/todos/:id', schema: Todo, searchParams, body })
      expect(MEMBERS.filter((name) => resource[name].searchParams === searchParams)).toEqual(['getList', 'create'])
      expect(MEMBERS.filter((name) => resource[name].body === body)).toEqual(['create', 'update', 'partialUpdate'])
    })

    it('passes any other endpoint option to every member', async () => {
      const errorPolicy = () => 'soft' as const
      const resource = createResource({
        urlPrefix: API,
        path: '/todos/:id',
        schema: Todo,
        dataExpiryLength: 5_000,
        errorExpiryLength: 50,
        invalidIfStale: true,
        pollFrequency: 30_000,
        errorPolicy,
      })
      for (const name of MEMBERS) {
        const member = resource[name]
        expect([member.dataExpiryLength, member.errorExpiryLength, member.invalidIfStale, member.pollFrequency, member.errorPolicy]).toEqual([
          5_000,
          50,
          true,
          30_000,
          errorPolicy,
        ])
      }
      // And the store honours it.
      const { controller, clock } = createTestStore()
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      await controller.fetch(resource.get, { id: '1' })
      clock.advance(5_000)
      expect(controller.getResponse(resource.get, { id: '1' }, controller.getState()).expiryStatus).toBe('Valid')
      clock.advance(1)
      expect(controller.getResponse(resource.get, { id: '1' }, controller.getState()).expiryStatus).toBe('Invalid')
    })

    it('gives no member an optimistic response unless optimistic is true', () => {
      const plain = createResource({ path: '/todos/:id', schema: Todo })
      const optimistic = createResource({ path: '/todos/:id', schema: Todo, optimistic: true })
      expect(MEMBERS.filter((name) => typeof plain[name].getOptimisticResponse === 'function')).toEqual([])
      expect(MEMBERS.filter((name) => typeof optimistic[name].getOptimisticResponse === 'function')).toEqual(['getList', ...MUTATIONS])
      // A read never uses it: getList carries the create guess for its push and unshift.
      expect(typeof optimistic.getList.unshift.getOptimisticResponse).toBe('function')
    })
  })

  describe('optimistic: true', () => {
    const resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, optimistic: true })

    async function storeWithTodos() {
      const test = createTestStore()
      fake.route(`GET ${API}/todos`, { json: [todo('1'), todo('2')] })
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      await test.controller.fetch(resource.getList)
      await test.controller.fetch(resource.get, { id: '1' })
      const list = () => (test.controller.getResponse(resource.getList, test.controller.getState()).data as Todo[]).map((t) => ({ ...t }))
      const item = () => ({ ...(test.controller.getResponse(resource.get, { id: '1' }, test.controller.getState()).data as Todo) })
      return { ...test, list, item }
    }

    it('update shows the new value before the server answers, then the server value', async () => {
      const { controller, list, item } = await storeWithTodos()
      const held = fake.hold(`PUT ${API}/todos/1`)
      const updating = controller.fetch(resource.update, { id: '1' }, { title: 'Mine', completed: true })
      expect(item()).toEqual({ id: '1', title: 'Mine', completed: true })
      expect(list()[0]).toEqual({ id: '1', title: 'Mine', completed: true })
      await held.answer({ json: todo('1', { title: 'Server', completed: true }) })
      await updating
      expect(item()).toEqual({ id: '1', title: 'Server', completed: true })
      expect(controller.getState().optimistic).toEqual([])
    })

    it('partialUpdate merges the sent fields over the cached entity before the server answers', async () => {
      const { controller, item, list } = await storeWithTodos()
      const held = fake.hold(`PATCH ${API}/todos/1`)
      const patching = controller.fetch(resource.partialUpdate, { id: '1' }, { completed: true })
      expect(item()).toEqual({ id: '1', title: 'Todo 1', completed: true })
      expect(list().map((t) => t.completed)).toEqual([true, false])
      await held.answer({ json: todo('1', { completed: true }) })
      await patching
      expect(item()).toEqual({ id: '1', title: 'Todo 1', completed: true })
    })

    it('delete drops the entity before the server answers', async () => {
      const { controller, list } = await storeWithTodos()
      const held = fake.hold(`DELETE ${API}/todos/1`)
      const deleting = controller.fetch(resource.delete, { id: '1' })
      expect(list().map((t) => t.id)).toEqual(['2'])
      expect(controller.getResponse(resource.get, { id: '1' }, controller.getState()).data).toBeUndefined()
      await held.answer({ status: 204 })
      await expect(deleting).resolves.toEqual(Todo.fromJS({ id: '1' }))
      expect(list().map((t) => t.id)).toEqual(['2'])
    })

    it('create shows the created entity before the server answers', async () => {
      const { controller } = await storeWithTodos()
      const held = fake.hold(`POST ${API}/todos`)
      const creating = controller.fetch(resource.create, { id: '3', title: 'Draft' })
      const all = () => (controller.getResponse(allTodos, controller.getState()).data as Todo[]).map((t) => ({ ...t }))
      expect(all()).toContainEqual({ id: '3', title: 'Draft', completed: false })
      expect(controller.getResponse(resource.create, { id: '3', title: 'Draft' }, controller.getState()).data).toMatchObject({ id: '3', title: 'Draft' })
      await held.answer({ status: 201, json: todo('3', { title: 'Saved' }) })
      await creating
      expect(all()).toContainEqual({ id: '3', title: 'Saved', completed: false })
    })

    it('rolls every kind of mutation back when the server refuses it', async () => {
      const { controller, list, item } = await storeWithTodos()
      const before = list()
      const all = () => (controller.getResponse(allTodos, controller.getState()).data as Todo[]).map((t) => t.id).sort()
      const updateHeld = fake.hold(`PUT ${API}/todos/1`)
      const patchHeld = fake.hold(`PATCH ${API}/todos/2`)
      const createHeld = fake.hold(`POST ${API}/todos`)
      const deleteHeld = fake.hold(`DELETE ${API}/todos/1`)
      const mutations = [
        controller.fetch(resource.update, { id: '1' }, { title: 'Mine', completed: true }),
        controller.fetch(resource.partialUpdate, { id: '2' }, { completed: true }),
        controller.fetch(resource.create, { id: '3', title: 'Draft' }),
        controller.fetch(resource.delete, { id: '1' }),
      ].map((p) => p.catch((error: unknown) => error))
      // The created todo is in the list at once (create pushes into getList's Collection).
      expect(list()).toEqual([{ id: '2', title: 'Todo 2', completed: true }, { id: '3', title: 'Draft', completed: false }])
      expect(all()).toEqual(['2', '3'])

      await updateHeld.answer({ status: 409, json: { detail: 'conflict' } })
      await patchHeld.answer({ status: 500, text: 'boom' })
      await createHeld.fail()
      await deleteHeld.answer({ status: 403 })
      const errors = await Promise.all(mutations)
      expect(errors.map((e) => (e as { status?: number }).status)).toEqual([409, 500, 500, 403]) // the failed create never got a response: 500
      expect(list()).toEqual(before)
      expect(item()).toEqual({ id: '1', title: 'Todo 1', completed: false })
      expect(all()).toEqual(['1', '2'])
      expect(controller.getState().optimistic).toEqual([])
    })

    it('without optimistic, the cache changes only when the server answers', async () => {
      const plain = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
      const { controller, list } = await storeWithTodos()
      const held = fake.hold(`PUT ${API}/todos/1`)
      const updating = controller.fetch(plain.update, { id: '1' }, { title: 'Mine', completed: true })
      expect(list()[0]).toEqual({ id: '1', title: 'Todo 1', completed: false })
      await held.answer({ json: todo('1', { title: 'Mine', completed: true }) })
      await updating
      expect(list()[0]).toEqual({ id: '1', title: 'Mine', completed: true })
    })
  })

  describe('customising members (rules 6-7)', () => {
    it('replaces one member by spreading the resource and extending it', async () => {
      const base = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
      const resource = { ...base, getList: base.getList.extend({ schema: { results: [Todo], total: 0 } }) }
      expect(resource.get).toBe(base.get)
      expect(base.getList.schema.schema).toEqual([Todo])
      fake.route(`GET ${API}/todos?page=1`, { json: { results: [todo('1')], total: 40 } })
      const { controller } = createTestStore()
      const page = await controller.fetch(resource.getList, { page: 1 })
      expect(page.total).toBe(40)
      expect(page.results).toEqual([expect.any(Todo)])
      expect(controller.getState().entities['Todo']).toMatchObject({ 1: { title: 'Todo 1' } })
      // Same URL as the base member: extend changed the schema, not the request.
      expect(resource.getList.key({ page: 1 })).toBe(base.getList.key({ page: 1 }))
    })

    it('supports a wrapper function with readonly options that changes the list schema', async () => {
      function createPagedResource<P extends string, S extends Schema>({
        path,
        schema,
        urlPrefix = API,
      }: {
        readonly path: P
        readonly schema: S
        readonly urlPrefix?: string
      }) {
        const base = createResource({ path, schema, urlPrefix, Endpoint: AuthdEndpoint })
        return {
          ...base,
          getList: base.getList.extend({ schema: { results: [schema], total: 0, limit: 0, skip: 0 } }),
        }
      }
      const TodoResource = createPagedResource({ path: '/todos/:id', schema: Todo })
      fake.route(`GET ${API}/todos?skip=10`, { json: { results: [todo('11'), todo('12')], total: 30, limit: 10, skip: 10 } })
      fake.route(`GET ${API}/todos/11`, { json: todo('11') })
      const { controller } = createTestStore()
      const page = await controller.fetch(TodoResource.getList, { skip: 10 })
      expect(page).toMatchObject({ total: 30, limit: 10, skip: 10 })
      expect(page.results.map((t: Todo) => t.id)).toEqual(['11', '12'])
      expect(await controller.fetch(TodoResource.get, { id: '11' })).toBeInstanceOf(Todo)
      expect(fake.requests.map((r) => r.headers['authorization'])).toEqual(['Bearer from-subclass', 'Bearer from-subclass'])
    })
  })

  describe('hookifyResource', () => {
    const resource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, requestInit: { headers: { 'X-App': 'tessera' } } })
    let token = 'one'
    // A plain function stands in for a hook here; React tests use a real one.
    const useInit = (): RequestInit => ({ headers: { Authorization: `Bearer ${token}` }, credentials: 'include' })
    const hooks = hookifyResource(resource, useInit)
    beforeEach(() => {
      token = 'one'
    })

    it('returns useGet … useDelete, one per member', () => {
      expect(Object.keys(hooks).sort()).toEqual(['useCreate', 'useDelete', 'useGet', 'useGetList', 'usePartialUpdate', 'useUpdate'])
    })

    it('applies the init to every request, over the resource own init', async () => {
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      fake.route(`GET ${API}/todos`, { json: [] })
      fake.route(`POST ${API}/todos`, { json: todo('2') })
      fake.route(`PUT ${API}/todos/1`, { json: todo('1') })
      fake.route(`PATCH ${API}/todos/1`, { json: todo('1') })
      fake.route(`DELETE ${API}/todos/1`, { status: 204 })
      await hooks.useGet()({ id: '1' })
      await hooks.useGetList()()
      await hooks.useCreate()({ title: 'x' })
      await hooks.useUpdate()({ id: '1' }, { title: 'x' })
      await hooks.usePartialUpdate()({ id: '1' }, { completed: true })
      await expect(hooks.useDelete()({ id: '1' })).resolves.toEqual({ id: '1' })
      expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      for (const request of fake.requests) {
        expect(request.headers).toMatchObject({ authorization: 'Bearer one', 'x-app': 'tessera' })
        expect(request.credentials).toBe('include')
      }
      expect(fake.requests[2]!.headers['content-type']).toBe('application/json')
    })

    it('returns endpoints like the members: same method, path, schema and cache keys', () => {
      const useDelete = hooks.useDelete()
      expect(useDelete.schema).toBeInstanceOf(schema.Invalidate)
      expect(useDelete.method).toBe('DELETE')
      expect(hooks.useGetList().schema).toBe(resource.getList.schema)
      expect(hooks.useGet().key({ id: '1' })).toBe(resource.get.key({ id: '1' }))
      expect(hooks.useCreate().sideEffect).toBe(true)
    })

    it('returns the same endpoint object for the same init, and a new one when the init changes', async () => {
      const first = hooks.useGet()
      expect(hooks.useGet()).toBe(first)
      token = 'two'
      const second = hooks.useGet()
      expect(second).not.toBe(first)
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      await second({ id: '1' })
      expect(fake.requests[0]!.headers['authorization']).toBe('Bearer two')
      token = 'one'
      expect(hooks.useGet()).toBe(first)
    })

    it('leaves the resource members unchanged', async () => {
      hooks.useGet()
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      await resource.get({ id: '1' })
      expect(fake.requests[0]!.headers).toEqual({ 'x-app': 'tessera' })
    })
  })
})
