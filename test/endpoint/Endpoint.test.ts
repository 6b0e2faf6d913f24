import { Endpoint, RestEndpoint, createResource, schema } from '../../src/index'
import { User } from '../fixtures/blog'
import { createTestStore } from '../helpers/createTestStore'

/** A promise-returning function the test answers by hand, recording every call. */
function recordingFetch() {
  const calls: { args: unknown[]; resolve: (value: unknown) => void }[] = []
  const fn = (...args: unknown[]) => new Promise<any>((resolve) => void calls.push({ args, resolve }))
  return { fn, calls }
}

/** The named members of an endpoint as a plain object (matchers do not compare functions member by member). */
function members(endpoint: object, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, (endpoint as Record<string, unknown>)[name]]))
}

describe('Endpoint', () => {
  it('is callable like the function it wraps, with the same arguments and result', async () => {
    const seen: unknown[][] = []
    async function getUser(params: { id: string }, lang: string) {
      seen.push([params, lang])
      return { id: params.id, name: `user ${params.id} (${lang})` }
    }
    const endpoint = new Endpoint(getUser, { schema: User })
    await expect(endpoint({ id: 'u1' }, 'en')).resolves.toEqual({ id: 'u1', name: 'user u1 (en)' })
    expect(seen).toEqual([[{ id: 'u1' }, 'en']])
    expect(typeof endpoint).toBe('function')
    expect(endpoint).toBeInstanceOf(Endpoint)
  })

  it('counts every endpoint as an Endpoint, RestEndpoint and createResource members included, as in data-client', () => {
    const rest = new RestEndpoint({ path: '/users/:id' })
    expect(rest).toBeInstanceOf(Endpoint)
    expect(rest.extend({ name: 'other' })).toBeInstanceOf(Endpoint)
    const resource = createResource({ path: '/users/:id', schema: User })
    for (const member of [resource.get, resource.getList, resource.create, resource.delete, resource.getList.push]) expect(member).toBeInstanceOf(Endpoint)
    expect(new Endpoint(async () => 1)).not.toBeInstanceOf(RestEndpoint)
    expect({}).not.toBeInstanceOf(Endpoint)
    expect(async () => 1).not.toBeInstanceOf(Endpoint)
  })

  it('tests instances of a subclass of Endpoint by that subclass', () => {
    class Authed extends Endpoint<(id: string) => Promise<string>> {}
    const authed = new Authed(async (id: string) => id)
    expect(authed).toBeInstanceOf(Authed)
    expect(authed).toBeInstanceOf(Endpoint)
    expect(new Endpoint(async (id: string) => id)).not.toBeInstanceOf(Authed)
    expect(new RestEndpoint({ path: '/users/:id' })).not.toBeInstanceOf(Authed)
    expect(authed.key('u1')).toBe(new Endpoint(async (id: string) => id, { name: authed.name }).key('u1'))
  })

  it('exposes every option it was given', () => {
    const errorPolicy = () => 'soft' as const
    const getOptimisticResponse = () => ({ id: 'u1' })
    const endpoint = new Endpoint(async () => ({}), {
      schema: User,
      sideEffect: true,
      name: 'renameUser',
      dataExpiryLength: 5_000,
      errorExpiryLength: 50,
      errorPolicy,
      invalidIfStale: true,
      pollFrequency: 1_000,
      getOptimisticResponse,
    })
    const expected = {
      schema: User,
      sideEffect: true,
      name: 'renameUser',
      dataExpiryLength: 5_000,
      errorExpiryLength: 50,
      errorPolicy,
      invalidIfStale: true,
      pollFrequency: 1_000,
      getOptimisticResponse,
    }
    expect(members(endpoint, Object.keys(expected))).toEqual(expected)
  })

  it("takes its name from the wrapped function's unless one is given", () => {
    async function listUsers() {
      return []
    }
    expect(new Endpoint(listUsers).name).toBe('listUsers')
    expect(new Endpoint(listUsers, { name: 'users' }).name).toBe('users')
  })

  describe('key', () => {
    const endpoint = new Endpoint(async (_params: Record<string, unknown>) => null, { name: 'search' })

    it('is the same for the same arguments given in another key order, at every depth', () => {
      expect(endpoint.key({ q: 'ada', page: 2, filter: { a: 1, b: [1, 2] } })).toBe(
        endpoint.key({ filter: { b: [1, 2], a: 1 }, page: 2, q: 'ada' }),
      )
    })

    it('differs when any argument differs', () => {
      const keys = [
        endpoint.key({ q: 'ada' }),
        endpoint.key({ q: 'grace' }),
        endpoint.key({ q: 'ada', page: 2 }),
        endpoint.key({ q: 'ada', filter: { a: 1 } }),
        endpoint.key({ q: 'ada', filter: { a: 2 } }),
        endpoint.key({ q: 1 }),
        endpoint.key({ q: '1' }),
      ]
      expect(new Set(keys).size).toBe(keys.length)
    })

    it('differs between endpoints with different names', () => {
      const other = new Endpoint(async (_params: Record<string, unknown>) => null, { name: 'lookup' })
      expect(other.key({ q: 'ada' })).not.toBe(endpoint.key({ q: 'ada' }))
    })

    it('can be replaced by the key option', () => {
      const byId = new Endpoint(async (_params: { id: string }) => null, { key: (params: { id: string }) => `user:${params.id}` })
      expect(byId.key({ id: 'u1' })).toBe('user:u1')
    })
  })

  describe('extend', () => {
    it('returns a new endpoint with the options merged, and leaves the original as it was', async () => {
      const getUser = async (params: { id: string }) => ({ id: params.id, name: 'Ada' })
      const base = new Endpoint(getUser, { schema: User, dataExpiryLength: 1_000, name: 'getUser' })
      const extended = base.extend({ dataExpiryLength: 9_000, invalidIfStale: true })

      expect(extended).not.toBe(base)
      expect(extended).toBeInstanceOf(Endpoint)
      expect(members(extended, ['schema', 'name', 'dataExpiryLength', 'invalidIfStale'])).toEqual({
        schema: User,
        name: 'getUser',
        dataExpiryLength: 9_000,
        invalidIfStale: true,
      })
      expect(base.dataExpiryLength).toBe(1_000)
      expect(base.invalidIfStale).toBeUndefined()
      // Same fetch function, same keys.
      await expect(extended({ id: 'u1' })).resolves.toEqual({ id: 'u1', name: 'Ada' })
      expect(extended.key({ id: 'u1' })).toBe(base.key({ id: 'u1' }))
    })

    it('can replace the schema and the name', () => {
      const base = new Endpoint(async () => [], { schema: User, name: 'users' })
      const list = base.extend({ schema: [User], name: 'userList' })
      expect(list.schema).toEqual([User])
      expect(list.name).toBe('userList')
      expect(list.key()).not.toBe(base.key())
      expect(base.schema).toBe(User)
    })
  })

  describe('through the store', () => {
    it('lists entities with a schema.Collection, and a push mutation adds to that list', async () => {
      const { controller } = createTestStore()
      const users = new schema.Collection([User])
      const list = recordingFetch()
      const created = recordingFetch()
      const getUsers = new Endpoint(list.fn as (params: { group: string }) => Promise<any>, { schema: users, name: 'getUsers' })
      const createUser = new Endpoint(created.fn as (params: { group: string }, body: object) => Promise<any>, {
        schema: users.push,
        sideEffect: true,
        name: 'createUser',
      })

      const listing = controller.fetch(getUsers, { group: 'admins' })
      list.calls[0]!.resolve([{ id: 'u1', name: 'Ada' }])
      const listed = await listing
      expect(listed).toEqual([expect.any(User)])
      expect(listed[0]).toMatchObject({ id: 'u1', name: 'Ada' })

      const creating = controller.fetch(createUser, { group: 'admins' }, { name: 'Grace' })
      created.calls[0]!.resolve({ id: 'u2', name: 'Grace' })
      await creating
      const after = controller.getResponse(getUsers, { group: 'admins' }, controller.getState()).data as User[]
      expect(after.map((user) => user.name)).toEqual(['Ada', 'Grace'])
      expect(after[1]).toBeInstanceOf(User)
    })

    it('deduplicates identical concurrent reads', async () => {
      const { controller } = createTestStore()
      const { fn, calls } = recordingFetch()
      const getUser = new Endpoint(fn as (params: { id: string }) => Promise<any>, { schema: User, name: 'getUser' })
      const first = controller.fetch(getUser, { id: 'u1' })
      const second = controller.fetch(getUser, { id: 'u1' })
      expect(calls).toHaveLength(1)
      calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      expect(await second).toBe(await first)
    })

    it('never deduplicates a sideEffect: true mutation', async () => {
      const { controller } = createTestStore()
      const { fn, calls } = recordingFetch()
      const rename = new Endpoint(fn as (params: { id: string }, body: { name: string }) => Promise<any>, {
        schema: User,
        sideEffect: true,
        name: 'rename',
      })
      const first = controller.fetch(rename, { id: 'u1' }, { name: 'Ada' })
      const second = controller.fetch(rename, { id: 'u1' }, { name: 'Ada' })
      expect(calls).toHaveLength(2)
      expect(second).not.toBe(first)
      calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      calls[1]!.resolve({ id: 'u1', name: 'Ada' })
      await Promise.all([first, second])
    })

    it('keeps a response fresh for its dataExpiryLength', async () => {
      const { controller, clock } = createTestStore()
      const getUser = new Endpoint(async (params: { id: string }) => ({ id: params.id, name: 'Ada' }), {
        schema: User,
        name: 'getUser',
        dataExpiryLength: 500,
      })
      await controller.fetch(getUser, { id: 'u1' })
      const status = () => controller.getResponse(getUser, { id: 'u1' }, controller.getState()).expiryStatus
      clock.advance(500)
      expect(status()).toBe('Valid')
      clock.advance(1)
      expect(status()).toBe('Stale')
    })
  })
})
