// A DataProvider without a `store`, under a Suspense boundary of the app, in Chromium (production
// and development builds): the page leaves the fallback and the API sees one request. Before the
// provider kept the store of renders React did not commit, this page never left the fallback and
// sent GET /api/articles hundreds of times in a few seconds.
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import { after, before, describe, it } from 'node:test'
import { build } from 'esbuild'
import { expectText, launchChromium, watchPage } from './harness.mjs'

const page = fileURLToPath(new URL('./pages/suspenseAboveProvider.tsx', import.meta.url))
const source = fileURLToPath(new URL('../../../src/index.ts', import.meta.url))

for (const mode of ['production', 'development']) {
  describe(`a DataProvider under the app's Suspense boundary, ${mode} build`, () => {
    let server
    let browser
    let url
    let articleRequests = 0

    before(async () => {
      const bundle = await build({
        entryPoints: [page],
        bundle: true,
        write: false,
        format: 'esm',
        jsx: 'automatic',
        minify: mode === 'production',
        define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
        alias: { tessera: source },
        logLevel: 'silent',
      })
      const script = bundle.outputFiles[0].text
      server = createServer((req, res) => {
        if (req.url === '/api/articles') {
          articleRequests++
          // Answered after a while, as a real API is: the first render suspends on it.
          setTimeout(() => {
            res.writeHead(200, { 'content-type': 'application/json' })
            res.end(JSON.stringify([{ id: 1, title: 'Kept through the retry' }]))
          }, 50)
        } else if (req.url === '/app.js') {
          res.writeHead(200, { 'content-type': 'text/javascript' })
          res.end(script)
        } else {
          res.writeHead(200, { 'content-type': 'text/html' })
          res.end('<!doctype html><meta charset="utf-8"><div id="root"></div><script type="module" src="/app.js"></script>')
        }
      })
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${server.address().port}/`
      browser = await launchChromium()
    })
    after(async () => {
      await browser?.close()
      await new Promise((resolve) => server?.close(resolve))
    })

    it('shows the list after one request, and sends no more', async () => {
      const tab = await browser.newPage()
      const watch = watchPage(tab)
      await tab.goto(url)
      await expectText(tab.locator('li'), 'Kept through the retry', 'the list')
      // Long enough for a loop to show: each round is one 50 ms request.
      await new Promise((resolve) => setTimeout(resolve, 500))
      assert.equal(articleRequests, 1)
      watch.check()
    })
  })
}
