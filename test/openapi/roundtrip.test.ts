// The generated code at run time: a document's output bundled with Tessera, its endpoints fetched
// through createStore() against a mock server of the same document (answering from its examples
// and schemas), and the entities read back from the store as instances of the generated classes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { examples, github, load, mockServer, root, run, scratch } from './harness'

// Compiling with the TypeScript API and bundling take seconds each (GitHub's output: about ten).
jest.setTimeout(60_000)

async function generateAndLoad(file: string, urlPrefix: string): Promise<Record<string, any>> {
  const out = join(scratch(), 'out')
  const { code, err } = await run('openapi', file, '--out', out, '--url-prefix', urlPrefix)
  expect({ code, err: err.filter((line) => !line.includes('warning')) }).toEqual({ code: 0, err: [] })
  return load(out)
}

const read = (file: string) => (file.endsWith('.json') ? JSON.parse(readFileSync(file, 'utf8')) : parse(readFileSync(file, 'utf8')))

describe('generated resources against a mock server of their document', () => {
  it('Petstore 3.0: a pet and a list of them are normalized into the store', async () => {
    const file = join(examples, '3.0/json/petstore.json')
    const server = await mockServer(read(file))
    try {
      const api = await generateAndLoad(file, `${server.url}/v2`)
      const store = api.createStore()
      const pet = await store.controller.fetch(api.getPetById, { petId: 7 })
      expect(server.seen.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /v2/pet/7'])
      const stored = store.controller.get(api.Pet, { id: 7 }, store.getState())
      expect(stored).toBeInstanceOf(api.Pet)
      expect(stored.category).toBeInstanceOf(api.Category)
      expect(store.controller.get(api.Category, { id: stored.category.id }, store.getState())).toBe(stored.category)
      expect(stored.tags[0]).toBeInstanceOf(api.Tag)
      expect(pet.name).toBe(stored.name)

      const pets = await store.controller.fetch(api.findPetsByStatus, { status: ['available'] })
      expect(server.seen.at(-1)!.url).toBe('/v2/pet/findByStatus?status=available')
      expect(pets[0]).toBeInstanceOf(api.Pet)

      // A create through the resource's POST: the body is sent as JSON.
      const created = await store.controller.fetch(api.OrderResource.create, { petId: 7, quantity: 2 })
      expect(server.seen.at(-1)).toEqual({ method: 'POST', url: '/v2/store/order', body: { petId: 7, quantity: 2 } })
      const order = store.controller.get(api.Order, { id: created.id }, store.getState())
      expect(order).toBeInstanceOf(api.Order)
      expect(order.shipDate).toBeInstanceOf(Date)
    } finally {
      await server.close()
    }
  })

  it('Swagger 2.0 Petstore: the same through a 2.0 document', async () => {
    const file = join(examples, '2.0/json/petstore.json')
    const server = await mockServer(read(file))
    try {
      const api = await generateAndLoad(file, `${server.url}/v2`)
      const store = api.createStore()
      await store.controller.fetch(api.getPetById, { petId: 3 })
      expect(server.seen.map(({ url }) => url)).toEqual(['/v2/pet/3'])
      expect(store.controller.get(api.Pet, { id: 3 }, store.getState())).toBeInstanceOf(api.Pet)
    } finally {
      await server.close()
    }
  })

  it('the demo: a page of summaries goes into a Collection, getPage appends, dates come back as Date', async () => {
    const file = join(root, 'examples/demo/openapi.json')
    // The second page: another article (the document's schema alone would give the same one).
    const server = await mockServer(read(file), (method, url) =>
      method === 'GET' && url.searchParams.get('cursor') === 'text' ? { results: [{ id: 'a2', title: 'Two', author: { id: 'u', name: 'U' }, tags: [], likes: 0 }], cursor: '' } : undefined,
    )
    try {
      const api = await generateAndLoad(file, server.url)
      const store = api.createStore()
      const page = await store.controller.fetch(api.ArticleResource.getList, { tag: 'react' })
      expect(page.results[0]).toBeInstanceOf(api.ArticleSummary)
      await store.controller.fetch(api.ArticleResource.getList.getPage, { tag: 'react', cursor: 'text' })
      expect(server.seen.map(({ url }) => url)).toEqual(['/api/articles?tag=react', '/api/articles?cursor=text&tag=react'])
      const list = store.controller.getResponse(api.ArticleResource.getList, { tag: 'react' }, store.getState()).data
      expect(list.results.map((article: { id: string }) => article.id)).toEqual(['text', 'a2'])
      expect(list.cursor).toBe('')

      await store.controller.fetch(api.ArticleResource.get, { id: 'a1' })
      const article = store.controller.get(api.Article, { id: 'a1' }, store.getState())
      expect(article).toBeInstanceOf(api.Article)
      expect(article.createdAt).toBeInstanceOf(Date)
      expect(article.comments[0]).toBeInstanceOf(api.Comment)
      expect(article.comments[0].author).toBeInstanceOf(api.Author)
    } finally {
      await server.close()
    }
  })

  it("GitHub's REST API: a repository from the document's example, its owner a separate entity", async () => {
    const server = await mockServer(read(github))
    try {
      const api = await generateAndLoad(github, server.url)
      const store = api.createStore()
      const repo = await store.controller.fetch(api.reposGet, { owner: 'octocat', repo: 'Hello-World' })
      expect(server.seen.map(({ url }) => url)).toEqual(['/repos/octocat/Hello-World'])
      const stored = store.controller.get(api.FullRepository, { id: repo.id }, store.getState())
      expect(stored).toBeInstanceOf(api.FullRepository)
      expect(stored.owner).toBeInstanceOf(api.SimpleUser)
      expect(store.controller.get(api.SimpleUser, { id: stored.owner.id }, store.getState())?.login).toBe(stored.owner.login)
      expect(stored.created_at).toBeInstanceOf(Date)
    } finally {
      await server.close()
    }
  }, 60_000)
})
