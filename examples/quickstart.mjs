// The README's main example, run headless: `npm run example` (builds first).
// A tiny in-process REST API on 127.0.0.1 stands in for your server.
import { createServer } from 'node:http'
import { Entity, createResource, createStore, schema } from '../dist/index.js'

// --- a fake API -------------------------------------------------------------------------------
const articles = new Map([
  ['1', { id: '1', title: 'Hello', body: 'First post', author: { id: 'u1', name: 'Ann' } }],
  ['2', { id: '2', title: 'Again', body: 'Second post', author: { id: 'u1', name: 'Ann' } }],
])
const server = createServer(async (req, res) => {
  let body = ''
  for await (const chunk of req) body += chunk
  const [, , id] = req.url.split('?')[0].split('/') // /articles/:id
  const send = (status, value) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(value))
  }
  if (req.method === 'GET' && !id) return send(200, [...articles.values()].map(({ body, ...summary }) => summary))
  if (req.method === 'GET') return articles.has(id) ? send(200, articles.get(id)) : send(404, { message: 'no such article' })
  if (req.method === 'POST') {
    const created = { id: String(articles.size + 1), author: { id: 'u1', name: 'Ann' }, ...JSON.parse(body) }
    articles.set(created.id, created)
    return send(201, created)
  }
  send(405, {})
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const urlPrefix = `http://127.0.0.1:${server.address().port}`

// --- the data model ---------------------------------------------------------------------------
class User extends Entity {
  id = ''
  name = ''
  pk() { return this.id }
  static key = 'User'
}
class Article extends Entity {
  id = ''
  title = ''
  body = ''
  author = User.fromJS()
  pk() { return this.id }
  static key = 'Article'
  static schema = { author: User }
}
const ArticleResource = createResource({ path: '/articles/:id', schema: Article, urlPrefix })
const allArticles = { ...ArticleResource, getAll: ArticleResource.getList.extend({ schema: new schema.All(Article) }) }

// --- a store, as a component tree would use it (useSuspense reads the same cache) -------------
const store = createStore()
const { controller } = store

const list = await controller.fetch(ArticleResource.getList)
console.log('list:', list.map((a) => a.title)) // [ 'Hello', 'Again' ]
console.log('one author object:', list[0].author === list[1].author) // true: Ann is stored once

const detail = await controller.fetch(ArticleResource.get, { id: '1' })
console.log('detail:', detail.title, '-', detail.body)

await controller.fetch(ArticleResource.create, { title: 'Third', body: 'Made here' })
const everything = controller.getResponse(allArticles.getAll, store.getState()).data
console.log('schema.All sees the new one:', everything.map((a) => a.title)) // includes 'Third'

try {
  await controller.fetch(ArticleResource.get, { id: '99' })
} catch (error) {
  console.log('errors explain themselves:', error.message)
}
console.log('actions so far are plain JSON:', JSON.stringify(store.getState()).length, 'bytes of state')
server.close()
