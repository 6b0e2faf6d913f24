// Tessera for the Next.js App Router, Server Component side: the request's store, and the
// component that hands what it fetched to the client components below.
import { cache, createElement, type ReactNode } from 'react'
import { after } from 'next/server'
import { createServerData, takeServerData } from '../ssr/server'
import type { Store } from '../store/index'
import { forOneRender } from './forOneRender'
import { HydrateData } from './index'

/**
 * The store of the current request in Server Components: `await
 * getServerStore().controller.fetch(ArticleResource.get, { id })`. Every call during one request
 * returns the same store (React's `cache`, scoped to the request by Next.js), never another
 * request's; it is cleaned up once the response is sent. Server Components only: React's `cache`
 * does not cache in client components.
 */
export const getServerStore: () => Store = cache(() => {
  // Made by createServerData so that it records what it receives, for ServerData to hand down.
  const data = createServerData(forOneRender({}))
  try {
    after(() => data.close())
  } catch {
    // Outside a request (generateStaticParams, a script): nothing ends, nothing to schedule.
  }
  return data.store
})

/** Props of ServerData. */
export interface ServerDataProps {
  /** The store whose responses are handed down; the request's (getServerStore()) by default. */
  store?: Store
  children?: ReactNode
}

/**
 * Hands what the request's store fetched so far to the client components below, so their
 * useSuspense reads find it and send no request, in the server render and in the browser.
 * Render it after the awaits that fetched: `await getServerStore().controller.fetch(…)`, then
 * `return <ServerData><Article id={id} /></ServerData>`. The data travels as a prop of a client
 * component (HydrateData), inside the route's payload, so a client navigation brings it too.
 */
export function ServerData({ store, children }: ServerDataProps) {
  // Plain JSON (takeServerData copies the null-prototype tables, which React refuses in a Client
  // Component's props).
  return createElement(HydrateData, { batch: takeServerData(store ?? getServerStore()) }, children)
}
