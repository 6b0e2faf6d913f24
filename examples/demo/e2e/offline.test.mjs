// Offline-first in Chromium, against the production build, then the development build: a like
// made offline is shown at once and waits; a reload while offline loads the page (service worker)
// and the data (IndexedDB), the like still waiting; back online it reaches the server exactly once.
// Two pages of one context stay in sync without a request, and the action log says why each
// fetch went out. What reached the server is counted on the server (the API's request log).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startDemo } from '../server.mjs'
import { expectCount, expectGone, expectText, expectVisible, launchChromium, reactBuild, screenshot, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)
const VIEWPORT = { width: 1280, height: 860 }

/** The keys the demo's persister wrote to IndexedDB ('tessera-demo'), and the saved queue. */
function savedInPage() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('tessera-demo', 1)
    open.onerror = () => reject(open.error)
    open.onsuccess = () => {
      const db = open.result
      if (!db.objectStoreNames.contains('entries')) return resolve({ keys: [], queue: [] })
      const store = db.transaction('entries').objectStore('entries')
      const keys = store.getAllKeys()
      const queue = store.get('q')
      keys.onsuccess = () => queue.onsuccess = () => {
        resolve({ keys: keys.result.map(String), queue: queue.result ?? [] })
        db.close()
      }
    }
  })
}

/** How many of the page's files the service worker's cache holds, once it controls the page. */
function cachedInPage() {
  if (!navigator.serviceWorker.controller) return Promise.resolve(0)
  return caches.open('tessera-demo-app').then((cache) => cache.keys().then((keys) => keys.length))
}

/**
 * Drops, in the development build only, what Vite's hot-reload client reports when a page is
 * loaded offline: its WebSocket to the dev server cannot connect (Chromium's
 * ERR_INTERNET_DISCONNECTED, then Vite's own "failed to connect to websocket"). The app and the
 * library make no request while offline, so nothing else is allowed.
 */
function dropViteSocketErrors(watcher, mode) {
  if (mode !== 'dev') return
  const vite = /^console\.error: (WebSocket connection to 'ws:\/\/[^']+' failed: Error in connection establishment: net::ERR_INTERNET_DISCONNECTED|\[vite\] failed to connect to websocket)/
  for (let i = watcher.problems.length - 1; i >= 0; i--) if (vite.test(watcher.problems[i])) watcher.problems.splice(i, 1)
}

for (const mode of ['production', 'dev']) {
  describe(`offline, ${mode === 'dev' ? 'development build under StrictMode' : 'production build'}`, () => {
    /** @type {Awaited<ReturnType<typeof startDemo>>} */
    let demo
    let browser
    let context
    /** Measurements, printed at the end (the closing note). */
    const measured = {}

    before(async () => {
      demo = await startDemo({ port: 0, delayMs: DELAY_MS, mode })
      // A browser per build: a fresh profile, so nothing saved by the other build is restored.
      browser = await launchChromium()
      context = await browser.newContext({ viewport: VIEWPORT })
    })
    after(async () => {
      demo?.api.releaseAll()
      await context?.close()
      await browser?.close()
      await demo?.close()
      console.log(`# ${mode}: ${JSON.stringify(measured)}`)
    })

    const quiet = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS * 4))
    const likeRequests = (from, id) => demo.api.requests(from).filter((r) => r === `POST /api/articles/${id}/like`)

    it('shows a like made offline at once, keeps it through an offline reload, and sends it once back online', async () => {
      const page = await context.newPage()
      const watcher = watchPage(page)
      const rows = () => page.locator('ul.article-list:not(.skeleton) > li')
      const likeCount = () => page.locator('.like-count')
      const waiting = () => page.locator('.network .waiting')
      const first = demo.api.log.length

      // First visit, online: the list, then article 300, fetched once each.
      await page.goto(demo.url)
      await expectCount(rows(), 20, 'article rows')
      assert.equal(await reactBuild(page), mode === 'dev' ? 'development' : 'production')
      await expectText(page.locator('.recent .action-cause'), 'first read', 'the cause of the list fetch in the sidebar')
      await page.getByRole('link', { name: 'Action log' }).click()
      await expectVisible(page.locator('table.log td.action-cause', { hasText: 'first read' }), 'a first read in the action log')
      await page.getByRole('link', { name: 'Articles' }).click()
      await rows().first().locator('a.title').click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      assert.match(page.url(), /\/articles\/300$/)
      const start = Number(await likeCount().textContent())
      assert.deepEqual(demo.api.requests(first), ['GET /api/articles', 'GET /api/articles/300'])

      // Saved (throttled: within a second or so), and the app's files cached by the service worker.
      await until(() => page.evaluate(savedInPage), ({ keys }) => keys.some((key) => key.startsWith('k:') && key.includes('/api/articles/300')), 'the article to be saved', 5000)
      await until(() => page.evaluate(cachedInPage), (n) => n >= 2, 'the service worker to control the page with its files cached', 10000)

      // Offline: the like shows at once and waits; nothing reaches the API.
      const mark = demo.api.log.length
      await context.setOffline(true)
      await expectVisible(page.locator('.network .offline'), 'the offline badge')
      await page.getByRole('button', { name: /^Like/ }).click()
      await expectText(likeCount(), String(start + 1), 'the like count')
      await expectText(waiting(), '1 change waiting', 'the waiting count')
      await quiet()
      assert.deepEqual(demo.api.requests(mark), [], 'no request reaches the API while offline')
      await until(() => page.evaluate(savedInPage), ({ queue }) => queue.length === 1, 'the queued like to be saved')

      // Reload while offline, on the list: the page comes from the service worker, the list from
      // IndexedDB, and the like still shows and waits.
      await page.getByRole('link', { name: '← All articles' }).click()
      await expectCount(rows(), 20, 'article rows')
      const reloaded = Date.now()
      await page.reload()
      await expectCount(rows(), 20, 'article rows after the offline reload')
      measured.offlineReloadToListMs = Date.now() - reloaded
      measured.restore = await page.evaluate(() => window.__tesseraRestore)
      await expectText(rows().filter({ has: page.locator('a.title[href="/articles/300"]') }).locator('.likes'), `♥ ${start + 1}`, 'the liked row')
      await expectText(waiting(), '1 change waiting', 'the waiting count after the reload')
      await expectVisible(page.locator('.network .offline'), 'the offline badge after the reload')
      await screenshot(page, `${mode}-offline-reloaded`)
      await rows().first().locator('a.title').click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body, from IndexedDB')
      await expectText(likeCount(), String(start + 1), 'the like count after the reload')
      await quiet()
      assert.deepEqual(demo.api.requests(mark), [], 'no request reaches the API during the offline reload')

      // Back online: the like is sent once, the waiting count goes, the count stays.
      await context.setOffline(false)
      await until(() => likeRequests(mark, 300).length, (n) => n === 1, 'the queued like to reach the server')
      await expectGone(waiting(), 'the waiting count')
      await expectGone(page.locator('.network .offline'), 'the offline badge')
      await quiet()
      assert.equal(likeRequests(mark, 300).length, 1, 'exactly one like request')
      assert.equal(demo.api.likeElsewhere('300', 0), start + 1, "the server's count")
      await expectText(likeCount(), String(start + 1), 'the like count once sent')
      assert.equal((await page.evaluate(savedInPage)).queue.length, 0, 'the saved queue is empty')

      // The action log after the reload: the restored like went out as a queued send.
      await page.getByRole('link', { name: 'Action log' }).click()
      await expectVisible(page.locator('table.log tr', { hasText: 'queued' }).filter({ hasText: 'fetch' }), 'a queued send in the action log')
      await screenshot(page, `${mode}-offline-log`)
      measured.requestsToServer = demo.api.requests(first)
      dropViteSocketErrors(watcher, mode)
      watcher.check()
      await page.close()
    })

    it('shows a like made in one page in another page of the context within a second, without a request there', async () => {
      // Online, whatever the test before left.
      await context.setOffline(false)
      const pageA = await context.newPage()
      const pageB = await context.newPage()
      const watchers = [watchPage(pageA), watchPage(pageB)]
      const id = '299'
      await pageA.goto(`${demo.url}articles/${id}`)
      await expectVisible(pageA.locator('article.article:not(.fallback) .body p'), 'the article body in A')
      await pageB.goto(`${demo.url}articles/${id}`)
      await expectVisible(pageB.locator('article.article:not(.fallback) .body p'), 'the article body in B')
      const start = Number(await pageA.locator('.like-count').textContent())
      await expectText(pageB.locator('.like-count'), String(start), 'the count in B')

      const fromB = []
      pageB.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) fromB.push(`${request.method()} ${request.url()}`)
      })
      const mark = demo.api.log.length
      await pageA.getByRole('button', { name: /^Like/ }).click()
      const clicked = Date.now()
      await until(() => pageB.locator('.like-count').textContent(), (text) => text === String(start + 1), 'the like to show in B', 1000)
      measured.otherPageMs = Date.now() - clicked
      await quiet()
      assert.deepEqual(fromB, [], 'B sent no request')
      assert.deepEqual(likeRequests(mark, id), [`POST /api/articles/${id}/like`])
      for (const watcher of watchers) watcher.check()
      await pageA.close()
      await pageB.close()
    })
  })
}
