/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
/**
 * Reading a `Query` in components, as data-client's todo app does (`useCache(queryRemainingTodos,
 * { userId })`), and with `useQuery`.
 */
import { screen } from '@testing-library/react'
import { expectTypeOf } from 'expect-type'
import { createResource, Entity, Query, schema, useCache, useQuery } from '../../src/index'
import { renderWithStore, settle } from '../helpers/renderWithStore'
import { PlaceholderTodo as Todo } from '../fixtures/placeholderTodos'
import { Link, feedItem, feedResponse } from '../fixtures/feed'
import { act } from '@testing-library/react'


const TodoResource = createResource({ path: '/todos/:id', schema: Todo, optimistic: true, searchParams: {} as { userId?: string | number } | undefined })
const queryRemainingTodos = new Query(TodoResource.getList.schema, (entries) => entries && entries.filter((todo) => !todo.completed).length)
const todosOfUser = new Query(new schema.All(Todo), (entries, { userId }: { userId: number }) => entries.filter((todo) => todo.userId === userId))

const todos = [
  { id: 1, userId: 1, title: 'a', completed: false },
  { id: 2, userId: 1, title: 'b', completed: true },
  { id: 3, userId: 2, title: 'c', completed: false },
]

describe('useCache(query)', () => {
  it('shows the todo app’s remaining count: nothing until the list is cached, then the count as todos change', async () => {
    const renders: unknown[] = []
    function TodoStats({ userId }: { userId?: number }) {
      const remaining = useCache(queryRemainingTodos, { userId })
      renders.push(remaining)
      return <p>{remaining} tasks remaining</p>
    }
    const { controller } = renderWithStore(<TodoStats userId={1} />)
    await settle()
    expect(screen.getByText('tasks remaining')).toBeTruthy()

    await settle(() => controller.setResponse(TodoResource.getList, { userId: 1 }, todos.slice(0, 2)))
    expect(screen.getByText('1 tasks remaining')).toBeTruthy()

    await settle(() => controller.setResponse(TodoResource.get, { id: 2 }, { ...todos[1]!, completed: false }))
    expect(screen.getByText('2 tasks remaining')).toBeTruthy()
    const count = renders.length
    // A change to another user's todos leaves the count, and this component, alone.
    await settle(() => controller.setResponse(TodoResource.get, { id: 3 }, { ...todos[2]!, title: 'c2' }))
    expect(renders.length).toBe(count)
  })

  it('reads nothing with null arguments', async () => {
    function Skipped() {
      const remaining = useCache(queryRemainingTodos, null)
      return <p>{remaining === undefined ? 'skipped' : remaining}</p>
    }
    const { controller } = renderWithStore(<Skipped />)
    await settle(() => controller.setResponse(TodoResource.getList, todos))
    expect(screen.getByText('skipped')).toBeTruthy()
  })

  it('types the result by process and the arguments by what it takes', () => {
    const typesOnly = () => {
      expectTypeOf(useCache(queryRemainingTodos, { userId: 1 })).toEqualTypeOf<number | undefined>()
      expectTypeOf(useCache(todosOfUser, { userId: 1 })).toEqualTypeOf<Todo[] | undefined>()
      // @ts-expect-error the process names its arguments
      useCache(todosOfUser, { user: 1 })
    }
    expect(typesOnly).toBeDefined()
  })
})

describe('useQuery(query)', () => {
  it('gives the processed result for the arguments and keeps it while nothing it uses changes', async () => {
    const seen: Todo[][] = []
    function UserTodos({ userId }: { userId: number }) {
      const list = useQuery(todosOfUser, { userId })
      if (list !== undefined) seen.push(list)
      return <p>{list === undefined ? 'none yet' : list.map((todo) => todo.title).join(',')}</p>
    }
    const { controller, rerender } = renderWithStore(<UserTodos userId={1} />)
    await settle()
    expect(screen.getByText('none yet')).toBeTruthy()
    await settle(() => controller.setResponse(TodoResource.getList, todos))
    expect(screen.getByText('a,b')).toBeTruthy()
    rerender(<UserTodos userId={1} />)
    expect(seen[seen.length - 1]).toBe(seen[0])
    rerender(<UserTodos userId={2} />)
    await settle()
    expect(screen.getByText('c')).toBeTruthy()
  })

  // data-client: `useQuery(FeedUnion, { id, type })` finds the member the arguments' type names,
  // by the pk they give, whichever response brought it.
  it('reads a Union by { id, type }: the member the type names, by its pk, and nothing for another type', async () => {
    const FeedResource = createResource({ path: '/feed/:id', schema: feedItem })
    function Item({ type }: { type: string }) {
      const item = useQuery(feedItem, { id: 'l1', type })
      return <p>{item === undefined ? `no ${type}` : `${item.constructor.name} ${(item as Link).url}`}</p>
    }
    const { controller } = renderWithStore(
      <>
        <Item type="link" />
        <Item type="post" />
      </>,
    )
    expect(screen.getByText('no link')).toBeTruthy()
    act(() => controller.setResponse(FeedResource.getList, feedResponse))
    expect(screen.getByText(`Link ${(feedResponse[1] as { url: string }).url}`)).toBeTruthy()
    expect(screen.getByText('no post')).toBeTruthy()
    expect((controller.get as (schema: object, ...rest: unknown[]) => unknown)(feedItem, { id: 'l1', type: 'link' }, controller.getState())).toBeInstanceOf(Link)
  })
})
