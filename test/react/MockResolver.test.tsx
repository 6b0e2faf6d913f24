/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
import { render, screen, waitFor } from '@testing-library/react'
import { Suspense, useEffect } from 'react'
import {
  CacheProvider,
  Controller,
  DataProvider,
  PollingManager,
  createResource,
  createStore,
  useCache,
  useController,
  useLive,
  useSuspense,
  type ControllerOptions,
} from '../../src/index'
import { MockResolver, mockInitialState, type Fixture, type Interceptor } from '../../src/test/index'
import { API, Todo, todo } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

const TodoResource = createResource({ urlPrefix: API, path: '/todos/:id', schema: Todo })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

function Title({ id }: { id: string }) {
  return <p>{useSuspense(TodoResource.get, { id }).title}</p>
}

function CachedTitle({ id }: { id: string }) {
  return <p>cached: {useCache(TodoResource.get, { id })?.title ?? 'nothing'}</p>
}

describe('MockResolver', () => {
  it('answers the requests below it from fixtures, into the cache the whole tree shares', async () => {
    const fixtures: Fixture[] = [{ endpoint: TodoResource.get, args: [{ id: '1' }], response: todo('1', { title: 'Mocked' }) }]
    render(
      <CacheProvider>
        <CachedTitle id="1" />
        <MockResolver fixtures={fixtures}>
          <Suspense fallback="loading">
            <Title id="1" />
          </Suspense>
        </MockResolver>
      </CacheProvider>,
    )
    expect(screen.getByText('loading')).toBeDefined()
    await screen.findByText('Mocked')
    // Outside the resolver, the same cache: a read there sees what the fixture wrote.
    expect(screen.getByText('cached: Mocked')).toBeDefined()
    expect(fake.requests).toEqual([])
  })

  it("gives useController() an intercepting Controller whose writes are the store's", async () => {
    const store = createStore()
    let inside: Controller | undefined
    function Grab() {
      inside = useController()
      return null
    }
    render(
      <DataProvider store={store}>
        <MockResolver fixtures={[{ endpoint: TodoResource.get, response: ({ id }: { id: string }) => todo(id, { title: `#${id}` }) }]}>
          <Grab />
        </MockResolver>
      </DataProvider>,
    )
    expect(inside).toBeInstanceOf(Controller)
    expect(inside).not.toBe(store.controller)
    const fetched = await inside!.fetch(TodoResource.get, { id: '4' })
    expect(fetched.title).toBe('#4')
    expect(store.controller.getResponse(TodoResource.get, { id: '4' }, store.getState()).data?.title).toBe('#4')
    expect(fake.requests).toEqual([])
  })

  it('keeps answering the polls of the reads below it', async () => {
    let polls = 0
    const Polled = TodoResource.get.extend({ pollFrequency: 20 })
    const interceptors: Interceptor[] = [
      {
        endpoint: Polled,
        response: ({ id }: { id: string }) => todo(id, { title: `poll ${++polls}` }),
      },
    ]
    function PolledTitle() {
      return <p>{useLive(Polled, { id: '1' }).title}</p>
    }
    render(
      <CacheProvider managers={[new PollingManager()]}>
        <MockResolver fixtures={interceptors}>
          <Suspense fallback="loading">
            <PolledTitle />
          </Suspense>
        </MockResolver>
      </CacheProvider>,
    )
    await screen.findByText('poll 1')
    await screen.findByText('poll 3', undefined, { timeout: 500 })
    expect(fake.requests).toEqual([])
  })

  it('starts over with a new fixtures array, and leaves requests no fixture matches to the network when silenced', async () => {
    const warn = jest.spyOn(console, 'warn')
    fake.route(`GET ${API}/todos/2`, { json: todo('2', { title: 'From the network' }) })
    render(
      <CacheProvider>
        <MockResolver fixtures={[]} silenceMissing>
          <Suspense fallback="loading">
            <Title id="2" />
          </Suspense>
        </MockResolver>
      </CacheProvider>,
    )
    await screen.findByText('From the network')
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('CacheProvider', () => {
  it('is DataProvider under data-client’s name', () => {
    expect(CacheProvider).toBe(DataProvider)
  })

  it('starts its store from initialState, with the Controller class given, and accepts devButton', () => {
    const made: Controller[] = []
    class Recording extends Controller {
      constructor(options: ControllerOptions) {
        super(options)
        made.push(this)
      }
    }
    let used: Controller | undefined
    function Read() {
      used = useController()
      return <CachedTitle id="5" />
    }
    const initialState = mockInitialState([{ endpoint: TodoResource.get, args: [{ id: '5' }], response: todo('5', { title: 'Hydrated' }) }])
    render(
      <CacheProvider initialState={initialState} Controller={Recording} devButton={null}>
        <Read />
      </CacheProvider>,
    )
    expect(screen.getByText('cached: Hydrated')).toBeDefined()
    expect(made).toHaveLength(1)
    expect(used).toBe(made[0])
    expect(fake.requests).toEqual([])
  })

  it('uses a subclass override for every request the hooks make', async () => {
    const seen: string[] = []
    class Logging extends Controller {
      override fetch: Controller['fetch'] = (endpoint, ...args) => {
        seen.push(endpoint.key(...args))
        return super.fetch(endpoint, ...args)
      }
    }
    fake.route(`GET ${API}/todos/6`, { json: todo('6') })
    function Fetch() {
      const controller = useController()
      useEffect(() => void controller.fetch(TodoResource.get, { id: '6' }), [controller])
      return <CachedTitle id="6" />
    }
    render(
      <CacheProvider Controller={Logging}>
        <Fetch />
      </CacheProvider>,
    )
    await waitFor(() => expect(screen.getByText('cached: Todo 6')).toBeDefined())
    expect(seen).toEqual([`GET ${API}/todos/6`])
  })
})
