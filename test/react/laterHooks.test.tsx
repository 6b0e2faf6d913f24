/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// Hooks data-client added after 0.10: useFetch's promise for React 19's use() (0.16),
// useDebounce (0.14.14, [value, isPending] since 0.15) and useCancelling.
import { act, fireEvent, screen } from '@testing-library/react'
import * as React from 'react'
import { useState } from 'react'
import { Entity, RestEndpoint, createResource, useCancelling, useDebounce, useFetch, useSuspense } from '../../src/index'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { allowConsoleErrors, renderWithStore } from '../helpers/renderWithStore'

class Post extends Entity {
  id = 0
  title = ''
  static override key = 'Post'
}
class Comment extends Entity {
  id = 0
  text = ''
  static override key = 'Comment'
}
const PostResource = createResource({ path: '/posts/:id', schema: Post })
const CommentResource = createResource({ path: '/comments/:id', schema: Comment, searchParams: {} as { postId: number } })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => {
  fake.restore()
  jest.useRealTimers()
})

// React 19's use(); React 18 has none (the React 18 run checks the prefetch and the promise only).
const use = (React as { use?: <T>(promise: PromiseLike<T>) => T }).use

describe('useFetch', () => {
  const withUse = use ? it : it.skip

  withUse('with use(), reads like useSuspense, and both requests leave before the first use() suspends', async () => {
    const post = fake.hold('GET /posts/1')
    const comments = fake.hold('GET /comments?postId=1')
    function PostWithComments() {
      const postPromise = useFetch(PostResource.get, { id: 1 })
      const commentsPromise = useFetch(CommentResource.getList, { postId: 1 })
      const p = use!(postPromise)
      const list = use!(commentsPromise)
      return <p>{`${p.title}: ${list.map((c) => c.text).join(', ')}`}</p>
    }
    await act(async () => {
      renderWithStore(<PostWithComments />)
    })
    expect(screen.getByText('Loading…')).toBeTruthy()
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /posts/1', 'GET /comments?postId=1'])
    await act(() => post.answer({ json: { id: 1, title: 'Hello' } }))
    await act(() => comments.answer({ json: [{ id: 5, text: 'first' }] }))
    expect(screen.getByText('Hello: first')).toBeTruthy()
    expect(fake.requests).toHaveLength(2)
  })

  withUse('with use(), a failed request reaches the error boundary', async () => {
    fake.route('GET /posts/2', { status: 404, json: { message: 'gone' } })
    allowConsoleErrors() // React reports the error it caught
    function OnePost() {
      return <p>{use!(useFetch(PostResource.get, { id: 2 })).title}</p>
    }
    await act(async () => {
      renderWithStore(<OnePost />, { errorComponent: ({ error }) => <p>{`failed: ${(error as { status?: number }).status}`}</p> })
    })
    await act(async () => {})
    expect(screen.getByText('failed: 404')).toBeTruthy()
  })

  it('returns a settled promise of the cached data, the same one while the data is unchanged', async () => {
    const seen: unknown[] = []
    function Prefetch({ n }: { n: number }) {
      const promise = useFetch(PostResource.get, { id: 3 })
      seen.push(promise)
      return <p>{`render ${n} ${promise.resolved}`}</p>
    }
    const { rerender, controller } = renderWithStore(<Prefetch n={1} />)
    await act(async () => {})
    expect(fake.requests.map((r) => r.url)).toEqual(['/posts/3'])
    await act(async () => controller.setResponse(PostResource.get, { id: 3 }, { id: 3, title: 'cached' }))
    rerender(<Prefetch n={2} />)
    expect(screen.getByText('render 2 true')).toBeTruthy()
    const last = seen[seen.length - 1] as { status: string; value: Post }
    expect(last.status).toBe('fulfilled')
    expect(last.value.title).toBe('cached')
    expect(seen[seen.length - 2]).toBe(last)
    await expect(last).resolves.toBe(last.value)
  })

  it('returns undefined and fetches nothing for null arguments', async () => {
    let result: unknown = 'unset'
    function Skipped() {
      result = useFetch(PostResource.get, null)
      return null
    }
    renderWithStore(<Skipped />)
    await act(async () => {})
    expect(result).toBeUndefined()
    expect(fake.requests).toEqual([])
  })
})

describe('useDebounce', () => {
  it('follows the value only after it stopped changing for the delay, so one request goes out', async () => {
    jest.useFakeTimers()
    const search = new RestEndpoint({ path: '/search', searchParams: {} as { q: string } })
    fake.route('GET /search?q=abc', { json: ['found abc'] })
    fake.route('GET /search?q=', { json: [] })
    function Results({ q }: { q: string }) {
      return <p>{useSuspense(search, { q }).join(',') || 'none'}</p>
    }
    function Search() {
      const [query, setQuery] = useState('')
      const [q, isPending] = useDebounce(query, 200)
      return (
        <>
          <input aria-label="q" value={query} onChange={(e) => setQuery(e.target.value)} />
          <span>{isPending ? 'pending' : 'settled'}</span>
          <React.Suspense fallback={<p>searching</p>}>
            <Results q={q} />
          </React.Suspense>
        </>
      )
    }
    renderWithStore(<Search />)
    await act(async () => {
      await jest.advanceTimersByTimeAsync(10)
    })
    for (const text of ['a', 'ab', 'abc']) {
      fireEvent.change(screen.getByLabelText('q'), { target: { value: text } })
      await act(async () => {
        await jest.advanceTimersByTimeAsync(100)
      })
    }
    expect(fake.requests.map((r) => r.url)).toEqual(['/search?q='])
    await act(async () => {
      await jest.advanceTimersByTimeAsync(250)
    })
    expect(fake.requests.map((r) => r.url)).toEqual(['/search?q=', '/search?q=abc'])
    expect(screen.getByText('found abc')).toBeTruthy()
    expect(screen.getByText('settled')).toBeTruthy()
  })
})

describe('useCancelling', () => {
  it('aborts the request for arguments the component has moved past, and reads the new ones', async () => {
    fake.hold('GET /posts/2')
    fake.route('GET /posts/3', { json: { id: 3, title: 'three' } })
    const used: { signal?: AbortSignal }[] = []
    function OnePost({ id }: { id: number }) {
      const endpoint = useCancelling(PostResource.get, { id })
      used.push(endpoint as { signal?: AbortSignal })
      return <p>{useSuspense(endpoint, { id }).title}</p>
    }
    const { rerender, controller } = renderWithStore(<p>start</p>)
    await act(async () => controller.setResponse(PostResource.get, { id: 1 }, { id: 1, title: 'one' }))
    rerender(<OnePost id={1} />)
    expect(screen.getByText('one')).toBeTruthy()
    rerender(<OnePost id={2} />)
    await act(async () => {})
    expect(fake.requests.map((r) => r.url)).toEqual(['/posts/2'])
    // The request went out with the endpoint's own signal (jsdom lacks AbortSignal.any, which
    // joins it to the store's in browsers and Node, so the endpoint's signal is checked here).
    const second = used[used.length - 1].signal!
    expect(second.aborted).toBe(false)
    rerender(<OnePost id={3} />)
    await act(async () => {})
    await act(async () => {})
    expect(second.aborted).toBe(true)
    expect(used[used.length - 1].signal!.aborted).toBe(false)
    expect(screen.getByText('three')).toBeTruthy()
    expect(fake.requests.map((r) => r.url)).toEqual(['/posts/2', '/posts/3'])
  })
})
