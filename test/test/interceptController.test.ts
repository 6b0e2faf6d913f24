import { createResource, createStore } from '../../src/index'
import { interceptController } from '../../src/test/interceptController'
import { API, Todo, todo } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('interceptController', () => {
  it("answers from fixtures into the store's own cache, without React", async () => {
    const store = createStore()
    const controller = interceptController(store.controller, [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'Canned' }) }])
    const fetched = await controller.fetch(TodoResource.get, { id: '1' })
    expect(fetched).toBeInstanceOf(Todo)
    expect(fetched.title).toBe('Canned')
    // The same cache and memo: the store's controller reads the very same object.
    expect(store.controller.getResponse(TodoResource.get, { id: '1' }, store.getState()).data).toBe(fetched)
    expect(fake.requests).toEqual([])
  })

  it('shares identical reads in flight, as the store does', async () => {
    let calls = 0
    const controller = interceptController(createStore().controller, [{ endpoint: TodoResource.get, response: ({ id }: { id: string }) => (calls++, todo(id)) }])
    const [a, b] = await Promise.all([controller.fetch(TodoResource.get, { id: '1' }), controller.fetch(TodoResource.get, { id: '1' })])
    expect(a).toBe(b)
    expect(calls).toBe(1)
  })

  it('runs fetchIfStale through the fixtures, and only when the data is not valid', async () => {
    let calls = 0
    const controller = interceptController(createStore().controller, [{ endpoint: TodoResource.get, response: ({ id }: { id: string }) => (calls++, todo(id)) }])
    await controller.fetchIfStale(TodoResource.get, { id: '1' })
    await controller.fetchIfStale(TodoResource.get, { id: '1' })
    expect(calls).toBe(1)
  })

  it('rejects with the response of an error fixture, stored as that read’s error', async () => {
    const store = createStore()
    const failure = Object.assign(new Error('Gone'), { status: 410 })
    const controller = interceptController(store.controller, [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: failure, error: true }])
    await expect(controller.fetch(TodoResource.get, { id: '1' })).rejects.toBe(failure)
    expect(store.controller.getError(TodoResource.get, { id: '1' }, store.getState())).toBe(failure)
  })

  it('sends a request no fixture matches to the real endpoint, warning unless silenced', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    fake.route(`GET ${API}/todos/2`, { json: todo('2') })
    fake.route(`GET ${API}/todos/3`, { json: todo('3') })
    const store = createStore()
    const loud = interceptController(store.controller, [])
    const quiet = interceptController(store.controller, [], { silenceMissing: true })
    expect((await loud.fetch(TodoResource.get, { id: '2' })).id).toBe('2')
    expect(warn).toHaveBeenCalledTimes(1)
    expect((await quiet.fetch(TodoResource.get, { id: '3' })).id).toBe('3')
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})
