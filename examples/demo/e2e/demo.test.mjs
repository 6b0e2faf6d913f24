// `npm run test:e2e`: every flow of the demo in headless Chromium, first against the production
// build, then against the development build (React's development mode, under StrictMode).
// Each flow asserts what the page shows, including the states in between (requests are held by
// the API's `hold` hook while the test looks), and which requests the API received.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startDemo } from '../server.mjs'
import { devtoolsStub, expectCount, expectGone, expectText, expectVisible, launchChromium, reactBuild, screenshot, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)
const VIEWPORT = { width: 1280, height: 860 }

for (const mode of ['production', 'dev']) {
  describe(`demo, ${mode === 'dev' ? 'development build under StrictMode' : 'production build'}`, () => {
    /** @type {Awaited<ReturnType<typeof startDemo>>} */
    let demo
    let browser
    let context
    const downloads = mkdtempSync(join(tmpdir(), 'tessera-e2e-'))

    before(async () => {
      demo = await startDemo({ port: 0, delayMs: DELAY_MS, mode })
      browser = await launchChromium()
      context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true })
      await context.addInitScript(devtoolsStub)
    })
    after(async () => {
      demo?.api.releaseAll()
      for (const other of contexts) await other.close()
      await context?.close()
      await browser?.close()
      await demo?.close()
      rmSync(downloads, { recursive: true, force: true })
    })

    /**
     * A page in a context of its own, for a flow that starts from an empty store: the pages of
     * one context share the demo's saved cache (IndexedDB) and their responses (tabs in sync).
     */
    const contexts = []
    const freshPage = async () => {
      const fresh = await browser.newContext({ viewport: VIEWPORT })
      await fresh.addInitScript(devtoolsStub)
      contexts.push(fresh)
      return fresh.newPage()
    }

    /** The API requests since `mark` (an index into the log), as `METHOD url`. */
    const requestsSince = (mark) => demo.api.requests(mark)
    /** Waits until every request the API received has been answered. */
    const answered = () => until(() => demo.api.log.every((r) => r.status !== undefined), Boolean, 'every request to be answered')
    /** Waits a little longer than a request takes, for requests that must NOT be sent. */
    const quiet = () => new Promise((resolve) => setTimeout(resolve, DELAY_MS * 3))
    const shot = (page, name) => screenshot(page, `${mode}-${name}`)

    // One page for the main session, as a user would click through it; its action log is
    // downloaded and replayed at the end.
    let page
    let watcher
    const rows = () => page.locator('ul.article-list:not(.skeleton) > li')
    const titles = () => rows().locator('.title').allTextContents()
    const likeCount = () => page.locator('.like-count')
    /** Likes of article 300 once the like test is done (the list shows the same entity). */
    let likesOf300
    /** Links of the rows shown (`/articles/:id`). */
    const rowLinks = () => rows().locator('a.title').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    /** Every article the session has seen in a list: what the cache (and a replay of its log) holds. */
    const seen = new Set()

    it('shows the list under a Suspense fallback, one request, and connects Redux DevTools', async () => {
      page = await context.newPage()
      watcher = watchPage(page)
      const mark = demo.api.log.length
      const list = demo.api.hold('GET /api/articles')
      await page.goto(demo.url)
      await list.arrived
      await expectVisible(page.getByText('Loading articles…'), 'the list fallback')
      assert.equal(await rows().count(), 0)
      list.release()
      await expectCount(rows(), 20, 'article rows')
      await expectGone(page.getByText('Loading articles…'), 'the list fallback')
      assert.equal((await titles())[0], 'What we learned from source maps')
      assert.deepEqual(requestsSince(mark), ['GET /api/articles'])

      // The build this describe is about: React's development build (with its warnings) in dev mode.
      const build = mode === 'dev' ? 'development' : 'production'
      assert.equal(await reactBuild(page), build)
      await expectText(page.locator('footer'), `${build[0].toUpperCase()}${build.slice(1)} build · React 19.`, 'the footer')

      const devtools = await page.evaluate(() => window.__devtoolsSeen)
      assert.equal(devtools.name, 'Tessera demo')
      assert.equal(devtools.inits, 1)
      assert.deepEqual(devtools.actions.slice(0, 2), ['tessera/fetch', 'tessera/receive'])
      await shot(page, 'list')
      watcher.check()
    })

    it('"Load more" keeps the list on screen while the next page loads, with exactly one request', async () => {
      const mark = demo.api.log.length
      const next = demo.api.hold((r) => r.method === 'GET' && r.url.startsWith('/api/articles?'))
      await page.getByRole('button', { name: 'Load more' }).click()
      await next.arrived
      await expectVisible(page.getByRole('button', { name: 'Loading…' }), 'the busy "Load more" button')
      assert.equal(await page.getByRole('button', { name: 'Loading…' }).isDisabled(), true)
      assert.equal(await rows().count(), 20)
      next.release()
      await expectCount(rows(), 40, 'article rows after one more page')
      await expectVisible(page.getByRole('button', { name: 'Load more' }), 'the "Load more" button')
      await quiet()
      assert.deepEqual(requestsSince(mark), ['GET /api/articles?cursor=281'])
      await shot(page, 'list-more')
      watcher.check()
    })

    it('opens a detail page from the summary, then goes back and forth without refetching fresh data', async () => {
      let mark = demo.api.log.length
      const detail = demo.api.hold('GET /api/articles/300')
      await page.getByRole('link', { name: 'What we learned from source maps' }).click()
      await detail.arrived
      // The fallback already shows what the list knew: the summary's title and author.
      await expectText(page.locator('article.fallback h1'), 'What we learned from source maps', 'the fallback title')
      await expectVisible(page.locator('article.fallback').getByText('Loading article…'), 'the detail fallback')
      assert.match(await page.locator('article.fallback .byline').textContent(), /by Barbara Liskov/)
      detail.release()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      await expectText(page.locator('.comments h2'), /Comments \(\d+\)/, 'the comments heading')
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/300'])
      await shot(page, 'detail')

      mark = demo.api.log.length
      await page.goBack()
      await expectCount(rows(), 40, 'article rows after going back')
      assert.equal(await page.getByText('Loading articles…').count(), 0)
      await page.getByRole('link', { name: 'What we learned from source maps' }).click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body, from the cache')
      await quiet()
      assert.deepEqual(requestsSince(mark), [], 'nothing fresh is fetched again')
      watcher.check()
    })

    it('counts a like at once, and rolls back the fifth like the server refuses with 409', async () => {
      assert.equal(demo.api.likeAttempts, 0)
      const mark = demo.api.log.length
      const start = Number(await likeCount().textContent())
      const like = page.locator('.like-button')

      let held = demo.api.hold('POST /api/articles/300/like')
      await like.click()
      await held.arrived
      await expectText(likeCount(), String(start + 1), 'the optimistic like count')
      held.release()
      await answered()
      await expectText(likeCount(), String(start + 1), 'the like count the server confirmed')

      for (let n = 2; n <= 4; n++) {
        await like.click()
        await expectText(likeCount(), String(start + n), `like count after ${n} likes`)
        await until(() => demo.api.log.filter((r) => r.url.endsWith('/like')).length, (count) => count === n, `like request ${n}`)
        await answered()
      }

      watcher.allow('POST', '/api/articles/300/like', 409)
      held = demo.api.hold('POST /api/articles/300/like')
      await like.click()
      await held.arrived
      await expectText(likeCount(), String(start + 5), 'the optimistic fifth like')
      held.release()
      await expectText(likeCount(), String(start + 4), 'the rolled-back like count')
      await expectText(page.locator('.like-error'), 'Like not counted (409 Conflict): Too many likes at once', 'the like error')
      assert.deepEqual(requestsSince(mark), Array(5).fill('POST /api/articles/300/like'))
      assert.deepEqual(demo.api.log.slice(mark).map((r) => r.status), [200, 200, 200, 200, 409])
      likesOf300 = start + 4
      await shot(page, 'detail-like-rolled-back')
      watcher.check()
    })

    it('creates an article that shows at the top of the list at once, then gets its id', async () => {
      await page.getByRole('link', { name: 'New article' }).first().click()
      await page.getByLabel('Title').fill('Hello from the e2e test')
      await page.getByLabel('Tags').fill('Testing, e2e')
      await page.getByLabel('Text').fill('Written by a headless browser.\n\nSecond paragraph.')
      await shot(page, 'new')
      const mark = demo.api.log.length
      const post = demo.api.hold('POST /api/articles')
      await page.getByRole('button', { name: 'Publish' }).click()
      await post.arrived
      await expectCount(rows(), 41, 'article rows with the new one')
      const first = rows().first()
      await expectText(first, 'Hello from the e2e test', 'the optimistic new row')
      await expectVisible(first.getByText('Saving…'), 'the "Saving…" badge')
      assert.equal(await first.locator('a.title').count(), 0, 'no link before the server gave it an id')
      await shot(page, 'list-creating')
      post.release()
      await expectVisible(first.getByRole('link', { name: 'Hello from the e2e test' }), 'the new article as a link')
      assert.equal(await first.locator('a.title').getAttribute('href'), '/articles/301')
      await expectGone(first.getByText('Saving…'), 'the "Saving…" badge')
      // The likes from before show in the list too: the same entity, no refetch.
      assert.equal(await rows().nth(1).locator('.likes').textContent(), `♥ ${likesOf300}`)
      await quiet()
      assert.deepEqual(requestsSince(mark), ['POST /api/articles'], 'the list was not refetched')
      watcher.check()
    })

    it('edits an article: the new title shows at once while the PATCH is pending', async () => {
      await page.getByRole('link', { name: 'What we learned from source maps' }).click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      const mark = demo.api.log.length
      await page.getByRole('link', { name: 'Edit' }).click()
      const title = page.getByLabel('Title')
      await until(() => title.inputValue(), (value) => value === 'What we learned from source maps', 'the edit form, filled in')
      await title.fill('Source maps, revisited')
      await shot(page, 'edit')
      const patch = demo.api.hold('PATCH /api/articles/300')
      await page.getByRole('button', { name: 'Save' }).click()
      await patch.arrived
      await expectText(page.locator('article.article h1'), 'Source maps, revisited', 'the optimistic title')
      await expectVisible(page.locator('article.article h1').getByText('Saving…'), 'the "Saving…" badge')
      await shot(page, 'detail-saving')
      patch.release()
      await expectGone(page.locator('article.article h1').getByText('Saving…'), 'the "Saving…" badge')
      await expectText(page.locator('article.article h1'), 'Source maps, revisited', 'the saved title')
      await page.getByRole('link', { name: '← All articles' }).click()
      await expectText(rows().nth(1).locator('.title'), 'Source maps, revisited', 'the list row of the edited article')
      await quiet()
      assert.deepEqual(requestsSince(mark), ['PATCH /api/articles/300'])
      assert.equal(demo.api.log.at(-1).status, 200)
      watcher.check()
    })

    it('deletes an article: it leaves the list at once, and nothing refetches it', async () => {
      let mark = demo.api.log.length
      await page.getByRole('link', { name: 'The case for property-based testing' }).click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/299'])
      mark = demo.api.log.length
      const del = demo.api.hold('DELETE /api/articles/299')
      await page.getByRole('button', { name: 'Delete' }).click()
      await del.arrived
      await expectCount(rows(), 40, 'article rows without the deleted one')
      assert.ok(!(await titles()).includes('The case for property-based testing'))
      del.release()
      await answered()
      await quiet()
      assert.ok(!(await titles()).includes('The case for property-based testing'))
      assert.equal(await rows().count(), 40)
      assert.deepEqual(requestsSince(mark), ['DELETE /api/articles/299'])
      watcher.check()
    })

    it('filters the list by a tag with one request, and goes back to the full list without one', async () => {
      let mark = demo.api.log.length
      const filtered = demo.api.hold((r) => r.url === '/api/articles?tag=testing')
      await page.locator('a.tag', { hasText: '#testing' }).first().click()
      await filtered.arrived
      await expectText(page.locator('h1'), 'Articles tagged #testing', 'the filtered list heading')
      await expectVisible(page.getByText('Loading articles…'), 'the list fallback')
      filtered.release()
      await expectCount(rows(), 20, 'rows tagged #testing')
      for (const tags of await rows().locator('.tags').allTextContents()) assert.match(tags, /#testing/)
      for (const link of await rowLinks()) seen.add(link)
      assert.deepEqual(requestsSince(mark), ['GET /api/articles?tag=testing'])
      mark = demo.api.log.length
      await page.getByRole('link', { name: '← All articles' }).click()
      await expectCount(rows(), 40, 'rows of the full list')
      for (const link of await rowLinks()) seen.add(link)
      await quiet()
      assert.deepEqual(requestsSince(mark), [])
      watcher.check()
    })

    it('lists the last actions, downloads the log as JSON, and replays it into a fresh store without a request', async () => {
      const liveTitles = await titles()
      const recent = page.getByRole('region', { name: 'Recent actions' }).locator('li')
      await expectCount(recent, 8, 'recent actions')
      assert.match(await recent.first().textContent(), /^receive\d\d:\d\d:\d\d\.\d{3}GET \/api\/articles\?tag=testing$/)
      await page.getByRole('link', { name: 'Action log', exact: true }).click()
      const table = page.getByRole('table', { name: 'Actions' })
      await expectVisible(table, 'the action table')
      const types = await table.locator('tbody tr td:nth-child(3)').allTextContents()
      for (const type of ['fetch', 'receive', 'optimistic', 'receive error']) assert.ok(types.includes(type), `the log shows a ${type} action`)

      const mark = demo.api.log.length
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Download log/ }).click()])
      assert.equal(download.suggestedFilename(), 'tessera-actions.json')
      const file = join(downloads, `${mode}-actions.json`)
      await download.saveAs(file)
      const log = JSON.parse(readFileSync(file, 'utf8'))
      assert.ok(Array.isArray(log) && log.length > 20, 'the download is an array of actions')
      assert.match(await page.getByRole('button', { name: /^Download log/ }).textContent(), new RegExp(`\\(${log.length} actions\\)`))
      assert.ok(log.every((action) => typeof action.type === 'string' && action.type.startsWith('tessera/')))

      await page.getByLabel('Replay a log file').setInputFiles(file)
      const replayed = page.getByRole('region', { name: 'Replayed state' })
      await expectText(replayed.locator('h2'), `Replayed ${log.length} actions from ${mode}-actions.json`, 'the replay heading')
      await expectText(page.getByTestId('replayed-articles'), new RegExp(`^${seen.size}$`), 'the replayed article count')
      assert.deepEqual(await replayed.getByRole('list', { name: 'Replayed articles' }).locator('li').allTextContents(), liveTitles)
      await quiet()
      assert.deepEqual(requestsSince(mark), [], 'the replay sent no request')
      await shot(page, 'log')
      watcher.check()
      await page.close()
    })

    it('shows a 404 and a 500 in error boundaries, and Retry refetches at once', async () => {
      const errorsPage = await freshPage()
      const errorsWatcher = watchPage(errorsPage)
      errorsWatcher.allow('GET', '/api/articles/does-not-exist', 404)
      errorsWatcher.allow('GET', /^\/api\/reports\/[^/]+$/, 500)
      let mark = demo.api.log.length
      await errorsPage.goto(`${demo.url}errors`)
      const notFound = errorsPage.locator('section.card', { has: errorsPage.getByRole('heading', { name: 'Not found (404)' }) })
      await expectText(notFound.getByRole('alert').locator('h2'), '404 Not Found', 'the 404 panel')
      await expectText(notFound.getByRole('alert'), 'There is no article does-not-exist', 'the server’s reason')
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/does-not-exist'])

      mark = demo.api.log.length
      let held = demo.api.hold('GET /api/articles/does-not-exist')
      await notFound.getByRole('button', { name: 'Retry' }).click()
      await held.arrived
      await expectVisible(notFound.getByText('Loading article…'), 'the fallback after Retry')
      held.release()
      await expectText(notFound.getByRole('alert').locator('h2'), '404 Not Found', 'the 404 panel again')
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/does-not-exist'])

      const serverError = errorsPage.locator('section.card', { has: errorsPage.getByRole('heading', { name: 'Server error (500)' }) })
      mark = demo.api.log.length
      held = demo.api.hold((r) => r.url.startsWith('/api/reports/'))
      await serverError.getByRole('button', { name: 'Request a new report' }).click()
      await held.arrived
      await expectVisible(serverError.getByText('Building report…'), 'the report fallback')
      held.release()
      await expectText(serverError.getByRole('alert').locator('h2'), '500 Internal Server Error', 'the 500 panel')
      await expectText(serverError.getByRole('alert'), 'could not be built on the first try', 'the server’s reason')
      await shot(errorsPage, 'errors')
      held = demo.api.hold((r) => r.url.startsWith('/api/reports/'))
      await serverError.getByRole('button', { name: 'Retry' }).click()
      await held.arrived
      await expectVisible(serverError.getByText('Building report…'), 'the report fallback after Retry')
      held.release()
      const report = serverError.getByRole('definition').first()
      await expectText(report, /^\d+$/, 'the report')
      assert.equal(await serverError.getByRole('alert').count(), 0)
      const reports = requestsSince(mark)
      assert.equal(reports.length, 2)
      assert.equal(reports[0], reports[1])
      assert.match(reports[0], /^GET \/api\/reports\/\w+$/)
      await shot(errorsPage, 'errors-retried')
      errorsWatcher.check()
      await errorsPage.close()
    })

    it('keeps data on screen while a refetch fails, and shows the soft error beside it', async () => {
      const stalePage = await freshPage()
      const staleWatcher = watchPage(stalePage)
      staleWatcher.allow('GET', '/api/articles/1', 500)
      let mark = demo.api.log.length
      await stalePage.goto(`${demo.url}stale`)
      const card = stalePage.getByLabel('Cached article')
      await expectVisible(card.locator('h2 a'), 'the cached article')
      const title = await card.locator('h2').textContent()
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/1'])

      mark = demo.api.log.length
      const held = demo.api.hold('GET /api/articles/1')
      await stalePage.getByRole('button', { name: 'Refetch with the server failing' }).click()
      await held.arrived
      await expectVisible(stalePage.getByText('Refetching…'), 'the refetching note')
      assert.equal(await card.locator('h2').textContent(), title, 'the data stays while the refetch is out')
      held.release()
      const soft = stalePage.getByRole('status').filter({ hasText: 'Refresh failed' })
      await expectText(soft, 'Refresh failed, showing cached data', 'the soft error')
      await expectText(soft, '500 Internal Server Error', 'the soft error status')
      assert.equal(await card.locator('h2').textContent(), title, 'the data stays after the refetch failed')
      assert.deepEqual(requestsSince(mark), ['POST /api/flaky', 'GET /api/articles/1'])
      await shot(stalePage, 'stale')

      mark = demo.api.log.length
      await stalePage.getByRole('button', { name: 'Refetch', exact: true }).click()
      await expectGone(soft, 'the soft error after a good refetch')
      assert.equal(await card.locator('h2').textContent(), title)
      assert.deepEqual(requestsSince(mark), ['GET /api/articles/1'])
      staleWatcher.check()
      await stalePage.close()
    })

    it('collects the detail nobody reads after its gcTime, and the article the list keeps still opens whole, without a request', async () => {
      const gcPage = await freshPage()
      const gcWatcher = watchPage(gcPage)
      const gcRows = () => gcPage.locator('ul.article-list:not(.skeleton) > li')
      const body = () => gcPage.locator('article.article:not(.fallback) .body p')
      const comments = () => gcPage.locator('.comments h2')
      const gcActions = () => gcPage.evaluate(() => window.__devtoolsSeen.actions.filter((type) => type === 'tessera/gc').length)
      await gcPage.goto(`${demo.url}?gcTime=1000`)
      await expectCount(gcRows(), 20, 'article rows')
      // Article 300 has comments, which only its detail response holds (the list has summaries).
      const id = '300'
      const link = () => gcRows().locator(`a.title[href="/articles/${id}"]`)
      let mark = demo.api.log.length
      await link().click()
      await expectVisible(body(), 'the article body')
      await expectText(comments(), /Comments \([1-9]\d*\)/, 'the comments heading')
      const heading = await comments().textContent()
      const text = await body().first().textContent()
      assert.deepEqual(requestsSince(mark), [`GET /api/articles/${id}`])
      await gcPage.goBack()
      await expectCount(gcRows(), 20, 'article rows after going back')

      // The detail's key has no reader now: a second later it is collected, as an action DevTools
      // sees. The list on screen is not, and nothing is fetched.
      mark = demo.api.log.length
      await until(gcActions, (count) => count > 0, 'a tessera/gc action', 6000)
      assert.equal(await gcRows().count(), 20)
      assert.equal(await gcPage.getByText('Loading articles…').count(), 0)

      // The article stays (the list holds it) and so do the comments it points at, though only
      // the collected detail brought them: it opens from the cache, body and comments whole.
      await link().click()
      await expectVisible(body(), 'the article body, from the cache')
      await expectText(comments(), heading, 'the comments heading, from the cache')
      assert.equal(await body().first().textContent(), text)
      await quiet()
      assert.deepEqual(requestsSince(mark), [], 'nothing is fetched')
      await shot(gcPage, 'after-gc')
      gcWatcher.check()
      await gcPage.close()
    })

    it("polls an open article's likes, shows other readers' likes without a click, and stops when the page is left", async () => {
      const POLL_MS = 300
      const pollPage = await freshPage()
      const pollWatcher = watchPage(pollPage)
      const id = '250'
      const polls = (from) => demo.api.log.slice(from).filter((r) => r.method === 'GET' && r.url === `/api/articles/${id}/likes`)
      const count = () => pollPage.locator('.like-count')
      const mark = demo.api.log.length
      await pollPage.goto(`${demo.url}articles/${id}?poll=${POLL_MS}`)
      await expectVisible(pollPage.locator('article.article:not(.fallback) .body p'), 'the article body')
      await until(() => polls(mark).length, (n) => n >= 1, 'the first likes request')
      await answered()
      const start = Number(await count().textContent())

      // Someone else likes it three times: the next poll brings the count, no click, no reload.
      assert.equal(demo.api.likeElsewhere(id, 3), start + 3)
      await expectText(count(), new RegExp(`^${start + 3}$`), "the like count other readers raised")

      // Polls keep coming while the page is open: one timer (StrictMode's second mount adds none).
      const before = polls(mark).length
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5))
      const during = polls(mark).length - before
      assert.ok(during >= 2 && during <= 7, `${during} polls in ${POLL_MS * 5} ms at one per ${POLL_MS} ms`)
      const times = polls(mark).map((r) => r.time)
      for (let i = 2; i < times.length; i++) assert.ok(times[i] - times[i - 1] >= POLL_MS / 2, `polls ${times[i] - times[i - 1]} ms apart`)

      // Leaving the page unsubscribes its reader: the timer stops.
      await pollPage.getByRole('link', { name: '← All articles' }).click()
      await expectCount(pollPage.locator('ul.article-list:not(.skeleton) > li'), 20, 'article rows')
      await answered()
      const left = demo.api.log.length
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 4))
      assert.deepEqual(polls(left), [], 'no poll after the page is left')
      pollWatcher.check()
      await pollPage.close()
    })

    it('keeps a like on screen while a poll that left before it lands, and the count never steps back', async () => {
      const POLL_MS = 200
      const likePage = await context.newPage()
      const likeWatcher = watchPage(likePage)
      const id = '240'
      const likesUrl = `/api/articles/${id}/likes`
      const polls = (from) => demo.api.log.slice(from).filter((r) => r.method === 'GET' && r.url === likesUrl)
      const count = () => likePage.locator('.like-count')
      // The server refuses every fifth like (the rollback test uses that); this one must count.
      assert.notEqual((demo.api.likeAttempts + 1) % 5, 0, 'the next like is not one the server refuses')
      const mark = demo.api.log.length
      await likePage.goto(`${demo.url}articles/${id}?poll=${POLL_MS}`)
      await expectVisible(likePage.locator('article.article:not(.fallback) .body p'), 'the article body')
      await until(() => polls(mark).length, (n) => n >= 1, 'the first likes request')
      await answered()
      const start = Number(await count().textContent())
      // From here on, every count the page shows is recorded.
      await likePage.evaluate(() => {
        const el = document.querySelector('.like-count')
        window.__counts = [el.textContent]
        new MutationObserver(() => window.__counts.push(el.textContent)).observe(el, { childList: true, characterData: true, subtree: true })
      })

      // A poll leaves and the server answers it with the count as it is; the answer is held.
      const poll = demo.api.holdAnswer(`GET ${likesUrl}`)
      await poll.arrived
      // Then the user likes: the server counts it at once, and its answer is held too.
      const like = demo.api.holdAnswer(`POST /api/articles/${id}/like`)
      await likePage.locator('.like-button').click()
      await expectText(count(), new RegExp(`^${start + 1}$`), 'the like, before the server answers')
      await like.arrived
      // The old poll answer (the count before the like) lands while the like is pending.
      const answeredPolls = () => polls(mark).filter((r) => r.status !== undefined).length
      const before = answeredPolls()
      poll.release()
      await until(answeredPolls, (n) => n > before, 'the held poll to be answered')
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      assert.equal(await count().textContent(), String(start + 1), 'the like still shows after the older poll landed')
      // Polls that left after the like bring the server's count, which includes it.
      const later = answeredPolls()
      await until(answeredPolls, (n) => n > later, 'a poll that left after the like')
      assert.equal(await count().textContent(), String(start + 1))
      like.release()
      await answered()
      await expectText(count(), new RegExp(`^${start + 1}$`), 'the count the server confirmed')
      const shown = await likePage.evaluate(() => window.__counts.map(Number))
      assert.ok(shown.every((n, i) => i === 0 || n >= start + 1), `the count never stepped back: ${shown.join(' → ')}`)
      assert.ok(shown.includes(start + 1))
      likeWatcher.check()
      await likePage.close()
    })
  })
}
