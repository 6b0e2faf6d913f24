import { createStore, Endpoint, PollingSubscription, SubscriptionManager } from '../../../src/index'

// data-client apps list their managers by hand: `new SubscriptionManager(PollingSubscription)` is
// its polling manager, and moves by the import.
describe('SubscriptionManager (data-client’s name)', () => {
  afterEach(() => jest.useRealTimers())

  it('with PollingSubscription polls a subscribed endpoint every pollFrequency, and stops at unsubscribe', async () => {
    jest.useFakeTimers()
    let calls = 0
    const ticker = new Endpoint(async ({ symbol }: { symbol: string }) => ({ symbol, price: ++calls }), { key: ({ symbol }) => `ticker ${symbol}`, pollFrequency: 1000 })
    const store = createStore({ managers: [new SubscriptionManager(PollingSubscription)] })
    store.controller.subscribe(ticker, { symbol: 'BTC' })
    await jest.advanceTimersByTimeAsync(3000)
    expect(calls).toBe(3)
    expect(store.controller.getResponse(ticker, { symbol: 'BTC' }, store.getState()).data).toEqual({ symbol: 'BTC', price: 3 })
    store.controller.unsubscribe(ticker, { symbol: 'BTC' })
    await jest.advanceTimersByTimeAsync(3000)
    expect(calls).toBe(3)
    store.cleanup()
  })

  it('refuses a subscription class of its own, saying how to write one', () => {
    class SocketSubscription {}
    expect(() => new SubscriptionManager(SocketSubscription as unknown as typeof PollingSubscription)).toThrow(/only PollingSubscription is supported.*takes SUBSCRIBE \/ UNSUBSCRIBE over/)
  })
})
