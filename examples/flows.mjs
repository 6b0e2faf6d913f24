// The spec's main flows, headless, against a tiny local API: `npm run example:flows` (builds first).
// Summary/detail, pagination with a cursor, schema.All after a create, GraphQL, and a replayed log.
import { createServer } from 'node:http'
import { Entity, GQLEndpoint, GQLEntity, createResource, createStore, schema, validateRequired } from '../dist/index.js'

const posts = Array.from({ length: 5 }, (_, i) => ({ id: String(i + 1), title: `Post ${i + 1}`, body: `Body ${i + 1}` }))
const users = new Map([['u1', { id: 'u1', name: 'Ann' }]])
const server = createServer(async (req, res) => {
  let text = ''
  for await (const chunk of req) text += chunk
  const url = new URL(req.url, 'http://x')
  const json = (value) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(value))
  }
  if (url.pathname === '/graphql') {
    const { query, variables } = JSON.parse(text)
    if (query.startsWith('mutation')) users.set(variables.id, { id: variables.id, name: variables.name })
    return json({ data: { [query.startsWith('mutation') ? 'rename' : 'user']: users.get(variables.id) } })
  }
  const id = url.pathname.split('/')[2]
  if (id) return json(posts.find((p) => p.id === id))
  // Pages of two, summaries only (no body), with a cursor to the next page.
  const start = Number(url.searchParams.get('cursor') ?? 0)
  const page = posts.slice(start, start + 2).map(({ body, ...summary }) => summary)
  json({ results: page, cursor: start + 2 < posts.length ? String(start + 2) : '' })
})
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
const urlPrefix = `http://127.0.0.1:${server.address().port}`

// Summary/detail: two classes, one table. The detail refuses records without a body.
class PostSummary extends Entity {
  id = ''
  title = ''
  pk() { return this.id }
  static key = 'Post'
}
class Post extends PostSummary {
  body = ''
  static validate(processed) {
    return validateRequired(processed, this.defaults) || super.validate(processed)
  }
}
const base = createResource({ path: '/posts/:id', schema: Post, urlPrefix })
const PostResource = { ...base, getList: base.getList.extend({ schema: { results: [PostSummary], cursor: '' } }) }
const getNextPage = PostResource.getList.paginated('cursor')

const store = createStore()
const { controller } = store
const log = []
store.subscribe((action) => log.push(action))

const first = await controller.fetch(PostResource.getList)
console.log('page 1:', first.results.map((p) => p.title), 'cursor', first.cursor)
await controller.fetch(getNextPage, { cursor: first.cursor })
const list = controller.getResponse(PostResource.getList, store.getState()).data
console.log('after load more, same list:', list.results.map((p) => p.title))

// The summary is in the cache, but a detail read of it is Invalid until the body arrives.
console.log('detail before fetch:', controller.getResponse(PostResource.get, { id: '1' }, store.getState()).expiryStatus)
const post = await controller.fetch(PostResource.get, { id: '1' })
console.log('detail after fetch:', post.body)

// schema.All lists every Post in the cache, whichever endpoint brought it.
const allPosts = new schema.All(PostSummary)
console.log('all posts cached:', controller.getResponse({ key: () => 'all posts', schema: allPosts }, store.getState()).data.length)

// GraphQL: a mutation updates every query holding the same entity.
class User extends GQLEntity {
  name = ''
  static key = 'User'
}
const gql = new GQLEndpoint(`${urlPrefix}/graphql`)
const getUser = gql.query('query User($id: ID!) { user(id: $id) { id name } }', { user: User })
const rename = gql.mutation('mutation Rename($id: ID!, $name: String!) { rename(id: $id, name: $name) { id name } }', { rename: User })
await controller.fetch(getUser, { id: 'u1' })
await controller.fetch(rename, { id: 'u1', name: 'Annie' })
console.log('query after mutation:', controller.getResponse(getUser, { id: 'u1' }, store.getState()).data.user.name)

// Headless replay: the JSON action log rebuilds the same state in a fresh store, without requests.
const replay = createStore()
for (const action of JSON.parse(JSON.stringify(log))) replay.dispatch(action)
console.log('replayed state equals:', JSON.stringify(replay.getState()) === JSON.stringify(store.getState()))
server.close()
