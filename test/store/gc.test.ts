import { Entity, createStore, selectMeta, selectResult, type Action } from '../../src/index'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { readRecord, recordKeys } from '../helpers/records'

class Author extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Author'
}

class Book extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  pk() {
    return this.id
  }
  static override key = 'Book'
  static override schema = { author: Author }
}

const GC_TIME = 5 * 60_000
const ada = { id: 'a1', name: 'Ada' }
const book = (id: string, author = ada) => ({ id, title: `Book ${id}`, author })

function setup(options: { gcTime?: number; gcBatch?: number } = {}) {
  const test = createTestStore(options)
  const getBook = createFakeEndpoint('getBook', { schema: Book })
  const getBooks = createFakeEndpoint('getBooks', { schema: [Book] })
  const keyOf = (id: string) => getBook.endpoint.key({ id })
  const has = (key: string) => selectMeta(test.controller.getState(), key) !== undefined
  return { ...test, getBook, getBooks, keyOf, has }
}

describe('garbage collection', () => {
  it('removes a key nobody reads once its gcTime has passed, with the entities only it referred to', () => {
    const { controller, clock, getBook, getBooks, keyOf, has, actions } = setup()
    controller.setResponse(getBook.endpoint, { id: '1' }, book('1', { id: 'a2', name: 'Grace' }))
    controller.setResponse(getBooks.endpoint, [book('2'), book('3')])
    clock.advance(GC_TIME - 1)
    expect(controller.sweep()).toBe(false)
    expect(has(keyOf('1'))).toBe(true)

    clock.advance(2)
    controller.sweep()
    const state = controller.getState()
    expect(has(keyOf('1'))).toBe(false)
    expect(selectResult(state, keyOf('1'))).toBeUndefined()
    expect(has(getBooks.endpoint.key())).toBe(false)
    expect(recordKeys(state, 'Book')).toEqual([])
    expect(recordKeys(state, 'Author')).toEqual([])
    const gc = actions.filter((action) => action.type === 'tessera/gc')
    expect(gc).toEqual([
      { type: 'tessera/gc', keys: [keyOf('1'), getBooks.endpoint.key()], entities: { Book: ['1', '2', '3'], Author: ['a2', 'a1'] }, meta: { date: clock.now() } },
    ])
  })

  it('keeps entities another remaining key still refers to', () => {
    const { controller, clock, getBook, getBooks, keyOf } = setup()
    controller.setResponse(getBooks.endpoint, [book('1'), book('2')])
    clock.advance(GC_TIME / 2)
    controller.setResponse(getBook.endpoint, { id: '1' }, book('1'))
    clock.advance(GC_TIME / 2 + 1)
    controller.sweep()
    const state = controller.getState()
    expect(selectMeta(state, getBooks.endpoint.key())).toBeUndefined()
    expect(selectMeta(state, keyOf('1'))).toBeDefined()
    expect(recordKeys(state, 'Book')).toEqual(['1'])
    expect(recordKeys(state, 'Author')).toEqual(['a1'])
    expect(controller.getResponse(getBook.endpoint, { id: '1' }, state).data!.author.name).toBe('Ada')
  })

  it('never collects what a reader is subscribed to, nor a key with a request in flight', async () => {
    const { controller, clock, getBook, keyOf, has } = setup()
    controller.setResponse(getBook.endpoint, { id: '1' }, book('1'))
    controller.setResponse(getBook.endpoint, { id: '2' }, book('2'))
    controller.subscribe(getBook.endpoint, { id: '1' })
    const refetch = controller.fetch(getBook.endpoint, { id: '2' })
    clock.advance(GC_TIME * 10)
    controller.sweep()
    expect([has(keyOf('1')), has(keyOf('2'))]).toEqual([true, true])
    expect(readRecord(controller.getState(), 'Book', '1')).toBeDefined()

    // The reader leaves: its gcTime starts now. The request answers: its gcTime starts then.
    controller.unsubscribe(getBook.endpoint, { id: '1' })
    await getBook.calls[0]!.resolve(book('2'))
    await refetch
    clock.advance(GC_TIME - 1)
    controller.sweep()
    expect([has(keyOf('1')), has(keyOf('2'))]).toEqual([true, true])
    clock.advance(2)
    controller.sweep()
    expect([has(keyOf('1')), has(keyOf('2'))]).toEqual([false, false])
  })

  it('keeps entities a subscribed query reads even when no key refers to them any more', () => {
    const { controller, clock, getBooks } = setup()
    controller.setResponse(getBooks.endpoint, [book('1'), book('2')])
    // A component showing one book by id, through the entity table (no key of its own fetched).
    const byId = createFakeEndpoint('getBook', { schema: Book }).endpoint
    controller.subscribe(byId, { id: '2' })
    clock.advance(GC_TIME + 1)
    controller.sweep()
    const state = controller.getState()
    expect(selectMeta(state, getBooks.endpoint.key())).toBeUndefined()
    expect(recordKeys(state, 'Book')).toEqual(['2'])
    expect(recordKeys(state, 'Author')).toEqual(['a1'])
    expect(controller.getResponse(byId, { id: '2' }, state).data!.title).toBe('Book 2')
  })

  it('takes gcTime from the endpoint, then from createStore', () => {
    const { controller, clock, keyOf, has } = setup({ gcTime: 1_000 })
    const keep = createFakeEndpoint('keep', { schema: Book, gcTime: Infinity })
    const short = createFakeEndpoint('getBook', { schema: Book, gcTime: 10 })
    controller.setResponse(keep.endpoint, { id: 'k' }, book('k'))
    controller.setResponse(short.endpoint, { id: 's' }, book('s'))
    controller.setResponse(createFakeEndpoint('getBook', { schema: Book }).endpoint, { id: '1' }, book('1'))
    clock.advance(11)
    controller.sweep()
    expect([has(keyOf('s')), has(keyOf('1'))]).toEqual([false, true])
    clock.advance(1_000)
    controller.sweep()
    expect([has(keyOf('1')), has(keep.endpoint.key({ id: 'k' }))]).toEqual([false, true])
    clock.advance(365 * 24 * 3600_000)
    controller.sweep()
    expect(has(keep.endpoint.key({ id: 'k' }))).toBe(true)
  })

  it('removes at most gcBatch keys per action', () => {
    const { controller, clock, getBook, actions } = setup({ gcBatch: 3 })
    for (let i = 0; i < 8; i++) controller.setResponse(getBook.endpoint, { id: String(i) }, book(String(i)))
    clock.advance(GC_TIME + 1)
    expect(controller.sweep()).toBe(true)
    expect(controller.sweep()).toBe(true)
    expect(controller.sweep()).toBe(false)
    const gc = actions.filter((action): action is Extract<Action, { type: 'tessera/gc' }> => action.type === 'tessera/gc')
    expect(gc.map((action) => action.keys.length)).toEqual([3, 3, 2])
    expect(recordKeys(controller.getState(), 'Book')).toEqual([])
  })

  it('ends a simulated day of reads of 10k distinct keys with a bounded store', () => {
    const { controller, clock, getBook, store } = setup()
    const day = 24 * 3600_000
    for (let i = 0; i < 10_000; i++) {
      clock.advance(day / 10_000)
      controller.setResponse(getBook.endpoint, { id: String(i) }, book(String(i), { id: `a${i % 50}`, name: 'x' }))
      // What the idle scheduler does: a slice every now and then.
      if (i % 100 === 99) while (controller.sweep()) {}
    }
    while (controller.sweep()) {}
    // Only the last gcTime's worth of keys (5 minutes of 8.64 s steps ≈ 35) is left.
    const keys = recordKeys(store.getState(), 'Book').length
    expect(keys).toBeLessThanOrEqual(Math.ceil(GC_TIME / (day / 10_000)) + 1)
    expect(recordKeys(store.getState(), 'Author').length).toBeLessThanOrEqual(50)
    expect(JSON.stringify(store.getState()).length).toBeLessThan(40_000)
  })

  it('runs by itself when the store is idle, on the store clock', async () => {
    jest.useFakeTimers()
    try {
      const store = createStore({ gcTime: 1_000 })
      const getBook = createFakeEndpoint('getBook', { schema: Book })
      store.controller.setResponse(getBook.endpoint, { id: '1' }, book('1'))
      jest.advanceTimersByTime(999)
      expect(selectMeta(store.getState(), getBook.endpoint.key({ id: '1' }))).toBeDefined()
      jest.advanceTimersByTime(2)
      expect(selectMeta(store.getState(), getBook.endpoint.key({ id: '1' }))).toBeUndefined()
      expect(recordKeys(store.getState(), 'Book')).toEqual([])
      store.cleanup()
    } finally {
      jest.useRealTimers()
    }
  })

  it('replays: a log with gc actions rebuilds the same state in a fresh store', async () => {
    const { controller, clock, getBook, actions, store } = setup()
    controller.setResponse(getBook.endpoint, { id: '1' }, book('1'))
    const loading = controller.fetch(getBook.endpoint, { id: '2' })
    await getBook.calls[0]!.resolve(book('2'))
    await loading
    clock.advance(GC_TIME + 1)
    controller.sweep()
    controller.setResponse(getBook.endpoint, { id: '3' }, book('3'))
    await flush()
    const replay = createStore()
    ;(JSON.parse(JSON.stringify(actions)) as Action[]).forEach(replay.dispatch)
    expect(JSON.stringify(replay.getState())).toBe(JSON.stringify(store.getState()))
    expect(recordKeys(replay.getState(), 'Book')).toEqual(['3'])
  })
})
