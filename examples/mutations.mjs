// Mutations and lists, headless, against a small local HTTP API: `npm run example:mutations`
// (builds first). Create → the list shows it; an optimistic like the server refuses (409) rolls
// back; "load more" appends pages to a Collection list. Each step prints what a reader sees while
// the request is still out, and after it answers; a wrong view exits with status 1.
import { createServer } from 'node:http'
import { Entity, RestEndpoint, createResource, createStore, schema } from '../dist/index.js'

const articles = Array.from({ length: 7 }, (_, i) => ({ id: String(i + 1), title: `Article ${i + 1}`, likes: i }))
let likeCount = 0
/** Requests wait on this gate, so the script can look at the cache while they are out. */
let gate = Promise.resolve()
const server = createServer(async (req, res) => {
  let text = ''
  for await (const chunk of req) text += chunk
  await gate
  const url = new URL(req.url, 'http://x')
  const send = (status, value) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(value))
  }
  const [, , id, action] = url.pathname.split('/')
  if (req.method === 'POST' && action === 'like') {
    // The API refuses every second like here, as a conflict.
    if (++likeCount % 2 === 0) return send(409, { detail: 'like conflict' })
    const article = articles.find((a) => a.id === id)
    article.likes++
    return send(200, article)
  }
  if (req.method === 'POST') {
    const article = { id: String(articles.length + 1), likes: 0, ...JSON.parse(text) }
    articles.push(article)
    return send(201, article)
  }
  // Pages of three, with a cursor to the next page.
  const start = Number(url.searchParams.get('cursor') || 0)
  send(200, { results: articles.slice(start, start + 3), cursor: start + 3 < articles.length ? String(start + 3) : '' })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const urlPrefix = `http://127.0.0.1:${server.address().port}`

class Article extends Entity {
  id = ''
  title = ''
  likes = 0
  pk() { return this.id }
  static key = 'Article'
}
const base = createResource({ path: '/articles/:id', schema: Article, urlPrefix, paginationField: 'cursor', optimistic: true })
// The list is { results, cursor } with a Collection inside, so pages append and creates join it.
const getList = base.getList.extend({ schema: { results: new schema.Collection([Article]), cursor: '' } })
const ArticleResource = { ...base, getList, create: getList.push }
const like = new RestEndpoint({
  path: '/articles/:id/like',
  method: 'POST',
  urlPrefix,
  schema: Article,
  getOptimisticResponse(snapshot, { id }) {
    const article = snapshot.get(Article, { id })
    if (article === undefined) throw snapshot.abort
    return { id, likes: article.likes + 1 }
  },
})

const store = createStore()
const { controller } = store
const titles = () => controller.getResponse(ArticleResource.getList, store.getState()).data.results.map((a) => a.title)
const likesOf = (id) => controller.get(Article, { id }, store.getState()).likes
let failed = false
function check(label, actual, expected) {
  const ok = JSON.stringify(actual) === JSON.stringify(expected)
  if (!ok) failed = true
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${JSON.stringify(actual)}${ok ? '' : ` (expected ${JSON.stringify(expected)})`}`)
}
/** Holds the API until `release()`; what runs meanwhile sees the cache with the request out. */
function hold() {
  let release
  gate = new Promise((resolve) => (release = resolve))
  return () => release()
}

await controller.fetch(ArticleResource.getList)
check('first page', titles(), ['Article 1', 'Article 2', 'Article 3'])

// Load more: the next page is appended to the same list.
let release = hold()
const loading = controller.fetch(ArticleResource.getList.getPage, { cursor: '3' })
check('while the page loads, the list is unchanged', titles(), ['Article 1', 'Article 2', 'Article 3'])
release()
await loading
check('after load more', titles(), ['Article 1', 'Article 2', 'Article 3', 'Article 4', 'Article 5', 'Article 6'])

// Create: the guess joins the list at once, the server's article replaces it.
release = hold()
const creating = controller.fetch(ArticleResource.create, { title: 'Fresh' })
check('while create is out, the list shows the guess', titles().at(-1), 'Fresh')
release()
const created = await creating
check('create resolves to the server article', created.id, '8')
check('after create, the list shows the server article', titles().at(-1), 'Fresh')
check('the list holds it once', titles().filter((t) => t === 'Fresh').length, 1)

// Optimistic likes: the first is accepted, the second refused with 409 and rolled back.
release = hold()
const first = controller.fetch(like, { id: '1' })
check('like 1 shows at once', likesOf('1'), 1)
release()
await first
check('like 1 confirmed', likesOf('1'), 1)
release = hold()
const second = controller.fetch(like, { id: '1' }).catch((error) => error)
check('like 2 shows at once', likesOf('1'), 2)
release()
const refused = await second
check('like 2 rejected with', refused.status, 409)
check('like 2 rolled back', likesOf('1'), 1)
check('no optimistic layer left', store.getState().optimistic.length, 0)

server.close()
if (failed) process.exit(1)
