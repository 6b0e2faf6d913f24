import { createStore } from '../../src/index'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'

describe('store.inspect()', () => {
  it('lists the mounted reads with their reader counts, endpoints and arguments', () => {
    const { store, controller } = createTestStore()
    const get = createFakeEndpoint('get')
    controller.retain(get.endpoint, 'a')
    controller.retain(get.endpoint, 'a')
    controller.retain(get.endpoint, 'b')
    controller.release(get.endpoint, 'b')
    const reads = [...store.inspect().readers.entries()]
    expect(reads.map(({ key, count, args }) => ({ key, count, args }))).toEqual([{ key: get.endpoint.key('a'), count: 2, args: ['a'] }])
    expect(reads[0]!.endpoint).toBe(get.endpoint)
    expect(store.inspect().readers.has(get.endpoint.key('b'))).toBe(false)
  })

  it('tells a listener the moment a key loses its last reader, until it unsubscribes', () => {
    const { store, controller } = createTestStore()
    const get = createFakeEndpoint('get')
    const left: string[] = []
    const stop = store.inspect().readers.subscribe((key) => left.push(key))
    controller.retain(get.endpoint, 'a')
    controller.retain(get.endpoint, 'a')
    controller.release(get.endpoint, 'a')
    expect(left).toEqual([])
    controller.release(get.endpoint, 'a')
    expect(left).toEqual([get.endpoint.key('a')])
    stop()
    controller.retain(get.endpoint, 'a')
    controller.release(get.endpoint, 'a')
    expect(left).toHaveLength(1)
  })

  it('says which reads are in flight', async () => {
    const { store, controller } = createTestStore()
    const get = createFakeEndpoint('get')
    const read = controller.fetch(get.endpoint, 'a')
    expect(store.inspect().requests.isFetching(get.endpoint.key('a'))).toBe(true)
    await get.calls[0]!.resolve('A')
    await read
    expect(store.inspect().requests.isFetching(get.endpoint.key('a'))).toBe(false)
  })

  it("gives the store's default gcTime", () => {
    expect(createStore().inspect().collector?.gcTime).toBe(5 * 60_000)
    expect(createStore({ gcTime: 1234 }).inspect().collector?.gcTime).toBe(1234)
  })
})
