import {
  EXPIRE_ALL,
  FETCH,
  INVALIDATE,
  INVALIDATE_ALL,
  OPTIMISTIC,
  RECEIVE,
  RESET,
  createStore,
} from '../../src/index'
import type { Action } from '../../src/index'
import { articleDetail, articleSummary, createBlogApi } from '../fixtures/blogApi'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { Article } from '../fixtures/blog'

/** True for null, booleans, finite numbers, strings, and arrays / plain objects of those. */
function isPlainJSON(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true
  if (typeof value === 'number') return Number.isFinite(value)
  if (Array.isArray(value)) return value.every(isPlainJSON)
  if (typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return false
  return Object.values(value as object).every(isPlainJSON)
}

/** Runs one flow through the controller that produces every kind of action; returns the log. */
async function recordEveryActionKind(): Promise<Action[]> {
  const { controller, actions, clock } = createTestStore()
  const api = createBlogApi()
  const softArticle = createFakeEndpoint('softArticle', { schema: Article, errorPolicy: () => 'soft' as const })
  const optimisticUpdate = createFakeEndpoint('optimisticUpdate', {
    schema: Article,
    sideEffect: true,
    getOptimisticResponse: (_snapshot, params: { id: string }, body: Record<string, unknown>) => articleDetail(params.id, body),
  })

  const list = controller.fetch(api.getArticles.endpoint)
  await api.getArticles.calls[0]!.resolve([articleSummary('1'), articleSummary('2')])
  await list
  const detail = controller.fetch(api.getArticle.endpoint, { id: '1' })
  await api.getArticle.calls[0]!.resolve(articleDetail('1'))
  await detail
  const failed = controller.fetch(softArticle.endpoint, { id: '2' }).catch(() => undefined)
  await softArticle.calls[0]!.reject(Object.assign(new Error('Service Unavailable'), { status: 503 }))
  await failed
  clock.advance(10)
  const update = controller.fetch(optimisticUpdate.endpoint, { id: '1' }, { title: 'Renamed' })
  controller.invalidate(api.getArticle.endpoint, { id: '1' })
  controller.invalidateAll((key) => key.startsWith('getArticles'))
  controller.expireAll({ testKey: (key) => key.startsWith('softArticle') })
  controller.resetEntireStore()
  const updateOutcome = update.catch((error: Error) => error)
  await optimisticUpdate.calls[0]!.resolve(articleDetail('1', { title: 'Renamed' }))
  expect(await updateOutcome).toMatchObject({ name: 'ResetError' })
  return [...actions]
}

describe('actions are plain JSON', () => {
  let log: Action[]
  beforeAll(async () => {
    log = await recordEveryActionKind()
  })

  const kinds: [string, (action: Action) => boolean][] = [
    ['fetch', (a) => a.type === FETCH],
    ['receive (success)', (a) => a.type === RECEIVE && !a.error],
    ['receive (error)', (a) => a.type === RECEIVE && a.error === true],
    ['optimistic', (a) => a.type === OPTIMISTIC],
    ['invalidate', (a) => a.type === INVALIDATE],
    ['invalidateAll', (a) => a.type === INVALIDATE_ALL],
    ['expireAll', (a) => a.type === EXPIRE_ALL],
    ['reset', (a) => a.type === RESET],
  ]

  it('records every kind of action from one controller flow', () => {
    for (const [kind, matches] of kinds) expect([kind, log.some(matches)]).toEqual([kind, true])
  })

  describe.each(kinds)('%s', (_kind, matches) => {
    it('contains nothing but JSON values (no functions, classes, undefined or Dates)', () => {
      for (const action of log.filter(matches)) expect(isPlainJSON(action)).toBe(true)
    })

    it('gives the same state dispatched as is, as a JSON copy, or as a structured clone', () => {
      const index = log.findIndex(matches)
      const before = log.slice(0, index)
      const action = log[index]!
      const copies = [action, JSON.parse(JSON.stringify(action)) as Action, structuredClone(action)]
      const states = copies.map((copy) => {
        const store = createStore()
        for (const earlier of before) store.dispatch(earlier)
        const previous = store.getState()
        store.dispatch(copy)
        return { previous, next: store.getState() }
      })
      // The action did something, so the comparison below compares something.
      expect(states[0]!.next).not.toEqual(states[0]!.previous)
      expect(states[1]!.next).toEqual(states[0]!.next)
      expect(states[2]!.next).toEqual(states[0]!.next)
      expect(isPlainJSON(states[0]!.next)).toBe(true)
    })
  })

  it('rebuilds the same state from a JSON copy of the whole log', () => {
    const original = createStore()
    const replayed = createStore()
    for (const action of log) original.dispatch(action)
    for (const action of JSON.parse(JSON.stringify(log)) as Action[]) replayed.dispatch(action)
    expect(replayed.getState()).toEqual(original.getState())
  })
})
