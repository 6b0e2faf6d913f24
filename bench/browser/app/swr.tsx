// SWR 2: the list lives in SWR's cache under its URL, and writes go through mutate() without
// revalidation (the docs' way to update the cache from a mutation's answer).
import { Suspense, useMemo, type ReactNode } from 'react'
import useSWR, { SWRConfig, useSWRConfig } from 'swr'
import type { Actions, Adapter } from './App'
import { listUrl, type ItemData, type NewItem } from './network'
import { start } from './driver'

const fetcher = (url: string) => fetch(url).then((response) => response.json() as Promise<ItemData[]>)

function postItem(list: string, body: NewItem): Promise<ItemData> {
  return fetch(listUrl(list), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json())
}

// Data written here stays as it is: no revalidation on mount, focus or reconnect during a measurement.
const config = { fetcher, revalidateIfStale: false, revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false }

function Provider({ children }: { children: ReactNode }) {
  // A fresh cache per app, as SWRConfig's provider option gives.
  return <SWRConfig value={{ ...config, provider: () => new Map() }}>{children}</SWRConfig>
}

const adapter: Adapter = {
  Provider,
  Boundary: Suspense,
  useList: (list) => useSWR<ItemData[]>(listUrl(list), { suspense: true }).data!,
  useListDLE(list) {
    const { data, isLoading } = useSWR<ItemData[]>(listUrl(list))
    return { data, loading: isLoading }
  },
  useActions() {
    const { mutate } = useSWRConfig()
    return useMemo<Actions>(
      () => ({
        fill: (list, items) => void mutate(listUrl(list), items, { revalidate: false }),
        updateItem: (list, item) =>
          void mutate<ItemData[]>(listUrl(list), (items) => items?.map((row) => (row.id === item.id ? item : row)), { revalidate: false }),
        updateAuthor: (list, author) =>
          void mutate<ItemData[]>(listUrl(list), (items) => items?.map((row) => (row.author.id === author.id ? { ...row, author } : row)), { revalidate: false }),
        create: (list, body) =>
          mutate<ItemData[], ItemData>(listUrl(list), postItem(list, body), { populateCache: (created, items) => [...(items ?? []), created], revalidate: false }),
      }),
      [mutate],
    )
  },
}

start('swr', adapter)
