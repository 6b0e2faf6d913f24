// TanStack Query 5: the list lives in the query cache as the server sent it, and writes go
// through setQueryData (the docs' "updates from mutation responses").
import { QueryClient, QueryClientProvider, useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Suspense, useMemo, useState, type ReactNode } from 'react'
import type { Actions, Adapter } from './App'
import { listUrl, type ItemData, type NewItem } from './network'
import { start } from './driver'

const listKey = (list: string) => ['items', list]
const fetchList = (list: string) => () => fetch(listUrl(list)).then((response) => response.json() as Promise<ItemData[]>)

function postItem({ list, body }: { list: string; body: NewItem }): Promise<ItemData> {
  return fetch(listUrl(list), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json())
}

function Provider({ children }: { children: ReactNode }) {
  // Data written here stays fresh, so nothing refetches behind the measurement's back.
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } }))
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}

const adapter: Adapter = {
  Provider,
  Boundary: Suspense,
  useList: (list) => useSuspenseQuery({ queryKey: listKey(list), queryFn: fetchList(list) }).data,
  useListDLE(list) {
    const { data, isPending } = useQuery({ queryKey: listKey(list), queryFn: fetchList(list) })
    return { data, loading: isPending }
  },
  useActions() {
    const client = useQueryClient()
    const { mutateAsync } = useMutation({
      mutationFn: postItem,
      onSuccess: (created, { list }) => client.setQueryData<ItemData[]>(listKey(list), (items) => items && [...items, created]),
    })
    return useMemo<Actions>(
      () => ({
        fill: (list, items) => void client.setQueryData(listKey(list), items),
        updateItem: (list, item) => void client.setQueryData<ItemData[]>(listKey(list), (items) => items?.map((row) => (row.id === item.id ? item : row))),
        updateAuthor: (list, author) =>
          void client.setQueryData<ItemData[]>(listKey(list), (items) => items?.map((row) => (row.author.id === author.id ? { ...row, author } : row))),
        create: (list, body) => mutateAsync({ list, body }),
      }),
      [client, mutateAsync],
    )
  },
}

start('tanstack', adapter)
