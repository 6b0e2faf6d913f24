// The browser's side of tessera/ssr without React: what a store does with the batches a server
// streamed: merging, clocks that disagree, several stores, garbage collection, and bad input.
import { ExpiryStatus, createResource, getDefaultManagers, type Store } from '../../src/index'
import { readEntry } from '../../src/schema/table'
import { createServerData, hydrateAction, receiveServerData, takeServerData, type ServerDataBatch } from '../../src/ssr/index'
import { createTestStore, type TestStore } from '../helpers/createTestStore'
import { Todo } from '../fixtures/todos'

const TodoResource = createResource({ urlPrefix: 'https://api.example.com', path: '/todos/:id', schema: Todo })

const MINUTE = 60_000

/** What a server store of clock `now` sends after receiving `todos` for the list. */
function serverBatch(now: number, todos: { id: string; title: string }[]): ServerDataBatch {
  const server = createServerData({ now: () => now })
  server.store.controller.setResponse(TodoResource.getList, todos)
  const batch = takeServerData(server)
  server.close()
  // Through JSON, as it travels in the page.
  return JSON.parse(JSON.stringify(batch))
}

/** The global the streamed scripts push to. */
const scope = globalThis as { __TESSERA_DATA__?: ServerDataBatch[] }

let client: TestStore
let stop: (() => void) | undefined
beforeEach(() => {
  delete scope.__TESSERA_DATA__
  client = createTestStore({ now: 50 * MINUTE })
})
afterEach(() => {
  stop?.()
  stop = undefined
  client.store.cleanup()
})

const titles = (store: Store) => (store.controller.getResponse(TodoResource.getList, store.getState()).data as { title: string }[] | undefined)?.map((todo) => todo.title)

describe('receiveServerData', () => {
  it('applies what the page holds and what arrives later, each batch as one merging hydrate action', () => {
    ;(scope.__TESSERA_DATA__ ??= []).push(serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }]))
    stop = receiveServerData(client.store)
    expect(titles(client.store)).toEqual(['One'])
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE, [{ id: '2', title: 'Two' }]))
    expect(client.store.controller.getResponse(TodoResource.getList, client.store.getState()).expiryStatus).toBe(ExpiryStatus.Valid)
    expect(client.actions.map((action) => action.type)).toEqual(['tessera/hydrate', 'tessera/hydrate'])
    // The newer list won; the record of the first stays (it merged, nothing was replaced).
    expect(titles(client.store)).toEqual(['Two'])
    expect(readEntry(client.store.getState().entities['Todo'], '1')).toMatchObject({ title: 'One' })
  })

  it('judges expiry by the age of the data, not by the server clock', () => {
    // The server's clock is 10 minutes behind: its data is 1 s old and expires in 59 s.
    scope.__TESSERA_DATA__ = [{ ...serverBatch(40 * MINUTE - 1_000, [{ id: '1', title: 'One' }]), now: 40 * MINUTE }]
    stop = receiveServerData(client.store)
    const meta = client.store.getState().meta
    expect(client.store.controller.getResponse(TodoResource.getList, client.store.getState()).expiryStatus).toBe(ExpiryStatus.Valid)
    expect(client.controller.getResponse(TodoResource.getList, client.store.getState()).expiresAt).toBe(50 * MINUTE + 59_000)
    void meta
    client.clock.advance(59_001)
    expect(client.store.controller.getResponse(TodoResource.getList, client.store.getState()).expiryStatus).toBe(ExpiryStatus.Stale)
  })

  it('never lets server data overwrite data this store fetched later', () => {
    client.controller.setResponse(TodoResource.getList, [{ id: '1', title: 'Edited here' }])
    // Fetched by the server a minute before it sent it: older than what the client has.
    const stale = serverBatch(50 * MINUTE, [{ id: '1', title: 'Old' }])
    stop = receiveServerData(client.store)
    client.clock.advance(1)
    scope.__TESSERA_DATA__!.push({ ...stale, now: stale.now + MINUTE })
    expect(titles(client.store)).toEqual(['Edited here'])
  })

  it('gives every batch to every listening store, and stops when told', () => {
    const second = createTestStore({ now: 50 * MINUTE })
    stop = receiveServerData(client.store)
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }]))
    // A store made later still gets what came before it.
    const stopSecond = receiveServerData(second.store)
    expect(titles(second.store)).toEqual(['One'])
    stopSecond()
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE, [{ id: '2', title: 'Two' }]))
    expect(titles(client.store)).toEqual(['Two'])
    expect(titles(second.store)).toEqual(['One'])
    second.store.cleanup()
  })

  it("keeps the server snapshot on the store: what the server sent, whatever the browser changed since", () => {
    const { store, controller } = client
    const served = () => titles({ controller, getState: store.getServerState } as Store)
    // Every store has one: with no server data, the state itself.
    controller.setResponse(TodoResource.getList, [{ id: '0', title: 'Local' }])
    expect(store.getServerState()).toBe(store.getState())
    scope.__TESSERA_DATA__ = [serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }])]
    stop = receiveServerData(store)
    expect(served()).toEqual(['One'])
    // A change here (a like, a response) is not what the server rendered…
    client.clock.advance(1)
    controller.setResponse(TodoResource.getList, [{ id: '1', title: 'Liked here' }])
    expect(titles(store)).toEqual(['Liked here'])
    expect(served()).toEqual(['One'])
    // …while a later server batch is (a boundary streamed after it).
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE + 2, [{ id: '2', title: 'Two' }]))
    expect(served()).toEqual(['Two'])
  })

  it('keeps the server snapshot equal to the state on a store that merges data but got none from a server render', () => {
    // A server render's own store: data a Server Component handed over, then the render's own fetches.
    const { store, controller } = client
    store.dispatch(hydrateAction(serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }]), 50 * MINUTE))
    controller.setResponse(TodoResource.getList, [{ id: '2', title: 'Fetched while rendering' }])
    expect(store.getServerState()).toBe(store.getState())
  })

  it("sends what the server store's batches wrote, as the same responses one by one would have", () => {
    const server = createServerData({ now: () => 50 * MINUTE })
    server.store.batch(() => {
      server.store.controller.setResponse(TodoResource.getList, [{ id: '1', title: 'One' }])
      server.store.controller.setResponse(TodoResource.get, { id: '2' }, { id: '2', title: 'Two' })
    })
    const batch = JSON.parse(JSON.stringify(takeServerData(server))) as ServerDataBatch
    server.close()
    expect(batch.actions.map((action) => action.key)).toEqual([TodoResource.getList.key(), TodoResource.get.key({ id: '2' })])
    scope.__TESSERA_DATA__ = [batch]
    stop = receiveServerData(client.store)
    expect(titles(client.store)).toEqual(['One'])
  })

  it('collects hydrated data nobody reads, like data fetched here', () => {
    const { store, controller, clock } = createTestStore({ now: 50 * MINUTE, managers: getDefaultManagers({ gcTime: 1_000 }) })
    stop = receiveServerData(store)
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }]))
    expect(Object.keys(store.getState().entities['Todo']!)).toEqual(['1'])
    clock.advance(1_001)
    controller.sweep()
    expect(Object.keys(store.getState().entities['Todo'] ?? {})).toEqual([])
    expect(Object.keys(store.getState().meta)).toEqual([])
    store.cleanup()
  })

  it('reports a malformed batch, drops it whole and keeps the cache', () => {
    const errors: Error[] = []
    stop = receiveServerData(client.store, { onError: (error) => void errors.push(error) })
    scope.__TESSERA_DATA__!.push(serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }]))
    const before = client.store.getState()
    const good = serverBatch(50 * MINUTE, [{ id: '2', title: 'Two' }])
    const bad = [
      'not a batch',
      { now: 'yesterday', actions: [] },
      { now: 1, actions: [{ ...good.actions[0], type: 'tessera/reset' }] },
      { now: 1, actions: [good.actions[0], { ...good.actions[0], meta: { date: 1, fetchedAt: 'x', expiresAt: 2 } }] },
      { now: 1, actions: [{ ...good.actions[0], entities: { Todo: { 2: 'not a record' } } }] },
    ]
    for (const batch of bad) scope.__TESSERA_DATA__!.push(batch as ServerDataBatch)
    expect(errors.map((error) => error.message)).toEqual([
      'tessera/ssr: the server data is malformed at the batch: expected { now, actions } with now a number. Nothing of this batch was applied.',
      'tessera/ssr: the server data is malformed at the batch: expected { now, actions } with now a number. Nothing of this batch was applied.',
      'tessera/ssr: the server data is malformed at actions[0]: expected a response (a tessera/receive action without an error). Nothing of this batch was applied.',
      'tessera/ssr: the server data is malformed at actions[1].meta.fetchedAt: expected a time, got "x". Nothing of this batch was applied.',
      'tessera/ssr: the server data is malformed at actions[0].entities.Todo.2: expected a record. Nothing of this batch was applied.',
    ])
    expect(errors.every((error) => error.name === 'ServerDataError')).toBe(true)
    expect(client.store.getState()).toBe(before)
  })

  it('keeps "__proto__" from the page as data: no prototype changes', () => {
    stop = receiveServerData(client.store)
    const batch = serverBatch(50 * MINUTE, [{ id: '1', title: 'One' }])
    const hostile = JSON.parse(
      JSON.stringify(batch).replace('"Todo":{"1":', '"Todo":{"__proto__":{"polluted":true},"1":').replace('"entitiesMeta":{', '"entitiesMeta":{"__proto__":{"x":{"date":1,"fetchedAt":1,"expiresAt":1}},'),
    )
    scope.__TESSERA_DATA__!.push(hostile)
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(client.store.getState().entities['Todo'])).toBeNull()
    expect(Object.getOwnPropertyDescriptor(client.store.getState().entities['Todo'], '__proto__')?.value).toEqual({ polluted: true })
    expect(titles(client.store)).toEqual(['One'])
  })

  it('says what went wrong in production too, by code', () => {
    const previous = process.env.NODE_ENV
    process.env.NODE_ENV = 'production'
    try {
      expect(() => hydrateAction({ now: 1, actions: [{ type: 'x' }] } as unknown as ServerDataBatch)).toThrow('Tessera E600: actions[0]')
    } finally {
      process.env.NODE_ENV = previous
    }
  })
})
