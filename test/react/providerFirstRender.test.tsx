/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { act, render, screen } from '@testing-library/react'
import { Component, StrictMode, Suspense, type ReactNode } from 'react'
import { DataProvider, Entity, RestEndpoint, useSuspense } from '../../src/index'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

// A DataProvider given no `store` makes its own. React keeps nothing of a first render it does not
// commit (a Suspense boundary above the provider, an error it renders again to recover from), so
// the store must outlive such renders: otherwise every retry makes a new, empty store that fetches
// again and suspends again, for ever.

class Article extends Entity {
  id = 0
  title = ''
  pk() {
    return String(this.id)
  }
  static override key = 'Article'
}

const getArticles = new RestEndpoint({ path: '/api/articles', schema: [Article] })

function Articles() {
  const articles = useSuspense(getArticles)
  return (
    <ul>
      {articles.map((article) => (
        <li key={article.id}>{article.title}</li>
      ))}
    </ul>
  )
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

const realSetImmediate = globalThis.setImmediate
const tick = () => new Promise((resolve) => realSetImmediate(resolve))

/** Lets the fetch answer and React retry, a few rounds: a loop shows as more requests. */
async function settleRounds(rounds = 10) {
  for (let i = 0; i < rounds; i++) await act(tick)
}

const articlesRequests = () => fake.requests.filter((request) => request.url === '/api/articles').length

describe('a DataProvider that makes its own store', () => {
  it('under a Suspense boundary of the app: one request, and the list shows', async () => {
    fake.route('GET /api/articles', { json: [{ id: 1, title: 'First' }] })
    render(
      <Suspense fallback={<p>Loading…</p>}>
        <DataProvider>
          <Articles />
        </DataProvider>
      </Suspense>,
    )
    await settleRounds()
    expect(screen.getByText('First')).toBeTruthy()
    expect(articlesRequests()).toBe(1)
  })

  it('keeps the store through StrictMode double renders: one request', async () => {
    fake.route('GET /api/articles', { json: [{ id: 1, title: 'First' }] })
    render(
      <StrictMode>
        <Suspense fallback={<p>Loading…</p>}>
          <DataProvider>
            <Articles />
          </DataProvider>
        </Suspense>
      </StrictMode>,
    )
    await settleRounds()
    expect(screen.getByText('First')).toBeTruthy()
    expect(articlesRequests()).toBe(1)
  })

  it('when the first render throws and React renders again, every key is fetched once', async () => {
    fake.route('GET /api/articles', { json: [{ id: 1, title: 'First' }] })
    fake.route('GET /api/broken', { status: 500, json: { message: 'down' } })
    const getBroken = new RestEndpoint({ path: '/api/broken' })
    function Broken() {
      useSuspense(getBroken)
      return null
    }
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      render(
        <Catch>
          <Suspense fallback={<p>Loading…</p>}>
            <DataProvider>
              <Articles />
              <Broken />
            </DataProvider>
          </Suspense>
        </Catch>,
      )
      await settleRounds()
    } finally {
      errors.mockRestore()
    }
    expect(screen.getByText('caught')).toBeTruthy()
    expect(articlesRequests()).toBe(1)
    expect(fake.requests.filter((request) => request.url === '/api/broken')).toHaveLength(1)
  })

  it('a provider mounted again from the same element gets a new store (the old one was cleaned up)', async () => {
    let answered = 0
    fake.route('GET /api/articles', () => ({ json: [{ id: 1, title: `Answer ${++answered}` }] }))
    const app = (
      <Suspense fallback={<p>Loading…</p>}>
        <DataProvider>
          <Articles />
        </DataProvider>
      </Suspense>
    )
    const first = render(app)
    await settleRounds()
    expect(screen.getByText('Answer 1')).toBeTruthy()
    first.unmount()
    render(app)
    await settleRounds()
    expect(screen.getByText('Answer 2')).toBeTruthy()
    expect(articlesRequests()).toBe(2)
  })
})

class Catch extends Component<{ children?: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>caught</p> : this.props.children
  }
}
