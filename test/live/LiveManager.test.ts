// LiveManager against real servers: a `ws` WebSocket server and a `node:http` server-sent-events
// server. What is observed: what the servers receive and see connect, and what the store holds.
import WebSocket from 'ws'
import { inProduction } from '../helpers/inProduction'
import { BATCH, createStore, RECEIVE, type Action, type EndpointInterface, type ManagerAPI, type Store } from '../../src/index'
import { LiveError, LiveManager, type LiveOptions, type LiveSocket } from '../../src/live/index'
import { HandSocket, NodeEventSource, startSseServer, startWsServer, todo, Todo, todoEndpoint, until, type SseTestServer, type WsTestServer } from './servers'

/** The app's mapping: `{ type: 'todo', data }` sets a Todo, `{ type: 'like', id }` adds a like; anything else is refused. */
function onMessage(message: unknown, api: ManagerAPI): void {
  const { type, data, id } = message as { type?: unknown; data?: unknown; id?: string }
  if (type === 'todo') api.set(Todo, data as object)
  else if (type === 'like') api.set(Todo, { id }, (previous) => ({ ...previous, likes: previous.likes + 1 }))
  else throw new TypeError(`unknown message type ${JSON.stringify(type)}`)
}

const channel = (endpoint: EndpointInterface, args: readonly unknown[]) => endpoint.key(...args)

let cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const run of cleanup.splice(0).reverse()) await run()
})

async function setupWs(options: Partial<LiveOptions> = {}) {
  const server = await startWsServer()
  const manager = new LiveManager({
    connect: () => new WebSocket(server.url) as unknown as LiveSocket,
    subscribe: (endpoint, args) => ({ op: 'sub', channel: channel(endpoint, args) }),
    unsubscribe: (endpoint, args) => ({ op: 'unsub', channel: channel(endpoint, args) }),
    onMessage,
    retryDelay: () => 20,
    ...options,
  })
  return setup(server, manager)
}

async function setupSse(options: Partial<LiveOptions> = {}) {
  const server = await startSseServer()
  const manager = new LiveManager({ connect: () => new NodeEventSource(server.url), onMessage, retryDelay: () => 20, ...options })
  return setup(server, manager)
}

function setup<S extends WsTestServer | SseTestServer>(server: S, manager: LiveManager) {
  const store: Store = createStore({ managers: [manager] })
  const actions: Action[] = []
  store.subscribe((action) => void actions.push(action))
  cleanup.push(() => server.close(), () => store.cleanup())
  const getTodo = todoEndpoint('http://unused')
  const read = (id: string) => store.controller.get(Todo, { id }, store.getState())
  return { server, manager, store, controller: store.controller, actions, getTodo, read }
}

describe('LiveManager over WebSocket', () => {
  it('connects and subscribes on the first reader, unsubscribes on the last, and disconnects when none is left', async () => {
    const { server, controller, getTodo, manager } = await setupWs()
    expect(server.connections().opened).toBe(0)
    controller.subscribe(getTodo, { id: '1' })
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    expect(manager.connected).toBe(true)
    controller.subscribe(getTodo, { id: '2' })
    await until(() => server.received.length === 2)
    controller.unsubscribe(getTodo, { id: '1' })
    controller.unsubscribe(getTodo, { id: '2' })
    await until(() => server.received.length === 3)
    controller.unsubscribe(getTodo, { id: '1' })
    await until(() => server.connections().open === 0)
    expect(server.received).toEqual([
      { op: 'sub', channel: 'getTodo [{"id":"1"}]' },
      { op: 'sub', channel: 'getTodo [{"id":"2"}]' },
      { op: 'unsub', channel: 'getTodo [{"id":"2"}]' },
      { op: 'unsub', channel: 'getTodo [{"id":"1"}]' },
    ])
    expect(server.connections().opened).toBe(1)
    expect(manager.connected).toBe(false)
  })

  it('ignores reads of endpoints that are not live', async () => {
    const { server, controller, getTodo } = await setupWs()
    const plain = getTodo.extend({ name: 'plain' })
    const notLive = Object.defineProperty(plain, 'live', { value: false })
    controller.subscribe(notLive, { id: '1' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.connections().opened).toBe(0)
  })

  it('writes what the server pushes into the cache', async () => {
    const { server, controller, getTodo, read } = await setupWs()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    server.push({ type: 'todo', data: todo('1', { title: 'pushed' }) })
    await until(() => read('1') !== undefined)
    expect(read('1')).toBeInstanceOf(Todo)
    expect(read('1')?.title).toBe('pushed')
  })

  it('reconnects with backoff after the server drops the connection, and resubscribes every current reader', async () => {
    const delays: number[] = []
    const { server, controller, getTodo, read } = await setupWs({ retryDelay: (attempt) => (delays.push(attempt), 30) })
    controller.subscribe(getTodo, { id: '1' })
    controller.subscribe(getTodo, { id: '2' })
    await until(() => server.received.length === 2)
    server.drop()
    await until(() => server.received.length === 4)
    expect(server.connections()).toEqual({ opened: 2, open: 1 })
    // A second drop soon after: the next wait is longer (the connection was not stable yet).
    server.drop()
    await until(() => server.received.length === 6)
    expect(delays).toEqual([1, 2])
    expect(server.received.slice(2)).toEqual([
      { op: 'sub', channel: 'getTodo [{"id":"1"}]' },
      { op: 'sub', channel: 'getTodo [{"id":"2"}]' },
      { op: 'sub', channel: 'getTodo [{"id":"1"}]' },
      { op: 'sub', channel: 'getTodo [{"id":"2"}]' },
    ])
    server.push({ type: 'todo', data: todo('2', { title: 'after reconnect' }) })
    await until(() => read('2') !== undefined)
    expect(read('2')?.title).toBe('after reconnect')
  })

  it('waits while offline, connects when the network comes back, and closes when it goes', async () => {
    let online = false
    const events = new EventTarget()
    const { server, controller, getTodo, manager } = await setupWs({ online: () => online, events })
    controller.subscribe(getTodo, { id: '1' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(server.connections().opened).toBe(0)
    online = true
    events.dispatchEvent(new Event('online'))
    await until(() => server.received.length === 1)
    online = false
    events.dispatchEvent(new Event('offline'))
    await until(() => server.connections().open === 0)
    expect(manager.connected).toBe(false)
    // No reconnect attempts while offline.
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(server.connections().opened).toBe(1)
    online = true
    events.dispatchEvent(new Event('online'))
    await until(() => server.received.length === 2)
    expect(server.connections()).toEqual({ opened: 2, open: 1 })
  })

  it('reports and drops malformed messages, keeping the cache and the rest of the frame', async () => {
    const errors: LiveError[] = []
    const { server, controller, getTodo, read, store } = await setupWs({ onError: (error) => void errors.push(error) })
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    server.push({ type: 'todo', data: todo('1', { title: 'kept' }) })
    await until(() => read('1') !== undefined)
    const before = store.getState()
    server.push('not json {')
    server.push({ type: 'gossip' })
    server.push({ type: 'todo', data: { title: 'no id' } })
    server.push({ type: 'todo', data: null })
    await until(() => errors.length === 4)
    expect(errors.map((error) => error.data)).toEqual(['not json {', '{"type":"gossip"}', '{"type":"todo","data":{"title":"no id"}}', '{"type":"todo","data":null}'])
    expect(errors[0]!.message).toMatch(/not JSON.*not json \{/)
    expect(errors[1]!.message).toMatch(/dropped, the cache is unchanged: unknown message type "gossip"/)
    expect(errors[2]!.cause).toBeInstanceOf(Error)
    expect(store.getState()).toBe(before)
    expect(read('1')?.title).toBe('kept')
    // Good and bad messages in one frame: the good ones land.
    server.push({ type: 'like', id: '1' })
    server.push('oops')
    server.push({ type: 'like', id: '1' })
    await until(() => read('1')?.likes === 2)
    expect(errors).toHaveLength(5)
  })

  it('says what was wrong on the console when no onError is given', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {})
    cleanup.push(() => consoleError.mockRestore())
    const { server, controller, getTodo } = await setupWs()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    server.push('<html>')
    await until(() => consoleError.mock.calls.length === 1)
    expect(String(consoleError.mock.calls[0]![0])).toMatch(/tessera\/live: a message that is not JSON was dropped .*<html>/)
  })

  it('undoes the writes of a message whose handler throws after writing', async () => {
    const errors: LiveError[] = []
    const { server, controller, getTodo, read } = await setupWs({
      onError: (error) => void errors.push(error),
      onMessage: (message, api) => {
        api.set(Todo, todo('1', { title: 'half' }))
        if ((message as { fail?: boolean }).fail) throw new Error('second half failed')
      },
    })
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    server.push({ fail: true })
    await until(() => errors.length === 1)
    expect(read('1')).toBeUndefined()
  })

  it('applies a burst of 1000 messages in a handful of actions, each message counted', async () => {
    const { server, controller, getTodo, read, actions } = await setupWs()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    server.push({ type: 'todo', data: todo('1') })
    await until(() => read('1') !== undefined)
    actions.length = 0
    for (let i = 0; i < 1000; i++) server.push({ type: 'like', id: '1' })
    await until(() => read('1')?.likes === 1000)
    // A frame is one store batch: `tessera/batch` (or its lone response as itself).
    expect(actions.every((action) => action.type === BATCH || action.type === RECEIVE)).toBe(true)
    expect(actions.length).toBeLessThanOrEqual(10)
  })
})

describe('LiveManager over server-sent events', () => {
  it('opens the stream on the first reader, writes what it pushes, and closes it after the last', async () => {
    const { server, controller, getTodo, read } = await setupSse()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.connections().open === 1)
    server.push({ type: 'todo', data: todo('1', { title: 'from sse' }) })
    await until(() => read('1') !== undefined)
    expect(read('1')?.title).toBe('from sse')
    controller.unsubscribe(getTodo, { id: '1' })
    await until(() => server.connections().open === 0)
    expect(server.connections().opened).toBe(1)
  })

  it('reconnects after the server drops the stream', async () => {
    const { server, controller, getTodo, read } = await setupSse()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.connections().open === 1)
    server.drop()
    await until(() => server.connections().opened === 2 && server.connections().open === 1)
    server.push({ type: 'todo', data: todo('1', { title: 'back' }) })
    await until(() => read('1') !== undefined)
    expect(read('1')?.title).toBe('back')
  })

  it('retries a server that refuses, waiting longer each time', async () => {
    const attempts: number[] = []
    const { server, controller, getTodo } = await setupSse({
      connect: () => new NodeEventSource(server.http + '/missing'),
      retryDelay: (attempt) => (attempts.push(attempt), 10 * attempt),
    })
    controller.subscribe(getTodo, { id: '1' })
    await until(() => attempts.length >= 3)
    expect(attempts.slice(0, 3)).toEqual([1, 2, 3])
    controller.unsubscribe(getTodo, { id: '1' })
    const count = attempts.length
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(attempts.length).toBe(count)
  })
})

describe('LiveManager timing', () => {
  it('keeps the stream when a reader leaves and another comes in the same task (a remount)', async () => {
    const { server, controller, getTodo } = await setupWs()
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 1)
    controller.unsubscribe(getTodo, { id: '1' })
    controller.subscribe(getTodo, { id: '1' })
    await until(() => server.received.length === 3)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(server.connections()).toEqual({ opened: 1, open: 1 })
  })

  it('waits 0.5–1 s before the first reconnect, then about twice as long each time up to 30 s, and reports a connect() that throws', () => {
    jest.useFakeTimers()
    cleanup.push(() => void jest.useRealTimers())
    const errors: LiveError[] = []
    const connect = jest.fn((): LiveSocket => {
      throw new Error('refused')
    })
    const manager = new LiveManager({ connect, onMessage, live: () => true, onError: (error) => void errors.push(error) })
    const store = createStore({ managers: [manager] })
    cleanup.push(() => store.cleanup())
    const random = jest.spyOn(Math, 'random')
    cleanup.push(() => random.mockRestore())
    for (const draw of [0, 0, 0, 0, 0, 0, 0, 0.5, 1]) random.mockReturnValueOnce(draw)
    store.controller.subscribe(todoEndpoint('http://unused'), { id: '1' })
    expect(connect).toHaveBeenCalledTimes(1)
    expect(errors[0]!.message).toMatch(/connect\(\) threw, retrying: refused/)
    const waits: number[] = []
    for (let i = 0; i < 9; i++) {
      const calls = connect.mock.calls.length
      let waited = 0
      while (connect.mock.calls.length === calls) {
        jest.advanceTimersByTime(1)
        waited++
      }
      waits.push(waited)
    }
    // Each wait lies between half and all of min(30 s, 1 s × 2^(attempt − 1)), as the random draw says.
    expect(waits).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 22_500, 30_000])
  })
})

describe('LiveManager errors in production', () => {
  it('E800–E802: short codes, with what was thrown; the message itself stays on the error', async () => {
    const errors: LiveError[] = []
    const socket = new HandSocket()
    let attempts = 0
    const manager = new LiveManager({
      connect: () => {
        if (++attempts === 1) throw new Error('refused')
        return socket
      },
      onMessage,
      live: () => true,
      retryDelay: () => 1,
      onError: (error) => void errors.push(error),
    })
    const store = createStore({ managers: [manager] })
    cleanup.push(() => store.cleanup())
    await inProduction(async () => {
      store.controller.subscribe(todoEndpoint('http://unused'), { id: '1' })
      await until(() => attempts === 2)
      socket.open()
      socket.raw('not json')
      socket.message({ type: 'gossip' })
      await until(() => errors.length === 3)
    })
    expect(errors.map((error) => error.message)).toEqual(['Tessera E802: refused', 'Tessera E800', 'Tessera E801: unknown message type "gossip"'])
    expect(errors[1]!.data).toBe('not json')
  })
})

