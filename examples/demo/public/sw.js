// The demo's service worker: the app's own files (the page, its scripts and styles) from the
// network when it answers, from the cache when it does not, so the demo loads offline after a
// first visit, reload included. The API is never cached here: data offline comes from the store's
// own copy in IndexedDB (tessera/offline's persist), which knows what is fresh and what waits.
// registerServiceWorker (src/offline.ts) also puts the files the first visit loaded, before this
// worker took control, into the same cache.
const CACHE = 'tessera-demo-app'

self.addEventListener('install', () => self.skipWaiting())
// Controls the open page at once, so what it loads from now on is cached too.
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (request.method !== 'GET' || url.origin !== self.location.origin) return
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return
  event.respondWith(networkFirst(event, request))
})

async function networkFirst(event, request) {
  const cache = await caches.open(CACHE)
  try {
    const response = await fetch(request)
    if (response.ok) event.waitUntil(cache.put(request, response.clone()))
    return response
  } catch (error) {
    // Every page of the app is the same document (the app reads its route from the path), so a
    // page never visited offline is served the one that was: '/'.
    // `ignoreVary`: Vite's dev server answers `Vary: Origin`, and a module script asks with an
    // Origin the page's warm-up (cache.add) did not send; the file is the same.
    const cached =
      (await cache.match(request, { ignoreVary: true })) ??
      (request.mode === 'navigate' ? ((await cache.match(request, { ignoreSearch: true, ignoreVary: true })) ?? (await cache.match('/', { ignoreVary: true }))) : undefined)
    if (cached) return cached
    throw error
  }
}
