/**
 * Why this fetch: every fetch action a store sees says why it went out. Read here from the
 * actions a headless store's subscribers saw (the React causes are in causes.react.test.tsx).
 */
import { FETCH, tesseraHooks, NetworkManager, PollingManager, createStore, reducer, type Action, type FetchAction, type Manager } from '../../src/index'
import { OfflineManager } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { inProduction } from '../helpers/inProduction'
import { createServer } from './server'

const causes = (actions: Action[]) => actions.filter((action): action is FetchAction => action.type === FETCH).map((action) => action.cause)

afterEach(() => jest.useRealTimers())

describe('fetch causes', () => {
  it("records 'manual' for controller.fetch", async () => {
    const { controller, actions } = createTestStore()
    const server = createServer()
    await controller.fetch(server.getItem, { id: '1' })
    expect(causes(actions)).toEqual(['manual'])
  })

  it("records 'first-read' when fetchIfStale finds nothing cached", async () => {
    const { controller, actions } = createTestStore()
    const server = createServer()
    await controller.fetchIfStale(server.getItem, { id: '1' })
    expect(causes(actions)).toEqual(['first-read'])
  })

  it("records 'stale' when the cached data expired, and fetches nothing while it is valid", async () => {
    const { controller, actions, clock } = createTestStore()
    const server = createServer()
    controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'a' })
    await controller.fetchIfStale(server.getItem, { id: '1' })
    expect(causes(actions)).toEqual([])
    clock.advance(120_000)
    await controller.fetchIfStale(server.getItem, { id: '1' })
    expect(causes(actions)).toEqual(['stale'])
  })

  it("records 'invalidated' after controller.invalidate", async () => {
    const { controller, actions } = createTestStore()
    const server = createServer()
    controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'a' })
    controller.invalidate(server.getItem, { id: '1' })
    await controller.fetchIfStale(server.getItem, { id: '1' })
    expect(causes(actions)).toEqual(['invalidated'])
  })

  it("records 'poll' for a PollingManager's refetch", async () => {
    jest.useFakeTimers()
    const { controller, actions } = createTestStore({ managers: [new PollingManager()] })
    const server = createServer()
    const polled = server.getItem.extend({ pollFrequency: 1000 })
    controller.subscribe(polled, { id: '1' })
    await jest.advanceTimersByTimeAsync(1000)
    controller.unsubscribe(polled, { id: '1' })
    expect(causes(actions)).toEqual(['poll'])
  })

  it("records 'retry' with the attempt number for each retry", async () => {
    jest.useFakeTimers()
    const server = createServer()
    const { controller, actions } = createTestStore({ managers: [new OfflineManager({ online: () => true, retryDelay: () => 10 })] })
    server.up = false
    const loading = controller.fetch(server.getItem, { id: '1' }).catch(() => undefined)
    await jest.advanceTimersByTimeAsync(15)
    server.up = true
    await jest.advanceTimersByTimeAsync(15)
    await loading
    const fetched = actions.filter((action): action is FetchAction => action.type === FETCH)
    expect(fetched.map(({ cause, attempt }) => ({ cause, attempt }))).toEqual([{ cause: 'manual' }, { cause: 'retry', attempt: 1 }])
  })

  it("records 'queued' when a mutation made offline is sent", async () => {
    jest.useFakeTimers()
    const server = createServer()
    const { controller, actions } = createTestStore({ managers: [new OfflineManager({ online: () => server.up, retryDelay: () => 10 })] })
    server.up = false
    const saving = controller.fetch(server.setItem, { id: '1', text: 'a', uid: 'u' })
    server.up = true
    await jest.advanceTimersByTimeAsync(10)
    await saving
    expect(causes(actions)).toEqual(['manual', 'queued'])
  })

  it('scopes a cause given with because to the call it wraps', async () => {
    const { controller, actions } = createTestStore()
    const server = createServer()
    await controller.because('focus', () => controller.fetchIfStale(server.getItem, { id: '1' }))
    await controller.fetch(server.getItem, { id: '2' })
    // A cached, valid read fetches nothing, and leaves no cause behind for the next fetch.
    controller.because('reconnect', () => controller.fetchIfStale(server.getItem, { id: '1' }))
    await controller.fetch(server.getItem, { id: '3' })
    expect(causes(actions)).toEqual(['focus', 'manual', 'manual'])
  })

  it('keeps the cause through JSON, and a replayed log with causes gives the same state', async () => {
    const { controller, actions, store } = createTestStore()
    const server = createServer()
    await controller.fetchIfStale(server.getItem, { id: '1' })
    const copy: Action[] = JSON.parse(JSON.stringify(actions))
    expect((copy[0] as FetchAction).cause).toBe('first-read')
    expect(copy.reduce(reducer, createStore().getState())).toEqual(store.getState())
  })
})

describe('the request hook', () => {
  it('runs every request through the one manager that has it', async () => {
    const seen: string[] = []
    const hook: Manager = {
      [tesseraHooks]: {
        request(call, run) {
          seen.push(`${call.read ? 'read' : 'mutation'} ${call.key}`)
          return run()
        },
      },
    }
    const { controller } = createTestStore({ managers: [hook] })
    const server = createServer()
    await controller.fetch(server.getItem, { id: '1' })
    await controller.fetch(server.setItem, { id: '1', text: 'a', uid: 'u' })
    expect(seen).toEqual(['read getItem [{"id":"1"}]', 'mutation setItem [{"id":"1","text":"a","uid":"u"}]'])
  })

  it('can answer in place of the network (what it resolves to is the response)', async () => {
    const server = createServer()
    const { controller } = createTestStore({ managers: [{ [tesseraHooks]: { request: () => Promise.resolve({ id: '1', text: 'from the hook' }) } }] })
    await expect(controller.fetch(server.getItem, { id: '1' })).resolves.toMatchObject({ text: 'from the hook' })
    expect(server.reads).toEqual([])
  })

  it('refuses two managers with a request hook in development; a production build uses the first', async () => {
    const hook = (answer: string): Manager => ({ [tesseraHooks]: { request: () => Promise.resolve({ id: '1', text: answer }) } })
    expect(() => createStore({ managers: [hook('first'), hook('second')] })).toThrow(TypeError)
    expect(() => createStore({ managers: [new OfflineManager(), new OfflineManager()] })).toThrow(/two managers have a `request` hook/)
    const server = createServer()
    await inProduction(async () => {
      const store = createStore({ managers: [new NetworkManager(), hook('first'), hook('second')] })
      await expect(store.controller.fetch(server.getItem, { id: '1' })).resolves.toMatchObject({ text: 'first' })
    })
    await flush()
  })
})
