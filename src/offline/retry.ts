// Retries: a failed request is tried again with backoff (each retry a fetch action with cause
// 'retry'), reads wait while the network is down, and a wait ends early when the request is
// aborted or the last reader of its key goes away.

import type { EndpointInterface } from '../endpoint/types'
import { createFetch } from '../store/actions'
import type { ManagerAPI, RequestCall } from '../store/Manager'
import { backoff } from '../store/network'
import type { NetworkStatus } from './NetworkStatus'

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

/**
 * A request the OfflineManager holds back, as `offline.waiting()` lists it: a failed request
 * waiting out its backoff before the next attempt, or a read waiting for the network to come
 * back. For a "retrying in 4 s" notice, or the devtools' countdown to the next attempt.
 */
export interface WaitingRequest {
  /** The endpoint key of the request. */
  readonly key: string
  /**
   * `'backoff'`: it failed, and attempt `attempt` is sent at `retryAt`. `'network'`: a read held
   * while offline, sent when the network comes back (no time is known).
   */
  readonly reason: 'backoff' | 'network'
  /** The attempt it waits to make: 1 for the first retry; 0 for a read held before its first try. */
  readonly attempt: number
  /** When the next attempt is sent (the store's clock, `controller.now()`), for `'backoff'`. */
  readonly retryAt?: number
}

/** Runs requests with retries, for one OfflineManager. */
export class Retryer {
  /**
   * The requests waiting now (what `waiting()` returns, and what the last reader leaving cancels),
   * replaced when one starts or ends its wait.
   */
  #waits: readonly WaitingRequest[] = []
  readonly #listeners = new Set<() => void>()
  /** The keys on screen (the store's registry tells their first and last reader). */
  readonly #readers = new Set<string>()
  readonly #timers = new Set<ReturnType<typeof setTimeout>>()
  readonly #network: NetworkStatus
  readonly #options: RetryOptions
  readonly #api: () => ManagerAPI | undefined

  constructor(network: NetworkStatus, options: RetryOptions, api: () => ManagerAPI | undefined) {
    this.#network = network
    this.#options = options
    this.#api = api
  }

  /** Runs a request until it succeeds, fails for good, or is aborted; reads wait while offline. */
  async attempts(call: RequestCall, run: () => Promise<unknown>): Promise<unknown> {
    const endpoint = call.endpoint as EndpointInterface & RetryOptions
    const retry = endpoint.retry ?? this.#options.retry ?? (call.read ? 3 : 0)
    const network = this.#network
    for (let attempt = 0; ; attempt++) {
      if (call.read && !network.isOnline()) await this.#wait(call, { key: call.key, reason: 'network', attempt }, (resume) => network.hold(resume))
      if (attempt) this.#api()?.dispatch(createFetch(call.key, call.args, call.fetchedAt, 'retry', attempt))
      try {
        const value = await run()
        network.up()
        return value
      } catch (error) {
        if (call.signal.aborted) throw error
        const status = (error as { status?: unknown } | undefined)?.status
        // A TypeError is what fetch throws when no answer came (offline, DNS, CORS).
        if (error instanceof TypeError) network.fail(error)
        else if (typeof status === 'number') network.up()
        if (attempt >= (retry || 0) || !(error instanceof TypeError || (typeof status === 'number' && (status >= 500 || status === 429)))) throw error
        const ms = retryAfter(error) ?? (endpoint.retryDelay ?? this.#options.retryDelay ?? fullJitter)(attempt + 1, error)
        const api = this.#api()
        const retryAt = (api ? api.now() : Date.now()) + ms
        await this.#wait(call, { key: call.key, reason: 'backoff', attempt: attempt + 1, retryAt }, (resume) => this.#sleep(ms, resume))
      }
    }
  }

  /** The requests waiting now (backoff or network), in the order they began waiting; the same array until that changes. */
  waiting(): readonly WaitingRequest[] {
    return this.#waits
  }

  /** Calls `listener` whenever `waiting()` changes. @returns what stops it. */
  listen(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => void this.#listeners.delete(listener)
  }

  /** The first reader of a key mounted (the store's registry of mounted reads), for `unmount`. */
  mount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    this.#readers.add(endpoint.key(...args))
  }

  /** The last reader of a key going away cancels a read of it that is waiting (as `abort` does). */
  unmount(endpoint: EndpointInterface, args: readonly unknown[]): void {
    const key = endpoint.key(...args)
    this.#readers.delete(key)
    // A microtask later: StrictMode unmounts and remounts every effect once, in one go.
    void Promise.resolve().then(() => {
      if (!this.#readers.has(key) && this.#waits.some((wait) => wait.key === key)) this.#api()?.abort(endpoint, ...(args as unknown[]))
    })
  }

  /** Stops the backoff timers (their requests stay pending until the store's cleanup aborts them). */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer)
    this.#timers.clear()
  }

  #publish(waits: readonly WaitingRequest[]): void {
    this.#waits = waits
    for (const listener of [...this.#listeners]) listener()
  }

  /** Calls `resume` after `ms`. @returns what cancels it. */
  #sleep(ms: number, resume: () => void): () => void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      resume()
    }, ms)
    this.#timers.add(timer)
    return () => {
      clearTimeout(timer)
      this.#timers.delete(timer)
    }
  }

  /**
   * Waits until `start`'s `resume` is called; an abort (or the last reader leaving) rejects at
   * once, and runs what `start` returned (clearing its timer).
   */
  #wait(call: RequestCall, wait: WaitingRequest, start: (resume: () => void) => (() => void) | void): Promise<void> {
    const { signal } = call
    if (signal.aborted) return Promise.reject(signal.reason)
    this.#publish([...this.#waits, wait])
    return new Promise<void>((resolve, reject) => {
      let stop: (() => void) | void
      let settled = false
      // Settles once: a timer that fires after an abort (or an abort after the resume) does nothing.
      const done = (): boolean => {
        if (settled) return false
        settled = true
        this.#publish(this.#waits.filter((other) => other !== wait))
        signal.removeEventListener('abort', onAbort)
        this.#network.release(resume)
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
}

/** A `Retry-After` header (seconds, or an HTTP date) on a NetworkError's response, in ms. */
function retryAfter(error: unknown): number | undefined {
  const value = (error as { response?: { headers?: { get?: (name: string) => string | null } } } | undefined)?.response?.headers?.get?.('retry-after')
  if (!value) return undefined
  const ms = /^\s*\d+\s*$/.test(value) ? Number(value) * 1000 : Date.parse(value) - Date.now()
  return Number.isNaN(ms) ? undefined : Math.max(0, ms)
}

/** The default retry wait: exponential, full jitter (the error is not looked at). */
export const fullJitter = (attempt: number): number => backoff(attempt)
