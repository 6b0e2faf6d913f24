/**
 * `new Query(schema, process?)`: a computed read of the cache, as data-client's todo app uses it
 * (`queryRemainingTodos`), read here through the headless store: `controller.get(query, ...args,
 * state)` and the optimistic snapshot. The React reads are in test/react/Query.test.tsx.
 */
import { expectTypeOf } from 'expect-type'
import { createResource, denormalize, Entity, inferResults, Query, schema } from '../../src/index'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch } from '../helpers/fakeFetch'
import { PlaceholderTodo as Todo } from '../fixtures/placeholderTodos'


class User extends Entity {
  id = 0
  name = ''
  pk() {
    return `${this.id}`
  }
  static override key = 'User'
}

const TodoResource = createResource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } | undefined })
const UserResource = createResource({ path: '/users/:id', schema: User })

const todos = [
  { id: 1, userId: 1, title: 'a', completed: false },
  { id: 2, userId: 1, title: 'b', completed: true },
  { id: 3, userId: 2, title: 'c', completed: false },
]

// The todo app's query: how many todos of a user's list are left.
const queryRemainingTodos = new Query(TodoResource.getList.schema, (entries) => entries && entries.filter((todo) => !todo.completed).length)
const todosOfUser = new Query(new schema.All(Todo), (entries, { userId }: { userId: number }) => entries.filter((todo) => todo.userId === userId))

function storeWithTodos() {
  const test = createTestStore()
  test.controller.setResponse(TodoResource.getList, todos)
  test.controller.setResponse(TodoResource.getList, { userId: 1 }, todos.slice(0, 2))
  // controller.get reads a Query at run time; its types take schemas only (useQuery and useCache are the typed readers).
  const get = (query: Query<any, any, any>, ...args: unknown[]) => (test.controller.get as (query: object, ...rest: unknown[]) => any)(query, ...args, test.controller.getState())
  return { ...test, get }
}

describe('Query', () => {
  it('processes what a Collection holds for the arguments, as the todo app counts remaining todos', () => {
    const { get } = storeWithTodos()
    expect(get(queryRemainingTodos, { userId: 1 })).toBe(1)
    expect(get(queryRemainingTodos)).toBe(2)
  })

  it('gives process the read arguments after the entries', () => {
    const { get } = storeWithTodos()
    expect(get(todosOfUser, { userId: 1 }).map((todo: Todo) => todo.id)).toEqual([1, 2])
    expect(get(todosOfUser, { userId: 2 }).map((todo: Todo) => todo.id)).toEqual([3])
    // Reads of other arguments in between do not change what a read of these gives.
    expect(get(todosOfUser, { userId: 1 }).map((todo: Todo) => todo.id)).toEqual([1, 2])
  })

  it('returns the schema read as it is without a process', () => {
    const { get } = storeWithTodos()
    const allTodos = new Query(new schema.All(Todo))
    expect(get(allTodos).map((todo: Todo) => todo.title)).toEqual(['a', 'b', 'c'])
    expect(get(allTodos)[0]).toBeInstanceOf(Todo)
  })

  it('is undefined while its schema finds nothing, without calling process', () => {
    const { get } = storeWithTodos()
    const calls: unknown[] = []
    const counted = <S extends object>(query: S) => new Query(query as any, (entries) => void calls.push(entries))
    expect(get(counted(new schema.All(User)))).toBeUndefined()
    expect(get(counted(TodoResource.getList.schema), { userId: 7 })).toBeUndefined()
    expect(get(counted(Todo), { id: 99 })).toBeUndefined()
    expect(calls).toEqual([])
  })

  it('looks an entity up by the pk its arguments give', () => {
    const { get } = storeWithTodos()
    const todoTitle = new Query(Todo, (todo) => todo.title.toUpperCase())
    expect(get(todoTitle, { id: 3 })).toBe('C')
  })

  it('returns the same object while what it was computed from is unchanged', () => {
    const { controller, get } = storeWithTodos()
    const first = get(todosOfUser, { userId: 1 })
    expect(get(todosOfUser, { userId: 1 })).toBe(first)
    // Another entity type changed: the result is equal, so it is the same object.
    controller.setResponse(UserResource.get, { id: 1 }, { id: 1, name: 'Ada' })
    expect(get(todosOfUser, { userId: 1 })).toBe(first)
    // One of its todos changed: a new result with the new todo.
    controller.setResponse(TodoResource.get, { id: 2 }, { ...todos[1]!, title: 'b2' })
    const next = get(todosOfUser, { userId: 1 })
    expect(next).not.toBe(first)
    expect(next.map((todo: Todo) => todo.title)).toEqual(['a', 'b2'])
    expect(next[0]).toBe(first[0])
  })

  it('sees new entities in the next read', () => {
    const { controller, get } = storeWithTodos()
    controller.setResponse(TodoResource.get, { id: 4 }, { id: 4, userId: 2, title: 'd', completed: false })
    expect(get(todosOfUser, { userId: 2 }).map((todo: Todo) => todo.id)).toEqual([3, 4])
  })

  it('is read with null arguments as nothing', () => {
    const { get } = storeWithTodos()
    expect(get(todosOfUser, null)).toBeUndefined()
  })

  it('can be read by an optimistic update through its snapshot', async () => {
    const { controller } = storeWithTodos()
    const seen: unknown[] = []
    const toggle = TodoResource.partialUpdate.extend({
      getOptimisticResponse(snapshot, params: { id: number }, body: Partial<Todo>) {
        seen.push((snapshot.get as (query: object, ...args: unknown[]) => unknown)(queryRemainingTodos, { userId: 1 }))
        return { ...params, ...body }
      },
    })
    const fake = installFakeFetch()
    fake.route('PATCH /todos/1', { json: { ...todos[0]!, completed: true } })
    try {
      await controller.fetch(toggle, { id: 1 }, { completed: true })
    } finally {
      fake.restore()
    }
    expect(seen[0]).toBe(1)
  })

  // data-client 0.15+: `getList.extend({ schema: query })`: stored as the list, read through process.
  it('is an endpoint\'s schema: the response is stored through what it reads, and read back processed with the call\'s arguments', async () => {
    const byCompletion = new Query(TodoResource.getList.schema, (entries, { completed }: { completed?: string }) =>
      entries && completed !== undefined ? entries.filter((todo) => String(todo.completed) === completed) : entries,
    )
    const getFiltered = TodoResource.getList.extend({ schema: byCompletion, searchParams: {} as { completed?: string } })
    const { controller } = createTestStore()
    const fake = installFakeFetch()
    fake.route('GET /todos?completed=true', { json: todos })
    try {
      const fetched = await controller.fetch(getFiltered, { completed: 'true' })
      expect(fetched.map((todo) => todo.id)).toEqual([2])
    } finally {
      fake.restore()
    }
    const read = controller.getResponse(getFiltered, { completed: 'true' }, controller.getState())
    expect(read.data?.map((todo) => todo.id)).toEqual([2])
    // The records are shared with every other read of them.
    expect(controller.get(Todo, { id: 3 }, controller.getState())?.title).toBe('c')
  })

  it('keys argument sets apart, the same arguments in any order alike', () => {
    expect(todosOfUser.key({ userId: 1 })).not.toBe(todosOfUser.key({ userId: 2 }))
    const sorted = new Query(new schema.All(Todo), (entries, _options: { by: string; asc: boolean }) => entries)
    expect(sorted.key({ by: 'title', asc: true })).toBe(sorted.key({ asc: true, by: 'title' }))
  })

  it('types its arguments by what process takes, any when it takes the entries alone', () => {
    const typesOnly = () => {
      expectTypeOf(todosOfUser.key).parameters.toEqualTypeOf<[{ userId: number }]>()
      expectTypeOf(queryRemainingTodos.key).parameters.toEqualTypeOf<any[]>()
      expectTypeOf(queryRemainingTodos.process).returns.toEqualTypeOf<number>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('is a schema itself: denormalize with query.schema gives the processed result, process called once', () => {
    const { controller } = storeWithTodos()
    const { entities } = controller.getState()
    const indexes = undefined
    const calls: unknown[] = []
    const counted = new Query(TodoResource.getList.schema, (entries, params?: { userId?: number }) => {
      calls.push(params)
      return entries.length
    })
    const args = [{ userId: 1 }]
    expect(denormalize(inferResults(counted.schema, args, indexes, entities), counted.schema, entities, args)).toBe(2)
    expect(calls).toEqual([{ userId: 1 }])
    expect(counted.schema.schema).toBe(TodoResource.getList.schema)
    // Nothing stored for these arguments: undefined, and process is not called.
    expect(denormalize(inferResults(counted.schema, [{ userId: 9 }], indexes, entities), counted.schema, entities, [{ userId: 9 }])).toBeUndefined()
    expect(calls).toHaveLength(1)
    expect(storeWithTodos().get(counted, { userId: 1 })).toBe(2)
    expect(calls).toHaveLength(2)
  })

})
