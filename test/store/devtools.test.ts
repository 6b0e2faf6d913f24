import { createStore, devTools } from '../../src/index'
import type { Action, State } from '../../src/index'
import { articleSummary, createBlogApi } from '../fixtures/blogApi'
import { createTestStore } from '../helpers/createTestStore'
import { readRecord, recordKeys } from '../helpers/records'

type Message = { type: string; payload?: { type: string }; state?: string }

/** A recording stand-in for the Redux DevTools extension and its connection object. */
function installFakeExtension() {
  const fake = {
    connects: [] as Record<string, unknown>[],
    inits: [] as unknown[],
    sends: [] as [unknown, unknown][],
    listeners: [] as ((message: Message) => void)[],
    unsubscribes: 0,
    /** Delivers a message the way the extension does. */
    message(message: Message) {
      for (const listener of fake.listeners) listener(message)
    },
  }
  const connection = {
    init: (state: unknown) => void fake.inits.push(state),
    send: (action: unknown, state: unknown) => void fake.sends.push([action, state]),
    subscribe(listener: (message: Message) => void) {
      fake.listeners.push(listener)
      return () => void (fake.listeners = fake.listeners.filter((other) => other !== listener))
    },
    unsubscribe: () => void fake.unsubscribes++,
  }
  ;(globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ = {
    connect: (options: Record<string, unknown>) => {
      fake.connects.push(options)
      return connection
    },
  }
  return fake
}

afterEach(() => {
  delete (globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__
})

/** A flow that produces fetch, receive and invalidate actions. */
async function someFlow(controller: ReturnType<typeof createStore>['controller'], api: ReturnType<typeof createBlogApi>) {
  const list = controller.fetch(api.getArticles.endpoint)
  await api.getArticles.calls[api.getArticles.calls.length - 1]!.resolve([articleSummary('1'), articleSummary('2')])
  await list
  controller.invalidate(api.getArticles.endpoint)
}

describe('Redux DevTools', () => {
  it('connects once, at creation, with a name and maxAge', () => {
    const fake = installFakeExtension()
    const store = createStore({ devtools: devTools() })
    expect(fake.connects).toHaveLength(1)
    expect(fake.connects[0]).toMatchObject({ name: 'Tessera', maxAge: 100 })
    store.controller.setResponse(createBlogApi().getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    expect(fake.connects).toHaveLength(1)
  })

  it('passes its options (name, maxAge, actionSanitizer) to connect', () => {
    const fake = installFakeExtension()
    const actionSanitizer = (action: Action) => ({ ...action, args: '<hidden>' })
    createStore({ devtools: devTools({ name: 'Blog', maxAge: 25, actionSanitizer }) })
    expect(fake.connects).toEqual([expect.objectContaining({ name: 'Blog', maxAge: 25, actionSanitizer })])
  })

  it('inits with the initial state', () => {
    const fake = installFakeExtension()
    const store = createStore({ devtools: devTools(), initialState: { lastReset: 7 } })
    expect(fake.inits).toHaveLength(1)
    expect(fake.inits[0]).toBe(store.getState())
    expect(fake.inits[0]).toMatchObject({ lastReset: 7, entities: {} })
  })

  it('sends exactly the actions subscribers see, in order, each with the state after it', async () => {
    const fake = installFakeExtension()
    const { controller, store, actions } = createTestStore({ devtools: devTools() })
    const states: State[] = []
    store.subscribe(() => void states.push(store.getState()))
    const api = createBlogApi()
    await someFlow(controller, api)
    const failing = controller.fetch(api.getUser.endpoint, { id: 'u1' }).catch(() => undefined)
    await api.getUser.calls[0]!.reject(new Error('offline'))
    await failing
    controller.resetEntireStore()

    expect(actions.map((action) => action.type)).toEqual([
      'tessera/fetch',
      'tessera/receive',
      'tessera/invalidate',
      'tessera/fetch',
      'tessera/receive',
      'tessera/reset',
    ])
    expect(fake.sends.map(([action]) => action)).toEqual(actions)
    fake.sends.forEach(([action, state], i) => {
      expect(action).toBe(actions[i])
      expect(state).toBe(states[i])
    })
  })

  it.each(['JUMP_TO_STATE', 'JUMP_TO_ACTION'])(
    'puts back the state a %s message carries, tells subscribers, sends no request and echoes nothing',
    async (jump) => {
      const fake = installFakeExtension()
      const { controller, store } = createTestStore({ devtools: devTools() })
      const api = createBlogApi()
      await someFlow(controller, api)
      // The extension keeps states as JSON strings; go back to the one right after the receive.
      const afterReceive = JSON.stringify(fake.sends[1]![1])
      const sendsBefore = fake.sends.length
      const callsBefore = api.getArticles.calls.length
      const notified: unknown[] = []
      store.subscribe((action) => void notified.push(action))

      fake.message({ type: 'DISPATCH', payload: { type: jump }, state: afterReceive })

      expect(store.getState()).toEqual(JSON.parse(afterReceive))
      expect(notified).toHaveLength(1)
      expect(fake.sends).toHaveLength(sendsBefore)
      expect(api.getArticles.calls).toHaveLength(callsBefore)
      // Time travel is real: the jumped-to state reads as it did then (fetched, not yet invalidated).
      const read = controller.getResponse(api.getArticles.endpoint, store.getState())
      expect(read.expiryStatus).toBe('Valid')
      expect(read.data!.map((article: { id: string }) => article.id)).toEqual(['1', '2'])
      // And the store keeps working after the jump, reporting new actions again.
      controller.invalidate(api.getArticles.endpoint)
      expect(fake.sends).toHaveLength(sendsBefore + 1)
    },
  )

  it('keeps a "__proto__" pk in a jumped-to state as data', () => {
    const fake = installFakeExtension()
    const store = createStore({ devtools: devTools() })
    const { getUser } = createBlogApi()
    fake.message({
      type: 'DISPATCH',
      payload: { type: 'JUMP_TO_STATE' },
      state: '{"entities":{"User":{"__proto__":{"id":"__proto__","name":"Mallory"}}},"entitiesMeta":{},"indexes":{},"endpoints":{},"meta":{},"optimistic":[],"lastReset":0}',
    })
    store.controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    const state = store.getState()
    expect(recordKeys(state, 'User')).toEqual(['__proto__', 'u1'])
    expect(readRecord(state, 'User', '__proto__')).toEqual({ id: '__proto__', name: 'Mallory' })
    expect((state.entities['User'] as { name?: unknown }).name).toBeUndefined()
  })

  it('ignores messages other than the jumps', () => {
    const fake = installFakeExtension()
    const store = createStore({ devtools: devTools() })
    const before = store.getState()
    fake.message({ type: 'START' })
    fake.message({ type: 'DISPATCH', payload: { type: 'COMMIT' } })
    fake.message({ type: 'DISPATCH', payload: { type: 'TOGGLE_ACTION' }, state: '{"lastReset":5}' })
    fake.message({ type: 'ACTION', state: '{"lastReset":5}' })
    expect(store.getState()).toBe(before)
  })

  it('stops sending and listening when the store is cleaned up', () => {
    const fake = installFakeExtension()
    const store = createStore({ devtools: devTools() })
    store.cleanup()
    expect(fake.unsubscribes).toBe(1)
    expect(fake.listeners).toHaveLength(0)
    store.controller.setResponse(createBlogApi().getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    expect(fake.sends).toHaveLength(0)
  })

  it('explains the new form when given the old `true` or an options object, before building anything', () => {
    const fake = installFakeExtension()
    for (const old of [true, { name: 'Blog' }]) {
      expect(() => createStore({ devtools: old as never })).toThrow(
        "createStore: `devtools` takes the connector made by devTools(), imported from 'tessera' (or 'tessera/store'): createStore({ devtools: devTools({ name: 'My app' }) })",
      )
    }
    expect(fake.connects).toHaveLength(0)
  })

  it('connects only when asked to', () => {
    const fake = installFakeExtension()
    createStore()
    createStore({ devtools: false })
    expect(fake.connects).toHaveLength(0)
  })

  it('works without the extension, and connects to nothing', async () => {
    expect((globalThis as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__).toBeUndefined()
    const { controller, store, actions } = createTestStore({ devtools: devTools() })
    const api = createBlogApi()
    await someFlow(controller, api)
    expect(actions).toHaveLength(3)
    // An extension installed later is not picked up: the connection happens at creation only.
    const fake = installFakeExtension()
    controller.invalidate(api.getArticles.endpoint)
    expect(fake.connects).toHaveLength(0)
    expect(fake.sends).toHaveLength(0)
    expect(() => store.cleanup()).not.toThrow()
  })
})
