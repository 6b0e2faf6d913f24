// The OfflineManager's network status, one small state machine: up, or down since a request got
// no answer (or the device said so), until something answers or the device says it is back. While
// it is down and something waits (a read, the queue), it looks again after a backoff. A page
// being left counts as down for good (until it comes back from the back/forward cache).

import { deviceOnline, onNetworkChange } from '../store/network'
import { fullJitter, type RetryOptions } from './retry'

interface NetworkStatusOptions {
  /** The app's word on whether the device is online (OfflineOptions.online). */
  readonly online: (() => boolean) | undefined
  /** The wait before each look while down (OfflineOptions.retryDelay). */
  readonly retryDelay: RetryOptions['retryDelay']
  /** Whether something besides held reads waits for the network (the queue). */
  readonly waiting: () => boolean
  /** The network answered or came back (after the held reads were resumed). */
  readonly onUp: () => void
}

/** Whether requests are sent now, and the reads held until they are. */
export class NetworkStatus {
  /** The network failed (a network error, the 'offline' event) and has not answered since. */
  #down = false
  /** The page is being left (pagehide): nothing more is sent from it. */
  #leaving = false
  #closed = false
  /** Reads waiting for the network to come back. */
  readonly #held = new Set<() => void>()
  /** The timer that checks for the network coming back while something waits, and how many times it has. */
  #watch: ReturnType<typeof setTimeout> | undefined
  #checks = 0
  readonly #options: NetworkStatusOptions

  constructor(options: NetworkStatusOptions) {
    this.#options = options
  }

  /** Whether requests are sent now: the device says it is online and the network has not failed since. */
  isOnline(): boolean {
    return !this.#down && !this.#leaving && (this.#options.online ?? deviceOnline)()
  }

  /** Holds `resume` until the network is up (and starts looking for it). */
  hold(resume: () => void): void {
    this.#held.add(resume)
    this.check(undefined)
  }

  /** `resume` no longer waits (it was aborted, or resumed). */
  release(resume: () => void): void {
    this.#held.delete(resume)
  }

  /** A request got no answer: the network counts as down until something answers or it comes back. */
  fail(error: unknown): void {
    this.#down = true
    this.check(error)
  }

  /** The network answered, or came back: held reads go, then `onUp`. */
  up(): void {
    this.#down = false
    this.#checks = 0
    clearTimeout(this.#watch)
    this.#watch = undefined
    for (const resume of [...this.#held]) resume()
    this.#options.onUp()
  }

  /**
   * While something waits for the network, looks again after a backoff: when the device says it
   * is online, it is tried (a network error sets it down again, and the next look waits longer).
   */
  check(error: unknown): void {
    if (this.#watch !== undefined || this.#closed) return
    const ms = (this.#options.retryDelay ?? fullJitter)(++this.#checks, error)
    this.#watch = setTimeout(() => {
      this.#watch = undefined
      if (this.#held.size === 0 && !this.#options.waiting()) return
      if ((this.#options.online ?? deviceOnline)()) this.up()
      else this.check(error)
    }, ms)
    ;(this.#watch as { unref?: () => void }).unref?.()
  }

  /**
   * Follows the device's network status (the browser's events, or the source React Native's build
   * (NetInfo) or the app set: see setNetworkSource) and the page being left. @returns what stops it.
   */
  listen(): () => void {
    const unlistenNetwork = onNetworkChange((online) => (online ? this.up() : void (this.#down = true)))
    if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return unlistenNetwork
    // A page being left sends nothing more from its queue: what it sent then could reach the
    // server while the saved queue still lists it, and the next page would send it again.
    // Back from the back/forward cache, it may send again.
    const onLeave = () => void (this.#leaving = true)
    const onBack = () => {
      if (!this.#leaving) return
      this.#leaving = false
      this.up()
    }
    window.addEventListener('beforeunload', onLeave)
    window.addEventListener('pagehide', onLeave)
    window.addEventListener('pageshow', onBack)
    return () => {
      unlistenNetwork()
      window.removeEventListener('beforeunload', onLeave)
      window.removeEventListener('pagehide', onLeave)
      window.removeEventListener('pageshow', onBack)
    }
  }

  /** Stops looking; held reads are let go of (they stay pending until aborted). */
  close(): void {
    this.#closed = true
    clearTimeout(this.#watch)
    this.#held.clear()
  }
}
