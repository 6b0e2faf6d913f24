import { Entity, ExpiryStatus, createResource, createStore, validateRequired, type Action, type SnapshotInterface } from '../../src/index'
import { API } from '../fixtures/todos'
import { createFakeEndpoint, createTestStore, flush } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { readRecord } from '../helpers/records'

class Post extends Entity {
  id = ''
  title = ''
  body = ''
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Post'
}

/** A detail view that refuses records without every field. */
class PostDetail extends Post {
  tags: string[] = []
  static override validate(processed: any) {
    return validateRequired(processed, this.defaults) || super.validate(processed)
  }
}

/** A record whose title may not be empty. */
class StrictPost extends Post {
  static override key = 'StrictPost'
  static override validate(processed: any) {
    return processed.title === '' ? 'the title is empty' : super.validate(processed)
  }
}

/** A store with post 1 cached, a read endpoint and a partial-update mutation whose answers the test gives. */
function setup() {
  const test = createTestStore()
  const getPost = createFakeEndpoint('getPost', { schema: Post })
  const patch = createFakeEndpoint('patchPost', {
    schema: Post,
    sideEffect: true,
    // The default guess of createResource's partialUpdate: the cached entity with the body over it.
    getOptimisticResponse: (snapshot: SnapshotInterface, params: { id: string }, body: Partial<Post>) => {
      const current = snapshot.get(Post, params)
      if (current === undefined) throw snapshot.abort
      return { ...current, ...body }
    },
  })
  test.controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Server title', body: 'Server body', likes: 3 })
  /** What a reader sees now (pending guesses applied). */
  const view = () => test.controller.getResponse(getPost.endpoint, { id: '1' }, test.controller.getState()).data!
  const fields = () => {
    const { title, body, likes } = view()
    return { title, body, likes }
  }
  return { ...test, getPost, patch, view, fields }
}

/** A like: its guess counts one more than the cached post has. */
function likeOf(getPost: ReturnType<typeof setup>['getPost']) {
  return createFakeEndpoint('likePost', {
    schema: Post,
    sideEffect: true,
    getOptimisticResponse: (snapshot: SnapshotInterface, { id }: { id: string }) => {
      const post = snapshot.getResponse(getPost.endpoint, { id }).data as Post | undefined
      if (post === undefined) throw snapshot.abort
      return { id, likes: post.likes + 1 }
    },
  })
}

describe('optimistic layers are recomputed, not replayed', () => {
  it('drops a failed layer and re-applies the later one on the current data', async () => {
    const { controller, patch, fields } = setup()
    const first = controller.fetch(patch.endpoint, { id: '1' }, { title: 'First title' }).catch((error: Error) => error)
    const second = controller.fetch(patch.endpoint, { id: '1' }, { body: 'Second body' })
    expect(fields()).toEqual({ title: 'First title', body: 'Second body', likes: 3 })

    await patch.calls[0]!.reject(new Error('conflict'))
    expect(await first).toEqual(new Error('conflict'))
    // The first guess is gone; the second still shows, over the server data, not over the first guess.
    expect(fields()).toEqual({ title: 'Server title', body: 'Second body', likes: 3 })
    expect(controller.getState().optimistic).toHaveLength(1)

    await patch.calls[1]!.resolve({ id: '1', title: 'Server title', body: 'Second body (saved)', likes: 3 })
    await second
    expect(fields()).toEqual({ title: 'Server title', body: 'Second body (saved)', likes: 3 })
  })

  it('shows a server answer that arrives while a layer is pending under it', async () => {
    const { controller, getPost, patch, fields } = setup()
    // A refetch (a poll) is out when the user saves, and answers while the save is pending: it
    // shows what the server had before the save, including someone else's edit.
    const refetch = controller.fetch(getPost.endpoint, { id: '1' })
    const saving = controller.fetch(patch.endpoint, { id: '1' }, { title: 'Mine' })
    await getPost.calls[0]!.resolve({ id: '1', title: 'Theirs', body: 'Edited elsewhere', likes: 7 })
    await refetch
    // Fields the guess does not touch show the server's new values; the one it touches shows the guess.
    expect(fields()).toEqual({ title: 'Mine', body: 'Edited elsewhere', likes: 7 })
    expect(readRecord(controller.getState(), 'Post', '1')).toMatchObject({ title: 'Theirs', body: 'Edited elsewhere' })

    await patch.calls[0]!.resolve({ id: '1', title: 'Mine', body: 'Edited elsewhere', likes: 7 })
    await saving
    expect(fields()).toEqual({ title: 'Mine', body: 'Edited elsewhere', likes: 7 })
  })

  it('leaves nothing behind once every layer has settled: the view is the base state', async () => {
    const { controller, patch, view } = setup()
    const base = controller.getState()
    const before = view()
    const calls = [
      controller.fetch(patch.endpoint, { id: '1' }, { title: 'a' }),
      controller.fetch(patch.endpoint, { id: '1' }, { likes: 4 }),
      controller.fetch(patch.endpoint, { id: '1' }, { body: 'c' }),
    ].map((call) => call.catch(() => undefined))
    expect(view()).toMatchObject({ title: 'a', likes: 4, body: 'c' })
    for (const call of patch.calls) await call.reject(new Error('refused'))
    await Promise.all(calls)
    const state = controller.getState()
    expect(state.optimistic).toEqual([])
    expect(controller.view(state)).toBe(state)
    expect(state.entities).toEqual(base.entities)
    expect({ ...view() }).toEqual({ ...before })
  })

  it('keeps the objects of records no layer touches across unrelated actions, and of a guess that did not change', () => {
    const { controller, getPost, patch, view } = setup()
    controller.setResponse(getPost.endpoint, { id: '2' }, { id: '2', title: 'Other', body: '', likes: 0 })
    const other = () => controller.getResponse(getPost.endpoint, { id: '2' }, controller.getState()).data
    const otherBefore = other()
    void controller.fetch(patch.endpoint, { id: '1' }, { title: 'Pending' })
    const guessed = view()
    expect(guessed.title).toBe('Pending')
    expect(other()).toBe(otherBefore)
    // Unrelated actions: a third post arrives, a key is invalidated.
    controller.setResponse(getPost.endpoint, { id: '3' }, { id: '3', title: 'Third', body: '', likes: 0 })
    controller.invalidate(getPost.endpoint, { id: '3' })
    expect(other()).toBe(otherBefore)
    // The guess is recomputed on every new state, but gives the same record, so readers keep their object.
    expect(view()).toBe(guessed)
  })

  it('keeps the state and every action plain JSON, and a replayed log rebuilds the base state exactly', async () => {
    const { controller, patch, actions, store } = setup()
    const saving = controller.fetch(patch.endpoint, { id: '1' }, { title: 'Pending' })
    const optimistic = actions.find((action) => action.type === 'tessera/optimistic')!
    expect(optimistic).toEqual({ type: 'tessera/optimistic', key: 'patchPost [{"id":"1"},{"title":"Pending"}]', args: [{ id: '1' }, { title: 'Pending' }], meta: { fetchedAt: expect.any(Number) } })
    expect(JSON.parse(JSON.stringify(store.getState()))).toEqual(JSON.parse(JSON.stringify(controller.getState())))

    const replay = createStore()
    const log: Action[] = JSON.parse(JSON.stringify(actions))
    log.forEach(replay.dispatch)
    // Mid-mutation: the same base (the layer is recorded; its guess needs the endpoint, so reads show the base).
    expect(JSON.stringify(replay.getState())).toBe(JSON.stringify(controller.getState()))
    expect(replay.controller.get(Post, { id: '1' }, replay.getState())!.title).toBe('Server title')
    expect(controller.get(Post, { id: '1' }, controller.getState())!.title).toBe('Pending')

    await patch.calls[0]!.resolve({ id: '1', title: 'Saved', body: 'Server body', likes: 3 })
    await saving
    const fresh = createStore()
    ;(JSON.parse(JSON.stringify(actions)) as Action[]).forEach(fresh.dispatch)
    expect(JSON.stringify(fresh.getState())).toBe(JSON.stringify(controller.getState()))
  })

  it('applies stacked guesses in order, each reading the data the earlier ones produced', async () => {
    const { controller, getPost, view } = setup()
    const like = likeOf(getPost)
    const likes = [1, 2, 3].map(() => controller.fetch(like.endpoint, { id: '1' }))
    expect(view().likes).toBe(6)
    // The server confirms the first (4); the other two now count from it: 4 + 2.
    await like.calls[0]!.resolve({ id: '1', likes: 4 })
    expect(view().likes).toBe(6)
    // The second is refused: only the third remains, on top of 4.
    await like.calls[1]!.reject(Object.assign(new Error('Conflict'), { status: 409 }))
    expect(view().likes).toBe(5)
    await like.calls[2]!.resolve({ id: '1', likes: 5 })
    await Promise.allSettled(likes)
    expect(view().likes).toBe(5)
    expect(controller.getState().optimistic).toEqual([])
  })

  // data-client's rule ("clear only earlier optimistic updates when a promise resolves"): the
  // answer of a call clears the guesses of the same call (key) started before it, which the server
  // saw first; an older answer landing after it changes nothing.
  it('clears the guesses of the same call started before an answer, and an older answer after it changes nothing', async () => {
    const { controller, getPost, view } = setup()
    const like = likeOf(getPost)
    const likes = [1, 2].map(() => controller.fetch(like.endpoint, { id: '1' }))
    expect(view().likes).toBe(5)
    // The later like answers first: 100 (the server counted both). The earlier guess goes with it.
    await like.calls[1]!.resolve({ id: '1', likes: 100 })
    expect(view().likes).toBe(100)
    expect(controller.getState().optimistic).toEqual([])
    // The earlier answer, older, arrives last: the newer count stays.
    await like.calls[0]!.resolve({ id: '1', likes: 4 })
    await Promise.allSettled(likes)
    expect(view().likes).toBe(100)
  })
})

describe('optimistic guesses from the cache', () => {
  let fake: FakeFetch
  beforeEach(() => {
    fake = installFakeFetch()
  })
  afterEach(() => fake.restore())

  const Posts = createResource({ urlPrefix: API, path: '/posts/:id', schema: Post, optimistic: true })
  const Details = createResource({ urlPrefix: API, path: '/posts/:id', schema: PostDetail, optimistic: true })

  it('starts update and partialUpdate guesses from the stored entity, found by the path parameters', async () => {
    const { controller } = createTestStore()
    // Only the list was fetched: there is no previous get response for post 1.
    fake.route(`GET ${API}/posts`, { json: [{ id: '1', title: 'Listed', body: 'From the list', likes: 2 }] })
    await controller.fetch(Posts.getList)
    const patching = fake.hold(`PATCH ${API}/posts/1`)
    const putting = fake.hold(`PUT ${API}/posts/1`)
    const read = () => controller.get(Post, { id: '1' }, controller.getState())!

    const patch = controller.fetch(Posts.partialUpdate, { id: '1' }, { title: 'Patched' })
    expect(read()).toMatchObject({ title: 'Patched', body: 'From the list', likes: 2 })
    const put = controller.fetch(Posts.update, { id: '1' }, { title: 'Put', body: 'Whole' })
    expect(read()).toMatchObject({ title: 'Put', body: 'Whole', likes: 2 })

    await patching.answer({ json: { id: '1', title: 'Patched', body: 'From the list', likes: 2 } })
    await putting.answer({ json: { id: '1', title: 'Put', body: 'Whole', likes: 2 } })
    await Promise.all([patch, put])
    expect(read()).toMatchObject({ title: 'Put', body: 'Whole' })
  })

  it('shows a create in the lists of a detail class at once: the fields the body leaves out read as defaults', async () => {
    const { controller } = createTestStore()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    fake.route(`GET ${API}/posts`, { json: [{ id: '1', title: 'First', body: 'b', likes: 0, tags: [] }] })
    await controller.fetch(Details.getList)
    const creating = fake.hold(`POST ${API}/posts`)
    // PostDetail requires every field; the body names only the title.
    const create = controller.fetch(Details.create, { title: 'Draft' })
    const list = () => (controller.getResponse(Details.getList, controller.getState()).data as PostDetail[]).map(({ title, likes, tags }) => ({ title, likes, tags }))
    expect(list()).toEqual([
      { title: 'First', likes: 0, tags: [] },
      { title: 'Draft', likes: 0, tags: [] },
    ])
    await flush()
    expect(fake.requests.map((request) => `${request.method} ${request.url}`)).toEqual([`GET ${API}/posts`, `POST ${API}/posts`])
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
    await creating.answer({ json: { id: '9', title: 'Draft', body: '', likes: 0, tags: [] } })
    await expect(create).resolves.toMatchObject({ id: '9', title: 'Draft' })
    expect(controller.getState().optimistic).toEqual([])
    expect(list()).toEqual([
      { title: 'First', likes: 0, tags: [] },
      { title: 'Draft', likes: 0, tags: [] },
    ])
  })

  it('shows a partialUpdate of a record cached only as a summary in every view of it; the detail read stays Invalid', async () => {
    const { controller } = createTestStore()
    // The list holds summaries (no tags): read as PostDetail, post 1 is incomplete.
    const Summaries = { ...Details, getList: Details.getList.extend({ schema: [Post] }) }
    fake.route(`GET ${API}/posts`, { json: [{ id: '1', title: 'Listed', body: 'b', likes: 2 }] })
    await controller.fetch(Summaries.getList)
    const patching = fake.hold(`PATCH ${API}/posts/1`)
    const liking = controller.fetch(Details.partialUpdate, { id: '1' }, { likes: 3 })
    const state = () => controller.getState()
    expect((controller.getResponse(Summaries.getList, state()).data as Post[]).map((post) => post.likes)).toEqual([3])
    expect(controller.get(Post, { id: '1' }, state())!.likes).toBe(3)
    // The guess named only likes: the record is still a summary, so the detail still needs its fetch.
    expect(controller.getResponse(Details.get, { id: '1' }, state()).expiryStatus).toBe(ExpiryStatus.Invalid)
    expect(controller.get(PostDetail, { id: '1' }, state())).toBeUndefined()
    await patching.answer({ json: { id: '1', title: 'Listed', body: 'b', likes: 3, tags: ['t'] } })
    await liking
    expect(controller.get(PostDetail, { id: '1' }, state())!.likes).toBe(3)
  })

  it('drops a guess that would make a complete record invalid, and says so once per endpoint', async () => {
    const { controller } = createTestStore()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    const Strict = createResource({ urlPrefix: API, path: '/posts/:id', schema: StrictPost, optimistic: true })
    fake.route(`GET ${API}/posts/1`, { json: { id: '1', title: 'Fine', body: '', likes: 0 } })
    await controller.fetch(Strict.get, { id: '1' })
    fake.route(`PATCH ${API}/posts/1`, { json: { id: '1', title: 'Fine', body: '', likes: 0 } })
    const first = controller.fetch(Strict.partialUpdate, { id: '1' }, { title: '' })
    const second = controller.fetch(Strict.partialUpdate, { id: '1' }, { title: '' })
    expect(controller.getState().optimistic).toEqual([])
    expect(controller.get(StrictPost, { id: '1' }, controller.getState())!.title).toBe('Fine')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(/^StrictPost\.partialUpdate: getOptimisticResponse failed.*would make the stored record invalid: the title is empty.*Return only the fields the mutation changes/)
    warn.mockRestore()
    await Promise.all([first, second])
  })

  it('gives partialUpdate no guess (and no warning) when the entity is not cached', async () => {
    const { controller } = createTestStore()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    fake.route(`PATCH ${API}/posts/5`, { json: { id: '5', title: 'Saved', body: '', likes: 0 } })
    const patch = controller.fetch(Posts.partialUpdate, { id: '5' }, { title: 'Saved' })
    expect(controller.getState().optimistic).toEqual([])
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
    await expect(patch).resolves.toMatchObject({ title: 'Saved' })
  })

  it('shows an optimistic create in the list at once, then the server entity in its place', async () => {
    const { controller } = createTestStore()
    fake.route(`GET ${API}/posts`, { json: [{ id: '1', title: 'First', body: '', likes: 0 }] })
    await controller.fetch(Posts.getList)
    const titles = () => controller.getResponse(Posts.getList, controller.getState()).data!.map((post) => `${post.id}:${post.title}`)
    const creating = fake.hold(`POST ${API}/posts`)
    const create = controller.fetch(Posts.create, { title: 'Second' })
    expect(titles()).toEqual(['1:First', expect.stringMatching(/^optimistic:[\d.]+:Second$/)])
    await creating.answer({ json: { id: '2', title: 'Second (saved)', body: '', likes: 0 } })
    await create
    expect(titles()).toEqual(['1:First', '2:Second (saved)'])
    expect(controller.getState().optimistic).toEqual([])
  })
})

// Issue 32: a pending guess stays on top of the fields it changes until its own mutation settles.
// Over a response that started before the mutation (it cannot contain it), the guess is made again;
// over a field a response started after the mutation wrote, the view shows the value the guess had
// when the mutation started (made again over such a read, a like's `count + 1` would count twice).
describe('a pending guess over responses started after its mutation', () => {
  class Task extends Entity {
    id = ''
    title = ''
    done = false
    pk() {
      return this.id
    }
    static override key = 'Task'
  }
  const Tasks = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, optimistic: true })

  let fake: FakeFetch
  beforeEach(() => {
    fake = installFakeFetch()
  })
  afterEach(() => fake.restore())

  /**
   * Task 1 cached as `orig`, open; a PATCH of its title out (held); then a GET that left after it
   * and was answered before the server applied the PATCH, with someone else's `done: true`.
   * Records what a reader saw after every action.
   */
  async function editThenNewerRead() {
    const store = createStore()
    const { controller } = store
    const shown = () => {
      const { title, done } = controller.getResponse(Tasks.get, { id: '1' }, store.getState()).data!
      return `${title} ${done ? 'done' : 'open'}`
    }
    fake.route(`GET ${API}/tasks/1`, { json: { id: '1', title: 'orig', done: false } })
    await controller.fetch(Tasks.get, { id: '1' })
    const seen: string[] = [shown()]
    store.subscribe(() => seen.push(shown()))
    const patching = fake.hold(`PATCH ${API}/tasks/1`)
    const saving = controller.fetch(Tasks.partialUpdate, { id: '1' }, { title: 'mine' }).catch((error: Error) => error)
    expect(shown()).toBe('mine open')
    const reading = fake.hold(`GET ${API}/tasks/1`)
    const read = controller.fetch(Tasks.get, { id: '1' })
    await reading.answer({ json: { id: '1', title: 'orig', done: true } })
    await read
    return { store, controller, shown, seen, patching, saving }
  }

  it('keeps the edit on screen through a newer read, which shows its other fields (no flicker)', async () => {
    const { controller, store, shown, seen } = await editThenNewerRead()
    expect(shown()).toBe('mine done')
    // Every view from the edit on showed the edit: it never flickered back to the old title.
    expect(seen.slice(seen.indexOf('mine open'))).not.toContain('orig open')
    expect([...new Set(seen)]).toEqual(['orig open', 'mine open', 'mine done'])
    // The stored data is the read's; only the view puts the guess on top.
    expect(readRecord(store.getState(), 'Task', '1')).toMatchObject({ title: 'orig', done: true })
    expect(controller.getState().optimistic).toHaveLength(1)
  })

  it('rolls the guess back after a newer read: every field of the read shows', async () => {
    const { controller, shown, seen, patching, saving } = await editThenNewerRead()
    expect(shown()).toBe('mine done')
    await patching.answer({ status: 409, json: { message: 'conflict' } })
    expect(await saving).toMatchObject({ status: 409 })
    expect(controller.getState().optimistic).toEqual([])
    expect(shown()).toBe('orig done')
    expect([...new Set(seen)]).toEqual(['orig open', 'mine open', 'mine done', 'orig done'])
  })

  it('counts a pending like once, over polls that left before it and after it', async () => {
    const { controller, clock } = createTestStore()
    const getPost = createFakeEndpoint('getPost', { schema: Post })
    const like = likeOf(getPost)
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'T', body: 'B', likes: 3 })
    const likes = () => controller.get(Post, { id: '1' }, controller.getState())!.likes
    const poll = () => controller.fetch(getPost.endpoint, { id: '1' })
    // A poll is out when the user likes.
    clock.advance(10)
    const before = poll()
    clock.advance(10)
    const liking = controller.fetch(like.endpoint, { id: '1' })
    expect(likes()).toBe(4)
    // The poll that left before the like cannot count it: the like is counted over it.
    await getPost.calls[0]!.resolve({ id: '1', title: 'T', body: 'B', likes: 3 })
    await before
    expect(likes()).toBe(4)
    // A poll that left after the like, answered before the server counted it: the like stays.
    clock.advance(10)
    const after = poll()
    await getPost.calls[1]!.resolve({ id: '1', title: 'T', body: 'B', likes: 3 })
    await after
    expect(likes()).toBe(4)
    // One answered after the server counted it: still one like, not two.
    clock.advance(10)
    const counted = poll()
    await getPost.calls[2]!.resolve({ id: '1', title: 'T', body: 'B', likes: 4 })
    await counted
    expect(likes()).toBe(4)
    await like.calls[0]!.resolve({ id: '1', likes: 4 })
    await liking
    expect(controller.getState().optimistic).toEqual([])
    expect(likes()).toBe(4)
  })

  it('keeps two pending guesses on one record on top of a newer read, each until its own mutation settles', async () => {
    const { controller, clock, getPost, fields } = setup()
    const like = likeOf(getPost)
    // createResource's guess: the path parameters and the body, nothing else.
    const patch = createFakeEndpoint('editPost', {
      schema: Post,
      sideEffect: true,
      getOptimisticResponse: (_snapshot: SnapshotInterface, params: { id: string }, body: Partial<Post>) => ({ ...params, ...body }),
    })
    clock.advance(10)
    const editing = controller.fetch(patch.endpoint, { id: '1' }, { title: 'Mine' }).catch((error: Error) => error)
    clock.advance(10)
    const liking = controller.fetch(like.endpoint, { id: '1' }).catch((error: Error) => error)
    expect(fields()).toEqual({ title: 'Mine', body: 'Server body', likes: 4 })
    // A read that left after both, answered before the server applied either; someone edited the body.
    clock.advance(10)
    const reading = controller.fetch(getPost.endpoint, { id: '1' })
    await getPost.calls[0]!.resolve({ id: '1', title: 'Server title', body: 'Theirs', likes: 3 })
    await reading
    expect(fields()).toEqual({ title: 'Mine', body: 'Theirs', likes: 4 })
    // The like is refused: its guess goes, the edit stays on top.
    await like.calls[0]!.reject(Object.assign(new Error('Conflict'), { status: 409 }))
    expect(await liking).toMatchObject({ status: 409 })
    expect(fields()).toEqual({ title: 'Mine', body: 'Theirs', likes: 3 })
    // The edit is saved; the stored data shows (the read that left after it keeps its fields).
    await patch.calls[0]!.resolve({ id: '1', title: 'Mine', body: 'Server body', likes: 3 })
    await editing
    expect(controller.getState().optimistic).toEqual([])
    expect(controller.view(controller.getState())).toBe(controller.getState())
    expect(fields()).toEqual({ title: 'Server title', body: 'Theirs', likes: 3 })
  })

  it('makes the guess once when the mutation starts', () => {
    const { controller, getPost } = setup()
    let guesses = 0
    const like = createFakeEndpoint('likeOnce', {
      schema: Post,
      sideEffect: true,
      getOptimisticResponse: (snapshot: SnapshotInterface, { id }: { id: string }) => {
        guesses++
        return { id, likes: (snapshot.getResponse(getPost.endpoint, { id }).data as Post).likes + 1 }
      },
    })
    void controller.fetch(like.endpoint, { id: '1' }).catch(() => undefined)
    expect(controller.get(Post, { id: '1' }, controller.getState())!.likes).toBe(4)
    expect(guesses).toBe(1)
  })
})
