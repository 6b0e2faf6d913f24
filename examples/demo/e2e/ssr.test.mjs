// `npm run demo:ssr` end to end: the HTML a server render streams (read from Node, before any
// script runs), then the page hydrated in headless Chromium, first against the production
// build, then against the development build (React's development mode, under StrictMode).
// The page must show the server's data without fetching it again, report nothing (a hydration
// mismatch is a console error), show hostile text as text, and work as the client-only app does.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { runInNewContext } from 'node:vm'
import { HOSTILE_TITLE } from '../seed.mjs'
import { startSsrDemo } from '../ssr.mjs'
import { expectCount, expectGone, expectText, expectVisible, launchChromium, reactBuild, screenshot, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)
const VIEWPORT = { width: 1280, height: 860 }

/** Text as React writes it into HTML. */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')

/** Reads a response's body chunk by chunk: when each arrived (ms after `start`) and the text so far. */
async function readTimed(response, start, onChunk = () => {}) {
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  let firstByte
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    firstByte ??= performance.now() - start
    text += decoder.decode(value, { stream: true })
    await onChunk(text)
  }
  return { text, firstByte, full: performance.now() - start }
}

for (const mode of ['production', 'dev']) {
  describe(`server-rendered demo, ${mode === 'dev' ? 'development build under StrictMode' : 'production build'}`, () => {
    /** @type {Awaited<ReturnType<typeof startSsrDemo>>} */
    let demo
    let browser
    let context
    const build = mode === 'dev' ? 'development' : 'production'

    before(async () => {
      demo = await startSsrDemo({ port: 0, delayMs: DELAY_MS, mode })
      browser = await launchChromium()
      context = await browser.newContext({ viewport: VIEWPORT })
    })
    after(async () => {
      demo?.api.releaseAll()
      await context?.close()
      await browser?.close()
      await demo?.close()
      assert.deepEqual(demo?.renderErrors ?? [], [], 'no server render failed')
    })

    const requestsSince = (mark) => demo.api.requests(mark)
    const answered = () => until(() => demo.api.log.every((r) => r.status !== undefined), Boolean, 'every request to be answered')
    /** Waits a little longer than a request takes, for requests that must NOT be sent. */
    const quiet = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3))
    const shot = (page, name) => screenshot(page, `ssr-${mode}-${name}`)

    /** A page with its problems watched, and every request it makes to the API recorded. */
    async function open(path) {
      const page = await context.newPage()
      const watcher = watchPage(page)
      const apiRequests = []
      page.on('request', (request) => {
        const { pathname, search } = new URL(request.url())
        // The article page's live stream (GET /api/live, opened after hydration) reads nothing: not counted.
        if (pathname.startsWith('/api/') && pathname !== '/api/live') apiRequests.push(`${request.method()} ${pathname}${search}`)
      })
      await page.goto(`${demo.url}${path}`)
      await hydrated(page)
      return { page, watcher, apiRequests }
    }
    /**
     * Waits for hydration: the browser's store logs the server's data as `hydrate` actions, and
     * the panel lists them once React has hydrated (during hydration it shows what the server
     * rendered: nothing).
     */
    const hydrated = (page) =>
      until(() => page.getByRole('region', { name: 'Recent actions' }).locator('li').allTextContents(), (items) => items.some((item) => item.startsWith('hydrate')), 'a hydrate action in the panel')
    const rowsOf = (page) => page.locator('ul.article-list:not(.skeleton) > li')

    it('sends the list page with its articles in the HTML, and their data in a script ahead of them', async () => {
      const { results } = await (await fetch(`${demo.url}api/articles`)).json()
      const mark = demo.api.log.length
      const response = await fetch(demo.url)
      assert.equal(response.status, 200)
      assert.match(response.headers.get('content-type'), /^text\/html/)
      const html = await response.text()
      assert.equal(results.length, 20)
      for (const { title, id } of results) assert.ok(html.includes(`href="/articles/${id}">${escapeHtml(title)}</a>`), `the HTML holds “${title}”`)
      assert.ok(results.some((article) => article.title === HOSTILE_TITLE), 'the first page has the hostile title')
      assert.ok(!html.includes('<script>window.__xss'), 'the hostile title is never markup')
      // The data precedes the boundary that needed it.
      const data = html.indexOf('__TESSERA_DATA__')
      assert.ok(data > 0, 'the HTML holds a data script')
      assert.ok(html.slice(data).includes('"key":"GET /api/articles"'), 'the data script holds the list response')
      assert.ok(data < html.indexOf(`href="/articles/${results[0].id}"`), 'the data comes before the list it renders')
      // Run as a browser would, the data scripts give back the API's text, hostile title included.
      const page = { self: {} }
      for (const [, code] of html.matchAll(/<script>(\(self\.__TESSERA_DATA__[\s\S]*?)<\/script>/g)) runInNewContext(code, page)
      // Copied out of the vm's realm: assert.deepEqual tells its arrays from ours.
      const sent = JSON.parse(JSON.stringify(page.self.__TESSERA_DATA__)).flatMap((batch) => batch.actions)
      assert.deepEqual(sent.map((action) => action.key), ['GET /api/articles'])
      const hostile = results.find((article) => article.title === HOSTILE_TITLE)
      assert.equal(sent[0].entities.Article[hostile.id].title, HOSTILE_TITLE)
      assert.deepEqual(requestsSince(mark), ['GET /api/articles'], 'the server fetched the list once')
    })

    it('renders every page of the app on the server, each request with its own data', async () => {
      const pages = {
        'articles/7/edit': '<h1>Edit article</h1>',
        new: '<h1>New article</h1>',
        errors: '<h1>Error pages</h1>',
        stale: '<h1>Stale while revalidate</h1>',
        log: '<h1>Action log</h1>',
        'tags/css': '<h1>Articles tagged #<!-- -->css</h1>',
      }
      // Started together, so the renders interleave.
      const [all, css, ...rest] = await Promise.all(['', 'tags/css', ...Object.keys(pages)].map((path) => fetch(`${demo.url}${path}`)))
      for (const [i, response] of rest.entries()) assert.equal(response.status, 200, Object.keys(pages)[i])
      const [allHtml, cssHtml, ...htmls] = await Promise.all([all.text(), css.text(), ...rest.map((response) => response.text())])
      for (const [i, html] of htmls.entries()) assert.ok(html.includes(Object.values(pages)[i]), `${Object.keys(pages)[i]} shows ${Object.values(pages)[i]}`)
      // The action log is the browser's: no server render shows one (nor another request's).
      for (const html of [allHtml, cssHtml, ...htmls]) assert.match(html, /Recent actions <span class="muted">\(<!-- -->0<!-- -->\)<\/span><\/h2><ol><\/ol>/)
      assert.ok(cssHtml.includes('"key":"GET /api/articles?tag=css"') && !cssHtml.includes('"key":"GET /api/articles"'), 'the tag page carries only its own list')
      assert.ok(allHtml.includes('"key":"GET /api/articles"') && !allHtml.includes('?tag=css'), 'the full list page carries only its own list')
      const missing = await fetch(`${demo.url}no/such/page`)
      assert.equal(missing.status, 404)
      assert.ok((await missing.text()).includes('<h1>No such page</h1>'))
    })

    it('sends the shell before the list endpoint has answered, then the list', async () => {
      const held = demo.api.hold('GET /api/articles')
      const start = performance.now()
      const response = await fetch(demo.url)
      let firstChunk
      let unanswered
      const { text } = await readTimed(response, start, async (soFar) => {
        if (firstChunk !== undefined) return
        firstChunk = soFar
        // The shell is out while the request it waits for is still held.
        const request = await held.arrived
        unanswered = request.status === undefined
        held.release()
      })
      assert.equal(unanswered, true, 'the list request was not answered yet')
      assert.match(firstChunk, /^<!DOCTYPE html>/)
      assert.ok(firstChunk.includes('Loading articles…'), 'the shell shows the list fallback')
      assert.ok(!firstChunk.includes('href="/articles/'), 'the shell holds no article')
      assert.ok(text.includes('What we learned from source maps'), 'the list follows')
    })

    it('hydrates the list without a request, with the hostile title shown as text and run nowhere', async () => {
      const { page, watcher, apiRequests } = await open('')
      // React reveals a streamed boundary on its own schedule (batched, up to 300 ms after the
      // first paint); it is in the page, hidden, until then.
      await expectGone(page.getByText('Loading articles…'), 'the list fallback')
      await expectCount(rowsOf(page), 20, 'article rows')
      assert.equal(await reactBuild(page), build)
      await expectText(page.locator('footer'), `${build[0].toUpperCase()}${build.slice(1)} build · React 19.`, 'the footer')
      await expectVisible(rowsOf(page).getByRole('link', { name: HOSTILE_TITLE, exact: true }), 'the hostile title, as text')
      assert.equal(await page.evaluate(() => typeof window.__xss), 'undefined')
      await quiet()
      assert.deepEqual(apiRequests, [], 'no API request after hydration')
      await shot(page, 'list')
      watcher.check()
      await page.close()
    })

    it('hydrates an article opened directly without a request', async () => {
      const { page, watcher, apiRequests } = await open('articles/300')
      await expectText(page.locator('article.article h1'), 'What we learned from source maps', 'the article title')
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      await expectText(page.locator('.comments h2'), /Comments \(\d+\)/, 'the comments heading')
      await quiet()
      assert.deepEqual(apiRequests, [], 'no API request after hydration')
      watcher.check()

      // The hostile title as a heading, and in the document's data.
      const mark = apiRequests.length
      await page.goto(`${demo.url}articles/${(await (await fetch(`${demo.url}api/articles`)).json()).results.find((a) => a.title === HOSTILE_TITLE).id}`)
      await hydrated(page)
      await expectText(page.locator('article.article:not(.fallback) h1'), HOSTILE_TITLE, 'the hostile title as the heading')
      assert.equal(await page.evaluate(() => typeof window.__xss), 'undefined')
      await quiet()
      assert.deepEqual(apiRequests.slice(mark), [])
      await shot(page, 'hostile-article')
      watcher.check()
      await page.close()
    })

    it('retries in the browser a read that failed on the server, and shows its error boundary', async () => {
      const page = await context.newPage()
      const watcher = watchPage(page)
      watcher.allow('GET', '/api/articles/does-not-exist', 404)
      const mark = demo.api.log.length
      await page.goto(`${demo.url}errors`)
      const notFound = page.locator('section.card', { has: page.getByRole('heading', { name: 'Not found (404)' }) })
      await expectText(notFound.getByRole('alert').locator('h2'), '404 Not Found', 'the 404 panel')
      await expectText(notFound.getByRole('alert'), 'There is no article does-not-exist', 'the server’s reason')
      // Once by the server, once by the browser (React's recovery of a boundary the server could not finish).
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/does-not-exist', 'GET /api/articles/does-not-exist'])
      watcher.check()
      await page.close()
    })

    it('after hydration: client navigation, a like counted at once and sent once, a new article', async () => {
      const { page, watcher } = await open('')
      await page.evaluate(() => (window.__samePage = true))
      let mark = demo.api.log.length
      await page.getByRole('link', { name: 'What we learned from source maps' }).click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      assert.equal(new URL(page.url()).pathname, '/articles/300')
      assert.equal(await page.evaluate(() => window.__samePage), true, 'navigated without loading a page')
      // The list brought the summary; the body is the detail's.
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/300'])

      mark = demo.api.log.length
      const count = page.locator('.like-count')
      const start = Number(await count.textContent())
      const held = demo.api.hold('POST /api/articles/300/like')
      await page.locator('.like-button').click()
      await held.arrived
      await expectText(count, String(start + 1), 'the like, before the server answers')
      held.release()
      await answered()
      await quiet()
      await expectText(count, String(start + 1), 'the like the server counted')
      assert.deepEqual(requestsSince(mark), ['POST /api/articles/300/like'])

      await page.getByRole('link', { name: 'New article' }).first().click()
      await page.getByLabel('Title').fill('Written after hydration')
      await page.getByLabel('Text').fill('Server-rendered, then interactive.')
      mark = demo.api.log.length
      const post = demo.api.hold('POST /api/articles')
      await page.getByRole('button', { name: 'Publish' }).click()
      await post.arrived
      const first = rowsOf(page).first()
      await expectText(first, 'Written after hydration', 'the optimistic new row')
      await expectVisible(first.getByText('Saving…'), 'the "Saving…" badge')
      post.release()
      await expectVisible(first.getByRole('link', { name: 'Written after hydration' }), 'the new article as a link')
      await quiet()
      assert.deepEqual(requestsSince(mark), ['POST /api/articles'], 'the list was not refetched')
      assert.equal(await page.evaluate(() => window.__samePage), true)
      await shot(page, 'after-create')
      watcher.check()
      await page.close()
    })
  })
}
