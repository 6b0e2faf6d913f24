import { AbortError, MissingParameterError, NetworkError, RestEndpoint, type RestGenerics, selectMeta } from '../../src/index'
import { User } from '../fixtures/blog'
import { API } from '../fixtures/todos'
import { createTestStore, flush } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('RestEndpoint', () => {
  describe('path', () => {
    it('fills each :name segment with the URI-encoded parameter', async () => {
      const getFile = new RestEndpoint({ urlPrefix: API, path: '/users/:userId/files/:name' })
      fake.route(`GET ${API}/users/a%20b/files/x%2Fy%3F%231`, { json: { ok: true } })
      await expect(getFile({ userId: 'a b', name: 'x/y?#1' })).resolves.toEqual({ ok: true })
      expect(fake.requests.map((r) => r.url)).toEqual([`${API}/users/a%20b/files/x%2Fy%3F%231`])
    })

    // data-client's searchToString: what apps override (with qs) to send filters nested in objects.
    it('builds its query with searchToString, which a subclass or an option overrides: nested filters get their own URL and key', async () => {
      const filtersA = { search: { type: 'Coupon' }, page: 2 }
      const filtersB = { search: { type: 'Cashback' }, page: 2 }
      const nested = (params: Record<string, unknown>) =>
        Object.entries(params)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .flatMap(([key, value]) =>
            value !== null && typeof value === 'object'
              ? Object.entries(value).map(([inner, v]) => `${key}[${inner}]=${encodeURIComponent(String(v))}`)
              : [`${key}=${encodeURIComponent(String(value))}`],
          )
          .join('&')
      class NestedEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
        override searchToString(searchParams: Record<string, unknown>) {
          return nested(searchParams)
        }
      }
      const searchParams = {} as { search?: { type: string }; page?: number }
      const bySubclass = new NestedEndpoint({ urlPrefix: API, path: '/offers', searchParams })
      const byOption = new RestEndpoint({ urlPrefix: API, path: '/offers', searchParams, searchToString: nested })
      for (const getOffers of [bySubclass, byOption]) {
        expect(getOffers.url(filtersA)).toBe(`${API}/offers?page=2&search[type]=Coupon`)
        expect(getOffers.key(filtersA)).not.toBe(getOffers.key(filtersB))
      }
      fake.route(`GET ${API}/offers?page=2&search[type]=Cashback`, { json: [] })
      await bySubclass(filtersB)
      expect(fake.requests.map((r) => r.url)).toEqual([`${API}/offers?page=2&search[type]=Cashback`])

      // The default: keys sorted, arrays repeated, a path parameter left out, '__proto__' a key like any.
      const plain = new RestEndpoint({ urlPrefix: API, path: '/offers/:id' })
      expect(plain.url({ id: 1, tag: ['a', 'b'], ['__proto__']: 'x', b: null })).toBe(`${API}/offers/1?__proto__=x&tag=a&tag=b`)
    })

    it('drops an absent optional :name? segment with its slash, and fills a given one', async () => {
      const search = new RestEndpoint({ urlPrefix: API, path: '/search/:term?' })
      fake.route(`GET ${API}/search`, { json: 'all' })
      fake.route(`GET ${API}/search/ada`, { json: 'ada' })
      await expect(search({})).resolves.toBe('all')
      await expect(search({ term: 'ada' })).resolves.toBe('ada')
      expect(fake.requests.map((r) => r.url)).toEqual([`${API}/search`, `${API}/search/ada`])
    })

    it('is the whole URL when there is no urlPrefix', async () => {
      const getUser = new RestEndpoint({ path: '/users/:id' })
      fake.route('GET /users/7', { json: { id: '7' } })
      await getUser({ id: 7 })
      expect(fake.requests[0]!.url).toBe('/users/7')
      expect(getUser.url({ id: 7 })).toBe('/users/7')
    })

    it('is prefixed by urlPrefix', () => {
      const getUser = new RestEndpoint({ urlPrefix: `${API}/v1`, path: '/users/:id' })
      expect(getUser.url({ id: 'u1' })).toBe(`${API}/v1/users/u1`)
    })
  })

  describe('missing path parameters', () => {
    it('reject with an error naming the parameter, before any request', async () => {
      const getComment = new RestEndpoint({ urlPrefix: API, path: '/posts/:postId/comments/:id' })
      const call = (getComment as (params: object) => Promise<unknown>)({ id: 'c1' })
      await expect(call).rejects.toThrow(MissingParameterError)
      await expect(call).rejects.toThrow(/"postId"/)
      expect(fake.requests).toHaveLength(0)
    })

    it('treat an empty string as missing', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      await expect(getUser({ id: '' })).rejects.toThrow(/path parameter "id"/)
      expect(fake.requests).toHaveLength(0)
    })

    it('reject through controller.fetch too, and record nothing as fetched', async () => {
      const { controller } = createTestStore()
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })
      const error = await (controller.fetch(getUser, {} as { id: string }) as Promise<unknown>).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(MissingParameterError)
      expect((error as Error).message).toMatch(/needs the path parameter "id" \(path \/users\/:id\), but the call gave \{\}/)
      expect(fake.requests).toHaveLength(0)
      expect(controller.getState().meta).toEqual({})
    })
  })

  describe('method', () => {
    it('is GET by default, and a GET endpoint is a read', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      fake.route(`GET ${API}/users/1`, { json: {} })
      await getUser({ id: 1 })
      expect(fake.requests[0]!.method).toBe('GET')
      expect(getUser.method).toBe('GET')
      expect(getUser.sideEffect).toBeUndefined()
    })

    it('is sent upper-cased, and anything but GET makes the endpoint a mutation', async () => {
      const remove = new RestEndpoint({ urlPrefix: API, path: '/users/:id', method: 'delete' })
      fake.route(`DELETE ${API}/users/1`, { status: 204 })
      await remove({ id: 1 })
      expect(fake.requests[0]!.method).toBe('DELETE')
      expect(remove.sideEffect).toBe(true)
      expect(new RestEndpoint({ path: '/users', method: 'POST' }).sideEffect).toBe(true)
      expect(new RestEndpoint({ path: '/users/:id', method: 'PATCH' }).sideEffect).toBe(true)
    })

    it('leaves mutations undeduplicated in the store', async () => {
      const { controller } = createTestStore()
      const create = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST', schema: User })
      const held = fake.hold(`POST ${API}/users`)
      const first = controller.fetch(create, { id: 'u1', name: 'Ada' })
      const second = controller.fetch(create, { id: 'u1', name: 'Ada' })
      expect(second).not.toBe(first)
      await held.answer({ json: { id: 'u1', name: 'Ada' } })
      await Promise.all([first, second])
      expect(fake.requests).toHaveLength(2)
    })
  })

  describe('schema', () => {
    it('normalizes the response into the store and resolves to entity instances', async () => {
      const { controller } = createTestStore()
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })
      fake.route(`GET ${API}/users/u1`, { json: { id: 'u1', name: 'Ada' } })
      const user = await controller.fetch(getUser, { id: 'u1' })
      expect(user).toBeInstanceOf(User)
      expect(user).toMatchObject({ id: 'u1', name: 'Ada' })
      expect(controller.getState().entities['User']).toMatchObject({ u1: { id: 'u1', name: 'Ada' } })
      expect(controller.getResponse(getUser, { id: 'u1' }, controller.getState()).data).toBe(user)
    })
  })

  describe('searchParams', () => {
    it('sends the parameters that are not path parameters as a query string, sorted by name', async () => {
      const getPosts = new RestEndpoint({
        urlPrefix: API,
        path: '/users/:userId/posts',
        searchParams: {} as { page?: number; tag?: string[]; q?: string; draft?: boolean | null },
      })
      const url = `${API}/users/u1/posts?page=2&q=ada+lovelace%26co&tag=a&tag=b`
      fake.route(`GET ${url}`, { json: [] })
      await getPosts({ userId: 'u1', tag: ['a', 'b'], q: 'ada lovelace&co', page: 2, draft: null })
      expect(fake.requests[0]!.url).toBe(url)
    })

    it('gives the same URL and key for the same parameters in any order, and another for other values', () => {
      const getPosts = new RestEndpoint({ urlPrefix: API, path: '/posts', searchParams: {} as { page?: number; q?: string } })
      expect(getPosts.url({ q: 'x', page: 2 })).toBe(getPosts.url({ page: 2, q: 'x' }))
      expect(getPosts.key({ q: 'x', page: 2 })).toBe(getPosts.key({ page: 2, q: 'x' }))
      expect(getPosts.key({ q: 'x', page: 3 })).not.toBe(getPosts.key({ q: 'x', page: 2 }))
      expect(getPosts.key({ q: 'x' })).not.toBe(getPosts.key({ q: 'x', page: 2 }))
      expect(getPosts.key({ page: 2 })).toBe(`GET ${API}/posts?page=2`)
    })
  })

  describe('body', () => {
    it('is sent as JSON with a JSON content type', async () => {
      const create = new RestEndpoint({ urlPrefix: API, path: '/users/:groupId/members', method: 'POST', body: {} as { name: string } })
      fake.route(`POST ${API}/users/g1/members`, { status: 201, json: { id: 'u9', name: 'Ada' } })
      await expect(create({ groupId: 'g1' }, { name: 'Ada' })).resolves.toEqual({ id: 'u9', name: 'Ada' })
      const [request] = fake.requests
      expect(request!.json()).toEqual({ name: 'Ada' })
      expect(request!.headers['content-type']).toBe('application/json')
    })

    it('is the only argument of a mutation whose path has no parameters', async () => {
      const create = new RestEndpoint({ urlPrefix: API, path: '/users', method: 'POST' })
      fake.route(`POST ${API}/users`, { json: {} })
      await create({ name: 'Ada' })
      expect(fake.requests[0]!.url).toBe(`${API}/users`)
      expect(fake.requests[0]!.json()).toEqual({ name: 'Ada' })
    })

    it('is sent as it is when it is already a string, without a content type', async () => {
      const send = new RestEndpoint({ urlPrefix: API, path: '/raw', method: 'POST' })
      fake.route(`POST ${API}/raw`, { json: {} })
      await send('a=1&b=2')
      expect(fake.requests[0]!.body).toBe('a=1&b=2')
      expect(fake.requests[0]!.headers['content-type']).not.toBe('application/json')
    })

    it('is not sent by a GET', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      fake.route(`GET ${API}/users/1`, { json: {} })
      await getUser({ id: 1 })
      expect(fake.requests[0]!.body).toBeUndefined()
      expect(fake.requests[0]!.headers['content-type']).toBeUndefined()
    })
  })

  describe('process', () => {
    it('gets the parsed value and the call parameters, and its result is the result', async () => {
      const seen: unknown[][] = []
      const getUser = new RestEndpoint({
        urlPrefix: API,
        path: '/users/:id',
        process(value: { name: string }, params: { id: string }) {
          seen.push([value, params])
          return { ...value, requestedId: params.id }
        },
      })
      fake.route(`GET ${API}/users/u1`, { json: { name: 'Ada' } })
      await expect(getUser({ id: 'u1' })).resolves.toEqual({ name: 'Ada', requestedId: 'u1' })
      expect(seen).toEqual([[{ name: 'Ada' }, { id: 'u1' }]])
    })

    it('runs before normalization, so the store holds the processed value', async () => {
      const { controller } = createTestStore()
      const getUser = new RestEndpoint({
        urlPrefix: API,
        path: '/users/:id',
        schema: User,
        process: (value: { user: object }) => value.user,
      })
      fake.route(`GET ${API}/users/u1`, { json: { user: { id: 'u1', name: 'Ada' } } })
      await expect(controller.fetch(getUser, { id: 'u1' })).resolves.toMatchObject({ id: 'u1', name: 'Ada' })
      expect(controller.getState().entities['User']).toMatchObject({ u1: { name: 'Ada' } })
    })
  })

  describe('parseResponse', () => {
    const get = new RestEndpoint({ urlPrefix: API, path: '/thing' })

    it('parses a JSON body, including +json content types', async () => {
      fake.route(`GET ${API}/thing`, { headers: { 'content-type': 'application/problem+json; charset=utf-8' }, text: '{"a":[1,2]}' })
      await expect(get()).resolves.toEqual({ a: [1, 2] })
    })

    it('gives null for a 204', async () => {
      fake.route(`GET ${API}/thing`, { status: 204 })
      await expect(get()).resolves.toBeNull()
    })

    it('gives null for an empty body, even one that says it is JSON', async () => {
      fake.route(`GET ${API}/thing`, { headers: { 'content-type': 'application/json' }, text: '' })
      await expect(get()).resolves.toBeNull()
    })

    it('gives the text of a body that is not JSON', async () => {
      fake.route(`GET ${API}/thing`, { headers: { 'content-type': 'text/plain' }, text: '{"looks":"like json"}' })
      await expect(get()).resolves.toBe('{"looks":"like json"}')
    })

    it('rejects a body that claims JSON but is not with a SyntaxError quoting it', async () => {
      fake.route(`GET ${API}/thing`, { headers: { 'content-type': 'application/json' }, text: '<html>Gateway timeout</html>' })
      const error = await get().catch((e: unknown) => e)
      expect(error).toBeInstanceOf(SyntaxError)
      expect((error as Error).message).toContain('GET /thing: the response says application/json but its body is not JSON: "<html>Gateway timeout</html>"')
      expect((error as { status?: number }).status).toBe(400)
    })

    it('quotes only the start of a long body', async () => {
      const body = `<html>${'x'.repeat(500)}</html>`
      fake.route(`GET ${API}/thing`, { headers: { 'content-type': 'application/json' }, text: body })
      const message = await get().catch((e: Error) => e.message)
      expect(message).toContain(`"${body.slice(0, 77)}..."`)
      expect(message).not.toContain('x'.repeat(100))
    })

    it('can be overridden to read headers, calling the base parse', async () => {
      class CountedEndpoint extends RestEndpoint {
        override async parseResponse(response: Response) {
          return { total: Number(response.headers.get('x-total-count')), items: await super.parseResponse(response) }
        }
      }
      const list = new CountedEndpoint({ urlPrefix: API, path: '/items' })
      fake.route(`GET ${API}/items`, { headers: { 'x-total-count': '42' }, json: [1, 2] })
      await expect(list()).resolves.toEqual({ total: 42, items: [1, 2] })
    })
  })

  describe('signal', () => {
    it("aborts the request with the endpoint's own signal, which the store's abort signal does not replace", async () => {
      const { controller } = createTestStore()
      const own = new AbortController()
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, signal: own.signal })
      fake.hold(`GET ${API}/users/1`)
      const reading = controller.fetch(getUser, { id: '1' }).catch((error: Error) => error)
      await flush()
      const sent = fake.requests[0]!.signal!
      expect(sent.aborted).toBe(false)
      own.abort()
      expect(sent.aborted).toBe(true)
      expect((await reading as Error).name).toBe('AbortError')
    })
  })

  describe('getRequestInit', () => {
    it('can be overridden synchronously', async () => {
      class CookieEndpoint extends RestEndpoint {
        override getRequestInit(body: unknown): RequestInit {
          return { ...(super.getRequestInit(body) as RequestInit), credentials: 'include' }
        }
      }
      const create = new CookieEndpoint({ urlPrefix: API, path: '/users', method: 'POST' })
      fake.route(`POST ${API}/users`, { json: {} })
      await create({ name: 'Ada' })
      const [request] = fake.requests
      expect(request!.credentials).toBe('include')
      expect(request!.json()).toEqual({ name: 'Ada' })
      expect(request!.headers['content-type']).toBe('application/json')
    })

    it('can be overridden asynchronously with await super.getRequestInit(body)', async () => {
      const token = async () => 'secret-token'
      // Generic, as data-client's docs write it, so each instance infers its own arguments.
      class AuthEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
        override async getRequestInit(body: unknown): Promise<RequestInit> {
          const init = await super.getRequestInit(body)
          return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${await token()}` } }
        }
      }
      const update = new AuthEndpoint({ urlPrefix: API, path: '/users/:id', method: 'PUT' })
      fake.route(`PUT ${API}/users/u1`, { json: {} })
      await update({ id: 'u1' }, { name: 'Ada' })
      const [request] = fake.requests
      expect(request!.method).toBe('PUT')
      expect(request!.headers).toEqual({ authorization: 'Bearer secret-token', 'content-type': 'application/json' })
      expect(request!.json()).toEqual({ name: 'Ada' })
    })

    it('merges the requestInit option (credentials, headers) into every request', async () => {
      const create = new RestEndpoint({
        urlPrefix: API,
        path: '/users',
        method: 'POST',
        requestInit: { credentials: 'same-origin', headers: { 'X-Trace': 't1' } },
      })
      fake.route(`POST ${API}/users`, { json: {} })
      await create({ name: 'Ada' })
      const [request] = fake.requests
      expect(request!.credentials).toBe('same-origin')
      expect(request!.headers).toEqual({ 'x-trace': 't1', 'content-type': 'application/json' })
    })
  })

  describe('paginated', () => {
    it('returns an endpoint on the same path that sends the named argument as a query parameter', async () => {
      const getPosts = new RestEndpoint({ urlPrefix: API, path: '/users/:userId/posts', searchParams: {} as { cursor?: string } })
      const nextPage = getPosts.paginated('cursor')
      expect(nextPage).not.toBe(getPosts)
      expect(nextPage.paginationField).toBe('cursor')
      expect(getPosts.paginationField).toBeUndefined()
      fake.route(`GET ${API}/users/u1/posts?cursor=abc`, { json: [] })
      await nextPage({ userId: 'u1', cursor: 'abc' })
      expect(fake.requests[0]!.url).toBe(`${API}/users/u1/posts?cursor=abc`)
      expect(nextPage.key({ userId: 'u1', cursor: 'abc' })).not.toBe(getPosts.key({ userId: 'u1' }))
    })
  })

  describe('extend', () => {
    it('returns a new endpoint with the options merged, and leaves the original unchanged', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User, dataExpiryLength: 1_000 })
      const v2 = getUser.extend({ urlPrefix: `${API}/v2`, dataExpiryLength: 5_000 })
      expect(v2).not.toBe(getUser)
      expect(v2).toBeInstanceOf(RestEndpoint)
      expect(v2.url({ id: 1 })).toBe(`${API}/v2/users/1`)
      expect(v2.dataExpiryLength).toBe(5_000)
      expect(v2.schema).toBe(User)
      expect(v2.path).toBe('/users/:id')
      expect(getUser.url({ id: 1 })).toBe(`${API}/users/1`)
      expect(getUser.dataExpiryLength).toBe(1_000)
    })

    it('can change the method, which changes whether it is a mutation', () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      const putUser = getUser.extend({ method: 'PUT' })
      expect(putUser.method).toBe('PUT')
      expect(putUser.sideEffect).toBe(true)
      expect(getUser.sideEffect).toBeUndefined()
    })

    it('keeps the subclass and its overrides', async () => {
      class AuthEndpoint extends RestEndpoint {
        override getRequestInit(body: unknown): RequestInit {
          const init = super.getRequestInit(body) as RequestInit
          return { ...init, headers: { ...(init.headers as Record<string, string>), Authorization: 'Bearer t' } }
        }
      }
      const getUser = new AuthEndpoint({ urlPrefix: API, path: '/users/:id' })
      const getPost = getUser.extend({ path: '/posts/:id' })
      expect(getPost).toBeInstanceOf(AuthEndpoint)
      fake.route(`GET ${API}/posts/p1`, { json: {} })
      await getPost({ id: 'p1' })
      expect(fake.requests[0]!.headers['authorization']).toBe('Bearer t')
    })
  })

  describe('errors', () => {
    it('rejects a non-2xx answer with a NetworkError carrying the status and the response', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      fake.route(`GET ${API}/users/404`, { status: 404, statusText: 'Not Found', json: { detail: 'no such user' } })
      const error = (await getUser({ id: 404 }).catch((e: unknown) => e)) as NetworkError
      expect(error).toBeInstanceOf(NetworkError)
      expect(error.status).toBe(404)
      expect(error.response.status).toBe(404)
      // The body is still readable for a problem document.
      await expect(error.response.json()).resolves.toEqual({ detail: 'no such user' })
      expect(error.message).toBe(`404 Not Found from GET ${API}/users/404: {"detail":"no such user"}`)
    })

    it('records the NetworkError status in the store', async () => {
      const { controller } = createTestStore()
      const remove = new RestEndpoint({ urlPrefix: API, path: '/users/:id', method: 'DELETE' })
      fake.route(`DELETE ${API}/users/u1`, { status: 409, text: 'locked' })
      await expect(controller.fetch(remove, { id: 'u1' })).rejects.toThrow(/^409 from DELETE https:\/\/api\.example\.com\/users\/u1: locked$/)
      expect(selectMeta(controller.getState(), remove.key({ id: 'u1' }))?.error).toMatchObject({ name: 'NetworkError', status: 409 })
    })

    it('keeps the message and cause of a rejected fetch, and names the request', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      const cause = new Error('connect ECONNREFUSED 127.0.0.1:443')
      fake.route(`GET ${API}/users/1`, () => {
        throw new TypeError('fetch failed', { cause })
      })
      const error = (await getUser({ id: 1 }).catch((e: unknown) => e)) as Error
      expect(error.message).toContain(`GET ${API}/users/1 failed: fetch failed`)
      expect(error.message).toContain('connect ECONNREFUSED 127.0.0.1:443')
      expect((error.cause as Error).cause).toBe(cause)
    })

    it('gives a request that never got a response status 500', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      fake.route(`GET ${API}/users/1`, () => {
        throw new TypeError('Network request failed')
      })
      const error = (await getUser({ id: 1 }).catch((e: unknown) => e)) as Error & { status?: number }
      expect(error).toBeInstanceOf(TypeError)
      expect(error.status).toBe(500)
    })
  })

  describe('abort', () => {
    it('passes the store signal to fetch; controller.abort aborts it and rejects the read', async () => {
      const { controller } = createTestStore()
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })
      const held = fake.hold(`GET ${API}/users/u1`)
      const reading = controller.fetch(getUser, { id: 'u1' })
      // The request goes out after getRequestInit (which may be async) resolved.
      await flush()
      expect(held.waiting()).toBe(1)
      const { signal } = fake.requests[0]!
      expect(signal).toBeInstanceOf(AbortSignal)
      expect(signal!.aborted).toBe(false)

      expect(controller.abort(getUser, { id: 'u1' })).toBe(true)
      expect(signal!.aborted).toBe(true)
      await expect(reading).rejects.toBeInstanceOf(AbortError)
      // A late answer is ignored.
      await held.answer({ json: { id: 'u1', name: 'Ada' } })
      expect(controller.getState().entities['User']).toBeUndefined()
    })

    it('sends no signal when called directly', async () => {
      const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
      fake.route(`GET ${API}/users/1`, { json: {} })
      await getUser({ id: 1 })
      expect(fake.requests[0]!.signal).toBeUndefined()
    })
  })
})
