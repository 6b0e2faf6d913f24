// Names data-client added between 0.11 and 0.18 that live in the schema and endpoint layers:
// `schema.Query`, the schema classes by name, `resource`, `nonFilterArgumentKeys` on a resource,
// an Entity without `pk()`, `Entity.shouldUpdate`.
import { All, Collection, Endpoint, Entity, ExpiryStatus, Invalidate, Query, Union, Values, createResource, resource, schema } from '../../src/index'
import * as store from '../../src/headless'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

// No pk(): the id field is the key (data-client 0.14.10+).
class Todo extends Entity {
  id = 0
  title = ''
  userId = 0
  static override key = 'Todo'
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('schema.Query', () => {
  it('is the top-level Query, so `new schema.Query(...)` (data-client 0.11+) reads the cache', () => {
    expect(schema.Query).toBe(Query)
    expect(store.schema.Query).toBe(Query)
    const { controller, store: s } = createTestStore()
    const TodoResource = resource({ path: '/todos/:id', schema: Todo })
    controller.setResponse(TodoResource.getList, [{ id: 1, title: 'a' }, { id: 2, title: 'b' }])
    const count = new schema.Query(new schema.All(Todo), (todos) => todos.length)
    expect(controller.get(count, s.getState())).toBe(2)
  })

  it('comes with the schema classes by name (data-client 0.15.5+), the same classes as under schema', () => {
    expect([All, Collection, Invalidate, Union, Values]).toEqual([schema.All, schema.Collection, schema.Invalidate, schema.Union, schema.Values])
    expect(store.Collection).toBe(schema.Collection)
  })
})

describe('resource', () => {
  it('is createResource under data-client 0.14’s name: the same members, the same requests', async () => {
    expect(resource).toBe(createResource)
    fake.route('GET /todos/5', { json: { id: 5, title: 'five' } })
    const { controller } = createTestStore()
    const todo = await controller.fetch(resource({ path: '/todos/:id', schema: Todo }).get, { id: 5 })
    expect(todo).toBeInstanceOf(Todo)
    expect(todo.title).toBe('five')
  })

  it('passes nonFilterArgumentKeys to its list, so a created item joins lists that differ only in those', async () => {
    const plain = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number; sort?: string } })
    const sorted = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number; sort?: string }, nonFilterArgumentKeys: ['sort'] })
    fake.route('POST /todos?userId=1', { json: { id: 3, title: 'new', userId: 1 } })
    for (const [res, joins] of [[plain, false], [sorted, true]] as const) {
      const { controller, store: s } = createTestStore()
      controller.setResponse(res.getList, { userId: 1, sort: 'title' }, [{ id: 1, title: 'a', userId: 1 }])
      await controller.fetch(res.getList.push, { userId: 1 }, { title: 'new' })
      const ids = controller.getResponse(res.getList, { userId: 1, sort: 'title' }, s.getState()).data?.map((t) => t.id)
      expect(ids).toEqual(joins ? [1, 3] : [1])
    }
  })
})

describe('what the README gives instead of Collection.remove / move (data-client 0.15)', () => {
  it('removes an item from one cached list, and moves it to another, with controller.set', () => {
    const { controller, store: s } = createTestStore()
    const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } })
    controller.setResponse(TodoResource.getList, { userId: 1 }, [{ id: 1, title: 'a', userId: 1 }, { id: 2, title: 'b', userId: 1 }])
    controller.setResponse(TodoResource.getList, { userId: 2 }, [{ id: 3, title: 'c', userId: 2 }])
    const ids = (userId: number) => controller.getResponse(TodoResource.getList, { userId }, s.getState()).data?.map((t) => t.id)
    controller.set(TodoResource.getList.schema, { userId: 1 }, (todos: Todo[]) => todos.filter((t) => t.id !== 2))
    expect(ids(1)).toEqual([1])
    controller.set(TodoResource.getList.schema, { userId: 1 }, (todos: Todo[]) => todos.filter((t) => t.id !== 1))
    controller.set(TodoResource.getList.schema, { userId: 2 }, (todos: Todo[]) => [...todos, { id: 1, title: 'a', userId: 2 }])
    expect([ids(1), ids(2)]).toEqual([[], [3, 1]])
    expect(controller.getResponse(TodoResource.get, { id: 1 }, s.getState()).data?.userId).toBe(2)
  })
})

describe('Entity', () => {
  it('needs no pk(): the id field names the record', () => {
    const { controller, store: s } = createTestStore()
    const TodoResource = resource({ path: '/todos/:id', schema: Todo })
    controller.setResponse(TodoResource.get, { id: 7 }, { id: 7, title: 'seven' })
    controller.setResponse(TodoResource.getList, [{ id: 7, title: 'renamed' }])
    expect(controller.getResponse(TodoResource.get, { id: 7 }, s.getState()).data?.title).toBe('renamed')
  })

  it('keeps the stored record when shouldUpdate (data-client 0.11’s name for useIncoming) says no', () => {
    class Locked extends Todo {
      static override key = 'Locked'
      static override shouldUpdate(_existingMeta: unknown, _incomingMeta: unknown, existing: { title: string }) {
        return existing.title !== 'locked'
      }
    }
    const { controller, store: s, clock } = createTestStore()
    const LockedResource = resource({ path: '/locked/:id', schema: Locked })
    controller.setResponse(LockedResource.get, { id: 1 }, { id: 1, title: 'locked' })
    controller.setResponse(LockedResource.get, { id: 2 }, { id: 2, title: 'open' })
    clock.advance(10)
    controller.setResponse(LockedResource.getList, [{ id: 1, title: 'changed' }, { id: 2, title: 'changed' }])
    const titles = controller.getResponse(LockedResource.getList, s.getState()).data?.map((t) => t.title)
    expect(titles).toEqual(['locked', 'changed'])
  })
})

describe('Query over an object of schemas (data-client 0.14.6)', () => {
  class Ticker extends Entity {
    product_id = ''
    price = 0
    pk() {
      return this.product_id
    }
    static override key = 'Ticker'
  }
  class Stats extends Entity {
    product_id = ''
    last = 0
    pk() {
      return this.product_id
    }
    static override key = 'Stats'
  }
  const queryPrice = new schema.Query({ ticker: Ticker, stats: Stats }, ({ ticker, stats }) => ticker?.price ?? stats?.last)

  it('looks each member up by the pk the same arguments give, undefined members included', () => {
    const { controller, store: s } = createTestStore()
    expect(controller.get(queryPrice, { product_id: 'BTC' }, s.getState())).toBeUndefined()
    controller.set(Stats, { product_id: 'BTC' }, { product_id: 'BTC', last: 10 })
    expect(controller.get(queryPrice, { product_id: 'BTC' }, s.getState())).toBe(10)
    controller.set(Ticker, { product_id: 'BTC' }, { product_id: 'BTC', price: 11 })
    expect(controller.get(queryPrice, { product_id: 'BTC' }, s.getState())).toBe(11)
    expect(controller.get(queryPrice, { product_id: 'ETH' }, s.getState())).toBeUndefined()
  })

  it('reads a schema.All member as every record of its type', () => {
    const { controller, store: s } = createTestStore()
    controller.setResponse(resource({ path: '/todos/:id', schema: Todo }).getList, [{ id: 1, title: 'a' }, { id: 2, title: 'b' }])
    const counts = new schema.Query({ todos: new schema.All(Todo) }, ({ todos }) => todos?.length)
    expect(controller.get(counts, s.getState())).toBe(2)
  })
})

describe('falsy responses (data-client 0.18.1 fixed refetching them for ever)', () => {
  it('reads "", 0, false and null as valid data once fetched', async () => {
    const { controller, store: s } = createTestStore()
    for (const value of ['', 0, false, null]) {
      let calls = 0
      const endpoint = new Endpoint(async () => (calls++, value), { name: `falsy ${JSON.stringify(value)}` })
      await controller.fetch(endpoint)
      await controller.fetchIfStale(endpoint)
      const read = controller.getResponse(endpoint, s.getState())
      expect([read.data, read.expiryStatus, calls]).toEqual([value, ExpiryStatus.Valid, 1])
    }
  })
})
