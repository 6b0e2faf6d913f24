/**
 * Production builds replace the prose of endpoint errors with a code and the facts that vary
 * (E300–E399); the class, `name` and `status` stay. Tests run in development, so each case
 * switches NODE_ENV to production for the call.
 */
import { InvalidParameterError, MissingParameterError, RestEndpoint, SchemaError, createResource } from '../../src/index'
import { User } from '../fixtures/blog'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { inProduction } from '../helpers/inProduction'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('endpoint errors in production', () => {
  it('name the missing path parameter and the path, and send nothing', async () => {
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })
    const { controller } = createTestStore()
    const error = await inProduction(() => controller.fetch(getUser, {} as { id: string }).catch((e: unknown) => e))
    expect(error).toBeInstanceOf(MissingParameterError)
    expect(error).toMatchObject({ name: 'MissingParameterError', status: 400, message: 'Tessera E301: id /users/:id' })
    expect(fake.requests).toHaveLength(0)
  })

  it('name a parameter that is "." or "..", with its value', async () => {
    const Users = createResource({ urlPrefix: API, path: '/users/:id', schema: User })
    const error = await inProduction(() => Users.delete({ id: '..' }).catch((e: unknown) => e))
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect(error).toMatchObject({ status: 400, message: 'Tessera E302: id .. /users/:id' })
  })

  it('name the endpoint and content type of an HTML answer, and leave the cache as it was', async () => {
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id', schema: User })
    const { controller } = createTestStore()
    fake.route(`GET ${API}/users/1`, { json: { id: '1', name: 'Ada' } })
    await controller.fetch(getUser, { id: '1' })
    const before = controller.getState().entities
    fake.route(`GET ${API}/users/1`, { text: '<!doctype html><p>Not found</p>', headers: { 'content-type': 'text/html' } })
    const error = await inProduction(() => controller.fetch(getUser, { id: '1' }).catch((e: unknown) => e))
    expect(error).toBeInstanceOf(SchemaError)
    expect((error as Error).message).toBe('Tessera E303: GET /users/:id text/html')
    expect(controller.getState().entities).toEqual(before)
    expect(controller.getResponse(getUser, { id: '1' }, controller.getState()).data).toEqual(expect.objectContaining({ name: 'Ada' }))
  })

  it('name the endpoint of a body that says JSON but is not', async () => {
    const Users = createResource({ urlPrefix: API, path: '/users/:id', schema: User })
    fake.route(`GET ${API}/users/1`, { text: '{"id": ', headers: { 'content-type': 'application/json' } })
    const error = await inProduction(() => Users.get({ id: '1' }).catch((e: unknown) => e))
    expect(error).toBeInstanceOf(SyntaxError)
    expect(error).toMatchObject({ status: 400, message: 'Tessera E304: User.get application/json' })
  })

  it('name the member asked for without what it needs', async () => {
    const Users = createResource({ urlPrefix: API, path: '/users/:id', schema: User })
    await inProduction(() => {
      expect(() => Users.getList.getPage).toThrow(new TypeError('Tessera E306: User.getList'))
      expect(() => Users.get.push).toThrow(new TypeError('Tessera E307: User.get.push'))
      expect(() => new RestEndpoint({} as never)).toThrow(new TypeError('Tessera E300: path'))
      expect(() => new RestEndpoint({ path: '/users{/:id' })).toThrow(new TypeError('Tessera E310: /users{/:id'))
      expect(() => (Users.extend as (options: object) => unknown)({ nothere: {} })).toThrow(new TypeError('Tessera E308: nothere'))
    })
  })

  it('keep the full sentences in development', () => {
    const getUser = new RestEndpoint({ urlPrefix: API, path: '/users/:id' })
    expect(() => getUser.url({})).toThrow('GET /users/:id needs the path parameter "id" (path /users/:id), but the call gave {}')
  })
})
