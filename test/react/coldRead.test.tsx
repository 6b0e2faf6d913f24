/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { screen } from '@testing-library/react'
import { Entity, RestEndpoint, useSuspense } from '../../src/index'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { LOADING, renderWithStore, settle } from '../helpers/renderWithStore'

class Book extends Entity {
  id = ''
  title = ''
  pk() {
    return this.id
  }
  static override key = 'Book'
}

/** A RestEndpoint that counts how many times it builds a URL. */
class CountingEndpoint<O extends { path: string; schema?: any }> extends RestEndpoint<O> {
  static built = 0
  override url(params?: Record<string, unknown>): string {
    CountingEndpoint.built++
    return super.url(params)
  }
}

function Title() {
  const book = useSuspense(getBook, { id: '1' })
  return <p>{book.title}</p>
}

const getBook = new CountingEndpoint({ path: '/books/:id', schema: Book })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
  CountingEndpoint.built = 0
})
afterEach(() => fake.restore())

describe('a cold useSuspense read', () => {
  it('builds the URL of its call once: for its key, its reads, and the request', async () => {
    const book = fake.hold('GET /books/1')
    renderWithStore(<Title />)
    expect(screen.getByText(LOADING)).toBeTruthy()
    await settle()
    expect(fake.requests.map((r) => r.url)).toEqual(['/books/1'])
    expect(CountingEndpoint.built).toBe(1)
    await settle(() => book.answer({ json: { id: '1', title: 'Dune' } }))
    expect(screen.getByText('Dune')).toBeTruthy()
    // Renders after the answer read the same parameters: still the one URL.
    expect(CountingEndpoint.built).toBe(1)
  })
})
