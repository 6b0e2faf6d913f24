/** @jest-environment ./test/helpers/jsdomEnvironment.ts */
// useSubscription and useLive dispatch data-client's SUBSCRIBE / UNSUBSCRIBE, which a manager written
// on its protocol takes over to stream values into the cache (the documented way to do so there).
import { act, screen } from '@testing-library/react'
import { actionTypes, Entity, useCache, useLive, useSubscription, type ActionTypes, type EndpointInterface, type Manager, type Middleware } from '../../src/index'
import { createFakeEndpoint, createTestStore } from '../helpers/createTestStore'
import { renderWithStore, settle } from '../helpers/renderWithStore'

class Price extends Entity {
  symbol = ''
  value = 0
  pk() {
    return this.symbol
  }
  static override key = 'Price'
}

/** Takes SUBSCRIBE over: remembers who listens, and pushes prices with `controller.setResponse`. */
class TickerManager implements Manager {
  readonly heard: string[] = []
  readonly inits: number[] = []
  #push: ((symbol: string, value: number) => void) | undefined
  middleware: Middleware<ActionTypes> = (controller) => {
    const listening = new Map<string, { endpoint: EndpointInterface; args: readonly unknown[] }>()
    this.#push = (symbol, value) => {
      const sub = listening.get(symbol)
      if (sub) controller.setResponse(sub.endpoint, ...sub.args, { symbol, value })
    }
    return (next) => (action) => {
      if (action.type === actionTypes.SUBSCRIBE || action.type === actionTypes.UNSUBSCRIBE) {
        const { symbol } = action.args[0] as { symbol: string }
        this.heard.push(`${action.type === actionTypes.SUBSCRIBE ? '+' : '-'}${symbol}`)
        if (action.type === actionTypes.SUBSCRIBE) listening.set(symbol, { endpoint: action.endpoint, args: action.args })
        else listening.delete(symbol)
        return Promise.resolve()
      }
      return next(action)
    }
  }
  init() {
    this.inits.push(1)
  }
  cleanup() {}
  push(symbol: string, value: number) {
    act(() => this.#push!(symbol, value))
  }
}

function Subscribed({ endpoint }: { endpoint: EndpointInterface }) {
  useSubscription(endpoint, { symbol: 'ACME' })
  const price = useCache(endpoint, { symbol: 'ACME' }) as Price | undefined
  return <p role="status">{price ? `${price.symbol} ${price.value}` : 'waiting'}</p>
}

function Live({ endpoint }: { endpoint: EndpointInterface<any, any, undefined> }) {
  const price = useLive(endpoint, { symbol: 'ACME' }) as Price
  return <p role="status">{`${price.symbol} ${price.value}`}</p>
}

describe("a data-client manager that takes subscriptions over", () => {
  it('hears useSubscription mount and unmount, and streams prices into the cache', () => {
    const getPrice = createFakeEndpoint('getPrice', { schema: Price })
    const ticker = new TickerManager()
    const test = createTestStore({ managers: [ticker] })
    expect(ticker.inits).toHaveLength(1)
    const { unmount } = renderWithStore(<Subscribed endpoint={getPrice.endpoint} />, { store: test })
    expect(screen.getByRole('status').textContent).toBe('waiting')
    ticker.push('ACME', 10)
    expect(screen.getByRole('status').textContent).toBe('ACME 10')
    ticker.push('ACME', 11)
    expect(screen.getByRole('status').textContent).toBe('ACME 11')
    unmount()
    expect(ticker.heard).toEqual(['+ACME', '-ACME'])
    // Nothing asked the network: the socket feeds the cache.
    expect(getPrice.calls).toHaveLength(0)
  })

  it('hears useLive, whose first read it answers', async () => {
    const getPrice = createFakeEndpoint('getPrice', { schema: Price })
    const ticker = new TickerManager()
    const test = createTestStore({ managers: [ticker] })
    renderWithStore(<Live endpoint={getPrice.endpoint} />, { store: test })
    // useLive suspends on its first read (a request), and subscribes once it shows.
    await settle()
    expect(getPrice.calls).toHaveLength(1)
    await settle(() => getPrice.calls[0]!.resolve({ symbol: 'ACME', value: 1 }))
    expect(screen.getByRole('status').textContent).toBe('ACME 1')
    expect(ticker.heard).toEqual(['+ACME'])
    ticker.push('ACME', 2)
    expect(screen.getByRole('status').textContent).toBe('ACME 2')
  })
})
