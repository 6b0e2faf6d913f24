// What a live push writes is collected like what the app writes itself: the garbage collector
// keeps a pushed record and what it points at while something reads it, and drops them once
// nothing does. Observed through the store: its records after hand-run sweeps on a test clock.
import { Entity, type ManagerAPI } from '../../src/index'
import { LiveManager } from '../../src/live/index'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { recordKeys } from '../helpers/records'
import { HandSocket, until } from './servers'

class Author extends Entity {
  id = ''
  name = ''
  static override key = 'Author'
}

/** A post as the list shows it: no author. */
class PostSummary extends Entity {
  id = ''
  title = ''
  static override key = 'Post'
}

/** The same post with its author, as the live stream pushes it. */
class Post extends PostSummary {
  author = Author.fromJS()
  static override schema = { author: Author }
}

const GC_TIME = 5 * 60_000
const pushed = { id: 'p1', title: 'Hello', author: { id: 'a1', name: 'Ada' } }

function setup() {
  const socket = new HandSocket()
  const manager = new LiveManager({ connect: () => socket, live: () => true, onMessage: (message, api: ManagerAPI) => api.set(Post, message as object) })
  const test = createTestStore({ managers: [manager] })
  const getPosts = createFakeEndpoint('getPosts', { schema: [PostSummary] }).endpoint
  const records = () => ({ Post: recordKeys(test.store.getState(), 'Post'), Author: recordKeys(test.store.getState(), 'Author') })
  /** Moves the clock past gcTime and runs the collector until it has nothing left to do. */
  const collect = () => {
    test.clock.advance(GC_TIME + 1)
    while (test.controller.sweep());
  }
  /** Writes `pushed` the way `via` says: a message on the live stream, or `controller.set`. */
  const write = async (via: 'live push' | 'controller.set') => {
    if (via === 'controller.set') return test.controller.set(Post, pushed)
    socket.message(pushed)
    await until(() => records().Author.length === 1)
  }
  return { ...test, socket, getPosts, records, collect, write }
}

describe.each(['live push', 'controller.set'] as const)('the garbage collector after a %s of a Post with its Author', (via) => {
  it('keeps the Author while a list of summaries shows the Post, and drops both once nothing reads them', async () => {
    const { controller, store, socket, getPosts, records, collect, write } = setup()
    // A component shows the list; its summaries do not point at authors.
    controller.subscribe(getPosts)
    socket.open()
    controller.setResponse(getPosts, [{ id: 'p1', title: 'Hello' }])
    await write(via)
    collect()
    // The push's own key is gone; the Post stays (the list shows it) and so does what it points at.
    expect(records()).toEqual({ Post: ['p1'], Author: ['a1'] })
    expect(controller.get(Post, { id: 'p1' }, store.getState())?.author?.name).toBe('Ada')

    controller.unsubscribe(getPosts)
    collect()
    collect()
    expect(records()).toEqual({ Post: [], Author: [] })
    store.cleanup()
  })

  it("keeps both while the Post's own read is retained, and drops both once it is released", async () => {
    const { controller, store, socket, records, collect, write } = setup()
    const postRead = controller.queryFor(Post)
    controller.retain(postRead, { id: 'p1' })
    socket.open()
    await write(via)
    collect()
    expect(records()).toEqual({ Post: ['p1'], Author: ['a1'] })

    controller.release(postRead, { id: 'p1' })
    collect()
    collect()
    expect(records()).toEqual({ Post: [], Author: [] })
    store.cleanup()
  })
})
