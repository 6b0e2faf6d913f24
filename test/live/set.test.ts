// controller.set: a schema's value written from outside a fetch, through the receive path.
import { RECEIVE, reducer, schema, SchemaError, type Action, type State } from '../../src/index'
import { expectTypeOf } from 'expect-type'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { Todo } from './servers'

const todo = (id: string, fields: Partial<{ title: string; likes: number }> = {}) => ({ id, title: `Todo ${id}`, likes: 0, ...fields })
const GC_TIME = 5 * 60_000

function setup() {
  const test = createTestStore()
  const getTodo = createFakeEndpoint('getTodo', { schema: Todo })
  const getTodos = createFakeEndpoint('getTodos', { schema: [Todo] })
  const read = (id: string) => test.controller.get(Todo, { id }, test.controller.getState())
  return { ...test, getTodo, getTodos, read }
}

describe('controller.set', () => {
  it('writes an entity that every read of it then shows', () => {
    const { controller, getTodo, read } = setup()
    controller.setResponse(getTodo.endpoint, { id: '5' }, todo('5'))
    controller.set(Todo, { id: '5' }, todo('5', { title: 'new' }))
    expect(read('5')).toBeInstanceOf(Todo)
    expect(read('5')?.title).toBe('new')
    expect(controller.getResponse(getTodo.endpoint, { id: '5' }, controller.getState()).data!.title).toBe('new')
  })

  it('writes an entity nothing fetched, with or without arguments', () => {
    const { controller, read } = setup()
    controller.set(Todo, todo('6'))
    controller.set(Todo, { id: '7' }, todo('7'))
    expect(read('6')?.title).toBe('Todo 6')
    expect(read('7')?.title).toBe('Todo 7')
  })

  it('writes lists and object schemas: each record lands in its table', () => {
    const { controller, getTodos, read } = setup()
    controller.setResponse(getTodos.endpoint, [todo('1'), todo('2')])
    controller.set([Todo], [todo('1', { title: 'one' }), todo('3')])
    controller.set({ featured: Todo }, { featured: todo('2', { likes: 9 }) })
    expect(controller.getResponse(getTodos.endpoint, controller.getState()).data!.map((t: Todo) => t.title)).toEqual(['one', 'Todo 2'])
    expect(read('2')?.likes).toBe(9)
    expect(read('3')?.title).toBe('Todo 3')
  })

  it("writes a Collection's list", () => {
    const { controller } = setup()
    const list = new schema.Collection([Todo])
    const getList = createFakeEndpoint('getList', { schema: list })
    controller.setResponse(getList.endpoint, [todo('1')])
    controller.set(list, [todo('1'), todo('2')])
    expect(controller.getResponse(getList.endpoint, controller.getState()).data!.map((t: Todo) => t.id)).toEqual(['1', '2'])
  })

  it('passes a function the current value and writes what it returns', () => {
    const { controller, read } = setup()
    controller.set(Todo, { id: '5' }, todo('5', { likes: 1 }))
    controller.set(Todo, { id: '5' }, (previous) => ({ ...previous, likes: previous.likes + 1 }))
    controller.set(Todo, { id: '5' }, (previous) => ({ ...previous, likes: previous.likes + 1 }))
    expect(read('5')?.likes).toBe(3)
    // Nothing cached: the function is told so.
    const seen: unknown[] = []
    controller.set(Todo, { id: '9' }, (previous) => (seen.push(previous), todo('9')))
    expect(seen).toEqual([undefined])
  })

  it('passes a function for a list what a lookup by its arguments finds (nothing, for a plain list)', () => {
    const { controller, read } = setup()
    const seen: unknown[] = []
    controller.set([Todo], (previous) => (seen.push(previous), [todo('1')]))
    expect(seen).toEqual([undefined])
    expect(read('1')?.title).toBe('Todo 1')
  })

  it('types the value by the schema', () => {
    const typesOnly = () => {
      const { controller } = setup()
      controller.set(Todo, { id: '1' }, (previous) => {
        expectTypeOf(previous).toEqualTypeOf<Todo>()
        return previous
      })
      controller.set([Todo], (previous) => {
        expectTypeOf(previous).toEqualTypeOf<Todo[]>()
        return previous
      })
      // @ts-expect-error a string is no value of an Entity
      controller.set(Todo, { id: '1' }, 'title')
    }
    expect(typesOnly).toBeDefined()
  })

  it('is not overwritten by the response of a request that started before it', async () => {
    const { controller, clock, getTodo, read } = setup()
    const request = controller.fetch(getTodo.endpoint, { id: '5' })
    clock.advance(10)
    controller.set(Todo, { id: '5' }, todo('5', { title: 'pushed' }))
    clock.advance(10)
    await getTodo.calls[0]!.resolve(todo('5', { title: 'stale' }))
    await request
    expect(read('5')?.title).toBe('pushed')
    expect(controller.getResponse(getTodo.endpoint, { id: '5' }, controller.getState()).data!.title).toBe('pushed')
  })

  it('is overwritten by the response of a request that started after it', async () => {
    const { controller, clock, getTodo, read } = setup()
    controller.set(Todo, { id: '5' }, todo('5', { title: 'pushed' }))
    clock.advance(10)
    const request = controller.fetch(getTodo.endpoint, { id: '5' })
    clock.advance(10)
    await getTodo.calls[0]!.resolve(todo('5', { title: 'fresh' }))
    await request
    expect(read('5')?.title).toBe('fresh')
  })

  it('is collected once nothing reads what it wrote, and kept while something does', () => {
    const { controller, clock, getTodo } = setup()
    controller.set(Todo, { id: '1' }, todo('1'))
    controller.set(Todo, { id: '2' }, todo('2'))
    controller.subscribe(getTodo.endpoint, { id: '2' })
    controller.setResponse(getTodo.endpoint, { id: '2' }, todo('2'))
    clock.advance(GC_TIME + 1)
    expect(controller.get(Todo, { id: '1' }, controller.getState())?.title).toBe('Todo 1')
    while (controller.sweep());
    const state = controller.getState()
    expect(controller.get(Todo, { id: '1' }, state)).toBeUndefined()
    expect(controller.get(Todo, { id: '2' }, state)?.title).toBe('Todo 2')
  })

  it('shows in the action log (and so in DevTools) as a response under its own key', () => {
    const { controller, actions } = setup()
    controller.set(Todo, { id: '5' }, todo('5'))
    expect(actions).toEqual([expect.objectContaining({ type: RECEIVE, key: 'set query Todo [{"id":"5"}]', args: [{ id: '5' }], result: '5' })])
  })

  it('rebuilds the same state from a JSON copy of the action log', async () => {
    const { controller, clock, getTodo, actions } = setup()
    const request = controller.fetch(getTodo.endpoint, { id: '5' })
    clock.advance(5)
    controller.set(Todo, { id: '5' }, todo('5', { title: 'pushed' }))
    controller.set([Todo], [todo('6')])
    controller.set(Todo, { id: '5' }, (previous) => ({ ...previous, likes: 7 }))
    await getTodo.calls[0]!.resolve(todo('5', { title: 'old' }))
    await request
    await flush()
    const replayed = (JSON.parse(JSON.stringify(actions)) as Action[]).reduce(reducer, undefined as unknown as State)
    expect(JSON.parse(JSON.stringify(replayed))).toEqual(JSON.parse(JSON.stringify(controller.getState())))
    expect(controller.get(Todo, { id: '5' }, replayed)).toMatchObject({ title: 'pushed', likes: 7 })
  })

  it("throws the schema's error for a value that does not fit, and writes nothing", () => {
    const { controller, actions, read } = setup()
    controller.set(Todo, { id: '5' }, todo('5'))
    const before = controller.getState()
    const count = actions.length
    expect(() => controller.set(Todo, { id: '5' }, { title: 'no pk' })).toThrow(SchemaError)
    expect(() => controller.set([Todo], JSON.parse('"not a list"'))).toThrow()
    expect(controller.getState()).toBe(before)
    expect(actions.length).toBe(count)
    expect(read('5')?.title).toBe('Todo 5')
  })
})
