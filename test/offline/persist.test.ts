// tessera/offline's persister, headless: a store saved to a storage and restored into a new store
// (a reload), what each change costs in writes, and storage that is old, corrupt or failing.
import { IDBFactory } from 'fake-indexeddb'
import { Endpoint, ExpiryStatus, createStore, schema, selectMeta, type Action, type Store } from '../../src/index'
import { indexedDBStorage, persist, webStorage, type PersistStorage, type Persister, type QueuedMutation } from '../../src/offline/index'
import { Todo, todo } from '../fixtures/todos'
import { inProduction } from '../helpers/inProduction'

/** A server of todos that counts the requests it answers. */
function createApi(todos: ReturnType<typeof todo>[]) {
  const calls = { count: 0 }
  const list = new Endpoint(
    async () => {
      calls.count++
      return todos
    },
    { schema: [Todo], name: 'todos' },
  )
  const detail = new Endpoint(
    async ({ id }: { id: string }) => {
      calls.count++
      return todos.find((each) => each.id === id)
    },
    { schema: Todo, name: 'todo' },
  )
  return { list, detail, calls }
}

/** A Map-backed storage that records each write, for counting what a change costs. */
function recordingStorage(map = new Map<string, unknown>()) {
  const writes: { set: string[]; deleted: string[]; bytes: number }[] = []
  const storage: PersistStorage = {
    async getAll() {
      return [...map].map(([key, value]) => [key, JSON.parse(JSON.stringify(value))] as const)
    },
    async set(entries) {
      writes.push({ set: entries.map(([key]) => key), deleted: [], bytes: entries.reduce((sum, [key, value]) => sum + key.length + JSON.stringify(value).length, 0) })
      for (const [key, value] of entries) map.set(key, JSON.parse(JSON.stringify(value)))
    },
    async delete(keys) {
      writes.push({ set: [], deleted: [...keys], bytes: 0 })
      for (const key of keys) map.delete(key)
    },
  }
  return { storage, map, writes }
}

const NOW = 1_000_000
const stores: Store[] = []
const persisters: Persister[] = []
function newStore(): { store: Store; actions: Action[] } {
  const store = createStore({ now: () => NOW })
  const actions: Action[] = []
  store.subscribe((action) => void actions.push(action))
  stores.push(store)
  return { store, actions }
}
async function start(store: Store, options: Parameters<typeof persist>[1]): Promise<Persister> {
  const persister = await persist(store, options)
  persisters.push(persister)
  return persister
}
afterEach(() => {
  for (const persister of persisters.splice(0)) persister.stop()
  for (const store of stores.splice(0)) store.cleanup()
})

describe('persist', () => {
  it('restores a reload from IndexedDB as one hydrate action: the same reads, valid, with no request', async () => {
    const indexedDB = new IDBFactory()
    const api = createApi([todo('1'), todo('2', { title: 'Two' }), todo('3')])
    const first = newStore()
    const saving = await start(first.store, { storage: indexedDBStorage('app', indexedDB) })
    expect(saving.restored).toBe(0)
    await first.store.controller.fetch(api.list)
    await first.store.controller.fetch(api.detail, { id: '2' })
    await saving.flush()

    const second = newStore()
    const restoring = await start(second.store, { storage: indexedDBStorage('app', indexedDB) })
    expect(restoring.restored).toBe(2)
    expect(second.actions.map((action) => action.type)).toEqual(['tessera/hydrate'])
    for (const [endpoint, args] of [[api.list, []], [api.detail, [{ id: '2' }]]] as const) {
      const read = second.store.controller.getResponse(endpoint as Endpoint<any, any>, ...(args as []), second.store.getState())
      expect(read.expiryStatus).toBe(ExpiryStatus.Valid)
      expect(read.data).toEqual(first.store.controller.getResponse(endpoint as Endpoint<any, any>, ...(args as []), first.store.getState()).data)
    }
    const detail = second.store.controller.getResponse(api.detail, { id: '2' }, second.store.getState()).data
    expect(detail).toBeInstanceOf(Todo)
    expect(detail?.title).toBe('Two')
    const before = api.calls.count
    await second.store.controller.fetchIfStale(api.list)
    expect(api.calls.count).toBe(before)
  })

  it('merges: data the store fetched while the storage was read is not overwritten by older saved data', async () => {
    const { storage } = recordingStorage()
    const old = newStore()
    const saving = await start(old.store, { storage })
    old.store.controller.setResponse(createApi([]).list, [todo('1', { title: 'Saved' })])
    await saving.flush()
    saving.stop()

    const fresh = createStore({ now: () => NOW + 1_000 })
    stores.push(fresh)
    const restoring = persist(fresh, { storage })
    fresh.controller.setResponse(createApi([]).list, [todo('1', { title: 'Newer' })])
    persisters.push(await restoring)
    expect(fresh.controller.getResponse(createApi([]).list, fresh.getState()).data?.[0]?.title).toBe('Newer')
  })

  it('writes only what an action changed: one entity edited in a store of 10k writes O(1) entries', async () => {
    const { storage, writes } = recordingStorage()
    const api = createApi(Array.from({ length: 10_000 }, (_, i) => todo(String(i))))
    const { store } = newStore()
    const saving = await start(store, { storage })
    await store.controller.fetch(api.list)
    await saving.flush()
    // The first save wrote every record once, plus the list and the header.
    expect(writes.flatMap((write) => write.set)).toHaveLength(10_002)
    writes.length = 0

    store.controller.setResponse(api.detail, { id: '5' }, todo('5', { title: 'Edited' }))
    await saving.flush()
    expect(writes.flatMap((write) => write.set).sort()).toEqual(['e:["Todo","5"]', 'k:todo [{"id":"5"}]'])
    expect(writes.reduce((sum, write) => sum + write.bytes, 0)).toBeLessThan(400)

    // A request that only starts writes nothing: the key is pending, nothing a reload restores changed.
    writes.length = 0
    let answer!: (value: unknown) => void
    const slow = new Endpoint(() => new Promise((resolve) => (answer = resolve)), { schema: Todo, name: 'slow' })
    const pending = store.controller.fetch(slow)
    await saving.flush()
    expect(writes).toEqual([])
    answer(todo('6'))
    await pending
  })

  it('writes only the response when a refetch brings the same records, and a reload keeps their new times', async () => {
    const { storage, writes } = recordingStorage()
    const api = createApi(Array.from({ length: 500 }, (_, i) => todo(String(i))))
    let time = NOW
    const store = createStore({ now: () => time })
    stores.push(store)
    const saving = await start(store, { storage })
    await store.controller.fetch(api.list)
    await saving.flush()
    writes.length = 0
    time += 30_000
    await store.controller.fetch(api.list)
    await saving.flush()
    expect(writes.flatMap((write) => write.set)).toEqual(['k:todos []'])

    const reloaded = createStore({ now: () => time })
    stores.push(reloaded)
    await start(reloaded, { storage })
    // A detail read answered by the list's record carries the record's times: those of the refetch.
    const read = reloaded.controller.getResponse(api.detail, { id: '7' }, reloaded.getState())
    expect(read.expiresAt).toBe(store.controller.getResponse(api.detail, { id: '7' }, store.getState()).expiresAt)
    expect(read.expiresAt).toBeGreaterThan(NOW + 30_000)
  })

  it('throttles: many changes inside the window are one write', async () => {
    const { storage, writes } = recordingStorage()
    const { store } = newStore()
    await start(store, { storage, throttleMs: 30 })
    const api = createApi([])
    for (let i = 0; i < 5; i++) store.controller.setResponse(api.detail, { id: String(i) }, todo(String(i)))
    expect(writes).toEqual([])
    const began = Date.now()
    while (writes.length === 0 && Date.now() - began < 2_000) await new Promise((resolve) => setTimeout(resolve, 5))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(writes).toHaveLength(1)
    expect(writes[0]!.set).toHaveLength(11)
  })

  it('keeps a deleted entity deleted across a reload, without a warning', async () => {
    const { storage } = recordingStorage()
    const api = createApi([todo('1'), todo('2')])
    const remove = new Endpoint(async ({ id }: { id: string }) => ({ id }), { schema: new schema.Invalidate(Todo), name: 'remove', sideEffect: true })
    const { store } = newStore()
    const saving = await start(store, { storage })
    await store.controller.fetch(api.list)
    await store.controller.fetch(remove, { id: '2' })
    await saving.flush()
    const warnings: unknown[] = []
    const reloaded = newStore()
    await start(reloaded.store, { storage, onWarning: (warning) => void warnings.push(warning) })
    expect(warnings).toEqual([])
    const rows = reloaded.store.controller.getResponse(api.list, reloaded.store.getState()).data as Todo[]
    expect(rows.map((row) => row.id)).toEqual(['1'])
    expect(api.calls.count).toBe(1)
  })

  it('deletes what the garbage collector dropped, and clears the storage on a reset', async () => {
    const { storage, map } = recordingStorage()
    const api = createApi([todo('1'), todo('2')])
    const { store } = newStore()
    const saving = await start(store, { storage })
    await store.controller.fetch(api.list)
    await store.controller.fetch(api.detail, { id: '3' }).catch(() => {})
    await saving.flush()
    expect([...map.keys()].sort()).toEqual(['@', 'e:["Todo","1"]', 'e:["Todo","2"]', 'k:todos []'])

    store.dispatch({ type: 'tessera/gc', keys: ['todos []'], entities: { Todo: ['2'] }, meta: { date: NOW } })
    await saving.flush()
    expect([...map.keys()].sort()).toEqual(['@', 'e:["Todo","1"]'])

    await store.controller.fetch(api.list)
    await saving.flush()
    store.controller.resetEntireStore()
    await saving.flush()
    expect([...map.keys()]).toEqual(['@'])
    const reloaded = newStore()
    expect((await start(reloaded.store, { storage })).restored).toBe(0)
    expect(reloaded.actions).toEqual([])
  })

  it('drops what GC removed and what a reset cleared from IndexedDB too', async () => {
    const indexedDB = new IDBFactory()
    const api = createApi([todo('1'), todo('2')])
    const { store } = newStore()
    const saving = await start(store, { storage: indexedDBStorage('gc', indexedDB) })
    await store.controller.fetch(api.list)
    await store.controller.fetch(api.detail, { id: '1' })
    await saving.flush()
    store.dispatch({ type: 'tessera/gc', keys: ['todos []'], entities: { Todo: ['2'] }, meta: { date: NOW } })
    await saving.flush()
    const afterGC = newStore()
    expect((await start(afterGC.store, { storage: indexedDBStorage('gc', indexedDB) })).restored).toBe(1)
    expect(selectMeta(afterGC.store.getState(), api.list.key())).toBeUndefined()
    expect(afterGC.store.controller.getResponse(api.detail, { id: '1' }, afterGC.store.getState()).expiryStatus).toBe(ExpiryStatus.Valid)

    store.controller.resetEntireStore()
    await saving.flush()
    const afterReset = newStore()
    expect((await start(afterReset.store, { storage: indexedDBStorage('gc', indexedDB) })).restored).toBe(0)
  })

  it('ignores storage of another version with a warning, keeps the cache, and starts the storage again', async () => {
    const { storage, map } = recordingStorage()
    const api = createApi([todo('1')])
    const old = newStore()
    const saving = await start(old.store, { storage, version: 1 })
    await old.store.controller.fetch(api.list)
    await saving.flush()

    const { store, actions } = newStore()
    store.controller.setResponse(api.detail, { id: '9' }, todo('9'))
    const warnings: string[] = []
    const persister = await start(store, { storage, version: 2, onWarning: (message) => warnings.push(message) })
    expect(persister.restored).toBe(0)
    expect(warnings).toEqual([expect.stringContaining('written for version 1, this app is version 2')])
    expect(actions.map((action) => action.type)).toEqual(['tessera/receive'])
    expect(store.controller.getResponse(api.detail, { id: '9' }, store.getState()).data?.id).toBe('9')
    await persister.flush()
    // What this store holds, under the new version; nothing of version 1.
    expect([...map.keys()].sort()).toEqual(['@', 'e:["Todo","9"]', 'k:todo [{"id":"9"}]'])
    expect(map.get('@')).toEqual({ format: 1, version: 2 })
  })

  it('warns with a short code in production builds', async () => {
    const { storage, map } = recordingStorage()
    map.set('@', { format: 1, version: 'old' })
    const warnings: string[] = []
    await inProduction(() => start(newStore().store, { storage, onWarning: (message) => warnings.push(message) }))
    expect(warnings).toEqual(['Tessera E750'])
  })

  it('drops corrupt entries with a warning naming each, and restores the rest', async () => {
    const { storage, map } = recordingStorage()
    const api = createApi([todo('1'), todo('2')])
    const old = newStore()
    const saving = await start(old.store, { storage })
    await old.store.controller.fetch(api.list)
    await old.store.controller.fetch(api.detail, { id: '1' })
    await saving.flush()
    map.set('k:todo [{"id":"1"}]', { result: '1', meta: { date: 'yesterday' }, pks: {} })
    map.set('e:["Todo","2"]', 'not a record')
    map.set('e:oops', { record: {} })

    const { store } = newStore()
    const warnings: string[] = []
    const persister = await start(store, { storage, onWarning: (message) => warnings.push(message) })
    expect(persister.restored).toBe(1)
    expect(warnings).toHaveLength(3)
    expect(warnings.join('\n')).toContain('"k:todo [{"id":"1"}]"')
    expect(warnings.join('\n')).toContain('"e:["Todo","2"]"')
    expect(warnings.join('\n')).toContain('"e:oops"')
    expect(store.controller.getResponse(api.list, store.getState()).data?.map((each) => each.id)).toEqual(['1'])
    expect(selectMeta(store.getState(), api.detail.key({ id: '1' }))).toBeUndefined()
    await persister.flush()
    expect(map.has('e:oops')).toBe(false)
    expect(map.has('k:todo [{"id":"1"}]')).toBe(false)
  })

  it('survives a storage that throws: a warning, the cache intact, and the write retried', async () => {
    const { storage, map } = recordingStorage()
    let broken = true
    const failing: PersistStorage = {
      getAll: () => Promise.reject(new Error('disk on fire')),
      set: (entries) => (broken ? Promise.reject(new Error('quota exceeded')) : storage.set(entries)),
      delete: (keys) => storage.delete(keys),
    }
    const { store } = newStore()
    const api = createApi([])
    store.controller.setResponse(api.detail, { id: '1' }, todo('1'))
    const warnings: string[] = []
    const persister = await start(store, { storage: failing, onWarning: (message) => warnings.push(message) })
    store.controller.setResponse(api.detail, { id: '2' }, todo('2'))
    await persister.flush()
    await persister.flush()
    expect(warnings).toEqual([expect.stringContaining('disk on fire'), expect.stringContaining('quota exceeded')])
    expect(store.controller.getResponse(api.detail, { id: '2' }, store.getState()).data?.id).toBe('2')
    broken = false
    await persister.flush()
    expect([...map.keys()].sort()).toEqual(['@', 'e:["Todo","1"]', 'e:["Todo","2"]', 'k:todo [{"id":"1"}]', 'k:todo [{"id":"2"}]'])
  })

  it('keeps "__proto__" a key: from responses to storage and back, no prototype touched', async () => {
    const { storage, map } = recordingStorage()
    const api = createApi([todo('__proto__', { title: 'Proto' }), todo('constructor')])
    const old = newStore()
    const saving = await start(old.store, { storage })
    await old.store.controller.fetch(api.list)
    await saving.flush()
    // Through JSON.parse, as a storage of text gives it back: "__proto__" is an own key there.
    map.set('k:__proto__', JSON.parse('{"result":"1","meta":{"date":1,"fetchedAt":1,"expiresAt":1},"pks":{"__proto__":["__proto__"]}}'))

    const { store } = newStore()
    await start(store, { storage })
    expect(store.controller.getResponse(api.list, store.getState()).data?.map((each) => each.title)).toEqual(['Proto', 'Todo constructor'])
    // The saved key "__proto__" came back as a key of the cache, not as its prototype.
    expect(selectMeta(store.getState(), '__proto__')).toEqual({ date: 1, fetchedAt: 1, expiresAt: 1 })
    expect(({} as Record<string, unknown>).title).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('result')
  })

  it('saves the offline queue and gives it back after a reload, so each mutation is sent once', async () => {
    const { storage } = recordingStorage()
    const like: QueuedMutation = { id: 'm1', name: 'like', key: 'like [{"id":"1"}]', args: [{ id: '1' }], fetchedAt: NOW }
    const fakeOffline = (items: readonly QueuedMutation[] = []) => {
      let pending = items
      const listeners = new Set<() => void>()
      return {
        restored: [] as (readonly QueuedMutation[])[],
        pending: () => pending,
        subscribePending: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
        restore(restored: readonly QueuedMutation[]) {
          this.restored.push(restored)
          pending = [...pending, ...restored]
        },
        set(next: readonly QueuedMutation[]) {
          pending = next
          for (const listener of listeners) listener()
        },
      }
    }
    const firstTab = fakeOffline()
    const first = newStore()
    const saving = await start(first.store, { storage, offline: firstTab })
    firstTab.set([like])
    await saving.flush()
    saving.stop()

    // Reloaded while offline: the queue comes back.
    const reloaded = fakeOffline()
    const second = newStore()
    const restoring = await start(second.store, { storage, offline: reloaded })
    expect(reloaded.restored).toEqual([[like]])
    // Sent on reconnect: the queue empties, and a later reload has nothing to send again.
    reloaded.set([])
    await restoring.flush()
    restoring.stop()
    const third = fakeOffline()
    await start(newStore().store, { storage, offline: third })
    expect(third.restored).toEqual([])
  })

  it('works over Web Storage, under its prefix, and skips text that is not JSON', async () => {
    const data = new Map<string, string>([['other', 'untouched']])
    const local = {
      get length() {
        return data.size
      },
      key: (index: number) => [...data.keys()][index] ?? null,
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
      clear: () => data.clear(),
    } as Storage
    const api = createApi([todo('1')])
    const old = newStore()
    const saving = await start(old.store, { storage: webStorage(local, 'app:') })
    await old.store.controller.fetch(api.list)
    await saving.flush()
    expect([...data.keys()].sort()).toEqual(['app:@', 'app:e:["Todo","1"]', 'app:k:todos []', 'other'])
    data.set('app:e:["Todo","2"]', '{"record": {"id": "2"')

    const { store } = newStore()
    const warnings: string[] = []
    await start(store, { storage: webStorage(local, 'app:'), onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual([expect.stringContaining('"e:["Todo","2"]"')])
    expect(store.controller.getResponse(api.list, store.getState()).data?.map((each) => each.id)).toEqual(['1'])
    expect(data.get('other')).toBe('untouched')
  })

  // React Native's AsyncStorage: strings by key, asynchronous. persist takes it as it is.
  it.each([
    ['with only getItem / setItem / removeItem', false],
    ['with AsyncStorage\'s getAllKeys and multi* calls', true],
  ])('restores a reload from an AsyncStorage-style storage %s, given as it is', async (_, full) => {
    const data = new Map<string, string>([['other', 'untouched']])
    const delay = () => new Promise((resolve) => setTimeout(resolve, 1))
    const asyncStorage = {
      getItem: async (key: string) => (await delay(), data.get(key) ?? null),
      setItem: async (key: string, value: string) => void (await delay(), data.set(key, value)),
      removeItem: async (key: string) => void (await delay(), data.delete(key)),
      ...(full
        ? {
            getAllKeys: async () => [...data.keys()],
            multiGet: async (keys: readonly string[]) => keys.map((key) => [key, data.get(key) ?? null] as const),
            multiSet: async (entries: readonly (readonly [string, string])[]) => void entries.forEach(([key, value]) => data.set(key, value)),
            multiRemove: async (keys: readonly string[]) => void keys.forEach((key) => data.delete(key)),
          }
        : {}),
    }
    const api = createApi([todo('1'), todo('2', { title: 'Two' })])
    const first = newStore()
    const saving = await start(first.store, { storage: asyncStorage })
    await first.store.controller.fetch(api.list)
    await saving.flush()
    expect(data.get('other')).toBe('untouched')

    const second = newStore()
    const restoring = await start(second.store, { storage: asyncStorage })
    expect(restoring.restored).toBeGreaterThan(0)
    const read = second.store.controller.getResponse(api.list, second.store.getState())
    expect(read.expiryStatus).toBe(ExpiryStatus.Valid)
    expect(read.data?.map((each) => each.title)).toEqual(['Todo 1', 'Two'])
    expect(api.calls.count).toBe(1)

    // A corrupt entry is reported and dropped; the rest restores.
    const entityKey = [...data.keys()].find((key) => key.includes('"Todo","2"'))!
    data.set(entityKey, '{"cut short')
    const warnings: string[] = []
    const third = newStore()
    await start(third.store, { storage: asyncStorage, onWarning: (message) => warnings.push(message) })
    expect(warnings).toEqual([expect.stringContaining('"Todo","2"')])
    expect(data.get('other')).toBe('untouched')
  })
})
