// tessera/nextjs outside Next.js: its server render (React's prerender, with the insertion point
// Next.js provides through ServerInsertedHTMLContext) and the batch a Server Component hands down.
// The whole App Router runs in examples/demo/e2e/next.test.mjs.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { ServerInsertedHTMLContext } from 'next/dist/shared/lib/server-inserted-html.shared-runtime'
import { Endpoint, useSuspense } from '../../src/index'
import { DataProvider, HydrateData } from '../../src/nextjs/index'
import { DataProvider as StoreProvider } from '../../src/react/DataProvider'
import { createServerData, takeServerData } from '../../src/ssr/index'
import { createStore, GCManager } from '../../src/store/index'
import { forOneRender } from '../../src/nextjs/forOneRender'
import { Article } from '../react/ssr/fixtures'

/** An endpoint answering from `titles`, recording every call. */
function articleEndpoint(titles: Record<string, string>) {
  const calls: string[] = []
  const getArticle = new Endpoint(
    async ({ id }: { id: string }) => {
      calls.push(id)
      return { id, title: titles[id] }
    },
    { schema: Article, name: 'getArticle' },
  )
  return { getArticle, calls }
}

function Title({ endpoint, id }: { endpoint: ReturnType<typeof articleEndpoint>['getArticle']; id: string }) {
  return <h1>{useSuspense(endpoint, { id }).title}</h1>
}

/** Renders `app` to HTML the way Next.js does, collecting what useServerInsertedHTML asked to insert. */
async function renderInNext(app: ReactNode): Promise<{ html: string; inserted: () => string }> {
  const callbacks: (() => ReactNode)[] = []
  const { prelude } = await prerender(<ServerInsertedHTMLContext.Provider value={(callback: () => ReactNode) => callbacks.push(callback)}>{app}</ServerInsertedHTMLContext.Provider>)
  const html = await new Response(prelude).text()
  return { html, inserted: () => callbacks.map((callback) => renderToStaticMarkup(<>{callback()}</>)).join('') }
}

describe('tessera/nextjs DataProvider in the server render', () => {
  it('fetches on a store of its own per render and hands each response to Next once, escaped for a script', async () => {
    const { getArticle, calls } = articleEndpoint({ '1': 'First', '2': '</script><script>alert(1)</script>' })
    const [first, second] = await Promise.all([
      renderInNext(
        <DataProvider nonce="abc">
          <Title endpoint={getArticle} id="1" />
        </DataProvider>,
      ),
      renderInNext(
        <DataProvider>
          <Title endpoint={getArticle} id="2" />
        </DataProvider>,
      ),
    ])
    expect(first.html).toContain('<h1>First</h1>')
    expect(second.html).toContain('<h1>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>')
    expect(calls.sort()).toEqual(['1', '2'])

    const script = first.inserted()
    expect(script).toMatch(/^<script nonce="abc">\(self\.__TESSERA_DATA__=/)
    expect(script).toContain('"title":"First"')
    // Each request's HTML holds its own data only.
    expect(script).not.toContain('alert')
    expect(second.inserted()).not.toContain('First')
    expect(second.inserted()).not.toContain('</script><script>')
    // Already inserted: nothing the second time Next asks.
    expect(first.inserted()).toBe('')
  })
})

describe('forOneRender', () => {
  it('leaves no garbage-collection timer to keep a request store alive after its response', async () => {
    jest.useFakeTimers()
    try {
      const { getArticle } = articleEndpoint({ '1': 'First' })
      const kept = createServerData(forOneRender({})).store
      await kept.controller.fetch(getArticle, { id: '1' })
      expect(jest.getTimerCount()).toBe(0)
      // Without it, the collector schedules a sweep gcTime later.
      await createServerData().store.controller.fetch(getArticle, { id: '1' })
      expect(jest.getTimerCount()).toBe(1)
    } finally {
      jest.useRealTimers()
    }
  })

  it("leaves an app's own GCManager as it is", () => {
    const managers = [new GCManager({ gcTime: 1000 })]
    expect(forOneRender({ managers })).toEqual({ managers })
  })
})

describe('HydrateData', () => {
  it("lets the children read what a Server Component's store fetched, with no request of their own", async () => {
    const { getArticle, calls } = articleEndpoint({ '7': 'Fetched by a Server Component' })
    const server = createServerData()
    await server.store.controller.fetch(getArticle, { id: '7' })
    // What crosses from Server Components to client components: JSON.
    const batch = JSON.parse(JSON.stringify(takeServerData(server.store)))
    const store = createStore()
    const { html } = await renderInNext(
      <StoreProvider store={store}>
        <HydrateData batch={batch}>
          <Title endpoint={getArticle} id="7" />
        </HydrateData>
      </StoreProvider>,
    )
    expect(html).toContain('<h1>Fetched by a Server Component</h1>')
    expect(calls).toEqual(['7'])
  })

  it('applies a batch once, and merges it into what the store has', async () => {
    const { getArticle } = articleEndpoint({ '1': 'One', '2': 'Two' })
    const server = createServerData()
    await server.store.controller.fetch(getArticle, { id: '2' })
    const batch = JSON.parse(JSON.stringify(takeServerData(server.store)))
    const store = createStore()
    await store.controller.fetch(getArticle, { id: '1' })
    const hydrates: string[] = []
    store.subscribe((action) => void (action.type === 'tessera/hydrate' && hydrates.push(action.type)))
    const app = (
      <StoreProvider store={store}>
        <HydrateData batch={batch}>
          <Title endpoint={getArticle} id="1" />
          <Title endpoint={getArticle} id="2" />
        </HydrateData>
      </StoreProvider>
    )
    expect((await renderInNext(app)).html).toContain('<h1>One</h1><h1>Two</h1>')
    await renderInNext(app)
    expect(hydrates).toHaveLength(1)
  })
})
