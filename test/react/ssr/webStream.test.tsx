/** @jest-environment node */
// tessera/ssr with web streams (renderToReadableStream, as edge runtimes and Deno render). A file
// of its own: React's browser server build is a second renderer, which must not share contexts
// with the Node one while both render.
import { Suspense, version } from 'react'
import { DataProvider } from '../../../src/index'
import { createServerData } from '../../../src/ssr/index'
import { startApi, type TestApi } from './api'
import { articleViews, batchesIn } from './fixtures'

// React 19's edge build (its browser build holds a MessagePort open); React 18 has only the browser one.
const { renderToReadableStream } = require(version.startsWith('18.') ? 'react-dom/server.browser' : 'react-dom/server.edge') as typeof import('react-dom/server.browser')

let api: TestApi
beforeAll(async () => {
  api = await startApi({ slowMs: 300 })
})
afterAll(() => api.close())

const { List, Slow } = articleViews(() => api.url)

describe('server rendering with tessera/ssr (web streams)', () => {
  it('sends the shell at once and each response ahead of its boundary through transform()', async () => {
    const start = Date.now()
    const data = createServerData()
    const stream = await renderToReadableStream(
      <html>
        <head />
        <body>
          <DataProvider store={data.store}>
            <Suspense fallback={<p>Loading list…</p>}>
              <List />
            </Suspense>
            <Suspense fallback={<p>Loading slow…</p>}>
              <Slow />
            </Suspense>
          </DataProvider>
        </body>
      </html>,
    )
    const reader = stream.pipeThrough(data.transform()).getReader()
    const decoder = new TextDecoder()
    const chunks: { at: number; text: string }[] = []
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push({ at: Date.now() - start, text: decoder.decode(read.value, { stream: true }) })
    const html = chunks.map((chunk) => chunk.text).join('')
    expect(chunks[0]!.text).toContain('Loading slow…')
    expect(chunks[0]!.at).toBeLessThan(200)
    expect(chunks[chunks.length - 1]!.at).toBeGreaterThanOrEqual(250)
    for (const [data, shown] of [['"title":"First article"', '<li>First article</li>'], ['"title":"Slow article"', '<p>Slow article</p>']] as const) {
      expect(html.indexOf(data)).toBeGreaterThan(-1)
      expect(html.indexOf(data)).toBeLessThan(html.indexOf(shown))
    }
    expect(batchesIn(html).map((batch) => batch.actions.length)).toEqual([1, 1])
    // The store stopped with the stream: nothing more is sent.
    expect(data.takeCode()).toBe('')
  })
})
