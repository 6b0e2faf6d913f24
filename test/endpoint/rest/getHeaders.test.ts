/**
 * `RestEndpoint#getHeaders(headers)`: data-client calls it, sync or async, with the headers built
 * so far, and sends what it returns. Apps put their auth header there (a subclass shared by a
 * whole API, or the `getHeaders` option).
 */
import { createResource, RestEndpoint, type RestGenerics } from '../../../src/index'
import { User } from '../../fixtures/blog'
import { API } from '../../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

let token = 'secret'

class AuthdEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
  override getHeaders(headers: HeadersInit): HeadersInit {
    return { ...headers, Authorization: `Bearer ${token}` }
  }
}

describe('RestEndpoint#getHeaders', () => {
  it('sends the header a subclass override adds', async () => {
    const getUser = new AuthdEndpoint({ urlPrefix: API, path: '/users/:id' })
    fake.route(`GET ${API}/users/1`, { json: { id: '1' } })
    await getUser({ id: 1 })
    expect(fake.requests[0]!.headers).toEqual({ authorization: 'Bearer secret' })
  })

  it('is called at each request, so a changed token is sent from then on', async () => {
    const getUser = new AuthdEndpoint({ urlPrefix: API, path: '/users/:id' })
    fake.route(`GET ${API}/users/1`, { json: { id: '1' } })
    await getUser({ id: 1 })
    token = 'rotated'
    await getUser({ id: 1 })
    token = 'secret'
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer secret', 'Bearer rotated'])
  })

  it('may be async: the request waits for it', async () => {
    class SlowAuth<O extends RestGenerics = any> extends RestEndpoint<O> {
      override async getHeaders(headers: HeadersInit): Promise<HeadersInit> {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return { ...headers, 'X-Session': 'from-storage' }
      }
    }
    const create = new SlowAuth({ urlPrefix: API, path: '/users', method: 'POST' })
    fake.route(`POST ${API}/users`, { json: {} })
    await create({ name: 'Ada' })
    expect(fake.requests[0]!.headers).toEqual({ 'x-session': 'from-storage', 'content-type': 'application/json' })
  })

  it('gets the headers built so far, and only what it returns is sent', async () => {
    const seen: HeadersInit[] = []
    const create = new RestEndpoint({
      urlPrefix: API,
      path: '/users',
      method: 'POST',
      requestInit: { headers: { 'X-Trace': 't1', 'X-Drop-Me': 'yes' } },
      getHeaders(headers) {
        seen.push(headers)
        const { 'X-Drop-Me': _dropped, ...kept } = headers as Record<string, string>
        return kept
      },
    })
    fake.route(`POST ${API}/users`, { json: {} })
    await create({ name: 'Ada' })
    expect(seen).toEqual([{ 'X-Trace': 't1', 'X-Drop-Me': 'yes', 'Content-Type': 'application/json' }])
    expect(fake.requests[0]!.headers).toEqual({ 'x-trace': 't1', 'content-type': 'application/json' })
  })

  it('is an option of the constructor and of extend', async () => {
    const base = new RestEndpoint({ urlPrefix: API, path: '/users/:id', getHeaders: (headers) => ({ ...headers, 'X-Base': '1' }) })
    const extended = base.extend({ getHeaders: async (headers) => ({ ...headers, 'X-Extended': '1' }) })
    fake.route(`GET ${API}/users/1`, { json: { id: '1' } })
    await base({ id: 1 })
    await extended({ id: 1 })
    expect(fake.requests.map((request) => request.headers)).toEqual([{ 'x-base': '1' }, { 'x-extended': '1' }])
  })

  it('reaches every member of a resource built with the subclass', async () => {
    const UserResource = createResource({ urlPrefix: API, path: '/users/:id', schema: User, Endpoint: AuthdEndpoint })
    fake.route(`GET ${API}/users`, { json: [] })
    fake.route(`PATCH ${API}/users/1`, { json: { id: '1', name: 'Ada' } })
    await UserResource.getList()
    await UserResource.partialUpdate({ id: 1 }, { name: 'Ada' })
    expect(fake.requests.map((request) => request.headers.authorization)).toEqual(['Bearer secret', 'Bearer secret'])
  })

  it('runs inside getRequestInit, so an override of that which calls super still sends its headers', async () => {
    class CorsEndpoint<O extends RestGenerics = any> extends AuthdEndpoint<O> {
      override async getRequestInit(body: unknown): Promise<RequestInit> {
        const init = await super.getRequestInit(body)
        return { ...init, mode: 'cors' }
      }
    }
    const getUser = new CorsEndpoint({ urlPrefix: API, path: '/users/:id' })
    fake.route(`GET ${API}/users/1`, { json: { id: '1' } })
    await getUser({ id: 1 })
    expect(fake.requests[0]!.headers).toEqual({ authorization: 'Bearer secret' })
  })

  it('leaves getRequestInit synchronous while getHeaders is', () => {
    const getUser = new AuthdEndpoint({ urlPrefix: API, path: '/users/:id' })
    const init = getUser.getRequestInit(undefined)
    expect(init).not.toBeInstanceOf(Promise)
    expect((init as RequestInit).headers).toEqual({ Authorization: 'Bearer secret' })
  })
})
