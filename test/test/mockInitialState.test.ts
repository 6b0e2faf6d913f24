import { ExpiryStatus, NetworkError, SchemaError, createResource, createStore } from '../../src/index'
import { mockInitialState } from '../../src/test/mockInitialState'
import { API, Todo, todo } from '../fixtures/todos'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

describe('mockInitialState', () => {
  it('builds a state a store starts from with each fixture already fetched and valid', () => {
    const initialState = mockInitialState([
      { endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'One' }) },
      { endpoint: TodoResource.getList, args: [], response: [todo('1', { title: 'One' }), todo('2')] },
    ])
    const { controller, getState } = createStore({ initialState })
    const one = controller.getResponse(TodoResource.get, { id: '1' }, getState())
    expect(one.expiryStatus).toBe(ExpiryStatus.Valid)
    expect(one.data).toBeInstanceOf(Todo)
    expect(one.data?.title).toBe('One')
    // Normalized: the list and the detail share one record.
    expect(controller.getResponse(TodoResource.getList, getState()).data?.[0]).toBe(one.data)
  })

  it('is plain JSON', () => {
    const state = mockInitialState([{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1') }])
    const { controller, getState } = createStore({ initialState: JSON.parse(JSON.stringify(state)) })
    expect(controller.getResponse(TodoResource.get, { id: '1' }, getState()).data?.title).toBe('Todo 1')
  })

  it('stores an error fixture as the failure of that read', () => {
    const failure = new NetworkError(new Response('', { status: 403, statusText: 'Forbidden' }), 'GET')
    const initialState = mockInitialState([{ endpoint: TodoResource.get, args: [{ id: '1' }], response: failure, error: true }])
    const { controller, getState } = createStore({ initialState })
    const error = controller.getError(TodoResource.get, { id: '1' }, getState())
    expect(error?.message).toBe(failure.message)
    expect((error as { status?: number }).status).toBe(403)
  })

  it('calls a response given as a function with the fixture arguments', () => {
    const initialState = mockInitialState([
      { endpoint: TodoResource.get, args: [{ id: '3' }], response: ({ id }: { id: string }) => todo(id, { title: `made for ${id}` }) },
    ])
    const { controller, getState } = createStore({ initialState })
    expect(controller.getResponse(TodoResource.get, { id: '3' }, getState()).data?.title).toBe('made for 3')
  })

  it('refuses a response that does not fit the schema, as a request would', () => {
    expect(() => mockInitialState([{ endpoint: TodoResource.get, args: [{ id: '1' }], response: [todo('1')] as never }])).toThrow(SchemaError)
  })

  it('gives an empty state for no fixtures', () => {
    expect(mockInitialState()).toEqual(createStore().getState())
  })
})
