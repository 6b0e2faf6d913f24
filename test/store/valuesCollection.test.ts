/**
 * A Collection of schema.Values: a map stored per argument set, grown by `endpoint.assign` (the
 * entries the server returns are merged into every stored map the call matches).
 */
import { SchemaError, createResource, normalize, schema } from '../../src/index'
import { API, Todo, todo } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { createTestStore } from '../helpers/createTestStore'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
const byName = TodoResource.getList.extend({ schema: new schema.Collection(new schema.Values(Todo)) })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

describe('a Collection of schema.Values', () => {
  it('stores a map of pks per argument set and reads back instances', () => {
    const { controller, store } = createTestStore()
    controller.setResponse(byName, { first: todo('1'), second: todo('2') })
    const { data } = controller.getResponse(byName, store.getState())
    expect(data).toEqual({ first: Todo.fromJS(todo('1')), second: Todo.fromJS(todo('2')) })
    expect(data!.first).toBeInstanceOf(Todo)
  })

  it('merges what assign returns into the stored map, keeping the others', async () => {
    const { controller, store } = createTestStore()
    controller.setResponse(byName, { first: todo('1') })
    fake.route(`POST ${API}/todos`, (request) => ({ json: request.json() }))
    await controller.fetch(byName.assign, { added: todo('3', { title: 'newly assigned' }) })
    const data = controller.getResponse(byName, store.getState()).data!
    expect(Object.keys(data)).toEqual(['first', 'added'])
    expect(data.added).toEqual(Todo.fromJS(todo('3', { title: 'newly assigned' })))
    expect(byName.assign.name).toBe('Todo.getList.create')
  })

  it('is a map only: push on it says to use assign; a list has no assign', () => {
    const map = new schema.Collection(new schema.Values(Todo))
    expect(() => normalize(map.push, todo('1'))).toThrow(SchemaError)
    expect(() => normalize(map.push, todo('1'))).toThrow(/is a map: add to it with assign/)
    expect(new schema.Collection([Todo]).assign).toBeUndefined()
    expect(() => TodoResource.getList.assign).toThrow(/getList.assign needs a schema.Collection of schema.Values/)
  })

  it('keeps the stored map when assign brings what it already holds', () => {
    const map = new schema.Collection(new schema.Values(Todo))
    const first = normalize(map, { a: todo('1') })
    const again = normalize(map.assign, { a: todo('1') }, [], { entities: first.entities, entitiesMeta: first.entitiesMeta })
    const pk = map.pk(undefined, undefined, '', [])
    expect(again.entities[map.key]![pk]).toBe(first.entities[map.key]![pk])
  })
})
