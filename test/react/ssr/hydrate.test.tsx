/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// The whole trip in one process: a server render through tessera/ssr, its HTML put in a page
// (data scripts run as a browser runs them), then hydrateRoot on a browser store. What a user sees:
// the server's HTML kept, no request, no fallback, no mismatch, and everything working afterwards.
import { act, Suspense } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { PassThrough } from 'node:stream'
import { createResource, createStore, DataProvider, Entity, useController, useSuspense, type Store } from '../../../src/index'
import { createServerData, receiveServerData, type ServerDataBatch } from '../../../src/ssr/index'
import { installFakeFetch, type FakeFetch } from '../../helpers/fakeFetch'

// The Node server build, here where imports resolve to browser builds.
const { renderToPipeableStream } = require('react-dom/server.node') as typeof import('react-dom/server')

class Article extends Entity {
  id = ''
  title = ''
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Article'
}
const API = 'https://api.example.com'
const ArticleResource = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article })
const ARTICLES = [
  { id: '1', title: 'First', likes: 1 },
  { id: '2', title: 'Second', likes: 2 },
]

let fallbacks = 0
function Loading() {
  fallbacks++
  return <p>Loading…</p>
}
function List() {
  const articles = useSuspense(ArticleResource.getList)
  const controller = useController()
  return (
    <ul>
      {articles.map((article) => (
        <li key={article.id}>
          {article.title}: {article.likes}{' '}
          <button onClick={() => void controller.fetch(ArticleResource.partialUpdate, { id: article.id }, { likes: article.likes + 1 })}>like {article.id}</button>
        </li>
      ))}
    </ul>
  )
}
function Detail({ id }: { id: string }) {
  const article = useSuspense(ArticleResource.get, { id })
  return <h2>{article.title}</h2>
}
function App() {
  return (
    <>
      <Suspense fallback={<Loading />}>
        <List />
      </Suspense>
      <Suspense fallback={<Loading />}>
        <Detail id="2" />
      </Suspense>
    </>
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

// Updates are wrapped in act, as testing-library does for its renders.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  fake.route(`GET ${API}/articles`, { json: ARTICLES })
  fake.route(`GET ${API}/articles/2`, { json: ARTICLES[1] })
  fallbacks = 0
  delete (globalThis as { __TESSERA_DATA__?: unknown }).__TESSERA_DATA__
})
afterEach(() => fake.restore())

/** Renders App on the "server" with its own store and gives the complete HTML. */
async function serverHTML(): Promise<string> {
  const data = createServerData()
  const sink = new PassThrough()
  const chunks: string[] = []
  sink.on('data', (chunk: Buffer) => void chunks.push(chunk.toString('utf8')))
  await new Promise<void>((resolve, reject) => {
    sink.on('end', () => {
      // The server rendered its own fallbacks; only the browser's count.
      fallbacks = 0
      resolve()
    })
    const stream = renderToPipeableStream(
      <DataProvider store={data.store}>
        <App />
      </DataProvider>,
      { onAllReady: () => void stream.pipe(data.pipe(sink)), onShellError: reject },
    )
  })
  return chunks.join('')
}

/** Puts the server's HTML in the page and runs its data scripts, as the browser's parser would. */
function loadPage(html: string): HTMLElement {
  const container = document.createElement('div')
  document.body.replaceChildren(container)
  container.innerHTML = html
  for (const script of [...container.querySelectorAll('script')]) {
    new Function('self', script.textContent!)(window)
    script.remove()
  }
  return container
}

/** hydrateRoot with a browser store that receives the server data, collecting hydration errors. */
function hydrate(container: HTMLElement): { store: Store; root: Root; errors: unknown[] } {
  const store = createStore()
  receiveServerData(store)
  const errors: unknown[] = []
  const root = hydrateRoot(
    container,
    <DataProvider store={store}>
      <App />
    </DataProvider>,
    { onRecoverableError: (error) => void errors.push(error) },
  )
  return { store, root, errors }
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))

describe('hydrating a server render', () => {
  it('keeps the server HTML: no request, no fallback, no mismatch', async () => {
    const container = loadPage(await serverHTML())
    expect(fake.requests.map((request) => request.url)).toEqual([`${API}/articles`, `${API}/articles/2`])
    fake.requests.length = 0
    const serverText = container.textContent
    const errors = jest.spyOn(console, 'error')
    const unexpected = () => errors.mock.calls.filter((call) => !String(call[0]).includes('multiple renderers'))
    try {
      const { store, root, errors: recoverable } = hydrate(container)
      await settle()
      expect(fake.requests).toEqual([])
      expect(fallbacks).toBe(0)
      expect(recoverable).toEqual([])
      expect(unexpected()).toEqual([])
      expect(container.textContent).toBe(serverText)
      expect(container.textContent).toContain('Second: 2')
      // It arrived as one merging action per batch, none replacing the state.
      const batches = (globalThis as { __TESSERA_DATA__?: ServerDataBatch[] }).__TESSERA_DATA__!
      expect(batches.map((batch) => batch.actions.length)).toEqual([2])
      act(() => root.unmount())
      store.cleanup()
    } finally {
      errors.mockRestore()
    }
  })

  it('has mutations and invalidation work after hydration: a like reaches the server once, an invalidated list refetches', async () => {
    const container = loadPage(await serverHTML())
    fake.requests.length = 0
    const like = fake.hold(`PATCH ${API}/articles/1`)
    const { store, root } = hydrate(container)
    await settle()
    await act(async () => container.querySelector('button')!.click())
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual([`PATCH ${API}/articles/1`])
    await act(() => like.answer({ json: { id: '1', title: 'First', likes: 2 } }))
    expect(container.textContent).toContain('First: 2')
    // Invalidated, the hydrated list is fetched again, once, and shows the server's new answer.
    fake.requests.length = 0
    fake.route(`GET ${API}/articles`, { json: [{ id: '1', title: 'First, renamed', likes: 2 }, ARTICLES[1]] })
    await act(async () => void store.controller.invalidate(ArticleResource.getList))
    await settle()
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual([`GET ${API}/articles`])
    expect(container.textContent).toContain('First, renamed: 2')
    act(() => root.unmount())
    store.cleanup()
  })

  it('shows no mismatch when the store changes before a boundary has hydrated', async () => {
    const container = loadPage(await serverHTML())
    const { store, root, errors } = hydrate(container)
    // Before React gets to hydrate anything: a response for the detail changes its title.
    store.controller.setResponse(ArticleResource.get, { id: '2' }, { id: '2', title: 'Second, edited', likes: 2 })
    await settle()
    expect(errors).toEqual([])
    expect(fallbacks).toBe(0)
    // Hydrated against what the server rendered, then updated to the newer data.
    expect(container.querySelector('h2')!.textContent).toBe('Second, edited')
    act(() => root.unmount())
    store.cleanup()
  })
})
