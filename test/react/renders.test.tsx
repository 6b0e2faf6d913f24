/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { screen } from '@testing-library/react'
import { memo } from 'react'
import { useSuspense } from '../../src/index'
import type { ArticleSummary } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { grace } from '../fixtures/responses'
import { createTestStore, type TestStore } from '../helpers/createTestStore'
import { renderWithStore, settle } from '../helpers/renderWithStore'

/** Render counts by component label, reset per test. */
let renders: Record<string, number>
beforeEach(() => {
  renders = {}
})
const count = (label: string) => void (renders[label] = (renders[label] ?? 0) + 1)

type BlogApi = ReturnType<typeof createBlogApi>

/** Fills the cache so nothing suspends: a list of articles 1 and 2, and both details. Article 2 is by Grace. */
function filledStore(api: BlogApi): TestStore {
  const test = createTestStore()
  test.controller.setResponse(api.getArticles.endpoint, [articleSummary('1'), articleSummary('2', { author: grace })])
  test.controller.setResponse(api.getArticle.endpoint, { id: '1' }, articleDetail('1'))
  test.controller.setResponse(api.getArticle.endpoint, { id: '2' }, articleDetail('2', { author: grace }))
  return test
}

function setup() {
  const api = createBlogApi()
  const Row = memo(function Row({ article }: { article: ArticleSummary }) {
    count(`row ${article.id}`)
    return <li>{article.title}</li>
  })
  function List() {
    count('list')
    const articles = useSuspense(api.getArticles.endpoint)
    return (
      <ul>
        {articles.map((article) => (
          <Row key={article.id} article={article} />
        ))}
      </ul>
    )
  }
  function Detail({ id }: { id: string }) {
    count(`detail ${id}`)
    const article = useSuspense(api.getArticle.endpoint, { id })
    return (
      <h1>
        {article.title} by {article.author.name}
      </h1>
    )
  }
  const test = filledStore(api)
  const view = renderWithStore(
    <>
      <List />
      <Detail id="1" />
      <Detail id="2" />
    </>,
    { store: test },
  )
  const initial = { list: 1, 'row 1': 1, 'row 2': 1, 'detail 1': 1, 'detail 2': 1 }
  expect(renders).toEqual(initial)
  return { api, ...view, initial }
}

describe('a component re-renders only when the data it reads changes', () => {
  it('updating one entity re-renders the components that show it, not those showing another one', async () => {
    const { api, controller } = setup()
    renders = {}
    await settle(() => controller.setResponse(api.getArticle.endpoint, { id: '1' }, articleDetail('1', { title: 'Changed' })))
    expect(screen.getByRole('heading', { name: 'Changed by Ada' })).toBeTruthy()
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Changed', 'Article 2'])
    // The list itself changed (one of its items did), but row 2 got the very same entity object.
    expect(renders).toEqual({ list: 1, 'row 1': 1, 'detail 1': 1 })
  })

  it('updating a nested entity re-renders the readers of the entities that contain it', async () => {
    const { api, controller } = setup()
    renders = {}
    await settle(() => controller.setResponse(api.getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada Lovelace' }))
    expect(screen.getByRole('heading', { name: 'Article 1 by Ada Lovelace' })).toBeTruthy()
    expect(renders).toEqual({ list: 1, 'row 1': 1, 'detail 1': 1 })
  })

  it('a mutation of one entity re-renders its readers once its response lands, the others never', async () => {
    const { api, controller } = setup()
    renders = {}
    let saving: Promise<unknown> | undefined
    await settle(() => void (saving = controller.fetch(api.updateArticle.endpoint, { id: '2' }, { title: 'Edited' })))
    // The request is out: nothing shown changed yet.
    expect(renders).toEqual({})

    await settle(() => api.updateArticle.calls[0]!.resolve(articleDetail('2', { title: 'Edited', author: grace })))
    await saving
    expect(screen.getByRole('heading', { name: 'Edited by Grace' })).toBeTruthy()
    expect(renders).toEqual({ list: 1, 'row 2': 1, 'detail 2': 1 })
  })

  it('dispatching unrelated actions re-renders nothing', async () => {
    const { api, controller } = setup()
    renders = {}
    await settle(async () => {
      // Another article: fetched (a FETCH and a RECEIVE), invalidated, failed.
      const fetching = controller.fetch(api.getArticle.endpoint, { id: '3' })
      await api.getArticle.calls[0]!.resolve(articleDetail('3'))
      await fetching
      controller.invalidate(api.getArticle.endpoint, { id: '3' })
      controller.setError(api.getArticle.endpoint, { id: '4' }, new Error('not found'))
      // A user nobody shows, and an endpoint nobody reads.
      controller.setResponse(api.getUser.endpoint, { id: 'u9' }, { id: 'u9', name: 'Nobody' })
      controller.setResponse(api.getArticles.endpoint, { page: 2 }, [articleSummary('5')])
    })
    expect(renders).toEqual({})
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Article 1 by Ada', 'Article 2 by Grace'])
  })
})
