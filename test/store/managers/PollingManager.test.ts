import { Endpoint, PollingManager, tesseraHooks, type Controller } from '../../../src/index'

const polled = new Endpoint(async ({ id }: { id: number }) => ({ id }), { key: ({ id }) => `polled ${id}`, pollFrequency: 100 })

describe('PollingManager', () => {
  afterEach(() => {
    jest.restoreAllMocks()
    jest.useRealTimers()
  })

  it('never fetches from a timer that outlived cleanup, even when clearInterval missed it', () => {
    jest.useFakeTimers()
    const fetch = jest.fn(() => Promise.resolve())
    const controller = { fetch } as unknown as Controller
    const manager = new PollingManager()
    manager[tesseraHooks].mount!(controller, polled, [{ id: 1 }])
    jest.advanceTimersByTime(100)
    expect(fetch).toHaveBeenCalledTimes(1)

    // As when a test swaps the fake clock for the real one before cleaning up: the clear goes nowhere.
    const clear = jest.spyOn(globalThis, 'clearInterval').mockImplementation(() => undefined)
    manager.cleanup()
    clear.mockRestore()
    jest.advanceTimersByTime(300)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(manager.size).toBe(0)
  })
})
