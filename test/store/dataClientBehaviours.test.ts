// Behaviours a data-client app relies on, found by running data-client's own tests (0.14, 0.18)
// against Tessera: each through the public API, as an app observes it.
import { Endpoint, Entity, createResource, normalize, denormalize, schema, INVALID } from '../../src/index'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const API = 'https://api.example.com'

class Todo extends Entity {
  id = ''
  title = ''
  done = false
  static override key = 'Todo'
}

describe('Collection lists keyed by nested-object arguments', () => {
  it('keeps one list per nested value: { filter: { status } } read back with each status', () => {
    const todos = new schema.Collection([Todo])
    const getTodos = new Endpoint(async (_params: { filter: { status: string } }) => [] as unknown[], { name: 'getTodos', schema: todos })
    const { controller } = createTestStore()
    controller.setResponse(getTodos, { filter: { status: 'open' } }, [{ id: '1', title: 'open one' }])
    controller.setResponse(getTodos, { filter: { status: 'done' } }, [{ id: '2', title: 'done one' }])
    const titles = (status: string) => controller.getResponse(getTodos, { filter: { status } }, controller.getState()).data?.map((todo) => todo.title)
    expect(titles('open')).toEqual(['open one'])
    expect(titles('done')).toEqual(['done one'])
    // As data-client's pk: the nested object stays JSON.
    expect(normalize(todos, [], [{ filter: { status: 'open' } }]).result).toBe('{"filter":{"status":"open"}}')
  })
})

describe('controller.fetch of a delete', () => {
  let fake: FakeFetch
  beforeEach(() => {
    fake = installFakeFetch()
  })
  afterEach(() => fake.restore())
  const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

  it('resolves to the deleted entity, built from the response, and removes it from the cache', async () => {
    fake.route(`GET ${API}/todos`, { json: [{ id: '1', title: 'one' }, { id: '2', title: 'two' }] })
    fake.route(`DELETE ${API}/todos/1`, { json: { id: '1', title: 'one' } })
    const { controller } = createTestStore()
    await controller.fetch(TodoResource.getList)
    const deleted = await controller.fetch(TodoResource.delete, { id: '1' })
    expect(deleted).toBeInstanceOf(Todo)
    expect(deleted).toEqual(Todo.fromJS({ id: '1', title: 'one' }))
    expect(controller.getResponse(TodoResource.getList, controller.getState()).data?.map((todo) => todo.id)).toEqual(['2'])
  })

  it('builds it from the path parameters when the response has no body (a 204)', async () => {
    fake.route(`DELETE ${API}/todos/2`, { status: 204 })
    const { controller } = createTestStore()
    const deleted = await controller.fetch(TodoResource.delete, { id: '2' })
    expect(deleted).toBeInstanceOf(Todo)
    expect(deleted).toEqual(Todo.fromJS({ id: '2' }))
    // Calling the endpoint itself still gives what its process returned (data-client's too).
    await expect(TodoResource.delete({ id: '2' })).resolves.toEqual({ id: '2' })
  })
})

describe('schema.All with nothing cached', () => {
  it('reads undefined, not an empty list, through controller.get and getResponse', () => {
    const { controller } = createTestStore()
    const all = new schema.All(Todo)
    expect(controller.get(all, controller.getState())).toBeUndefined()
    const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
    controller.setResponse(TodoResource.get, { id: '1' }, { id: '1', title: 'one' })
    expect(controller.get(all, controller.getState())?.map((todo) => todo.id)).toEqual(['1'])
  })
})

describe('Entity.process returning undefined', () => {
  class Level extends Entity {
    price = 0
    amount = 0
    pk() {
      return `${this.price}`
    }
    static override key = 'Level'
    // data-client's conditional invalidation: a level whose amount is 0 is gone.
    static override process(input: [number, number] | { price: number; amount: number }) {
      const [price, amount] = Array.isArray(input) ? input : [input.price, input.amount]
      return amount === 0 ? undefined : { price, amount }
    }
  }

  it('deletes the record the input names (normalize then reads INVALID)', () => {
    const { result, entities } = normalize(Level, { price: 5, amount: 0 })
    expect(result).toBe('5')
    expect(denormalize(Level, result, entities)).toBe(INVALID)
  })

  it('drops a stored record from lists, and reads tuples through the class’s own process()', () => {
    const getBook = new Endpoint(async () => [] as unknown[], { name: 'getBook', schema: [Level] })
    const { controller } = createTestStore()
    controller.setResponse(getBook, [[5, 1], [6, 2]])
    // (A tuple's own pk is unknown before process() reads it: the deletion names the record by field.)
    controller.setResponse(getBook, [{ price: 5, amount: 0 }])
    expect(controller.get(new schema.All(Level), controller.getState())?.map((level) => level.price)).toEqual([6])
  })

  it('skips an input that names no record', () => {
    class Anonymous extends Todo {
      static override key = 'Anonymous'
      static override process() {
        return undefined
      }
    }
    expect(normalize([Anonymous], [{ title: 'no id' }]).entities).toEqual({})
  })
})

describe('Entity.shouldUpdate returning false', () => {
  it('keeps the stored record, the same object, in normalize (data-client’s EntityMixin test)', () => {
    class Data {
      id = ''
      title = ''
    }
    class Kept extends schema.Entity(Data) {
      static override shouldUpdate() {
        return false
      }
    }
    const { entities, entitiesMeta } = normalize(Kept, { id: '1', title: 'hi' })
    const second = normalize(Kept, { id: '1', title: 'second' }, [], { entities, entitiesMeta, indexes: {} }).entities
    expect(second[Kept.key]!['1']).toBe(entities[Kept.key]!['1'])
  })

  it('keeps a newer version in the store when a response carries an older one', () => {
    class Doc extends Entity {
      id = ''
      version = 0
      static override key = 'Doc'
      static override shouldUpdate(_existingMeta: unknown, _incomingMeta: unknown, existing: { version: number }, incoming: { version: number }) {
        return incoming.version >= existing.version
      }
    }
    const DocResource = createResource({ urlPrefix: API, path: '/docs/:id', schema: Doc })
    const { controller, clock } = createTestStore()
    controller.setResponse(DocResource.get, { id: 'a' }, { id: 'a', version: 3 })
    clock.advance(10)
    controller.setResponse(DocResource.getList, [{ id: 'a', version: 2 }])
    expect(controller.get(Doc, { id: 'a' }, controller.getState())?.version).toBe(3)
  })
})

describe('an Entity looked up by a static indexes field', () => {
  class User extends Entity {
    id = ''
    username = ''
    static override key = 'User'
    static indexes = ['username']
  }

  it('is found by controller.get and by an endpoint whose arguments name the index', () => {
    const UserResource = createResource({ urlPrefix: API, path: '/users/:id', schema: User })
    const byName = new Endpoint(async (_params: { username: string }) => ({}), { name: 'userByName', schema: User })
    const { controller } = createTestStore()
    controller.setResponse(UserResource.getList, [{ id: '1', username: 'bob' }, { id: '2', username: 'ada' }])
    expect(controller.get(User, { username: 'ada' }, controller.getState())?.id).toBe('2')
    expect(controller.getResponse(byName, { username: 'bob' }, controller.getState()).data?.id).toBe('1')
    expect(controller.get(User, { username: 'nobody' }, controller.getState())).toBeUndefined()
    // The lookup follows the table: a renamed user is found under the new name only.
    controller.setResponse(UserResource.get, { id: '1' }, { id: '1', username: 'robert' })
    expect(controller.get(User, { username: 'robert' }, controller.getState())?.id).toBe('1')
    expect(controller.get(User, { username: 'bob' }, controller.getState())).toBeUndefined()
  })
})

describe('normalize() meta under data-client’s names', () => {
  it('names the table entitiesMeta (0.18) and entityMeta (0.11-0.17), and reads a store under either name', () => {
    const out = normalize(Todo, { id: '1' })
    expect(out.entityMeta).toBe(out.entitiesMeta)
    expect(Object.keys(out)).not.toContain('entityMeta')
    // A 0.14 store (`entityMeta`) is read too: the older response does not win.
    const stored = normalize(Todo, { id: '1', title: 'new' }, [], {}, { date: 2, fetchedAt: 2, expiresAt: 9 })
    const older = normalize(Todo, { id: '1', title: 'old' }, [], { entities: stored.entities, entityMeta: stored.entitiesMeta }, { date: 1, fetchedAt: 1, expiresAt: 9 })
    expect(older.entities.Todo!['1']).toMatchObject({ title: 'new' })
  })

  it('keeps the store’s own actions JSON, even for data that never expires', () => {
    const { controller, actions } = createTestStore()
    const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, dataExpiryLength: Infinity })
    controller.setResponse(TodoResource.get, { id: '1' }, { id: '1' })
    expect(JSON.parse(JSON.stringify(actions))).toEqual(actions)
  })
})
