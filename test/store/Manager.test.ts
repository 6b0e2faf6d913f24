/**
 * The manager contract as data-client apps use it: `getMiddleware()` (data-client's form) or the
 * `middleware` property, and `getDefaultManagers()` spread into the managers a store is given.
 */
import {
  createResource,
  createStore,
  GCManager,
  getDefaultManagers,
  LogoutManager,
  NetworkManager,
  PollingManager,
  tesseraHooks,
  type Action,
  type Manager,
  type Middleware,
} from '../../src/index'
import { Todo, API } from '../fixtures/todos'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

/** Records the type of every action its middleware sees, data-client style (an async dispatch). */
class RecordingManager implements Manager {
  readonly [tesseraHooks] = {}
  readonly seen: string[] = []
  getMiddleware(): Middleware {
    return () => (next) => async (action: Action) => {
      this.seen.push(action.type)
      await next(action)
    }
  }
  cleanup(): void {}
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('Manager#getMiddleware', () => {
  it('runs the middleware a manager returns from getMiddleware()', () => {
    const recorder = new RecordingManager()
    const store = createStore({ managers: [recorder] })
    store.controller.setResponse(TodoResource.get, { id: '1' }, { id: '1', title: 'Write tests' })
    expect(recorder.seen).toEqual(['tessera/receive'])
    expect(store.controller.getResponse(TodoResource.get, { id: '1' }, store.getState()).data?.title).toBe('Write tests')
  })

  it('still runs a middleware property, and prefers it to getMiddleware() when a manager has both, as data-client does', () => {
    const seen: string[] = []
    const record = (tag: string): Middleware => () => (next) => (action) => {
      seen.push(`${tag} ${action.type}`)
      next(action)
    }
    const property: Manager = { [tesseraHooks]: {}, middleware: record('property') }
    const both: Manager = { [tesseraHooks]: {}, middleware: record('property'), getMiddleware: () => record('ignored') }
    const store = createStore({ managers: [property, both] })
    store.controller.invalidate(TodoResource.get, { id: '1' })
    expect(seen).toEqual(['property tessera/invalidate', 'property tessera/invalidate'])
  })

  it("is offered by Tessera's own managers, so an app can compose them", () => {
    for (const manager of [new NetworkManager(), new GCManager(), new PollingManager(), new LogoutManager()]) {
      expect(typeof manager.getMiddleware()).toBe('function')
    }
    const gc = new GCManager()
    expect(gc.getMiddleware()).toBe(gc.middleware)
  })
})

describe('getDefaultManagers', () => {
  it("returns new managers: the store's own NetworkManager and GCManager, and a PollingManager as in data-client", () => {
    const managers = getDefaultManagers()
    expect(managers.map((manager) => manager.constructor)).toEqual([NetworkManager, GCManager, PollingManager])
    expect(getDefaultManagers()[0]).not.toBe(managers[0])
    expect((getDefaultManagers({ gcTime: 5 })[1] as GCManager).gcTime).toBe(5)
  })

  it('is used by a store instead of its own defaults, never beside them', async () => {
    const [network, gc] = getDefaultManagers() as [NetworkManager, GCManager]
    const recorder = new RecordingManager()
    const store = createStore({ managers: [network, gc, recorder] })
    const held = fake.hold(`GET ${API}/todos/1`)
    const reading = store.controller.fetch(TodoResource.get, { id: '1' })
    // The store's requests go through the NetworkManager it was given…
    expect(network.isFetching(TodoResource.get.key({ id: '1' }))).toBe(true)
    // …and a second identical read joins the first instead of a second network layer sending it again.
    void store.controller.fetch(TodoResource.get, { id: '1' })
    await flush()
    expect(held.waiting()).toBe(1)
    await held.answer({ json: { id: '1', title: 'One' } })
    await reading
    expect(recorder.seen).toEqual(['tessera/fetch', 'tessera/receive'])
    store.cleanup()
  })

  it('makes pollFrequency poll, as data-client apps expect of the default managers', async () => {
    jest.useFakeTimers()
    try {
      const { store, controller } = createTestStore({ managers: getDefaultManagers() })
      const feed = createFakeEndpoint('feed', { schema: [Todo], pollFrequency: 1_000 })
      controller.subscribe(feed.endpoint)
      expect(feed.calls).toHaveLength(0)
      jest.advanceTimersByTime(1_000)
      expect(feed.calls).toHaveLength(1)
      await feed.calls[0]!.resolve([])
      jest.advanceTimersByTime(1_000)
      expect(feed.calls).toHaveLength(2)
      controller.unsubscribe(feed.endpoint)
      store.cleanup()
    } finally {
      jest.useRealTimers()
    }
  })

  it('configures the collector through its options, since the store uses the GCManager given', () => {
    const { store, controller, clock } = createTestStore({ managers: getDefaultManagers({ gcTime: 1_000 }) })
    controller.setResponse(TodoResource.get, { id: '1' }, { id: '1', title: 'One' })
    clock.advance(1_001)
    controller.sweep()
    expect(Object.keys(store.getState().entities['Todo'] ?? {})).toEqual([])
    expect(Object.keys(store.getState().meta)).toEqual([])
    store.cleanup()
  })

  it('lets an app add its managers around the defaults, as data-client apps write it', () => {
    const recorder = new RecordingManager()
    const before = createStore({ managers: [recorder, ...getDefaultManagers()] })
    const after = createStore({ managers: [...getDefaultManagers(), new RecordingManager()] })
    before.controller.invalidate(TodoResource.get, { id: '1' })
    after.controller.invalidate(TodoResource.get, { id: '1' })
    expect(recorder.seen).toEqual(['tessera/invalidate'])
    expect(before.getState()).toEqual(after.getState())
  })

  it('refuses the defaults twice, and gc options beside a GCManager of the app', () => {
    expect(() => createStore({ managers: [...getDefaultManagers(), ...getDefaultManagers()] })).toThrow(/2 NetworkManagers/)
    expect(() => createStore({ managers: getDefaultManagers(), gcTime: 10 })).toThrow(/getDefaultManagers\(\{ gcTime \}\)/)
  })
})
