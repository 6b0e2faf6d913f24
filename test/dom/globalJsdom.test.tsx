// A jsdom window installed on Node's globals, as `global-jsdom` does (and as node:test suites set
// it up by hand): the test runs in Node's realm (jest's node environment here), the DOM in
// jsdom's. Objects cross between the two, so the provider must hand jsdom nothing it checks the
// class of (an AbortSignal from Node is not jsdom's AbortSignal).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { Suspense } from 'react'
import { createStore, DataProvider, Entity, RestEndpoint, useSuspense } from '../../src/index'
import { installGlobalJsdom, type GlobalJsdom } from '../helpers/globalJsdom'

class Article extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Article'
}

let server: Server
let origin = ''
/** The titles the API answers with, in turn, and the requests it saw. */
let titles: string[] = []
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ id: '1', title: titles.shift() ?? 'no more' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Waits until `check` passes, acting on React meanwhile (the requests go to a real server). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 3_000
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`)
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
}

describe('DataProvider in a jsdom window installed on Node globals (global-jsdom)', () => {
  let jsdom: GlobalJsdom
  let root: Root
  beforeEach(() => {
    jsdom = installGlobalJsdom()
    titles = ['First', 'After visible', 'After online']
    requests.length = 0
  })
  afterEach(async () => {
    await act(() => root?.unmount())
    jsdom.uninstall()
  })

  it('mounts, shows the data, and refetches stale data on visibilitychange and online', async () => {
    const getArticle = new RestEndpoint({ urlPrefix: origin, path: '/articles/:id', schema: Article, dataExpiryLength: 1_000 })
    function Title() {
      return <h1>{useSuspense(getArticle, { id: '1' }).title}</h1>
    }
    let now = 0
    const store = createStore({ now: () => now })
    const container = document.getElementById('root')!
    root = createRoot(container)
    // The store made by the provider and one passed in take the same path; this one has a clock.
    await act(() =>
      root.render(
        <DataProvider store={store}>
          <Suspense fallback={<p>Loading…</p>}>
            <Title />
          </Suspense>
        </DataProvider>,
      ),
    )
    await until(() => container.textContent === 'First', 'the first title')
    expect(requests).toEqual(['GET /articles/1'])

    now += 1_001
    await act(() => void document.dispatchEvent(new jsdom.dom.window.Event('visibilitychange')))
    await until(() => container.textContent === 'After visible', 'the title after visibilitychange')
    expect(requests).toEqual(['GET /articles/1', 'GET /articles/1'])

    now += 1_001
    await act(() => void window.dispatchEvent(new jsdom.dom.window.Event('online')))
    await until(() => container.textContent === 'After online', 'the title after online')
    expect(requests).toHaveLength(3)
  })

  it('a provider that makes its own store mounts and reads too', async () => {
    const getArticle = new RestEndpoint({ urlPrefix: origin, path: '/articles/:id', schema: Article })
    function Title() {
      return <h1>{useSuspense(getArticle, { id: '1' }).title}</h1>
    }
    const container = document.getElementById('root')!
    root = createRoot(container)
    await act(() =>
      root.render(
        <DataProvider>
          <Suspense fallback={<p>Loading…</p>}>
            <Title />
          </Suspense>
        </DataProvider>,
      ),
    )
    await until(() => container.textContent === 'First', 'the first title')
  })

  it('stops listening once unmounted: a read still mounted elsewhere is not refetched by its events', async () => {
    const getArticle = new RestEndpoint({ urlPrefix: origin, path: '/articles/:id', schema: Article, dataExpiryLength: 1_000 })
    let now = 0
    const store = createStore({ now: () => now })
    await store.controller.fetch(getArticle, { id: '1' })
    // A read outside React keeps the data mounted after the provider goes.
    store.controller.subscribe(getArticle, { id: '1' })
    root = createRoot(document.getElementById('root')!)
    await act(() => root.render(<DataProvider store={store}>mounted</DataProvider>))
    await act(() => root.render(<p>elsewhere</p>))
    now += 1_001
    await act(() => void window.dispatchEvent(new jsdom.dom.window.Event('online')))
    document.dispatchEvent(new jsdom.dom.window.Event('visibilitychange'))
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(requests).toEqual(['GET /articles/1'])
    // The same events with a provider mounted do refetch it (so the check above can fail).
    await act(() => root.render(<DataProvider store={store}>mounted</DataProvider>))
    await act(() => void window.dispatchEvent(new jsdom.dom.window.Event('online')))
    await until(() => requests.length === 2, 'the refetch on online')
    store.controller.unsubscribe(getArticle, { id: '1' })
  })
})
