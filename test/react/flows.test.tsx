/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { fireEvent, screen } from '@testing-library/react'
import { createContext, Suspense, useContext, useState } from 'react'
import { createResource, hookifyResource, useController, useQuery, useSuspense } from '../../src/index'
import { Article, ArticleSummary } from '../fixtures/blog'
import { articleDetail, articleSummary } from '../fixtures/blogApi'
import { API } from '../fixtures/todos'
import { createTestStore } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { LOADING, renderWithStore, settle } from '../helpers/renderWithStore'

/** The article resource as the spec's summary/detail pattern builds it: the list returns summaries. */
function articleResource(options: { optimistic?: boolean } = {}) {
  const base = createResource({ urlPrefix: API, path: '/articles/:id', schema: Article, ...options })
  return { ...base, getList: base.getList.extend({ schema: [ArticleSummary] }) }
}

const ArticleResource = articleResource()
const OptimisticArticleResource = articleResource({ optimistic: true })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const requested = () => fake.requests.map((request) => `${request.method} ${request.url.slice(API.length)}`)

function ArticleList({ onOpen }: { onOpen?: (id: string) => void }) {
  const articles = useSuspense(ArticleResource.getList)
  return (
    <ul aria-label="articles">
      {articles.map((article) => (
        <li key={article.id}>
          <button onClick={() => onOpen?.(article.id)}>{article.title}</button>
        </li>
      ))}
    </ul>
  )
}

function ArticleDetail({ id, resource = ArticleResource }: { id: string; resource?: typeof ArticleResource }) {
  const article = useSuspense(resource.get, { id })
  return (
    <article>
      <h1>{article.title}</h1>
      <p>{article.body}</p>
    </article>
  )
}

describe('summary list and detail', () => {
  /** What the cache holds for one article, through the summary and the detail entity. */
  function CacheProbe({ id }: { id: string }) {
    const summary = useQuery(ArticleSummary, { id })
    const detail = useQuery(Article, { id })
    return (
      <p>
        summary: {summary?.title ?? 'none'}, detail: {detail === undefined ? 'incomplete' : detail.body}
      </p>
    )
  }

  function Blog() {
    const [open, setOpen] = useState<string | null>(null)
    return (
      <>
        <ArticleList onOpen={setOpen} />
        <CacheProbe id="1" />
        {open !== null && (
          <Suspense fallback={<p>Loading article…</p>}>
            <ArticleDetail id={open} />
          </Suspense>
        )}
      </>
    )
  }

  it('lists summaries, then the detail view fetches because validate finds fields missing, then renders the body', async () => {
    fake.route(`GET ${API}/articles`, { json: [articleSummary('1'), articleSummary('2')] })
    const detail = fake.hold(`GET ${API}/articles/1`)
    renderWithStore(<Blog />)
    expect(await screen.findByRole('button', { name: 'Article 1' })).toBeTruthy()
    // The summary is in the cache, but validateRequired does not accept it as an Article.
    expect(screen.getByText('summary: Article 1, detail: incomplete')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Article 1' }))
    await settle()
    expect(screen.getByText('Loading article…')).toBeTruthy()
    expect(detail.waiting()).toBe(1)

    await settle(() => detail.answer({ json: articleDetail('1', { body: 'The full text' }) }))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(screen.getByText('The full text')).toBeTruthy()
    expect(screen.getByText('summary: Article 1, detail: The full text')).toBeTruthy()
    // The list did not refetch.
    expect(requested()).toEqual(['GET /articles', 'GET /articles/1'])
  })
})

describe('one entity, many endpoints', () => {
  function Rename({ id, title }: { id: string; title: string }) {
    const controller = useController()
    return <button onClick={() => void controller.fetch(ArticleResource.update, { id }, articleDetail(id, { title }))}>Rename {id}</button>
  }

  it('shows an update made through a mutation in a component that read the list', async () => {
    fake.route(`GET ${API}/articles`, { json: [articleSummary('1'), articleSummary('2')] })
    fake.route(`PUT ${API}/articles/2`, (request) => ({ json: request.json() }))
    renderWithStore(
      <>
        <ArticleList />
        <Rename id="2" title="Renamed" />
      </>,
    )
    expect(await screen.findByRole('button', { name: 'Article 2' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Rename 2' }))
    await settle()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Article 1', 'Renamed'])
    expect(requested()).toEqual(['GET /articles', 'PUT /articles/2'])
    expect(fake.requests[1]!.json()).toMatchObject({ id: '2', title: 'Renamed' })
  })

  it('shows a response written with setResponse for another endpoint in a component that read the list', async () => {
    fake.route(`GET ${API}/articles`, { json: [articleSummary('1'), articleSummary('2')] })
    const { controller } = renderWithStore(<ArticleList />)
    expect(await screen.findByRole('button', { name: 'Article 1' })).toBeTruthy()

    await settle(() => controller.setResponse(ArticleResource.get, { id: '1' }, articleDetail('1', { title: 'Pushed by a websocket' })))
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Pushed by a websocket', 'Article 2'])
    expect(requested()).toEqual(['GET /articles'])
  })
})

it('controller.invalidate makes the next render of that argument set suspend and refetch; others stay', async () => {
  fake.route(`GET ${API}/articles/1`, { json: articleDetail('1') })
  fake.route(`GET ${API}/articles/2`, { json: articleDetail('2') })
  const { controller } = renderWithStore(
    <>
      <Suspense fallback={<p>loading 1</p>}>
        <ArticleDetail id="1" />
      </Suspense>
      <Suspense fallback={<p>loading 2</p>}>
        <ArticleDetail id="2" />
      </Suspense>
    </>,
  )
  expect(await screen.findByRole('heading', { name: 'Article 1' })).toBeTruthy()
  expect(await screen.findByRole('heading', { name: 'Article 2' })).toBeTruthy()

  const refetch = fake.hold(`GET ${API}/articles/1`)
  await settle(() => controller.invalidate(ArticleResource.get, { id: '1' }))
  expect(screen.getByText('loading 1')).toBeTruthy()
  expect(screen.getByRole('heading', { name: 'Article 2' })).toBeTruthy()
  expect(refetch.waiting()).toBe(1)

  await settle(() => refetch.answer({ json: articleDetail('1', { title: 'Refetched' }) }))
  expect(screen.getByRole('heading', { name: 'Refetched' })).toBeTruthy()
  expect(requested()).toEqual(['GET /articles/1', 'GET /articles/2', 'GET /articles/1'])
})

describe('optimistic mutations (createResource optimistic: true)', () => {
  function EditableTitle({ id }: { id: string }) {
    const controller = useController()
    const [failure, setFailure] = useState('')
    const rename = () =>
      controller.fetch(OptimisticArticleResource.partialUpdate, { id }, { title: 'Optimistic title' }).then(
        () => setFailure(''),
        (error: Error) => setFailure(error.message),
      )
    return (
      <>
        <ArticleDetail id={id} resource={OptimisticArticleResource} />
        <button onClick={rename}>Rename</button>
        {failure && <p role="status">{failure}</p>}
      </>
    )
  }

  async function renderEditable() {
    fake.route(`GET ${API}/articles/1`, { json: articleDetail('1') })
    const patch = fake.hold(`PATCH ${API}/articles/1`)
    renderWithStore(<EditableTitle id="1" />)
    expect(await screen.findByRole('heading', { name: 'Article 1' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    await settle()
    return patch
  }

  it('shows the expected result before the server answers, then the answer', async () => {
    const patch = await renderEditable()
    expect(patch.waiting()).toBe(1)
    expect(screen.getByRole('heading', { name: 'Optimistic title' })).toBeTruthy()
    expect(screen.getByText('Body of 1')).toBeTruthy()

    await settle(() => patch.answer({ json: articleDetail('1', { title: 'Title as saved' }) }))
    expect(screen.getByRole('heading', { name: 'Title as saved' })).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('rolls the expected result back when the mutation fails', async () => {
    const patch = await renderEditable()
    expect(screen.getByRole('heading', { name: 'Optimistic title' })).toBeTruthy()

    await settle(() => patch.answer({ status: 409, statusText: 'Conflict' }))
    expect(screen.getByRole('heading', { name: 'Article 1' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('409 Conflict')
  })
})

it('pagination: "Load more" appends the next page to the rendered list', async () => {
  const FeedResource = { ...ArticleResource, getList: ArticleResource.getList.extend({ schema: { results: [ArticleSummary], cursor: '' } }) }
  const getNextPage = FeedResource.getList.paginated('cursor')
  function Feed() {
    const { results, cursor } = useSuspense(FeedResource.getList)
    const controller = useController()
    return (
      <>
        <ul>
          {results.map((article) => (
            <li key={article.id}>{article.title}</li>
          ))}
        </ul>
        {cursor ? <button onClick={() => void controller.fetch(getNextPage, { cursor })}>Load more</button> : <p>The end</p>}
      </>
    )
  }
  fake.route(`GET ${API}/articles`, { json: { results: [articleSummary('1'), articleSummary('2')], cursor: 'page-2' } })
  fake.route(`GET ${API}/articles?cursor=page-2`, { json: { results: [articleSummary('3'), articleSummary('4')], cursor: '' } })
  renderWithStore(<Feed />)
  expect(await screen.findByRole('button', { name: 'Load more' })).toBeTruthy()
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Article 1', 'Article 2'])

  fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
  await settle()
  expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Article 1', 'Article 2', 'Article 3', 'Article 4'])
  expect(screen.getByText('The end')).toBeTruthy()
  expect(screen.queryByText(LOADING)).toBeNull()
  expect(requested()).toEqual(['GET /articles', 'GET /articles?cursor=page-2'])
})

it('hookifyResource: the headers useInit returns reach the requests of reads and mutations', async () => {
  const Token = createContext('')
  const ArticleHooks = hookifyResource(ArticleResource, function useInit() {
    return { headers: { Authorization: `Bearer ${useContext(Token)}` } }
  })
  function Title() {
    const article = useSuspense(ArticleHooks.useGet(), { id: '1' })
    const update = ArticleHooks.useUpdate()
    const controller = useController()
    return (
      <>
        <h1>{article.title}</h1>
        <button onClick={() => void controller.fetch(update, { id: '1' }, articleDetail('1', { title: 'Saved' }))}>Save</button>
      </>
    )
  }
  fake.route(`GET ${API}/articles/1`, { json: articleDetail('1') })
  fake.route(`PUT ${API}/articles/1`, (request) => ({ json: request.json() }))
  renderWithStore(
    <Token.Provider value="x">
      <Title />
    </Token.Provider>,
  )
  expect(await screen.findByRole('heading', { name: 'Article 1' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await settle()
  expect(screen.getByRole('heading', { name: 'Saved' })).toBeTruthy()
  expect(fake.requests.map((request) => [request.method, request.headers['authorization']])).toEqual([
    ['GET', 'Bearer x'],
    ['PUT', 'Bearer x'],
  ])
})

it('useController() inside <DataProvider store={store}> is store.controller itself', () => {
  const test = createTestStore()
  function Probe() {
    return <p>{useController() === test.store.controller ? 'the store’s controller' : 'another controller'}</p>
  }
  renderWithStore(<Probe />, { store: test })
  expect(screen.getByText('the store’s controller')).toBeTruthy()
})
