/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { ErrorBoundary, createResource, useSuspense, type ErrorFallbackProps } from '../../src/index'
import { Article } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { API } from '../fixtures/todos'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { LOADING, allowConsoleErrors, renderWithStore, settle } from '../helpers/renderWithStore'

type BlogApi = ReturnType<typeof createBlogApi>

/** Two readers of the same article, each in its own Suspense boundary so both render (and ask) while the data is missing. */
function TwoReaders({ endpoint }: { endpoint: BlogApi['getArticle']['endpoint'] }) {
  return (
    <>
      <Suspense fallback={<p>loading A</p>}>
        <Title label="A" endpoint={endpoint} />
      </Suspense>
      <Suspense fallback={<p>loading B</p>}>
        <Title label="B" endpoint={endpoint} />
      </Suspense>
    </>
  )
}

function Title({ label, endpoint }: { label: string; endpoint: BlogApi['getArticle']['endpoint'] }) {
  const article = useSuspense(endpoint, { id: '1' })
  return (
    <p>
      {label}: {article.title}
    </p>
  )
}

/** An error fallback that says what it was given. */
function ShowError({ error, resetErrorBoundary }: ErrorFallbackProps) {
  return (
    <div role="alert">
      <p>
        {error instanceof Error ? 'Error' : typeof error}: {error.message}
      </p>
      <p>status {String((error as Error & { status?: number }).status)}</p>
      <button onClick={resetErrorBoundary}>Try again</button>
    </div>
  )
}

function expectBothShowing(text: string) {
  expect(screen.getByText(`A: ${text}`)).toBeTruthy()
  expect(screen.getByText(`B: ${text}`)).toBeTruthy()
}

function expectBothLoading() {
  expect(screen.getByText('loading A')).toBeTruthy()
  expect(screen.getByText('loading B')).toBeTruthy()
}

describe('useSuspense', () => {
  describe('Invalid: suspends and makes one deduplicated fetch', () => {
    it('when the data is not in the store', async () => {
      const { getArticle } = createBlogApi()
      renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />)
      await settle()
      expectBothLoading()
      expect(getArticle.calls).toHaveLength(1)
      expect(getArticle.calls[0]!.args).toEqual([{ id: '1' }])

      await settle(() => getArticle.calls[0]!.resolve(articleDetail('1')))
      expectBothShowing('Article 1')
      expect(getArticle.calls).toHaveLength(1)
    })

    it('when the entity was deleted through a schema.Invalidate endpoint', async () => {
      const { getArticle, deleteArticle } = createBlogApi()
      const test = createTestStore()
      test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
      expectBothShowing('Article 1')

      await settle(async () => {
        const deleting = test.controller.fetch(deleteArticle.endpoint, { id: '1' })
        await deleteArticle.calls[0]!.resolve({ id: '1' })
        await deleting
      })
      expectBothLoading()
      expect(getArticle.calls).toHaveLength(1)

      await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Restored' })))
      expectBothShowing('Restored')
      expect(getArticle.calls).toHaveLength(1)
    })

    it('when the key was invalidated with controller.invalidate', async () => {
      const { getArticle } = createBlogApi()
      const test = createTestStore()
      test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
      expectBothShowing('Article 1')

      await settle(() => test.controller.invalidate(getArticle.endpoint, { id: '1' }))
      expectBothLoading()
      expect(getArticle.calls).toHaveLength(1)

      await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Fresh' })))
      expectBothShowing('Fresh')
    })

    it('when the endpoint sets invalidIfStale and the data is stale', async () => {
      const getArticle = createFakeEndpoint('getArticle', { schema: Article, dataExpiryLength: 1_000, invalidIfStale: true })
      const test = createTestStore()
      test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      test.clock.advance(1_001)
      renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
      await settle()
      expectBothLoading()
      expect(getArticle.calls).toHaveLength(1)

      await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Fresh' })))
      expectBothShowing('Fresh')
    })
  })

  it('Stale: shows the data at once, refetches it once in the background, then shows the new data', async () => {
    const { getArticle } = createBlogApi({ dataExpiryLength: 1_000 })
    const test = createTestStore()
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    test.clock.advance(1_001)
    renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
    expectBothShowing('Article 1')
    expect(screen.queryByText(/loading/)).toBeNull()
    expect(getArticle.calls).toHaveLength(1)

    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Revalidated' })))
    expectBothShowing('Revalidated')
    expect(getArticle.calls).toHaveLength(1)
  })

  it('Stale only after the expiry: the same data a moment earlier is Valid and not refetched', async () => {
    const { getArticle } = createBlogApi({ dataExpiryLength: 1_000 })
    const test = createTestStore()
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    test.clock.advance(1_000)
    renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
    expectBothShowing('Article 1')
    expect(getArticle.calls).toHaveLength(0)
  })

  it('Valid: renders the cached data without suspending and fetches nothing, also on re-render', () => {
    const { getArticle } = createBlogApi()
    const test = createTestStore()
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    const { rerender } = renderWithStore(<TwoReaders endpoint={getArticle.endpoint} />, { store: test })
    expectBothShowing('Article 1')
    rerender(<TwoReaders endpoint={getArticle.endpoint} />)
    expectBothShowing('Article 1')
    expect(getArticle.calls).toHaveLength(0)
  })

  it('null arguments: renders with undefined and fetches nothing until arguments are given', async () => {
    const { getArticle } = createBlogApi()
    function MaybeArticle({ id }: { id: string | null }) {
      const article = useSuspense(getArticle.endpoint, ...(id === null ? ([null] as const) : ([{ id }] as const)))
      return <p>{article === undefined ? 'no article chosen' : article.title}</p>
    }
    const { rerender } = renderWithStore(<MaybeArticle id={null} />)
    expect(screen.getByText('no article chosen')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(0)

    // A conditional dependency: once the argument is known, the read behaves as usual.
    rerender(<MaybeArticle id="1" />)
    await settle()
    expect(screen.getByText(LOADING)).toBeTruthy()
    expect(getArticle.calls).toHaveLength(1)
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1')))
    expect(screen.getByText('Article 1')).toBeTruthy()
  })

  describe('errors', () => {
    let fake: FakeFetch
    beforeEach(() => {
      fake = installFakeFetch()
      // React reports errors its boundaries caught; the boundary's output is what these tests check.
      allowConsoleErrors()
    })
    afterEach(() => fake.restore())

    const url = `${API}/articles/1`
    const resource = () =>
      createResource({
        urlPrefix: API,
        path: '/articles/:id',
        schema: Article,
        // As RestEndpoint users configure it: server trouble keeps what is on screen.
        errorPolicy: (error: { status?: number }) => ((error.status ?? 0) >= 500 ? 'soft' : undefined),
      })

    function ArticleView({ get }: { get: ReturnType<typeof resource>['get'] }) {
      const article = useSuspense(get, { id: '1' })
      return <h1>{article.title}</h1>
    }

    it('throws a hard error (a 404) to the error boundary as an Error with its message and status', async () => {
      fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found', json: { detail: 'no such article' } })
      const { get } = resource()
      renderWithStore(<ArticleView get={get} />, { errorComponent: ShowError })
      const alert = await screen.findByRole('alert')
      expect(alert.textContent).toContain(`Error: 404 Not Found from GET ${url}`)
      expect(alert.textContent).toContain('status 404')
      expect(fake.requests).toHaveLength(1)
    })

    it('retries from the error boundary at once, whatever errorExpiryLength: the fallback, then the data', async () => {
      fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found' })
      const { get } = resource()
      renderWithStore(<ArticleView get={get} />)
      await screen.findByRole('alert')
      expect(screen.getByRole('alert').textContent).toContain('404 Not Found')

      const held = fake.hold(`GET ${url}`)
      // Well inside errorExpiryLength (1 s by default): the retry still refetches.
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
      await settle()
      expect(screen.getByText(LOADING)).toBeTruthy()
      expect(screen.queryByRole('alert')).toBeNull()
      expect(fake.requests).toHaveLength(2)

      await settle(() => held.answer({ json: articleDetail('1', { title: 'Found it' }) }))
      expect(screen.getByRole('heading', { name: 'Found it' })).toBeTruthy()
      expect(fake.requests).toHaveLength(2)
    })

    it('shows the error again when the retry fails too', async () => {
      fake.route(`GET ${url}`, { status: 404, statusText: 'Not Found' })
      const { get } = resource()
      renderWithStore(<ArticleView get={get} />)
      await screen.findByRole('alert')
      fake.route(`GET ${url}`, { status: 410, statusText: 'Gone' })
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
      await settle()
      expect((await screen.findByRole('alert')).textContent).toContain('410 Gone')
      expect(fake.requests).toHaveLength(2)
    })

    it('keeps showing the last data when a refetch fails with a soft error (a 500)', async () => {
      fake.route(`GET ${url}`, { json: articleDetail('1', { title: 'Cached' }) })
      const { get } = resource()
      const { controller } = renderWithStore(<ArticleView get={get} />, { errorComponent: ShowError })
      expect(await screen.findByRole('heading', { name: 'Cached' })).toBeTruthy()

      fake.route(`GET ${url}`, { status: 500, statusText: 'Internal Server Error' })
      let failure: unknown
      await settle(() => controller.fetch(get, { id: '1' }).catch((error: unknown) => void (failure = error)))
      expect((failure as { status?: number }).status).toBe(500)
      expect(fake.requests).toHaveLength(2)
      expect(screen.getByRole('heading', { name: 'Cached' })).toBeTruthy()
      expect(screen.queryByRole('alert')).toBeNull()
    })

    it('throws a hard error to the boundary even when data is cached', async () => {
      fake.route(`GET ${url}`, { json: articleDetail('1', { title: 'Cached' }) })
      const { get } = resource()
      const { controller } = renderWithStore(<ArticleView get={get} />, { errorComponent: ShowError })
      expect(await screen.findByRole('heading', { name: 'Cached' })).toBeTruthy()

      fake.route(`GET ${url}`, { status: 410, statusText: 'Gone' })
      await settle(() => controller.fetch(get, { id: '1' }).catch(() => undefined))
      expect(screen.getByRole('alert').textContent).toContain('Error: 410 Gone')
      expect(screen.queryByRole('heading')).toBeNull()
    })

    it('says to wrap the app in a DataProvider when there is none', () => {
      const { getArticle } = createBlogApi()
      function Orphan() {
        useSuspense(getArticle.endpoint, { id: '1' })
        return null
      }
      render(
        <ErrorBoundary fallbackComponent={ShowError}>
          <Orphan />
        </ErrorBoundary>,
      )
      expect(screen.getByRole('alert').textContent).toMatch(/useSuspense must be used inside <DataProvider>.*wrap/)
      expect(getArticle.calls).toHaveLength(0)
    })
  })

  it('reads dependently: a second read takes its arguments from the first one’s result', async () => {
    const { getArticle, getArticles } = createBlogApi()
    function MoreByAuthor({ id }: { id: string }) {
      const article = useSuspense(getArticle.endpoint, { id })
      const others = useSuspense(getArticles.endpoint, { authorId: article.author.id })
      return (
        <p>
          {article.title} by {article.author.name}: {others.length} articles
        </p>
      )
    }
    renderWithStore(<MoreByAuthor id="1" />)
    await settle()
    expect(getArticles.calls).toHaveLength(0)

    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { author: { id: 'u7', name: 'A.' } })))
    expect(screen.getByText(LOADING)).toBeTruthy()
    expect(getArticles.calls.map((call) => call.args)).toEqual([[{ authorId: 'u7' }]])

    const u7 = { author: { id: 'u7', name: 'A.' } }
    await settle(() => getArticles.calls[0]!.resolve([articleSummary('1', u7), articleSummary('5', u7)]))
    expect(screen.getByText('Article 1 by A.: 2 articles')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(1)
  })

  it('answers a read of an entity another response already brought, without a request; its expiry is the entity’s', async () => {
    const { getArticle, getUser } = createBlogApi()
    function Author({ id }: { id: string }) {
      const user = useSuspense(getUser.endpoint, { id })
      return <p>by {user.name}</p>
    }
    const test = createTestStore()
    const loading = test.controller.fetch(getArticle.endpoint, { id: '1' })
    await getArticle.calls[0]!.resolve(articleDetail('1', { author: { id: 'u7', name: 'A.' } }))
    await loading
    const { rerender } = renderWithStore(<Author id="u7" />, { store: test })
    expect(screen.getByText('by A.')).toBeTruthy()
    await settle()
    expect(getUser.calls).toHaveLength(0)

    // Once the entity is stale, the next render shows it and refetches it in the background.
    test.clock.advance(61_000)
    rerender(<Author id="u7" />)
    await settle()
    expect(screen.getByText('by A.')).toBeTruthy()
    expect(getUser.calls.map((call) => call.args)).toEqual([[{ id: 'u7' }]])
    await settle(() => getUser.calls[0]!.resolve({ id: 'u7', name: 'Ada' }))
    expect(screen.getByText('by Ada')).toBeTruthy()
  })

  it('keeps the nesting of an embedded object schema ({ results: [Article], cursor })', async () => {
    const getFeed = createFakeEndpoint('getFeed', { schema: { results: [Article], cursor: '' } })
    function Feed() {
      const feed = useSuspense(getFeed.endpoint)
      return (
        <section>
          <ul>
            {feed.results.map((article) => (
              <li key={article.id}>
                {article instanceof Article ? 'Article' : 'plain'} {article.title} by {article.author.name}
              </li>
            ))}
          </ul>
          <p>next: {feed.cursor}</p>
        </section>
      )
    }
    renderWithStore(<Feed />)
    await settle()
    await settle(() =>
      getFeed.calls[0]!.resolve({ results: [articleDetail('1'), articleDetail('2', { author: { id: 'u2', name: 'Grace' } })], cursor: 'page-2' }),
    )
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Article Article 1 by Ada', 'Article Article 2 by Grace'])
    expect(screen.getByText('next: page-2')).toBeTruthy()
  })
})
