/**
 * Type tests for Collection remove / move (data-client 0.15) and tessera/test's renderHook and
 * renderDataHook. ts-jest type-checks this file; the functions holding the assertions are never called.
 */
import { expectTypeOf } from 'expect-type'
import { Controller, Entity, resource, schema, unshift, useSuspense } from '../../src/index'
import { renderDataHook, renderHook } from '../../src/test/index'

class Todo extends Entity {
  id = ''
  userId = 0
  title = ''
  static override key = 'Todo'
}
const TodoResource = resource({ path: '/todos/:id', schema: Todo, searchParams: {} as { userId?: number } })

describe('types of Collection remove / move', () => {
  it('types getList.move as a PATCH of the item path (params, body) resolving to the item', () => {
    const typesOnly = async (controller: Controller) => {
      expectTypeOf(await controller.fetch(TodoResource.getList.move, { id: '1' }, { userId: 2 })).toEqualTypeOf<Todo>()
      // @ts-expect-error the item path needs its id
      void controller.fetch(TodoResource.getList.move, {}, { userId: 2 })
      expectTypeOf(TodoResource.getList.move.method).toEqualTypeOf<string>()
    }
    void typesOnly
  })

  it('types getList.remove as a PATCH of the list path (query, body) resolving to the item', () => {
    const typesOnly = async (controller: Controller) => {
      expectTypeOf(await controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: '1', userId: 2 })).toEqualTypeOf<Todo>()
      // @ts-expect-error the body is the item's data
      void controller.fetch(TodoResource.getList.remove, { userId: 1 }, { id: '1', userId: 'two' })
    }
    void typesOnly
  })

  it('lets a Collection subclass replace move with moveWith(unshift)', () => {
    class FirstCollection extends schema.Collection<[typeof Todo]> {
      constructor() {
        super([Todo])
        this.move = this.moveWith(unshift)
        this.remove = this.addWith((existing: string[]) => existing, () => () => true)
      }
    }
    expectTypeOf(new FirstCollection().move).toEqualTypeOf<schema.CollectionAdd<[typeof Todo]>>()
  })
})

describe('types of renderHook and renderDataHook', () => {
  it('gives result.current the hook value and renderDataHook a controller', () => {
    const typesOnly = () => {
      expectTypeOf(renderHook((props: { n: number }) => props.n * 2, { initialProps: { n: 1 } }).result.current).toEqualTypeOf<number>()
      const rendered = renderDataHook(() => useSuspense(TodoResource.get, { id: '1' }))
      expectTypeOf(rendered.result.current).toEqualTypeOf<Todo>()
      expectTypeOf(rendered.controller).toEqualTypeOf<Controller>()
    }
    void typesOnly
  })
})
