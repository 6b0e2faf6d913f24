/**
 * Type tests for the names data-client added between 0.11 and 0.18. ts-jest type-checks this
 * file; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { use } from 'react'
import { Entity, getImage, resource, schema, useCancelling, useDebounce, useFetch, useQuery, type UsablePromise } from '../../src/index'

// data-client 0.14.10+: no pk(); and 0.10's style, pk() without `override` (noImplicitOverride is on).
class Todo extends Entity {
  id = 0
  title = ''
  static override key = 'Todo'
}
class Article extends Entity {
  slug = ''
  pk() {
    return this.slug
  }
  static override key = 'Article'
}
const TodoResource = resource({ path: '/todos/:id', schema: Todo })

describe('types of data-client 0.11-0.18 names', () => {
  it('types useFetch as a promise of the read for use(), undefined when skipped', () => {
    const typesOnly = () => {
      expectTypeOf(useFetch(TodoResource.get, { id: 1 })).toEqualTypeOf<UsablePromise<Todo>>()
      expectTypeOf(use(useFetch(TodoResource.getList))).toEqualTypeOf<Todo[]>()
      expectTypeOf(useFetch(TodoResource.get, null)).toEqualTypeOf<undefined>()
      expectTypeOf(useFetch(getImage, { src: '/a.png' }).resolved).toEqualTypeOf<boolean>()
      // @ts-expect-error the id argument is required
      useFetch(TodoResource.get)
    }
    expect(typesOnly).toBeDefined()
  })

  it('types useDebounce as [value, isPending] and useCancelling as the endpoint it was given', () => {
    const typesOnly = () => {
      expectTypeOf(useDebounce('q', 200)).toEqualTypeOf<readonly [string, boolean]>()
      expectTypeOf(useCancelling(TodoResource.get, { id: 1 })).toEqualTypeOf<typeof TodoResource.get>()
    }
    expect(typesOnly).toBeDefined()
  })

  it('accepts entities with and without pk(), and new schema.Query', () => {
    const typesOnly = () => {
      expectTypeOf(new Article().pk()).toEqualTypeOf<string>()
      const count = new schema.Query(new schema.All(Todo), (todos) => todos.length)
      expectTypeOf(count.process).returns.toEqualTypeOf<number>()
      const lazy = new schema.Lazy([Todo])
      expectTypeOf(useQuery(lazy.query, ['1', '2'])).toEqualTypeOf<Todo[] | undefined>()
    }
    expect(typesOnly).toBeDefined()
  })
})
