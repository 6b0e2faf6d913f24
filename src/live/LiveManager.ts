// The LiveManager: which live reads are mounted (one subscribe message per argument set), over a
// connection that reconnects on its own (Connection.ts) and an inbox that applies the messages
// once a frame (FrameInbox.ts).
import type { EndpointInterface } from '../endpoint/types'
import { passThrough, tesseraHooks, type Manager, type ManagerAPI, type Middleware, type TesseraHooks } from '../store/Manager'
import { Connection } from './Connection'
import { FrameInbox } from './FrameInbox'
import { reportTo, type LiveError } from './LiveError'

/**
 * What `connect` returns: a `WebSocket`, an `EventSource`, or anything shaped like them (a test
 * double, a socket.io adapter). `send` is needed only for subscribe / unsubscribe messages.
 */
export interface LiveSocket {
  addEventListener(type: 'open' | 'message' | 'error' | 'close', listener: (event: any) => void): void
  send?(data: string): void
  close(): void
}

/** Where the browser says the network came and went ('online' / 'offline' events): `window` by default. */
export interface NetworkEvents {
  addEventListener(type: 'online' | 'offline', listener: () => void): void
  removeEventListener(type: 'online' | 'offline', listener: () => void): void
}

/** Options of `new LiveManager(options)`. */
export interface LiveOptions {
  /** Opens the stream: `() => new WebSocket(url)` or `() => new EventSource(url)`. Called again to reconnect. */
  connect(): LiveSocket
  /**
   * Turns one message into cache writes through `api` (`api.set`, `api.setResponse`,
   * `api.invalidate`…). `message` is the parsed JSON and untrusted: check it, or let `set` check it
   * against the schema. What it writes is applied with the other messages of the same frame as
   * one action (`api.batch`), and reads through `api` see the writes of the messages before it.
   * A throw drops the message (its writes undone) and reports it to `onError`.
   */
  onMessage(message: unknown, api: ManagerAPI): void
  /**
   * Which reads keep the stream open (and get subscribe messages). Default: endpoints made with
   * `live: true` (`new RestEndpoint({ path, schema, live: true })`, or `.extend({ live: true })`).
   */
  live?(endpoint: EndpointInterface, args: readonly unknown[]): boolean
  /** The message to send (WebSocket) when the first reader of an argument set mounts; a string is sent as is, anything else as JSON, undefined sends nothing. Sent again for every current reader after a reconnect. */
  subscribe?(endpoint: EndpointInterface, args: readonly unknown[]): unknown
  /** The message to send when the last reader of an argument set unmounts. */
  unsubscribe?(endpoint: EndpointInterface, args: readonly unknown[]): unknown
  /** A dropped message or a failed `connect`. Default: `console.error` with what was wrong. */
  onError?(error: LiveError): void
  /**
   * The wait (ms) before reconnect `attempt` (1 for the first). Default: exponential from 1 s,
   * capped at 30 s, half of it random, so clients the server dropped together come back spread out.
   */
  retryDelay?(attempt: number): number
  /** Whether the device is online (default `navigator.onLine`; true without a navigator). No connection is made while it is false. */
  online?(): boolean
  /**
   * Where 'online' / 'offline' events come from. Default: the device's network source (`window`'s
   * events in a browser, NetInfo in React Native when installed, or what `setNetworkSource` set).
   */
  events?: NetworkEvents
  /** How long (ms) the stream stays open after its last reader leaves, so a remount does not reconnect. Default 0 (the next task). */
  linger?: number
}

/** A live argument set something on screen reads (the store's registry tells its first and last reader). */
interface Reader {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
}

/**
 * Keeps a WebSocket or server-sent-events stream open while a component reads a live endpoint,
 * and writes what it pushes into the cache. It subscribes (one message per argument set) on the
 * first reader and unsubscribes on the last, closes the stream when no reader is left,
 * reconnects with backoff and resubscribes after a drop, and waits while the device is offline.
 * Messages are batched per animation frame into one action, so a flood renders once a frame.
 * Opt-in, its own entry point: `createStore({ managers: [new LiveManager({ connect, onMessage })] })`.
 * One store per manager.
 */
export class LiveManager implements Manager {
  /** Follows the store's mounted reads to hold a stream open (not to poll). */
  readonly [tesseraHooks]: TesseraHooks = {
    polls: false,
    mount: (api, endpoint, args) => this.#mount(api, endpoint, args),
    unmount: (endpoint, args) => this.#unmount(endpoint, args),
  }
  readonly #options: LiveOptions
  readonly #readers = new Map<string, Reader>()
  #api: ManagerAPI | undefined
  readonly #connection: Connection
  readonly #inbox: FrameInbox
  #closed = false
  #unlisten: (() => void) | undefined

  constructor(options: LiveOptions) {
    this.#options = options
    const report = (error: LiveError) => reportTo(options.onError, error)
    this.#inbox = new FrameInbox((message, api) => options.onMessage(message, api), () => this.#api, report)
    this.#connection = new Connection(options, {
      wanted: () => this.#readers.size > 0,
      // Everything read now, whether it mounted before the first connection or during a drop.
      opened: () => {
        for (const reader of this.#readers.values()) this.#connection.send(options.subscribe?.(reader.endpoint, reader.args))
      },
      message: (data) => this.#inbox.push(data),
      report,
    })
  }

  /** Whether a stream may be opened now: the device says it is online. */
  isOnline(): boolean {
    return this.#connection.isOnline()
  }

  /** True while the stream is open (for status indicators and tests). */
  get connected(): boolean {
    return this.#connection.open
  }

  /** The first reader of a live argument set mounted (the store counts readers): subscribes, and opens the stream if needed. */
  #mount(api: ManagerAPI, endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (this.#closed || args[0] === null || !this.#isLive(endpoint, args)) return
    this.#bind(api)
    this.#readers.set(endpoint.key(...args), { endpoint, args })
    this.#connection.want(() => this.#options.subscribe?.(endpoint, args))
  }

  /** The last reader of an argument set went away: unsubscribes; with no reader left, the stream closes. */
  #unmount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (args[0] === null || !this.#readers.delete(endpoint.key(...args))) return
    if (this.#connection.open) this.#connection.send(this.#options.unsubscribe?.(endpoint, args))
    if (this.#readers.size === 0) this.#connection.linger()
  }

  /** Acts on no action (readers reach it through its hooks): passes them all on. */
  getMiddleware(): Middleware {
    return passThrough
  }

  /** Closes the stream for good and stops every timer; messages not applied yet are dropped. */
  cleanup(): void {
    this.#closed = true
    this.#connection.close()
    this.#readers.clear()
    this.#inbox.clear()
    this.#unlisten?.()
  }

  #isLive(endpoint: EndpointInterface, args: readonly unknown[]): boolean {
    const live = this.#options.live
    return live ? live(endpoint, args) : (endpoint as { live?: unknown }).live === true
  }

  /** The first reader gives the store's API; the network events are listened to from then on. */
  #bind(api: ManagerAPI): void {
    if (this.#api !== undefined) return
    this.#api = api
    this.#unlisten = this.#connection.listen()
  }
}
