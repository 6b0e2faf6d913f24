// Offline-first, in the browser only: the store queues mutations while offline (OfflineManager),
// is saved to IndexedDB and restored on the next visit (persist), and shares what it receives
// with the other tabs of the demo (syncTabs). A server render makes none of this: its stores are
// per request and live for one response.
import { useSyncExternalStore } from 'react'
import { PollingManager, createStore, devTools, type Store } from 'tessera'
import { LiveManager } from 'tessera/live'
import { OfflineManager, indexedDBStorage, persist, syncTabs, type Persister, type TabSync } from 'tessera/offline'
import { Article, ArticleResource, ArticleSummary, likeArticle } from './resources'

/** Bump when entities or endpoints change incompatibly: a saved cache of another version is dropped. */
const STORAGE_VERSION = 1
/** The IndexedDB database, and the tabs' channel: one per origin, whatever the page. */
const NAME = 'tessera-demo'

/** The browser's store and the managers the offline set-up talks to. */
export interface BrowserStore {
  store: Store
  offline: OfflineManager
  polling: PollingManager
  live: LiveManager
}

/**
 * The browser's store. Connects to Redux DevTools when the browser extension is installed (does
 * nothing otherwise), polls endpoints with a `pollFrequency` while a page subscribes to them (the
 * article's likes), and queues the demo's mutations while offline. `gcTime` is how long data no
 * screen reads is kept: `?gcTime=<ms>` in the page's address (the e2e test of garbage
 * collection uses a short one), 5 minutes otherwise.
 */
export function createBrowserStore(search = location.search): BrowserStore {
  const gcTime = Number(new URLSearchParams(search).get('gcTime')) || undefined
  // Every mutation the app can make, by name: a like queued before a reload is sent after it.
  // (A page being left sends nothing from the queue: the OfflineManager stops at pagehide, so
  // the next page, which reads the saved queue, is the one that sends.)
  const offline = new OfflineManager({
    endpoints: [likeArticle, ArticleResource.create, ArticleResource.partialUpdate, ArticleResource.update, ArticleResource.delete],
  })
  const polling = new PollingManager()
  // The open article follows the server's pushes (GET /api/live, server-sent events): the stream is
  // open while a page reads a `live: true` endpoint (the article page), reopened with backoff when
  // the server drops it. Each message is untrusted and checked before it is written.
  const live = new LiveManager({
    connect: () => new EventSource('/api/live'),
    onMessage(message, api) {
      const pushed = readArticleMessage(message)
      if (pushed.comments !== undefined && store.controller.get(Article, { id: pushed.id }, api.getState()) !== undefined) {
        // New comments: only a fully loaded article has comments to add to.
        const { comments } = pushed
        api.set(Article, { id: pushed.id }, (previous: Article | undefined) => ({ ...previous, id: pushed.id, likes: pushed.likes, comments }))
      } else {
        // The summary fields (what the list and the like button show) merge into whatever is cached.
        api.set(ArticleSummary, { id: pushed.id }, (previous: ArticleSummary | undefined) => ({ ...previous, id: pushed.id, likes: pushed.likes }))
      }
    },
  })
  const store = createStore({ devtools: devTools({ name: 'Tessera demo' }), managers: [offline, polling, live], gcTime })
  return { store, offline, polling, live }
}

/** What the demo server pushes when an article changes (examples/demo/api.mjs). */
interface ArticleMessage {
  id: string
  likes: number
  comments?: unknown[]
}

/** Checks a pushed message; a throw makes the LiveManager drop and report it, the cache untouched. */
function readArticleMessage(message: unknown): ArticleMessage {
  const article = (message as { article?: unknown } | null)?.article as Partial<ArticleMessage> | undefined
  if (typeof article !== 'object' || article === null) throw new TypeError('expected { article: { id, likes } }')
  if (typeof article.id !== 'string' || article.id === '') throw new TypeError('article.id must be a non-empty string')
  if (typeof article.likes !== 'number' || !Number.isInteger(article.likes) || article.likes < 0) throw new TypeError('article.likes must be a count')
  if (article.comments !== undefined && !Array.isArray(article.comments)) throw new TypeError('article.comments must be a list')
  return { id: article.id, likes: article.likes, comments: article.comments }
}

/** What the last restore brought back, and how long it took (shown in the footer, read by the e2e). */
export interface RestoreReport {
  responses: number
  ms: number
}

let running: { persister: Persister; tabs: TabSync } | undefined
let lastRestore: RestoreReport | undefined

/**
 * Restores the saved cache and queue into the store, then keeps saving, and joins the other tabs.
 * Resolves once restored. Call it once per page: the entry module runs once per page load, and a
 * hot update of it stops the previous persister and channel first (no second copy per page).
 */
export async function startOffline({ store, offline, polling }: BrowserStore): Promise<RestoreReport> {
  stopOffline()
  const started = performance.now()
  const persister = await persist(store, { storage: indexedDBStorage(NAME), version: STORAGE_VERSION, offline })
  const report = { responses: persister.restored, ms: Math.round(performance.now() - started) }
  // Each polled endpoint is polled by one tab (the leader for what it shows, another tab for
  // what the leader does not show); the others get its answers over the channel.
  const tabs = syncTabs(store, { name: NAME, offline, polling })
  running = { persister, tabs }
  lastRestore = report
  ;(window as { __tesseraRestore?: RestoreReport }).__tesseraRestore = report
  return report
}

/** The last restore, once there was one (undefined during a server render and hydration). */
export function useRestoreReport(): RestoreReport | undefined {
  return useSyncExternalStore(noSubscribe, () => lastRestore, () => undefined)
}

const noSubscribe = () => () => {}

/** Stops saving and leaves the channel (a hot update replaces this module). */
export function stopOffline(): void {
  running?.persister.stop()
  running?.tabs.stop()
  running = undefined
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  window.addEventListener('offline', listener)
  return () => {
    window.removeEventListener('online', listener)
    window.removeEventListener('offline', listener)
  }
}

/** Whether the browser says it is online; a server render (and the hydration after it) says yes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true)
}

/** False during a server render and the hydration that follows it, true after: for what only the browser knows. */
export function useMounted(): boolean {
  return useSyncExternalStore(noSubscribe, () => true, () => false)
}

const CACHE = 'tessera-demo-app'

/**
 * Registers the service worker (public/sw.js) that serves the app's files when offline, and puts
 * the files this page already loaded into its cache: the worker only sees requests made after it
 * took control, and the first visit's scripts were loaded before. `/api/` is never cached.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !('caches' in window)) return
  navigator.serviceWorker
    .register('/sw.js')
    .then(async () => {
      await navigator.serviceWorker.ready
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name)
      const urls = new Set<string>()
      for (const href of ['/', location.href, ...loaded]) {
        const url = new URL(href, location.href)
        if (url.origin !== location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) continue
        urls.add(url.href)
      }
      const cache = await caches.open(CACHE)
      // A file that cannot be fetched now (a hot update replaced it) is simply not cached.
      await Promise.allSettled([...urls].map(async (url) => (await cache.match(url)) ?? cache.add(url)))
    })
    .catch((error: unknown) => console.info('The service worker is not available, so the demo will not load offline:', error))
}
