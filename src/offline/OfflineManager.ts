import { backoff, deviceOnline, onNetworkChange } from '../store/network'
import type { EndpointInterface } from '../endpoint/types'
import { createFetch } from '../store/actions'
import { tesseraHooks, type Manager, type ManagerAPI, type Middleware, type RequestCall, type TesseraHooks } from '../store/Manager'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

/**
 * A mutation made offline, waiting to be sent: plain JSON, so a persister can save it and
 * `restore` it after a reload. The endpoint is found again by `name`; `id` tells copies of one
 * mutation apart from another mutation with the same arguments (two tabs, two reloads).
 */
export interface QueuedMutation {
  readonly id: string
  readonly name: string
  readonly key: string
  readonly args: readonly unknown[]
  readonly fetchedAt: number
}

/**
 * How failed requests are retried, per store (OfflineManager's options) or per endpoint (the
 * same names set on the endpoint win): data-client's and TanStack Query's names.
 */
export interface RetryOptions {
  /**
   * How many times a failed request is tried again (on a network error, a 5xx or a 429; never
   * on another 4xx): default 3 for reads, 0 for mutations (a mutation may not be safe to repeat;
   * an endpoint or store that sets `retry` says it is). `false` is 0.
   */
  readonly retry?: number | false
  /**
   * The wait (ms) before retry `attempt` (1 for the first). Default: exponential from 1 s, capped
   * at 30 s, with full jitter (a random wait up to that), so clients that failed together do not
   * retry together. A `Retry-After` header on the error's `response` wins.
   */
  readonly retryDelay?: (attempt: number, error: unknown) => number
}

/** Options of `new OfflineManager(options)`. */
export interface OfflineOptions extends RetryOptions {
  /**
   * Whether the device thinks it is online (default `navigator.onLine`; true where there is no
   * navigator). Read whenever the manager decides; the browser's 'online' / 'offline' events and
   * network errors count too.
   */
  readonly online?: () => boolean
  /**
   * The endpoints queued mutations may belong to, so `restore` finds each again by its `name`
   * after a reload (an endpoint object cannot be saved).
   */
  readonly endpoints?: Readonly<Record<string, EndpointInterface>> | readonly EndpointInterface[]
}

/** One queued mutation of this session: its record, and how to send it and settle its caller. */
interface Entry {
  readonly item: QueuedMutation
  readonly call: RequestCall
  readonly run: () => Promise<unknown>
  readonly resolve: (value: unknown) => void
  readonly reject: (error: unknown) => void
}

// The OfflineManager of each store, by the ManagerAPI its middleware was given (the store's
// controller), so `usePendingMutations` finds it without the core knowing of it.
const byApi = new WeakMap<object, OfflineManager>()

/** The OfflineManager of the store whose controller (ManagerAPI) this is, if it has one. */
export function offlineManagerOf(api: object): OfflineManager | undefined {
  return byApi.get(api)
}

/**
 * Makes a store work offline and on a bad network. Failed reads are retried with backoff (each
 * retry a fetch action with cause 'retry'); while offline, reads show the cache and wait to be
 * sent, and mutations are queued, shown by their optimistic guesses, and sent once, in order,
 * on reconnect (a refused one rolls back, and its caller's promise rejects). Opt-in, its own
 * entry point: `createStore({ managers: [new OfflineManager({ endpoints })] })`. One store per
 * manager.
 */
export class OfflineManager implements Manager {
  /**
   * Its hooks: it runs every request (retries, holds them while offline, queues mutations), and
   * follows the mounted reads to cancel the retries of a read nobody shows (not to poll).
   */
  readonly [tesseraHooks]: TesseraHooks = {
    polls: false,
    request: (call, run) => (call.read ? this.#attempts(call, run) : this.#mutate(call, run)),
    mount: (_api, endpoint, args) => this.#mount(endpoint, args),
    unmount: (endpoint, args) => this.#unmount(endpoint, args),
  }
  readonly #options: OfflineOptions
  #api: ManagerAPI | undefined
  /** Queued mutations of this session, in the order they are sent. */
  #entries: Entry[] = []
  /** Their records: what `pending()` returns, replaced when the queue changes. */
  #pending: readonly QueuedMutation[] = []
  #listeners = new Set<() => void>()
  /** Reads waiting for the network to come back. */
  #held = new Set<() => void>()
  /** Per key: mounted readers, and reads of it waiting (backoff or offline). */
  #readers = new Map<string, number>()
  #waiting = new Map<string, number>()
  /** The network failed (a network error, the 'offline' event) and has not answered since. */
  #down = false
  /** The page is being left (pagehide): nothing more is sent from it, see getMiddleware. */
  #leaving = false
  #flushing = false
  #closed = false
  #sender: () => boolean = () => true
  /** The timer that checks for the network coming back while something waits, and how many times it has. */
  #watch: ReturnType<typeof setTimeout> | undefined
  #checks = 0
  #timers = new Set<ReturnType<typeof setTimeout>>()
  /** A queued mutation `restore` is sending through the controller, so its `id` is kept. */
  #restoring: QueuedMutation | undefined
  #unlisten: (() => void) | undefined

  constructor(options: OfflineOptions = {}) {
    this.#options = options
  }

  /** The mutations waiting to be sent, in order; the same array until the queue changes. */
  pending(): readonly QueuedMutation[] {
    return this.#pending
  }

  /** Calls `listener` whenever `pending()` changes. @returns the unsubscribe function. */
  subscribePending(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  /**
   * Queues mutations saved before a reload (another session's `pending()`): each shows its
   * optimistic guess again and is sent once when the network allows, with cause 'queued'. Items
   * already queued here (the same `id`) are skipped. An item whose endpoint is not in
   * `options.endpoints` is reported (`console.error`) and dropped; the others are kept. Call it
   * once the manager is in a store (before, there is no controller to send through: it does nothing).
   * Each is re-issued through `controller.fetch` (a fetch action with cause 'queued', a new
   * `fetchedAt`, so its guess shows over data received since), and sent from the queue in order.
   */
  restore(items: readonly QueuedMutation[]): void {
    const api = this.#api
    if (api === undefined) return
    for (const item of items) {
      if (this.#entries.some((entry) => entry.item.id === item.id)) continue
      const endpoint = this.#find(item.name)
      if (endpoint === undefined) {
        if (typeof console !== 'undefined') {
          console.error(
            process.env.NODE_ENV !== 'production'
              ? `OfflineManager.restore: no endpoint named '${item.name}' in options.endpoints, so the queued mutation ${item.key} was dropped. ` +
                  'List every endpoint that may be queued: new OfflineManager({ endpoints: [...] }).'
              : `Tessera E700: ${item.name}`,
          )
        }
        continue
      }
      this.#restoring = item
      try {
        // Through the controller, as the first call went: it adds the optimistic layer, and the
        // `request` hook below queues the call under this item's id.
        api.because('queued', () => api.fetch(endpoint, ...(item.args as unknown[]))).catch(ignore)
      } finally {
        this.#restoring = undefined
      }
    }
  }

  /**
   * Drops queued mutations another tab has sent (by `id`): they are not sent from here. Each
   * one's caller gets an AbortError, and its optimistic guess goes (the other tab's answer, once
   * it arrives, shows in its place).
   */
  forget(ids: readonly string[]): void {
    const gone = this.#entries.filter((entry) => ids.includes(entry.item.id))
    if (gone.length === 0) return
    this.#entries = this.#entries.filter((entry) => !gone.includes(entry))
    this.#publish()
    for (const entry of gone) {
      const error = new Error(
        process.env.NODE_ENV !== 'production' ? `${entry.item.key} was sent by another tab` : `Tessera E701: ${entry.item.key}`,
      )
      error.name = 'AbortError'
      entry.reject(error)
    }
  }

  /** Whether requests are sent now: the device says it is online and the network has not failed since. */
  isOnline(): boolean {
    return !this.#down && !this.#leaving && (this.#options.online ?? deviceOnline)()
  }

  /**
   * Tabs sharing one queue: only the tab for which `isSender()` is true sends it (the others keep
   * theirs waiting). Call again when that changes: the queue is then sent if it may be.
   */
  setSender(isSender: () => boolean): void {
    this.#sender = isSender
    void this.#flush()
  }

  /** A key is on screen (the store's mounted reads), for `#unmount`. */
  #mount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    const key = endpoint.key(...args)
    this.#readers.set(key, (this.#readers.get(key) ?? 0) + 1)
  }

  /** The last reader of a key going away cancels a read of it that is waiting (as `abort` does). */
  #unmount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    const key = endpoint.key(...args)
    const count = (this.#readers.get(key) ?? 1) - 1
    if (count > 0) return void this.#readers.set(key, count)
    this.#readers.delete(key)
    // A microtask later: StrictMode unmounts and remounts every effect once, in one go.
    void Promise.resolve().then(() => {
      if (!this.#readers.has(key) && this.#waiting.has(key)) this.#api?.abort(endpoint, ...(args as unknown[]))
    })
  }

  /** Connects to the store (its controller as `api`) and to the browser's online / offline events. */
  getMiddleware(): Middleware {
    return (api) => {
      this.#api = api
      byApi.set(api, this)
      // The device's network status: the browser's events, or the source React Native's build
      // (NetInfo) or the app set (see setNetworkSource).
      const unlistenNetwork = onNetworkChange((online) => (online ? this.#up() : void (this.#down = true)))
      let unlistenPage = (): void => undefined
      if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
        // A page being left sends nothing more from its queue: what it sent then could reach the
        // server while the saved queue still lists it, and the next page would send it again.
        // Back from the back/forward cache, it may send again.
        const onLeave = () => void (this.#leaving = true)
        const onBack = () => {
          if (!this.#leaving) return
          this.#leaving = false
          this.#up()
        }
        window.addEventListener('beforeunload', onLeave)
        window.addEventListener('pagehide', onLeave)
        window.addEventListener('pageshow', onBack)
        unlistenPage = () => {
          window.removeEventListener('beforeunload', onLeave)
          window.removeEventListener('pagehide', onLeave)
          window.removeEventListener('pageshow', onBack)
        }
      }
      this.#unlisten = () => {
        unlistenNetwork()
        unlistenPage()
      }
      return (next) => next
    }
  }

  /**
   * Stops timers and listeners. Queued mutations stay in `pending()` (their callers' promises
   * were rejected by the store's cleanup): they are still owed to the server, for a persister to keep.
   */
  cleanup(): void {
    this.#closed = true
    this.#unlisten?.()
    clearTimeout(this.#watch)
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
    this.#held.clear()
  }

  /** Runs a request until it succeeds, fails for good, or is aborted; reads wait while offline. */
  async #attempts(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> {
    const endpoint = call.endpoint as EndpointInterface & RetryOptions
    const retry = endpoint.retry ?? this.#options.retry ?? (call.read ? 3 : 0)
    for (let attempt = 0; ; attempt++) {
      if (call.read && !this.isOnline()) {
        await this.#wait(call, (resume) => {
          this.#held.add(resume)
          this.#check(undefined)
        })
      }
      if (attempt) this.#api?.dispatch(createFetch(call.key, call.args, call.fetchedAt, 'retry', attempt))
      try {
        const value = await run()
        this.#up()
        return value
      } catch (error) {
        if (call.signal.aborted) throw error
        const status = (error as { status?: unknown } | undefined)?.status
        // A TypeError is what fetch throws when no answer came (offline, DNS, CORS).
        if (error instanceof TypeError) this.#fail(error)
        else if (typeof status === 'number') this.#up()
        if (attempt >= (retry || 0) || !(error instanceof TypeError || (typeof status === 'number' && (status >= 500 || status === 429)))) throw error
        const ms = retryAfter(error) ?? (endpoint.retryDelay ?? this.#options.retryDelay ?? fullJitter)(attempt + 1, error)
        await this.#wait(call, (resume) => {
          const timer = setTimeout(() => {
            this.#timers.delete(timer)
            resume()
          }, ms)
          this.#timers.add(timer)
          return () => {
            clearTimeout(timer)
            this.#timers.delete(timer)
          }
        })
      }
    }
  }

  /** A mutation: sent now when online and nothing is queued before it; queued otherwise. */
  async #mutate(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> {
    const restored = this.#restoring
    const item: QueuedMutation = restored ?? { id: `${call.fetchedAt}-${Math.random().toString(36).slice(2)}`, name: call.endpoint.name, key: call.key, args: call.args, fetchedAt: call.fetchedAt }
    // Behind the queue while it is being sent: mutations reach the server in the order they were
    // made. Restored ones always queue, so that they too are sent one after the other.
    if (!restored && this.isOnline() && this.#entries.length === 0 && !this.#flushing) {
      try {
        return await this.#attempts(call, run)
      } catch (error) {
        // No answer came: the network is down, so it waits in the queue like one made offline.
        if (!(error instanceof TypeError) || call.signal.aborted) throw error
      }
    }
    return new Promise((resolve, reject) => {
      this.#entries.push({ item, call, run, resolve, reject })
      this.#publish()
      void this.#flush()
    })
  }

  /** Sends the queue, one mutation at a time, in order, while the network allows. */
  async #flush(): Promise<void> {
    if (this.#flushing || this.#closed) return
    this.#flushing = true
    try {
      while (this.#entries.length > 0 && this.isOnline() && this.#sender()) {
        const entry = this.#entries[0]!
        // Aborted only by the store's cleanup: it stays owed, for the next session to send.
        if (entry.call.signal.aborted) return
        // Handed to the network: no longer waiting (a reload from here on does not send it twice).
        this.#entries.shift()
        this.#publish()
        const { key, args, fetchedAt } = entry.call
        // A restored mutation sent at once was just announced, with this cause, by `restore`.
        if (entry.item !== this.#restoring) this.#api?.dispatch(createFetch(key, args, fetchedAt, 'queued'))
        try {
          entry.resolve(await this.#attempts(entry.call, entry.run))
        } catch (error) {
          if (error instanceof TypeError && !entry.call.signal.aborted) {
            // Not sent after all: back at the head, until the network answers again.
            this.#entries.unshift(entry)
            this.#publish()
            return
          }
          // Refused: its caller's promise rejects, and the controller rolls its guess back.
          entry.reject(error)
        }
      }
    } finally {
      this.#flushing = false
      if (this.#entries.length > 0 && !this.isOnline()) this.#check(undefined)
    }
  }

  /**
   * Waits until `start`'s `resume` is called; an abort (or the last reader leaving) rejects at
   * once, and runs what `start` returned (clearing its timer).
   */
  #wait(call: RequestCall, start: (resume: () => void) => (() => void) | void): Promise<void> {
    const { key, signal } = call
    if (signal.aborted) return Promise.reject(signal.reason)
    this.#waiting.set(key, (this.#waiting.get(key) ?? 0) + 1)
    return new Promise<void>((resolve, reject) => {
      let stop: (() => void) | void
      let settled = false
      // Settles once: a timer that fires after an abort (or an abort after the resume) does nothing.
      const done = (): boolean => {
        if (settled) return false
        settled = true
        const count = (this.#waiting.get(key) ?? 1) - 1
        if (count > 0) this.#waiting.set(key, count)
        else this.#waiting.delete(key)
        signal.removeEventListener('abort', onAbort)
        this.#held.delete(resume)
        return true
      }
      const resume = () => void (done() && resolve())
      const onAbort = () => {
        if (!done()) return
        stop?.()
        reject(signal.reason)
      }
      signal.addEventListener('abort', onAbort)
      stop = start(resume)
    })
  }

  /** A request got no answer: the network counts as down until something answers or it comes back. */
  #fail(error: unknown): void {
    this.#down = true
    this.#check(error)
  }

  /** The network answered, or came back: held reads go, and the queue is sent. */
  #up(): void {
    this.#down = false
    this.#checks = 0
    clearTimeout(this.#watch)
    this.#watch = undefined
    for (const resume of [...this.#held]) resume()
    void this.#flush()
  }

  /**
   * While something waits for the network, looks again after a backoff: when the device says it
   * is online, it is tried (a network error sets it down again, and the next look waits longer).
   */
  #check(error: unknown): void {
    if (this.#watch !== undefined || this.#closed) return
    const ms = (this.#options.retryDelay ?? fullJitter)(++this.#checks, error)
    this.#watch = setTimeout(() => {
      this.#watch = undefined
      if (this.#held.size === 0 && this.#entries.length === 0) return
      if ((this.#options.online ?? deviceOnline)()) this.#up()
      else this.#check(error)
    }, ms)
    ;(this.#watch as { unref?: () => void }).unref?.()
  }

  #publish(): void {
    this.#pending = this.#entries.map((entry) => entry.item)
    for (const listener of [...this.#listeners]) listener()
  }

  #find(name: string): EndpointInterface | undefined {
    const endpoints = this.#options.endpoints ?? []
    return Array.isArray(endpoints)
      ? (endpoints as readonly EndpointInterface[]).find((endpoint) => endpoint.name === name)
      : Object.hasOwn(endpoints, name)
        ? (endpoints as Record<string, EndpointInterface>)[name]
        : Object.values(endpoints).find((endpoint) => endpoint.name === name)
  }
}

/** A `Retry-After` header (seconds, or an HTTP date) on a NetworkError's response, in ms. */
function retryAfter(error: unknown): number | undefined {
  const value = (error as { response?: { headers?: { get?: (name: string) => string | null } } } | undefined)?.response?.headers?.get?.('retry-after')
  if (!value) return undefined
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now()
  return Number.isNaN(ms) ? undefined : Math.max(0, ms)
}

function ignore(): void {}

/** The default retry wait: exponential, full jitter (the error is not looked at). */
const fullJitter = (attempt: number): number => backoff(attempt)
