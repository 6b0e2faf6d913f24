import { AbortError, Controller, Endpoint, PollingManager, SchemaError, createResource, createStore, selectMeta, tesseraHooks } from '../../src/index'
import type { Action, Manager } from '../../src/index'
import { Article, User } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { API, Todo, todo } from '../fixtures/todos'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { installFakeFetch } from '../helpers/fakeFetch'

describe('Controller', () => {
  describe('fetch', () => {
    it("writes the response and resolves when the endpoint's update() throws, and says which endpoint", async () => {
      const { controller } = createTestStore()
      const error = jest.spyOn(console, 'error').mockImplementation(() => {})
      const save = createFakeEndpoint('saveUser', {
        schema: User,
        sideEffect: true,
        update: () => {
          throw new Error('update broke')
        },
      })
      const saving = controller.fetch(save.endpoint, { id: '1' })
      await save.calls[0]!.resolve({ id: '1', name: 'Saved' })
      await expect(saving).resolves.toMatchObject({ id: '1', name: 'Saved' })
      expect(controller.get(User, { id: '1' }, controller.getState())!.name).toBe('Saved')
      expect(error).toHaveBeenCalledTimes(1)
      expect(error.mock.calls[0]![0]).toBe('saveUser: update() threw, so no other result was updated by this response:')
      expect((error.mock.calls[0]![1] as Error).message).toBe('update broke')
      error.mockRestore()
    })

    it('resolves to the denormalized value: entity instances with nested entities and value types', async () => {
      const { controller } = createTestStore()
      const { getArticle } = createBlogApi()
      const fetching = controller.fetch(getArticle.endpoint, { id: '1' })
      expect(getArticle.calls[0]!.args).toEqual([{ id: '1' }])
      await getArticle.calls[0]!.resolve(articleDetail('1', { comments: [{ id: 'c1', body: 'Nice', author: { id: 'u2', name: 'Grace' } }] }))
      const article = await fetching
      expect(article).toBeInstanceOf(Article)
      expect(article.author).toBeInstanceOf(User)
      expect(article.createdAt).toBeInstanceOf(Date)
      expect(article.comments[0].author).toMatchObject({ name: 'Grace' })
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState()).data).toEqual(article)
    })

    it('resolves to the very object a later read of the same state returns', async () => {
      const { controller } = createTestStore()
      const { getArticle } = createBlogApi()
      const fetching = controller.fetch(getArticle.endpoint, { id: '1' })
      await getArticle.calls[0]!.resolve(articleDetail('1'))
      const article = await fetching
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState()).data).toBe(article)
    })

    it('sends the request without a layer, and warns, when getOptimisticResponse throws', async () => {
      const { controller } = createTestStore()
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
      const rename = createFakeEndpoint('rename', {
        schema: User,
        sideEffect: true,
        getOptimisticResponse: () => {
          throw new Error('updater broke')
        },
      })
      const renaming = controller.fetch(rename.endpoint, { id: '1' })
      expect(rename.calls).toHaveLength(1)
      expect(controller.getState().optimistic).toEqual([])
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]![0]).toBe(
        'rename: getOptimisticResponse failed, so this mutation shows nothing until the server answers (further failures of this endpoint are not reported): updater broke. ' +
          'Return only the fields the mutation changes, with the primary key, and throw snapshot.abort when there is nothing to guess.',
      )
      // Once per endpoint: a second call is not reported again.
      const again = controller.fetch(rename.endpoint, { id: '1' })
      expect(rename.calls).toHaveLength(2)
      expect(warn).toHaveBeenCalledTimes(1)
      warn.mockRestore()
      await rename.calls[1]!.resolve({ id: '1', name: 'From the server' })
      await again
      await rename.calls[0]!.resolve({ id: '1', name: 'From the server' })
      await expect(renaming).resolves.toMatchObject({ id: '1', name: 'From the server' })
      expect(selectMeta(controller.getState(), 'rename [{"id":"1"}]')?.error).toBeUndefined()
    })

    it('still sends the request, and warns, when getOptimisticResponse throws a string or an object without a prototype', async () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
      for (const thrown of ['guess failed', Object.create(null) as object]) {
        const { controller } = createTestStore()
        const toggle = createFakeEndpoint('toggle', {
          schema: User,
          sideEffect: true,
          getOptimisticResponse: () => {
            throw thrown
          },
        })
        const toggling = controller.fetch(toggle.endpoint, { id: '1' })
        expect(toggle.calls).toHaveLength(1)
        await toggle.calls[0]!.resolve({ id: '1', name: 'From the server' })
        await expect(toggling).resolves.toMatchObject({ id: '1', name: 'From the server' })
      }
      expect(warn.mock.calls.map(([message]) => String(message).match(/not reported\): (.*?)\. Return/)?.[1])).toEqual([
        'guess failed',
        '[object Object]',
      ])
      warn.mockRestore()
    })

    it('resolves to the raw value for an endpoint without a schema', async () => {
      const { controller } = createTestStore()
      const ping = createFakeEndpoint('ping')
      const fetching = controller.fetch(ping.endpoint)
      await ping.calls[0]!.resolve({ pong: true })
      await expect(fetching).resolves.toEqual({ pong: true })
    })

    it('deduplicates identical concurrent reads into one request', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      const first = controller.fetch(getUser.endpoint, { id: 'u1', lang: 'en' })
      const second = controller.fetch(getUser.endpoint, { lang: 'en', id: 'u1' })
      const other = controller.fetch(getUser.endpoint, { id: 'u2', lang: 'en' })
      expect(getUser.calls).toHaveLength(2)
      expect(second).toBe(first)
      expect(controller.isFetching(getUser.endpoint, { id: 'u1', lang: 'en' })).toBe(true)
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      await getUser.calls[1]!.resolve({ id: 'u2', name: 'Grace' })
      expect(await first).toBe(await second)
      await other
      expect(controller.isFetching(getUser.endpoint, { id: 'u1', lang: 'en' })).toBe(false)
      // Once answered, the next read is a new request.
      void controller.fetch(getUser.endpoint, { id: 'u1', lang: 'en' })
      expect(getUser.calls).toHaveLength(3)
    })

    it('never deduplicates mutations', async () => {
      const { controller } = createTestStore()
      const { updateArticle } = createBlogApi()
      const first = controller.fetch(updateArticle.endpoint, { id: '1' }, { title: 'x' })
      const second = controller.fetch(updateArticle.endpoint, { id: '1' }, { title: 'x' })
      expect(second).not.toBe(first)
      expect(updateArticle.calls).toHaveLength(2)
      await updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'x' }))
      await updateArticle.calls[1]!.resolve(articleDetail('1', { title: 'x' }))
      await Promise.all([first, second])
    })

    it('rejects with the very error the request failed with, and keeps the cached data', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      const before = controller.getState()
      const failure = Object.assign(new Error('Internal Server Error'), { status: 500 })
      const fetching = controller.fetch(getUser.endpoint, { id: 'u1' })
      await getUser.calls[0]!.reject(failure)
      await expect(fetching).rejects.toBe(failure)
      const state = controller.getState()
      expect(state.entities).toBe(before.entities)
      expect(state.endpoints).toBe(before.endpoints)
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, state).data).toMatchObject({ name: 'Ada' })
      expect(controller.getError(getUser.endpoint, { id: 'u1' }, state)).toMatchObject({ message: 'Internal Server Error', status: 500 })
    })

    it('rejects a response of the wrong shape with a SchemaError that says what is wrong, and keeps the cache', async () => {
      const { controller } = createTestStore()
      const { getArticle } = createBlogApi()
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      const before = controller.getState()
      const fetching = controller.fetch(getArticle.endpoint, { id: '1' })
      await getArticle.calls[0]!.resolve({ title: 'no id here' })
      const error = (await fetching.catch((e: SchemaError) => e)) as SchemaError
      expect(error).toBeInstanceOf(SchemaError)
      expect(error.message).toMatch(/Article has no usable primary key/)
      expect(error.message).toContain('no id here')
      const state = controller.getState()
      expect(state.entities).toBe(before.entities)
      expect(state.endpoints).toBe(before.endpoints)
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, state).data).toMatchObject({ title: 'Article 1' })
      expect(selectMeta(state, getArticle.endpoint.key({ id: '1' }))!.error).toMatchObject({ name: 'SchemaError' })
    })

    it('rejects a list response whose item is neither an entity nor a pk, naming where it went wrong', async () => {
      const { controller } = createTestStore()
      const { getArticles } = createBlogApi()
      const fetching = controller.fetch(getArticles.endpoint)
      await getArticles.calls[0]!.resolve([articleSummary('1'), true])
      await expect(fetching).rejects.toThrow(/Article expects an object or its primary key, got boolean true \(at response\[1\]\)/)
      expect(controller.getState().entities).toEqual({})
    })

    it('resolves a delete (schema.Invalidate) to the deleted entity built from what the endpoint returned, not an internal marker', async () => {
      const { controller } = createTestStore()
      const { getArticle, deleteArticle } = createBlogApi()
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      const deleting = controller.fetch(deleteArticle.endpoint, { id: '1' })
      await deleteArticle.calls[0]!.resolve({ id: '1' })
      await expect(deleting).resolves.toEqual(Article.fromJS({ id: '1' }))
    })
  })

  describe('fetchIfStale', () => {
    it('resolves to the cached data without a request while it is Valid', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      await expect(controller.fetchIfStale(getUser.endpoint, { id: 'u1' })).resolves.toMatchObject({ name: 'Ada' })
      expect(getUser.calls).toHaveLength(0)
    })

    it('fetches when the data is missing or stale', async () => {
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi()
      const missing = controller.fetchIfStale(getUser.endpoint, { id: 'u1' })
      expect(getUser.calls).toHaveLength(1)
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      await missing
      clock.advance(60_001)
      const stale = controller.fetchIfStale(getUser.endpoint, { id: 'u1' })
      expect(getUser.calls).toHaveLength(2)
      await getUser.calls[1]!.resolve({ id: 'u1', name: 'Ada L.' })
      await expect(stale).resolves.toMatchObject({ name: 'Ada L.' })
    })
  })

  describe('invalidation and expiry', () => {
    function threeUsers() {
      const test = createTestStore()
      const { getUser, getArticle } = createBlogApi()
      for (const id of ['u1', 'u2']) test.controller.setResponse(getUser.endpoint, { id }, { id, name: id })
      test.controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      const status = (endpoint: Endpoint<any, any, any>, args: object) =>
        test.controller.getResponse(endpoint, args, test.controller.getState()).expiryStatus
      return { ...test, getUser, getArticle, status }
    }

    it('invalidate touches only that argument set', () => {
      const { controller, getUser, getArticle, status } = threeUsers()
      controller.invalidate(getUser.endpoint, { id: 'u1' })
      expect(status(getUser.endpoint, { id: 'u1' })).toBe('Invalid')
      expect(status(getUser.endpoint, { id: 'u2' })).toBe('Valid')
      expect(status(getArticle.endpoint, { id: '1' })).toBe('Valid')
      expect(getUser.calls).toHaveLength(0)
    })

    it('invalidateAll invalidates exactly the keys the filter accepts', () => {
      const { controller, getUser, getArticle, status } = threeUsers()
      controller.invalidateAll((key) => key.startsWith('getUser '))
      expect(status(getUser.endpoint, { id: 'u1' })).toBe('Invalid')
      expect(status(getUser.endpoint, { id: 'u2' })).toBe('Invalid')
      expect(status(getArticle.endpoint, { id: '1' })).toBe('Valid')
    })

    it('expireAll makes the accepted keys Stale (still shown), with a testKey filter too', () => {
      const { controller, getUser, getArticle, status } = threeUsers()
      controller.expireAll({ testKey: (key) => key === getUser.endpoint.key({ id: 'u2' }) })
      expect(status(getUser.endpoint, { id: 'u1' })).toBe('Valid')
      expect(status(getUser.endpoint, { id: 'u2' })).toBe('Stale')
      expect(controller.getResponse(getUser.endpoint, { id: 'u2' }, controller.getState()).data).toMatchObject({ name: 'u2' })
      expect(status(getArticle.endpoint, { id: '1' })).toBe('Valid')
    })

    it('invalidateAll(resource.get) invalidates exactly the keys of that endpoint, and sends no request', async () => {
      const fake = installFakeFetch()
      try {
        const Todos = createResource({ urlPrefix: API, path: '/users/:userId/todos/:id', schema: Todo })
        const Others = createResource({ urlPrefix: 'https://other.example.com', path: '/users/:userId/todos/:id', schema: Todo })
        const { controller } = createTestStore()
        const reads = [
          [Todos.get, { userId: 'u1', id: '1' }],
          [Todos.get, { userId: 'u2', id: '2', expand: 'all' }],
          [Todos.getList, { userId: 'u1' }],
          [Others.get, { userId: 'u1', id: '1' }],
        ] as const
        for (const [endpoint, args] of reads) {
          const url = endpoint.url(args)
          fake.route(`GET ${url}`, { json: url.endsWith('/todos') ? [todo('1')] : todo('id' in args ? args.id : '1') })
          await controller.fetch(endpoint as typeof Todos.get, args as never)
        }
        const requests = fake.requests.length
        const status = () =>
          reads.map(([endpoint, args]) => controller.getResponse(endpoint as typeof Todos.get, args as never, controller.getState()).expiryStatus)

        controller.invalidateAll(Todos.get)
        expect(status()).toEqual(['Invalid', 'Invalid', 'Valid', 'Valid'])
        controller.expireAll(Todos.getList)
        expect(status()).toEqual(['Invalid', 'Invalid', 'Stale', 'Valid'])
        await flush()
        expect(fake.requests).toHaveLength(requests)
      } finally {
        fake.restore()
      }
    })
  })

  it('resetEntireStore empties the cache and a new read starts a new request', async () => {
    const { controller } = createTestStore()
    const { getUser } = createBlogApi()
    controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    const before = controller.fetch(getUser.endpoint, { id: 'u2' })
    const beforeOutcome = before.catch((error: Error) => error)
    controller.resetEntireStore()
    expect(controller.getState().entities).toEqual({})
    expect(controller.getState().endpoints).toEqual({})
    const after = controller.fetch(getUser.endpoint, { id: 'u2' })
    expect(after).not.toBe(before)
    expect(getUser.calls).toHaveLength(2)
    await getUser.calls[0]!.resolve({ id: 'u2', name: 'from before' })
    await getUser.calls[1]!.resolve({ id: 'u2', name: 'from after' })
    expect(await beforeOutcome).toMatchObject({ name: 'ResetError', message: 'The store was reset while getUser [{"id":"u2"}] was loading' })
    await after
    expect(controller.getResponse(getUser.endpoint, { id: 'u2' }, controller.getState()).data).toMatchObject({ name: 'from after' })
  })

  describe('setResponse, setError, getResponse, getError', () => {
    it('setResponse writes as if the endpoint had answered, without a request', () => {
      const { controller, actions } = createTestStore()
      const { getArticles } = createBlogApi()
      controller.setResponse(getArticles.endpoint, [articleSummary('1')])
      expect(getArticles.calls).toHaveLength(0)
      expect(actions.map((action) => action.type)).toEqual(['tessera/receive'])
      expect(controller.getResponse(getArticles.endpoint, controller.getState())).toMatchObject({
        expiryStatus: 'Valid',
        data: [{ id: '1', title: 'Article 1' }],
      })
    })

    it('setError records an error for that argument set only; getError returns it as an Error', () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      controller.setError(getUser.endpoint, { id: 'u1' }, Object.assign(new Error('Gone'), { status: 410 }))
      const state = controller.getState()
      const error = controller.getError(getUser.endpoint, { id: 'u1' }, state)
      expect(error).toBeInstanceOf(Error)
      expect(error).toMatchObject({ message: 'Gone', status: 410 })
      expect(controller.getError(getUser.endpoint, { id: 'u2' }, state)).toBeUndefined()
    })

    it('getError hides a soft error while there is data, and shows a hard one', () => {
      const { controller } = createTestStore()
      const soft = createFakeEndpoint('soft', { schema: User, errorPolicy: () => 'soft' as const })
      const hard = createFakeEndpoint('hard', { schema: User })
      for (const fake of [soft, hard]) {
        controller.setResponse(fake.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
        controller.setError(fake.endpoint, { id: 'u1' }, new Error('flaky'))
      }
      const state = controller.getState()
      expect(controller.getError(soft.endpoint, { id: 'u1' }, state)).toBeUndefined()
      expect(controller.getError(hard.endpoint, { id: 'u1' }, state)).toMatchObject({ message: 'flaky' })
      expect(controller.getResponse(soft.endpoint, { id: 'u1' }, state).data).toMatchObject({ name: 'Ada' })
    })

    it('getResponse reads whichever state it is given', () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      const empty = controller.getState()
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, empty).data).toBeUndefined()
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState()).data).toMatchObject({ name: 'Ada' })
    })
  })

  describe('subscribe / unsubscribe (polling)', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    function polled() {
      // No garbage collection here, so the only timers are polling's.
      const test = createTestStore({ gcTime: Infinity, managers: [new PollingManager()] })
      const feed = createFakeEndpoint('feed', { schema: [User], pollFrequency: 1_000 })
      const answerAll = async () => {
        for (const call of feed.pending()) await call.resolve([{ id: 'u1', name: `poll ${call.index}` }])
      }
      return { ...test, feed, answerAll }
    }

    it('refetches every pollFrequency ms with one timer per key however many subscribers', async () => {
      const { controller, feed, answerAll } = polled()
      controller.subscribe(feed.endpoint, { page: 1 })
      jest.advanceTimersByTime(500)
      controller.subscribe(feed.endpoint, { page: 1 })
      controller.subscribe(feed.endpoint, { page: 1 })
      expect(jest.getTimerCount()).toBe(1)
      expect(feed.calls).toHaveLength(0)
      for (let i = 1; i <= 4; i++) {
        jest.advanceTimersByTime(500)
        await answerAll()
      }
      // Polls at 1000 and 2000 only: a second subscriber's timer would have fired at 1500 too.
      expect(feed.calls).toHaveLength(2)
      expect(controller.getResponse(feed.endpoint, { page: 1 }, controller.getState()).data).toMatchObject([{ name: 'poll 1' }])
    })

    it('keeps polling until the last subscriber leaves, then stops', async () => {
      const { controller, feed, answerAll } = polled()
      controller.subscribe(feed.endpoint, { page: 1 })
      controller.subscribe(feed.endpoint, { page: 1 })
      controller.unsubscribe(feed.endpoint, { page: 1 })
      jest.advanceTimersByTime(1_000)
      await answerAll()
      expect(feed.calls).toHaveLength(1)
      controller.unsubscribe(feed.endpoint, { page: 1 })
      expect(jest.getTimerCount()).toBe(0)
      jest.advanceTimersByTime(10_000)
      expect(feed.calls).toHaveLength(1)
    })

    it('polls each argument set on its own timer', () => {
      const { controller, feed } = polled()
      controller.subscribe(feed.endpoint, { page: 1 })
      controller.subscribe(feed.endpoint, { page: 2 })
      expect(jest.getTimerCount()).toBe(2)
      jest.advanceTimersByTime(1_000)
      expect(feed.calls.map((call) => call.args)).toEqual([[{ page: 1 }], [{ page: 2 }]])
    })

    it('does not poll endpoints without pollFrequency, or null arguments', () => {
      const { controller, feed } = polled()
      const { getUser } = createBlogApi()
      controller.subscribe(getUser.endpoint, { id: 'u1' })
      controller.subscribe(feed.endpoint, null)
      expect(jest.getTimerCount()).toBe(0)
      jest.advanceTimersByTime(5_000)
      expect(getUser.calls).toHaveLength(0)
      expect(feed.calls).toHaveLength(0)
    })

    it('keeps polling after a failed poll, which lands in the cache as an error', async () => {
      const { controller, feed, answerAll } = polled()
      controller.subscribe(feed.endpoint, { page: 1 })
      jest.advanceTimersByTime(1_000)
      await feed.calls[0]!.reject(new Error('offline'))
      expect(controller.getError(feed.endpoint, { page: 1 }, controller.getState())).toMatchObject({ message: 'offline' })
      jest.advanceTimersByTime(1_000)
      await answerAll()
      expect(feed.calls).toHaveLength(2)
      expect(controller.getError(feed.endpoint, { page: 1 }, controller.getState())).toBeUndefined()
    })

    it('stops every timer when the store is cleaned up', () => {
      const { store, controller, feed } = polled()
      controller.subscribe(feed.endpoint, { page: 1 })
      store.cleanup()
      expect(jest.getTimerCount()).toBe(0)
    })

    it('polls nothing without a PollingManager, and says once per endpoint how to add one', () => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
      try {
        const { controller } = createTestStore({ gcTime: Infinity })
        const feed = createFakeEndpoint('feed', { schema: [User], pollFrequency: 1_000 })
        controller.subscribe(feed.endpoint, { page: 1 })
        controller.subscribe(feed.endpoint, { page: 2 })
        expect(jest.getTimerCount()).toBe(0)
        jest.advanceTimersByTime(5_000)
        expect(feed.calls).toHaveLength(0)
        expect(warn).toHaveBeenCalledTimes(1)
        expect(warn.mock.calls[0]![0]).toMatch(/^feed: pollFrequency is 1000 ms, but this store has no PollingManager.*createStore\(\{ managers: \[new PollingManager\(\)\] \}\)/)
        // Reading without polling is still a plain subscription: the data stays protected and readable.
        controller.unsubscribe(feed.endpoint, { page: 1 })
        controller.unsubscribe(feed.endpoint, { page: 2 })
        // A manager that follows readers without polling (OfflineManager) does not hide it.
        const offline = createTestStore({ gcTime: Infinity, managers: [{ [tesseraHooks]: { polls: false, mount() {} } }] })
        offline.controller.subscribe(createFakeEndpoint('other', { schema: [User], pollFrequency: 1_000 }).endpoint, { page: 1 })
        expect(warn).toHaveBeenCalledTimes(2)
        expect(warn.mock.calls[1]![0]).toMatch(/^other: pollFrequency is 1000 ms, but this store has no PollingManager/)
      } finally {
        warn.mockRestore()
      }
    })

    it('tells every manager whose hooks follow reads about readers, in order', () => {
      const heard: string[] = []
      const follower = (name: string): Manager => ({
        [tesseraHooks]: {
          mount: (_controller, endpoint, args) => void heard.push(`${name} +${endpoint.key(...args)}`),
          unmount: (endpoint, args) => void heard.push(`${name} -${endpoint.key(...args)}`),
        },
      })
      const { controller } = createTestStore({ gcTime: Infinity, managers: [follower('a'), { cleanup() {} }, follower('b')] })
      const { getUser } = createBlogApi()
      controller.subscribe(getUser.endpoint, { id: 'u1' })
      controller.subscribe(getUser.endpoint, null)
      controller.unsubscribe(getUser.endpoint, { id: 'u1' })
      const key = getUser.endpoint.key({ id: 'u1' })
      expect(heard).toEqual([`a +${key}`, `b +${key}`, `a -${key}`, `b -${key}`])
    })
  })

  describe('abort', () => {
    it('rejects the waiting read with an AbortError at once, and aborts the signal the fetch got', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      const fetching = controller.fetch(getUser.endpoint, { id: 'u1' })
      const outcome = fetching.then(
        () => 'resolved',
        (error: unknown) => error,
      )
      expect(controller.abort(getUser.endpoint, { id: 'u1' })).toBe(true)
      await flush()
      const error = await Promise.race([outcome, flush().then(() => 'still pending')])
      expect(error).toBeInstanceOf(AbortError)
      expect(error).toMatchObject({ name: 'AbortError' })
      expect(getUser.calls[0]!.signal?.aborted).toBe(true)
    })

    it('ignores the late response of an aborted request', async () => {
      const { controller, actions } = createTestStore()
      const { getUser } = createBlogApi()
      const fetching = controller.fetch(getUser.endpoint, { id: 'u1' }).catch((error: unknown) => error)
      controller.abort(getUser.endpoint, { id: 'u1' })
      const stateAfterAbort = controller.getState()
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'too late' })
      expect(await fetching).toBeInstanceOf(AbortError)
      expect(controller.getState()).toBe(stateAfterAbort)
      expect(actions.map((action) => action.type)).toEqual(['tessera/fetch'])
    })

    it('lets a new read start a new request after an abort', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      const aborted = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      controller.abort(getUser.endpoint, { id: 'u1' })
      expect(controller.isFetching(getUser.endpoint, { id: 'u1' })).toBe(false)
      const fresh = controller.fetch(getUser.endpoint, { id: 'u1' })
      expect(getUser.calls).toHaveLength(2)
      await getUser.calls[1]!.resolve({ id: 'u1', name: 'fresh' })
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'stale' })
      await aborted
      await expect(fresh).resolves.toMatchObject({ name: 'fresh' })
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState()).data).toMatchObject({ name: 'fresh' })
    })

    it('returns false when nothing is in flight for that argument set', () => {
      const { controller } = createTestStore()
      expect(controller.abort(createBlogApi().getUser.endpoint, { id: 'u1' })).toBe(false)
    })
  })

  describe('managers', () => {
    function logger(log: string[], name: string): Manager {
      return {
        [tesseraHooks]: {},
        middleware: (controller) => (next) => (action) => {
          const before = controller.getState()
          log.push(`${name} sees ${action.type}`)
          next(action)
          if (controller.getState() === before) log.push(`${name}: state unchanged`)
        },
        cleanup: () => void log.push(`${name} cleanup`),
      }
    }

    it("see every action in order, before the reducer, in the order they were given", async () => {
      const log: string[] = []
      const seen: Action[] = []
      const recorder: Manager = { [tesseraHooks]: {}, middleware: () => (next) => (action) => (seen.push(action), next(action)) }
      const store = createStore({ managers: [recorder, logger(log, 'first'), logger(log, 'second')], now: () => 5_000 })
      const listened: Action[] = []
      store.subscribe((action) => void listened.push(action))
      const { getUser } = createBlogApi()

      const fetching = store.controller.fetch(getUser.endpoint, { id: 'u1' })
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      await fetching
      store.controller.invalidate(getUser.endpoint, { id: 'u1' })
      store.dispatch({ type: 'tessera/expireAll', keys: [] })

      expect(seen.map((action) => action.type)).toEqual(['tessera/fetch', 'tessera/receive', 'tessera/invalidate', 'tessera/expireAll'])
      expect(seen).toEqual(listened)
      expect(log).toEqual([
        'first sees tessera/fetch',
        'second sees tessera/fetch',
        'first sees tessera/receive',
        'second sees tessera/receive',
        'first sees tessera/invalidate',
        'second sees tessera/invalidate',
        'first sees tessera/expireAll',
        'second sees tessera/expireAll',
        'second: state unchanged',
        'first: state unchanged',
      ])
      store.cleanup()
      expect(log.slice(-2)).toEqual(['first cleanup', 'second cleanup'])
    })

    it('can hold an action back so the reducer never sees it', () => {
      const blockInvalidate: Manager = {
        [tesseraHooks]: {},
        middleware: () => (next) => (action) => {
          if (action.type !== 'tessera/invalidate') next(action)
        },
      }
      const store = createStore({ managers: [blockInvalidate] })
      const { getUser } = createBlogApi()
      store.controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      const before = store.getState()
      store.controller.invalidate(getUser.endpoint, { id: 'u1' })
      expect(store.getState()).toBe(before)
    })

    it('get the controller, so they can dispatch actions of their own', () => {
      const { getUser } = createBlogApi()
      const echo: Manager = {
        [tesseraHooks]: {},
        middleware: (controller) => (next) => (action) => {
          next(action)
          if (action.type === 'tessera/receive' && action.key === getUser.endpoint.key({ id: 'u1' })) {
            controller.invalidate(getUser.endpoint, { id: 'u1' })
          }
        },
      }
      const store = createStore({ managers: [echo] })
      expect(store.controller).toBeInstanceOf(Controller)
      store.controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      expect(store.controller.getResponse(getUser.endpoint, { id: 'u1' }, store.getState()).expiryStatus).toBe('Invalid')
    })
  })
})

describe('the key of a call', () => {
  /** An endpoint whose key function counts its calls. */
  function countedKeys() {
    const users = createFakeEndpoint('getUser', { schema: User })
    const key = users.endpoint.key.bind(users.endpoint)
    let calls = 0
    const endpoint = Object.create(users.endpoint, { key: { value: (...args: unknown[]) => (calls++, key(...(args as [any]))) } }) as typeof users.endpoint
    return { endpoint, users, calls: () => calls }
  }

  it('is computed once by a fetch, and once by a fetchIfStale that fetches, however the response travels', async () => {
    const { controller } = createTestStore()
    const { endpoint, users, calls } = countedKeys()
    const fetching = controller.fetch(endpoint, { id: 'u1' })
    await users.calls[0]!.resolve({ id: 'u1', name: 'Ada' })
    await fetching
    expect(calls()).toBe(1)
    controller.invalidate(endpoint, { id: 'u1' })
    const refetching = controller.fetchIfStale(endpoint, { id: 'u1' })
    await users.calls[1]!.resolve({ id: 'u1', name: 'Grace' })
    await expect(refetching).resolves.toMatchObject({ name: 'Grace' })
    // One for the invalidate, one for fetchIfStale's read and the request it started.
    expect(calls()).toBe(3)
  })

  it('is computed once by select, which gives what getResponse, getError and getLastError give', () => {
    const { controller } = createTestStore()
    const { endpoint, calls } = countedKeys()
    controller.setResponse(endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    controller.setError(endpoint, { id: 'u1' }, Object.assign(new Error('Server down'), { status: 503 }))
    const state = controller.getState()
    const before = calls()
    const read = controller.select(endpoint, [{ id: 'u1' }], state)
    expect(calls() - before).toBe(1)
    expect(controller.select(endpoint, [{ id: 'u1' }], state, read.key)).toEqual(read)
    expect(calls() - before).toBe(1)
    expect(read).toEqual({
      ...controller.getResponse(endpoint, { id: 'u1' }, state),
      error: controller.getError(endpoint, { id: 'u1' }, state),
      lastError: controller.getLastError(endpoint, { id: 'u1' }, state),
    })
    expect(read.lastError).toMatchObject({ message: 'Server down', status: 503 })
    expect(controller.select(endpoint, [null], state)).toMatchObject({ key: '', data: undefined, error: undefined, lastError: undefined })
  })
})
