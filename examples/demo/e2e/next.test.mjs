// The Next.js App Router version of the demo (examples/next, `npm run demo:next`), production
// build, in headless Chromium: the server's HTML holds the data, the browser hydrates it without
// a single API request, untrusted text stays text, and likes, new articles and client navigation
// work after hydration. The root layout and the tag page are Server Components importing from
// 'tessera' itself, and the app resolves 'tessera' to the built package (dist/), as an installed
// one does. The first run includes `next build` (a few seconds to a minute).
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startNextDemo } from '../../next/serve.mjs'
import { HOSTILE_TITLE as HOSTILE, seedArticles } from '../seed.mjs'
import { expectCount, expectText, expectVisible, launchChromium, screenshot, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)

describe('demo on Next.js (App Router, production build)', () => {
  /** @type {Awaited<ReturnType<typeof startNextDemo>>} */
  let demo
  let browser
  let context
  /** The id of the seeded article whose title is markup that would run a script if unescaped. */
  const hostileId = seedArticles().find((article) => article.title === HOSTILE).id
  /** A tag of that article (the tag pages list it). */
  const hostileTag = seedArticles().find((article) => article.title === HOSTILE).tags[0]
  /** The first row of the list, read from the API (the list is newest first). */
  let firstTitle

  before(async () => {
    const started = Date.now()
    demo = await startNextDemo({ port: 0, delayMs: DELAY_MS })
    console.log(`# Next demo ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${demo.built ? 'built now' : 'build was current'})`)
    browser = await launchChromium()
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    firstTitle = (await (await fetch(`${demo.url}api/articles`)).json()).results[0].title
  })
  after(async () => {
    demo?.api.releaseAll()
    await context?.close()
    await browser?.close()
    await demo?.close()
  })

  /** A new page, with what it reports watched and every request it sends to the API recorded. */
  async function openPage() {
    const page = await context.newPage()
    const watcher = watchPage(page)
    const apiRequests = []
    const inFlight = new Set()
    page.on('request', (request) => {
      inFlight.add(request)
      const { pathname, search } = new URL(request.url())
      if (pathname.startsWith('/api/')) apiRequests.push(`${request.method()} ${pathname}${search}`)
    })
    for (const event of ['requestfinished', 'requestfailed']) page.on(event, (request) => inFlight.delete(request))
    /**
     * Waits for the page's requests to end: Next prefetches the routes its links point to, and
     * closing the page in the middle of one would report it as failed.
     */
    const settle = () => until(() => inFlight.size, (n) => n === 0, "the page's requests to end")
    /**
     * Fails on anything the page reported, except Next's router cancelling its own prefetch of a
     * route (`?_rsc=`) that it no longer needs: its choice, not a failure the user could see.
     */
    const check = () => {
      const prefetch = /^request failed: GET [^ ]*[?&]_rsc=[^ ]*: net::ERR_ABORTED$/
      watcher.problems.splice(0, Infinity, ...watcher.problems.filter((problem) => !prefetch.test(problem)))
      watcher.check()
    }
    return { page, check, apiRequests, settle }
  }

  /** Waits until React has hydrated the element `selector` matches (it holds React's props). */
  const hydrated = (page, selector) =>
    until(
      () => page.evaluate((css) => Object.keys(document.querySelector(css) ?? {}).some((name) => name.startsWith('__reactProps$')), selector),
      Boolean,
      `${selector} to be hydrated`,
    )
  /** Longer than a request takes: for requests that must NOT be sent. */
  const quiet = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3 + 200))
  /** Waits until every request the API received has been answered. */
  const answered = () => until(() => demo.api.log.every((r) => r.status !== undefined), Boolean, 'every API request to be answered')

  it('sends the data in the HTML of the list and of an article', async () => {
    const listMark = demo.api.log.length
    const list = await (await fetch(demo.url)).text()
    assert.deepEqual(demo.api.requests(listMark), ['GET /api/articles'])
    assert.match(list, /__TESSERA_DATA__/, 'the list page streams its data')
    assert.ok(list.includes(`>${escapeHTML(firstTitle)}</a>`), 'the list is rendered on the server')
    // The hostile title is in the list, but nowhere as markup: escaped in the HTML and in the data.
    assert.ok(list.includes(escapeHTML(HOSTILE)), 'the hostile title is in the HTML, as text')
    assert.ok(!list.includes(HOSTILE), 'the hostile title is never written unescaped')
    const seeded = seedArticles().at(-1)
    const mark = demo.api.log.length
    const article = await (await fetch(`${demo.url}articles/${seeded.id}`)).text()
    assert.ok(article.includes(escapeHTML(seeded.title)), "the article's title is in its HTML")
    assert.ok(article.includes(escapeHTML(seeded.body.split('\n')[0])), "the article's body is in its HTML")
    // The Server Component fetched it, and the client components' server render read it from there.
    assert.deepEqual(demo.api.requests(mark), [`GET /api/articles/${seeded.id}`])
  })

  // Streaming per boundary: the article page's frame (layout, header, link back, the article's
  // fallback) is sent before the API answers, and the article follows in the same response.
  it("streams an article page: its frame and the article's fallback come before the API answers, the article after", async (t) => {
    const seeded = seedArticles()[10]
    // Released once, whatever happens: a hold left in place would stall the later tests.
    const hold = () => {
      const made = demo.api.hold(`GET /api/articles/${seeded.id}`)
      let released = false
      const release = () => void (released || ((released = true), made.release()))
      t.after(release)
      return { arrived: made.arrived, release }
    }
    const held = hold()
    const started = performance.now()
    const response = await fetch(`${demo.url}articles/${seeded.id}`)
    const firstByte = { at: undefined }
    let html = ''
    let ended = false
    const reading = (async () => {
      const decoder = new TextDecoder()
      for await (const chunk of response.body) {
        firstByte.at ??= performance.now() - started
        html += decoder.decode(chunk, { stream: true })
      }
      ended = true
    })()
    await held.arrived
    await until(() => html.replace(/<script[\s\S]*?<\/script>/g, ''), (text) => text.includes('Loading article…'), "the article's fallback in the streamed HTML while the API holds the article")
    assert.ok(html.includes('<header class="topbar">'), 'the layout and its header are in the first part')
    assert.ok(html.includes('← All articles'), 'the link back is in the first part')
    assert.ok(!html.includes(escapeHTML(seeded.body.split('\n')[0])), 'the article is not, yet')
    assert.equal(ended, false, 'the response goes on')
    const frameAt = performance.now() - started
    held.release()
    await reading
    assert.ok(html.includes(escapeHTML(seeded.body.split('\n')[0])), 'the article streamed in')
    console.log(`# article page: first byte ${Math.round(firstByte.at)} ms, frame with the fallback by ${Math.round(frameAt)} ms, while the API held the article`)

    // In the browser: the fallback shows while the API holds the article, then the article, hydrated with no request.
    const { page, check, apiRequests, settle } = await openPage()
    const again = hold()
    await page.goto(`${demo.url}articles/${seeded.id}`, { waitUntil: 'commit' })
    await again.arrived
    await expectVisible(page.getByText('Loading article…'), "the article's fallback")
    await expectVisible(page.getByRole('link', { name: '← All articles' }), 'the link back')
    again.release()
    await expectText(page.locator('article h1'), seeded.title, 'the article heading')
    await hydrated(page, '.like-button')
    await quiet()
    assert.deepEqual(apiRequests, [])
    await settle()
    check()
    await page.close()
  })

  it("keeps concurrent requests' data apart", async () => {
    const [a, b] = seedArticles().slice(0, 2)
    const [htmlA, htmlB] = await Promise.all([a, b].map(async ({ id }) => (await fetch(`${demo.url}articles/${id}`)).text()))
    // As page text or inside the data the page carries.
    const holds = (html, { body }) => html.includes(escapeHTML(body.split('\n')[0])) || html.includes(body.split('\n')[0])
    assert.ok(holds(htmlA, a) && !holds(htmlA, b), `only article ${a.id} in its page`)
    assert.ok(holds(htmlB, b) && !holds(htmlB, a), `only article ${b.id} in its page`)
  })

  it('hydrates the list with no API request, and shows the hostile title as text', async () => {
    const { page, check, apiRequests, settle } = await openPage()
    await page.goto(demo.url)
    await expectCount(page.locator('ul.article-list > li'), 20, 'article rows')
    await hydrated(page, 'ul.article-list a.title')
    await quiet()
    assert.deepEqual(apiRequests, [])
    const titles = await page.locator('ul.article-list a.title').allTextContents()
    assert.ok(titles.includes(HOSTILE), `the hostile title is a row: ${JSON.stringify(titles.slice(0, 3))}`)
    assert.equal(await page.evaluate(() => window.__xss), undefined)
    await screenshot(page, 'next-list')

    // Pagination after hydration: the next page is appended to the hydrated list.
    const lastShown = (await page.locator('ul.article-list a.title').nth(19).getAttribute('href')).split('/').pop()
    await page.getByRole('button', { name: 'Load more' }).click()
    await expectCount(page.locator('ul.article-list > li'), 40, 'article rows')
    assert.deepEqual(apiRequests, [`GET /api/articles?cursor=${lastShown}`])
    await settle()
    check()
    await page.close()
  })

  it('hydrates an article with no API request, and a like reaches the server once', async () => {
    const { page, check, apiRequests, settle } = await openPage()
    await page.goto(`${demo.url}articles/${hostileId}`)
    await expectText(page.locator('article h1'), HOSTILE, 'the heading')
    await hydrated(page, '.like-button')
    await quiet()
    assert.deepEqual(apiRequests, [])
    assert.equal(await page.evaluate(() => window.__xss), undefined)

    const before = Number(await page.locator('.like-count').textContent())
    await page.locator('.like-button').click()
    // Optimistic: the count moves before the server answers, and stays once it has.
    await expectText(page.locator('.like-count'), String(before + 1), 'the like count')
    await answered()
    await quiet()
    assert.deepEqual(apiRequests, [`POST /api/articles/${hostileId}/like`])
    assert.equal(await page.locator('.like-count').textContent(), String(before + 1))
    await settle()
    check()
    await page.close()
  })

  it('publishes a new article, then opens it by client navigation with its data and no fallback', async () => {
    const { page, check, apiRequests, settle } = await openPage()
    await page.goto(demo.url)
    // The list too, not only the form: a change to the store before the list's boundary has
    // hydrated makes React hydrate it from other data than the server rendered (a mismatch).
    await hydrated(page, 'form[aria-label="New article"] button')
    await hydrated(page, 'ul.article-list a.title')
    const title = `Written in the e2e ${Date.now()}`
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Text').fill('Server rendered, then created in the browser.')
    const create = demo.api.hold('POST /api/articles')
    await page.getByRole('button', { name: 'Publish' }).click()
    // Shown at once at the top of the list, saving, then a link once the server gave it an id.
    await expectText(page.locator('ul.article-list > li').first(), `${title}Saving…`, 'the first row')
    create.release()
    const link = page.locator('ul.article-list > li').first().locator('a.title')
    await expectText(link, title, 'the new article link')
    assert.deepEqual(apiRequests, ['POST /api/articles'])

    // Record any loading fallback that appears during the navigation.
    await page.evaluate(() => {
      window.__fallbacks = 0
      new MutationObserver(() => {
        if (document.querySelector('.fallback')) window.__fallbacks++
      }).observe(document.body, { childList: true, subtree: true })
    })
    const href = await link.getAttribute('href')
    await link.click()
    await page.waitForURL(`**${href}`)
    await expectText(page.locator('article h1'), title, 'the article heading')
    await expectVisible(page.getByText('Server rendered, then created in the browser.'), 'the body')
    await quiet()
    // The route's Server Component fetched the article and handed it down: the browser asked for nothing.
    assert.deepEqual(apiRequests, ['POST /api/articles'])
    assert.equal(await page.evaluate(() => window.__fallbacks), 0, 'no loading fallback showed')
    // Back to the list: it is still in the store, so no request and no fallback either.
    await page.getByRole('link', { name: '← All articles' }).click()
    await expectText(page.locator('ul.article-list > li').first(), title, 'the first row')
    await quiet()
    assert.deepEqual(apiRequests, ['POST /api/articles'])
    assert.equal(await page.evaluate(() => window.__fallbacks), 0, 'no loading fallback showed')
    await settle()
    check()
    await page.close()
  })

  // The root layout is a Server Component that imports DataProvider from 'tessera/nextjs' and
  // AsyncBoundary from 'tessera'; /tags/[tag] is a Server Component that awaits
  // ArticleResource.getList (from 'tessera') itself. The app resolves 'tessera' to the built package.
  it('renders a Server Component page that awaits an endpoint: its data is in the HTML, escaped', async () => {
    const tag = hostileTag
    const expected = (await (await fetch(`${demo.url}api/articles?tag=${tag}`)).json()).results
    assert.ok(expected.some((article) => article.title === HOSTILE), `the hostile title is tagged #${tag}`)
    const mark = demo.api.log.length
    const html = await (await fetch(`${demo.url}tags/${tag}`)).text()
    assert.deepEqual(demo.api.requests(mark), [`GET /api/articles?tag=${tag}`])
    for (const { title } of expected) assert.ok(html.includes(`>${escapeHTML(title)}</a>`), `${JSON.stringify(title)} is a link in the HTML`)
    assert.ok(!html.includes(HOSTILE), 'the hostile title is never written unescaped')
    // The page's data is its HTML: nothing went through the request's store to the browser's.
    assert.doesNotMatch(html, /__TESSERA_DATA__/)
  })

  it('navigates from the list to a Server Component page and on to an article, with no API request from the browser', async () => {
    const { page, check, apiRequests, settle } = await openPage()
    await page.goto(demo.url)
    await hydrated(page, 'ul.article-list a.tag')
    await page.evaluate(() => {
      window.__fallbacks = 0
      new MutationObserver(() => {
        if (document.querySelector('.fallback')) window.__fallbacks++
      }).observe(document.body, { childList: true, subtree: true })
    })
    // A client navigation: the Server Component runs on the server, the browser gets its output.
    await page.locator(`ul.article-list a.tag[href="/tags/${hostileTag}"]`).first().click()
    await page.waitForURL(`**/tags/${hostileTag}`)
    await expectText(page.locator('h1'), `#${hostileTag}`, 'the tag heading')
    const titles = await page.locator('ul[aria-label="Tagged articles"] a.title').allTextContents()
    assert.ok(titles.includes(HOSTILE), `the hostile title is a row, as text: ${JSON.stringify(titles.slice(0, 3))}`)
    assert.equal(await page.evaluate(() => window.__xss), undefined)
    await screenshot(page, 'next-tag')

    // On to an article: its page's Server Component fetches it and hands it to useSuspense below.
    const link = page.locator('ul[aria-label="Tagged articles"] a.title').first()
    const title = await link.textContent()
    const href = await link.getAttribute('href')
    await link.click()
    await page.waitForURL(`**${href}`)
    await expectText(page.locator('article h1'), title, 'the article heading')
    await hydrated(page, '.like-button')
    await quiet()
    assert.deepEqual(apiRequests, [])
    assert.equal(await page.evaluate(() => window.__fallbacks), 0, 'no loading fallback showed')

    // The client component is live: a like reaches the server once and shows at once.
    const before = Number(await page.locator('.like-count').textContent())
    await page.locator('.like-button').click()
    await expectText(page.locator('.like-count'), String(before + 1), 'the like count')
    await answered()
    assert.deepEqual(apiRequests, [`POST ${href.replace('/articles/', '/api/articles/')}/like`])
    await settle()
    check()
    await page.close()
  })
})

/** Text as React writes it into HTML. */
function escapeHTML(text) {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c])
}
