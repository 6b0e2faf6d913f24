// Hash routing in a few lines: the route is derived from `location.hash`, links are plain
// `<a href="#/…">`, and `navigate` changes the route in the same React update as whatever the
// caller dispatches next (so a page being left never renders the consequences of leaving it).
import { useSyncExternalStore } from 'react'

export type Route =
  | { page: 'list'; tag?: string }
  | { page: 'article'; id: string }
  | { page: 'edit'; id: string }
  | { page: 'new' }
  | { page: 'errors' }
  | { page: 'stale' }
  | { page: 'log' }
  | { page: 'not-found'; path: string }

/** `#/articles/7/edit` → `{ page: 'edit', id: '7' }`. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/'
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
  list: (tag?: string) => (tag ? `#/tags/${encodeURIComponent(tag)}` : '#/'),
  article: (id: string) => `#/articles/${encodeURIComponent(id)}`,
  edit: (id: string) => `#/articles/${encodeURIComponent(id)}/edit`,
}

const listeners = new Set<() => void>()

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('hashchange', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('hashchange', listener)
  }
}

let lastHash: string | undefined
let lastRoute: Route = { page: 'list' }
/** The same Route object while the hash is the same, as useSyncExternalStore requires. */
function currentRoute(): Route {
  if (location.hash !== lastHash) {
    lastHash = location.hash
    lastRoute = parseRoute(lastHash)
  }
  return lastRoute
}

/** The current route; re-renders when it changes. */
export function useRoute(): Route {
  return useSyncExternalStore(subscribe, currentRoute)
}

/** Goes to `hash` (a history entry, like a link) and tells the app synchronously. */
export function navigate(hash: string): void {
  if (location.hash === hash) return
  history.pushState(null, '', hash)
  for (const listener of listeners) listener()
}
