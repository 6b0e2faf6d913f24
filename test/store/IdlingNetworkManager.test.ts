import { createStore, Endpoint, getDefaultManagers, IdlingNetworkManager, NetworkManager } from '../../src/index'

/** A requestIdleCallback the test runs by hand. */
function fakeIdle() {
  const waiting: { run: () => void; timeout: number }[] = []
  const original = (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback
  ;(globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = (run: () => void, options: { timeout: number }) => waiting.push({ run, timeout: options.timeout })
  return { waiting, restore: () => void ((globalThis as { requestIdleCallback?: unknown }).requestIdleCallback = original) }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('IdlingNetworkManager', () => {
  let idle: ReturnType<typeof fakeIdle>
  beforeEach(() => {
    idle = fakeIdle()
  })
  afterEach(() => idle.restore())

  it('holds a read until the page is idle, and sends a mutation at once', async () => {
    const sent: string[] = []
    const read = new Endpoint(async (id: string) => (sent.push(`read ${id}`), { id }), { name: 'read' })
    const write = new Endpoint(async (id: string) => (sent.push(`write ${id}`), { id }), { name: 'write', sideEffect: true })
    const store = createStore({ managers: getDefaultManagers({ networkManager: new IdlingNetworkManager({ timeout: 500 }) }) })
    const reading = store.controller.fetch(read, 'a')
    const writing = store.controller.fetch(write, 'b')
    await tick()
    expect(sent).toEqual(['write b'])
    expect(idle.waiting.map((w) => w.timeout)).toEqual([500])
    expect(store.controller.isFetching(read, 'a')).toBe(true)
    idle.waiting[0].run()
    await expect(reading).resolves.toEqual({ id: 'a' })
    await expect(writing).resolves.toEqual({ id: 'b' })
    expect(sent).toEqual(['write b', 'read a'])
  })

  it('is the store’s NetworkManager: identical reads waiting for idle share one request', async () => {
    const sent: string[] = []
    const read = new Endpoint(async (id: string) => (sent.push(id), { id }), { name: 'read' })
    const manager = new IdlingNetworkManager()
    expect(manager).toBeInstanceOf(NetworkManager)
    const store = createStore({ managers: [manager] })
    const first = store.controller.fetch(read, 'a')
    const second = store.controller.fetch(read, 'a')
    expect(second).toBe(first)
    idle.waiting.forEach((w) => w.run())
    await first
    expect(sent).toEqual(['a'])
  })

  it('waits one task where there is no requestIdleCallback', async () => {
    idle.restore()
    delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback
    const read = new Endpoint(async (id: string) => ({ id }), { name: 'read' })
    const store = createStore({ managers: [new IdlingNetworkManager()] })
    await expect(store.controller.fetch(read, 'x')).resolves.toEqual({ id: 'x' })
  })
})

describe('getDefaultManagers({ networkManager })', () => {
  it('takes data-client\'s options object or null as a new NetworkManager, and says the options are not read', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      for (const networkManager of [{ dataExpiryLength: 1 }, null]) {
        const managers = getDefaultManagers({ networkManager })
        expect(managers.filter((manager) => manager instanceof NetworkManager)).toHaveLength(1)
        // The store works with them: a read is sent and answered.
        const store = createStore({ managers })
        const read = new Endpoint(async () => 'ok', { name: 'read' })
        await expect(store.controller.fetch(read)).resolves.toBe('ok')
        store.cleanup()
      }
      expect(warn).toHaveBeenCalledTimes(1)
      expect(warn.mock.calls[0]![0]).toContain('{"dataExpiryLength":1} are not read')
    } finally {
      warn.mockRestore()
    }
  })
})
