// Path routing in a few lines. The route is a React context, never module state: the server
// renders each request with the route of its own URL (<StaticRouter url>), and the browser's
// <BrowserRouter> follows `location.pathname` through the history API. Links are plain
// `<a href="/…">`: BrowserRouter turns a click on one into a pushState, so the page stays loaded.
// `navigate` changes the route in the same React update as whatever the caller dispatches next
// (so a page being left never renders the consequences of leaving it).
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'

export type Route =
  | { page: 'list'; tag?: string }
  | { page: 'article'; id: string }
  | { page: 'edit'; id: string }
  | { page: 'new' }
  | { page: 'errors' }
  | { page: 'stale' }
  | { page: 'log' }
  | { page: 'not-found'; path: string }

/** `/articles/7/edit` → `{ page: 'edit', id: '7' }`. */
export function parseRoute(pathname: string): Route {
  const path = pathname || '/'
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent)
  const [first, second, third] = parts
  if (parts.length === 0) return { page: 'list' }
  if (first === 'tags' && second && parts.length === 2) return { page: 'list', tag: second }
  if (first === 'articles' && second && parts.length === 2) return { page: 'article', id: second }
  if (first === 'articles' && second && third === 'edit' && parts.length === 3) return { page: 'edit', id: second }
  if (first === 'new' && parts.length === 1) return { page: 'new' }
  if (first === 'errors' && parts.length === 1) return { page: 'errors' }
  if (first === 'stale' && parts.length === 1) return { page: 'stale' }
  if (first === 'log' && parts.length === 1) return { page: 'log' }
  return { page: 'not-found', path }
}

export const paths = {
  list: (tag?: string) => (tag ? `/tags/${encodeURIComponent(tag)}` : '/'),
  article: (id: string) => `/articles/${encodeURIComponent(id)}`,
  edit: (id: string) => `/articles/${encodeURIComponent(id)}/edit`,
}

const RouteContext = createContext<Route>({ page: 'list' })

/** The current route; re-renders when it changes. */
export function useRoute(): Route {
  return useContext(RouteContext)
}

/** The route of one server request: `url` is the request's path (and query). */
export function StaticRouter({ url, children }: { url: string; children: ReactNode }) {
  return <RouteContext.Provider value={parseRoute(new URL(url, 'http://localhost').pathname)}>{children}</RouteContext.Provider>
}

// The browser has one location, so one set of listeners is right there (the server never
// subscribes: React does not run effects or subscriptions in a server render).
const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('popstate', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('popstate', listener)
  }
}

let lastPath: string | undefined
let lastRoute: Route = { page: 'list' }
/** The same Route object while the path is the same, as useSyncExternalStore requires. */
function currentRoute(): Route {
  if (location.pathname !== lastPath) {
    lastPath = location.pathname
    lastRoute = parseRoute(lastPath)
  }
  return lastRoute
}

/** The browser's route, from `location.pathname`; same-origin link clicks become pushState. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  // Hydration reads the same location the server rendered, so the snapshots agree.
  const route = useSyncExternalStore(subscribe, currentRoute, currentRoute)
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const link = (event.target as Element | null)?.closest?.('a[href]')
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return
      const url = new URL(link.href)
      if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return
      event.preventDefault()
      navigate(url.pathname + url.search + url.hash)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])
  return <RouteContext.Provider value={route}>{children}</RouteContext.Provider>
}

/** Goes to `path` (a history entry, like a link) and tells the app synchronously. */
export function navigate(path: string): void {
  if (location.pathname + location.search + location.hash === path) return
  history.pushState(null, '', path)
  for (const listener of listeners) listener()
}
