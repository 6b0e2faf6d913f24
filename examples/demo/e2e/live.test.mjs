// Live data in Chromium, against the production build, then the development build: two readers
// (two browser contexts) on the same article. A's like reaches B over the server-sent-events
// stream (GET /api/live, the store's LiveManager) within a second, with no other request from B
// and no reload; B reconnects by itself after the server drops every stream; a malformed push is
// reported and dropped, the page still live; a new comment shows in B too. It also measures the latency from the server's write
// to B's DOM, and how many DOM updates a burst of 1,000 pushes makes.
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { startDemo } from '../server.mjs'
import { expectText, expectVisible, launchChromium, reactBuild, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)
const ID = '300'

/** Records in the page, with Date.now() (same machine as the server), every text the like count shows. */
function observeLikeCount() {
  const seen = []
  window.__likeCounts = seen
  const target = document.querySelector('article.article:not(.fallback) .like-count')
  seen.push({ text: target.textContent, time: Date.now() })
  new MutationObserver(() => seen.push({ text: target.textContent, time: Date.now() })).observe(target, { characterData: true, childList: true, subtree: true })
}

/**
 * Counts React's commits in the page, installed before the app loads: React reports each commit to
 * a DevTools hook when one is present (the React DevTools extension's entry point), in both builds.
 */
function countReactCommits() {
  window.__reactCommits = 0
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberRoot: () => void window.__reactCommits++,
    onPostCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

for (const mode of ['production', 'dev']) {
  describe(`live data, ${mode === 'dev' ? 'development build under StrictMode' : 'production build'}`, () => {
    /** @type {Awaited<ReturnType<typeof startDemo>>} */
    let demo
    let browser
    /** Measurements, printed at the end (the closing note). */
    const measured = {}

    before(async () => {
      demo = await startDemo({ port: 0, delayMs: DELAY_MS, mode })
      browser = await launchChromium()
    })
    after(async () => {
      demo?.api.releaseAll()
      await browser?.close()
      await demo?.close()
      console.log(`# ${mode}: ${JSON.stringify(measured)}`)
    })

    it("shows another reader's like within a second, reconnects after a drop, and drops a malformed push", async () => {
      const contextA = await browser.newContext()
      const contextB = await browser.newContext()
      const a = await contextA.newPage()
      const b = await contextB.newPage()
      const watchA = watchPage(a)
      const watchB = watchPage(b)
      await b.addInitScript(countReactCommits)
      // Every /api request B makes, except its live stream (an EventSource GET, reopened after a drop).
      const fromB = []
      b.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (pathname.startsWith('/api/') && pathname !== '/api/live') fromB.push(`${request.method()} ${pathname}`)
      })
      const count = (page) => page.locator('article.article:not(.fallback) .like-count')
      const shown = async (page) => Number(await count(page).textContent())
      /** The first time B's DOM showed `likes`, by B's clock. */
      const shownAt = (likes) => until(() => b.evaluate(() => window.__likeCounts), (seen) => seen.some((s) => s.text === String(likes)), `B to show ${likes} likes`, 5000).then((seen) => seen.find((s) => s.text === String(likes)).time)
      /** A likes the article in its page; the server's fifth like is refused, so that attempt is spent first. */
      const likeInA = async () => {
        if ((demo.api.likeAttempts + 1) % 5 === 0) await fetch(`${demo.url}api/articles/${ID}/like`, { method: 'POST' })
        const before = await shown(a)
        await a.getByRole('button', { name: /^Like/ }).click()
        await expectText(count(a), String(before + 1), "A's like count")
        return before + 1
      }

      for (const page of [b, a]) {
        await page.goto(`${demo.url}articles/${ID}`)
        await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      }
      assert.equal(await reactBuild(b), mode === 'dev' ? 'development' : 'production')
      // One stream per page, opened because the article page reads a live endpoint.
      await until(() => demo.api.liveStreams, (n) => n === 2, 'both pages to open their live stream')
      await b.evaluate(observeLikeCount)
      await b.evaluate(() => (window.__notReloaded = true))
      const requestsBefore = fromB.length

      // A likes: B shows it within a second of the server's push, without asking for anything.
      const pushesBefore = demo.api.pushed.length
      const clicked = Date.now()
      const first = await likeInA()
      const firstShown = await shownAt(first)
      const firstPush = demo.api.pushed[pushesBefore].time
      assert.ok(firstShown - firstPush < 1000, `B showed the like ${firstShown - firstPush} ms after the push`)
      assert.ok(firstShown - clicked < 1000 + DELAY_MS, `B showed the like ${firstShown - clicked} ms after A's click`)
      measured.firstLikeMs = firstShown - firstPush

      // The server drops every stream: both pages reconnect by themselves (backoff from 1 s).
      const dropped = Date.now()
      demo.api.dropLiveStreams()
      await until(() => demo.api.liveStreams, (n) => n === 2, 'both pages to reconnect', 8000)
      measured.reconnectMs = Date.now() - dropped
      const second = await likeInA()
      await expectText(count(b), String(second), "B's like count after the reconnect")

      // A malformed push: both pages report it once (the library's LiveError through console.error)
      // and drop it; the count stays, and the next good push still arrives.
      demo.api.pushLive(JSON.stringify({ article: { id: ID, likes: 'many' } }))
      const malformed = /^console\.error: (tessera\/live: a message was dropped|Tessera E801).*article\.likes must be a count/
      for (const [name, watcher] of [['A', watchA], ['B', watchB]]) {
        await until(() => watcher.problems.filter((p) => malformed.test(p)).length, (n) => n > 0, `${name} to report the malformed push`).catch((error) => assert.fail(`${error.message}; problems: ${watcher.problems.join(" | ")}`))
        // Exactly that one error is expected here (the page reports what it dropped); any other fails below.
        assert.equal(watcher.problems.filter((p) => malformed.test(p)).length, 1, `${name} reports the malformed push once`)
        watcher.problems.splice(watcher.problems.findIndex((p) => malformed.test(p)), 1)
      }
      assert.equal(await shown(b), second)
      const third = demo.api.likeElsewhere(ID)
      await expectText(count(b), String(third), "B's like count after the malformed push")

      // Another reader comments: B's comment list grows, still without a request.
      const comments = b.locator('section.comments li')
      const commentsBefore = await comments.count()
      const posted = await fetch(`${demo.url}api/articles/${ID}/comments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ body: 'Pushed, not polled' }) })
      assert.equal(posted.status, 201)
      await expectText(b.locator('section.comments li').last(), 'Pushed, not polled', "the new comment in B's page")
      assert.equal(await comments.count(), commentsBefore + 1)
      assert.equal(await shown(b), third, 'the like count kept through the comment')

      // Latency, server write to B's DOM, over 10 likes made elsewhere (same machine, same clock).
      const latencies = []
      for (let i = 0; i < 10; i++) {
        const at = demo.api.pushed.length
        const likes = demo.api.likeElsewhere(ID)
        const time = await shownAt(likes)
        latencies.push(time - demo.api.pushed[at].time)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      measured.pushToDomMs = { median: median(latencies), max: Math.max(...latencies), samples: latencies }
      assert.ok(median(latencies) < 1000, `median push-to-DOM latency ${median(latencies)} ms`)

      // A burst of 1,000 pushes: the count ends at the last one, in few DOM updates (one per frame).
      const updatesBefore = await b.evaluate(() => window.__likeCounts.length)
      const commitsBefore = await b.evaluate(() => window.__reactCommits)
      let last
      for (let i = 0; i < 1000; i++) last = demo.api.likeElsewhere(ID)
      await expectText(count(b), String(last), "B's like count after a burst of 1,000 pushes")
      await new Promise((resolve) => setTimeout(resolve, 200))
      measured.burst = {
        messages: 1000,
        domUpdates: (await b.evaluate(() => window.__likeCounts.length)) - updatesBefore,
        reactCommits: (await b.evaluate(() => window.__reactCommits)) - commitsBefore,
      }
      // Messages are applied once per frame: a burst renders a handful of times, not once per message.
      assert.ok(measured.burst.reactCommits <= 20, `${measured.burst.reactCommits} React commits for 1,000 pushes`)

      // No reload, no request from B beyond its live stream, nothing else reported.
      assert.equal(await b.evaluate(() => window.__notReloaded), true, 'B was never reloaded')
      assert.deepEqual(fromB.slice(requestsBefore), [], 'B made no /api request besides its live stream')
      watchA.check()
      watchB.check()
      await contextA.close()
      await contextB.close()
    })
  })
}
