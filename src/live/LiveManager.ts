import { backoff, deviceOnline, onNetworkChange } from '../store/network'
import type { EndpointInterface } from '../endpoint/types'
import { passThrough, tesseraHooks, type Manager, type ManagerAPI, type Middleware, type TesseraHooks } from '../store/Manager'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

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

/** A message that was dropped (`data` is what arrived), or a connection that could not be made. */
export class LiveError extends Error {
  override name = 'LiveError'
  constructor(
    message: string,
    /** The raw message, as it arrived (undefined for a connection error). */
    readonly data?: unknown,
    /** What was thrown: the JSON parse error, the schema's error, onMessage's throw. */
    override readonly cause?: unknown,
  ) {
    super(message)
  }
}

/** Mounted readers of one argument set. */
interface Reader {
  readonly endpoint: EndpointInterface
  readonly args: readonly unknown[]
  count: number
}

// A connection that stayed open this long was healthy: the next drop starts the backoff over.
const STABLE = 5_000

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
  #readers = new Map<string, Reader>()
  #api: ManagerAPI | undefined
  #socket: LiveSocket | undefined
  #open = false
  #openedAt = 0
  #attempt = 0
  #retryTimer: ReturnType<typeof setTimeout> | undefined
  #lingerTimer: ReturnType<typeof setTimeout> | undefined
  #closed = false
  #unlisten: (() => void) | undefined
  /** Messages of this frame, not yet applied. */
  #inbox: unknown[] = []
  #frame: (() => void) | undefined

  constructor(options: LiveOptions) {
    this.#options = options
  }

  /** Whether a stream may be opened now: the device says it is online. */
  isOnline(): boolean {
    return (this.#options.online ?? deviceOnline)()
  }

  /** True while the stream is open (for status indicators and tests). */
  get connected(): boolean {
    return this.#open
  }

  /** A reader mounted: the first of a live argument set subscribes, and opens the stream if needed. */
  #mount(api: ManagerAPI, endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (this.#closed || args[0] === null || !this.#isLive(endpoint, args)) return
    this.#bind(api)
    const key = endpoint.key(...args)
    const reader = this.#readers.get(key)
    if (reader !== undefined) {
      reader.count++
      return
    }
    this.#readers.set(key, { endpoint, args, count: 1 })
    clearTimeout(this.#lingerTimer)
    if (this.#open) this.#send(this.#options.subscribe?.(endpoint, args))
    // While a reconnect waits its turn, a new reader waits with it (and is subscribed on open).
    else if (this.#retryTimer === undefined) this.#connect()
  }

  /** A reader went away: the last of an argument set unsubscribes; with no reader left, the stream closes. */
  #unmount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (args[0] === null || !this.#isLive(endpoint, args)) return
    const key = endpoint.key(...args)
    const reader = this.#readers.get(key)
    if (reader === undefined || --reader.count > 0) return
    this.#readers.delete(key)
    if (this.#open) this.#send(this.#options.unsubscribe?.(endpoint, args))
    if (this.#readers.size === 0) {
      clearTimeout(this.#lingerTimer)
      this.#lingerTimer = setTimeout(() => this.#readers.size === 0 && this.#disconnect(), this.#options.linger ?? 0)
    }
  }

  /** Acts on no action (readers reach it through its hooks): passes them all on. */
  getMiddleware(): Middleware {
    return passThrough
  }

  /** Closes the stream for good and stops every timer; messages not applied yet are dropped. */
  cleanup(): void {
    this.#closed = true
    this.#disconnect()
    this.#readers.clear()
    this.#inbox = []
    this.#frame?.()
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
    const events = this.#options.events
    if (events !== undefined) {
      events.addEventListener('online', this.#online)
      events.addEventListener('offline', this.#offline)
      this.#unlisten = () => {
        events.removeEventListener('online', this.#online)
        events.removeEventListener('offline', this.#offline)
      }
    } else {
      // The device's network status: the window's events, or NetInfo on React Native (see setNetworkSource).
      this.#unlisten = onNetworkChange((online) => (online ? this.#online() : this.#offline()))
    }
  }

  #online = (): void => {
    // The network is back: no reason to wait out a backoff meant for a failing server.
    clearTimeout(this.#retryTimer)
    this.#retryTimer = undefined
    this.#attempt = 0
    this.#connect()
  }

  #offline = (): void => {
    // The socket may linger half-open for minutes: close it, and wait for 'online'.
    this.#disconnect()
  }

  #connect(): void {
    if (this.#socket !== undefined || this.#closed || this.#readers.size === 0) return
    // Offline: look again later (where no 'online' event comes, this is how the stream comes back).
    if (!this.isOnline()) return this.#retry()
    let socket: LiveSocket
    try {
      socket = this.#options.connect()
    } catch (error) {
      this.#report(new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: connect() threw, retrying: ${describe(error)}` : `Tessera E802: ${describe(error)}`, undefined, error))
      return this.#retry()
    }
    this.#socket = socket
    socket.addEventListener('open', () => {
      if (this.#socket !== socket) return
      this.#open = true
      this.#openedAt = Date.now()
      // Everything read now, whether it mounted before the first connection or during a drop.
      for (const reader of this.#readers.values()) this.#send(this.#options.subscribe?.(reader.endpoint, reader.args))
    })
    socket.addEventListener('message', (event: { data?: unknown }) => {
      if (this.#socket === socket) this.#receive(event.data)
    })
    // A WebSocket closes after an error; an EventSource would retry on its own schedule (no
    // backoff, no resubscribe): either way this manager takes over.
    socket.addEventListener('error', () => this.#lost(socket))
    socket.addEventListener('close', () => this.#lost(socket))
  }

  #lost(socket: LiveSocket): void {
    if (this.#socket !== socket) return
    if (this.#open && Date.now() - this.#openedAt >= STABLE) this.#attempt = 0
    this.#drop()
    this.#retry()
  }

  #retry(): void {
    if (this.#closed || this.#readers.size === 0 || this.#retryTimer !== undefined) return
    const attempt = ++this.#attempt
    const delay = this.#options.retryDelay?.(attempt) ?? backoff(attempt, 0.5)
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined
      this.#connect()
    }, delay)
  }

  #disconnect(): void {
    clearTimeout(this.#retryTimer)
    clearTimeout(this.#lingerTimer)
    this.#retryTimer = this.#lingerTimer = undefined
    this.#drop()
  }

  /** Forgets the current socket and closes it; its late events are ignored. */
  #drop(): void {
    const socket = this.#socket
    this.#socket = undefined
    this.#open = false
    try {
      socket?.close()
    } catch {
      // Closing a socket that never opened may throw in some environments: it is gone either way.
    }
  }

  #send(message: unknown): void {
    if (message === undefined || this.#socket?.send === undefined) return
    this.#socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** Queues a message for the next frame (a hidden tab has no frames: a timer stands in). */
  #receive(data: unknown): void {
    this.#inbox.push(data)
    if (this.#frame !== undefined) return
    const raf = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => this.#flush()) : undefined
    const timer = setTimeout(() => this.#flush(), raf === undefined ? 16 : 100)
    this.#frame = () => {
      if (raf !== undefined) cancelAnimationFrame(raf)
      clearTimeout(timer)
      this.#frame = undefined
    }
  }

  /**
   * Applies the frame's messages in order as one action (a store batch): each message in a batch
   * of its own inside it, so a message that throws is undone alone, and the next reads what the
   * ones before wrote (two increments in one frame make two).
   */
  #flush(): void {
    this.#frame?.()
    const inbox = this.#inbox
    this.#inbox = []
    const api = this.#api
    if (api === undefined || inbox.length === 0) return
    api.batch(() => {
      for (const data of inbox) {
        try {
          api.batch(() => this.#options.onMessage(parse(data), api))
        } catch (error) {
          this.#report(
            error instanceof LiveError && error.data === data
              ? error
              : new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: a message was dropped, the cache is unchanged: ${describe(error)}. Message: ${excerpt(data)}` : `Tessera E801: ${describe(error)}`, data, error),
          )
        }
      }
    })
  }

  #report(error: LiveError): void {
    if (this.#options.onError) this.#options.onError(error)
    else if (typeof console !== 'undefined') console.error(error.message, error.cause)
  }
}

/** A message as the app's `onMessage` gets it: JSON text, parsed. @throws {TypeError} for anything but text; {LiveError} for text that is not JSON. */
function parse(data: unknown): unknown {
  if (typeof data !== 'string') throw new TypeError(`expected text, got ${data === null ? 'null' : typeof data}`)
  try {
    return JSON.parse(data)
  } catch (error) {
    throw new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: a message that is not JSON was dropped (${describe(error)}): ${excerpt(data)}` : 'Tessera E800', data, error)
  }
}

function describe(error: unknown): string {
  if (typeof (error as Error | undefined)?.message === 'string') return (error as Error).message
  try {
    return String(error)
  } catch {
    return Object.prototype.toString.call(error)
  }
}

/** The start of a message, for a report (a flood of large messages must not flood the console). */
function excerpt(data: unknown): string {
  const text = typeof data === 'string' ? data : describe(data)
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}
