import { createReceive, normalize, reducer, selectMeta, selectResult } from '../../src/index'
import { createInitialState, createReset } from '../../src/internal'
import type { ReceiveMeta, State } from '../../src/index'
import { User } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { readRecord, readRecordMeta } from '../helpers/records'

function metaAt(fetchedAt: number): ReceiveMeta {
  return { fetchedAt, date: fetchedAt, expiresAt: fetchedAt + 60_000 }
}

/** A receive action for a schema-less endpoint key, as the network manager would build it. */
function plainReceive(key: string, value: unknown, fetchedAt: number) {
  return createReceive(key, [], normalize(undefined, value, [], {}, metaAt(fetchedAt)), metaAt(fetchedAt))
}

function userReceive(state: State, key: string, user: object, fetchedAt: number) {
  return createReceive(key, [], normalize(User, user, [], state, metaAt(fetchedAt)), metaAt(fetchedAt))
}

describe('reducer', () => {
  describe('a response never overwrites data fetched later', () => {
    it('keeps the endpoint result of the later-started request when the earlier one answers last', () => {
      let state = createInitialState()
      state = reducer(state, plainReceive('clock', { served: 'second' }, 200))
      state = reducer(state, plainReceive('clock', { served: 'first' }, 100))
      expect(selectResult(state, 'clock')).toEqual({ served: 'second' })
      expect(selectMeta(state, 'clock')).toMatchObject({ fetchedAt: 200 })
    })

    it('lets a later-started response replace an earlier one', () => {
      let state = createInitialState()
      state = reducer(state, plainReceive('clock', { served: 'first' }, 100))
      state = reducer(state, plainReceive('clock', { served: 'second' }, 200))
      expect(selectResult(state, 'clock')).toEqual({ served: 'second' })
    })

    it('keeps a setResponse made while a fetch of the same key was in flight', async () => {
      const { controller } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      const slow = controller.fetch(getUser.endpoint, { id: '1' })
      controller.setResponse(getUser.endpoint, { id: '1' }, { id: '1', name: 'pushed later' })
      await getUser.calls[0]!.resolve({ id: '1', name: 'fetched earlier' })
      await slow
      expect(controller.getResponse(getUser.endpoint, { id: '1' }, controller.getState()).data).toEqual(
        User.fromJS({ id: '1', name: 'pushed later' }),
      )
    })

    it("keeps an entity's fields from the later-started request, per entity, across endpoints", async () => {
      const { controller } = createTestStore()
      const api = createBlogApi()
      const detail = controller.fetch(api.getArticle.endpoint, { id: '1' })
      const list = controller.fetch(api.getArticles.endpoint)
      await api.getArticles.calls[0]!.resolve([articleSummary('1', { title: 'newer title' }), articleSummary('2')])
      await api.getArticle.calls[0]!.resolve(articleDetail('1', { title: 'older title', body: 'only the detail has a body' }))
      await Promise.all([detail, list])

      const state = controller.getState()
      // The older response loses on the field both carry, and fills in the fields only it has.
      expect(readRecord(state, 'Article', '1')).toMatchObject({ title: 'newer title', body: 'only the detail has a body' })
      const article = controller.getResponse(api.getArticle.endpoint, { id: '1' }, state).data
      expect(article).toMatchObject({ title: 'newer title', body: 'only the detail has a body' })
      expect(readRecordMeta(state, 'Article', '1')!.fetchedAt).toBe(selectMeta(state, api.getArticles.endpoint.key())!.fetchedAt)
    })

    it('keeps a newer entity record when an older action for it is replayed through the reducer', () => {
      let state = createInitialState()
      state = reducer(state, userReceive(state, 'newer', { id: '1', name: 'newer' }, 200))
      const older = userReceive(createInitialState(), 'older', { id: '1', name: 'older' }, 100)
      state = reducer(state, older)
      expect(readRecord(state, 'User', '1')).toEqual({ id: '1', name: 'newer' })
      expect(readRecordMeta(state, 'User', '1')!.fetchedAt).toBe(200)
      // The older request's own key had no newer data, so its result is written.
      expect(selectResult(state, 'older')).toBe('1')
    })
  })

  describe('an error keeps the last good data', () => {
    it('records name, message and status with the errorPolicy beside the data', async () => {
      const { controller, clock } = createTestStore()
      const getUser = createFakeEndpoint('getUser', {
        schema: User,
        errorPolicy: (error: { status?: number }) => ((error.status ?? 0) >= 500 ? 'soft' : undefined),
      })
      const first = controller.fetch(getUser.endpoint, { id: '1' })
      await getUser.calls[0]!.resolve({ id: '1', name: 'Ada' })
      await first
      const before = controller.getState()

      clock.advance(5)
      const failing = controller.fetch(getUser.endpoint, { id: '1' }).catch((error: unknown) => error)
      await getUser.calls[1]!.reject(Object.assign(new Error('Bad Gateway'), { name: 'HTTPError', status: 502 }))
      await failing

      const state = controller.getState()
      const key = getUser.endpoint.key({ id: '1' })
      expect(state.entities).toEqual(before.entities)
      expect(state.endpoints).toEqual(before.endpoints)
      expect(selectMeta(state, key)).toMatchObject({
        error: { name: 'HTTPError', message: 'Bad Gateway', status: 502 },
        errorPolicy: 'soft',
        fetchedAt: selectMeta(before, key)!.fetchedAt,
      })
      expect(controller.getResponse(getUser.endpoint, { id: '1' }, state).data).toEqual(User.fromJS({ id: '1', name: 'Ada' }))
    })

    it('records a hard error without a policy, and no status when the error has none', async () => {
      const { controller } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      const failing = controller.fetch(getUser.endpoint, { id: '1' }).catch(() => undefined)
      await getUser.calls[0]!.reject(new TypeError('Failed to fetch'))
      await failing
      const meta = selectMeta(controller.getState(), getUser.endpoint.key({ id: '1' }))!
      expect(meta.error).toEqual({ name: 'TypeError', message: 'Failed to fetch' })
      expect(meta.errorPolicy).toBeUndefined()
      expect(meta.pending).toBeUndefined()
    })

    it('ignores an error from a request started before the stored data was fetched', () => {
      let state = createInitialState()
      state = reducer(state, plainReceive('clock', { served: 'fresh' }, 200))
      state = reducer(state, {
        type: 'tessera/receive',
        key: 'clock',
        args: [],
        error: true,
        payload: { name: 'Error', message: 'late failure' },
        meta: metaAt(100),
      })
      expect(selectMeta(state, 'clock')!.error).toBeUndefined()
      expect(selectResult(state, 'clock')).toEqual({ served: 'fresh' })
    })
  })

  describe('a receive through schema.Invalidate', () => {
    it('leaves a tombstone: the detail read becomes Invalid and lists drop the entity', async () => {
      const { controller } = createTestStore()
      const api = createBlogApi()
      const list = controller.fetch(api.getArticles.endpoint)
      await api.getArticles.calls[0]!.resolve([articleSummary('1'), articleSummary('2')])
      const detail = controller.fetch(api.getArticle.endpoint, { id: '1' })
      await api.getArticle.calls[0]!.resolve(articleDetail('1'))
      await Promise.all([list, detail])

      const deleting = controller.fetch(api.deleteArticle.endpoint, { id: '1' })
      await api.deleteArticle.calls[0]!.resolve({ id: '1' })
      await deleting

      const state = controller.getState()
      expect(readRecord(state, 'Article', '1')).toBeNull()
      const read = controller.getResponse(api.getArticle.endpoint, { id: '1' }, state)
      expect(read.data).toBeUndefined()
      expect(read.expiryStatus).toBe('Invalid')
      const articles = controller.getResponse(api.getArticles.endpoint, state).data
      expect(articles!.map((article: { id: string }) => article.id)).toEqual(['2'])
    })
  })

  describe('optimistic layers', () => {
    function setup() {
      const test = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      const rename = createFakeEndpoint('rename', {
        schema: User,
        sideEffect: true,
        getOptimisticResponse: (_snapshot, params: { id: string }, body: { name: string }) => ({ id: params.id, name: body.name }),
      })
      test.controller.setResponse(getUser.endpoint, { id: '1' }, { id: '1', name: 'server' })
      const name = () => test.controller.getResponse(getUser.endpoint, { id: '1' }, test.controller.getState()).data!.name
      return { ...test, getUser, rename, name }
    }

    it('apply on read in the order they were made, without touching the stored record', () => {
      const { controller, rename, name } = setup()
      void controller.fetch(rename.endpoint, { id: '1' }, { name: 'first' })
      void controller.fetch(rename.endpoint, { id: '1' }, { name: 'second' })
      const state = controller.getState()
      expect(state.optimistic).toHaveLength(2)
      expect(name()).toBe('second')
      expect(readRecord(state, 'User', '1')).toEqual({ id: '1', name: 'server' })
    })

    it('are removed by the matching response, leaving later layers in place', async () => {
      const { controller, rename, name } = setup()
      const first = controller.fetch(rename.endpoint, { id: '1' }, { name: 'first' })
      void controller.fetch(rename.endpoint, { id: '1' }, { name: 'second' }).catch(() => undefined)
      await rename.calls[0]!.resolve({ id: '1', name: 'first (confirmed)' })
      await first
      expect(controller.getState().optimistic).toHaveLength(1)
      // The second mutation's layer still sits on top of the first one's confirmed data.
      expect(name()).toBe('second')
    })

    it('roll back on error to the data underneath', async () => {
      const { controller, rename, name } = setup()
      const first = controller.fetch(rename.endpoint, { id: '1' }, { name: 'first' })
      const second = controller.fetch(rename.endpoint, { id: '1' }, { name: 'second' }).catch((error: unknown) => error)
      await rename.calls[0]!.resolve({ id: '1', name: 'first (confirmed)' })
      await rename.calls[1]!.reject(new Error('conflict'))
      await first
      expect(await second).toEqual(new Error('conflict'))
      expect(controller.getState().optimistic).toEqual([])
      expect(name()).toBe('first (confirmed)')
    })

    it('roll back on error with nothing confirmed to the original server data', async () => {
      const { controller, rename, name } = setup()
      const only = controller.fetch(rename.endpoint, { id: '1' }, { name: 'hopeful' }).catch(() => undefined)
      expect(name()).toBe('hopeful')
      await rename.calls[0]!.reject(new Error('conflict'))
      await only
      expect(controller.getState().optimistic).toEqual([])
      expect(name()).toBe('server')
    })
  })

  describe('reset', () => {
    it('empties every table and the optimistic layers', () => {
      const { controller, clock } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      const rename = createFakeEndpoint('rename', { schema: User, sideEffect: true, getOptimisticResponse: () => ({ id: '1', name: 'x' }) })
      controller.setResponse(getUser.endpoint, { id: '1' }, { id: '1', name: 'Ada' })
      void controller.fetch(rename.endpoint).catch(() => undefined)
      controller.invalidate(getUser.endpoint, { id: '1' })
      clock.advance(1000)
      controller.resetEntireStore()
      const state = controller.getState()
      expect(state).toEqual(createInitialState(clock.now()))
      expect(controller.getResponse(getUser.endpoint, { id: '1' }, state)).toMatchObject({ data: undefined, expiryStatus: 'Invalid' })
    })

    it('drops the response and the error of requests started before it', async () => {
      const { controller } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      const ok = controller.fetch(getUser.endpoint, { id: '1' }).catch((error: Error) => error)
      const failing = controller.fetch(getUser.endpoint, { id: '2' }).catch(() => undefined)
      controller.resetEntireStore()
      const afterReset = controller.getState()
      await getUser.calls[0]!.resolve({ id: '1', name: 'from before the reset' })
      await getUser.calls[1]!.reject(new Error('from before the reset'))
      expect(await ok).toMatchObject({ name: 'ResetError' })
      await failing
      expect(controller.getState()).toEqual(afterReset)
      expect(controller.getState().entities).toEqual({})
    })

    it('drops actions dated before it when a log is replayed through the reducer', () => {
      let state = reducer(createInitialState(), createReset(150))
      state = reducer(state, plainReceive('clock', { served: 'old' }, 100))
      expect(selectResult(state, 'clock')).toBeUndefined()
      state = reducer(state, plainReceive('clock', { served: 'new' }, 200))
      expect(selectResult(state, 'clock')).toEqual({ served: 'new' })
    })
  })

  describe('identity', () => {
    it('keeps the stored record object when a response repeats it', async () => {
      const { controller } = createTestStore()
      const getUser = createFakeEndpoint('getUser', { schema: User })
      controller.setResponse(getUser.endpoint, { id: '1' }, { id: '1', name: 'Ada' })
      const stored = readRecord(controller.getState(), 'User', '1')
      const read = controller.getResponse(getUser.endpoint, { id: '1' }, controller.getState()).data

      const again = controller.fetch(getUser.endpoint, { id: '1' })
      await getUser.calls[0]!.resolve({ id: '1', name: 'Ada' })
      await again
      const state = controller.getState()
      expect(readRecord(state, 'User', '1')).toBe(stored)
      expect(controller.getResponse(getUser.endpoint, { id: '1' }, state).data).toBe(read)
    })

    it('keeps the stored record object when a JSON copy of the same record is replayed', () => {
      let state = createInitialState()
      const action = userReceive(state, 'a', { id: '1', name: 'Ada' }, 100)
      state = reducer(state, action)
      const stored = readRecord(state, 'User', '1')
      const replay = JSON.parse(JSON.stringify(userReceive(createInitialState(), 'b', { id: '1', name: 'Ada' }, 200)))
      state = reducer(state, replay)
      expect(readRecord(state, 'User', '1')).toBe(stored)
      expect(selectResult(state, 'b')).toBe('1')
    })

    it('replaces the record object when a field changed', () => {
      let state = createInitialState()
      state = reducer(state, userReceive(state, 'a', { id: '1', name: 'Ada' }, 100))
      const stored = readRecord(state, 'User', '1')
      state = reducer(state, userReceive(state, 'a', { id: '1', name: 'Ada Lovelace' }, 200))
      expect(readRecord(state, 'User', '1')).not.toBe(stored)
      expect(readRecord(state, 'User', '1')).toEqual({ id: '1', name: 'Ada Lovelace' })
    })
  })
})
