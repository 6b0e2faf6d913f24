/** @jest-environment node */
// Server rendering with tessera/ssr, seen from the HTML a browser would receive: what is sent when,
// where the data goes, that concurrent requests stay apart and that API text cannot become script.
import { Suspense, createContext, useContext, type ReactNode } from 'react'
import { renderToPipeableStream } from 'react-dom/server'
import { PassThrough } from 'node:stream'
import { DataProvider, RestEndpoint, useSuspense } from '../../../src/index'
import { createServerData, takeServerData, type ServerData } from '../../../src/ssr/index'
import { User } from '../../fixtures/blog'
import { startApi, type TestApi } from './api'
import { articleViews, batchesIn } from './fixtures'

let api: TestApi
beforeAll(async () => {
  api = await startApi({ slowMs: 500, userDelay: (user) => (user === 'ann' ? 120 : 20) })
})
afterAll(() => api.close())
beforeEach(() => void api.seen.splice(0))

const { endpoints, List, Slow } = articleViews(() => api.url)

/** What the browser received, chunk by chunk, with when each arrived. */
interface Received {
  readonly html: string
  readonly chunks: { readonly at: number; readonly text: string }[]
  readonly errors: unknown[]
}

/** Renders `app` the way a Node server does, piping through `data.pipe`, until React ends the stream. */
function renderNode(app: ReactNode, data: ServerData, whole = false): Promise<Received> {
  const start = Date.now()
  const chunks: Received['chunks'] = []
  const errors: unknown[] = []
  const sink = new PassThrough()
  sink.on('data', (chunk: Buffer) => chunks.push({ at: Date.now() - start, text: chunk.toString('utf8') }))
  return new Promise((resolve, reject) => {
    sink.on('end', () => resolve({ html: chunks.map((chunk) => chunk.text).join(''), chunks, errors }))
    sink.on('error', reject)
    const tree = <DataProvider store={data.store}>{app}</DataProvider>
    const stream = renderToPipeableStream(
      whole ? (
        <html>
          <head>
            <title>t</title>
          </head>
          <body>{tree}</body>
        </html>
      ) : (
        tree
      ),
      {
        onShellReady: () => void stream.pipe(data.pipe(sink)),
        onShellError: reject,
        onError: (error) => void errors.push(error),
      },
    )
  })
}

describe('server rendering with tessera/ssr (Node streams)', () => {
  it("writes a boundary's data ahead of the boundary's HTML, and the shell before the slow data arrives", async () => {
    const data = createServerData()
    const { html, chunks, errors } = await renderNode(
      <>
        <h1>Blog</h1>
        <Suspense fallback={<p>Loading list…</p>}>
          <List />
        </Suspense>
        <Suspense fallback={<p>Loading slow…</p>}>
          <Slow />
        </Suspense>
      </>,
      data,
      true,
    )
    expect(errors).toEqual([])
    // The shell (heading and both fallbacks) went out long before the 500 ms endpoint answered.
    // (React streams a whole document; a fragment's shell waits for everything.)
    expect(chunks[0]!.text).toContain('<h1>Blog</h1>')
    expect(chunks[0]!.text).toContain('Loading slow…')
    expect(chunks[0]!.at).toBeLessThan(250)
    expect(chunks[chunks.length - 1]!.at).toBeGreaterThanOrEqual(450)
    // Each response's script comes before the HTML that shows it.
    const listData = html.indexOf('First article')
    const listHTML = html.indexOf('<li>First article</li>')
    expect(listHTML).toBeGreaterThan(-1)
    const slowData = html.indexOf('"title":"Slow article"')
    const slowHTML = html.indexOf('<p>Slow article</p>')
    expect(listData).toBeGreaterThan(-1)
    expect(listData).toBeLessThan(listHTML)
    expect(slowData).toBeGreaterThan(listHTML)
    expect(slowData).toBeLessThan(slowHTML)
    // Two batches, one per boundary, each holding exactly its response.
    const batches = batchesIn(html)
    expect(batches.map((batch) => batch.actions.map((action) => action.key))).toEqual([[endpoints().list.key()], [endpoints().slow.key()]])
    expect(batches[0]!.actions[0]!.entities.Article!['2']).toEqual({ id: '2', title: 'Second article' })
    // One request per endpoint on the server.
    expect(api.seen.map((request) => request.path).sort()).toEqual(['/articles', '/slow'])
  })

  it('puts the data of a whole document rendered at once before </head>, so it runs before any client script', async () => {
    const data = createServerData()
    const { html } = await renderNode(<List />, data, true)
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    const script = html.indexOf('__TESSERA_DATA__')
    expect(script).toBeGreaterThan(html.indexOf('<head>'))
    expect(script).toBeLessThan(html.indexOf('</head>'))
    expect(html).toContain('<li>Second article</li>')
    expect(batchesIn(html)).toHaveLength(1)
  })

  it('keeps two concurrent requests apart: each HTML holds only its own user', async () => {
    const UserContext = createContext('')
    const me = new RestEndpoint({ urlPrefix: api.url, path: '/users/me', schema: User })
    function Me() {
      const user = useContext(UserContext)
      // The request's own headers, as an app forwards a cookie: the endpoint is the request's.
      const profile = useSuspense(me.extend({ getHeaders: () => ({ 'x-user': user }) }))
      return <p>Hello {profile.name}</p>
    }
    const page = (user: string) => (
      <UserContext.Provider value={user}>
        <Suspense fallback="…">
          <Me />
        </Suspense>
      </UserContext.Provider>
    )
    // Ann's answer is slower, so Bob's request starts after hers and finishes first.
    const [ann, bob] = await Promise.all([renderNode(page('ann'), createServerData()), renderNode(page('bob'), createServerData())])
    expect(ann.html).toContain('Hello <!-- -->Name of ann')
    expect(ann.html).not.toContain('bob')
    expect(bob.html).toContain('Hello <!-- -->Name of bob')
    expect(bob.html).not.toContain('ann')
    expect(batchesIn(ann.html).flatMap((batch) => batch.actions.map((action) => action.entities.User))).toEqual([{ ann: { id: 'ann', name: 'Name of ann' } }])
    expect(api.seen.map((request) => request.user).sort()).toEqual(['ann', 'bob'])
  })

  it('writes API text that looks like HTML or script as inert data', async () => {
    api.titles.set('3', '</script><script>globalThis.__xss = 1</script><!-- \u2028 & <b>')
    try {
      const data = createServerData()
      const { html } = await renderNode(
        <Suspense fallback="…">
          <List />
        </Suspense>,
        data,
      )
      const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!)
      // No data script ends early, opens a comment or contains a raw separator.
      for (const code of scripts.filter((code) => code.includes('__TESSERA_DATA__'))) {
        expect(code).not.toMatch(/<|>|\u2028/)
      }
      expect(html).not.toContain('<script>globalThis.__xss')
      // It reads back as the very title.
      expect(batchesIn(html)[0]!.actions[0]!.entities.Article!['3']).toEqual({ id: '3', title: api.titles.get('3') })
      expect((globalThis as { __xss?: number }).__xss).toBeUndefined()
    } finally {
      api.titles.delete('3')
    }
  })

  it('sends no data for a read that failed on the server, and the server keeps going', async () => {
    function Broken() {
      const article = useSuspense(endpoints().broken)
      return <p>{article.title}</p>
    }
    const data = createServerData()
    const { html, errors } = await renderNode(
      <>
        <Suspense fallback={<p>Loading broken…</p>}>
          <Broken />
        </Suspense>
        <Suspense fallback={<p>Loading list…</p>}>
          <List />
        </Suspense>
      </>,
      data,
    )
    // React reports the error and leaves the fallback for the client to retry.
    expect(errors).toHaveLength(1)
    expect(String(errors[0])).toContain('500')
    expect(html).toContain('Loading broken…')
    expect(html).toContain('<li>First article</li>')
    const keys = batchesIn(html).flatMap((batch) => batch.actions.map((action) => action.key))
    expect(keys).toEqual([endpoints().list.key()])
  })

  it('stops the request store when the stream ends, and takeServerData gives everything it received', async () => {
    const data = createServerData()
    await renderNode(
      <Suspense fallback="…">
        <List />
      </Suspense>,
      data,
    )
    const batch = takeServerData(data)
    expect(batch.actions.map((action) => action.key)).toEqual([endpoints().list.key()])
    expect(JSON.parse(JSON.stringify(batch))).toEqual(batch)
    // Closed: nothing more is recorded or streamed.
    expect(data.takeCode()).toBe('')
  })
})
