/**
 * Managers written on data-client's Manager protocol (0.10 to 0.18), run unchanged by createStore:
 * init / cleanup, a middleware over data-client's actions, SUBSCRIBE / UNSUBSCRIBE it may take over,
 * and methods of the app's own that the store never calls.
 */
import { actionTypes, createResource, createStore, DevToolsManager, getDefaultManagers, NetworkManager, PollingManager, type ActionTypes, type Manager, type Middleware } from '../../src/index'
import { Todo, API } from '../fixtures/todos'
import { createFakeEndpoint } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

/** A data-client 0.14+ manager: a `middleware` property that records what it sees, and methods of its own. */
class RecordingManager implements Manager {
  readonly seen: ActionTypes[] = []
  readonly calls: string[] = []
  middleware: Middleware<ActionTypes> = () => (next) => async (action) => {
    this.seen.push(action)
    return next(action)
  }
  init(state: unknown) {
    this.calls.push(`init ${typeof state}`)
  }
  cleanup() {
    this.calls.push('cleanup')
  }
  // The app's own methods: the store must never call them.
  subscribe() {
    throw new Error('the store called the app’s own subscribe()')
  }
  unsubscribe() {
    throw new Error('the store called the app’s own unsubscribe()')
  }
  request() {
    throw new Error('the store called the app’s own request()')
  }
}

describe("a manager on data-client's protocol", () => {
  it('has init called with the state when the store is made, and cleanup when it stops', () => {
    const manager = new RecordingManager()
    const store = createStore({ managers: [manager] })
    expect(manager.calls).toEqual(['init object'])
    store.cleanup()
    expect(manager.calls).toEqual(['init object', 'cleanup'])
  })

  it("sees fetches and responses in data-client's shape: endpoint, args, key, response, meta", async () => {
    fake.route(`GET ${API}/todos/1`, { json: { id: '1', title: 'One' } })
    const manager = new RecordingManager()
    const store = createStore({ managers: [manager] })
    await store.controller.fetch(TodoResource.get, { id: '1' })
    const key = TodoResource.get.key({ id: '1' })
    expect(manager.seen.map((action) => action.type)).toEqual([actionTypes.FETCH, actionTypes.SET_RESPONSE])
    const [fetched, answered] = manager.seen as [any, any]
    expect(fetched).toMatchObject({ endpoint: TodoResource.get, args: [{ id: '1' }], key })
    expect(answered).toMatchObject({ endpoint: TodoResource.get, args: [{ id: '1' }], key, response: { id: '1', title: 'One' }, error: false })
    expect(answered.meta).toMatchObject({ key, args: [{ id: '1' }] })
    expect(typeof answered.meta.expiresAt).toBe('number')
  })

  it('sees controller.set as SET with the schema and value, and errors as SET_RESPONSE with error: true', () => {
    const manager = new RecordingManager()
    const store = createStore({ managers: [manager] })
    store.controller.set(Todo, { id: '2' }, { id: '2', title: 'Set' })
    store.controller.setError(TodoResource.get, { id: '3' }, new Error('boom'))
    const [set, failed] = manager.seen as [any, any]
    expect(set).toMatchObject({ type: 'rdc/set', schema: Todo, args: [{ id: '2' }], value: { id: '2', title: 'Set' } })
    expect(failed.type).toBe('rdc/setresponse')
    expect(failed.error).toBe(true)
    expect(failed.response).toBeInstanceOf(Error)
    expect(failed.response.message).toBe('boom')
  })

  it("is never called through methods of the app's own named subscribe, unsubscribe or request", async () => {
    fake.route(`GET ${API}/todos/1`, { json: { id: '1', title: 'One' } })
    const store = createStore({ managers: [new RecordingManager()] })
    store.controller.subscribe(TodoResource.get, { id: '1' })
    await store.controller.fetch(TodoResource.get, { id: '1' })
    store.controller.unsubscribe(TodoResource.get, { id: '1' })
    expect(store.controller.getResponse(TodoResource.get, { id: '1' }, store.getState()).data?.title).toBe('One')
  })

  it('sees SUBSCRIBE and UNSUBSCRIBE, and can take a subscription over: no poll starts, and what it streams lands in the cache', () => {
    jest.useFakeTimers()
    try {
      const feed = createFakeEndpoint('feed', { schema: Todo, pollFrequency: 1_000 })
      const streamed: string[] = []
      const stream: Manager = {
        middleware: (controller) => (next) => (action: ActionTypes) => {
          if (action.type === actionTypes.SUBSCRIBE) {
            streamed.push(`subscribe ${action.key}`)
            controller.setResponse(action.endpoint, ...action.args, { id: 'a', title: 'from the socket' })
            return // taken over: the poller never hears of it
          }
          if (action.type === actionTypes.UNSUBSCRIBE) return void streamed.push(`unsubscribe ${action.key}`)
          return next(action)
        },
      }
      const store = createStore({ managers: [stream, new PollingManager()] })
      store.controller.subscribe(feed.endpoint, { id: 'a' })
      jest.advanceTimersByTime(3_000)
      expect(feed.calls).toHaveLength(0)
      expect((store.controller.getResponse(feed.endpoint, { id: 'a' }, store.getState()).data as Todo).title).toBe('from the socket')
      store.controller.unsubscribe(feed.endpoint, { id: 'a' })
      const key = feed.endpoint.key({ id: 'a' })
      expect(streamed).toEqual([`subscribe ${key}`, `unsubscribe ${key}`])
      store.cleanup()
    } finally {
      jest.useRealTimers()
    }
  })

  it('passes on a subscription it does not take over: the PollingManager polls it', () => {
    jest.useFakeTimers()
    try {
      const feed = createFakeEndpoint('feed', { schema: Todo, pollFrequency: 1_000 })
      const manager = new RecordingManager()
      const store = createStore({ managers: [manager, new PollingManager()] })
      store.controller.subscribe(feed.endpoint, { id: 'a' })
      jest.advanceTimersByTime(1_000)
      expect(feed.calls).toHaveLength(1)
      expect(manager.seen[0]).toMatchObject({ type: 'rdc/subscribe', endpoint: feed.endpoint, args: [{ id: 'a' }], meta: { args: [{ id: 'a' }] } })
      store.controller.unsubscribe(feed.endpoint, { id: 'a' })
      jest.advanceTimersByTime(3_000)
      expect(feed.calls).toHaveLength(1)
      store.cleanup()
    } finally {
      jest.useRealTimers()
    }
  })

  it('keeps the store’s listeners on Tessera’s plain JSON actions, whatever the views', () => {
    const store = createStore({ managers: [new RecordingManager()] })
    const heard: unknown[] = []
    store.subscribe((action) => void heard.push(action))
    store.controller.setResponse(TodoResource.get, { id: '1' }, { id: '1', title: 'One' })
    expect(heard.map((action) => (action as { type: string }).type)).toEqual(['tessera/receive'])
    expect(JSON.parse(JSON.stringify(heard))).toEqual(heard)
  })

  it('refuses an action its middleware was not given, naming what to call instead', () => {
    const forger: Manager = { middleware: () => (next) => (action) => next({ ...action }) }
    const store = createStore({ managers: [forger] })
    expect(() => store.controller.invalidate(TodoResource.get, { id: '1' })).toThrow(/passed 'rdc\/invalidate' to next\(\).*controller\.setResponse/)
  })
})

describe('DevToolsManager', () => {
  afterEach(() => {
    delete (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__
  })

  it("sends the store's actions to the extension, leaving out those skipLogging refuses, and disconnects on cleanup", async () => {
    const sends: { type: string }[] = []
    let unsubscribed = 0
    ;(globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ = {
      connect: (options: { name?: string }) => {
        expect(options.name).toBe('Ticker')
        return { init() {}, send: (action: { type: string }) => void sends.push(action), subscribe: () => () => void unsubscribed++ }
      },
    }
    fake.route(`GET ${API}/todos/1`, { json: { id: '1', title: 'One' } })
    // data-client's wiring: the network manager's skipLogging, and the app's own rule on top.
    const [network, ...rest] = getDefaultManagers()
    const skipInvalidations = (action: ActionTypes) => action.type === actionTypes.INVALIDATE || (network as NetworkManager).skipLogging(action)
    const store = createStore({ managers: [network!, ...rest, new DevToolsManager({ name: 'Ticker' }, skipInvalidations)] })
    await store.controller.fetch(TodoResource.get, { id: '1' })
    store.controller.invalidate(TodoResource.get, { id: '1' })
    store.controller.subscribe(TodoResource.get, { id: '1' })
    expect(sends.map((action) => action.type)).toEqual(['tessera/fetch', 'tessera/receive'])
    store.cleanup()
    expect(unsubscribed).toBe(1)
  })

  it("says, as NetworkManager#skipLogging, that the fetch of a read already in flight adds nothing to the log", () => {
    const [network] = getDefaultManagers() as [NetworkManager]
    const store = createStore({ managers: [network] })
    const key = TodoResource.get.key({ id: '1' })
    fake.hold(`GET ${API}/todos/1`)
    expect(network.skipLogging({ type: actionTypes.FETCH, key })).toBe(false)
    void store.controller.fetch(TodoResource.get, { id: '1' }).catch(() => undefined)
    expect(network.skipLogging({ type: actionTypes.FETCH, key })).toBe(true)
    expect(network.skipLogging({ type: actionTypes.SET_RESPONSE, key })).toBe(false)
    store.cleanup()
  })
})
