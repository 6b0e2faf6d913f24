// The one app every library runs: controls, and a list of rows drawn by a memoized row component,
// each row showing an item's title and its author's name. Only the adapter differs between
// libraries: how the list is read (suspending or not) and how it is written.
import { memo, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import type { AuthorData, ItemData, NewItem } from './network'
import { probe, type View } from './probe'

/** A row as the app reads it (a plain object, or an entity instance with the same fields). */
export interface Item {
  readonly id: string
  readonly title: string
  readonly author: { readonly id: string; readonly name: string }
}

/** What a library brings: its providers, its boundary, its reads and its write paths. */
export interface Adapter {
  /** Providers around the app (a store, a QueryClient, an SWRConfig). */
  Provider: ComponentType<{ children: ReactNode }>
  /** The boundary the library's docs put around a suspending read. */
  Boundary: ComponentType<{ fallback: ReactNode; children: ReactNode }>
  /** Reads a list, suspending until it is there. */
  useList(list: string): readonly Item[]
  /** Reads a list without suspending. */
  useListDLE(list: string): { data: readonly Item[] | undefined; loading: boolean }
  /** The write paths, bound to the library's client. */
  useActions(): Actions
}

export interface Actions {
  /** Puts a list in the cache as if it had been fetched (no request). */
  fill(list: string, items: readonly ItemData[]): void
  /** Writes one item as the server returned it (a full row, author nested). */
  updateItem(list: string, item: ItemData): void
  /** Writes one author as the server returned it. */
  updateAuthor(list: string, author: AuthorData): void
  /** Posts a new item and puts the server's answer in the list. */
  create(list: string, body: NewItem): Promise<unknown>
}

/** Where the app hands its actions to the driver (for filling the cache before a measurement). */
export const registry: { actions?: Actions } = {}

export function App({ adapter }: { adapter: Adapter }) {
  const { Provider } = adapter
  return (
    <Provider>
      <Bench adapter={adapter} />
    </Provider>
  )
}

function Bench({ adapter }: { adapter: Adapter }) {
  const [view, setView] = useState<View | null>(null)
  const actions = adapter.useActions()
  useEffect(() => {
    registry.actions = actions
  }, [actions])
  const next = probe.next
  const show = () => {
    probe.mark('handler')
    setView(next.view)
  }
  return (
    <>
      <div id="controls">
        <button id="show" onClick={show}>
          Show
        </button>
        <button id="hide" onClick={() => setView(null)}>
          Hide
        </button>
        <button id="update-item" onClick={write(() => actions.updateItem(next.list, next.item!))}>
          Rename item
        </button>
        <button id="update-author" onClick={write(() => actions.updateAuthor(next.list, next.author!))}>
          Rename author
        </button>
        <button id="create" onClick={write(() => actions.create(next.list, next.create!))}>
          Create
        </button>
      </div>
      {view && <ListView key={`${view.list} ${view.mode}`} view={view} adapter={adapter} />}
    </>
  )
}

/** A click handler around a library's write: marks when it starts and when the call returned. */
function write(call: () => unknown) {
  return () => {
    probe.mark('handler')
    void call()
    probe.mark('written')
  }
}

const fallback = <p id="loading">Loading…</p>

// Memoized, so that what re-renders the controls (a mutation hook's state) leaves the list alone.
const ListView = memo(function ListView({ view, adapter }: { view: View; adapter: Adapter }) {
  if (view.mode === 'dle') return <LoadingList list={view.list} adapter={adapter} />
  const Boundary = view.mode === 'plain' ? Suspense : adapter.Boundary
  return (
    <Boundary fallback={fallback}>
      <SuspendingList list={view.list} adapter={adapter} />
    </Boundary>
  )
})

function SuspendingList({ list, adapter }: { list: string; adapter: Adapter }) {
  probe.listRender()
  const items = adapter.useList(list)
  probe.listRead()
  return <Rows items={items} />
}

function LoadingList({ list, adapter }: { list: string; adapter: Adapter }) {
  probe.listRender()
  const { data, loading } = adapter.useListDLE(list)
  if (data !== undefined) probe.listRead()
  if (data === undefined) return loading ? fallback : <p id="empty">Nothing</p>
  return <Rows items={data} />
}

function Rows({ items }: { items: readonly Item[] }) {
  return (
    <ul id="rows">
      {items.map((item) => (
        <Row key={item.id} item={item} />
      ))}
    </ul>
  )
}

const Row = memo(function Row({ item }: { item: Item }) {
  probe.rowRenders++
  return (
    <li data-id={item.id}>
      <span className="title">{item.title}</span> · <span className="author">{item.author.name}</span>
    </li>
  )
})
