'use client'
// Tessera for the Next.js App Router, client side: the provider for the root layout and the
// component that receives what a Server Component fetched. Written without JSX, and with every
// export defined here, so that this file is the client boundary itself: the build keeps one
// module per source file, and a component defined elsewhere and re-exported would be imported
// by server.ts from its own (directive-less) file.
import { createElement, use, useState, useSyncExternalStore, type ReactNode } from 'react'
import { useServerInsertedHTML } from 'next/navigation'
import { DataProvider as StoreProvider, type DataProviderProps as StoreProviderProps } from '../react/DataProvider'
import { useDataContext } from '../react/context'
import { receiveServerData } from '../ssr/browser'
import { hydrateAction, type ServerDataBatch } from '../ssr/hydrate'
import { createServerData } from '../ssr/server'
import { createStore, type Store } from '../store/index'
import { forOneRender } from './forOneRender'

/**
 * Props of the App Router's DataProvider: those of tessera's DataProvider (managers, devtools,
 * initialState, Controller…) with a `nonce`, and without `store`: on the server the store must be
 * the request's own, which the provider makes, since a store passed from module scope would be
 * shared by every request.
 */
export interface DataProviderProps extends Omit<StoreProviderProps, 'store'> {
  /** CSP nonce put on the `<script>` elements that carry server data into the page. */
  nonce?: string
}

/**
 * The provider for a Next.js App Router root layout (`import { DataProvider } from
 * 'tessera/nextjs'`). In the server render it gives each request a store of its own and streams
 * every response that store receives into the HTML (through `useServerInsertedHTML`, so each
 * one lands ahead of the boundary that needed it); in the browser it applies those responses to
 * the page's store before anything below it renders, so hydration reads the server's data and
 * fetches nothing.
 */
export function DataProvider({ nonce, children, ...options }: DataProviderProps) {
  // On the server, once per provider instance (a render is one request); in the browser, once per page.
  const [store, take] = useState(() => (typeof window === 'undefined' ? serverStore(options, nonce) : [pageStore(options), noCode] as const))[0]
  useServerInsertedHTML(() => {
    const code = take()
    return code === '' ? null : createElement('script', { nonce, dangerouslySetInnerHTML: { __html: code } })
  })
  return createElement(StoreProvider, { store }, children)
}

/** The request's store and the function handing out its new responses as script code. */
function serverStore(options: Omit<DataProviderProps, 'nonce' | 'children'>, nonce: string | undefined): readonly [Store, () => string] {
  const data = createServerData({ ...forOneRender(options), nonce })
  return [data.store, () => data.takeCode()]
}

const noCode = () => ''

// One store per page load in the browser. Module scope rather than state: StrictMode calls a
// state initializer twice in development and keeps one result, and the store it drops would stay
// registered with receiveServerData, applying every later batch to a store nobody reads.
let browserStore: Store | undefined

function pageStore(options: Omit<DataProviderProps, 'nonce' | 'children'>): Store {
  if (browserStore === undefined) {
    browserStore = createStore(options)
    receiveServerData(browserStore)
  }
  return browserStore
}

/** Props of HydrateData. */
export interface HydrateDataProps {
  /** What `takeServerData(store)` returned on the server: plain JSON, passed as a prop. */
  batch: ServerDataBatch
  children?: ReactNode
}

/**
 * Puts what a Server Component fetched into the nearest provider's store before its children
 * read it, so they render with it and send no request, in the server render and in the browser,
 * on the first load and after a client navigation (the batch merges with what is there; data the
 * store fetched later is kept). Usually rendered by `<ServerData>` from 'tessera/nextjs/server'.
 */
export function HydrateData({ batch, children }: HydrateDataProps) {
  const { store } = useDataContext('HydrateData')
  const clientRender = useSyncExternalStore(noSubscription, isClientRender, isServerOrHydrationRender)
  let batches = applied.get(store)
  if (batches === undefined) applied.set(store, (batches = { seen: new WeakSet(), waiting: new WeakMap() }))
  const waited = batches.waiting.get(batch)
  if (waited !== undefined) {
    // The render that waited for it, again: React wants the same use() call, which now returns.
    use(waited)
  } else if (!batches.seen.has(batch)) {
    // Once per batch and store: the batch is the same object for as long as the route's payload
    // is (a new payload, after router.refresh(), is new data and merges again).
    if (!clientRender) {
      // Server render or hydration: nothing on screen reads this store's new data yet, and the
      // children read in this same render, so it goes in now.
      batches.seen.add(batch)
      store.dispatch(hydrateAction(batch, store.controller.now()))
    } else {
      // A client render (a navigation): components on screen may read the same entities, and
      // updating them while this one renders is an error React reports. Wait a microtask,
      // outside rendering; inside the navigation's transition React keeps the current page
      // until then, with no fallback.
      use(applyOutsideRender(store, batches, batch))
    }
  }
  return children ?? null
}

/** Per store: the batches applied, and those waiting for a microtask (see HydrateData). */
interface Batches {
  readonly seen: WeakSet<ServerDataBatch>
  readonly waiting: WeakMap<ServerDataBatch, Promise<void>>
}

const applied = new WeakMap<Store, Batches>()

/** Applies the batch in a microtask; the promise is kept, so the retried render finds it settled. */
function applyOutsideRender(store: Store, batches: Batches, batch: ServerDataBatch): Promise<void> {
  const promise = Promise.resolve().then(() => {
    if (batches.seen.has(batch)) return
    batches.seen.add(batch)
    store.dispatch(hydrateAction(batch, store.controller.now()))
  })
  batches.waiting.set(batch, promise)
  return promise
}

const noSubscription = () => () => {}
const isClientRender = () => true
const isServerOrHydrationRender = () => false
