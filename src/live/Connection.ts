// The stream itself: opened while something wants it, reconnected with backoff after a drop,
// closed while the device is offline, and kept open a while after its last reader leaves.

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

import { backoff, deviceOnline, onNetworkChange } from '../store/network'
import type { LiveOptions, LiveSocket } from './LiveManager'
import { describe, LiveError } from './LiveError'

// A connection that stayed open this long was healthy: the next drop starts the backoff over.
const STABLE = 5_000

/** What the connection tells its manager, and asks it. */
interface ConnectionEvents {
  /** Whether anything reads the stream (no reader: no connection, no reconnect). */
  wanted(): boolean
  /** The stream opened: subscribe what is read. */
  opened(): void
  /** A message arrived on the current socket. */
  message(data: unknown): void
  report(error: LiveError): void
}

/** One LiveManager's socket, and its reconnects. */
export class Connection {
  #socket: LiveSocket | undefined
  #open = false
  #openedAt = 0
  #attempt = 0
  #retryTimer: ReturnType<typeof setTimeout> | undefined
  #lingerTimer: ReturnType<typeof setTimeout> | undefined
  #closed = false
  readonly #options: LiveOptions
  readonly #events: ConnectionEvents

  constructor(options: LiveOptions, events: ConnectionEvents) {
    this.#options = options
    this.#events = events
  }

  /** Whether a stream may be opened now: the device says it is online. */
  isOnline(): boolean {
    return (this.#options.online ?? deviceOnline)()
  }

  /** True while the stream is open. */
  get open(): boolean {
    return this.#open
  }

  /** Sends `message` on the open socket (a string as is, anything else as JSON; undefined sends nothing). */
  send(message: unknown): void {
    if (message === undefined || this.#socket?.send === undefined) return
    this.#socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /**
   * A reader came: the stream stays open and sends it `subscribeMessage()`, or opens, unless a reconnect
   * waits its turn (the reader waits with it, and is subscribed on open).
   */
  want(subscribeMessage: () => unknown): void {
    clearTimeout(this.#lingerTimer)
    if (this.#open) this.send(subscribeMessage())
    else if (this.#retryTimer === undefined) this.connect()
  }

  /** The last reader left: the stream closes after `linger` ms, unless a reader comes back. */
  linger(): void {
    clearTimeout(this.#lingerTimer)
    this.#lingerTimer = setTimeout(() => !this.#events.wanted() && this.disconnect(), this.#options.linger ?? 0)
  }

  /** Follows the network's status (LiveOptions.events, or the device's). @returns what stops it. */
  listen(): () => void {
    const events = this.#options.events
    if (events === undefined) {
      // The device's network status: the window's events, or NetInfo on React Native (see setNetworkSource).
      return onNetworkChange((online) => (online ? this.#online() : this.#offline()))
    }
    events.addEventListener('online', this.#online)
    events.addEventListener('offline', this.#offline)
    return () => {
      events.removeEventListener('online', this.#online)
      events.removeEventListener('offline', this.#offline)
    }
  }

  /** Closes the stream for good and stops every timer. */
  close(): void {
    this.#closed = true
    this.disconnect()
  }

  connect(): void {
    if (this.#socket !== undefined || this.#closed || !this.#events.wanted()) return
    // Offline: look again later (where no 'online' event comes, this is how the stream comes back).
    if (!this.isOnline()) return this.#retry()
    let socket: LiveSocket
    try {
      socket = this.#options.connect()
    } catch (error) {
      this.#events.report(new LiveError(process.env.NODE_ENV !== 'production' ? `tessera/live: connect() threw, retrying: ${describe(error)}` : `Tessera E802: ${describe(error)}`, undefined, error))
      return this.#retry()
    }
    this.#socket = socket
    socket.addEventListener('open', () => {
      if (this.#socket !== socket) return
      this.#open = true
      this.#openedAt = Date.now()
      this.#events.opened()
    })
    socket.addEventListener('message', (event: { data?: unknown }) => {
      if (this.#socket === socket) this.#events.message(event.data)
    })
    // A WebSocket closes after an error; an EventSource would retry on its own schedule (no
    // backoff, no resubscribe): either way this manager takes over.
    socket.addEventListener('error', () => this.#lost(socket))
    socket.addEventListener('close', () => this.#lost(socket))
  }

  disconnect(): void {
    clearTimeout(this.#retryTimer)
    clearTimeout(this.#lingerTimer)
    this.#retryTimer = this.#lingerTimer = undefined
    this.#closeSocket()
  }

  #online = (): void => {
    // The network is back: no reason to wait out a backoff meant for a failing server.
    clearTimeout(this.#retryTimer)
    this.#retryTimer = undefined
    this.#attempt = 0
    this.connect()
  }

  #offline = (): void => {
    // The socket may linger half-open for minutes: close it, and wait for 'online'.
    this.disconnect()
  }

  #lost(socket: LiveSocket): void {
    if (this.#socket !== socket) return
    if (this.#open && Date.now() - this.#openedAt >= STABLE) this.#attempt = 0
    this.#closeSocket()
    this.#retry()
  }

  #retry(): void {
    if (this.#closed || !this.#events.wanted() || this.#retryTimer !== undefined) return
    const attempt = ++this.#attempt
    const delay = this.#options.retryDelay?.(attempt) ?? backoff(attempt, 0.5)
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined
      this.connect()
    }, delay)
  }

  /** Lets go of the current socket and closes it; its late events are ignored. */
  #closeSocket(): void {
    const socket = this.#socket
    this.#socket = undefined
    this.#open = false
    try {
      socket?.close()
    } catch {
      // Closing a socket that never opened may throw in some environments: it is gone either way.
    }
  }
}
