/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode, Suspense, type ReactElement } from 'react'
import {
  AsyncBoundary,
  DataProvider,
  PollingManager,
  devTools,
  schema,
  useCache,
  useController,
  useDLE,
  useFetch,
  useLive,
  useLoading,
  useQuery,
  useRevalidate,
  useSubscription,
  useSuspense,
  type ErrorFallbackProps,
} from '../../src/index'
import { Article } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { LOADING, allowConsoleErrors, renderWithStore, settle } from '../helpers/renderWithStore'

type ArticleEndpoint = ReturnType<typeof createBlogApi>['getArticle']['endpoint']

function Title({ endpoint, id = '1' }: { endpoint: ArticleEndpoint; id?: string }) {
  const article = useSuspense(endpoint, { id })
  return <h1>{article.title}</h1>
}

describe('useCache', () => {
  it('reads what is cached and never fetches: undefined until something fills it, stale data as it is', async () => {
    const { getArticle } = createBlogApi({ dataExpiryLength: 1_000 })
    function CachedTitle() {
      const article = useCache(getArticle.endpoint, { id: '1' })
      return <p>{article === undefined ? 'not cached' : article.title}</p>
    }
    const { controller, clock } = renderWithStore(<CachedTitle />)
    await settle()
    expect(screen.getByText('not cached')).toBeTruthy()

    await settle(() => controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1')))
    expect(screen.getByText('Article 1')).toBeTruthy()

    clock.advance(5_000)
    await settle(() => controller.setResponse(getArticle.endpoint, { id: '2' }, articleDetail('2')))
    expect(screen.getByText('Article 1')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(0)
  })

  it('returns undefined once the data is invalidated or deleted (a logout), and still fetches nothing', async () => {
    const { getArticle, getUser, deleteArticle } = createBlogApi()
    const test = createTestStore()
    test.controller.setResponse(getUser.endpoint, { id: 'me' }, { id: 'me', name: 'Ada' })
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    function Header() {
      const user = useCache(getUser.endpoint, { id: 'me' })
      const article = useCache(getArticle.endpoint, { id: '1' })
      return (
        <p>
          {user === undefined ? 'Log in' : `Hello ${user.name}`} / {article === undefined ? 'no article' : article.title}
        </p>
      )
    }
    renderWithStore(<Header />, { store: test })
    expect(screen.getByText('Hello Ada / Article 1')).toBeTruthy()

    await settle(() => test.controller.invalidate(getUser.endpoint, { id: 'me' }))
    expect(screen.getByText('Log in / Article 1')).toBeTruthy()

    await settle(async () => {
      const deleting = test.controller.fetch(deleteArticle.endpoint, { id: '1' })
      await deleteArticle.calls[0]!.resolve({ id: '1' })
      await deleting
    })
    expect(screen.getByText('Log in / no article')).toBeTruthy()
    expect([getUser.calls.length, getArticle.calls.length]).toEqual([0, 0])
  })
})

describe('useQuery', () => {
  const allArticles = new schema.All(Article)

  function AllTitles() {
    const articles = useQuery(allArticles)
    return <p>all: {articles === undefined || articles.length === 0 ? 'none' : articles.map((article) => article.title).join(', ')}</p>
  }

  it('lists every cached article with schema.All, including one created later, and never fetches', async () => {
    const { getArticle } = createBlogApi()
    const createArticle = createFakeEndpoint('createArticle', { schema: Article, sideEffect: true })
    const { controller } = renderWithStore(<AllTitles />)
    expect(screen.getByText('all: none')).toBeTruthy()

    await settle(() => {
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      controller.setResponse(getArticle.endpoint, { id: '2' }, articleDetail('2'))
    })
    expect(screen.getByText('all: Article 1, Article 2')).toBeTruthy()

    await settle(async () => {
      const creating = controller.fetch(createArticle.endpoint, { title: 'Brand new' })
      await createArticle.calls[0]!.resolve(articleDetail('3', { title: 'Brand new' }))
      await creating
    })
    expect(screen.getByText('all: Article 1, Article 2, Brand new')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(0)
  })

  it('finds one entity by its id, whatever endpoint cached it', async () => {
    const { getArticles, getArticle } = createBlogApi()
    function ArticleById({ id }: { id: string }) {
      const article = useQuery(Article, { id })
      return <p>{article === undefined ? `no article ${id}` : `${article.title}: ${article.body}`}</p>
    }
    const { controller } = renderWithStore(
      <>
        <ArticleById id="1" />
        <ArticleById id="2" />
      </>,
    )
    await settle(() => {
      controller.setResponse(getArticles.endpoint, [articleSummary('2')])
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    })
    expect(screen.getByText('Article 1: Body of 1')).toBeTruthy()
    // Article 2 is only a summary, which Article's validate refuses.
    expect(screen.getByText('no article 2')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(0)
  })
})

describe('useDLE', () => {
  function ArticleState({ endpoint, id }: { endpoint: ArticleEndpoint; id: string | null }) {
    const { data, loading, error } = useDLE(endpoint, ...(id === null ? ([null] as const) : ([{ id }] as const)))
    if (error) return <p role="alert">failed: {error.message}</p>
    if (loading) return <p>fetching…</p>
    return <p>{data === undefined ? 'no data' : data.title}</p>
  }

  it('reports loading, then the data, without suspending', async () => {
    const { getArticle } = createBlogApi()
    renderWithStore(<ArticleState endpoint={getArticle.endpoint} id="1" />)
    expect(screen.getByText('fetching…')).toBeTruthy()
    expect(screen.queryByText(LOADING)).toBeNull()
    expect(getArticle.calls).toHaveLength(1)

    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1')))
    expect(screen.getByText('Article 1')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(1)
  })

  it('reports the error instead of throwing it, and does not refetch in a loop', async () => {
    const { getArticle } = createBlogApi()
    renderWithStore(<ArticleState endpoint={getArticle.endpoint} id="1" />)
    await settle(() => getArticle.calls[0]!.reject(Object.assign(new Error('Article 1 is gone'), { status: 404 })))
    expect(screen.getByRole('alert').textContent).toBe('failed: Article 1 is gone')
    expect(getArticle.calls).toHaveLength(1)
  })

  it('with null arguments is neither loading nor fetching', async () => {
    const { getArticle } = createBlogApi()
    renderWithStore(<ArticleState endpoint={getArticle.endpoint} id={null} />)
    await settle()
    expect(screen.getByText('no data')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(0)
  })
})

describe('useLoading', () => {
  function SaveButton({ endpoint }: { endpoint: ReturnType<typeof createBlogApi>['updateArticle']['endpoint'] }) {
    const controller = useController()
    const [save, saving, error] = useLoading((title: string) => controller.fetch(endpoint, { id: '1' }, { title }))
    return (
      <>
        <button onClick={() => void save('New title')}>{saving ? 'Saving…' : 'Save'}</button>
        {error && <p role="alert">{error.message}</p>}
      </>
    )
  }

  it('is pending while the mutation runs, then not', async () => {
    const { updateArticle } = createBlogApi()
    renderWithStore(<SaveButton endpoint={updateArticle.endpoint} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeTruthy()
    expect(updateArticle.calls[0]!.args).toEqual([{ id: '1' }, { title: 'New title' }])

    await settle(() => updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'New title' })))
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('captures the mutation’s error', async () => {
    const { updateArticle } = createBlogApi()
    renderWithStore(<SaveButton endpoint={updateArticle.endpoint} />)
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    await settle(() => updateArticle.calls[0]!.reject(new Error('Title taken')))
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Title taken')
  })

  it('memoizes run on its deps, calling the function of the render that changed them', async () => {
    const runs: ((...args: []) => Promise<string | undefined>)[] = []
    function Probe({ label, dep }: { label: string; dep: number }) {
      const [run] = useLoading(async () => label, [dep])
      runs.push(run)
      return null
    }
    const { rerender } = render(<Probe label="a" dep={1} />)
    rerender(<Probe label="b" dep={1} />)
    expect(runs[1]).toBe(runs[0])
    let result: string | undefined
    await act(async () => {
      result = await runs[1]!()
    })
    expect(result).toBe('a')
    rerender(<Probe label="c" dep={2} />)
    expect(runs.at(-1)).not.toBe(runs[0])
    await act(async () => {
      result = await runs.at(-1)!()
    })
    expect(result).toBe('c')
  })

  it('without deps keeps one run for the component’s life, calling the latest function', async () => {
    const runs: ((...args: []) => Promise<string | undefined>)[] = []
    function Probe({ label }: { label: string }) {
      const [run] = useLoading(async () => label)
      runs.push(run)
      return null
    }
    const { rerender } = render(<Probe label="a" />)
    rerender(<Probe label="b" />)
    expect(new Set(runs).size).toBe(1)
    let result: string | undefined
    await act(async () => {
      result = await runs[0]!()
    })
    expect(result).toBe('b')
  })
})

describe('useFetch', () => {
  it('prefetches without suspending, so a later reader renders at once without another request', async () => {
    const { getArticle } = createBlogApi()
    function Page({ open }: { open: boolean }) {
      useFetch(getArticle.endpoint, { id: '1' })
      return (
        <>
          <p>page shell</p>
          {open && (
            <Suspense fallback={<p>loading detail</p>}>
              <Title endpoint={getArticle.endpoint} />
            </Suspense>
          )}
        </>
      )
    }
    const { rerender } = renderWithStore(<Page open={false} />)
    expect(screen.getByText('page shell')).toBeTruthy()
    expect(screen.queryByText(LOADING)).toBeNull()
    expect(getArticle.calls).toHaveLength(1)

    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1')))
    rerender(<Page open />)
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(screen.queryByText('loading detail')).toBeNull()
    expect(getArticle.calls).toHaveLength(1)
  })

  it('fetches nothing when the data is Valid', async () => {
    const { getArticle } = createBlogApi()
    const test = createTestStore()
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    function Prefetch() {
      useFetch(getArticle.endpoint, { id: '1' })
      return <p>prefetching</p>
    }
    renderWithStore(<Prefetch />, { store: test })
    await settle()
    expect(getArticle.calls).toHaveLength(0)
  })
})

describe('revalidation', () => {
  let visibility: DocumentVisibilityState
  beforeEach(() => {
    visibility = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility })
  })
  afterEach(() => {
    delete (document as { visibilityState?: unknown }).visibilityState
  })

  /** A mounted reader of Valid data; `expire()` moves the clock past its expiry without telling anyone. */
  function renderFresh(ui?: (endpoint: ArticleEndpoint) => ReactElement) {
    const { getArticle } = createBlogApi({ dataExpiryLength: 1_000 })
    const test = createTestStore()
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    const view = renderWithStore(ui ? ui(getArticle.endpoint) : <Title endpoint={getArticle.endpoint} />, { store: test })
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    return { ...view, getArticle, expire: () => test.clock.advance(1_001) }
  }

  const becomeVisible = () =>
    settle(() => {
      visibility = 'visible'
      document.dispatchEvent(new Event('visibilitychange'))
    })

  it('refetches stale data on screen when the page becomes visible, then shows the new data', async () => {
    const { getArticle, expire } = renderFresh()
    expire()
    await settle(() => {
      visibility = 'hidden'
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(getArticle.calls).toHaveLength(0)

    await becomeVisible()
    expect(getArticle.calls).toHaveLength(1)
    // Stale-while-revalidate: the old data stays on screen meanwhile.
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Revalidated' })))
    expect(screen.getByRole('heading', { name: 'Revalidated' })).toBeTruthy()
  })

  it('refetches stale data on screen when the network comes back', async () => {
    const { getArticle, expire } = renderFresh()
    expire()
    await settle(() => window.dispatchEvent(new Event('online')))
    expect(getArticle.calls).toHaveLength(1)
  })

  it('leaves Valid data alone on visibilitychange and online', async () => {
    const { getArticle } = renderFresh()
    await becomeVisible()
    await settle(() => window.dispatchEvent(new Event('online')))
    expect(getArticle.calls).toHaveLength(0)
  })

  it('forgets reads that are no longer on screen', async () => {
    const { getArticle, expire, rerender } = renderFresh()
    // The provider stays mounted; only the reader goes.
    rerender(<p>another page</p>)
    expire()
    await becomeVisible()
    expect(getArticle.calls).toHaveLength(0)
  })

  it('useRevalidate() returns a function that does the same (for screen focus in React Navigation)', async () => {
    function FocusButton() {
      const revalidate = useRevalidate()
      return <button onClick={revalidate}>focus</button>
    }
    const { getArticle, expire } = renderFresh((endpoint) => (
      <>
        <Title endpoint={endpoint} />
        <FocusButton />
      </>
    ))
    fireEvent.click(screen.getByRole('button', { name: 'focus' }))
    await settle()
    expect(getArticle.calls).toHaveLength(0)

    expire()
    fireEvent.click(screen.getByRole('button', { name: 'focus' }))
    await settle()
    expect(getArticle.calls).toHaveLength(1)
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Focused' })))
    expect(screen.getByRole('heading', { name: 'Focused' })).toBeTruthy()
  })
})

describe('polling (pollFrequency)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  function LiveTitle({ endpoint }: { endpoint: ArticleEndpoint }) {
    return <h1>{useLive(endpoint, { id: '1' }).title}</h1>
  }

  it('makes one request per interval while subscribed, however many components subscribe, and none after unmount', async () => {
    const getArticle = createFakeEndpoint('getArticle', { schema: Article, pollFrequency: 1_000 })
    const test = createTestStore({ managers: [new PollingManager()] })
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    const { unmount } = renderWithStore(
      <>
        <LiveTitle endpoint={getArticle.endpoint} />
        <LiveTitle endpoint={getArticle.endpoint} />
      </>,
      { store: test },
    )
    const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms))

    tick(999)
    expect(getArticle.calls).toHaveLength(0)
    tick(1)
    expect(getArticle.calls).toHaveLength(1)
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Polled' })))
    expect(screen.getAllByRole('heading', { name: 'Polled' })).toHaveLength(2)

    tick(1_000)
    expect(getArticle.calls).toHaveLength(2)
    await settle(() => getArticle.calls[1]!.resolve(articleDetail('1', { title: 'Polled again' })))

    unmount()
    tick(5_000)
    expect(getArticle.calls).toHaveLength(2)
  })

  // data-client polls what is subscribed to (useSubscription, useLive), not every read: a screen
  // that reads an endpoint and subscribes only while a flag is on polls only while it is on.
  it('polls only while subscribed: a read alone does not poll, and a subscription toggled off and on stops and starts it', async () => {
    const getArticle = createFakeEndpoint('getArticle', { schema: Article, pollFrequency: 1_000 })
    const test = createTestStore({ managers: [new PollingManager()] })
    test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    function Toggled({ active }: { active: boolean }) {
      useSubscription(getArticle.endpoint, active ? { id: '1' } : null)
      return <h1>{useSuspense(getArticle.endpoint, { id: '1' }).title}</h1>
    }
    const { rerender } = renderWithStore(<Toggled active={false} />, { store: test })
    const tick = (ms: number) => act(() => void jest.advanceTimersByTime(ms))
    tick(5_000)
    expect(getArticle.calls).toHaveLength(0)

    rerender(<Toggled active />)
    tick(1_000)
    expect(getArticle.calls).toHaveLength(1)
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Polled' })))

    rerender(<Toggled active={false} />)
    tick(5_000)
    expect(getArticle.calls).toHaveLength(1)
    rerender(<Toggled active />)
    tick(1_000)
    expect(getArticle.calls).toHaveLength(2)
  })
})

describe('AsyncBoundary', () => {
  function Oops({ error, resetErrorBoundary }: ErrorFallbackProps) {
    return (
      <div role="alert">
        Oops: {error.message}
        <button onClick={resetErrorBoundary}>Again</button>
      </div>
    )
  }

  it('shows its fallback while loading and its errorComponent on failure, whose reset renders the children again', async () => {
    allowConsoleErrors()
    const { getArticle } = createBlogApi()
    const { clock } = renderWithStore(
      <AsyncBoundary fallback={<p>Custom loading</p>} errorComponent={Oops}>
        <Title endpoint={getArticle.endpoint} />
      </AsyncBoundary>,
    )
    await settle()
    expect(screen.getByText('Custom loading')).toBeTruthy()
    expect(screen.queryByText(LOADING)).toBeNull()

    await settle(() => getArticle.calls[0]!.reject(new Error('Server on fire')))
    expect(screen.getByRole('alert').textContent).toContain('Oops: Server on fire')

    clock.advance(1_001)
    fireEvent.click(screen.getByRole('button', { name: 'Again' }))
    await settle()
    expect(screen.getByText('Custom loading')).toBeTruthy()
    expect(getArticle.calls).toHaveLength(2)
    await settle(() => getArticle.calls[1]!.resolve(articleDetail('1')))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
  })
})

describe('DataProvider without a store', () => {
  afterEach(() => {
    delete (window as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__
  })

  function renderOwnStore(ui: ReactElement, strict = false) {
    const tree = (
      <DataProvider devtools={devTools()}>
        <AsyncBoundary fallback={<p>{LOADING}</p>}>{ui}</AsyncBoundary>
      </DataProvider>
    )
    return render(strict ? <StrictMode>{tree}</StrictMode> : tree)
  }

  /** A stand-in for the Redux DevTools extension that records the action types it is sent. */
  function installDevTools(): string[] {
    const sent: string[] = []
    const connection = { init() {}, send: (action: { type: string }) => void sent.push(action.type), subscribe: () => () => {} }
    ;(window as { __REDUX_DEVTOOLS_EXTENSION__?: unknown }).__REDUX_DEVTOOLS_EXTENSION__ = { connect: () => connection }
    return sent
  }

  it('makes its own store; in StrictMode a read still makes one request and devtools stays connected', async () => {
    const sent = installDevTools()
    const { getArticle } = createBlogApi()
    renderOwnStore(<Title endpoint={getArticle.endpoint} />, true)
    await settle()
    expect(getArticle.calls).toHaveLength(1)
    await settle(() => getArticle.calls[0]!.resolve(articleDetail('1')))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(sent).toEqual(['tessera/fetch', 'tessera/receive'])
  })

  it('cleans up the store it made once unmounted: in-flight requests are aborted, devtools is disconnected', async () => {
    const sent = installDevTools()
    const { getArticle } = createBlogApi()
    const { unmount } = renderOwnStore(<Title endpoint={getArticle.endpoint} />)
    await settle()
    expect(getArticle.calls[0]!.signal?.aborted).toBe(false)

    unmount()
    await act(flush)
    expect(getArticle.calls[0]!.signal?.aborted).toBe(true)
    await getArticle.calls[0]!.resolve(articleDetail('1'))
    expect(sent).toEqual(['tessera/fetch'])
  })
})
