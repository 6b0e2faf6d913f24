// The floor: plain React, no data library. The lists are kept in one useState at the top and
// passed down by context; writes are setState calls with what the server answered.
import { Suspense, createContext, use, useContext, useEffect, useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react'
import type { Actions, Adapter } from './App'
import { listUrl, type ItemData, type NewItem } from './network'
import { start } from './driver'

type Lists = Readonly<Record<string, readonly ItemData[]>>

const ListsContext = createContext<Lists>({})
const SetListsContext = createContext<Dispatch<SetStateAction<Lists>>>(() => {})

function Provider({ children }: { children: ReactNode }) {
  const [lists, setLists] = useState<Lists>({})
  return (
    <SetListsContext.Provider value={setLists}>
      <ListsContext.Provider value={lists}>{children}</ListsContext.Provider>
    </SetListsContext.Provider>
  )
}

const fetchList = (list: string) => fetch(listUrl(list)).then((response) => response.json() as Promise<ItemData[]>)

// React's own way to suspend on data: use() of a promise cached outside the component.
const loads = new Map<string, Promise<ItemData[]>>()

function postItem(list: string, body: NewItem): Promise<ItemData> {
  return fetch(listUrl(list), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json())
}

const adapter: Adapter = {
  Provider,
  Boundary: Suspense,
  useList(list) {
    const lists = useContext(ListsContext)
    if (lists[list] !== undefined) return lists[list]
    let load = loads.get(list)
    if (load === undefined) loads.set(list, (load = fetchList(list)))
    return use(load)
  },
  useListDLE(list) {
    const data = useContext(ListsContext)[list]
    const setLists = useContext(SetListsContext)
    useEffect(() => {
      if (data === undefined) fetchList(list).then((items) => setLists((lists) => ({ ...lists, [list]: items })))
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [list])
    return { data, loading: data === undefined }
  },
  useActions() {
    const setLists = useContext(SetListsContext)
    return useMemo<Actions>(() => {
      const change = (list: string, edit: (items: readonly ItemData[]) => readonly ItemData[]) => setLists((lists) => ({ ...lists, [list]: edit(lists[list]) }))
      return {
        fill: (list, items) => change(list, () => items),
        updateItem: (list, item) => change(list, (items) => items.map((row) => (row.id === item.id ? item : row))),
        updateAuthor: (list, author) => change(list, (items) => items.map((row) => (row.author.id === author.id ? { ...row, author } : row))),
        create: (list, body) => postItem(list, body).then((created) => change(list, (items) => [...items, created])),
      }
    }, [setLists])
  },
}

start('floor', adapter)
