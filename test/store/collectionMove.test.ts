/**
 * Collection `remove` and `move` (data-client 0.15 / 0.15.7) and `moveWith`, `addWith`, `unshift`
 * (0.16): what the request sends and what every cached list holds after the answer (the list the
 * item left, the one it joined, one that has nothing to do with it).
 */
import { Entity, RestEndpoint, SchemaError, createResource, normalize, schema, unshift, type CollectionOptions } from '../../src/index'
import { API } from '../fixtures/todos'
import { installFakeFetch, type FakeFetch } from '../helpers/fakeFetch'
import { createTestStore } from '../helpers/createTestStore'

class Task extends Entity {
  id = ''
  title = ''
  userId = 0
  static override key = 'Task'
}
const task = (id: string, userId: number) => ({ id, title: `Task ${id}`, userId })

const TaskResource = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, searchParams: {} as { userId?: number } })

let fake: FakeFetch
beforeEach(() => {
  fake = installFakeFetch()
})
afterEach(() => fake.restore())

/** A store holding the lists of users 1, 2 and 3 and the unfiltered list. */
// Any list endpoint over Task (a subclass's Collection changes the endpoint's type, not what it reads).
function storeWithLists(getList: typeof TaskResource.getList | RestEndpoint<any> = TaskResource.getList) {
  const test = createTestStore()
  const { controller } = test
  controller.setResponse(getList, { userId: 1 }, [task('1', 1), task('2', 1)])
  controller.setResponse(getList, { userId: 2 }, [task('3', 2)])
  controller.setResponse(getList, { userId: 3 }, [task('4', 3)])
  controller.setResponse(getList, [task('1', 1), task('2', 1), task('3', 2), task('4', 3)])
  const list = (...args: [] | [{ userId: number }]) => controller.getResponse(getList as RestEndpoint<any>, ...args, test.store.getState()).data as Task[] | undefined
  const ids = (...args: [] | [{ userId: number }]) => list(...args)?.map((t) => t.id)
  return { ...test, ids, list }
}

describe('getList.move', () => {
  it('PATCHes the item path and moves the item from the lists it left to the ones it joined', async () => {
    const { controller, ids, list } = storeWithLists()
    const untouched = list({ userId: 3 })
    fake.route(`PATCH ${API}/tasks/2`, (request) => ({ json: { ...task('2', 2), ...(request.json() as object) } }))
    const moved = await controller.fetch(TaskResource.getList.move, { id: '2' }, { userId: 2 })
    expect(fake.requests.map((r) => `${r.method} ${r.url} ${String(r.body)}`)).toEqual([`PATCH ${API}/tasks/2 {"userId":2}`])
    expect(moved).toEqual(Task.fromJS(task('2', 2)))
    expect(ids({ userId: 1 })).toEqual(['1'])
    expect(ids({ userId: 2 })).toEqual(['3', '2'])
    expect(list({ userId: 3 })).toBe(untouched)
    // The unfiltered list matches before and after: it keeps the item where it was.
    expect(ids()).toEqual(['1', '2', '3', '4'])
    expect(TaskResource.getList.move.name).toBe('Task.getList.partialUpdate')
    expect(TaskResource.getList.move.method).toBe('PATCH')
  })

  it('reads the lists the item was in from its record before the answer, and the ones it joins from the body', async () => {
    const { controller, ids } = storeWithLists()
    // The answer leaves out userId: the body (the last argument) says where the item goes.
    fake.route(`PATCH ${API}/tasks/3`, { json: { id: '3', title: 'renamed' } })
    await controller.fetch(TaskResource.getList.move, { id: '3' }, { userId: 3 })
    expect(ids({ userId: 2 })).toEqual([])
    expect(ids({ userId: 3 })).toEqual(['4', '3'])
    expect(ids({ userId: 1 })).toEqual(['1', '2'])
  })

  it('moves at once with an optimistic resource, and the answer keeps it there', async () => {
    const Optimistic = createResource({ urlPrefix: API, path: '/tasks/:id', schema: Task, searchParams: {} as { userId?: number }, optimistic: true })
    const { controller, ids } = storeWithLists(Optimistic.getList)
    const held = fake.hold(`PATCH ${API}/tasks/1`)
    const done = controller.fetch(Optimistic.getList.move, { id: '1' }, { id: '1', userId: 3 })
    expect(ids({ userId: 1 })).toEqual(['2'])
    expect(ids({ userId: 3 })).toEqual(['4', '1'])
    await held.answer({ json: task('1', 3) })
    await done
    expect(ids({ userId: 1 })).toEqual(['2'])
    expect(ids({ userId: 3 })).toEqual(['4', '1'])
    expect(ids({ userId: 2 })).toEqual(['3'])
  })

  it('moves several items at once, each by its own fields (controller.set, no request)', () => {
    const { controller, ids } = storeWithLists()
    controller.set(TaskResource.getList.schema.move, { id: '1' }, { userId: 2 }, [task('1', 2), task('2', 3)])
    expect(ids({ userId: 1 })).toEqual([])
    expect(ids({ userId: 2 })).toEqual(['3', '1'])
    expect(ids({ userId: 3 })).toEqual(['4', '2'])
    expect(fake.requests).toEqual([])
  })

  it('takes a list value the item does not hold (a path parameter) from the first argument', () => {
    const { controller, store } = createTestStore()
    const byGroup = TaskResource.getList.extend({ path: '/groups/:group/tasks', movePath: '/groups/:group/tasks/:id' })
    controller.setResponse(byGroup, { group: 'five' }, [task('1', 1)])
    controller.setResponse(byGroup, { group: 'ten' }, [task('2', 1)])
    controller.set(byGroup.schema.move, { group: 'five', id: '1' }, { group: 'ten' }, task('1', 1))
    const ids = (group: string) => (controller.getResponse(byGroup, { group }, store.getState()).data as Task[]).map((t) => t.id)
    expect(ids('five')).toEqual([])
    expect(ids('ten')).toEqual(['2', '1'])
  })

  it('moveWith(unshift) puts the moved item first', async () => {
    class FirstCollection extends schema.Collection<[typeof Task]> {
      constructor(items: [typeof Task], options?: CollectionOptions) {
        super(items, options)
        this.move = this.moveWith(unshift)
      }
    }
    const getList = TaskResource.getList.extend({ schema: new FirstCollection([Task]) })
    const { controller, ids } = storeWithLists(getList)
    fake.route(`PATCH ${API}/tasks/2`, { json: task('2', 2) })
    await controller.fetch(getList.move, { id: '2' }, { userId: 2 })
    expect(ids({ userId: 2 })).toEqual(['2', '3'])
    expect(ids({ userId: 1 })).toEqual(['1'])
  })

  it('on a list endpoint without movePath, PATCHes the list path with the rest as the query', async () => {
    const getList = TaskResource.getList.extend({ movePath: undefined })
    const { controller } = createTestStore()
    fake.route(`PATCH ${API}/tasks?id=2`, { json: task('2', 2) })
    await controller.fetch(getList.move as any, { id: '2' }, { userId: 2 })
    expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual([`PATCH ${API}/tasks?id=2`])
  })

  it('refuses a Collection of schema.Values', () => {
    const map = new schema.Collection(new schema.Values(Task))
    expect(() => normalize(map.move, task('1', 1), [{ id: '1' }, { userId: 2 }])).toThrow(SchemaError)
    expect(() => normalize(map.move, task('1', 1), [{ id: '1' }, { userId: 2 }])).toThrow(/is a map: add to it with assign/)
  })
})

describe('getList.remove', () => {
  it('PATCHes the list path and takes the item out of the lists the arguments match, updating it', async () => {
    const { controller, ids, list, store } = storeWithLists()
    const untouched = list({ userId: 2 })
    fake.route(`PATCH ${API}/tasks?userId=1`, { json: task('2', 3) })
    await controller.fetch(TaskResource.getList.remove, { userId: 1 }, { id: '2', userId: 3 })
    expect(fake.requests.map((r) => `${r.method} ${r.url} ${String(r.body)}`)).toEqual([`PATCH ${API}/tasks?userId=1 {"id":"2","userId":3}`])
    expect(ids({ userId: 1 })).toEqual(['1'])
    // Not added anywhere: the response's userId names no list to leave or join.
    expect(ids({ userId: 3 })).toEqual(['4'])
    expect(list({ userId: 2 })).toBe(untouched)
    // The unfiltered list has no filter the arguments could fail, so it loses the item too (as in data-client).
    expect(ids()).toEqual(['1', '3', '4'])
    expect(controller.get(Task, { id: '2' }, store.getState())?.userId).toBe(3)
    expect(TaskResource.getList.remove.name).toBe('Task.getList.partialUpdate')
  })

  // data-client's docs say empty arguments match every list; its default filter (and so ours)
  // compares each of a list's arguments with the call's, so only the unfiltered list matches.
  it('with no filter arguments, takes the item out of the unfiltered list only', () => {
    const { controller, ids } = storeWithLists()
    controller.set(TaskResource.getList.schema.remove, {}, { id: '1' })
    expect(ids()).toEqual(['2', '3', '4'])
    expect(ids({ userId: 1 })).toEqual(['1', '2'])
  })

  it('keeps a list that does not hold the item as it was', () => {
    const { controller, list } = storeWithLists()
    const before = list({ userId: 1 })
    controller.set(TaskResource.getList.schema.remove, { userId: 1 }, { id: '4' })
    expect(list({ userId: 1 })).toBe(before)
  })

  it('needs a Collection in the schema', () => {
    expect(() => TaskResource.get.remove).toThrow(/Task.get.remove needs a schema.Collection in the schema of Task.get/)
    expect(() => TaskResource.get.move).toThrow(/Task.get.move needs a schema.Collection/)
  })
})

describe('Collection.addWith', () => {
  it('adds with its own merge to the lists its own filter accepts', () => {
    const { controller, ids } = storeWithLists()
    const collection = TaskResource.getList.schema
    const toUserTwo = collection.addWith(unshift, () => (key) => key.userId === '2')
    controller.set(toUserTwo, { userId: 1 }, task('9', 1))
    expect(ids({ userId: 2 })).toEqual(['9', '3'])
    expect(ids({ userId: 1 })).toEqual(['1', '2'])
    expect(ids()).toEqual(['1', '2', '3', '4'])
  })
})
