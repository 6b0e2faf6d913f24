import { Entity, type SnapshotInterface } from '../../src/index'
import { createRecorder } from '../../src/devtools/recorder'
import { describeKeys, formatCountdown } from '../../src/devtools/keys'
import { describeEntities } from '../../src/devtools/entities'
import { describeWaitingMutations } from '../../src/devtools/mutations'
import { createFakeEndpoint, createTestStore, flush, START } from '../helpers/createTestStore'

class Post extends Entity {
  id = ''
  title = ''
  likes = 0
  pk() {
    return this.id
  }
  static override key = 'Post'
}

function setup(gcTime = 60_000) {
  const test = createTestStore({ gcTime })
  const getPost = createFakeEndpoint('getPost', { schema: Post, dataExpiryLength: 10_000 })
  const like = createFakeEndpoint('likePost', {
    schema: Post,
    sideEffect: true,
    getOptimisticResponse: (snapshot: SnapshotInterface, params: { id: string }) => {
      const current = snapshot.get(Post, params)
      if (current === undefined) throw snapshot.abort
      return { ...current, likes: current.likes + 1 }
    },
  })
  const recorder = createRecorder(test.store, { name: 'blog' })
  const key = getPost.endpoint.key({ id: '1' })
  return { ...test, getPost, like, recorder, key }
}

describe('the recorder', () => {
  it('records every action with its time, label, key, cause, request duration and the state after it', async () => {
    const { controller, clock, getPost, recorder, key } = setup()
    const read = controller.fetch(getPost.endpoint, { id: '1' })
    clock.advance(120)
    await getPost.calls[0]!.resolve({ id: '1', title: 'Hello', likes: 0 })
    await read
    const [fetch, receive] = recorder.actions()
    expect(fetch).toMatchObject({ id: 1, time: START, label: 'fetch', keys: [key], cause: 'manual' })
    expect(receive).toMatchObject({ id: 2, time: START + 120, label: 'receive', keys: [key], duration: 120 })
    expect(receive!.state).toBe(controller.getState())
  })

  it('labels a failed response and keeps no more than maxActions, the oldest kept state becoming the start', async () => {
    const { store, controller, getPost } = setup()
    const recorder = createRecorder(store, { maxActions: 2 })
    const read = controller.fetch(getPost.endpoint, { id: '1' })
    await getPost.calls[0]!.reject(new Error('boom'))
    await read.catch(() => undefined)
    controller.invalidateAll(() => true)
    expect(recorder.actions().map((entry) => entry.label)).toEqual(['receive error', 'invalidateAll'])
    expect(Object.keys(recorder.initialState.meta)).toEqual([getPost.endpoint.key({ id: '1' })])
  })
})

describe('the timeline', () => {
  it('steps the store to the state after an action and back to the present without sending a request', async () => {
    const { store, controller, getPost, recorder } = setup()
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'First', likes: 0 })
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Second', likes: 0 })
    const title = () => controller.getResponse(getPost.endpoint, { id: '1' }, store.getState()).data?.title
    const [first] = recorder.actions()
    recorder.travel(first!.id)
    expect(title()).toBe('First')
    expect(recorder.position).toBe(first!.id)
    recorder.travel(undefined)
    expect(title()).toBe('Second')
    expect(recorder.position).toBeUndefined()
    // The jumps themselves are not recorded, and nothing was fetched.
    expect(recorder.actions().map((entry) => entry.label)).toEqual(['receive', 'receive'])
    expect(getPost.calls).toHaveLength(0)
  })

  it('applies what arrived while travelling when it returns to the present', async () => {
    const { store, controller, getPost, recorder } = setup()
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'First', likes: 0 })
    controller.setResponse(getPost.endpoint, { id: '2' }, { id: '2', title: 'Other', likes: 0 })
    recorder.travel(recorder.actions()[0]!.id)
    controller.setResponse(getPost.endpoint, { id: '3' }, { id: '3', title: 'Late', likes: 0 })
    recorder.travel(undefined)
    const titles = ['1', '2', '3'].map((id) => controller.getResponse(getPost.endpoint, { id }, store.getState()).data?.title)
    expect(titles).toEqual(['First', 'Other', 'Late'])
  })

  it('refuses an action it does not keep, with the range it keeps', () => {
    const { controller, getPost, recorder } = setup()
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'First', likes: 0 })
    expect(() => recorder.travel(42)).toThrow('Tessera devtools: no action #42 is kept (the recording holds #1 to #1).')
  })
})

describe('the keys view', () => {
  it('counts down to stale and, once nobody reads the key, to collection, on the store clock', async () => {
    const { controller, clock, getPost, recorder, key } = setup(60_000)
    controller.retain(getPost.endpoint, { id: '1' })
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Hello', likes: 0 })
    const row = () => describeKeys(recorder, { now: clock.now() }).find((r) => r.key === key)!
    expect(row()).toMatchObject({ status: 'fresh', staleIn: 10_000, collectIn: undefined, readers: 1 })
    clock.advance(4_000)
    expect(row()).toMatchObject({ status: 'fresh', staleIn: 6_000 })
    controller.release(getPost.endpoint, { id: '1' })
    recorder.sample()
    expect(row()).toMatchObject({ readers: 0, collectIn: 60_000 })
    clock.advance(7_000)
    expect(row()).toMatchObject({ status: 'stale', staleIn: -1_000, collectIn: 53_000 })
  })

  it("starts the countdown to collection when the key's last reader leaves, not when the devtools next look", () => {
    const { controller, clock, getPost, recorder, key } = setup(60_000)
    controller.retain(getPost.endpoint, { id: '1' })
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Hello', likes: 0 })
    clock.advance(4_000)
    let told = 0
    recorder.subscribe(() => told++)
    controller.release(getPost.endpoint, { id: '1' })
    // The recorder's listeners hear of it at once (the panel redraws), with no action applied.
    expect(told).toBe(1)
    // Nothing looked at the readers for 3 s: the collector's gcTime still counts from the release.
    clock.advance(3_000)
    expect(recorder.readersLeftAt(key)).toBe(clock.now() - 3_000)
    expect(describeKeys(recorder, { now: clock.now() }).find((r) => r.key === key)).toMatchObject({ readers: 0, collectIn: 57_000 })
  })

  it('shows a request in flight as fetching, or paused while offline, then an error', async () => {
    const { controller, clock, getPost, recorder, key } = setup()
    const read = controller.fetch(getPost.endpoint, { id: '1' })
    expect(describeKeys(recorder, { now: clock.now() })[0]).toMatchObject({ key, status: 'fetching', collectIn: undefined })
    expect(describeKeys(recorder, { now: clock.now(), online: false })[0]!.status).toBe('paused')
    await getPost.calls[0]!.reject(new Error('boom'))
    await read.catch(() => undefined)
    expect(describeKeys(recorder, { now: clock.now() })[0]).toMatchObject({ status: 'error', error: { message: 'boom' } })
  })

  it('shows an invalidated key as invalid, with its history of requests and their causes', async () => {
    const { controller, clock, getPost, recorder, key } = setup()
    const read = controller.fetch(getPost.endpoint, { id: '1' })
    await getPost.calls[0]!.resolve({ id: '1', title: 'Hello', likes: 0 })
    await read
    controller.invalidate(getPost.endpoint, { id: '1' })
    const row = describeKeys(recorder, { now: clock.now() })[0]!
    expect(row).toMatchObject({ key, status: 'invalid' })
    expect(row.history.map((entry) => [entry.label, entry.cause])).toEqual([
      ['fetch', 'manual'],
      ['receive', undefined],
      ['invalidate', undefined],
    ])
  })

  it('shows the polling interval and counts down to the next poll', () => {
    const { controller, clock, recorder } = setup()
    const feed = createFakeEndpoint('feed', { pollFrequency: 5_000 })
    controller.setResponse(feed.endpoint, 'a')
    controller.retain(feed.endpoint)
    clock.advance(2_000)
    expect(describeKeys(recorder, { now: clock.now() }).find((r) => r.key === feed.endpoint.key())).toMatchObject({ pollEvery: 5_000, nextPollIn: 3_000 })
  })

  it('counts the retries since the last request that was no retry, with the time of the latest', () => {
    const { store, clock, recorder, key } = setup()
    const fetch = (cause: 'first-read' | 'retry', attempt?: number) => store.dispatch({ type: 'tessera/fetch', key, args: [{ id: '1' }], meta: { fetchedAt: START }, cause, ...(attempt && { attempt }) })
    fetch('first-read')
    clock.advance(1_000)
    fetch('retry', 1)
    clock.advance(2_000)
    fetch('retry', 2)
    expect(describeKeys(recorder, { now: clock.now() })[0]).toMatchObject({ retries: 2, lastRetryAt: START + 3_000, status: 'fetching' })
    fetch('first-read')
    expect(describeKeys(recorder, { now: clock.now() })[0]).toMatchObject({ retries: 0, lastRetryAt: undefined })
  })

  it("counts down to the next retry from the OfflineManager's waiting requests, and shows a read held for the network as paused", () => {
    const { controller, clock, getPost, recorder, key } = setup()
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Hello', likes: 0 })
    const row = (waiting: Parameters<typeof describeKeys>[1]['waiting']) => describeKeys(recorder, { now: clock.now(), waiting })[0]!
    expect(row([])).toMatchObject({ nextRetry: undefined, waitsForNetwork: false, status: 'fresh' })
    expect(row([{ key, reason: 'backoff', attempt: 2, retryAt: clock.now() + 4_000 }])).toMatchObject({ nextRetry: { attempt: 2, in: 4_000 } })
    expect(row([{ key: 'another key', reason: 'backoff', attempt: 1, retryAt: clock.now() + 4_000 }])).toMatchObject({ nextRetry: undefined })
    expect(row([{ key, reason: 'network', attempt: 0 }])).toMatchObject({ nextRetry: undefined, waitsForNetwork: true, status: 'paused' })
  })

  it("counts down from the key's last answer with the gcTime its endpoint set, never for Infinity", () => {
    const { controller, clock, recorder } = setup(60_000)
    const shortLived = createFakeEndpoint('shortLived', { gcTime: 5_000 } as object)
    controller.setResponse(shortLived.endpoint, 'x')
    clock.advance(2_000)
    expect(describeKeys(recorder, { now: clock.now() }).find((r) => r.key === shortLived.endpoint.key())!.collectIn).toBe(3_000)
    const forever = createFakeEndpoint('forever', { gcTime: Infinity } as object)
    controller.setResponse(forever.endpoint, 'y')
    expect(describeKeys(recorder, { now: clock.now() }).find((r) => r.key === forever.endpoint.key())!.collectIn).toBe(Infinity)
    const immortal = createFakeEndpoint('immortal', { dataExpiryLength: Infinity })
    controller.setResponse(immortal.endpoint, 'z')
    expect(describeKeys(recorder, { now: clock.now() }).find((r) => r.key === immortal.endpoint.key())!.staleIn).toBe(Infinity)
  })

  it('formats countdowns for people', () => {
    expect([999, 12_000, 245_000, 3_725_000, -3_000, Infinity].map(formatCountdown)).toEqual(['now', '12 s', '4 min 05 s', '1 h 02 min', '3 s ago', 'never'])
  })
})

describe('the entities view', () => {
  it('lists records with the keys that hold them, the pending guess on one, and tombstones', async () => {
    const { controller, getPost, like, recorder, key } = setup()
    controller.setResponse(getPost.endpoint, { id: '1' }, { id: '1', title: 'Hello', likes: 3 })
    const liking = controller.fetch(like.endpoint, { id: '1' })
    const [type] = describeEntities(recorder)
    expect(type!.key).toBe('Post')
    expect(type!.records[0]).toMatchObject({
      pk: '1',
      value: { id: '1', title: 'Hello', likes: 3 },
      heldBy: [key],
      tombstone: false,
      guess: { fields: ['likes'], value: { likes: 4 }, mutations: [like.endpoint.key({ id: '1' })] },
    })
    await like.calls[0]!.resolve({ id: '1', title: 'Hello', likes: 4 })
    await liking
    expect(describeEntities(recorder)[0]!.records[0]!.guess).toBeUndefined()
    await flush()
  })
})

describe('the waiting mutations', () => {
  it('lists queued mutations with or without a guess, then those sent and waiting for their answer', async () => {
    const { controller, like, store, recorder } = setup()
    controller.setResponse(like.endpoint, { id: '9' }, { id: '9', title: 'Other', likes: 0 })
    const liking = controller.fetch(like.endpoint, { id: '9' })
    const state = store.getState()
    const guessed = like.endpoint.key({ id: '9' })
    expect(state.optimistic.map((layer) => layer.key)).toEqual([guessed])
    const sentAt = state.optimistic[0]!.fetchedAt
    const queued = [
      { id: 'a', name: 'saveNote', key: 'POST /notes', args: [], fetchedAt: START + 5 },
      { id: 'b', name: 'likePost', key: guessed, args: [{ id: '9' }], fetchedAt: sentAt },
    ]
    expect(describeWaitingMutations(state, queued)).toEqual([
      { key: 'POST /notes', since: START + 5, guess: false, status: 'queued' },
      { key: guessed, since: sentAt, guess: true, status: 'queued' },
    ])
    expect(describeWaitingMutations(state, [])).toEqual([{ key: guessed, since: sentAt, guess: true, status: 'sent' }])
    await like.calls[0]!.resolve({ id: '9', title: 'Other', likes: 1 })
    await liking
    expect(describeWaitingMutations(store.getState(), [])).toEqual([])
    recorder.detach()
  })
})
