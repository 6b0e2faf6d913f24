import { createReceive, createStore, normalize } from '../../src/index'
import { createInitialState } from '../../src/internal'
import type { Action, State } from '../../src/index'
import { Article, User } from '../fixtures/blog'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { createTestStore } from '../helpers/createTestStore'
import { readRecord, recordKeys } from '../helpers/records'

describe('createStore (headless flows)', () => {
  it('runs without a DOM or React', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined')
    const store = createStore()
    expect(Object.keys(store).sort()).toEqual(['batch', 'cleanup', 'controller', 'dispatch', 'getServerState', 'getState', 'inspect', 'replaceState', 'subscribe'])
  })

  it('fetch → receive → read', async () => {
    const { controller, actions } = createTestStore()
    const { getArticles } = createBlogApi()
    const fetching = controller.fetch(getArticles.endpoint)
    expect(controller.getResponse(getArticles.endpoint, controller.getState()).expiryStatus).toBe('Invalid')
    await getArticles.calls[0]!.resolve([articleSummary('1'), articleSummary('2', { author: { id: 'u2', name: 'Grace' } })])
    const fetched = await fetching

    const read = controller.getResponse(getArticles.endpoint, controller.getState())
    expect(read.expiryStatus).toBe('Valid')
    expect(read.data).toEqual(fetched)
    expect(read.data!.map((article) => [article.id, article.author.name])).toEqual([
      ['1', 'Ada'],
      ['2', 'Grace'],
    ])
    expect(actions.map((action) => action.type)).toEqual(['tessera/fetch', 'tessera/receive'])
  })

  it('calls a subscriber after each action is applied, with that action, until it unsubscribes', () => {
    const store = createStore()
    const { getUser } = createBlogApi()
    const seen: [Action, State][] = []
    const unsubscribe = store.subscribe((action) => void seen.push([action, store.getState()]))
    store.controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
    expect(seen).toHaveLength(1)
    expect(seen[0]![0].type).toBe('tessera/receive')
    expect(readRecord(seen[0]![1], 'User', 'u1')).toEqual({ id: 'u1', name: 'Ada' })
    unsubscribe()
    store.controller.invalidate(getUser.endpoint, { id: 'u1' })
    expect(seen).toHaveLength(1)
  })

  it('a mutation updates a list and a detail view through normalization', async () => {
    const { controller } = createTestStore()
    const { getArticles, getArticle, updateArticle } = createBlogApi()
    controller.setResponse(getArticles.endpoint, [articleSummary('1'), articleSummary('2')])
    controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    const listBefore = controller.getResponse(getArticles.endpoint, controller.getState()).data

    const updating = controller.fetch(updateArticle.endpoint, { id: '1' }, { title: 'Renamed' })
    expect(updateArticle.calls[0]!.args).toEqual([{ id: '1' }, { title: 'Renamed' }])
    await updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'Renamed' }))
    await expect(updating).resolves.toMatchObject({ title: 'Renamed' })

    const state = controller.getState()
    const list = controller.getResponse(getArticles.endpoint, state).data
    const detail = controller.getResponse(getArticle.endpoint, { id: '1' }, state).data
    expect(list!.map((article) => article.title)).toEqual(['Renamed', 'Article 2'])
    expect(detail!.title).toBe('Renamed')
    // Only the changed article is a new object.
    expect(list![1]).toBe(listBefore![1])
    expect(list![0]).not.toBe(listBefore![0])
    expect(getArticles.calls).toHaveLength(0)
    expect(getArticle.calls).toHaveLength(0)
  })

  it('invalidate → refetch', async () => {
    const { controller } = createTestStore()
    const { getArticle } = createBlogApi()
    controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
    await expect(controller.fetchIfStale(getArticle.endpoint, { id: '1' })).resolves.toMatchObject({ id: '1' })
    expect(getArticle.calls).toHaveLength(0)

    controller.invalidate(getArticle.endpoint, { id: '1' })
    const refetching = controller.fetchIfStale(getArticle.endpoint, { id: '1' })
    expect(getArticle.calls).toHaveLength(1)
    await getArticle.calls[0]!.resolve(articleDetail('1', { body: 'Edited elsewhere' }))
    await refetching
    const read = controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState())
    expect(read).toMatchObject({ expiryStatus: 'Valid', data: { body: 'Edited elsewhere' } })
  })

  describe('races', () => {
    it('the slower, older read of an entity answers last and loses to a newer list', async () => {
      const { controller, clock } = createTestStore()
      const { getArticle, getArticles } = createBlogApi()
      const slowDetail = controller.fetch(getArticle.endpoint, { id: '1' })
      clock.advance(100)
      const fastList = controller.fetch(getArticles.endpoint)
      clock.advance(50)
      await getArticles.calls[0]!.resolve([articleSummary('1', { title: 'New title' })])
      clock.advance(400)
      await getArticle.calls[0]!.resolve(articleDetail('1', { title: 'Old title' }))
      await Promise.all([slowDetail, fastList])

      const state = controller.getState()
      expect(controller.getResponse(getArticles.endpoint, state).data![0]!.title).toBe('New title')
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, state).data).toMatchObject({ title: 'New title', body: 'Body of 1' })
    })

    it('the slower, older of two identical mutations answers last and loses', async () => {
      const { controller, clock } = createTestStore()
      const { getArticle, updateArticle } = createBlogApi()
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      const first = controller.fetch(updateArticle.endpoint, { id: '1' }, { title: 'typed first' })
      clock.advance(10)
      const second = controller.fetch(updateArticle.endpoint, { id: '1' }, { title: 'typed second' })
      await updateArticle.calls[1]!.resolve(articleDetail('1', { title: 'typed second' }))
      await updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'typed first' }))
      await Promise.all([first, second])
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState()).data!.title).toBe('typed second')
    })

    it('orders two requests started in the same millisecond by when they started', async () => {
      const { controller } = createTestStore()
      const { getArticle, updateArticle } = createBlogApi()
      controller.setResponse(getArticle.endpoint, { id: '1' }, articleDetail('1'))
      const first = controller.fetch(updateArticle.endpoint, { id: '1' }, {})
      const second = controller.fetch(updateArticle.endpoint, { id: '1' }, {})
      await updateArticle.calls[1]!.resolve(articleDetail('1', { title: 'second' }))
      await updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'first' }))
      await Promise.all([first, second])
      expect(controller.getResponse(getArticle.endpoint, { id: '1' }, controller.getState()).data!.title).toBe('second')
    })
  })

  describe('record / replay', () => {
    it('replaying every recorded action into a fresh store gives a deep-equal state and sends no request', async () => {
      const { store, controller, clock } = createTestStore()
      const api = createBlogApi()
      const log: Action[] = []
      store.subscribe((action) => void log.push(action))

      const list = controller.fetch(api.getArticles.endpoint)
      await api.getArticles.calls[0]!.resolve([articleSummary('1'), articleSummary('2')])
      await list
      clock.advance(1_000)
      const detail = controller.fetch(api.getArticle.endpoint, { id: '2' })
      const update = controller.fetch(api.updateArticle.endpoint, { id: '1' }, { title: 'Renamed' })
      await api.updateArticle.calls[0]!.resolve(articleDetail('1', { title: 'Renamed' }))
      await api.getArticle.calls[0]!.resolve(articleDetail('2'))
      await Promise.all([detail, update])
      const failed = controller.fetch(api.getUser.endpoint, { id: 'u9' }).catch(() => undefined)
      await api.getUser.calls[0]!.reject(Object.assign(new Error('Not Found'), { status: 404 }))
      await failed
      const deleting = controller.fetch(api.deleteArticle.endpoint, { id: '2' })
      await api.deleteArticle.calls[0]!.resolve({ id: '2' })
      await deleting
      controller.invalidate(api.getArticles.endpoint)
      controller.expireAll(() => true)
      const callsBefore = Object.values(api).map((fake) => fake.calls.length)

      const bugReport = JSON.stringify(log)
      const fresh = createStore()
      for (const action of JSON.parse(bugReport) as Action[]) fresh.dispatch(action)
      expect(fresh.getState()).toEqual(store.getState())
      expect(Object.values(api).map((fake) => fake.calls.length)).toEqual(callsBefore)
      // The replayed state reads back the same way.
      expect(fresh.controller.getResponse(api.getArticles.endpoint, fresh.getState()).data).toEqual(
        controller.getResponse(api.getArticles.endpoint, store.getState()).data,
      )
    })

    it('replays a pending request (fetch without receive) without starting it', () => {
      const { store, controller } = createTestStore()
      const { getUser } = createBlogApi()
      const log: Action[] = []
      store.subscribe((action) => void log.push(action))
      void controller.fetch(getUser.endpoint, { id: 'u1' })
      const fresh = createStore()
      for (const action of log) fresh.dispatch(action)
      expect(getUser.calls).toHaveLength(1)
      expect(fresh.getState()).toEqual(store.getState())
      expect(fresh.controller.isFetching(getUser.endpoint, { id: 'u1' })).toBe(false)
    })
  })

  it('two stores created at the same moment start with equal states', () => {
    const now = () => 42
    expect(createStore({ now }).getState()).toEqual(createStore({ now }).getState())
    expect(createStore().getState()).toEqual(createInitialState())
    expect(JSON.stringify(createStore().getState())).toBe(JSON.stringify(createStore().getState()))
  })

  describe('prototype safety', () => {
    it('keeps a "__proto__" pk from a JSON snapshot as data when the reducer writes more records', () => {
      const { getUser } = createBlogApi()
      const evilKey = getUser.endpoint.key({ id: '__proto__' })
      const snapshot =
        '{"entities":{"User":{"__proto__":{"id":"__proto__","name":"Mallory","polluted":true}}},' +
        '"entitiesMeta":{"User":{"__proto__":{"date":1,"fetchedAt":1,"expiresAt":9e15}}},"indexes":{},' +
        `"endpoints":{${JSON.stringify(evilKey)}:"__proto__"},` +
        `"meta":{${JSON.stringify(evilKey)}:{"date":1,"fetchedAt":1,"expiresAt":9e15}},"optimistic":[],"lastReset":0}`
      const { controller } = createTestStore({ initialState: JSON.parse(snapshot) })
      controller.setResponse(getUser.endpoint, { id: 'u1' }, { id: 'u1', name: 'Ada' })
      controller.setResponse(getUser.endpoint, { id: '__proto__' }, { id: '__proto__', name: 'Mallory 2' })
      controller.setResponse(getUser.endpoint, { id: 'constructor' }, { id: 'constructor', name: 'Con' })

      expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
      const state = controller.getState()
      expect((state.entities['User'] as { polluted?: unknown }).polluted).toBeUndefined()
      expect(recordKeys(state, 'User')).toEqual(['__proto__', 'constructor', 'u1'])
      expect(controller.getResponse(getUser.endpoint, { id: '__proto__' }, state).data).toMatchObject({ id: '__proto__', name: 'Mallory 2' })
      expect(controller.getResponse(getUser.endpoint, { id: 'u1' }, state).data).toMatchObject({ name: 'Ada' })
      expect(controller.getResponse(getUser.endpoint, { id: 'constructor' }, state).data).toMatchObject({ name: 'Con' })
    })

    it('keeps a "__proto__" pk as data when it arrives after a replayed JSON action created the table', () => {
      const store = createStore()
      const meta = { date: 1, fetchedAt: 1, expiresAt: 9e15 }
      const first = createReceive('users', [], normalize([User], [{ id: 'u1', name: 'Ada' }], [], {}, meta), meta)
      store.dispatch(JSON.parse(JSON.stringify(first)))
      const later = { ...meta, fetchedAt: 2 }
      const evil = createReceive('evil', [], normalize(User, { id: '__proto__', name: 'Mallory' }, [], store.getState(), later), later)
      store.dispatch(JSON.parse(JSON.stringify(evil)))
      const state = store.getState()
      expect(recordKeys(state, 'User')).toEqual(['__proto__', 'u1'])
      expect(readRecord(state, 'User', '__proto__')).toEqual({ id: '__proto__', name: 'Mallory' })
      expect((state.entities['User'] as { name?: unknown }).name).toBeUndefined()
      expect(({} as { name?: unknown }).name).toBeUndefined()
    })
  })
})
