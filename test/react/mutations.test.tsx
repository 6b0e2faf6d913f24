/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import {
  Entity,
  NetworkError,
  RestEndpoint,
  createResource,
  schema,
  useController,
  useDLE,
  useLoading,
  useSuspense,
  type ErrorFallbackProps,
} from '../../src/index'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { LOADING, allowConsoleErrors, renderWithStore, settle } from '../helpers/renderWithStore'

class Article extends Entity {
  id = ''
  title = ''
  category = ''
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Article'
}

const article = (id: string, fields: Partial<Article> = {}) => ({ id, title: `Article ${id}`, category: 'news', likes: 0, ...fields })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const requested = () => fake.requests.map((request) => `${request.method} ${request.url.slice(API.length)}`)
const rows = () => screen.queryAllByRole('listitem').map((item) => item.textContent)

describe('created items appear in lists (createResource getList is a Collection)', () => {
  const ArticleResource = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article })
  const Optimistic = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article, optimistic: true })

  function ArticleList({ resource = ArticleResource, category }: { resource?: typeof ArticleResource; category?: string }) {
    const articles = useSuspense(resource.getList, category === undefined ? {} : { category })
    const controller = useController()
    const [add, adding] = useLoading(() => controller.fetch(resource.create, { title: 'Fresh', category: 'news' }))
    return (
      <>
        <ul aria-label={category ?? 'all'}>
          {articles.map((item) => (
            <li key={item.id}>{item.title}</li>
          ))}
        </ul>
        <button onClick={() => void add()}>Add</button>
        {adding && <p>Saving…</p>}
      </>
    )
  }

  it('shows what create returns in the list, with no refetch of the list', async () => {
    fake.route(`GET ${API}/articles`, { json: [article('1')] })
    const creating = fake.hold(`POST ${API}/articles`)
    renderWithStore(<ArticleList />)
    expect(await screen.findByText('Article 1')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await settle()
    // While the request is out (not optimistic): the list as it was, and the pending state.
    expect(rows()).toEqual(['Article 1'])
    expect(screen.getByText('Saving…')).toBeTruthy()

    await settle(() => creating.answer({ json: article('2', { title: 'Fresh' }) }))
    expect(rows()).toEqual(['Article 1', 'Fresh'])
    expect(screen.queryByText('Saving…')).toBeNull()
    expect(requested()).toEqual(['GET /articles', 'POST /articles'])
    expect(JSON.parse(fake.requests[1]!.body as string)).toEqual({ title: 'Fresh', category: 'news' })
  })

  it('with optimistic: true, shows the new item at once, then the server entity in its place', async () => {
    fake.route(`GET ${API}/articles`, { json: [article('1')] })
    const creating = fake.hold(`POST ${API}/articles`)
    renderWithStore(<ArticleList resource={Optimistic} />)
    expect(await screen.findByText('Article 1')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await settle()
    expect(rows()).toEqual(['Article 1', 'Fresh'])
    await settle(() => creating.answer({ json: article('2', { title: 'Fresh (saved)' }) }))
    expect(rows()).toEqual(['Article 1', 'Fresh (saved)'])
  })

  it('rolls an optimistic create back out of the list when the server refuses it', async () => {
    fake.route(`GET ${API}/articles`, { json: [article('1')] })
    const creating = fake.hold(`POST ${API}/articles`)
    renderWithStore(<ArticleList resource={Optimistic} />)
    expect(await screen.findByText('Article 1')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await settle()
    expect(rows()).toEqual(['Article 1', 'Fresh'])
    await settle(() => creating.answer({ status: 422, statusText: 'Unprocessable Entity' }))
    expect(rows()).toEqual(['Article 1'])
  })

  it('adds to every list whose filter the new item matches, and to no other', async () => {
    fake.route(`GET ${API}/articles`, { json: [article('1')] })
    fake.route(`GET ${API}/articles?category=news`, { json: [article('1')] })
    fake.route(`GET ${API}/articles?category=sport`, { json: [article('3', { category: 'sport' })] })
    fake.route(`POST ${API}/articles`, { json: article('2', { title: 'Fresh' }) })
    renderWithStore(
      <>
        <ArticleList />
        <ArticleList category="news" />
        <ArticleList category="sport" />
      </>,
    )
    expect(await screen.findAllByText('Article 1')).toHaveLength(2)
    fireEvent.click(screen.getAllByRole('button', { name: 'Add' })[0]!)
    await settle()
    const list = (name: string) => [...screen.getByRole('list', { name }).querySelectorAll('li')].map((li) => li.textContent)
    expect(list('all')).toEqual(['Article 1', 'Fresh'])
    expect(list('news')).toEqual(['Article 1', 'Fresh'])
    expect(list('sport')).toEqual(['Article 3'])
  })
})

describe('two mutations in flight on one entity', () => {
  const Optimistic = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article, optimistic: true })

  function Editor() {
    const item = useSuspense(Optimistic.get, { id: '1' })
    const controller = useController()
    const [errors, setErrors] = useState<string[]>([])
    const patch = (body: Partial<Article>) =>
      controller.fetch(Optimistic.partialUpdate, { id: '1' }, body).catch((error: Error) => setErrors((list) => [...list, error.message]))
    return (
      <>
        <h1>{item.title}</h1>
        <p>category: {item.category}</p>
        <button onClick={() => void patch({ title: 'New title' })}>Retitle</button>
        <button onClick={() => void patch({ category: 'opinion' })}>Recategorise</button>
        {errors.map((message, i) => (
          <p role="status" key={i}>
            {message}
          </p>
        ))}
      </>
    )
  }

  it('a failure of the first leaves the second guess on screen until it answers', async () => {
    fake.route(`GET ${API}/articles/1`, { json: article('1') })
    const answers: ((reply: { status?: number; json?: unknown }) => void)[] = []
    fake.route(`PATCH ${API}/articles/1`, () => new Promise((resolve) => void answers.push(resolve)))
    renderWithStore(<Editor />)
    expect(await screen.findByRole('heading', { name: 'Article 1' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Retitle' }))
    fireEvent.click(screen.getByRole('button', { name: 'Recategorise' }))
    await settle()
    expect(answers).toHaveLength(2)

    await settle(() => answers[0]!({ status: 409 }))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(screen.getByText('category: opinion')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('409')

    await settle(() => answers[1]!({ json: article('1', { category: 'opinion' }) }))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(screen.getByText('category: opinion')).toBeTruthy()
  })
})

describe('load more on a Collection', () => {
  class Summary extends Article {}

  it('appends each page of getList.getPage to the rendered list, showing the list while a page loads', async () => {
    const Resource = createResource({ urlPrefix: API, path: '/articles/:id', schema: Summary, paginationField: 'cursor' })
    const Paged = { ...Resource, getList: Resource.getList.extend({ schema: { results: new schema.Collection([Summary]), cursor: '' } }) }
    function Feed({ category }: { category: string }) {
      const { results, cursor } = useSuspense(Paged.getList, { category })
      const controller = useController()
      const [more, loading] = useLoading(() => controller.fetch(Paged.getList.getPage, { category, cursor }))
      return (
        <>
          <ul>
            {results.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ul>
          {loading ? <p>Loading more…</p> : cursor ? <button onClick={() => void more()}>Load more</button> : <p>The end</p>}
        </>
      )
    }
    fake.route(`GET ${API}/articles?category=news`, { json: { results: [article('1'), article('2')], cursor: 'c2' } })
    const page2 = fake.hold(`GET ${API}/articles?category=news&cursor=c2`)
    fake.route(`GET ${API}/articles?category=news&cursor=c3`, { json: { results: [article('5')], cursor: '' } })
    renderWithStore(<Feed category="news" />)
    expect(await screen.findByRole('button', { name: 'Load more' })).toBeTruthy()
    expect(rows()).toEqual(['Article 1', 'Article 2'])

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await settle()
    // The page is loading: the list stays (no fallback), and says so.
    expect(rows()).toEqual(['Article 1', 'Article 2'])
    expect(screen.getByText('Loading more…')).toBeTruthy()
    expect(screen.queryByText(LOADING)).toBeNull()

    await settle(() => page2.answer({ json: { results: [article('3'), article('4'), article('2')], cursor: 'c3' } }))
    expect(rows()).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4'])
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    await settle()
    expect(rows()).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4', 'Article 5'])
    expect(screen.getByText('The end')).toBeTruthy()
    expect(requested()).toEqual(['GET /articles?category=news', 'GET /articles?category=news&cursor=c2', 'GET /articles?category=news&cursor=c3'])
  })

  it('a bare Collection list grows with paginated(fn), and a created item joins it', async () => {
    const Resource = createResource({ urlPrefix: API, path: '/articles/:id', schema: Summary })
    const getNextPage = Resource.getList.paginated(({ page: _page, ...rest }: { page?: number }) => [rest])
    function Feed() {
      const items = useSuspense(Resource.getList, {})
      const controller = useController()
      return (
        <>
          <ul>
            {items.map((item) => (
              <li key={item.id}>{item.title}</li>
            ))}
          </ul>
          <button onClick={() => void controller.fetch(getNextPage, { page: 2 })}>Page 2</button>
          <button onClick={() => void controller.fetch(Resource.create, { title: 'Created' })}>Add</button>
        </>
      )
    }
    fake.route(`GET ${API}/articles`, { json: [article('1')] })
    fake.route(`GET ${API}/articles?page=2`, { json: [article('2')] })
    fake.route(`POST ${API}/articles`, { json: article('3', { title: 'Created' }) })
    renderWithStore(<Feed />)
    expect(await screen.findByText('Article 1')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await settle()
    expect(rows()).toEqual(['Article 1', 'Article 2'])
    fireEvent.click(screen.getByRole('button', { name: 'Add' }))
    await settle()
    expect(rows()).toEqual(['Article 1', 'Article 2', 'Created'])
  })
})

describe('soft and hard errors', () => {
  const getArticle = new RestEndpoint({ urlPrefix: API, path: '/articles/:id', schema: Article })
  const url = `${API}/articles/1`

  function Detail() {
    const item = useSuspense(getArticle, { id: '1' })
    return <h1>{item.title}</h1>
  }
  function Status() {
    const { data, loading, error } = useDLE(getArticle, { id: '1' })
    return (
      <p>
        {loading ? 'loading' : data?.title}
        {error ? ` (refresh failed: ${error.message})` : ''}
      </p>
    )
  }

  it('keeps stale data on screen (no fallback, no boundary) while its refetch fails with a 5xx, and useDLE reports the error beside it', async () => {
    fake.route(`GET ${url}`, { json: article('1', { title: 'Cached' }) })
    const { clock } = renderWithStore(
      <>
        <Detail />
        <Status />
      </>,
    )
    expect(await screen.findByRole('heading', { name: 'Cached' })).toBeTruthy()
    // Mounted for good: the reads are registered for revalidation.
    await settle()
    const refetch = fake.hold(`GET ${url}`)
    // The data goes stale; coming back online revalidates what is on screen, in the background.
    clock.advance(61_000)
    await settle(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(refetch.waiting()).toBe(1)
    expect(screen.getByRole('heading', { name: 'Cached' })).toBeTruthy()
    expect(screen.queryByText(LOADING)).toBeNull()

    await settle(() => refetch.answer({ status: 503, statusText: 'Service Unavailable' }))
    expect(screen.getByRole('heading', { name: 'Cached' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText(/^Cached \(refresh failed: 503 Service Unavailable from GET/)).toBeTruthy()
  })

  it('throws the original error to the boundary: instanceof NetworkError, with status and response', async () => {
    allowConsoleErrors()
    fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found', json: { detail: 'gone' } })
    const caught: Error[] = []
    function Catch({ error }: ErrorFallbackProps) {
      caught.push(error)
      return <p role="alert">{error.message}</p>
    }
    renderWithStore(<Detail />, { errorComponent: Catch })
    expect((await screen.findByRole('alert')).textContent).toContain('404 Not Found')
    const error = caught[caught.length - 1] as NetworkError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.status).toBe(404)
    expect(await error.response.json()).toEqual({ detail: 'gone' })
  })

  it('after hydration, throws a NetworkError rebuilt from the stored error, with its status and message', async () => {
    allowConsoleErrors()
    fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found' })
    const first = createTestStore()
    await first.controller.fetch(getArticle, { id: '1' }).catch(() => undefined)
    const saved = JSON.parse(JSON.stringify(first.store.getState()))
    const caught: Error[] = []
    function Catch({ error }: ErrorFallbackProps) {
      caught.push(error)
      return <p role="alert">{error.message}</p>
    }
    renderWithStore(<Detail />, { errorComponent: Catch, store: createTestStore({ initialState: saved }) })
    expect((await screen.findByRole('alert')).textContent).toBe(`404 Not Found from GET ${url}`)
    const error = caught[caught.length - 1] as NetworkError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.status).toBe(404)
    expect(fake.requests).toHaveLength(1)
  })
})

it('invalidate while a request for the key is in flight: only a request started after it shows', async () => {
  const getArticle = new RestEndpoint({ urlPrefix: API, path: '/articles/:id', schema: Article })
  const answers: ((reply: { json: unknown }) => void)[] = []
  fake.route(`GET ${API}/articles/1`, () => new Promise((resolve) => void answers.push(resolve)))
  function Detail() {
    const item = useSuspense(getArticle, { id: '1' })
    return <h1>{item.title}</h1>
  }
  const { controller } = renderWithStore(<Detail />)
  await settle()
  expect(answers).toHaveLength(1)
  expect(screen.getByText(LOADING)).toBeTruthy()

  await settle(() => controller.invalidate(getArticle, { id: '1' }))
  // The old request answers with what the server had before the change the invalidation announced.
  await settle(() => answers[0]!({ json: article('1', { title: 'Before the change' }) }))
  expect(screen.queryByRole('heading', { name: 'Before the change' })).toBeNull()
  expect(screen.getByText(LOADING)).toBeTruthy()
  expect(answers).toHaveLength(2)

  await settle(() => answers[1]!({ json: article('1', { title: 'After the change' }) }))
  expect(screen.getByRole('heading', { name: 'After the change' })).toBeTruthy()
})
