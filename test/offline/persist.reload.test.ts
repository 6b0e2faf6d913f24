// The persister with a real OfflineManager: a mutation made offline survives reloads and reaches
// the server exactly once, after the reconnect, whichever session is open then.
import { OfflineManager, persist, type PersistStorage } from '../../src/offline/index'
import { createTestStore, flush } from '../helpers/createTestStore'
import { createServer } from './server'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

function mapStorage(): PersistStorage {
  const map = new Map<string, unknown>()
  return {
    getAll: async () => [...map].map(([key, value]) => [key, JSON.parse(JSON.stringify(value))] as const),
    set: async (entries) => void entries.forEach(([key, value]) => map.set(key, JSON.parse(JSON.stringify(value)))),
    delete: async (keys) => void keys.forEach((key) => map.delete(key)),
  }
}

it('sends a mutation queued before a reload exactly once, after the reconnect', async () => {
  const server = createServer()
  const storage = mapStorage()
  /** One page load: a store with its OfflineManager, restored from the storage. */
  const open = async () => {
    const offline = new OfflineManager({ online: () => server.up, retryDelay: () => 1000, endpoints: [server.getItem, server.setItem] })
    const test = createTestStore({ managers: [offline] })
    const persister = await persist(test.store, { storage, offline })
    return { ...test, offline, persister }
  }
  const close = async (page: Awaited<ReturnType<typeof open>>) => {
    await page.persister.flush()
    page.persister.stop()
    page.store.cleanup()
  }

  server.up = false
  const first = await open()
  first.controller.fetch(server.setItem, { id: '1', text: 'liked', uid: 'like-1' }).catch(() => {})
  await flush()
  expect(first.offline.pending()).toHaveLength(1)
  await close(first)

  // Reloaded, still offline: the mutation is owed again, and not sent.
  const second = await open()
  expect(second.offline.pending().map((item) => item.key)).toEqual(first.offline.pending().map((item) => item.key))
  await jest.advanceTimersByTimeAsync(5_000)
  expect(server.received).toEqual([])
  await close(second)

  // Reloaded again, then the network comes back: sent once.
  const third = await open()
  server.up = true
  await jest.advanceTimersByTimeAsync(1_000)
  await flush()
  expect(server.received).toEqual(['like-1'])
  expect(third.offline.pending()).toEqual([])
  expect(third.controller.getResponse(server.getItem, { id: '1' }, third.store.getState()).data).toMatchObject({ text: 'liked' })
  await close(third)

  // A reload after it was sent sends nothing again.
  const fourth = await open()
  expect(fourth.offline.pending()).toEqual([])
  await jest.advanceTimersByTimeAsync(5_000)
  expect(server.received).toEqual(['like-1'])
  await close(fourth)
})
