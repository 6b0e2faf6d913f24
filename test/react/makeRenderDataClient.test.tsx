/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import * as React from 'react'
import { createContext, useContext, type ReactNode } from 'react'
import { CacheProvider, Controller, NetworkError, createResource, useCache, useController, useFetch, useLive, useSubscription, useSuspense } from '../../src/index'
import { makeRenderDataClient, type Interceptor, type RenderDataClient } from '../../src/test/index'
import { API, Todo, todo } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
let renderDataClient: RenderDataClient
let errors: jest.SpyInstance
beforeEach(() => {
  fake = installFakeFetch()
  renderDataClient = makeRenderDataClient(CacheProvider)
  // React reports an update outside act (and anything else it dislikes) through console.error.
  errors = jest.spyOn(console, 'error')
})
afterEach(() => {
  renderDataClient.cleanup()
  fake.restore()
  errors.mockRestore()
})

/** For tests where a read is expected to fail: React reports the error the boundary caught. */
function expectBoundaryErrors() {
  errors.mockImplementation(() => {})
}

describe('makeRenderDataClient', () => {
  it('starts from initialFixtures without a request', () => {
    const { result } = renderDataClient(() => useSuspense(TodoResource.get, { id: '1' }), {
      initialFixtures: [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'From a fixture' }) }],
    })
    expect(result.current).toBeInstanceOf(Todo)
    expect(result.current.title).toBe('From a fixture')
    expect(fake.requests).toEqual([])
    expect(errors).not.toHaveBeenCalled()
  })

  it('gives undefined while the hook suspends, then the fetched value', async () => {
    fake.route(`GET ${API}/todos/1`, { json: todo('1') })
    const { result, waitForNextUpdate } = renderDataClient(() => useSuspense(TodoResource.get, { id: '1' }))
    expect(result.current).toBeUndefined()
    await waitForNextUpdate()
    expect(result.current.title).toBe('Todo 1')
    expect(errors).not.toHaveBeenCalled()
  })

  it('answers requests from resolverFixtures instead of the network', async () => {
    const { result, waitFor } = renderDataClient(() => useSuspense(TodoResource.get, { id: '1' }), {
      resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'Resolved' }) }],
    })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current.title).toBe('Resolved')
    expect(fake.requests).toEqual([])
  })

  it('lets interceptors compute answers from the arguments and share their data, for hooks and the returned controller alike', async () => {
    type Server = { titles: Record<string, string> }
    const interceptors: Interceptor<Server>[] = [
      {
        endpoint: TodoResource.get,
        response(this: Server, { id }: { id: string }) {
          return todo(id, { title: this.titles[id] ?? 'untitled' })
        },
      },
      {
        endpoint: TodoResource.partialUpdate,
        response(this: Server, { id }: { id: string }, body: { title: string }) {
          this.titles[id] = body.title
          return todo(id, body)
        },
        delay: () => 5,
      },
    ]
    const { result, waitFor, controller } = renderDataClient(() => useSuspense(TodoResource.get, { id: '7' }), {
      resolverFixtures: interceptors,
      getInitialInterceptorData: () => ({ titles: { 7: 'Seven' } }),
    })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current.title).toBe('Seven')

    await controller.fetch(TodoResource.partialUpdate, { id: '7' }, { title: 'Renamed' })
    expect(result.current.title).toBe('Renamed')
    // The same interceptor data answers the next read.
    await controller.fetch(TodoResource.get, { id: '7' })
    expect(result.current.title).toBe('Renamed')
    expect(fake.requests).toEqual([])
    expect(errors).not.toHaveBeenCalled()
  })

  it('prefers an exact fixture to an interceptor of the same endpoint', async () => {
    const { result, waitFor } = renderDataClient(() => [useSuspense(TodoResource.get, { id: '1' }), useSuspense(TodoResource.get, { id: '2' })], {
      resolverFixtures: [
        { endpoint: TodoResource.get, response: ({ id }: { id: string }) => todo(id, { title: 'intercepted' }) },
        { endpoint: TodoResource.get, args: [{ id: '2' }], response: todo('2', { title: 'exact' }) },
      ],
    })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current.map((item) => item.title)).toEqual(['intercepted', 'exact'])
  })

  it('shows an error fixture in result.error, and a rerender gives the hook another try', async () => {
    expectBoundaryErrors()
    const failure = new NetworkError(new Response('{}', { status: 404, statusText: 'Not Found' }), 'GET')
    const { result, waitFor, rerender } = renderDataClient(({ id }: { id: string }) => useSuspense(TodoResource.get, { id }), {
      initialProps: { id: '404' },
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: '404' }], response: failure, error: true },
        { endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1') },
      ],
    })
    await waitFor(() => expect(result.error).toBeDefined())
    expect(result.error).toBe(failure)
    expect((result.error as NetworkError).status).toBe(404)

    rerender({ id: '1' })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.error).toBeUndefined()
    expect(result.current.id).toBe('1')
  })

  it('fails the request when an interceptor throws', async () => {
    expectBoundaryErrors()
    const { result, waitFor } = renderDataClient(() => useSuspense(TodoResource.get, { id: '1' }), {
      resolverFixtures: [
        {
          endpoint: TodoResource.get,
          response() {
            throw new Error('no such todo')
          },
        },
      ],
    })
    await waitFor(() => expect(result.error?.message).toBe('no such todo'))
  })

  it('waits out a fixture delay, computing the answer first unless delayCollapse', async () => {
    const computed: string[] = []
    const { result, waitFor } = renderDataClient(() => [useSuspense(TodoResource.get, { id: '1' }), useSuspense(TodoResource.get, { id: '2' })], {
      resolverFixtures: [
        { endpoint: TodoResource.get, args: [{ id: '1' }], response: () => (computed.push('1'), todo('1')), delay: 40 },
        { endpoint: TodoResource.get, args: [{ id: '2' }], response: () => (computed.push('2'), todo('2')), delay: 40, delayCollapse: true },
      ],
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(computed).toEqual(['1'])
    expect(result.current).toBeUndefined()
    await waitFor(() => expect(result.current).toBeDefined())
    expect(computed).toEqual(['1', '2'])
  })

  it('answers at the HTTP layer with fetchResponse, the endpoint parsing and processing as usual', async () => {
    const seen: string[] = []
    const { result, waitFor } = renderDataClient(() => useSuspense(TodoResource.get, { id: '3' }), {
      resolverFixtures: [
        {
          endpoint: TodoResource.get,
          fetchResponse(input: RequestInfo, init: RequestInit) {
            seen.push(`${init.method} ${String(input)}`)
            return todo('3', { title: 'over HTTP' })
          },
        },
      ],
    })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(result.current).toBeInstanceOf(Todo)
    expect(result.current.title).toBe('over HTTP')
    expect(seen).toEqual([`GET ${API}/todos/3`])
  })

  it('warns about a request no fixture matches, and sends it', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    fake.route(`GET ${API}/todos/9`, { json: todo('9') })
    const { result, waitFor } = renderDataClient(() => useSuspense(TodoResource.get, { id: '9' }), {
      resolverFixtures: [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1') }],
    })
    await waitFor(() => expect(result.current).toBeDefined())
    expect(fake.requests.map((request) => request.url)).toEqual([`${API}/todos/9`])
    expect(warn.mock.calls[0]?.[0]).toContain(`GET ${API}/todos/9`)
    warn.mockRestore()
  })

  it("returns the store's controller, whose writes render before they return, inside act", () => {
    const { result, controller } = renderDataClient(() => [useCache(TodoResource.get, { id: '1' }), useController()] as const)
    expect(result.current[0]).toBeUndefined()
    expect(controller).toBe(result.current[1])
    expect(controller).toBeInstanceOf(Controller)
    controller.setResponse(TodoResource.get, { id: '1' }, todo('1', { title: 'Set' }))
    expect(result.current[0]?.title).toBe('Set')
    controller.invalidate(TodoResource.get, { id: '1' })
    expect(result.current[0]).toBeUndefined()
    expect(errors).not.toHaveBeenCalled()
  })

  it("renders a controller batch's changes inside act, once, before it returns; a throw applies none", () => {
    let renders = 0
    const { result, controller } = renderDataClient(() => (renders++, [useCache(TodoResource.get, { id: '1' }), useController()] as const))
    const before = renders
    const value = controller.batch(() => {
      controller.setResponse(TodoResource.get, { id: '1' }, todo('1', { title: 'First' }))
      controller.setResponse(TodoResource.get, { id: '1' }, todo('1', { title: 'Batched' }))
      return 'done'
    })
    expect(value).toBe('done')
    expect(result.current[0]?.title).toBe('Batched')
    expect(renders - before).toBe(1)
    expect(() =>
      controller.batch(() => {
        controller.setResponse(TodoResource.get, { id: '1' }, todo('1', { title: 'Dropped' }))
        throw new Error('refused')
      }),
    ).toThrow('refused')
    expect(result.current[0]?.title).toBe('Batched')
    expect(errors).not.toHaveBeenCalled()
  })

  it('passes the hook props to the wrapper too, and rerender changes both', () => {
    const Theme = createContext('none')
    const wrapper = ({ theme, children }: { theme: string; children?: ReactNode }) => <Theme.Provider value={theme}>{children}</Theme.Provider>
    const { result, rerender } = renderDataClient(({ theme }: { theme: string }) => `${theme}/${useContext(Theme)}`, {
      initialProps: { theme: 'light' },
      wrapper,
    })
    expect(result.current).toBe('light/light')
    rerender({ theme: 'dark' })
    expect(result.current).toBe('dark/dark')
  })

  it('waits for requests in flight with allSettled, and drops their answers after cleanup', async () => {
    const held = fake.hold(`GET ${API}/todos/1`)
    const { result, controller } = renderDataClient(() => useCache(TodoResource.get, { id: '1' }))
    const fetched = controller.fetch(TodoResource.get, { id: '1' })
    const settled = renderDataClient.allSettled()
    await held.answer({ json: todo('1') })
    expect(await settled).toEqual([{ status: 'fulfilled', value: expect.any(Todo) }])
    expect(await fetched).toBeInstanceOf(Todo)
    expect(result.current?.id).toBe('1')

    const later = fake.hold(`GET ${API}/todos/2`)
    const pending = controller.fetch(TodoResource.get, { id: '2' }).catch((error: Error) => error.name)
    renderDataClient.cleanup()
    await later.answer({ json: todo('2') })
    expect(await pending).toBe('AbortError')
    expect(controller.getResponse(TodoResource.get, { id: '2' }, controller.getState()).data).toBeUndefined()
  })

  it('waits in allSettled for the fetch of a read that suspended in the render just made', async () => {
    const held = fake.hold(`GET ${API}/todos/1`)
    const { result, waitForNextUpdate } = renderDataClient(() => useSuspense(TodoResource.get, { id: '1' }))
    const settled = renderDataClient.allSettled()
    const updated = waitForNextUpdate()
    await held.answer({ json: todo('1') })
    expect(await settled).toEqual([{ status: 'fulfilled', value: expect.any(Todo) }])
    await updated
    expect(result.current.title).toBe('Todo 1')
  })

  it('says what is wrong when the Provider does not construct the Controller it is given', () => {
    expectBoundaryErrors()
    const render = makeRenderDataClient(({ children }) => <CacheProvider>{children}</CacheProvider>)
    expect(() => render(() => useController())).toThrow(/did not construct the Controller/)
  })

  // data-client's useLive test pattern: a poll under fake timers, awaited with waitFor. The
  // subscription's action is dispatched from an effect React runs while it flushes act's queue;
  // wrapping that in an act of its own ended the enclosing scope, and React spun for ever.
  it.each([['modern'], ['legacy']] as const)('renders a live read under %s fake timers, every poll', async (timers) => {
    jest.useFakeTimers({ legacyFakeTimers: timers === 'legacy' })
    try {
      const Polled = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, pollFrequency: 1_000 })
      fake.route(`GET ${API}/todos/1`, { json: todo('1') })
      const { result, waitFor } = renderDataClient(() => useLive(Polled.get, { id: '1' }))
      expect(result.current).toBeUndefined()
      await renderDataClient.allSettled()
      await waitFor(() => expect(result.current).toBeDefined())
      expect(result.current.title).toBe('Todo 1')

      fake.route(`GET ${API}/todos/1`, { json: todo('1', { title: 'Polled' }) })
      jest.advanceTimersByTime(1_000)
      await renderDataClient.allSettled()
      await waitFor(() => expect(result.current.title).toBe('Polled'))
      expect(fake.requests).toHaveLength(2)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      jest.useRealTimers()
    }
  })

  // data-client's subscription test pattern: resolverFixtures answer the polls while fake timers
  // run. An answer without a delay must not wait on the test's (fake) clock.
  it('answers polls from resolverFixtures under fake timers without advancing them for the answer', async () => {
    jest.useFakeTimers()
    try {
      const Polled = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo, pollFrequency: 1_000 })
      const response = jest.fn((_: { id: string }) => todo('1'))
      const { result, waitFor } = renderDataClient(
        () => {
          useSubscription(Polled.get, { id: '1' })
          return useCache(Polled.get, { id: '1' })
        },
        { resolverFixtures: [{ endpoint: Polled.get, response }] },
      )
      expect(result.current).toBeUndefined()
      jest.advanceTimersByTime(1_000)
      await renderDataClient.allSettled()
      await waitFor(() => expect(result.current?.title).toBe('Todo 1'))
      response.mockReturnValue(todo('1', { title: 'fiver' }))
      jest.advanceTimersByTime(1_000)
      await renderDataClient.allSettled()
      await waitFor(() => expect(result.current?.title).toBe('fiver'))
      expect(response).toHaveBeenCalledTimes(2)
      expect(fake.requests).toEqual([])
    } finally {
      jest.useRealTimers()
    }
  })

  // React 19's use() of useFetch's promise, as data-client 0.16+ tests read it. React leaves the
  // retry of a render use() suspended in the first render's synchronous act unscheduled until an
  // update inside act comes; the response's dispatch makes one.
  const use = (React as { use?: <T>(promise: PromiseLike<T>) => T }).use
  ;(use ? it : it.skip)('renders use(useFetch()) once the response lands, and its error in result.error', async () => {
    fake.route(`GET ${API}/todos/1`, { json: todo('1') })
    const { result, waitForNextUpdate } = renderDataClient(() => use!(useFetch(TodoResource.get, { id: '1' })))
    expect(result.current).toBeUndefined()
    await waitForNextUpdate()
    expect(result.current.title).toBe('Todo 1')
    expect(fake.requests).toHaveLength(1)

    expectBoundaryErrors()
    fake.route(`GET ${API}/todos/2`, { status: 500, json: { message: 'down' } })
    const failing = renderDataClient(() => use!(useFetch(TodoResource.get, { id: '2' })))
    await failing.waitFor(() => expect(failing.result.error).toBeDefined())
    expect((failing.result.error as NetworkError).status).toBe(500)
  })
})
