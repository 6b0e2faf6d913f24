// store.batch: the changes made inside one run are applied as one action, or not at all. What is
// observed: the store's state, what its subscribers and a manager's middleware see, and what the
// garbage collector does afterwards, compared with the same changes made one by one.
import { BATCH, Entity, INVALIDATE, RECEIVE, reducer, selectMeta, tesseraHooks, type Action, type BatchAction, type Manager, type ManagerAPI } from '../../src/index'
import { createInitialState } from '../../src/store/state'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { recordKeys } from '../helpers/records'

class Author extends Entity {
  id = ''
  name = ''
  static override key = 'Author'
}

class Book extends Entity {
  id = ''
  title = ''
  author = Author.fromJS()
  static override key = 'Book'
  static override schema = { author: Author }
}

const GC_TIME = 5 * 60_000
const ada = { id: 'a1', name: 'Ada' }

/** A manager that records what its middleware is given. */
function recorder(): Manager & { seen: Action[] } {
  const seen: Action[] = []
  return { seen, [tesseraHooks]: {}, middleware: () => (next) => (action) => (seen.push(action), next(action)) }
}

function setup() {
  const manager = recorder()
  const test = createTestStore({ managers: [manager] })
  const getBook = createFakeEndpoint('getBook', { schema: Book }).endpoint
  const getBooks = createFakeEndpoint('getBooks', { schema: [Book] }).endpoint
  let notified = 0
  test.store.subscribe(() => void notified++)
  return { ...test, manager, getBook, getBooks, notifications: () => notified }
}

/** The changes every test makes: two responses, a `set`, an invalidation. */
function write({ controller }: { controller: ManagerAPI }, getBook: ReturnType<typeof setup>['getBook'], getBooks: ReturnType<typeof setup>['getBooks']) {
  controller.setResponse(getBooks, [{ id: '1', title: 'One', author: ada }])
  controller.setResponse(getBook, { id: '2' }, { id: '2', title: 'Two', author: ada })
  controller.set(Author, { id: 'a1', name: 'Ada Lovelace' })
  controller.invalidate(getBook, { id: '2' })
}

describe('store.batch', () => {
  it('applies what run changed as one action: one notification, one action seen by the middleware and the log', () => {
    const { store, controller, actions, manager, getBook, getBooks, notifications } = setup()
    const result = store.batch(() => {
      write({ controller }, getBook, getBooks)
      // Reads inside see the changes made so far; nothing has reached the store's subscribers.
      expect(controller.get(Author, { id: 'a1' }, controller.getState())?.name).toBe('Ada Lovelace')
      expect(selectMeta(store.getState(), getBook.key({ id: '2' }))?.invalidated).toBe(true)
      expect(notifications()).toBe(0)
      return 'done'
    })
    expect(result).toBe('done')
    expect(notifications()).toBe(1)
    expect(actions.map((action) => action.type)).toEqual([BATCH])
    expect(manager.seen.map((action) => action.type)).toEqual([BATCH])
    expect((actions[0] as BatchAction).actions.map((action) => action.type)).toEqual([RECEIVE, RECEIVE, RECEIVE, INVALIDATE])
    // A recorded log replays to the same state.
    expect(reducer(createInitialState(), actions[0]!)).toEqual(store.getState())
  })

  it('leaves the store as the same changes made one by one leave it, garbage collection included', () => {
    const batched = setup()
    const single = setup()
    batched.store.batch(() => write(batched, batched.getBook, batched.getBooks))
    write(single, single.getBook, single.getBooks)
    expect(single.notifications()).toBe(4)
    expect(batched.store.getState()).toEqual(single.store.getState())
    const collect = (test: ReturnType<typeof setup>) => {
      test.clock.advance(GC_TIME + 1)
      while (test.controller.sweep());
      return { state: test.store.getState(), books: recordKeys(test.store.getState(), 'Book'), authors: recordKeys(test.store.getState(), 'Author') }
    }
    const after = collect(batched)
    expect(after.books).toEqual([])
    expect(after.authors).toEqual([])
    expect(after).toEqual(collect(single))
  })

  it('dispatches a lone change as itself, and nothing for a run that changed nothing', () => {
    const { store, controller, actions, getBook, notifications } = setup()
    expect(store.batch(() => 1)).toBe(1)
    expect(notifications()).toBe(0)
    store.batch(() => controller.invalidate(getBook, { id: '1' }))
    expect(actions.map((action) => action.type)).toEqual([INVALIDATE])
  })

  it('applies nothing when run throws, and the error propagates', () => {
    const { store, controller, actions, manager, getBook, getBooks, notifications } = setup()
    controller.setResponse(getBook, { id: '9' }, { id: '9', title: 'Nine', author: ada })
    const before = store.getState()
    const logged = actions.length
    const seen = manager.seen.length
    const failure = new Error('the message was malformed')
    expect(() =>
      store.batch(() => {
        write({ controller }, getBook, getBooks)
        throw failure
      }),
    ).toThrow(failure)
    expect(store.getState()).toBe(before)
    expect(controller.getState()).toBe(before)
    expect(notifications()).toBe(1)
    expect(actions).toHaveLength(logged)
    expect(manager.seen).toHaveLength(seen)
    expect(recordKeys(store.getState(), 'Book')).toEqual(['9'])
    // The store works on as before.
    store.batch(() => controller.setResponse(getBooks, []))
    expect(notifications()).toBe(2)
  })

  it('joins an outer batch; a throw inside undoes its own changes only', () => {
    const { store, controller, actions, getBook, getBooks, notifications } = setup()
    store.batch(() => {
      controller.setResponse(getBooks, [{ id: '1', title: 'One', author: ada }])
      expect(() =>
        store.batch(() => {
          controller.setResponse(getBook, { id: '2' }, { id: '2', title: 'Two', author: ada })
          throw new TypeError('dropped')
        }),
      ).toThrow('dropped')
      store.batch(() => controller.setResponse(getBook, { id: '3' }, { id: '3', title: 'Three', author: ada }))
    })
    expect(notifications()).toBe(1)
    expect((actions[0] as BatchAction).actions).toHaveLength(2)
    expect(recordKeys(store.getState(), 'Book')).toEqual(['1', '3'])
  })

  it('is what managers get as api.batch', () => {
    let api: ManagerAPI | undefined
    const grab: Manager = { [tesseraHooks]: {}, middleware: (given) => ((api = given), (next) => next) }
    const { store, actions } = createTestStore({ managers: [grab] })
    const list = createFakeEndpoint('getBooks', { schema: [Book] }).endpoint
    api!.batch(() => {
      api!.setResponse(list, [{ id: '1', title: 'One', author: ada }])
      api!.set(Author, { id: 'a1', name: 'Ada Lovelace' })
    })
    expect(actions.map((action) => action.type)).toEqual([BATCH])
    expect(store.controller.getResponse(list, store.getState()).data!.map((book) => book.author.name)).toEqual(['Ada Lovelace'])
  })
})
