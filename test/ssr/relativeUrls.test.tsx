// Server rendering outside Next with the browser's endpoints, relative URLs and all
// (`path: '/api/articles'`, no urlPrefix): one real node:http server answers the API and renders
// the page with tessera/ssr, the store of each render given the request's origin. The browser
// (a jsdom window on Node's globals) hydrates the HTML with a store of its own and no origin.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { act, Suspense } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToPipeableStream } from 'react-dom/server'
import { createResource, createStore, DataProvider, Entity, useSuspense } from '../../src/index'
import { createServerData, receiveServerData, type ServerDataBatch } from '../../src/ssr/index'
import { installGlobalJsdom, type GlobalJsdom } from '../helpers/globalJsdom'

class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}
// The browser's endpoints, as the README's first example writes them: relative URLs.
const ArticleResource = createResource({ path: '/api/articles/:id', schema: Article })

function Articles() {
  const articles = useSuspense(ArticleResource.getList)
  return (
    <ul>
      {articles.map((article) => (
        <li key={article.id}>{article.title}</li>
      ))}
    </ul>
  )
}
let server: Server
let origin = ''
/** The API requests the server saw (the page requests are not counted). */
const apiRequests: string[] = []
/** What React reported of the last server render. */
const renderErrors: unknown[] = []

/** The page: a server render whose store sends relative URLs to this request's own origin. */
function renderPage(req: IncomingMessage, res: ServerResponse, withOrigin: boolean) {
  const data = createServerData(withOrigin ? { origin: `http://${req.headers.host}` } : {})
  const stream = renderToPipeableStream(
    <DataProvider store={data.store}>
      <Suspense fallback={<p>Loading…</p>}>
        <Articles />
      </Suspense>
    </DataProvider>,
    {
      onAllReady() {
        res.writeHead(200, { 'content-type': 'text/html' })
        stream.pipe(data.pipe(res))
      },
      onError: (error) => void renderErrors.push(error),
    },
  )
}

// React notes that two renderers (the server's and the browser's, both in this one process) used
// the same contexts: true here and impossible in an app, so that note alone is not shown.
const consoleError = console.error
beforeAll(() => {
  console.error = (...args: unknown[]) => void (String(args[0]).includes('multiple renderers') || consoleError(...args))
})
afterAll(() => {
  console.error = consoleError
})

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      apiRequests.push(`${req.method} ${req.url}`)
      res.writeHead(200, { 'content-type': 'application/json' })
      if (req.url === '/api/articles/1') return res.end(JSON.stringify({ id: '1', title: 'First' }))
      return res.end(JSON.stringify([{ id: '1', title: 'First' }, { id: '2', title: 'Second' }]))
    }
    renderPage(req, res, req.url !== '/without-origin')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  apiRequests.length = 0
  renderErrors.length = 0
})

/** The batches of the page's data scripts, as the browser's parser runs them. */
function runDataScripts(html: string): ServerDataBatch[] {
  const scope: { __TESSERA_DATA__?: ServerDataBatch[] } = {}
  for (const [, code] of html.matchAll(/<script[^>]*>(\(self\.__TESSERA_DATA__[\s\S]*?)<\/script>/g)) new Function('self', code!)(scope)
  return scope.__TESSERA_DATA__ ?? []
}

describe('server rendering with relative endpoint URLs', () => {
  it('renders the data on the server, under the keys the browser computes, and hydrates with no request', async () => {
    const html = await (await fetch(`${origin}/`)).text()
    expect(renderErrors).toEqual([])
    expect(html).toContain('<li>First</li>')
    expect(html).toContain('<li>Second</li>')
    expect(apiRequests).toEqual(['GET /api/articles'])

    const batches = runDataScripts(html)
    // The key the browser's endpoint makes: the relative URL, not the origin the server sent it to.
    expect(batches.flatMap((batch) => batch.actions.map((action) => action.key))).toEqual([ArticleResource.getList.key()])
    expect(ArticleResource.getList.key()).toBe('GET /api/articles')

    // The browser: the page at the server's address, its fetch resolving relative URLs against it.
    let jsdom: GlobalJsdom | undefined
    let root: Root | undefined
    const nodeFetch = globalThis.fetch
    try {
      const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? html
      jsdom = installGlobalJsdom(`<!doctype html><html><body><div id="root">${body.replace(/<script[\s\S]*?<\/script>/g, '')}</div></body></html>`, `${origin}/`)
      globalThis.fetch = (input, init) => nodeFetch(new URL(String(input), window.location.href), init)
      ;(globalThis as { __TESSERA_DATA__?: unknown }).__TESSERA_DATA__ = batches
      const store = createStore()
      receiveServerData(store)
      const container = document.getElementById('root')!
      const recoverable: unknown[] = []
      await act(async () => {
        root = hydrateRoot(
          container,
          <DataProvider store={store}>
            <Suspense fallback={<p>Loading…</p>}>
              <Articles />
            </Suspense>
          </DataProvider>,
          { onRecoverableError: (error) => void recoverable.push(error) },
        )
      })
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
      expect(recoverable).toEqual([])
      expect(container.textContent).toBe('FirstSecond')
      // The server's one request only: the browser found the data under its own key.
      expect(apiRequests).toEqual(['GET /api/articles'])
    } finally {
      await act(() => root?.unmount())
      globalThis.fetch = nodeFetch
      delete (globalThis as { __TESSERA_DATA__?: unknown }).__TESSERA_DATA__
      jsdom?.uninstall()
    }
  })

  it('without an origin, the error says which option to set', async () => {
    await expect(createServerData().store.controller.fetch(ArticleResource.getList)).rejects.toThrow(
      /GET \/api\/articles failed: .*relative URL.*createServerData\(\{ origin \}\)/,
    )
    // The page still answers: the boundary is left to the browser, which reads the data itself.
    const html = await (await fetch(`${origin}/without-origin`)).text()
    expect(html).not.toContain('<li>First</li>')
    expect(String(renderErrors[0])).toMatch(/origin/)
    expect(apiRequests).toEqual([])
  })

  it('leaves absolute URLs alone, and puts the origin before a relative urlPrefix', async () => {
    const data = createServerData({ origin: 'http://127.0.0.1:1' })
    const absolute = createResource({ urlPrefix: origin, path: '/api/articles/:id', schema: Article })
    expect((await data.store.controller.fetch(absolute.get, { id: '1' })).title).toBe('First')
    const prefixed = createResource({ urlPrefix: '/api', path: '/articles/:id', schema: Article })
    const other = createServerData({ origin: `${origin}/some/page?x=1` })
    expect((await other.store.controller.fetch(prefixed.get, { id: '1' })).title).toBe('First')
    expect(Object.keys(other.store.getState().meta)).toEqual(['GET /api/articles/1'])
    expect(apiRequests).toEqual(['GET /api/articles/1', 'GET /api/articles/1'])
    data.close()
    other.close()
  })

  it('refuses an origin that is not an absolute URL, and an origin beside a store made already', () => {
    expect(() => createServerData({ origin: 'localhost:3000' })).toThrow(/`origin` takes an absolute URL such as 'http:\/\/localhost:3000'/)
    expect(() => createServerData({ origin: '/api' })).toThrow(/`origin` takes an absolute URL/)
    expect(() => createServerData({ store: createStore(), origin })).toThrow(/`origin` applies to the store it makes/)
  })
})
