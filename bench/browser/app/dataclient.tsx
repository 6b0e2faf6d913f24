// @data-client/react 0.10.0 with @data-client/rest 0.9.9: the library Tessera follows.
import { initialState } from '@data-client/core'
import { AsyncBoundary, CacheProvider, Controller, useController, useDLE, useSuspense } from '@data-client/react'
import { Entity, RestEndpoint, createResource } from '@data-client/rest'
import { useMemo, type ReactNode } from 'react'
import type { Actions, Adapter } from './App'
import { start } from './driver'

class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Author'
}

class Item extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  pk() {
    return this.id
  }
  static override key = 'Item'
  static override schema = { author: Author }
}

const ItemResource = createResource({ path: '/api/items/:id', schema: Item })
const getList = ItemResource.getList.extend({ searchParams: {} as { list: string } })
const getAuthor = new RestEndpoint({ path: '/api/authors/:id', schema: Author })

/**
 * CacheProvider 0.10 declares `initialState`, `Controller` and `devButton` in `defaultProps`,
 * which React 19 no longer applies to function components: without them it throws
 * "Controller is not a constructor". Passing the same defaults by hand makes it run.
 */
function Provider({ children }: { children: ReactNode }) {
  return (
    <CacheProvider initialState={initialState} Controller={Controller} devButton={null}>
      {children}
    </CacheProvider>
  )
}

const adapter: Adapter = {
  Provider,
  Boundary: AsyncBoundary,
  useList: (list) => useSuspense(getList, { list }),
  useListDLE(list) {
    const { data, loading } = useDLE(getList, { list })
    return { data, loading }
  },
  useActions() {
    const controller = useController()
    return useMemo<Actions>(
      () => ({
        fill: (list, items) => void controller.setResponse(getList, { list }, items),
        updateItem: (_list, item) => void controller.setResponse(ItemResource.get, { id: item.id }, item),
        updateAuthor: (_list, author) => void controller.setResponse(getAuthor, { id: author.id }, author),
        create: (list, body) => controller.fetch(getList.push, { list }, body),
      }),
      [controller],
    )
  },
}

start('data-client', adapter)
