/**
 * Network mode (OfflineManager): while offline, reads show the cache and wait; mutations queue
 * with their guesses shown and are sent once, in order, on reconnect. Observed through the
 * public API: requests the fake server received, `controller.getResponse`, `pending()`, the
 * fetch actions, and what each caller's promise settles with.
 */
import { ExpiryStatus, FETCH, type Action, type FetchAction } from '../../src/index'
import { OfflineManager, type OfflineOptions, type QueuedMutation } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { inProduction } from '../helpers/inProduction'
import { createServer } from './server'

beforeEach(() => jest.useFakeTimers())
afterEach(() => {
  jest.useRealTimers()
  jest.restoreAllMocks()
})

/** A store whose OfflineManager reads the fake server's `up` as the device's online state. */
function setup(options: OfflineOptions = {}) {
  const server = createServer()
  const offline = new OfflineManager({ online: () => server.up, retryDelay: () => 1000, endpoints: [server.getItem, server.setItem], ...options })
  const test = createTestStore({ managers: [offline] })
  const view = (id: string) => test.controller.getResponse(server.getItem, { id }, test.store.getState())
  const edit = (id: string, text: string, uid = `${id}:${text}`): Promise<unknown> => test.controller.fetch(server.setItem, { id, text, uid })
  /** The network comes back: the manager notices on its next look (a timer, as with navigator.onLine). */
  const reconnect = async () => {
    server.up = true
    await jest.advanceTimersByTimeAsync(1000)
    await flush()
  }
  return { ...test, server, offline, view, edit, reconnect }
}

const fetches = (actions: Action[]) => actions.filter((action): action is FetchAction => action.type === FETCH)

describe('network mode: reads', () => {
  it('offline, a stale read shows the cache and sends nothing; back online, it is sent once', async () => {
    const { controller, server, clock, view, reconnect } = setup()
    controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'cached' })
    clock.advance(120_000)
    server.up = false
    const loading = controller.fetchIfStale(server.getItem, { id: '1' })
    await jest.advanceTimersByTimeAsync(5000)
    expect(server.reads).toEqual([])
    expect(view('1')).toMatchObject({ data: { text: 'cached' }, expiryStatus: ExpiryStatus.Stale })

    server.items.set('1', 'fresh')
    await reconnect()
    await expect(loading).resolves.toMatchObject({ text: 'fresh' })
    expect(server.reads).toEqual(['1'])
    expect(view('1').data).toMatchObject({ text: 'fresh' })
  })

  it('offline, a read with nothing cached stays loading (no error) until the network is back', async () => {
    const { controller, server, view, reconnect } = setup()
    server.up = false
    const loading = controller.fetch(server.getItem, { id: '2' })
    await jest.advanceTimersByTimeAsync(60_000)
    expect(server.reads).toEqual([])
    expect(view('2').expiryStatus).toBe(ExpiryStatus.Invalid)
    expect(controller.getError(server.getItem, { id: '2' }, controller.getState())).toBeUndefined()
    expect(controller.isFetching(server.getItem, { id: '2' })).toBe(true)

    await reconnect()
    await expect(loading).resolves.toMatchObject({ id: '2' })
    expect(server.reads).toEqual(['2'])
  })
})

describe('network mode: the mutation queue', () => {
  it('queues mutations made offline with their guesses shown, and sends them once, in order, on reconnect', async () => {
    const { controller, server, offline, actions, view, edit, reconnect } = setup()
    server.up = false
    const sent = [edit('1', 'a'), edit('2', 'b'), edit('1', 'c')]
    await jest.advanceTimersByTimeAsync(5000)
    expect(server.received).toEqual([])
    expect(offline.pending().map((item) => item.key)).toEqual([
      'setItem [{"id":"1","text":"a","uid":"1:a"}]',
      'setItem [{"id":"2","text":"b","uid":"2:b"}]',
      'setItem [{"id":"1","text":"c","uid":"1:c"}]',
    ])
    expect(view('1').data).toMatchObject({ text: 'c' })
    expect(view('2').data).toMatchObject({ text: 'b' })

    await reconnect()
    // Each caller's promise resolves (to the entity as the cache now shows it: row 1 reads 'c').
    await expect(Promise.all(sent)).resolves.toMatchObject([{ id: '1' }, { id: '2', text: 'b' }, { id: '1', text: 'c' }])
    expect(server.received).toEqual(['1:a', '2:b', '1:c'])
    expect(offline.pending()).toEqual([])
    expect(view('1').data).toMatchObject({ text: 'c' })
    expect(fetches(actions).map((action) => action.cause)).toEqual(['manual', 'manual', 'manual', 'queued', 'queued', 'queued'])
    // Nothing is sent again later.
    await jest.advanceTimersByTimeAsync(60_000)
    expect(server.received).toHaveLength(3)
    expect(controller.getState().optimistic).toEqual([])
  })

  it('a queued mutation the server refuses rolls back, and its caller gets the error; the next is still sent', async () => {
    const { controller, server, view, edit, reconnect } = setup()
    controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'old' })
    server.up = false
    const refused = edit('1', 'new').catch((error: Error) => error)
    const kept = edit('2', 'two')
    expect(view('1').data).toMatchObject({ text: 'new' })
    server.refuseNext = true
    await reconnect()
    expect(await refused).toMatchObject({ name: 'Refused', status: 409 })
    await expect(kept).resolves.toMatchObject({ text: 'two' })
    expect(view('1').data).toMatchObject({ text: 'old' })
    expect(server.received).toEqual(['1:new', '2:two'])
  })

  it('a mutation that gets no answer while the device says online is queued, and sent when the network answers again', async () => {
    const { server, offline, edit, view } = setup({ online: () => true })
    server.up = false
    const saving = edit('1', 'x')
    await flush()
    expect(offline.isOnline()).toBe(false)
    expect(offline.pending()).toHaveLength(1)
    expect(view('1').data).toMatchObject({ text: 'x' })
    server.up = true
    await jest.advanceTimersByTimeAsync(1000)
    await expect(saving).resolves.toMatchObject({ text: 'x' })
    expect(server.received).toEqual(['1:x'])
    expect(offline.isOnline()).toBe(true)
  })

  it('a mutation made while the queue is being sent goes after it', async () => {
    const { server, edit, reconnect } = setup()
    server.up = false
    const first = edit('1', 'a')
    server.up = true
    await jest.advanceTimersByTimeAsync(1000)
    const second = edit('1', 'b')
    await reconnect()
    await Promise.all([first, second])
    expect(server.received).toEqual(['1:a', '1:b'])
  })

  it('pending() is the same array until the queue changes, and subscribers hear each change', async () => {
    const { server, offline, edit, reconnect } = setup()
    const heard = jest.fn()
    offline.subscribePending(heard)
    server.up = false
    expect(offline.pending()).toBe(offline.pending())
    void edit('1', 'a')
    const once = offline.pending()
    expect(offline.pending()).toBe(once)
    expect(heard).toHaveBeenCalledTimes(1)
    await reconnect()
    expect(offline.pending()).toEqual([])
    expect(heard).toHaveBeenCalledTimes(2)
  })

  it('forget drops mutations another tab sent: not sent from here, the caller told, the guess gone', async () => {
    const { controller, server, offline, view, edit, reconnect } = setup()
    controller.setResponse(server.getItem, { id: '1' }, { id: '1', text: 'old' })
    server.up = false
    const forgotten = edit('1', 'elsewhere').catch((error: Error) => error)
    const kept = edit('2', 'here')
    offline.forget([offline.pending()[0]!.id])
    expect(await forgotten).toMatchObject({ name: 'AbortError' })
    expect(offline.pending()).toHaveLength(1)
    expect(view('1').data).toMatchObject({ text: 'old' })
    await reconnect()
    await kept
    expect(server.received).toEqual(['2:here'])
  })

  it('only sends while setSender says this tab is the sender', async () => {
    const { server, offline, edit, reconnect } = setup()
    offline.setSender(() => false)
    server.up = false
    const saving = edit('1', 'a')
    await reconnect()
    expect(server.received).toEqual([])
    expect(offline.pending()).toHaveLength(1)
    offline.setSender(() => true)
    await expect(saving).resolves.toMatchObject({ text: 'a' })
    expect(server.received).toEqual(['1:a'])
  })
})

describe('network mode: restore', () => {
  it('re-queues saved mutations with their guesses, sends each once on reconnect, and drops only one it cannot find', async () => {
    const before = setup()
    before.server.up = false
    void before.edit('1', 'a').catch(() => undefined)
    void before.edit('2', 'b').catch(() => undefined)
    const saved: QueuedMutation[] = JSON.parse(JSON.stringify(before.offline.pending()))
    before.store.cleanup()
    expect(before.offline.pending()).toHaveLength(2)

    const after = setup()
    after.server.up = false
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    after.offline.restore([saved[0]!, { ...saved[1]!, id: 'lost', name: 'renamedEndpoint' }, saved[1]!])
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toContain("'renamedEndpoint'")
    expect(after.offline.pending().map((item) => item.id)).toEqual([saved[0]!.id, saved[1]!.id])
    expect(after.view('1').data).toMatchObject({ text: 'a' })
    // Restoring the same items again (another tab, a second restore) queues nothing twice.
    after.offline.restore(saved)
    expect(after.offline.pending()).toHaveLength(2)

    await after.reconnect()
    expect(after.server.received).toEqual(['1:a', '2:b'])
    expect(after.offline.pending()).toEqual([])
    expect(fetches(after.actions).map((action) => action.cause)).toEqual(['queued', 'queued', 'queued', 'queued'])
  })

  it('restored while online, they are sent at once, one after the other, in order', async () => {
    const { server, offline, actions } = setup()
    const items: QueuedMutation[] = ['a', 'b'].map((text, i) => ({ id: `q${i}`, name: 'setItem', key: `k${i}`, args: [{ id: '1', text, uid: text }], fetchedAt: 1 }))
    offline.restore(items)
    await flush()
    expect(server.received).toEqual(['a', 'b'])
    // Restoring announces each (a fetch action); the first goes out in that very call, the second
    // after the first was answered, announced again as it leaves the queue.
    expect(fetches(actions).map((action) => [action.key, action.cause])).toEqual([
      ['setItem [{"id":"1","text":"a","uid":"a"}]', 'queued'],
      ['setItem [{"id":"1","text":"b","uid":"b"}]', 'queued'],
      ['setItem [{"id":"1","text":"b","uid":"b"}]', 'queued'],
    ])
    expect(offline.pending()).toEqual([])
  })

  it('reports an unknown endpoint name with a short code in production', async () => {
    const { offline } = setup()
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    await inProduction(() => offline.restore([{ id: 'x', name: 'gone', key: 'gone []', args: [], fetchedAt: 1 }]))
    expect(logged.mock.calls).toEqual([['Tessera E700: gone']])
  })
})

