import { createStore, Endpoint, PollingManager } from '../../../src/index'

const fetch = jest.fn(async ({ id }: { id: number }) => ({ id }))
const polled = new Endpoint(fetch, { key: ({ id }) => `polled ${id}`, pollFrequency: 100 })

describe('PollingManager', () => {
  afterEach(() => {
    jest.restoreAllMocks()
    jest.useRealTimers()
  })

  it('never fetches from a timer that outlived cleanup, even when clearInterval missed it', () => {
    jest.useFakeTimers()
    fetch.mockClear()
    const manager = new PollingManager()
    const store = createStore({ managers: [manager] })
    store.controller.subscribe(polled, { id: 1 })
    jest.advanceTimersByTime(100)
    expect(fetch).toHaveBeenCalledTimes(1)

    // As when a test swaps the fake clock for the real one before cleaning up: the clear goes nowhere.
    const clear = jest.spyOn(globalThis, 'clearInterval').mockImplementation(() => undefined)
    manager.cleanup()
    clear.mockRestore()
    jest.advanceTimersByTime(300)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(manager.size).toBe(0)
    store.cleanup()
  })

  it('polls what is subscribed to, not what is only read, and stops with the last subscription', async () => {
    jest.useFakeTimers()
    fetch.mockClear()
    const manager = new PollingManager()
    const store = createStore({ managers: [manager] })
    store.controller.retain(polled, { id: 1 })
    await jest.advanceTimersByTimeAsync(500)
    expect(fetch).not.toHaveBeenCalled()
    store.controller.subscribe(polled, { id: 1 })
    store.controller.subscribe(polled, { id: 1 })
    await jest.advanceTimersByTimeAsync(100)
    expect(fetch).toHaveBeenCalledTimes(1)
    store.controller.unsubscribe(polled, { id: 1 })
    await jest.advanceTimersByTimeAsync(100)
    expect(fetch).toHaveBeenCalledTimes(2)
    store.controller.unsubscribe(polled, { id: 1 })
    await jest.advanceTimersByTimeAsync(500)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(manager.size).toBe(0)
    store.cleanup()
  })
})
