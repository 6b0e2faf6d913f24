import { ExpiryStatus, schema } from '../../src/index'
import { DEFAULT_DATA_EXPIRY, DEFAULT_ERROR_EXPIRY } from '../../src/internal'
import type { Controller, EndpointInterface, State } from '../../src/index'
import { Article, User, allArticles } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { START, createFakeEndpoint, createTestStore, type FakeCall } from '../helpers/createTestStore'

/** Starts a fetch through the controller and answers it with `value`. */
async function fetchAndAnswer(
  controller: Controller,
  fake: { endpoint: EndpointInterface; calls: FakeCall[] },
  args: unknown[],
  value: unknown,
): Promise<unknown> {
  const fetching = controller.fetch(fake.endpoint, ...args)
  await fake.calls[fake.calls.length - 1]!.resolve(value)
  return fetching
}

describe('selectors: the expiry table', () => {
  it('is Invalid with no data when the key is not in the store', () => {
    const { controller } = createTestStore()
    const { getArticle } = createBlogApi()
    expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())).toEqual({
      data: undefined,
      expiryStatus: ExpiryStatus.Invalid,
      expiresAt: 0,
      key: getArticle.endpoint.key({ id: '1' }),
    })
  })

  it('is Invalid while the first request is in flight', () => {
    const { controller } = createTestStore()
    const { getArticle } = createBlogApi()
    void controller.fetch(getArticle.endpoint, { id: '1' })
    expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState()).expiryStatus).toBe('Invalid')
  })

  it('is Valid after a fetch, with the denormalized data', async () => {
    const { controller } = createTestStore()
    const { getArticle } = createBlogApi()
    await fetchAndAnswer(controller, getArticle, [{ id: '1' }], articleDetail('1'))
    const read = controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())
    expect(read.expiryStatus).toBe('Valid')
    expect(read.data).toBeInstanceOf(Article)
    expect(read.data).toMatchObject({ id: '1', title: 'Article 1', author: { id: 'u1', name: 'Ada' } })
    expect(read.data!.author).toBeInstanceOf(User)
    expect(read.data!.createdAt).toEqual(new Date('2024-01-02T03:04:05.000Z'))
  })

  it('is Invalid when the entity was deleted', async () => {
    const { controller } = createTestStore()
    const api = createBlogApi()
    controller.setResponse(api.getArticle.endpoint, { id: '1' }, articleDetail('1'))
    await fetchAndAnswer(controller, api.deleteArticle, [{ id: '1' }], { id: '1' })
    expect(controller.getResponse(api.getArticle.endpoint, { id: '1' }, controller.getState())).toMatchObject({
      data: undefined,
      expiryStatus: 'Invalid',
    })
  })

  it('is Invalid once invalidated, though the data is kept', () => {
    const { controller } = createTestStore()
    const { getArticle } = createBlogApi()
    controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    controller.invalidate(getArticle.endpoint, { id: '1' })
    const read = controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())
    expect(read.expiryStatus).toBe('Invalid')
    expect(read.data).toMatchObject({ id: '1' })
  })

  it('is Stale once the expiry time has passed, and Valid up to it', () => {
    const { controller, clock } = createTestStore()
    const { getArticle } = createBlogApi()
    controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    const read = () => controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())
    expect(read().expiresAt).toBe(START + 60_000)
    clock.set(START + 60_000)
    expect(read().expiryStatus).toBe('Valid')
    clock.set(START + 60_001)
    expect(read().expiryStatus).toBe('Stale')
    expect(read().data).toMatchObject({ id: '1' })
  })

  it('is Invalid once stale when the endpoint sets invalidIfStale', () => {
    const { controller, clock } = createTestStore()
    const strict = createFakeEndpoint('strict', { schema: Article, invalidIfStale: true })
    controller.setResponse(strict.endpoint, { id: '1' }, articleDetail('1'))
    const read = () => controller.getResponse(strict.endpoint, { id: '1' }, controller.getState()).expiryStatus
    expect(read()).toBe('Valid')
    clock.advance(60_001)
    expect(read()).toBe('Invalid')
  })

  describe('null arguments', () => {
    it('give no data, Valid, and no key', () => {
      const { controller } = createTestStore()
      const { getArticle } = createBlogApi()
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      expect(controller.getResponse(getArticle.endpoint, null, controller.getState())).toEqual({
        data: undefined,
        expiryStatus: 'Valid',
        expiresAt: Infinity,
        key: '',
      })
      expect(controller.getError(getArticle.endpoint, null, controller.getState())).toBeUndefined()
    })

    it('start no request', async () => {
      const { controller, actions } = createTestStore()
      const { getArticle } = createBlogApi()
      await expect(controller.fetchIfStale(getArticle.endpoint, null)).resolves.toBeUndefined()
      controller.invalidate(getArticle.endpoint, null)
      expect(getArticle.calls).toHaveLength(0)
      expect(actions).toEqual([])
      expect(controller.isFetching(getArticle.endpoint, null)).toBe(false)
    })
  })

  describe('expiry lengths', () => {
    it('defaults dataExpiryLength to 60 s', async () => {
      expect(DEFAULT_DATA_EXPIRY).toBe(60_000)
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi()
      const fetching = controller.fetch(getUser.endpoint, { id: 'u1' })
      clock.advance(250) // the response arrives later than the request started
      await getUser.calls[0]!.resolve({ id: 'u1', name: 'Ada' })
      await fetching
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState()).expiresAt).toBe(START + 250 + 60_000)
    })

    it('uses the endpoint dataExpiryLength when set', () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi({ dataExpiryLength: 5_000 })
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState()).expiresAt).toBe(START + 5_000)
    })

    it('defaults errorExpiryLength to 1 s: cached data goes stale 1 s after a failed refetch', async () => {
      expect(DEFAULT_ERROR_EXPIRY).toBe(1_000)
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi()
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      clock.advance(10)
      const failing = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(new Error('offline'))
      await failing
      const read = () => controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState())
      expect(read().expiresAt).toBe(START + 10 + 1_000)
      expect(read().expiryStatus).toBe('Valid')
      clock.advance(1_001)
      expect(read().expiryStatus).toBe('Stale')
      expect(read().data).toMatchObject({ name: 'Ada' })
    })

    it('keeps a failed read with no data settled (Valid, error raised) until the error expires, then Invalid', async () => {
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi()
      const failing = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(Object.assign(new Error('Not Found'), { status: 404 }))
      await failing
      const read = () => controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState())
      expect(read()).toMatchObject({ data: undefined, expiryStatus: 'Valid', expiresAt: START + 1_000 })
      expect(controller.getError(getUser.endpoint, { id: 'u1' }, controller.getState())).toMatchObject({ message: 'Not Found', status: 404 })
      clock.advance(1_001)
      expect(read().expiryStatus).toBe('Invalid')
    })

    it('settles an invalidated key whose refetch failed until the error expires', async () => {
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi()
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      controller.invalidate(getUser.endpoint, { id: 'u1' })
      const read = () => controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState())
      expect(read().expiryStatus).toBe('Invalid')
      const failing = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(new Error('offline'))
      await failing
      expect(read().expiryStatus).toBe('Valid')
      expect(controller.getError(getUser.endpoint, { id: 'u1' }, controller.getState())).toMatchObject({ message: 'offline' })
      clock.advance(1_001)
      expect(read().expiryStatus).toBe('Stale')
    })

    it('uses the endpoint errorExpiryLength when set', async () => {
      const { controller } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User, errorExpiryLength: 30_000 })
      const failing = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(new Error('offline'))
      await failing
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, controller.getState()).expiresAt).toBe(START + 30_000)
    })
  })

  describe('entity-level expiry', () => {
    it('applies to data found through other endpoints (schema.All never fetched itself)', async () => {
      const { controller, clock } = createTestStore()
      const { getArticles } = createBlogApi({ dataExpiryLength: 10_000 })
      const all = createFakeEndpoint('allArticles', { schema: allArticles })
      const read = () => controller.getResponse(all.endpoint, controller.getState())
      // Nothing of the type cached: undefined, as data-client reads it (not an empty list).
      expect(read()).toMatchObject({ data: undefined, expiryStatus: 'Invalid' })

      await fetchAndAnswer(controller, getArticles, [], [articleSummary('1'), articleSummary('2')])
      expect(read().data!.map((article) => article.id)).toEqual(['1', '2'])
      expect(read().expiresAt).toBe(START + 10_000)
      expect(read().expiryStatus).toBe('Valid')
      clock.advance(10_001)
      expect(read().expiryStatus).toBe('Stale')
      expect(all.calls).toHaveLength(0)
    })

    it('takes the earliest expiry of the entities the data was built from', () => {
      const { controller, clock } = createTestStore()
      const { getUser } = createBlogApi({ dataExpiryLength: 10_000 })
      const everyone = createFakeEndpoint('everyone', { schema: new schema.All(User) })
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      clock.advance(3_000)
      controller.setResponse(getUser.endpoint, { id: 'u2' }, { id: 'u2', name: 'Grace' })
      const read = controller.getResponse(everyone.endpoint, controller.getState())
      expect(read.data).toHaveLength(2)
      expect(read.expiresAt).toBe(START + 10_000)
    })

    it('gives way to the endpoint expiry once the endpoint itself was fetched', () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi({ dataExpiryLength: 10_000 })
      const users = createFakeEndpoint('users', { schema: [User], dataExpiryLength: 90_000 })
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      controller.setResponse(users.endpoint, [{ id: 'u1', name: 'Ada' }])
      expect(controller.getResponse(users.endpoint, controller.getState()).expiresAt).toBe(START + 90_000)
    })
  })

  describe('validation', () => {
    it('makes a detail read of a summary-only record Invalid (summary in store, detail read)', () => {
      const { getArticle } = createBlogApi()
      const key = getArticle.endpoint.key({ id: '1' })
      // A saved snapshot where the detail key points at a record that only has the summary fields.
      const snapshot = JSON.parse(
        JSON.stringify({
          entities: { Article: { '1': { ...articleSummary('1'), author: 'u1' } }, User: { u1: { id: 'u1', name: 'Ada' } } },
          entitiesMeta: {},
          indexes: {},
          endpoints: { [key]: '1' },
          meta: { [key]: { date: START, fetchedAt: START, expiresAt: START + 60_000 } },
          optimistic: [],
          lastReset: 0,
        }),
      ) as Partial<State>
      const { controller } = createTestStore({ initialState: snapshot })
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())).toMatchObject({
        data: undefined,
        expiryStatus: 'Invalid',
      })
    })

    it('lets the list read the same summary record', () => {
      const { controller } = createTestStore()
      const { getArticles, getArticle } = createBlogApi()
      controller.setResponse(getArticles.endpoint, [articleSummary('1')])
      const state = controller.getState()
      expect(controller.getResponse(getArticles.endpoint, state)).toMatchObject({ expiryStatus: 'Valid', data: [{ id: '1' }] })
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, state).expiryStatus).toBe('Invalid')
    })
  })

  describe('memoization', () => {
    it('returns the same objects for an unchanged state', () => {
      const { controller } = createTestStore()
      const { getArticles } = createBlogApi()
      controller.setResponse(getArticles.endpoint, [articleSummary('1'), articleSummary('2')])
      const state = controller.getState()
      const first = controller.getResponse(getArticles.endpoint, state).data
      const second = controller.getResponse(getArticles.endpoint, state).data
      expect(second).toBe(first)
      expect(second![0]).toBe(first![0])
    })

    it('keeps unchanged entities (and an unchanged list) across unrelated changes', () => {
      const { controller } = createTestStore()
      const { getArticles, getArticle, getUser } = createBlogApi()
      controller.setResponse(getArticles.endpoint, [articleSummary('1'), articleSummary('2')])
      const before = controller.getResponse(getArticles.endpoint, controller.getState()).data
      controller.setResponse(getUser.endpoint, { id: 'u9' }, { id: 'u9', name: 'Unrelated' })
      expect(controller.getResponse(getArticles.endpoint, controller.getState()).data).toBe(before)

      controller.setResponse(getArticle.endpoint, { id: '2' }, articleDetail('2', { title: 'Changed' }))
      const after = controller.getResponse(getArticles.endpoint, controller.getState()).data
      expect(after).not.toBe(before)
      expect(after![0]).toBe(before![0])
      expect(after![1]).not.toBe(before![1])
      expect(after![1]!.title).toBe('Changed')
    })

    it('returns the same Error object for an unchanged stored error', async () => {
      const { controller } = createTestStore()
      const { getUser } = createBlogApi()
      const failing = controller.fetch(getUser.endpoint, { id: 'u1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(new Error('offline'))
      await failing
      const state = controller.getState()
      const error = controller.getError(getUser.endpoint, { id: 'u1' }, state)
      expect(error).toBeInstanceOf(Error)
      expect(controller.getError(getUser.endpoint, { id: 'u1' }, state)).toBe(error)
    })
  })
})
