/** @jest-environment node */
// tessera/ssr with web streams (renderToReadableStream, as edge runtimes and Deno render). A file
// of its own: React's browser server build is a second renderer, which must not share contexts
// with the Node one while both render.
import { Suspense, version } from 'react'
import { DataProvider, Entity, RestEndpoint, useSuspense } from '../../../src/index'
import { createServerData, type ServerDataBatch } from '../../../src/ssr/index'
import { startApi, type TestApi } from './api'

class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}

// React 19's edge build (its browser build holds a MessagePort open); React 18 has only the browser one.
const { renderToReadableStream } = require(version.startsWith('18.') ? 'react-dom/server.browser' : 'react-dom/server.edge') as typeof import('react-dom/server.browser')

let api: TestApi
beforeAll(async () => {
  api = await startApi({ slowMs: 300 })
})
afterAll(() => api.close())

function batchesIn(html: string): ServerDataBatch[] {
  const scope: { __TESSERA_DATA__?: ServerDataBatch[] } = {}
  for (const [, code] of html.matchAll(/<script[^>]*>(\(self\.__TESSERA_DATA__[\s\S]*?)<\/script>/g)) new Function('self', code!)(scope)
  return scope.__TESSERA_DATA__ ?? []
}

function List() {
  const articles = useSuspense(new RestEndpoint({ urlPrefix: api.url, path: '/articles', schema: [Article] }))
  return (
    <ul>
      {articles.map((article) => (
        <li key={article.id}>{article.title}</li>
      ))}
    </ul>
  )
}
function Slow() {
  const article = useSuspense(new RestEndpoint({ urlPrefix: api.url, path: '/slow', schema: Article }))
  return <p>{article.title}</p>
}

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
