// Tessera, from the repository's src/ (the `tessera` alias in vite.config.mjs).
import { useMemo, type ReactNode } from 'react'
import { AsyncBoundary, DataProvider, Entity, RestEndpoint, createResource, createStore, useController, useDLE, useSuspense } from 'tessera'
import type { Actions, Adapter } from './App'
import type { ItemData } from './network'
import { start } from './driver'
import { probe } from './probe'

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

const ItemResource = createResource({ path: '/api/items/:id', schema: Item, searchParams: {} as { list: string } })
const getAuthor = new RestEndpoint({ path: '/api/authors/:id', schema: Author })

// The app's store, as the demo makes it. Its first listener runs before the components' own
// subscriptions: the "stored" mark splits a write into the reducer and what the readers do after.
const store = createStore()
store.subscribe(() => probe.stored())

function Provider({ children }: { children: ReactNode }) {
  return <DataProvider store={store}>{children}</DataProvider>
}

const adapter: Adapter = {
  Provider,
  Boundary: AsyncBoundary,
  useList: (list) => useSuspense(ItemResource.getList, { list }),
  useListDLE(list) {
    const { data, loading } = useDLE(ItemResource.getList, { list })
    return { data, loading }
  },
  useActions() {
    const controller = useController()
    return useMemo<Actions>(
      () => ({
        fill: (list, items) => controller.setResponse(ItemResource.getList, { list }, items),
        updateItem: (_list, item) => controller.setResponse(ItemResource.get, { id: item.id }, item),
        updateAuthor: (_list, author) => controller.setResponse(getAuthor, { id: author.id }, author),
        // getList.push (createResource's create): the answer joins every cached list it matches.
        create: (list, body) => controller.fetch(ItemResource.getList.push, { list }, body as Partial<ItemData>),
      }),
      [controller],
    )
  },
}

start('tessera', adapter)
