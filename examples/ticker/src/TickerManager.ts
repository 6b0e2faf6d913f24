// A stock ticker over a WebSocket, written on data-client's Manager protocol as its docs describe
// one: the socket opens in `init`, the middleware takes over SUBSCRIBE / UNSUBSCRIBE of the price
// endpoint (so nothing polls it) and tells the server, each pushed price is written into the cache
// with `controller.setResponse`, and `cleanup` closes the socket. Imports only from 'tessera'.
import { actionTypes, type ActionTypes, type Manager, type ManagerAPI, type Middleware } from 'tessera'
import { getPrice } from './resources'

/** What the page shows of a message the socket sent that could not be used. */
export type TickerProblem = (message: string) => void

export class TickerManager implements Manager {
  #url: string
  #socket: WebSocket | undefined
  #controller: ManagerAPI | undefined
  /** Symbols some component listens to, to resubscribe once the socket opens. */
  #symbols = new Set<string>()
  #problems = new Set<TickerProblem>()

  constructor(url: string) {
    this.#url = url
  }

  /** Calls `listener` with a sentence for each unusable message. @returns the unsubscribe function. */
  onProblem(listener: TickerProblem): () => void {
    this.#problems.add(listener)
    return () => void this.#problems.delete(listener)
  }

  middleware: Middleware<ActionTypes> = (controller) => {
    this.#controller = controller
    return (next) => (action) => {
      if ((action.type === actionTypes.SUBSCRIBE || action.type === actionTypes.UNSUBSCRIBE) && action.endpoint === getPrice) {
        const { symbol } = action.args[0] as { symbol: string }
        if (action.type === actionTypes.SUBSCRIBE) this.#symbols.add(symbol)
        else this.#symbols.delete(symbol)
        this.#send({ type: action.type === actionTypes.SUBSCRIBE ? 'subscribe' : 'unsubscribe', symbol })
        // Taken over: the socket keeps this price fresh.
        return Promise.resolve()
      }
      return next(action)
    }
  }

  init(): void {
    const socket = (this.#socket = new WebSocket(this.#url))
    socket.addEventListener('open', () => {
      for (const symbol of this.#symbols) this.#send({ type: 'subscribe', symbol })
    })
    socket.addEventListener('message', (event) => this.#receive(String(event.data)))
  }

  cleanup(): void {
    this.#socket?.close()
    this.#socket = undefined
  }

  #send(message: { type: string; symbol: string }): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message))
  }

  #receive(text: string): void {
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch {
      return this.#problem(`The ticker sent a message that is not JSON (${JSON.stringify(text.slice(0, 40))}); it was ignored.`)
    }
    const { symbol, price } = (message ?? {}) as { symbol?: unknown; price?: unknown }
    if (typeof symbol !== 'string' || typeof price !== 'number') {
      return this.#problem(`The ticker sent a message without a symbol and a numeric price (${text.slice(0, 60)}); it was ignored.`)
    }
    this.#controller?.setResponse(getPrice, { symbol }, { symbol, price })
  }

  #problem(sentence: string): void {
    for (const listener of this.#problems) listener(sentence)
  }
}
