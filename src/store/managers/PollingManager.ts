import type { EndpointInterface } from '../../endpoint/types'
import { SUBSCRIBE, UNSUBSCRIBE } from '../actionTypes'
import { tesseraHooks, type Manager, type ManagerAPI, type Middleware, type TesseraHooks } from '../Manager'
import { origins } from '../origins'

interface Subscription {
  count: number
  timer: ReturnType<typeof setInterval> | undefined
}

/**
 * Refetches subscribed endpoints every `pollFrequency` ms: one timer per key however many
 * components subscribe, stopped when the last one unsubscribes. Opt-in, so apps that never poll
 * do not bundle it: `createStore({ managers: [new PollingManager()] })` or
 * `<DataProvider managers={[new PollingManager()]}>`.
 */
export class PollingManager implements Manager {
  #subscriptions = new Map<string, Subscription>()
  #isPoller: (key: string) => boolean = () => true
  #listeners = new Set<() => void>()

  /**
   * Polls a key only while `isPoller(key)` is true (checked at each tick; timers keep running):
   * with several tabs, `syncTabs` from 'tessera/offline' has one tab poll each endpoint, and the
   * others receive its responses over the channel.
   */
  setPoller(isPoller: (key: string) => boolean): void {
    this.#isPoller = isPoller
  }

  /** The keys this manager polls now (some component reads them), for tabs to share out. */
  keys(): string[] {
    return [...this.#subscriptions.keys()]
  }

  /** Calls `listener` when `keys()` changes. @returns the unsubscribe function. */
  subscribeKeys(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  #changed(): void {
    for (const listener of this.#listeners) listener()
  }

  /** A Tessera manager (its middleware reads Tessera's actions); `polls` quiets the warning that nothing polls. */
  readonly [tesseraHooks]: TesseraHooks = { polls: true }

  /**
   * Follows the subscriptions (`controller.subscribe`: useSubscription, useLive), as data-client
   * polls only what is subscribed to, not every read: the first subscription of a polled argument
   * set starts its timer, the last stops it. A manager before this one in the list may take a
   * subscription over (not pass it on); this one then never sees it.
   */
  middleware: Middleware = (api) => (next) => (action) => {
    next(action)
    const origin = (action.type === SUBSCRIBE || action.type === UNSUBSCRIBE) && origins.get(action)
    if (origin) action.type === SUBSCRIBE ? this.#mount(api, origin.endpoint, origin.args) : this.#unmount(origin.endpoint, origin.args)
  }

  #mount(api: ManagerAPI, endpoint: EndpointInterface, args: readonly unknown[]): void {
    const frequency = endpoint.pollFrequency
    if (!frequency || args[0] === null) return
    const key = endpoint.key(...args)
    const current = this.#subscriptions.get(key)
    if (current !== undefined) {
      current.count++
      return
    }
    const subscription: Subscription = { count: 1, timer: undefined }
    const timer = setInterval(() => {
      // Only the live subscription's timer fetches: one whose clearInterval went to another clock
      // (a test that swapped fake timers for real ones before cleanup) can still fire later.
      if (this.#subscriptions.get(key) !== subscription) return clearInterval(timer)
      if (!this.#isPoller(key)) return
      const poll = () => api.fetch(endpoint, ...args)
      // A stand-in API of a test or an older app may lack `because`: then the cause is unrecorded.
      ;(api.because ? api.because('poll', poll) : poll()).catch(() => {
        // The error is in the cache for readers; a poll has no caller to reject to.
      })
    }, frequency)
    ;(timer as { unref?: () => void }).unref?.()
    subscription.timer = timer
    this.#subscriptions.set(key, subscription)
    this.#changed()
  }

  #unmount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    if (!endpoint.pollFrequency || args[0] === null) return
    const key = endpoint.key(...args)
    const current = this.#subscriptions.get(key)
    if (current === undefined) return
    if (--current.count > 0) return
    clearInterval(current.timer)
    this.#subscriptions.delete(key)
    this.#changed()
  }

  /** Number of keys being polled (for tests and devtools). */
  get size(): number {
    return this.#subscriptions.size
  }

  /** The middleware (data-client's Manager contract). */
  getMiddleware(): Middleware {
    return this.middleware
  }

  cleanup(): void {
    for (const subscription of this.#subscriptions.values()) clearInterval(subscription.timer)
    this.#subscriptions.clear()
  }
}
