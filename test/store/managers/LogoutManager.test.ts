/**
 * LogoutManager: a request that fails with 401 ends the session. By default the whole store is
 * reset; `handleLogout` and `shouldLogout` change what happens and when, as in data-client.
 */
import {
  Controller,
  createResource,
  getDefaultManagers,
  LogoutManager,
  NetworkError,
  type LogoutError,
  type Manager,
} from '../../../src/index'
import { Todo, API } from '../../fixtures/todos'
import { createTestStore, flush } from '../../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  fake.route(`GET ${API}/todos/1`, { json: { id: '1', title: 'Cached before logout' } })
  fake.route(`GET ${API}/todos/2`, { status: 401, json: { message: 'Bad credentials' } })
  fake.route(`GET ${API}/todos/3`, { status: 403, json: { message: 'Forbidden' } })
  fake.route(`GET ${API}/todos/4`, { status: 500, json: { message: 'Oops' } })
  fake.route(`PATCH ${API}/todos/1`, { status: 401, json: { message: 'Session expired' } })
})
afterEach(() => fake.restore())

/** A store with the managers data-client's GitHub example gives its provider. */
function storeWith(...managers: Manager[]) {
  const test = createTestStore({ managers: [...managers, ...getDefaultManagers()] })
  const cached = () => test.controller.getResponse(TodoResource.get, { id: '1' }, test.controller.getState()).data
  return { ...test, cached }
}

describe('LogoutManager', () => {
  it('resets the store when a read fails with 401', async () => {
    const { controller, cached, actions } = storeWith(new LogoutManager())
    await controller.fetch(TodoResource.get, { id: '1' })
    expect(cached()?.title).toBe('Cached before logout')
    await expect(controller.fetch(TodoResource.get, { id: '2' })).rejects.toMatchObject({ status: 401 })
    await flush()
    expect(cached()).toBeUndefined()
    expect(actions.map((action) => action.type).slice(-2)).toEqual(['tessera/receive', 'tessera/reset'])
  })

  it('resets the store when a mutation fails with 401', async () => {
    const { controller, cached } = storeWith(new LogoutManager())
    await controller.fetch(TodoResource.get, { id: '1' })
    await expect(controller.fetch(TodoResource.partialUpdate, { id: '1' }, { title: 'x' })).rejects.toMatchObject({ status: 401 })
    await flush()
    expect(cached()).toBeUndefined()
  })

  it('leaves the store alone for other failures (403, 500)', async () => {
    const { controller, cached, actions } = storeWith(new LogoutManager())
    await controller.fetch(TodoResource.get, { id: '1' })
    await controller.fetch(TodoResource.get, { id: '3' }).catch(() => undefined)
    await controller.fetch(TodoResource.get, { id: '4' }).catch(() => undefined)
    await flush()
    expect(cached()?.title).toBe('Cached before logout')
    expect(actions.some((action) => action.type === 'tessera/reset')).toBe(false)
  })

  it('calls handleLogout with the controller instead, when given', async () => {
    const loggedOut: unknown[] = []
    const { controller, cached } = storeWith(new LogoutManager({ handleLogout: (given) => void loggedOut.push(given) }))
    await controller.fetch(TodoResource.get, { id: '1' })
    await controller.fetch(TodoResource.get, { id: '2' }).catch(() => undefined)
    await flush()
    expect(loggedOut).toEqual([controller])
    expect(loggedOut[0]).toBeInstanceOf(Controller)
    // Only what handleLogout does happens: the cache is kept.
    expect(cached()?.title).toBe('Cached before logout')
  })

  it('asks shouldLogout with the error the request failed with', async () => {
    const asked: LogoutError[] = []
    const manager = new LogoutManager({
      shouldLogout: (error) => {
        asked.push(error)
        return error.status === 403
      },
    })
    const { controller, cached } = storeWith(manager)
    await controller.fetch(TodoResource.get, { id: '1' })
    await controller.fetch(TodoResource.get, { id: '2' }).catch(() => undefined)
    await flush()
    expect(cached()).toBeDefined()
    await controller.fetch(TodoResource.get, { id: '3' }).catch(() => undefined)
    await flush()
    expect(cached()).toBeUndefined()
    expect(asked.map((error) => error.status)).toEqual([401, 403])
    expect(asked[0]).toBeInstanceOf(NetworkError)
    expect((asked[0] as NetworkError).response.status).toBe(401)
  })

  it('lets a subclass override handleLogout and shouldLogout', async () => {
    let sessions = 0
    class SessionManager extends LogoutManager {
      protected override shouldLogout(error: LogoutError): boolean {
        return error.status === 401 || error.status === 419
      }
      override handleLogout(controller: Controller): void {
        sessions++
        super.handleLogout(controller)
      }
    }
    const { controller, cached } = storeWith(new SessionManager())
    await controller.fetch(TodoResource.get, { id: '1' })
    controller.setError(TodoResource.get, { id: '5' }, Object.assign(new Error('Page expired'), { status: 419 }))
    await flush()
    expect(sessions).toBe(1)
    expect(cached()).toBeUndefined()
  })
})
