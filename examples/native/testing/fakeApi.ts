// A fake of the demo API (examples/demo/api.mjs) behind `globalThis.fetch`: the same paths and JSON
// shapes, no network. Every request is recorded as "METHOD /path?query", so tests can count
// exactly what the app sent. While `offline` is set, fetch fails as React Native's does with no
// network (the request is still recorded: a test that expects none sees it).
import { act } from '@testing-library/react-native'

interface Author {
  id: string
  name: string
}
interface StoredArticle {
  id: string
  title: string
  author: Author
  tags: string[]
  likes: number
  body: string
  comments: unknown[]
  createdAt: string
}

export interface FakeApi {
  /** Every request, in order: "GET /api/articles", "POST /api/articles/1/like", ... */
  readonly requests: string[]
  /** How many requests were exactly `request` ("GET /api/articles"). */
  count(request: string): number
  /** The articles the server holds (newest first). */
  readonly articles: StoredArticle[]
  /** While true, fetch rejects with React Native's "Network request failed". */
  offline: boolean
  /** Holds every answer until `release()` (so a test can look at the screen while a request is out). */
  hold(): void
  /** Sends the held answers, and answers at once again. */
  release(): void
}

const ada = { id: 'u1', name: 'Ada Lovelace' }
const grace = { id: 'u2', name: 'Grace Hopper' }

function seed(): StoredArticle[] {
  return [
    { id: '3', title: 'Rethinking normalized caches', author: ada, tags: ['performance'], likes: 3, body: 'A single normalized cache turned three requests into one.', comments: [], createdAt: '2026-01-03T10:00:00.000Z' },
    { id: '2', title: 'Understanding Suspense boundaries', author: grace, tags: ['react'], likes: 7, body: 'Users notice latency long before they notice a spinner.', comments: [], createdAt: '2026-01-02T10:00:00.000Z' },
    { id: '1', title: 'Notes on optimistic updates', author: ada, tags: ['react'], likes: 0, body: 'Showing the expected result at once feels instant.', comments: [], createdAt: '2026-01-01T10:00:00.000Z' },
  ]
}

const summary = ({ id, title, author, tags, likes }: StoredArticle) => ({ id, title, author, tags, likes })

/** Replaces `globalThis.fetch` with the fake API for the current test file; a fresh API per call. */
export function installFakeApi(): FakeApi {
  const api: FakeApi = {
    requests: [],
    count: (request) => api.requests.filter((seen) => seen === request).length,
    articles: seed(),
    offline: false,
    hold: () => {
      held = []
    },
    release: () => {
      const waiting = held ?? []
      held = undefined
      for (const answer of waiting) answer()
    },
  }
  let held: (() => void)[] | undefined
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    const method = (init?.method ?? (typeof input === 'object' && 'method' in input ? input.method : 'GET')).toUpperCase()
    api.requests.push(`${method} ${url.pathname}${url.search}`)
    if (api.offline) throw new TypeError('Network request failed')
    if (held) await new Promise<void>((resolve) => held!.push(resolve))
    const [status, body] = route(api, method, url.pathname)
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
  }) as typeof fetch
  return api
}

function route(api: FakeApi, method: string, path: string): [number, unknown] {
  let match
  if (path === '/api/articles' && method === 'GET') {
    return [200, { results: api.articles.map(summary), cursor: '' }]
  }
  if ((match = /^\/api\/articles\/([^/]+)$/.exec(path)) && method === 'GET') {
    const article = api.articles.find((one) => one.id === match![1])
    return article ? [200, article] : [404, { error: `There is no article ${match[1]}` }]
  }
  if ((match = /^\/api\/articles\/([^/]+)\/likes$/.exec(path)) && method === 'GET') {
    const article = api.articles.find((one) => one.id === match![1])
    return article ? [200, { id: article.id, likes: article.likes }] : [404, { error: `There is no article ${match[1]}` }]
  }
  if ((match = /^\/api\/articles\/([^/]+)\/like$/.exec(path)) && method === 'POST') {
    const article = api.articles.find((one) => one.id === match![1])
    if (!article) return [404, { error: `There is no article ${match[1]}` }]
    article.likes++
    return [200, summary(article)]
  }
  return [404, { error: `No route for ${method} ${path}` }]
}

/**
 * Lets every answer arrive and every effect run: a few turns of the event loop inside act().
 * Long enough for anything the app or the library would send in reaction to what the test did.
 */
export async function settle(ms = 50): Promise<void> {
  await act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))
}
