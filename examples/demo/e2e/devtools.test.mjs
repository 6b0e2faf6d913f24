// The in-page devtools (tessera/devtools) on the demo, in headless Chromium, against the production
// build (which takes the panel from tessera/devtools/production) and then the development build:
// open the panel from its corner button (its styles and the app's do not mix: a shadow root) and
// read the list key's status, countdown and readers;
// like an article and see the guess, the mutation and its cause; go offline and see the queue;
// step the page back to an older action and return; force an error and see the app's boundary;
// export the session, reload, import it and see the same timeline.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, it } from 'node:test'
import { startDemo } from '../server.mjs'
import { SCREENSHOTS, expectCount, expectGone, expectText, expectVisible, launchChromium, screenshot, until, watchPage } from './harness.mjs'

const DELAY_MS = Number(process.env.DEMO_DELAY_MS ?? 80)
const VIEWPORT = { width: 1280, height: 900 }

/** Seconds in a countdown as the panel writes it (`45 s`, `4 min 05 s`). */
function seconds(text) {
  const match = /^(?:(\d+) min )?(\d+) s$/.exec(text.trim())
  assert.ok(match, `a countdown, not ${JSON.stringify(text)}`)
  return Number(match[1] ?? 0) * 60 + Number(match[2])
}

for (const mode of ['production', 'dev']) {
  describe(`devtools, ${mode === 'dev' ? 'development build under StrictMode' : 'production build'}`, () => {
    /** @type {Awaited<ReturnType<typeof startDemo>>} */
    let demo
    let browser
    let context
    const downloads = mkdtempSync(join(tmpdir(), 'tessera-devtools-e2e-'))

    before(async () => {
      demo = await startDemo({ port: 0, delayMs: DELAY_MS, mode })
      browser = await launchChromium()
      context = await browser.newContext({ viewport: VIEWPORT, acceptDownloads: true })
    })
    after(async () => {
      demo?.api.releaseAll()
      await context?.close()
      await browser?.close()
      await demo?.close()
      rmSync(downloads, { recursive: true, force: true })
    })

    it('shows keys, guesses, the offline queue, time travel, a forced error and a session that survives a reload', async () => {
      const page = await context.newPage()
      const watcher = watchPage(page)
      const panel = page.getByRole('dialog', { name: 'Tessera devtools' })
      // The page, and the panel alone (what the README shows).
      const shot = async (name) => {
        await screenshot(page, `devtools-${mode}-${name}`)
        await panel.screenshot({ path: `${SCREENSHOTS}devtools-${mode}-${name}-panel.png` })
      }
      const tab = (name) => panel.getByRole('tab', { name })
      const timeline = () => panel.getByRole('list', { name: 'Timeline' }).getByRole('button')
      const rows = page.locator('ul.article-list:not(.skeleton) > li')

      await page.goto(demo.url)
      await expectCount(rows, 20, 'article rows')

      // Open: the panel's styles (in its shadow root) change no element of the app's.
      const appLink = rows.first().locator('a.title')
      const styleOf = (locator) => locator.evaluate((element) => {
        const style = getComputedStyle(element)
        return [style.color, style.fontSize, style.fontFamily, style.lineHeight, style.backgroundColor].join(' | ')
      })
      const appBefore = await styleOf(appLink)
      await page.getByRole('button', { name: 'Tessera devtools', exact: true }).click()
      await expectVisible(panel, 'the devtools panel')
      assert.equal(await styleOf(appLink), appBefore, "an app element's style with the panel open")
      // And the app's CSS, however forceful, changes nothing in the panel.
      const panelStyles = () => Promise.all([panel, panel.getByRole('button', { name: 'Close Tessera devtools' }), tab('Keys')].map(styleOf))
      const panelBefore = await panelStyles()
      const appSheet = await page.addStyleTag({ content: 'button { color: red !important } * { font-size: 40px }' })
      const appButton = page.locator('main button').first()
      assert.equal(await appButton.evaluate((element) => getComputedStyle(element).color), 'rgb(255, 0, 0)', "the hostile stylesheet applies to the app's buttons")
      assert.deepEqual(await panelStyles(), panelBefore, "the panel's styles under the app's hostile stylesheet")
      await appSheet.evaluate((element) => element.remove())

      // The list's key is fresh, counting down, with one reader.
      const listRow = panel.locator('tr.td-row').filter({ has: page.getByRole('button', { name: /^Show GET .*\/api\/articles$/ }) })
      await expectText(listRow.locator('[data-status]'), 'fresh', 'the list key status')
      assert.equal(await listRow.locator('[data-readers]').textContent(), '1')
      const before = seconds(await listRow.locator('[data-timer=stale]').textContent())
      await until(async () => seconds(await listRow.locator('[data-timer=stale]').textContent()), (now) => now < before, 'the stale countdown to move', 4000)
      // Its detail: the data and the request that brought it, with its cause.
      await listRow.getByRole('button').click()
      await expectText(panel.getByRole('list', { name: 'Request history' }), /fetch · cause: first-read/, 'the request history')
      await expectVisible(panel.getByRole('list', { name: 'data' }), 'the data tree')
      await shot('keys')

      // A like: held at the server, so its guess and the mutation show while it waits.
      await rows.first().locator('a.title').click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article body')
      const likeCount = page.locator('.like-count')
      const start = Number(await likeCount.textContent())
      const like = demo.api.hold((r) => r.method === 'POST' && /\/like$/.test(r.url))
      await page.getByRole('button', { name: /^Like/ }).click()
      await like.arrived
      await expectText(likeCount, String(start + 1), 'the guessed like count')
      await tab('Entities').click()
      await expectVisible(panel.locator('[data-record="Article 300"] summary', { hasText: 'guess: likes' }), 'the guess on Article 300')
      await tab('Timeline').click()
      await expectVisible(timeline().filter({ hasText: /optimistic \(guess\) POST .*\/api\/articles\/300\/like/ }), 'the mutation in the timeline')
      await expectVisible(timeline().filter({ hasText: /fetch POST .*\/api\/articles\/300\/like · cause: manual/ }), 'the mutation request and its cause')
      await expectVisible(panel.getByRole('region', { name: 'Waiting mutations' }), 'the waiting mutation')
      await shot('guess')
      like.release()
      await expectVisible(timeline().filter({ hasText: /receive POST .*\/api\/articles\/300\/like · \d+ ms/ }), 'the answer with its duration')
      await expectGone(panel.getByRole('region', { name: 'Waiting mutations' }), 'the waiting mutation')

      // Offline: a second like is queued, and the panel says so.
      await context.setOffline(true)
      await page.getByRole('button', { name: /^Like/ }).click()
      await expectText(likeCount, String(start + 2), 'the like made offline')
      await expectText(panel.getByRole('region', { name: 'Waiting mutations' }), 'queued until back online', 'the offline queue')
      await shot('offline')
      await context.setOffline(false)
      await expectGone(panel.getByRole('region', { name: 'Waiting mutations' }), 'the queue, sent once back online')
      await expectText(likeCount, String(start + 2), 'the count once sent')

      // Time travel: the state after the first like's answer shows one like; the present, two.
      // (Not a guess's state: a guess is made by its endpoint while the mutation waits, and a past
      // state keeps only the call, so stepping to it shows the data without the guess.)
      await timeline().filter({ hasText: /receive POST .*\/api\/articles\/300\/like/ }).first().click()
      await expectText(panel, /showing the state after #\d+/, 'the travel position')
      await expectText(likeCount, String(start + 1), 'the like count of the past')
      await shot('travel')
      await panel.getByRole('button', { name: 'Back to the present' }).click()
      await expectText(likeCount, String(start + 2), 'the like count of the present')

      // A forced error: the app's boundary shows it.
      await tab('Keys').click()
      await panel.getByRole('button', { name: /^Show GET .*\/api\/articles\/300$/ }).click()
      await panel.getByRole('button', { name: 'Force error' }).click()
      await expectText(page.locator('main [role=alert]'), 'Forced by Tessera devtools', "the app's error boundary")
      await shot('error')
      await page.locator('main [role=alert]').getByRole('button', { name: 'Retry' }).click()
      await expectVisible(page.locator('article.article:not(.fallback) .body p'), 'the article again, after Retry')

      // Export, reload, import: the same timeline.
      await page.getByRole('link', { name: '← All articles' }).click()
      await expectCount(rows, 20, 'article rows')
      await tab('Timeline').click()
      const recorded = await timeline().allTextContents()
      await tab('Session').click()
      const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export session' }).click()])
      const file = join(downloads, download.suggestedFilename())
      await download.saveAs(file)
      const session = JSON.parse(readFileSync(file, 'utf8'))
      assert.equal(session.format, 'tessera-devtools-session')
      assert.ok(session.actions.length >= recorded.length)

      await page.reload()
      await expectCount(rows, 20, 'article rows after the reload')
      // Open state is remembered across the reload.
      await expectVisible(panel, 'the panel, still open after the reload')
      await tab('Session').click()
      await panel.getByLabel('Import a session file').setInputFiles(file)
      // The Timeline shows the session, the page its last state.
      await expectText(panel, `Session "store": showing the state after #${session.actions.length}`, 'the imported session in the Timeline')
      const imported = await timeline().allTextContents()
      assert.equal(imported.length, session.actions.length)
      assert.deepEqual(imported.slice(0, recorded.length), recorded)
      await shot('session')
      await panel.getByRole('button', { name: 'Back to the present' }).click()

      // A hostile file is refused with one line, and the page is left as it was.
      const hostile = join(downloads, 'hostile.json')
      const { writeFileSync } = await import('node:fs')
      writeFileSync(hostile, JSON.stringify({ ...session, version: 99 }))
      await tab('Session').click()
      await panel.getByLabel('Import a session file').setInputFiles(hostile)
      await expectText(panel.getByRole('alert'), 'This session is version 99; this panel reads version 1.', 'the refusal')
      await expectCount(rows, 20, 'article rows after the refusal')

      // Escape closes it; the button is back.
      await panel.press('Escape')
      await expectVisible(page.getByRole('button', { name: 'Tessera devtools', exact: true }), 'the corner button')
      await page.close()
      watcher.check()
    })
  })
}
