import { Entity, RestEndpoint, createResource, createStore, type Action } from '../../src/index'
import { API } from '../fixtures/todos'
import { createTestStore, flush } from '../helpers/createTestStore'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'

class Task extends Entity {
  id = ''
  title = ''
  done = false
  pk() {
    return this.id
  }
  static override key = 'Task'
}

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

/** A store, its log, and a replay of the log through JSON into a fresh store. */
function recorded() {
  const test = createTestStore()
  const replay = () => {
    const fresh = createStore()
    for (const action of JSON.parse(JSON.stringify(test.actions)) as Action[]) fresh.dispatch(action)
    return fresh
  }
  return { ...test, replay }
}

describe('exact replay', () => {
  const Tasks = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, optimistic: true })

  it('replays a recorded session (reads, mutations with rollback, a reset mid-request, gc) through JSON to the same state', async () => {
    const { controller, clock, store, replay } = recorded()
    fake.route(`GET ${API}/tasks`, { json: [{ id: '1', title: 'Write', done: false }, { id: '2', title: 'Test', done: false }] })
    fake.route(`GET ${API}/tasks/1`, { json: { id: '1', title: 'Write', done: false } })
    fake.route(`PATCH ${API}/tasks/1`, { status: 409, statusText: 'Conflict' })
    fake.route(`PATCH ${API}/tasks/2`, { json: { id: '2', title: 'Test', done: true } })
    fake.route(`POST ${API}/tasks`, { json: { id: '3', title: 'Ship', done: false } })
    fake.route(`DELETE ${API}/tasks/3`, { status: 204 })

    await controller.fetch(Tasks.getList)
    await controller.fetch(Tasks.get, { id: '1' })
    await controller.fetch(Tasks.partialUpdate, { id: '1' }, { done: true }).catch(() => undefined)
    await controller.fetch(Tasks.partialUpdate, { id: '2' }, { done: true })
    await controller.fetch(Tasks.create, { title: 'Ship' })
    await controller.fetch(Tasks.delete, { id: '3' })
    controller.invalidate(Tasks.get, { id: '1' })
    clock.advance(10)
    controller.expireAll({ testKey: (key) => key.startsWith(`GET ${API}/tasks`) })
    clock.advance(6 * 60_000)
    while (controller.sweep()) {}
    expect(JSON.stringify(replay().getState())).toBe(JSON.stringify(store.getState()))

    // A reset while a request is out: its answer lands nowhere, in the store and in the replay.
    const held = fake.hold(`GET ${API}/tasks/2`)
    const late = controller.fetch(Tasks.get, { id: '2' }).catch((error: Error) => error)
    await flush()
    controller.resetEntireStore()
    await held.answer({ json: { id: '2', title: 'Late', done: false } })
    expect(await late).toMatchObject({ name: 'ResetError' })
    await controller.fetch(Tasks.getList)
    const replayed = replay().getState()
    expect(replayed).toEqual(store.getState())
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(store.getState()))
  })

  it('keeps "never expires" through JSON: data with dataExpiryLength Infinity reads Valid after hydration', async () => {
    const getTask = new RestEndpoint({ urlPrefix: API, path: '/tasks/:id', schema: Task, dataExpiryLength: Infinity })
    fake.route(`GET ${API}/tasks/1`, { json: { id: '1', title: 'Forever', done: false } })
    const { controller, store } = createTestStore()
    await controller.fetch(getTask, { id: '1' })
    const saved = JSON.parse(JSON.stringify(store.getState()))
    const hydrated = createTestStore({ initialState: saved, now: Date.UTC(2200, 0, 1) })
    expect(hydrated.controller.getResponse(getTask, { id: '1' }, hydrated.store.getState())).toMatchObject({ expiryStatus: 'Valid', data: { title: 'Forever' } })
  })

  it('logs replaceState with the state it put in place, so a log replays through it', () => {
    const { controller, store, replay, actions } = recorded()
    const getTask = new RestEndpoint({ urlPrefix: API, path: '/tasks/:id', schema: Task })
    controller.setResponse(getTask, { id: '1' }, { id: '1', title: 'Before', done: false })
    const saved = store.getState()
    controller.setResponse(getTask, { id: '1' }, { id: '1', title: 'After', done: true })
    store.replaceState(JSON.parse(JSON.stringify(saved)))
    expect(actions[actions.length - 1]).toMatchObject({ type: 'tessera/replaceState', state: JSON.parse(JSON.stringify(saved)) })
    const replayed = replay()
    expect(replayed.controller.getResponse(getTask, { id: '1' }, replayed.getState()).data?.title).toBe('Before')
    expect(JSON.stringify(replayed.getState())).toBe(JSON.stringify(store.getState()))
  })
})
