/**
 * Endpoint names, as data-client gives them: a RestEndpoint without a name is named by its URL
 * template; a name given once (createResource's `Todo.get`, `extend({ name })`) stays through
 * every extend until another is given; derived endpoints extend their parent's name.
 */
import { Entity, RestEndpoint, createResource, schema } from '../../src/index'

class Todo extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Todo'
}

const API = 'https://api.example.com'

describe('a RestEndpoint without a name', () => {
  it('is named by its URL template, urlPrefix included', () => {
    expect(new RestEndpoint({ urlPrefix: API, path: '/todos/:id' }).name).toBe(`${API}/todos/:id`)
    expect(new RestEndpoint({ path: '/todos/:id', method: 'PUT' }).name).toBe('/todos/:id')
  })

  it('follows a new path, and a urlPrefix a subclass sets as a class field', () => {
    class ApiEndpoint<O extends import('../../src/index').RestGenerics = any> extends RestEndpoint<O> {
      override urlPrefix = API
    }
    const list = new ApiEndpoint({ path: '/todos' })
    expect(list.name).toBe(`${API}/todos`)
    expect(list.extend({ path: '/done' }).name).toBe(`${API}/done`)
  })

  it('still names its requests by method and path in error messages', async () => {
    const get = new RestEndpoint({ path: '/todos/:id' })
    await expect(get({} as { id: string })).rejects.toThrow(/^GET \/todos\/:id needs the path parameter "id"/)
  })
})

describe('a name given once', () => {
  it('stays through extend, a new path or method included, until another is given', () => {
    const named = new RestEndpoint({ path: '/todos/:id', name: 'getTodo' })
    expect(named.extend({ path: '/v2/todos/:id' }).name).toBe('getTodo')
    expect(named.extend({ method: 'GET', dataExpiryLength: 5 }).name).toBe('getTodo')
    expect(named.extend({ name: 'getTodoV2' }).name).toBe('getTodoV2')
  })

  it('names createResource members after the entity, through extends of them', () => {
    const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })
    expect(TodoResource.get.name).toBe('Todo.get')
    expect(TodoResource.getList.name).toBe('Todo.getList')
    expect(TodoResource.create.name).toBe('Todo.create')
    expect(TodoResource.delete.name).toBe('Todo.delete')
    expect(TodoResource.get.extend({ path: '/todos/:id/full' }).name).toBe('Todo.get')
    expect(TodoResource.getList.extend({ path: `/lists/:list/todos` }).name).toBe('Todo.getList')
  })
})

describe('endpoints derived from a list', () => {
  const list = new RestEndpoint({
    urlPrefix: API,
    path: '/todos',
    schema: { results: new schema.Collection([Todo]), next: '' },
    paginationField: 'cursor',
  })

  it('extend its name: push and unshift are creates of it, getPage its next page', () => {
    expect(list.push.name).toBe(`${API}/todos.create`)
    expect(list.unshift.name).toBe(list.push.name)
    expect(list.getPage.name).toBe(`${API}/todos.getPage`)
  })
})
