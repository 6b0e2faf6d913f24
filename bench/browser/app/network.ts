// The data every app shows and the fake network they all fetch it from. `window.fetch` is
// replaced for `/api/...` before any app renders: a request is answered by a timer after a fixed
// delay, with a JSON body prepared before the clock starts, so every library pays the same
// network and the same `response.json()` and nothing else.
import { probe } from './probe'

/** One row as the server sends it: the author is nested, as in a typical REST payload. */
export interface ItemData {
  id: string
  title: string
  author: AuthorData
}

export interface AuthorData {
  id: string
  name: string
}

/** What the create form posts. */
export interface NewItem {
  title: string
  authorId: string
}

/** `count` rows by `authors` authors (row i by author i % authors); ids are prefixed so lists never share entities. */
export function makeItems(prefix: string, count: number, authors: number): ItemData[] {
  const items: ItemData[] = []
  for (let i = 0; i < count; i++) {
    const a = i % authors
    items.push({ id: `${prefix}${i}`, title: `Item ${prefix}${i}`, author: { id: `${prefix}a${a}`, name: `Author ${prefix}a${a}` } })
  }
  return items
}

/** The list URL every adapter fetches (and posts to, for create). */
export function listUrl(list: string): string {
  return `/api/items?list=${encodeURIComponent(list)}`
}

/** What the fake server holds and how long it takes; the driver sets it before each scenario. */
export const server = {
  delayMs: 20,
  /** Lists by name, kept as JSON text so serializing is not part of any measurement. */
  lists: new Map<string, string>(),
  /** Authors the create endpoint can attach, by id. */
  authors: new Map<string, AuthorData>(),
  created: 0,
  /** Every request, `GET /api/items?list=main`; the driver checks that no library fetches more than it should. */
  log: [] as string[],
}

/** Registers `items` as list `name` on the fake server. */
export function serveList(name: string, items: readonly ItemData[]): void {
  server.lists.set(name, JSON.stringify(items))
  for (const item of items) server.authors.set(item.author.id, item.author)
}

const realFetch = window.fetch.bind(window)

window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const request = new Request(input, init)
  const url = new URL(request.url)
  if (!url.pathname.startsWith('/api/')) return realFetch(input, init)
  const text = request.method === 'GET' ? undefined : await request.text()
  server.log.push(`${request.method} ${url.pathname}${url.search}`)
  probe.mark('request')
  const answer = respond(request.method, url, text)
  await new Promise((resolve) => setTimeout(resolve, server.delayMs))
  probe.mark('response')
  return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json' } })
}

function respond(method: string, url: URL, text: string | undefined): { status: number; body: string } {
  const list = url.searchParams.get('list') ?? ''
  if (url.pathname === '/api/items' && method === 'GET' && server.lists.has(list)) return { status: 200, body: server.lists.get(list)! }
  if (url.pathname === '/api/items' && method === 'POST') {
    const { title, authorId } = JSON.parse(text ?? '{}') as NewItem
    const author = server.authors.get(authorId)
    if (author === undefined) return { status: 400, body: JSON.stringify({ error: `no author ${authorId}` }) }
    // Stored lists stay as they are: no app refetches after a create (the driver checks the log).
    const item: ItemData = { id: `new${++server.created}`, title, author }
    return { status: 201, body: JSON.stringify(item) }
  }
  return { status: 404, body: JSON.stringify({ error: `${method} ${url.pathname}${url.search}` }) }
}
