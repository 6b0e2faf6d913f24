/**
 * Retries with backoff (OfflineManager): what a user observes is requests on the wire, the fetch
 * actions the store dispatches, and what `controller.fetch` settles with. Jest's fake timers
 * drive the waits.
 */
import { FETCH, getDefaultManagers, type Action, type FetchAction } from '../../src/index'
import { OfflineManager, type OfflineOptions } from '../../src/offline/index'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { createTestStore } from '../helpers/createTestStore'
import { NoteResource } from '../fixtures/notes'
import { API } from '../fixtures/todos'

const NOTE = `GET ${API}/notes/1`
const note = { id: '1', text: 'hello' }

let server: FakeFetch
beforeEach(() => {
  jest.useFakeTimers()
  server = installFakeFetch()
})
afterEach(() => {
  server.restore()
  jest.useRealTimers()
  jest.restoreAllMocks()
})

/** A store with an OfflineManager that is always online (a test of retries, not of network mode). */
function setup(options: OfflineOptions = {}) {
  const offline = new OfflineManager({ online: () => true, ...options })
  const test = createTestStore({ managers: [offline] })
  return { ...test, offline }
}

/** Answers with `statuses` in turn (then 200), and records when each request came. */
function answerInTurn(statuses: readonly (number | { status: number; headers: Record<string, string> })[]) {
  const times: number[] = []
  server.route(NOTE, () => {
    times.push(Date.now())
    const next = statuses[times.length - 1]
    if (next === undefined) return { json: note }
    return typeof next === 'number' ? { status: next, json: { error: 'no' } } : { ...next, json: { error: 'no' } }
  })
  return times
}

const fetches = (actions: Action[]) => actions.filter((action): action is FetchAction => action.type === FETCH)

describe('OfflineManager retries', () => {
  it('leaves a retried read collectable by the GC once it has answered', async () => {
    const offline = new OfflineManager({ online: () => true, retryDelay: () => 100 })
    const { controller, store, clock } = createTestStore({ managers: [offline, ...getDefaultManagers({ gcTime: 1_000 })] })
    answerInTurn([503])
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(100)
    await expect(loading).resolves.toMatchObject(note)
    expect(Object.keys(store.getState().entities['Note'] ?? {})).toEqual(['1'])
    clock.advance(1_001)
    controller.sweep()
    expect(Object.keys(store.getState().entities['Note'] ?? {})).toEqual([])
    store.cleanup()
  })

  it('lists a request waiting out its backoff with the attempt it will make and when, and a read waiting for the network', async () => {
    let online = true
    const { controller, clock, offline } = setup({ online: () => online, retryDelay: () => 1_000 })
    answerInTurn([503])
    let changes = 0
    offline.subscribeWaiting(() => changes++)
    expect(offline.waiting()).toEqual([])
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(0)
    const key = NoteResource.get.key({ id: '1' })
    expect(offline.waiting()).toEqual([{ key, reason: 'backoff', attempt: 1, retryAt: clock.now() + 1_000 }])
    expect(changes).toBe(1)
    // The same array until it changes (a useSyncExternalStore snapshot).
    expect(offline.waiting()).toBe(offline.waiting())
    await jest.advanceTimersByTimeAsync(1_000)
    await expect(loading).resolves.toMatchObject(note)
    expect(offline.waiting()).toEqual([])
    expect(changes).toBe(2)

    online = false
    const held = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(0)
    expect(offline.waiting()).toEqual([{ key, reason: 'network', attempt: 0 }])
    online = true
    await jest.advanceTimersByTimeAsync(1_000)
    await expect(held).resolves.toMatchObject(note)
    expect(offline.waiting()).toEqual([])
  })

  it('retries a read that got a 5xx, each retry a fetch action with cause retry and its attempt, waiting longer each time', async () => {
    const { controller, actions } = setup({ retryDelay: (attempt) => 100 * 2 ** attempt })
    const times = answerInTurn([503, 500, 502])
    const start = Date.now()
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(200 + 400 + 800)
    await expect(loading).resolves.toMatchObject(note)
    expect(times.map((time) => time - start)).toEqual([0, 200, 600, 1400])
    expect(fetches(actions).map(({ cause, attempt }) => [cause, attempt])).toEqual([
      ['manual', undefined],
      ['retry', 1],
      ['retry', 2],
      ['retry', 3],
    ])
    // Every retry continues the same request: one fetchedAt, one answer.
    expect(new Set(fetches(actions).map((action) => action.meta.fetchedAt)).size).toBe(1)
  })

  it('gives up after 3 retries by default, and the caller gets the last error', async () => {
    const { controller } = setup({ retryDelay: () => 10 })
    const times = answerInTurn([503, 503, 503, 503, 503])
    const loading = controller.fetch(NoteResource.get, { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(100)
    expect(await loading).toMatchObject({ name: 'NetworkError', status: 503 })
    expect(times).toHaveLength(4)
  })

  it('waits a random time up to an exponential cap by default (full jitter), never more than 30 s', async () => {
    const { controller } = setup({ retry: 8 })
    const times = answerInTurn([503, 503, 503, 503, 503, 503, 503, 503])
    // The largest wait full jitter allows: 1 s, 2 s, 4 s … capped at 30 s.
    jest.spyOn(Math, 'random').mockReturnValue(0.999999)
    const start = Date.now()
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(200_000)
    await loading
    const waits = times.map((time, i) => time - (i === 0 ? start : times[i - 1]!))
    expect(waits.slice(1).map((wait) => Math.round(wait / 1000))).toEqual([1, 2, 4, 8, 16, 30, 30, 30])
  })

  it('with a low draw waits less: every wait lies between 0 and its cap', async () => {
    const { controller } = setup()
    const times = answerInTurn([503, 503, 503])
    jest.spyOn(Math, 'random').mockReturnValue(0.25)
    const start = Date.now()
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(10_000)
    await loading
    expect(times.map((time) => time - start)).toEqual([0, 250, 250 + 500, 250 + 500 + 1000])
  })

  it('honours Retry-After in seconds and as an HTTP date, over the backoff', async () => {
    const { controller } = setup({ retryDelay: () => 1 })
    const start = Date.now()
    const at = new Date(Math.ceil((start + 7000) / 1000) * 1000)
    const times = answerInTurn([
      { status: 429, headers: { 'retry-after': '3' } },
      { status: 503, headers: { 'retry-after': at.toUTCString() } },
    ])
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(20_000)
    await expect(loading).resolves.toMatchObject(note)
    expect(times[1]! - start).toBe(3000)
    expect(times[2]).toBe(at.getTime())
  })

  it('never retries another 4xx', async () => {
    const { controller, actions } = setup({ retryDelay: () => 10 })
    const times = answerInTurn([404])
    const loading = controller.fetch(NoteResource.get, { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(1000)
    expect(await loading).toMatchObject({ status: 404 })
    expect(times).toHaveLength(1)
    expect(fetches(actions)).toHaveLength(1)
  })

  it('retries a network error (fetch rejecting with a TypeError)', async () => {
    const { controller } = setup({ retryDelay: () => 50 })
    let calls = 0
    server.route(NOTE, () => (++calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : { json: note }))
    const loading = controller.fetch(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(100)
    await expect(loading).resolves.toMatchObject(note)
    expect(calls).toBe(2)
  })

  it('does not retry a mutation unless its endpoint or the store says retry', async () => {
    const update = NoteResource.partialUpdate
    let calls = 0
    server.route(`PATCH ${API}/notes/1`, () => (++calls, { status: 503, json: {} }))
    const plain = setup({ retryDelay: () => 10 })
    await expect(plain.controller.fetch(update, { id: '1' }, { text: 'x' })).rejects.toMatchObject({ status: 503 })
    expect(calls).toBe(1)

    calls = 0
    const byEndpoint = update.extend({ retry: 2 } as {})
    const saving = plain.controller.fetch(byEndpoint, { id: '1' }, { text: 'x' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(100)
    expect(await saving).toMatchObject({ status: 503 })
    expect(calls).toBe(3)

    calls = 0
    const byStore = setup({ retry: 1, retryDelay: () => 10 })
    const again = byStore.controller.fetch(update, { id: '1' }, { text: 'x' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(100)
    expect(await again).toMatchObject({ status: 503 })
    expect(calls).toBe(2)
  })

  it('an endpoint retry setting wins over the store', async () => {
    const { controller } = setup({ retry: 5, retryDelay: () => 10 })
    const times = answerInTurn([503, 503, 503])
    const loading = controller.fetch(NoteResource.get.extend({ retry: false } as {}), { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(100)
    expect(await loading).toMatchObject({ status: 503 })
    expect(times).toHaveLength(1)
  })

  it('controller.abort cancels the wait at once: no more requests, the caller gets an AbortError', async () => {
    const { controller } = setup({ retryDelay: () => 10_000 })
    const times = answerInTurn([503, 503])
    const loading = controller.fetch(NoteResource.get, { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(10)
    expect(controller.abort(NoteResource.get, { id: '1' })).toBe(true)
    expect(await loading).toMatchObject({ name: 'AbortError' })
    await jest.advanceTimersByTimeAsync(60_000)
    expect(times).toHaveLength(1)
  })

  it('store cleanup cancels the wait', async () => {
    const { controller, store } = setup({ retryDelay: () => 10_000 })
    const times = answerInTurn([503, 503])
    const loading = controller.fetch(NoteResource.get, { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(10)
    store.cleanup()
    expect(await loading).toMatchObject({ name: 'AbortError' })
    await jest.advanceTimersByTimeAsync(60_000)
    expect(times).toHaveLength(1)
  })

  it('the last reader of the key going away cancels the wait; one reader left keeps it', async () => {
    const { controller } = setup({ retryDelay: () => 10_000 })
    const times = answerInTurn([503, 503])
    controller.subscribe(NoteResource.get, { id: '1' })
    controller.subscribe(NoteResource.get, { id: '1' })
    const loading = controller.fetch(NoteResource.get, { id: '1' }).catch((error: Error) => error)
    await jest.advanceTimersByTimeAsync(10)
    controller.unsubscribe(NoteResource.get, { id: '1' })
    await jest.advanceTimersByTimeAsync(0)
    expect(controller.isFetching(NoteResource.get, { id: '1' })).toBe(true)
    controller.unsubscribe(NoteResource.get, { id: '1' })
    expect(await loading).toMatchObject({ name: 'AbortError' })
    await jest.advanceTimersByTimeAsync(60_000)
    expect(times).toHaveLength(1)
  })
})
