// The OfflineManager: retries (retry.ts), the network status (NetworkStatus.ts) and the queue of
// mutations made offline (MutationQueue.ts), behind one manager's hooks and public methods.

import type { EndpointInterface } from '../endpoint/types'
import { tesseraHooks, type Manager, type ManagerAPI, type Middleware, type TesseraHooks } from '../store/Manager'
import { MutationQueue } from './MutationQueue'
import { NetworkStatus } from './NetworkStatus'
import { registerOfflineManager } from './offlineManagerOf'
import { Retryer, type RetryOptions, type WaitingRequest } from './retry'

// Spelled out so that bundlers replace `process.env.NODE_ENV` and drop development-only text;
// unguarded, as immer and React (which every app here loads) read it.
declare const process: { env: { NODE_ENV?: string } }

export type { RetryOptions, WaitingRequest }
export { offlineManagerOf } from './offlineManagerOf'

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
    request: (call, run) => (call.read ? this.#retryer.attempts(call, run) : this.#queue.mutate(call, run)),
    mount: (_api, endpoint, args) => this.#retryer.mount(endpoint, args),
    unmount: (endpoint, args) => this.#retryer.unmount(endpoint, args),
  }
  readonly #options: OfflineOptions
  #api: ManagerAPI | undefined
  readonly #network: NetworkStatus
  readonly #retryer: Retryer
  readonly #queue: MutationQueue
  #unlisten: (() => void) | undefined

  constructor(options: OfflineOptions = {}) {
    this.#options = options
    const api = () => this.#api
    this.#network = new NetworkStatus({
      online: options.online,
      retryDelay: options.retryDelay,
      waiting: () => this.#queue.waiting,
      // Held reads went; the queue follows.
      onUp: () => void this.#queue.send(),
    })
    this.#retryer = new Retryer(this.#network, options, api)
    this.#queue = new MutationQueue(this.#network, this.#retryer, api)
  }

  /** The mutations waiting to be sent, in order; the same array until the queue changes. */
  pending(): readonly QueuedMutation[] {
    return this.#queue.pending()
  }

  /** Calls `listener` whenever `pending()` changes. @returns the unsubscribe function. */
  subscribePending(listener: () => void): () => void {
    return this.#queue.listen(listener)
  }

  /**
   * The requests held back now, in the order they began waiting: each failed request waiting out
   * its backoff, with the attempt it will make and when (`retryAt`, on the store's clock), and
   * each read waiting for the network. Read-only, for a "retrying in 4 s" notice or the devtools'
   * countdown to the next attempt; the same array until it changes. (The mutations queued while
   * offline are `pending()`.)
   */
  waiting(): readonly WaitingRequest[] {
    return this.#retryer.waiting()
  }

  /** Calls `listener` whenever `waiting()` changes. @returns the unsubscribe function. */
  subscribeWaiting(listener: () => void): () => void {
    return this.#retryer.listen(listener)
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
      if (this.#queue.has(item.id)) continue
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
      // Through the controller, as the first call went: it adds the optimistic layer, and the
      // `request` hook queues the call under this item's id.
      this.#queue.restoring(item, () => void api.because('queued', () => api.fetch(endpoint, ...(item.args as unknown[]))).catch(ignore))
    }
  }

  /**
   * Drops queued mutations another tab has sent (by `id`): they are not sent from here. Each
   * one's caller gets an AbortError, and its optimistic guess goes (the other tab's answer, once
   * it arrives, shows in its place).
   */
  forget(ids: readonly string[]): void {
    this.#queue.drop(ids)
  }

  /** Whether requests are sent now: the device says it is online and the network has not failed since. */
  isOnline(): boolean {
    return this.#network.isOnline()
  }

  /**
   * Tabs sharing one queue: only the tab for which `isSender()` is true sends it (the others keep
   * theirs waiting). Call again when that changes: the queue is then sent if it may be.
   */
  setSender(isSender: () => boolean): void {
    this.#queue.setSender(isSender)
  }

  /** Connects to the store (its controller as `api`) and to the device's network status and the page's leaving. */
  getMiddleware(): Middleware {
    return (api) => {
      this.#api = api
      registerOfflineManager(api, this)
      this.#unlisten = this.#network.listen()
      return (next) => next
    }
  }

  /**
   * Stops timers and listeners. Queued mutations stay in `pending()` (their callers' promises
   * were rejected by the store's cleanup): they are still owed to the server, for a persister to keep.
   */
  cleanup(): void {
    this.#queue.close()
    this.#unlisten?.()
    this.#network.close()
    this.#retryer.close()
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

function ignore(): void {}
