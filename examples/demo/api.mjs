// The demo's REST API: in memory, seeded deterministically, answering after a delay so loading
// states are visible. It keeps a log of every request, and has two hooks for tests: `hold`
// keeps matching requests waiting until released (so an e2e can look at the page while a
// request is in flight), and `fail` makes the next requests to a path answer an error.
import { CURRENT_USER, seedArticles } from './seed.mjs'

const PAGE_SIZE = 20

/**
 * @typedef {{ method: string, url: string, time: number, status?: number }} LoggedRequest
 * @typedef {{ method?: string, path: string, status?: number, times?: number }} Failure
 * @typedef {{ arrived: Promise<LoggedRequest>, waiting: () => number, release: () => void }} Hold
 */

/**
 * Creates the API. `handle(req, res)` answers `/api/*` requests; the rest is for tests and tools.
 * @param {{ delayMs?: number, articles?: number }} [options]
 */
export function createApi({ delayMs = 150, articles: count = 300 } = {}) {
  /** Newest first, as the list shows them. */
  let articles = seedArticles(count).reverse()
  let nextId = count + 1
  let commentCount = 0
  let likeAttempts = 0
  /** @type {LoggedRequest[]} */
  const log = []
  /** @type {Failure[]} */
  const failures = []
  /** Requests per report id: the first one for each id fails. */
  const reports = new Map()
  /** @type {{ match: (r: LoggedRequest) => boolean, waiting: Array<() => void>, arrived: (r: LoggedRequest) => void, released: boolean }[]} */
  const holds = []
  /** Holds that let a request be handled and keep only its answer back (see holdAnswer). @type {typeof holds} */
  const answerHolds = []
  /** Open server-sent-event streams (GET /api/live), one per browser page reading a live article. @type {Set<import('node:http').ServerResponse>} */
  const streams = new Set()
  /** When each pushed message was written, in order (the e2e measures push-to-DOM latency from it). @type {{ time: number, data: string }[]} */
  const pushed = []

  const summary = ({ id, title, author, tags, likes }) => ({ id, title, author, tags, likes })
  const find = (id) => articles.find((article) => article.id === id)

  /** @returns {Promise<[number, unknown]>} status and JSON body */
  async function route(method, url, body) {
    const path = url.pathname
    let match
    if (path === '/api/articles') {
      if (method === 'GET') return [200, listPage(url.searchParams.get('tag') ?? '', url.searchParams.get('cursor') ?? '')]
      if (method === 'POST') {
        const invalid = checkArticle(body, true)
        if (invalid) return [400, { error: invalid }]
        const article = {
          id: String(nextId++),
          title: body.title.trim(),
          author: CURRENT_USER,
          tags: cleanTags(body.tags),
          likes: 0,
          body: typeof body.body === 'string' ? body.body : '',
          comments: [],
          createdAt: new Date().toISOString(),
        }
        articles.unshift(article)
        return [201, article]
      }
    } else if ((match = /^\/api\/articles\/([^/]+)$/.exec(path))) {
      const article = find(decodeURIComponent(match[1]))
      if (!article) return [404, { error: `There is no article ${decodeURIComponent(match[1])}` }]
      if (method === 'GET') return [200, article]
      if (method === 'PUT' || method === 'PATCH') {
        const invalid = checkArticle(body, method === 'PUT')
        if (invalid) return [400, { error: invalid }]
        if (typeof body.title === 'string') article.title = body.title.trim()
        if (typeof body.body === 'string' || method === 'PUT') article.body = typeof body.body === 'string' ? body.body : ''
        if (body.tags !== undefined || method === 'PUT') article.tags = cleanTags(body.tags)
        return [200, article]
      }
      if (method === 'DELETE') {
        articles = articles.filter((other) => other !== article)
        return [204, undefined]
      }
    } else if ((match = /^\/api\/articles\/([^/]+)\/like$/.exec(path)) && method === 'POST') {
      const article = find(decodeURIComponent(match[1]))
      if (!article) return [404, { error: `There is no article ${decodeURIComponent(match[1])}` }]
      // Every fifth like is refused, so the app's rollback can be seen.
      if (++likeAttempts % 5 === 0) return [409, { error: 'Too many likes at once: this one was not counted' }]
      article.likes++
      pushArticle(article)
      return [200, summary(article)]
    } else if ((match = /^\/api\/articles\/([^/]+)\/likes$/.exec(path)) && method === 'GET') {
      const article = find(decodeURIComponent(match[1]))
      if (!article) return [404, { error: `There is no article ${decodeURIComponent(match[1])}` }]
      return [200, { id: article.id, likes: article.likes }]
    } else if ((match = /^\/api\/articles\/([^/]+)\/comments$/.exec(path)) && method === 'POST') {
      const article = find(decodeURIComponent(match[1]))
      if (!article) return [404, { error: `There is no article ${decodeURIComponent(match[1])}` }]
      const comment = { id: `n${++commentCount}`, body: String(body?.body ?? ''), author: CURRENT_USER, createdAt: new Date().toISOString() }
      article.comments.push(comment)
      pushArticle(article, { comments: article.comments })
      return [201, comment]
    } else if ((match = /^\/api\/reports\/([^/]+)$/.exec(path)) && method === 'GET') {
      // A report fails the first time it is asked for (the server is "still building it").
      const id = decodeURIComponent(match[1])
      const asked = (reports.get(id) ?? 0) + 1
      reports.set(id, asked)
      if (asked === 1) return [500, { error: `Report ${id} could not be built on the first try` }]
      return [200, report(id)]
    } else if (path === '/api/flaky' && method === 'POST') {
      if (typeof body?.path !== 'string') return [400, { error: 'POST /api/flaky needs { path, status?, times?, method? }' }]
      failures.push({ method: body.method ?? 'GET', path: body.path, status: body.status ?? 500, times: body.times ?? 1 })
      return [200, { armed: failures }]
    } else if (path === '/api/flaky' && method === 'GET') {
      return [200, { armed: failures }]
    }
    return [404, { error: `No route for ${method} ${path}` }]
  }

  function listPage(tag, cursor) {
    const matching = tag ? articles.filter((article) => article.tags.includes(tag)) : articles
    // The cursor is the id of the last article of the previous page, so creating or deleting an
    // article does not shift the pages after it.
    const start = cursor ? matching.findIndex((article) => article.id === cursor) + 1 : 0
    if (cursor && start === 0) return { results: [], cursor: '' }
    const page = matching.slice(start, start + PAGE_SIZE)
    const more = start + PAGE_SIZE < matching.length
    return { results: page.map(summary), cursor: more ? page[page.length - 1].id : '' }
  }

  function report(id) {
    const byTag = new Map()
    for (const article of articles) for (const tag of article.tags) byTag.set(tag, (byTag.get(tag) ?? 0) + 1)
    return {
      id,
      articles: articles.length,
      likes: articles.reduce((sum, article) => sum + article.likes, 0),
      comments: articles.reduce((sum, article) => sum + article.comments.length, 0),
      topTags: [...byTag].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([tag, count]) => ({ tag, count })),
    }
  }

  /**
   * Writes one server-sent event to every open stream: `data` is JSON text (or, from the e2e, any
   * text). A stream whose client left is already gone from `streams` (its 'close' removed it).
   */
  function push(data) {
    const frame = `data: ${data.replace(/\n/g, '\ndata: ')}\n\n`
    pushed.push({ time: Date.now(), data })
    for (const res of streams) res.write(frame)
  }

  /** Tells every live page what changed on an article: its id, its like count and `extra` fields. */
  function pushArticle(article, extra = {}) {
    push(JSON.stringify({ article: { id: article.id, likes: article.likes, ...extra } }))
  }

  /**
   * GET /api/live: a server-sent-events stream of article changes, for as long as the page keeps
   * it open. Not in the request log: it is one long response, not a request other tests count,
   * and no delay applies (a push is only as late as the write).
   */
  function openStream(req, res) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
    // A comment line at once, so the browser sees the stream open before the first change.
    res.write(': live\n\n')
    streams.add(res)
    const forget = () => streams.delete(res)
    req.on('close', forget)
    res.on('close', forget)
    res.on('error', forget)
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function handle(req, res) {
    const method = req.method ?? 'GET'
    if (method === 'GET' && req.url?.split('?')[0] === '/api/live') return openStream(req, res)
    /** @type {LoggedRequest} */
    const entry = { method, url: req.url ?? '/', time: Date.now() }
    log.push(entry)
    let text = ''
    for await (const chunk of req) text += chunk
    let body
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      return send(res, entry, 400, { error: 'The request body is not JSON' })
    }
    const url = new URL(entry.url, 'http://localhost')
    const waits = holds.filter((hold) => !hold.released && hold.match(entry))
    for (const hold of waits) hold.arrived(entry)
    await delay(delayMs)
    await Promise.all(waits.map((hold) => new Promise((resolve) => (hold.released ? resolve() : hold.waiting.push(resolve)))))
    const failure = failures.find((f) => f.path === url.pathname && f.method === method)
    if (failure) {
      if (--failure.times <= 0) failures.splice(failures.indexOf(failure), 1)
      return send(res, entry, failure.status, { error: `Failing on purpose: ${method} ${url.pathname} (armed with POST /api/flaky)` })
    }
    let status, json
    try {
      ;[status, json] = await route(method, url, body)
    } catch (error) {
      ;[status, json] = [500, { error: String(error?.message ?? error) }]
    }
    // Answers held after they were computed: what the server said at the time, delivered later
    // (a response that left before a mutation and arrives after it).
    const answerWaits = answerHolds.filter((hold) => !hold.released && hold.match(entry))
    for (const hold of answerWaits) hold.arrived(entry)
    await Promise.all(answerWaits.map((hold) => new Promise((resolve) => (hold.released ? resolve() : hold.waiting.push(resolve)))))
    send(res, entry, status, json)
  }

  /** A hold on requests matching `match`, kept in `list` until released. */
  function makeHold(list, match) {
    let arrived
    const promise = new Promise((resolve) => (arrived = resolve))
    const test = typeof match === 'function' ? match : (r) => `${r.method} ${r.url.split('?')[0]}` === match
    const hold = { match: test, waiting: [], arrived, released: false }
    list.push(hold)
    return {
      arrived: promise,
      waiting: () => hold.waiting.length,
      release() {
        hold.released = true
        list.splice(list.indexOf(hold), 1)
        for (const resolve of hold.waiting.splice(0)) resolve()
      },
    }
  }

  return {
    handle,
    /** Every request received, oldest first: `{ method, url, time, status }` (status once answered). */
    log,
    /** The logged requests as `METHOD url` strings, optionally only those after index `from`. */
    requests: (from = 0) => log.slice(from).map((r) => `${r.method} ${r.url}`),
    /** How many like requests were received (every fifth one is refused). */
    get likeAttempts() {
      return likeAttempts
    },
    /** Other readers like an article `count` times (what a polling page should pick up). */
    likeElsewhere(id, count = 1) {
      const article = find(id)
      if (!article) throw new Error(`There is no article ${id}`)
      article.likes += count
      pushArticle(article)
      return article.likes
    },
    /** How many live streams (GET /api/live) are open. */
    get liveStreams() {
      return streams.size
    },
    /** Every message pushed so far, `{ time, data }`, `time` being the server's Date.now() when it was written. */
    pushed,
    /** Pushes `data` (text, sent as is: the e2e sends a malformed message with it) to every live stream. */
    pushLive: (/** @type {string} */ data) => push(data),
    /**
     * Ends every live stream, as a server going down for a restart does: the pages must reconnect
     * on their own. The responses end cleanly (a cut connection would also make Chromium log a
     * failed load, which is the browser's, not the app's).
     */
    dropLiveStreams() {
      for (const res of streams) res.end()
      streams.clear()
    },
    /** Makes the next `times` requests to `path` answer `status`. */
    fail: (/** @type {Failure} */ failure) => void failures.push({ method: 'GET', status: 500, times: 1, ...failure }),
    /**
     * Holds every request matching `match` (a predicate, or `'METHOD /path'` compared with the
     * path without its query) after its delay until `release()`; `arrived` resolves with the
     * first one.
     * @param {string | ((r: LoggedRequest) => boolean)} match
     * @returns {Hold}
     */
    hold(match) {
      return makeHold(holds, match)
    },
    /**
     * Like `hold`, but the request is handled first (a mutation is applied, a read sees the data
     * as it is now) and only its answer waits until `release()`.
     * @param {string | ((r: LoggedRequest) => boolean)} match
     * @returns {Hold}
     */
    holdAnswer(match) {
      return makeHold(answerHolds, match)
    },
    /** Releases every hold (for tear-down). */
    releaseAll() {
      for (const hold of [...holds.splice(0), ...answerHolds.splice(0)]) {
        hold.released = true
        for (const resolve of hold.waiting.splice(0)) resolve()
      }
    },
  }
}

function send(res, entry, status, json) {
  entry.status = status
  if (json === undefined) {
    res.writeHead(status, { 'cache-control': 'no-store' })
    return res.end()
  }
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(json))
}

function checkArticle(body, full) {
  if (body === null || typeof body !== 'object') return 'Send the article as a JSON object'
  if ((full || body.title !== undefined) && (typeof body.title !== 'string' || body.title.trim() === '')) return 'An article needs a title'
  return undefined
}

function cleanTags(tags) {
  if (!Array.isArray(tags)) return []
  return [...new Set(tags.map((tag) => String(tag).trim().toLowerCase()).filter(Boolean))].slice(0, 5)
}

function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
