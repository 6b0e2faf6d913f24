import { RestEndpoint, createResource, selectResult } from '../../src/index'
import type { RestGenerics } from '../../src/index'
import { ArticleSummary, articleListSchema } from '../fixtures/blog'
import { articleSummary } from '../fixtures/blogApi'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const ArticleResource = createResource({
  urlPrefix: API,
  path: '/articles/:id',
  schema: ArticleSummary,
  searchParams: {} as { cursor?: string; page?: number; author?: string },
})

function ids(list: readonly ArticleSummary[] | undefined): string[] | undefined {
  return list?.map((article) => article.id)
}

describe('pagination', () => {
  describe('infinite scroll: getList.paginated(cursor)', () => {
    // The spec's plain object schema (not a Collection): { results: [Entity], cursor: '' }.
    const getList = ArticleResource.getList.extend({ schema: articleListSchema })
    const getNextPage = getList.paginated('cursor')

    it('appends the next page to the list read without the cursor, and takes the new cursor', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1'), articleSummary('2')], cursor: 'c2' } })
      fake.route(`GET ${API}/articles?cursor=c2`, { json: { results: [articleSummary('3')], cursor: 'c3' } })
      const listKey = getList.key()

      const first = await controller.fetch(getList)
      expect(ids(first.results)).toEqual(['1', '2'])
      await controller.fetch(getNextPage, { cursor: first.cursor })

      const read = controller.getResponse(getList, controller.getState())
      expect(ids(read.data?.results)).toEqual(['1', '2', '3'])
      expect(read.data?.cursor).toBe('c3')
      expect(read.data?.results?.[2]).toBeInstanceOf(ArticleSummary)
      expect(read.expiryStatus).toBe('Valid')
      // The cursor was a query parameter of the request, and is not part of the list's identity.
      expect(fake.requests.map((r) => r.url)).toEqual([`${API}/articles`, `${API}/articles?cursor=c2`])
      expect(getList.key()).toBe(listKey)
      expect(read.key).toBe(listKey)
    })

    it('drops the cursor when the last page sends none, so there is no next page to load', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1')], cursor: 'c2' } })
      fake.route(`GET ${API}/articles?cursor=c2`, { json: { results: [articleSummary('2')] } })
      await controller.fetch(getList)
      await controller.fetch(getNextPage, { cursor: 'c2' })
      const read = controller.getResponse(getList, controller.getState())
      expect(ids(read.data?.results)).toEqual(['1', '2'])
      // The schema's default, not the stale 'c2'.
      expect(read.data?.cursor).toBe('')
    })

    it('appends to the list with the same other parameters only', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1')], cursor: 'x' } })
      fake.route(`GET ${API}/articles?author=ada`, { json: { results: [articleSummary('2')], cursor: 'a2' } })
      fake.route(`GET ${API}/articles?author=ada&cursor=a2`, { json: { results: [articleSummary('4')], cursor: '' } })
      await controller.fetch(getList)
      await controller.fetch(getList, { author: 'ada' })
      await controller.fetch(getNextPage, { author: 'ada', cursor: 'a2' })
      const state = controller.getState()
      expect(ids(controller.getResponse(getList, { author: 'ada' }, state).data?.results)).toEqual(['2', '4'])
      expect(ids(controller.getResponse(getList, state).data?.results)).toEqual(['1'])
    })

    it('does not repeat an item a later page sends again', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1'), articleSummary('2')], cursor: 'c2' } })
      fake.route(`GET ${API}/articles?cursor=c2`, { json: { results: [articleSummary('2', { title: 'Edited' }), articleSummary('3')], cursor: 'c3' } })
      await controller.fetch(getList)
      await controller.fetch(getNextPage, { cursor: 'c2' })
      const list = controller.getResponse(getList, controller.getState()).data?.results
      expect(ids(list)).toEqual(['1', '2', '3'])
      // The entity itself took the newer fields.
      expect(list?.[1]?.title).toBe('Edited')
    })

    it('works with a plain array schema too', async () => {
      const { controller } = createTestStore()
      const getArticles = ArticleResource.getList
      const getPage = getArticles.paginated('page')
      fake.route(`GET ${API}/articles`, { json: [articleSummary('1'), articleSummary('2')] })
      fake.route(`GET ${API}/articles?page=2`, { json: [articleSummary('3'), articleSummary('4')] })
      await controller.fetch(getArticles)
      await controller.fetch(getPage, { page: 2 })
      const read = controller.getResponse(getArticles, controller.getState())
      expect(ids(read.data)).toEqual(['1', '2', '3', '4'])
      expect(read.key).toBe(getArticles.key())
    })
  })

  describe('tokens in the body', () => {
    const getList = ArticleResource.getList.extend({ schema: { results: [ArticleSummary], nextPage: '', prevPage: '' } })

    it('keeps the nextPage and prevPage tokens next to the results, for navigation', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles?page=2`, {
        json: { results: [articleSummary('3')], nextPage: `${API}/articles?page=3`, prevPage: `${API}/articles?page=1` },
      })
      fake.route(`GET ${API}/articles?page=3`, { json: { results: [articleSummary('5')], nextPage: null, prevPage: `${API}/articles?page=2` } })
      const page2 = await controller.fetch(getList, { page: 2 })
      expect(page2.results).toEqual([expect.any(ArticleSummary)])
      expect(page2.nextPage).toBe(`${API}/articles?page=3`)
      expect(page2.prevPage).toBe(`${API}/articles?page=1`)

      // Navigate with the token: each page is its own read.
      const next = Number(new URL(page2.nextPage).searchParams.get('page'))
      const page3 = await controller.fetch(getList, { page: next })
      expect(ids(page3.results)).toEqual(['5'])
      expect(page3.nextPage).toBeNull()
      const state = controller.getState()
      expect(ids(controller.getResponse(getList, { page: 2 }, state).data?.results)).toEqual(['3'])
    })
  })

  describe('tokens in the link header', () => {
    /** The spec's override, in a subclass shared by every resource of the API. */
    class LinkEndpoint<O extends RestGenerics = any> extends RestEndpoint<O> {
      override async parseResponse(response: Response) {
        const results = await super.parseResponse(response)
        if (response.headers.has('link') || Array.isArray(results)) return { link: response.headers.get('link') ?? '', results }
        return results
      }
    }
    const base = createResource({
      urlPrefix: API,
      path: '/articles/:id',
      schema: ArticleSummary,
      Endpoint: LinkEndpoint,
      searchParams: {} as { page?: number },
    })
    const resource = { ...base, getList: base.getList.extend({ schema: { results: [ArticleSummary], link: '' } }) }

    it('reads the link header next to the results', async () => {
      const { controller } = createTestStore()
      const link = `<${API}/articles?page=2>; rel="next"`
      fake.route(`GET ${API}/articles`, { headers: { link }, json: [articleSummary('1'), articleSummary('2')] })
      const list = await controller.fetch(resource.getList)
      expect(list.link).toBe(link)
      expect(ids(list.results)).toEqual(['1', '2'])
      expect(controller.getState().entities['Article']).toMatchObject({ 1: { id: '1' }, 2: { id: '2' } })
    })

    it('gives an array without a link header an empty link', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles`, { json: [articleSummary('1')] })
      const list = await controller.fetch(resource.getList)
      expect(list.link).toBe('')
      expect(ids(list.results)).toEqual(['1'])
    })

    it('leaves a single entity without a link header as it is', async () => {
      const { controller } = createTestStore()
      fake.route(`GET ${API}/articles/1`, { json: articleSummary('1') })
      const article = await controller.fetch(resource.get, { id: '1' })
      expect(article).toBeInstanceOf(ArticleSummary)
      expect(article.id).toBe('1')
    })

    it('pages by the link: the next page appends and replaces the link', async () => {
      const { controller } = createTestStore()
      const getNextPage = resource.getList.paginated('page')
      fake.route(`GET ${API}/articles`, { headers: { link: `<${API}/articles?page=2>; rel="next"` }, json: [articleSummary('1')] })
      fake.route(`GET ${API}/articles?page=2`, { headers: { link: `<${API}/articles?page=3>; rel="next"` }, json: [articleSummary('2')] })
      const first = await controller.fetch(resource.getList)
      const page = Number(/[?&]page=(\d+)/.exec(first.link)![1])
      await controller.fetch(getNextPage, { page })
      const read = controller.getResponse(resource.getList, controller.getState()).data
      expect(ids(read?.results)).toEqual(['1', '2'])
      expect(read?.link).toBe(`<${API}/articles?page=3>; rel="next"`)
    })
  })
})

describe('hostile pages', () => {
  it('keeps a "__proto__" member of a page as data: the stored list is not re-parented', async () => {
    const { controller } = createTestStore()
    const getList = ArticleResource.getList.extend({ schema: articleListSchema })
    const getNextPage = getList.paginated('cursor')
    fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1')], cursor: 'c2' } })
    fake.route(`GET ${API}/articles?cursor=c2`, { text: '{"results":[],"cursor":"","__proto__":{"polluted":true}}', headers: { 'content-type': 'application/json' } })
    await controller.fetch(getList)
    await controller.fetch(getNextPage, { cursor: 'c2' })
    const stored = selectResult(controller.getState(), getList.key()) as Record<string, unknown>
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype)
    expect((stored as { polluted?: unknown }).polluted).toBeUndefined()
    expect(Object.prototype.hasOwnProperty.call(stored, '__proto__')).toBe(true)
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
    const read = controller.getResponse(getList, controller.getState()).data!
    expect(ids(read.results)).toEqual(['1'])
  })
})
