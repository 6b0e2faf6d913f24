import fc from 'fast-check'
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

/** A shelf as a list shows it: no books. */
class ShelfSummary extends Entity {
  id = ''
  name = ''
  pk() {
    return this.id
  }
  static override key = 'Shelf'
}

/** The same shelf, as its detail endpoint returns it. */
class Shelf extends ShelfSummary {
  books: Book[] = []
  static override schema = { books: [Book] }
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

  it('collects records a refetch left out, gcTime after they lost their last reference, while the key stays', () => {
    const { controller, clock, getBooks, actions } = setup()
    controller.subscribe(getBooks.endpoint)
    controller.setResponse(getBooks.endpoint, [book('1'), book('2', { id: 'a2', name: 'Grace' })])
    clock.advance(1_000)
    // The list no longer has book 1 (nor its author's other book): they are orphans from now on.
    controller.setResponse(getBooks.endpoint, [book('2', { id: 'a2', name: 'Grace' })])
    clock.advance(GC_TIME - 1)
    expect(controller.sweep()).toBe(false)
    expect(recordKeys(controller.getState(), 'Book')).toEqual(['1', '2'])

    clock.advance(1)
    controller.sweep()
    const state = controller.getState()
    expect(recordKeys(state, 'Book')).toEqual(['2'])
    expect(recordKeys(state, 'Author')).toEqual(['a2'])
    expect(controller.getResponse(getBooks.endpoint, state).data!.map((b) => b.author.name)).toEqual(['Grace'])
    expect(actions.filter((action) => action.type === 'tessera/gc')).toEqual([
      { type: 'tessera/gc', keys: [], entities: { Book: ['1'], Author: ['a1'] }, meta: { date: clock.now() } },
    ])
  })

  // The summary/detail pattern: the list's summaries and the detail share one table, and only the
  // detail's response holds the comments. When the detail's key goes, the article stays (the
  // list holds it) and still points at its comments: they must stay with it.
  it('collects each record a run of refetches dropped gcTime after its own refetch, however many responses came in between sweeps', () => {
    const { controller, clock, getBooks } = setup()
    const ids = Array.from({ length: 80 }, (_, i) => String(i + 1))
    controller.setResponse(getBooks.endpoint, ids.map((id) => book(id)))
    // 79 refetches, a second apart, each leaving out one more book (book i at second i); no sweep
    // in between, so many more responses arrive than the collector holds before it counts.
    for (let i = 1; i < 80; i++) {
      clock.advance(1_000)
      controller.setResponse(getBooks.endpoint, ids.slice(i).map((id) => book(id)))
    }
    // A reader keeps the list (and book 80) from now on. Books 1-40 lost their last reference
    // gcTime ago or more; 41-79 follow 40 s later.
    controller.subscribe(getBooks.endpoint)
    clock.advance(GC_TIME - 79_000 + 40_500)
    expect(controller.sweep()).toBe(false)
    const books = () => recordKeys(controller.getState(), 'Book')
    expect(books()).toEqual(ids.slice(40).sort())
    clock.advance(40_000)
    controller.sweep()
    expect(books()).toEqual(['80'])
    expect(recordKeys(controller.getState(), 'Author')).toEqual(['a1'])
    expect(controller.getResponse(getBooks.endpoint, controller.getState()).data!.map((item) => item.id)).toEqual(['80'])
  })

  it('keeps what a remaining record points at, though only a collected key wrote it', () => {
    const { controller, clock, getBooks } = setup()
    const getShelf = createFakeEndpoint('getShelf', { schema: Shelf })
    const getShelves = createFakeEndpoint('getShelves', { schema: [ShelfSummary] })
    controller.subscribe(getShelves.endpoint)
    controller.setResponse(getShelves.endpoint, [{ id: 's1', name: 'Fiction' }, { id: 's2', name: 'Poetry' }])
    controller.setResponse(getShelf.endpoint, { id: 's1' }, { id: 's1', name: 'Fiction', books: [book('1'), book('2', { id: 'a2', name: 'Grace' })] })
    controller.setResponse(getShelf.endpoint, { id: 's2' }, { id: 's2', name: 'Poetry', books: [book('3', { id: 'a3', name: 'Emily' })] })
    controller.setResponse(getBooks.endpoint, [book('1')])
    clock.advance(GC_TIME + 1)
    controller.sweep()
    let state = controller.getState()
    // The detail keys and the list of books are gone; what the shelves still point at is not.
    expect(selectMeta(state, getShelf.endpoint.key({ id: 's1' }))).toBeUndefined()
    expect(selectMeta(state, getBooks.endpoint.key())).toBeUndefined()
    expect(recordKeys(state, 'Book')).toEqual(['1', '2', '3'])
    expect(recordKeys(state, 'Author')).toEqual(['a1', 'a2', 'a3'])
    const shelf = controller.getResponse(getShelf.endpoint, { id: 's1' }, state).data as any
    expect(shelf.books.map((b: Book) => `${b.title} by ${b.author.name}`)).toEqual(['Book 1 by Ada', 'Book 2 by Grace'])

    // A shelf that no longer holds a book lets it go, gcTime later.
    controller.setResponse(getShelf.endpoint, { id: 's2' }, { id: 's2', name: 'Poetry', books: [] })
    clock.advance(GC_TIME + 1)
    controller.sweep()
    clock.advance(GC_TIME + 1)
    controller.sweep()
    state = controller.getState()
    expect(recordKeys(state, 'Book')).toEqual(['1', '2'])
    expect(recordKeys(state, 'Author')).toEqual(['a1', 'a2'])
  })

  it('keeps the records of a holder that points at more of them than a call takes arguments', () => {
    const { controller, clock } = setup()
    const getShelf = createFakeEndpoint('getShelf', { schema: Shelf })
    const getShelves = createFakeEndpoint('getShelves', { schema: [ShelfSummary] })
    controller.subscribe(getShelves.endpoint)
    controller.setResponse(getShelves.endpoint, [{ id: 's1', name: 'Everything' }])
    const books = Array.from({ length: 150_000 }, (_, i) => ({ id: String(i), title: '', author: ada }))
    controller.setResponse(getShelf.endpoint, { id: 's1' }, { id: 's1', name: 'Everything', books })
    clock.advance(GC_TIME + 1)
    // Two schemas wrote 'Shelf' (the summary and the detail): the shelf's links are read with both.
    expect(() => controller.sweep()).not.toThrow()
    const state = controller.getState()
    expect(selectMeta(state, getShelf.endpoint.key({ id: 's1' }))).toBeUndefined()
    expect(recordKeys(state, 'Book')).toHaveLength(150_000)
    expect(recordKeys(state, 'Author')).toEqual(['a1'])
  }, 30_000)

  it('keeps an orphan another response brought back', () => {
    const { controller, clock, getBook, getBooks } = setup()
    controller.subscribe(getBooks.endpoint)
    controller.subscribe(getBook.endpoint, { id: '1' })
    controller.setResponse(getBooks.endpoint, [book('1'), book('2')])
    controller.setResponse(getBooks.endpoint, [book('2')])
    controller.setResponse(getBook.endpoint, { id: '1' }, book('1'))
    clock.advance(GC_TIME * 2)
    controller.sweep()
    expect(recordKeys(controller.getState(), 'Book')).toEqual(['1', '2'])
  })

  it('collects what it kept for a reader once that reader has been gone for gcTime', () => {
    const { controller, clock, getBooks } = setup()
    controller.setResponse(getBooks.endpoint, [book('1'), book('2')])
    const byId = createFakeEndpoint('getBook', { schema: Book }).endpoint
    controller.subscribe(byId, { id: '2' })
    clock.advance(GC_TIME + 1)
    controller.sweep()
    expect(recordKeys(controller.getState(), 'Book')).toEqual(['2'])
    // Still on screen a gcTime later: kept, and no empty action is dispatched for it.
    clock.advance(GC_TIME + 1)
    expect(controller.sweep()).toBe(false)
    expect(recordKeys(controller.getState(), 'Book')).toEqual(['2'])

    controller.unsubscribe(byId, { id: '2' })
    clock.advance(GC_TIME + 1)
    controller.sweep()
    expect(recordKeys(controller.getState(), 'Book')).toEqual([])
    expect(recordKeys(controller.getState(), 'Author')).toEqual([])
  })

  it('turns a table that shrinks back to a plain object, whose keys still read', () => {
    const { controller, clock, getBook, keyOf, store } = setup()
    for (let i = 0; i < 250; i++) controller.setResponse(getBook.endpoint, { id: String(i) }, book(String(i)))
    clock.advance(GC_TIME / 2)
    for (let i = 250; i < 300; i++) controller.setResponse(getBook.endpoint, { id: String(i) }, book(String(i)))
    expect(Array.isArray(store.getState().meta)).toBe(true)
    clock.advance(GC_TIME / 2)
    while (controller.sweep()) {}
    const state = store.getState()
    expect(Array.isArray(state.meta)).toBe(false)
    expect(Object.keys(state.meta)).toHaveLength(50)
    expect(recordKeys(state, 'Book')).toHaveLength(50)
    for (let i = 250; i < 300; i++) expect(controller.getResponse(getBook.endpoint, { id: String(i) }, state).data!.title).toBe(`Book ${i}`)
    expect(selectMeta(state, keyOf('0'))).toBeUndefined()
  })

  it('matches a model of keys and references after every step of random reads, refetches, readers and sweeps', () => {
    // Keys: two lists (by shelf) and two single books. Each book always has the same author, so
    // what a key refers to is exactly what its last response held.
    const authorOf = (id: number) => ({ id: `a${id % 3}`, name: `Author ${id % 3}` })
    const keyNames = ['shelf0', 'shelf1', 'book1', 'book2'] as const
    type Step =
      | { kind: 'respond'; key: number; books: number[] }
      | { kind: 'advance'; ms: number }
      | { kind: 'toggleReader'; key: number }
      | { kind: 'sweep' }
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({ kind: fc.constant('respond' as const), key: fc.integer({ min: 0, max: 3 }), books: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 4 }) }),
      fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(1, GC_TIME / 3, GC_TIME - 1, GC_TIME) }),
      fc.record({ kind: fc.constant('toggleReader' as const), key: fc.integer({ min: 0, max: 3 }) }),
      fc.constant({ kind: 'sweep' as const }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const { controller, clock, getBook, getBooks, store } = setup()
        const call = (key: number) =>
          key < 2 ? ([getBooks.endpoint, { shelf: key }] as const) : ([getBook.endpoint, { id: String(key - 1) }] as const)
        // The model: each key's books and when its gcTime last started; readers; orphans.
        const model = new Map<number, { books: number[]; touchedAt: number }>()
        const readers = new Set<number>()
        const lostAt = new Map<number, number>()
        const referenced = () => new Set([...model.values()].flatMap((entry) => entry.books))
        for (const s of steps) {
          if (s.kind === 'respond') {
            const books = s.key < 2 ? s.books : [s.key - 1]
            const before = referenced()
            const [endpoint, args] = call(s.key)
            const data = books.map((id) => ({ id: String(id), title: `Book ${id}`, author: authorOf(id) }))
            controller.setResponse(endpoint as any, args, s.key < 2 ? data : data[0])
            model.set(s.key, { books, touchedAt: clock.now() })
            const after = referenced()
            for (const id of before) if (!after.has(id)) lostAt.set(id, clock.now())
            for (const id of after) lostAt.delete(id)
          } else if (s.kind === 'advance') {
            clock.advance(s.ms)
          } else if (s.kind === 'toggleReader') {
            const [endpoint, args] = call(s.key)
            if (readers.delete(s.key)) {
              controller.unsubscribe(endpoint as any, args)
              const entry = model.get(s.key)
              if (entry) entry.touchedAt = clock.now()
            } else {
              readers.add(s.key)
              controller.subscribe(endpoint as any, args)
            }
          } else {
            while (controller.sweep()) {}
            const now = clock.now()
            const before = referenced()
            for (const [key, entry] of model) if (!readers.has(key) && entry.touchedAt + GC_TIME <= now) model.delete(key)
            const after = referenced()
            // Records of dropped keys go with them; orphans of refetches a gcTime after they became
            // one. A book a mounted reader of its own key shows (found by pk, even before that key
            // has a response) stays, and is looked at again a gcTime later.
            const shown = (id: number) => id <= 2 && readers.has(id + 1)
            for (const id of before) if (!after.has(id)) shown(id) ? lostAt.set(id, now) : lostAt.delete(id)
            for (const [id, at] of lostAt) if (at + GC_TIME <= now) shown(id) ? lostAt.set(id, now) : lostAt.delete(id)
          }
          // After every step: every key the model keeps reads back what its last response held,
          // and the book table holds exactly the referenced books and the orphans not yet due.
          const state = store.getState()
          for (const [key, entry] of model) {
            const [endpoint, args] = call(key)
            const read = controller.getResponse(endpoint as any, args, state).data as any
            const books = key < 2 ? read : [read]
            expect(books.map((b: Book) => `${b.id}:${b.author.name}`)).toEqual(entry.books.map((id) => `${id}:${authorOf(id).name}`))
          }
          if (s.kind === 'sweep') {
            const expected = [...new Set([...referenced(), ...lostAt.keys()])].map(String).sort()
            expect(recordKeys(state, 'Book').sort()).toEqual(expected)
          }
        }
        // Once nobody reads anything for long enough, everything goes.
        for (const key of readers) controller.unsubscribe(...(call(key) as [any, any]))
        clock.advance(GC_TIME * 2 + 1)
        while (controller.sweep()) {}
        expect([recordKeys(store.getState(), 'Book'), recordKeys(store.getState(), 'Author')]).toEqual([[], []])
        store.cleanup()
      }),
      { numRuns: 150 },
    )
  })
})
